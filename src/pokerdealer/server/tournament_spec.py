"""What a tournament is created with: :class:`TournamentSpec`, every field
checked at the edge (a refusal says what is wrong in the reader's language),
and the pure event's settings it makes (:class:`~pokerdealer.table.event.EventSettings`).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pokerdealer.server.protocol import ProtocolError, visible_text
from pokerdealer.server.settings import LANGS, check_bot_kinds
from pokerdealer.table import TableError
from pokerdealer.table.event import EventSettings
from pokerdealer.table.payouts import PAYOUT_PRESETS
from pokerdealer.table.settings import HandForHandBusts, Level
from pokerdealer.table.structures import STRUCTURE_PRESETS, Break, structure

__all__ = ["START_AHEAD_DAYS", "TournamentSpec"]


def _field(name: str, /, **params: Any) -> dict[str, Any]:  # noqa: ANN401
    """A tournament setting's name in words (catalog ``event.settings.field.<name>``)."""
    return {"key": f"event.settings.field.{name}", "params": params}


def _whole(d: Mapping[str, Any], key: str, low: int, high: int, default: int) -> int:
    value = d.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise TableError.said("room.settings.whole_number", field=_field(key), low=low, high=high)
    return value


def _seconds(value: Any, what: dict[str, Any], low: float = 1.0, high: float = 86400.0) -> float:  # noqa: ANN401
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise TableError.said("event.settings.seconds", what=what, low=f"{low:g}", high=f"{high:g}")
    return float(value)


START_AHEAD_DAYS = 60
"""How far ahead a new tournament may be set to start (two months: a league's next night)."""


@dataclass(frozen=True)
class TournamentSpec:
    """What a tournament is created with, checked at the edge (:meth:`from_dict`).

    ``levels``: custom levels, ``[{"small_blind", "big_blind", "ante"?,
    "seconds"}, {"break_seconds": s}, ...]``; else the ``structure`` preset,
    each level ``level_seconds`` long (the preset's minutes if ``None``; its
    breaks scaled alike).

    >>> spec = TournamentSpec.from_dict({"name": "Friday", "level_seconds": 3, "bots": ["caller"]})
    >>> s = spec.event_settings()
    >>> s.levels[0], s.seats, s.payouts
    (Level(small_blind=10, big_blind=20, ante=0, ante_type=<AnteType.BIG_BLIND: 'big_blind'>, hands=None, minutes=0.05), 9, 'standard')
    >>> TournamentSpec.from_dict({"seats": 11})
    Traceback (most recent call last):
    ...
    pokerdealer.table.settings.TableError: seats must be a whole number from 2 to 10
    """

    name: str = "Tournament"
    max_entrants: int = 100
    starting_stack: int = 1500
    buy_in: int = 100
    structure: str = "turbo"
    level_seconds: float | None = None
    levels: tuple[tuple[str, int, int, int, float], ...] = ()
    """Custom: ``("level", small_blind, big_blind, ante, seconds)`` or ``("break", 0, 0, 0, seconds)``."""
    seats: int = 9
    payouts: str | tuple[int, ...] = "standard"
    bots: tuple[str, ...] = ()
    late_registration: int = 0
    re_entries: int = 0
    hand_for_hand_busts: str = "tie"
    """Players out in one hand-for-hand hand at different tables: ``tie`` (TDA) or ``chips``."""
    final_table_seats: int | None = None
    """The final table's seats (``None``: TDA RP-9's size for ``seats``)."""
    start_at: float | None = None
    clock: float = 30.0
    """The action clock (seconds) at its tables."""
    lang: str = "en"
    listed: bool = False
    """Listed in the lobby (``GET /api/tournaments``); else only its link finds it -- as a cash table's default."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, now: float | None = None) -> TournamentSpec:
        """Check every field; raises :class:`TableError` saying what is wrong. With ``now``
        (a new tournament's: a stored one's start is long past) ``start_at`` is at most
        :data:`START_AHEAD_DAYS` days ahead.

        >>> TournamentSpec.from_dict({"start_at": 1e300}, now=0.0)
        Traceback (most recent call last):
        ...
        pokerdealer.table.settings.TableError: start_at must be at most 60 days from now
        """
        if not isinstance(data, Mapping):
            raise TableError.said("event.settings.not_object")
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise TableError.said("event.settings.unknown", names=", ".join(sorted(map(str, unknown))))
        d = dict(data)
        name = d.get("name", cls.name)
        if not isinstance(name, str):
            raise TableError.said("event.settings.name_text")
        try:
            name = visible_text(name, what="tournament_name", limit=40)
        except ProtocolError as error:
            raise TableError.said(error.key, **error.params) from None
        preset = d.get("structure", cls.structure)
        if preset not in STRUCTURE_PRESETS:
            raise TableError.said("event.settings.structure", presets=", ".join(STRUCTURE_PRESETS))
        level_seconds = d.get("level_seconds")
        if level_seconds is not None:
            level_seconds = _seconds(level_seconds, _field("level_seconds"))
        levels = cls._levels(d.get("levels") or ())
        payouts = d.get("payouts", cls.payouts)
        if isinstance(payouts, str):
            if payouts not in PAYOUT_PRESETS:
                raise TableError.said("event.settings.payouts_preset", presets=", ".join(PAYOUT_PRESETS))
        elif isinstance(payouts, (list, tuple)) and all(isinstance(p, int) and not isinstance(p, bool) for p in payouts):
            payouts = tuple(payouts)
        else:
            raise TableError.said("event.settings.payouts")
        bots = d.get("bots", ())
        if not isinstance(bots, (list, tuple)) or not all(isinstance(b, str) for b in bots):
            raise TableError.said("event.settings.bots_list")
        check_bot_kinds(bots)
        start_at = d.get("start_at")
        if start_at is not None and (
            isinstance(start_at, bool) or not isinstance(start_at, (int, float)) or not math.isfinite(start_at)
        ):
            raise TableError.said("event.settings.start_at")
        if start_at is not None and now is not None and start_at > now + START_AHEAD_DAYS * 86400:
            # A start years away holds a lobby's place (and a page's countdown) for nothing.
            raise TableError.said("event.settings.start_at_ahead", days=START_AHEAD_DAYS)
        lang = d.get("lang", cls.lang)
        if lang not in LANGS:
            raise TableError.said("room.settings.lang", langs=", ".join(LANGS))
        listed = d.get("listed", cls.listed)
        if not isinstance(listed, bool):
            raise TableError.said("room.settings.bool", field=_field("listed"))
        hfh_busts = d.get("hand_for_hand_busts", cls.hand_for_hand_busts)
        if hfh_busts not in tuple(HandForHandBusts):
            raise TableError.said("event.settings.hand_for_hand_busts", choices=", ".join(HandForHandBusts))
        max_entrants = _whole(d, "max_entrants", 2, 1000, cls.max_entrants)
        seats = _whole(d, "seats", 2, 10, cls.seats)
        final_seats = d.get("final_table_seats")
        if final_seats is not None:
            final_seats = _whole(d, "final_table_seats", seats, 10, seats)
        if len(bots) > max_entrants:
            raise TableError.said("event.settings.bots_fit", n=len(bots), entrants=max_entrants)
        spec = cls(
            name=name,
            max_entrants=max_entrants,
            starting_stack=_whole(d, "starting_stack", 1, 10**9, cls.starting_stack),
            buy_in=_whole(d, "buy_in", 0, 10**9, cls.buy_in),
            structure=preset,
            level_seconds=level_seconds,
            levels=levels,
            seats=seats,
            payouts=payouts,
            bots=tuple(bots),
            late_registration=_whole(d, "late_registration", 0, 40, cls.late_registration),
            re_entries=_whole(d, "re_entries", 0, 10, cls.re_entries),
            hand_for_hand_busts=str(hfh_busts),
            final_table_seats=final_seats,
            start_at=None if start_at is None else float(start_at),
            clock=_seconds(d.get("clock", cls.clock), _field("clock"), 0.2, 600),
            lang=lang,
            listed=listed,
        )
        spec.event_settings()  # the event's own checks (levels, payouts) fail here
        return spec

    @staticmethod
    def _levels(items: Any) -> tuple[tuple[str, int, int, int, float], ...]:  # noqa: ANN401
        if not isinstance(items, (list, tuple)) or len(items) > 100:
            raise TableError.said("event.settings.levels")
        out = []
        for n, item in enumerate(items, 1):
            if not isinstance(item, Mapping):
                raise TableError.said(
                    "event.settings.level_shape", n=n,
                    level='{"small_blind", "big_blind", "ante", "seconds"}', pause='{"break_seconds"}',
                )
            if "break_seconds" in item:
                out.append(("break", 0, 0, 0, _seconds(item["break_seconds"], _field("break_n", n=n))))
                continue
            blinds = [_whole(item, k, 0 if k != "big_blind" else 1, 10**9, 0 if k == "ante" else -1) for k in ("small_blind", "big_blind", "ante")]
            out.append(("level", *blinds, _seconds(item.get("seconds"), _field("level_n", n=n))))
        return tuple(out)  # type: ignore[arg-type]

    def structure_levels(self) -> tuple[Level | Break, ...]:
        if self.levels:
            return tuple(
                Break(seconds / 60) if kind == "break" else Level(sb, bb, ante, minutes=seconds / 60)
                for kind, sb, bb, ante, seconds in self.levels
            )
        levels = structure(self.structure, timed=True)
        if self.level_seconds is None:
            return levels
        scale = self.level_seconds / (STRUCTURE_PRESETS[self.structure][0] * 60)
        return tuple(
            Break(x.minutes * scale) if isinstance(x, Break)
            else dataclasses.replace(x, minutes=None if x.minutes is None else x.minutes * scale)
            for x in levels
        )

    def event_settings(self) -> EventSettings:
        return EventSettings(
            starting_stack=self.starting_stack,
            levels=self.structure_levels(),
            seats=self.seats,
            buy_in=self.buy_in,
            payouts=self.payouts,
            late_registration=self.late_registration,
            re_entries=self.re_entries,
            hand_for_hand_busts=HandForHandBusts(self.hand_for_hand_busts),
            final_table_seats=self.final_table_seats,
        )

    def to_dict(self) -> dict[str, Any]:
        d = dataclasses.asdict(self)
        d["levels"] = [
            {"break_seconds": s} if kind == "break" else {"small_blind": sb, "big_blind": bb, "ante": a, "seconds": s}
            for kind, sb, bb, a, s in self.levels
        ]
        d["bots"] = list(self.bots)
        if not isinstance(self.payouts, str):
            d["payouts"] = list(self.payouts)
        return d
