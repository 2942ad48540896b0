"""A hand review in the reader's language (:func:`review_lines`, what
``pokerdealer review`` prints) and as JSON (:func:`review_json`, its
``--json`` and the ``/review`` page's data).

JSON, per hand (a contract)::

    {"hand": 7, "site": "fulltilt", "table": "Iowa", "check": "match",
     "players": [{"name", "seat", "stack", "button", "cards"}],
     "streets": [{"street": "flop", "run": 0, "board": ["Kd", "7h", "2c"], "pot": 12,
                  "stacks": {name: stack}, "in_hand": [name, ...],
                  "equity": {name: share}, "equity_method": "exact",
                  "equity_random": [name, ...], "equity_note": "...", "title", "heading",
                  "decisions": [{"player", "stack", "pot", "to_call", "kind", "amount",
                                 "action", "text", "turn", "price", "coach": [...]}]}],
     "showdown": [...], "awards": [...], "finishing_stacks": {name: stack},
     "title": "...", "lines": [[indent, text], ...]}

``equity`` is each player's share of the pot (0 to 1) as the street starts,
``{}`` when no hand still in is known; ``run`` is 1 or 2 for the streets of a
board run twice dealt after the players agreed (each run's streets in turn), 0
otherwise; a line (``turn``, ``coach``,
``showdown``) is the coach's JSON (key, params, text, rule, cite, href) and
its ``body`` (the text without the rule's reference); ``lines`` the whole
review as :func:`review_lines` says it.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from pokerdealer.i18n import join_names, message
from pokerdealer.learn.coach import CoachLine
from pokerdealer.review.hand import Decision, HandReview, Said, StreetReview, amount_text

__all__ = ["equity_note", "json_numbers", "review_json", "review_lines", "said_text", "site_label"]


def site_label(name: object) -> str:
    """The site's name as players know it (``Full Tilt Poker``); ``PHH`` for a PHH file."""
    from pokerdealer.history.sites import SITES

    return next((site.label for site in SITES if site.name == name), "PHH")


def said_text(said: Said, lang: str) -> str:
    """``said`` in ``lang``: a field that is itself ``Said`` is said first, a list of names joined."""
    fields: dict[str, Any] = {}
    for name, value in said.params.items():
        if isinstance(value, Said):
            value = said_text(value, lang)
        elif isinstance(value, list):
            value = join_names([str(v) for v in value], lang)
        fields[name] = value
    return message(lang, said.key, **fields)


def _said_json(said: Said | None, lang: str) -> dict[str, Any] | None:
    if said is None:
        return None
    params = {k: _said_json(v, lang) if isinstance(v, Said) else v for k, v in said.params.items()}
    return {"key": said.key, "params": params, "text": said_text(said, lang)}


def _share(share: float) -> str:
    return f"{share:.1%}"


def equity_note(street: StreetReview, lang: str) -> str:
    """How the street's equities were found, in words: exact or estimated, and
    whose cards were counted as any two."""
    eq = street.equity
    if eq.method == "none":
        return message(lang, "review.equity.none") if len(street.in_hand) > 1 else ""
    if len(street.board) == 5:
        return message(lang, "review.equity.final")
    return message(lang, "review.equity.exact" if eq.method == "exact" else "review.equity.sampled", deals=f"{eq.deals:,}")


def _random_note(street: StreetReview, lang: str) -> str:
    """Whose cards were counted as any two, or nothing."""
    names = street.equity.random
    return message(lang, "review.equity.random", names=join_names(list(names), lang)) if names else ""


def _note_sentence(street: StreetReview, lang: str) -> str:
    """How the equities were found and whose cards count as any two, as sentences (the page's note)."""
    note = equity_note(street, lang)
    if note and street.equity.shares:
        note = message(lang, "review.equity.how", how=note)
    return " ".join(x for x in (note, _random_note(street, lang)) if x)


def _street_name(street: StreetReview, lang: str) -> str:
    """The street's name, and of a board run twice its run (``River, the second run``)."""
    name = message(lang, f"review.streets.{street.street}")
    if street.run:
        return message(lang, "review.streets.of_run", street=name, run=message(lang, f"coach.run_twice.run.{street.run - 1}"))
    return name


def _street_title(street: StreetReview, lang: str) -> str:
    name = _street_name(street, lang)
    pot = amount_text(street.pot)
    if street.board:
        return message(lang, "review.street.board", street=name, board=" ".join(street.board), pot=pot)
    return message(lang, "review.street", street=name, pot=pot)


def _decision_lines(d: Decision, lang: str) -> list[tuple[int, str]]:
    out = [(1, message(lang, "review.decision", name=d.player, stack=amount_text(d.stack), action=said_text(d.action, lang)))]
    out.append((2, d.turn.text(lang)))
    if d.price is not None:
        out.append((2, said_text(d.price, lang)))
    out.extend((2, message(lang, "review.coach", name=d.player, line=line.text(lang))) for line in d.coach)
    return out


def review_lines(review: HandReview, lang: str) -> list[tuple[int, str]]:
    """The review as ``(indent, text)`` lines in ``lang``."""
    meta = review.history.metadata
    number = meta.get("_hand_id", meta.get("hand", ""))
    site = site_label(meta.get("_site"))
    table = meta.get("table")
    out = [(0, message(lang, "review.title", hand=number, site=site) + (
        " · " + message(lang, "review.table", table=table) if table else ""))]
    players = []
    for name, seat, stack in zip(review.players, review.seats, review.starting, strict=True):
        key = "review.player.button" if name == review.button else "review.player"
        players.append(message(lang, key, name=name, seat=seat, stack=amount_text(stack)))
    out.append((0, message(lang, "review.players", players=message(lang, "list.separator").join(players))))
    if review.holes:
        known = [f"{name} {' '.join(cards)}" for name, cards in review.holes.items()]
        out.append((0, message(lang, "review.known", hands=message(lang, "list.separator").join(known))))
    for street in review.streets:
        out.append((0, _street_title(street, lang)))
        if street.equity.shares:
            shares = [f"{name} {_share(share)}" for name, share in street.equity.shares.items()]
            line = message(lang, "review.equity", shares=message(lang, "list.separator").join(shares),
                           how=equity_note(street, lang))
            out.append((1, " ".join(x for x in (line, _random_note(street, lang)) if x)))
        elif note := equity_note(street, lang):
            out.append((1, note))
        for d in street.decisions:
            out.extend(_decision_lines(d, lang))
    if review.showdown or review.awards:
        out.append((0, message(lang, "review.showdown")))
        out.extend((1, line.text(lang)) for line in review.showdown)
        out.extend((1, said_text(award, lang)) for award in review.awards)
    return out


def _line_json(line: CoachLine, lang: str) -> dict[str, object]:
    """The coach's JSON of a line, and its ``body`` (the words without the rule's reference)."""
    return {**line.to_json(lang), "body": line.body(lang)}


def json_numbers(value: Any) -> Any:  # noqa: ANN401 - JSON of any review field
    """``value`` with every Decimal amount (a site's cents) as a JSON number: the
    review's JSON, the CLI's ``--json`` and the room's /api/review say the same.

    >>> json_numbers({"pot": Decimal("2.50"), "stacks": [Decimal("100"), 7]})
    {'pot': 2.5, 'stacks': [100, 7]}
    """
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, dict):
        return {k: json_numbers(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_numbers(v) for v in value]
    return value


def review_json(review: HandReview, lang: str) -> dict[str, Any]:
    """The review as JSON (the module docstring's shape), its words in ``lang``."""
    meta = review.history.metadata
    streets = []
    for s in review.streets:
        streets.append({
            "street": s.street,
            "board": list(s.board),
            "pot": s.pot,
            "stacks": s.stacks,
            "in_hand": list(s.in_hand),
            "equity": dict(s.equity.shares),
            "equity_method": s.equity.method,
            "equity_random": list(s.equity.random),
            "equity_note": _note_sentence(s, lang),
            "title": _street_title(s, lang),
            "heading": message(lang, "review.street", street=_street_name(s, lang), pot=amount_text(s.pot)),
            "run": s.run,
            "decisions": [
                {
                    "player": d.player,
                    "stack": d.stack,
                    "pot": d.pot,
                    "to_call": d.to_call,
                    "kind": d.kind,
                    "amount": d.amount,
                    "action": _said_json(d.action, lang),
                    "text": message(lang, "review.decision", name=d.player, stack=amount_text(d.stack),
                                    action=said_text(d.action, lang)),
                    "turn": _line_json(d.turn, lang),
                    "price": _said_json(d.price, lang),
                    "coach": [_line_json(line, lang) for line in d.coach],
                }
                for d in s.decisions
            ],
        })
    return {
        "hand": meta.get("hand"),
        "hand_id": str(meta.get("_hand_id", meta.get("hand", ""))),
        "site": meta.get("_site", "phh"),
        "table": meta.get("table"),
        "check": review.check,
        "title": (lines := review_lines(review, lang))[0][1],
        "lines": [list(line) for line in lines],
        "players": [
            {"name": name, "seat": seat, "stack": stack, "button": name == review.button,
             "cards": list(review.holes[name]) if name in review.holes else None}
            for name, seat, stack in zip(review.players, review.seats, review.starting, strict=True)
        ],
        "streets": streets,
        "showdown": [_line_json(line, lang) for line in review.showdown],
        "awards": [_said_json(a, lang) for a in review.awards],
        "finishing_stacks": dict(zip(review.players, review.finishing, strict=True)),
    }
