"""The Annual Computer Poker Competition (ACPC) dealer protocol, version 2.0.0.

A dealer (:class:`AcpcDealer`) that plays matches between clients over TCP,
and a client (:func:`run_client`) that connects a pokerdealer bot to any
dealer speaking the protocol. See :mod:`pokerdealer.acpc.protocol` for the
line format.
"""

from __future__ import annotations

from pokerdealer.acpc.client import ClientSummary, run_client
from pokerdealer.acpc.protocol import (
    VERSION,
    AcpcError,
    AcpcGame,
    MatchState,
    acpc_number,
    acpc_values,
    apply_acpc,
    format_matchstate,
    parse_matchstate,
    replay_state,
    to_acpc,
)
from pokerdealer.acpc.server import AcpcDealer, MatchSummary

__all__ = [
    "VERSION",
    "AcpcDealer",
    "AcpcError",
    "AcpcGame",
    "ClientSummary",
    "MatchState",
    "MatchSummary",
    "acpc_number",
    "acpc_values",
    "apply_acpc",
    "format_matchstate",
    "parse_matchstate",
    "replay_state",
    "run_client",
    "to_acpc",
]
