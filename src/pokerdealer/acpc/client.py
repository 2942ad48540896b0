"""An ACPC client: connects a pokerdealer bot to a dealer speaking the protocol.

The client sends ``VERSION:2.0.0``, then reads match states; on each one it
rebuilds the hand (:func:`~pokerdealer.acpc.protocol.replay_state`), and when
its position is to act it asks the bot (``act(view)``) and answers with the
state and the action. The bot's ``new_hand(view)`` hook is called at the
first state of each hand. It stops when the dealer closes the connection.

The chips it reports are counted as the ACPC dealer counts them
(:func:`~pokerdealer.acpc.protocol.acpc_values`): a pot split with an odd
chip gives each winner a fraction of a chip, so the client's total is the
dealer's ``SCORE`` for its seat.
"""

from __future__ import annotations

import socket
from dataclasses import dataclass
from fractions import Fraction

from pokerdealer.acpc.protocol import (
    VERSION,
    AcpcError,
    AcpcGame,
    acpc_values,
    parse_matchstate,
    replay_state,
    to_acpc,
)
from pokerdealer.bots import Bot
from pokerdealer.errors import PokerDealerError
from pokerdealer.rules import Street

__all__ = ["ClientSummary", "run_client"]


@dataclass
class ClientSummary:
    """What the client saw: hands played, actions sent, chips won."""

    hands: int = 0
    actions: int = 0
    chips: Fraction = Fraction(0)
    """Chips won, as the ACPC dealer counts them (split pots shared exactly)."""


def run_client(
    bot: Bot,
    game: AcpcGame,
    *,
    host: str = "127.0.0.1",
    port: int,
    timeout: float = 60.0,
) -> ClientSummary:
    """Play as ``bot`` until the dealer ends the match; returns a summary."""
    summary = ClientSummary()
    try:
        sock = socket.create_connection((host, port), timeout=timeout)
    except OSError as error:
        raise AcpcError(f"cannot connect to {host}:{port}: {error}") from None
    with sock:
        sock.settimeout(timeout)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.sendall(VERSION.encode("ascii") + b"\r\n")
        buffer = b""
        last_hand = -1
        while True:
            try:
                chunk = sock.recv(65536)
            except TimeoutError:
                raise AcpcError("the dealer sent nothing in time") from None
            if not chunk:
                return summary
            buffer += chunk
            *lines, buffer = buffer.split(b"\n")
            for raw in lines:
                line = raw.decode("ascii", "replace").strip()
                if not line or line[0] in "#;":
                    continue
                state = parse_matchstate(line)
                hand = replay_state(game, state)
                if hand.street is Street.SHOWDOWN:
                    hand.auto_showdown()
                me = state.position
                if state.hand_number != last_hand:
                    last_hand = state.hand_number
                    summary.hands += 1
                    hook = getattr(bot, "new_hand", None)
                    if hook is not None:
                        hook(hand.view(me))
                if hand.is_complete:
                    if _settled(state, game):
                        summary.chips += acpc_values(hand)[me]
                    continue
                if hand.actor != me:
                    continue
                action = bot.act(hand.view(me))
                if action.player is None:
                    action = action._replace(player=me)
                try:
                    record = hand.check_action(action)
                except PokerDealerError as error:
                    raise AcpcError(f"the bot chose an illegal action: {error}") from None
                token = to_acpc(game, hand, record)
                sock.sendall(f"{state.text}:{token}\r\n".encode("ascii"))
                summary.actions += 1


def _settled(state, game: AcpcGame) -> bool:  # noqa: ANN001
    """Whether the final state shows what decided the hand: a fold, or every
    remaining player's cards (so the replayed result is the real one)."""
    folds = sum(tokens.count("f") for tokens in state.rounds)
    if folds >= game.players - 1:
        return True
    shown = sum(1 for cards in state.hole_cards if cards)
    return shown >= game.players - folds
