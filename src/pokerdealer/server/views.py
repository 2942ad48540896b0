"""What each reader is sent: built per viewer from the rules' views.

Nothing here sees a hidden card it could leak by mistake: seats are filled
from :meth:`pokerdealer.rules.Hand.view` of the reader (a spectator's view
has every unshown hand as ``None``); of the deck only the positions the
rules made public are revealed, once the hand is over (:mod:`pokerdealer.server.proofs`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from pokerdealer.cards import Card
from pokerdealer.evaluation import evaluate
from pokerdealer.i18n import message
from pokerdealer.rules import Hand
from pokerdealer.server.hand_book import kept
from pokerdealer.server.hand_words import (
    action_said,
    action_words,
    apply_described,
    describe_actions,
    forced_bets_words,
)
from pokerdealer.server.proofs import Source, facts_of, hand_reveal
from pokerdealer.server.seat_names import bot_kinds, bots_said, names_said
from pokerdealer.server.settings import HOME_RULES, LANGS
from pokerdealer.server.waiting import starts_afresh, why_not_dealing
from pokerdealer.server.words import said_text
from pokerdealer.table import HandRecord
from pokerdealer.table.awards import award_stories

if TYPE_CHECKING:
    from pokerdealer.server.reducer import TableState

__all__ = [
    "forced_bets_words",
    "action_said",
    "action_words",
    "describe_actions",
    "hand_frames",
    "public_pots",
    "table_state",
    "legal_payload",
    "showdown_summary",
    "summary",
]


class Reading(Protocol):
    """What a table's public state is built from: its state and what its shell knows
    (:class:`~pokerdealer.server.live.LiveTable`)."""

    id: str
    seq: int
    state: TableState
    by_name: Mapping[str, Any]
    """The members as the shell sees them (``bot``; ``conns``: their readers connected now)."""
    conns: Collection[Any]

    @property
    def table(self) -> Any: ...  # noqa: ANN401
    @property
    def last_actions(self) -> dict[int, dict[str, Any]]: ...
    @property
    def last_summary(self) -> dict[str, Any] | None: ...
    def clock_left(self) -> float | None: ...
    def bank_seconds(self) -> float | None: ...
    def log_words(self) -> list[dict[str, Any]]: ...


def cards(cs: Sequence[Card] | None) -> list[str] | None:
    return None if cs is None else [str(c) for c in cs]


def _probe(record: HandRecord) -> Hand:
    """A fresh copy of the record's hand before any action (same deck, same forced bets)."""
    return Hand(record.hand.config, record.hand.deck, unknown=record.hand.unknown)


def legal_payload(hand: Hand, player: int) -> dict[str, Any]:
    """What the player to act may do, with pot-fraction raise sizes snapped to the legal range."""
    from pokerdealer.bots import pot_raise_to

    legal = hand.legal()
    view = hand.view(player)
    out: dict[str, Any] = {
        "fold": legal.can_fold,
        "check": legal.can_check,
        "call": legal.call,
        "min_raise": legal.min_raise_to,
        "max_raise": legal.max_raise_to,
        "bet": hand.raise_is_bet,  # nobody has bet this street: the button says "Bet 4", not "Raise to 4"
        "presets": [],
    }
    if legal.min_raise_to is not None and legal.max_raise_to is not None:
        lo, hi = legal.min_raise_to, legal.max_raise_to
        seen = set()
        for name, frac in (("half", 0.5), ("three_quarters", 0.75), ("pot", 1.0)):
            to = min(max(pot_raise_to(view, frac), lo), hi)
            if to not in seen:
                seen.add(to)
                key = f"room.preset.{name}"
                out["presets"].append({"label": message("en", key), "key": key, "to": to})
    return out


def showdown_summary(
    record: HandRecord, fair: dict[str, Any] | None, *, bots: Mapping[str, str] | None = None
) -> dict[str, Any]:
    """The end of a hand for everyone: shows in the rules' order, best fives,
    the shown hands' names (``category``, ``hand_name``), pots with winners,
    the evaluator's explanation in every language and, where a card decided,
    the winners' deciding cards and the step in words (``decides``);
    ``fair`` is the deck proof's public reveal; ``bots``: each bot's kind by its name,
    for each language's explanation to name the bots in it (``LooseBot`` to an English
    reader where the log says 爱玩机器人)."""
    hand = record.hand
    result = hand.result
    assert result is not None
    names = hand.config.players
    variant = hand.config.variant
    board = hand.board
    shown = hand.shown
    order = []
    for i in result.showdown_order:
        entry: dict[str, Any] = {"seat": record.seats[i], "name": names[i]}
        if i in shown and i in hand.unknown:
            # An uploaded file's unknown hand: in the showdown, its cards not known.
            entry.update(cards=None, mucked=False, unknown=True)
        elif i in shown:
            value = evaluate(hand.hole_cards[i] + board, variant) if len(board) >= 3 else None
            entry["cards"] = cards(hand.hole_cards[i])
            entry["best_five"] = cards(value.best_five) if value else None
            entry["describe"] = {lang: value.describe(lang) for lang in LANGS} if value else None
            # The hand's name alone, for the felt's "+120 · straight" at a winner's seat.
            entry["category"] = value.category.value if value else None
            entry["hand_name"] = {lang: message(lang, f"category.{value.category.value}") for lang in LANGS} if value else None
        else:
            entry["cards"] = None
            entry["mucked"] = True
        order.append(entry)
    awards = []
    bots = bots or {}

    def names_in(lang: str) -> tuple[str, ...]:
        said = names_said(names, bots, lang=lang)  # never two players said alike
        return tuple(said[name] for name in names)

    told = {lang: award_stories(hand, names=names_in(lang)) for lang in LANGS}
    stories = told["en"]
    # A hand run twice awards each pot once a run, the first run's pots first: the k-th of each run is pot k.
    pots = sum(1 for award in result.awards if award.run == 0)
    for k, award in enumerate(result.awards):
        pot = k - pots * award.run
        label = "pot" if pots == 1 else ("main" if pot == 0 else f"side {pot}")
        item: dict[str, Any] = {
            "label": label,
            "run": award.run,
            "amount": award.amount,
            "winners": [
                {"seat": record.seats[w], "name": names[w], "chips": chips}
                for w, chips in award.shares.items()
            ],
            "explain": None,
        }
        story = stories[k]
        # Why it went there: folded, the others mucked, or the shown hands compared.
        item["how"] = story.how
        item["explain"] = {lang: told[lang][k].text(lang) for lang in LANGS}
        item["uncontested"] = story.how == "folded"
        # What decided it, for the felt: the winners' deciding cards marked, the step in words.
        deciding = story.deciding_cards()
        item["decides"] = {
            "cards": [str(card) for player in sorted(deciding) for card in deciding[player]],
            "words": {lang: story.deciding_words(lang) for lang in LANGS},
        } if deciding else None
        awards.append(item)
    return {
        "number": record.number,
        "board": cards(board),
        # Every board of the hand: one, or two when it was run twice (server/run_it_twice.py).
        "boards": [cards(b) for b in hand.boards],
        "order": order,
        "awards": awards,
        "payoffs": [
            {"seat": record.seats[i], "name": names[i], "net": net}
            for i, net in enumerate(result.payoffs)
        ],
        "fair": fair,
    }


def summary(src: Source, number: int) -> dict[str, Any] | None:
    """The end of finished hand ``number`` for everyone (None: not kept)."""
    book = src.book
    if number in book.summaries:
        return book.summaries[number]
    record = kept(src.state, number)
    if record is None:
        return None
    out = showdown_summary(record, hand_reveal(src, record), bots=bot_kinds(src.state.members))
    book.summaries[number] = out
    return out


def public_pots(hand: Hand, seats: Sequence[int]) -> list[dict[str, Any]]:
    """The pots as the felt shows them: amount, the seats that can win it, and its
    ``label`` (``pot``, ``main``, ``side N``; ``unmatched`` for the part of an open
    bet nobody has matched yet, with its bettor's ``name``: no side pot,
    docs/rules.md#uncalled-bets)."""
    pots = hand.pots
    unmatched = hand.unmatched
    real = pots[:-1] if unmatched is not None else pots
    out: list[dict[str, Any]] = [
        {
            "amount": pot.amount,
            "seats": [seats[i] for i in pot.eligible],
            "label": "pot" if len(real) == 1 else ("main" if k == 0 else f"side {k}"),
        }
        for k, pot in enumerate(real)
    ]
    if unmatched is not None:
        (bettor,) = unmatched.eligible
        out.append({
            "amount": unmatched.amount, "seats": [seats[bettor]], "label": "unmatched",
            "name": hand.config.players[bettor],
        })
    return out


def hand_frames(record: HandRecord) -> list[dict[str, Any]]:
    """Step-by-step public states of a finished hand (hole cards only once shown):
    one per action, one per street of a run-out dealt after everyone is all-in, and
    one per pot awarded at the end."""
    probe = _probe(record)
    seats = record.seats
    names = record.hand.config.players

    def frame(said: dict[str, Any], *, board: int | None = None) -> dict[str, Any]:
        shown = probe.shown
        return {
            "street": probe.street.value,
            "board": cards(probe.board[:board] if board is not None else probe.board),
            # A hand run twice: the second board, once the run-out is told (server/run_it_twice.py).
            "board2": cards(probe.boards[1]) if board is None and len(probe.boards) > 1 else None,
            "seats": [
                {
                    "seat": seats[i],
                    "name": names[i],
                    "stack": probe.stacks[i],
                    "bet": probe.committed[i],
                    "folded": probe.folded[i],
                    "cards": cards(shown[i]) if i in shown and i not in probe.unknown else None,
                }
                for i in range(len(seats))
            ],
            "pots": public_pots(probe, seats),
            "actor": seats[probe.actor] if probe.actor is not None else None,
            "text": said_text("en", said["key"], said["params"]),
            "said": said,
        }

    frames = [frame({"key": "room.log.dealt", "params": {}})]
    for action in record.hand.log:
        before = len(probe.board)
        _, words = apply_described(record, probe, action)
        line = {"key": "room.log.line", "params": {"name": names[action.player], "action": words["said"]}}
        after = len(probe.board)
        if after - before > 1 or (after > before and probe.is_complete):
            # A run-out: the action, then each street as it was dealt.
            frames.append(frame(line, board=before))
            for size, street in ((3, "flop"), (4, "turn"), (5, "river")):
                if before < size <= after:
                    dealt = {"key": "room.hands.dealt", "params": {
                        "street": {"key": f"room.street.{street}", "params": {}},
                        "cards": " ".join(cards(probe.board[before:size]) or []),
                    }}
                    frames.append(frame(dealt, board=size))
                    before = size
        else:
            frames.append(frame(line))
    result = probe.result
    if result is not None:
        # The award, pot by pot, named in words ("main pot 600 to Ann").
        for k, award in enumerate(result.awards):
            label = "room.pot.single" if len(result.awards) == 1 else (
                "room.pot.main" if k == 0 else "room.pot.side"
            )
            said = {"key": "room.hands.award", "params": {
                "label": {"key": label, "params": {"n": k}},
                "amount": award.amount,
                "names": [names[w] for w in award.winners],  # joined in the language's way (Ann、Bob)
            }}
            frames.append(frame(said))
    return frames


def _keep_busted_seats(lt: Reading, seat_rows: list[dict[str, Any] | None]) -> None:
    """Between hands, a player the last hand busted keeps their seat on the page (the
    table has unseated them) until the next deal, so the showdown shows where they sat."""
    last = lt.last_summary
    if last is None:
        return
    seated = {row["name"] for row in seat_rows if row is not None}  # re-entered (a tournament): seated anew
    busted = {name for number, name in lt.table.busted if number == last["number"]} - seated
    for entry in last["payoffs"]:
        seat = entry["seat"]
        if entry["name"] in busted and seat_rows[seat - 1] is None:
            seat_rows[seat - 1] = {
                "seat": seat, "name": entry["name"], "stack": 0, "status": "busted",
                "bot": bool((m := lt.by_name.get(entry["name"])) and m.bot),  # a bot waits for the deal to buy in again
                "connected": True, "in_hand": False, "bet": 0, "folded": False, "cards": None,
                "hidden": False, "last": None, "busted": True,
            }


def _straddler_seat(record: HandRecord) -> int | None:
    """The seat of the player who straddled in the hand (None: nobody)."""
    config = record.hand.config
    return record.seats[config.straddle_players[0]] if config.straddles else None


def table_state(lt: Reading, players: Sequence[Any] | None = None) -> dict[str, Any]:
    """The public part of the table (what a spectator sees)."""
    ts = lt.state
    table = ts.table
    if players is None:
        players = table.players
    record = table.current
    settings = ts.settings
    members = ts.members
    seat_views = ts.features.seat_views
    seat_rows: list[dict[str, Any] | None] = [None] * settings.seats
    hand = record.hand if record is not None else None
    last = lt.last_actions
    for p in players:
        m = lt.by_name.get(p.name)
        row: dict[str, Any] = {
            "seat": p.seat,
            "name": p.name,
            "stack": p.stack,
            "status": p.status.value,
            "bot": bool(m and m.bot),
            "connected": bool(m and (m.bot or m.conns > 0)),
            "in_hand": False,
            "bet": 0,
            "folded": False,
            "cards": None,
            "hidden": False,
            "last": None,
        }
        if seat_views:
            info = members.named(p.name)
            for seat_view in seat_views:  # each feature's part of a seat (straddle, time bank)
                row.update(seat_view(ts, info))
        said = last.get(p.seat)
        if said is not None:
            row["last"], row["last_said"] = said["text"], said["said"]
        if hand is not None and record is not None:
            i = record.index_of(p.seat)
            if i is not None:
                row["in_hand"] = True
                row["stack"] = hand.stacks[i]
                row["bet"] = hand.committed[i]
                row["folded"] = hand.folded[i]
                shown = hand.shown
                if i in shown:
                    row["cards"] = cards(shown[i])
                elif not hand.folded[i]:
                    row["hidden"] = True
        seat_rows[p.seat - 1] = row
    if record is None:
        _keep_busted_seats(lt, seat_rows)
    state: dict[str, Any] = {
        "type": "state",
        "seq": lt.seq,
        "table": {
            "id": lt.id,
            "name": settings.name,
            "structure": settings.structure,
            "blinds": [settings.small_blind, settings.big_blind],
            "seats": settings.seats,
            "clock": settings.clock,
            "lang": settings.lang,
            "min_buy_in": table.settings.min_buy_in,
            "max_buy_in": table.settings.max_buy_in,
            "ante": settings.ante,
            "ante_type": settings.ante_type,
            "time_bank": settings.time_bank,
            "approve_players": settings.approve_players,
            "straddle": settings.straddle,
            **{k: getattr(settings, k) for k in HOME_RULES},
            # The order of hands the table plays by (the page's hand-ranking chart).
            "variant": table.settings.variant,
            "trips_beat_straight": table.settings.options.short_deck_trips_beat_straight,
        },
    }
    for public in ts.features.public_views:  # each feature's part of the table (the host's decisions)
        state.update(public(ts))
    state |= {
        "seats": seat_rows,
        "hand": None,
        "last_hand": lt.last_summary,
        "spectators": sum(1 for c in lt.conns if c.member is None),
        # Each bot the room named, by its name: its kind and number, said in each reader's language
        # (the page's room.bot.name.<kind>); the name itself stays the one in the log.
        "bots": bots_said(bot_kinds(members)),
        # Why no hand is dealt (None while one can be): the page says it, not "next hand soon".
        "waiting": why_not_dealing(ts) if record is None else None,
        # The next hand deals in everyone ready: a seat "waiting for the big blind" does not wait.
        "starts_afresh": record is None and starts_afresh(ts),
    }
    if record is not None and hand is not None:
        pos = record.positions
        actor = hand.actor
        facts = facts_of(ts, record.number)
        state["hand"] = {
            "number": record.number,
            "street": hand.street.value,
            "board": cards(hand.board),
            "boards": [cards(b) for b in hand.boards],
            "pots": public_pots(hand, record.seats),
            "button": pos.button,
            "small_blind": getattr(pos, "small_blind", None),
            "big_blind": getattr(pos, "big_blind", None),
            "straddle": _straddler_seat(record),
            "actor": record.seats[actor] if actor is not None else None,
            "actions": len(hand.log),
            "clock_left": lt.clock_left(),
            # Seconds of time bank added to this turn: the page's time bank bar (None: not in use).
            "bank_seconds": lt.bank_seconds(),
            "commitment": facts.commitment if facts is not None else None,
            "log": lt.log_words(),
        }
    return state
