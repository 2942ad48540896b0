"""PokerStars-style text hand histories: the format trackers and replayers read
(PokerTracker, Hold'em Manager, Hand2Note, FPDB, PokerKit's ``PokerStarsParser``).

:func:`hand_to_pokerstars` writes one finished engine hand;
:func:`history_to_pokerstars` one PHH hand (replayed through the rules first);
:func:`session_to_pokerstars` many hands, separated by two blank lines as in
PokerStars' own files. Amounts are chips, written without a currency symbol
unless one is given. Raises are written the PokerStars way, ``raises BY to TO``.

Whose hole cards are written: ``hero="Name"`` -- that player's only (a player's
own history, as PokerStars writes it); ``reveal_all=True`` -- everyone's (a
full-information history, e.g. of a simulation); neither -- nobody's (an
observer's history: only the cards shown down appear).

>>> from pokerdealer.cards import parse_cards
>>> from pokerdealer.rules import Hand, HandConfig, deck_for_deal
>>> config = HandConfig(stacks=(100, 100, 100), blinds=(1, 2), players=("Ann", "Bob", "Cy"))
>>> hand = Hand(config, deck_for_deal(config, [parse_cards("Ah Kd"), parse_cards("7c 2d"), None]))
>>> _ = hand.raise_to(6); _ = hand.fold(); _ = hand.fold()
>>> print(hand_to_pokerstars(hand, hand_id=7, hero="Ann", when=_EPOCH))
PokerStars Hand #7:  Hold'em No Limit (1/2) - 2000/01/01 0:00:00 UTC [1999/12/31 19:00:00 ET]
Table 'pokerdealer' 3-max Seat #3 is the button
Seat 1: Ann (100 in chips)
Seat 2: Bob (100 in chips)
Seat 3: Cy (100 in chips)
Ann: posts small blind 1
Bob: posts big blind 2
*** HOLE CARDS ***
Dealt to Ann [Ah Kd]
Cy: raises 4 to 6
Ann: folds
Bob: folds
Uncalled bet (4) returned to Cy
Cy collected 5 from pot
Cy: doesn't show hand
*** SUMMARY ***
Total pot 5 | Rake 0
Seat 1: Ann (small blind) folded before Flop
Seat 2: Bob (big blind) folded before Flop
Seat 3: Cy (button) collected (5)
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from zoneinfo import ZoneInfo

from pokerdealer.cards import Card
from pokerdealer.errors import PokerDealerError
from pokerdealer.evaluation import Category, HandValue, evaluate
from pokerdealer.rules import AnteType, BBAPriority, Hand, Structure
from pokerdealer.rules.seven_deuce import seven_deuce as seven_deuce_settlement
from pokerdealer.table.tournament import antes_paid

__all__ = [
    "hand_to_pokerstars",
    "history_to_pokerstars",
    "histories_to_pokerstars",
    "poker_stars_hand_description",
    "safe_names",
    "session_to_pokerstars",
]

_EPOCH = datetime.datetime(2000, 1, 1, tzinfo=datetime.UTC)
_ET = ZoneInfo("America/New_York")
_ZONES = {"ET": "America/New_York"}
"""Time zones PokerStars writes that are not tz database names."""
CURRENCIES = {"": "", "USD": "$", "EUR": "\u20ac", "GBP": "\u00a3"}
"""Currency codes written in headers and their symbols ("" is play money)."""

_GAMES = {
    Structure.NO_LIMIT: "No Limit",
    Structure.POT_LIMIT: "Pot Limit",
    Structure.FIXED_LIMIT: "Limit",
}
_STREET_NAMES = ("FLOP", "TURN", "RIVER")
_STREET_WORDS = ("before Flop", "on the Flop", "on the Turn", "on the River")
_RANK_NAMES = (
    "Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
    "Jack", "Queen", "King", "Ace",
)
_PLURALS = ("Deuces", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines",
            "Tens", "Jacks", "Queens", "Kings", "Aces")
_ROMAN = ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
          (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))


def _roman(number: int) -> str:
    out = []
    for value, letters in _ROMAN:
        while number >= value:
            out.append(letters)
            number -= value
    return "".join(out)


def poker_stars_hand_description(value: HandValue) -> str:
    """A hand named as PokerStars names it.

    >>> poker_stars_hand_description(evaluate("5h 5c Tc Td 5d 2c 3s"))
    'a full house, Fives full of Tens'
    >>> poker_stars_hand_description(evaluate("Ah 2d 3c 4s 5h Kd Qc"))
    'a straight, Ace to Five'
    """
    made = value.made or value.best_five
    best = value.best_five
    top = _RANK_NAMES[best[0].rank]
    category = value.category
    if category is Category.HIGH_CARD:
        return f"high card {top}"
    if category is Category.ONE_PAIR:
        return f"a pair of {_PLURALS[made[0].rank]}"
    if category is Category.TWO_PAIR:
        return f"two pair, {_PLURALS[made[0].rank]} and {_PLURALS[made[2].rank]}"
    if category is Category.THREE_OF_A_KIND:
        return f"three of a kind, {_PLURALS[made[0].rank]}"
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        low = _RANK_NAMES[best[-1].rank]
        word = "a straight" if category is Category.STRAIGHT else "a straight flush"
        return f"{word}, {low} to {top}"
    if category is Category.FLUSH:
        return f"a flush, {top} high"
    if category is Category.FULL_HOUSE:
        return f"a full house, {_PLURALS[made[0].rank]} full of {_PLURALS[made[3].rank]}"
    if category is Category.FOUR_OF_A_KIND:
        return f"four of a kind, {_PLURALS[made[0].rank]}"
    return "a Royal Flush"


def _shown_after_description(cards: Sequence[Card], board: Sequence[Card], variant: str) -> str:
    """`` (a pair of Sevens)`` for two cards shown after the hand (with the board when
    it has a flop, as PokerStars names the hand); nothing for one card."""
    if len(cards) < 2:
        return ""
    if len(board) >= 3:
        return f" ({poker_stars_hand_description(evaluate(tuple(cards) + tuple(board), variant))})"  # type: ignore[arg-type]
    high, low = sorted(cards, key=lambda c: c.rank, reverse=True)
    return f" (a pair of {_PLURALS[high.rank]})" if high.rank == low.rank else f" (high card {_RANK_NAMES[high.rank]})"


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def hand_to_pokerstars(
    hand: Hand,
    *,
    hand_id: int = 1,
    names: Sequence[str] | None = None,
    seats: Sequence[int] | None = None,
    hero: str | None = None,
    reveal_all: bool = False,
    table: str | None = None,
    max_seats: int | None = None,
    when: datetime.datetime | None = None,
    currency: str = "",
    scale: int = 1,
    tournament: int | None = None,
    buy_in: str | None = None,
    level: int | None = None,
    rake: Mapping[int, int] | None = None,
    seven_deuce: int = 0,
) -> str:
    """One finished hand as PokerStars text.

    :param names: the players' names by engine index (default: the config's).
    :param seats: their seat numbers (default 1..N in engine order).
    :param hero: the player whose history this is: only their hole cards are
        written (``Dealt to``), as in a real PokerStars file. ``None`` (default):
        no hero, no ``Dealt to`` line at all -- an observer's history, where the
        only hole cards written are those shown down.
    :param reveal_all: write every player's hole cards (``Dealt to`` each of
        them, in deal order): a full-information history, e.g. of a simulation.
        Not together with ``hero``.
    :param when: when the hand started (default: now); a naive time is UTC.
        Written as PokerStars does, UTC then Eastern Time in brackets.
    :param currency: ``""`` play money (default), or ``USD``, ``EUR``, ``GBP``
        (``$`` is taken as USD): amounts get the symbol, the header the code.
    :param scale: chips per currency unit: with ``100`` the chips are cents and
        amounts are written ``0.25``, ``1``, ``36.51``.
    :param table: the table's name (default ``pokerdealer``; in a tournament
        ``"<tournament> 1"``, as PokerStars names its tables ``"797469411 3"``).
    :param tournament: a tournament number: the header becomes a tournament
        header with `` - Level N``, ``level`` (from 1, the default) as a Roman
        numeral, as PokerStars writes it; amounts are chips.
    :param buy_in: the tournament's buy-in and fee in ``currency`` units,
        ``"1.84+0.16"`` (default: a freeroll).
    :param rake: the chips each winner (by engine index) paid of the house's
        rake: he "collected" his share less that, and the summary says
        ``Rake`` the total (a raked PokerStars hand read back, its ``_rake``).
    :param seven_deuce: the table plays the 7-2 game with this bounty
        (:mod:`pokerdealer.rules.seven_deuce`): the summary ends with a line
        ``7-2 bounty (10): Bob pays 10 to Ann`` for each payment, or
        ``7-2 bounty (10): nobody pays`` (our own line: PokerStars has no such game).
    """
    result = hand.result
    if result is None:
        raise PokerDealerError("only a finished hand can be written as a PokerStars history")
    config = hand.config
    n = config.player_count
    names = list(names) if names is not None else list(config.players)
    seats = list(seats) if seats is not None else list(range(1, n + 1))
    if len(names) != n or len(seats) != n:
        raise PokerDealerError(f"{len(names)} names and {len(seats)} seats for {n} players")
    if hero is not None and hero not in names:
        raise PokerDealerError(f"hero {hero!r} is not one of the players: {', '.join(names)}")
    if hero is not None and reveal_all:
        raise PokerDealerError("give a hero (only their cards are written) or reveal_all (everyone's), not both")
    if hero is not None:
        hero = safe_names(names)[names.index(hero)]
    names = safe_names(names)
    code = "USD" if currency == "$" else currency.upper()
    if code not in CURRENCIES:
        raise PokerDealerError(f"unknown currency {currency!r}: expected one of USD, EUR, GBP, or none (play money)")
    if scale < 1:
        raise PokerDealerError(f"scale must be a whole number of chips per currency unit >= 1, got {scale}")
    money = "" if tournament is not None else CURRENCIES[code]

    def amt(x: int) -> str:
        return money + _amount(x, scale if tournament is None else 1)

    small, big = config.blinds
    game = ("6+ Hold'em " if config.variant == "shortdeck" else "Hold'em ") + _GAMES[config.structure]
    if config.structure is Structure.FIXED_LIMIT:
        # Limit games are named by their bets, not their blinds (PokerStars: "Limit ($0.10/$0.20)").
        stakes = f"{amt(config.small_bet)}/{amt(config.big_bet)}"
    else:
        stakes = f"{amt(small)}/{amt(big)}"
    date = _date(when)
    lines: list[str] = []
    if tournament is not None:
        lv = f" - Level {_roman(level or 1)}"  # PokerStars always names the level
        fee = _buy_in(buy_in, CURRENCIES[code], code)
        lines.append(f"PokerStars Hand #{hand_id}: Tournament #{tournament}, {fee} {game}{lv} ({stakes}) - {date}")
    else:
        code_text = f" {code}" if code else ""
        lines.append(f"PokerStars Hand #{hand_id}:  {game} ({stakes}{code_text}) - {date}")
    if table is None:
        table = "pokerdealer" if tournament is None else f"{tournament} 1"
    b = config.button
    lines.append(f"Table '{table}' {max_seats or max(n, max(seats))}-max Seat #{seats[b]} is the button")
    order = sorted(range(n), key=lambda i: seats[i])
    starting = hand.starting_stacks
    for i in order:
        lines.append(f"Seat {seats[i]}: {names[i]} ({amt(starting[i])} in chips)")

    # Forced bets in the engine's order (antes, blinds, straddles, posts of
    # players coming in), each capped by what is left of the stack; the ante
    # each paid is the tournament layer's reckoning (big-blind-ante priority).
    probe = Hand(config, hand.deck, unknown=hand.unknown)
    paid_ante = antes_paid(config)
    left = [s - a for s, a in zip(starting, paid_ante)]
    bb = config.big_blind_player
    if config.ante_type is AnteType.BIG_BLIND and config.options.bba_priority is BBAPriority.BIG_BLIND_FIRST:
        left[bb] += paid_ante[bb]  # the blind is taken before the ante
    remaining = [s - a for s, a in zip(starting, paid_ante)]

    def take(i: int, chips: int) -> tuple[int, str]:
        chips = min(chips, left[i], remaining[i])
        left[i] -= chips
        remaining[i] -= chips
        return chips, " and is all-in" if remaining[i] == 0 else ""

    for i in ((b + 1 + k) % n for k in range(n)):
        if paid_ante[i]:
            all_in = " and is all-in" if paid_ante[i] == starting[i] else ""
            lines.append(f"{names[i]}: posts the ante {amt(paid_ante[i])}{all_in}")
    sb = config.small_blind_player
    if sb is not None and small and not config.button_blind and not config.bomb_pot:
        chips, tail = take(sb, small)
        if chips:
            lines.append(f"{names[sb]}: posts small blind {amt(chips)}{tail}")
    # A bomb pot posts the antes alone (rules.bomb_pot): no blind line.
    chips, tail = take(bb, big) if not config.bomb_pot else (0, "")
    # A player the ante left with no chips posts nothing (no "posts big blind
    # 0"): the ante line already said "and is all-in", and a reader finds the
    # big blind by seat, left of the small blind.
    if chips:
        lines.append(f"{names[bb]}: posts big blind {amt(chips)}{tail}")
    for i, straddle in zip(config.straddle_players, config.straddles):
        chips, tail = take(i, straddle)
        if chips:
            lines.append(f"{names[i]}: posts straddle {amt(chips)}{tail}")
    for post in config.posts:
        # A player coming in (new, or back with missed blinds): the big blind
        # live, a missed small blind dead, one line as PokerStars writes it.
        i = post.player
        live, _ = take(i, post.live)
        dead, tail = take(i, post.dead)
        if not live + dead:
            continue  # nothing left to post: no line of 0
        if post.live and post.dead:
            lines.append(f"{names[i]}: posts small & big blinds {amt(live + dead)}{tail}")
        elif post.live:
            lines.append(f"{names[i]}: posts big blind {amt(live)}{tail}")
        else:
            lines.append(f"{names[i]}: posts small blind {amt(dead)}{tail}")

    lines.append("*** HOLE CARDS ***")
    holes = hand.hole_cards
    # A hand history's unknown hands (``????``) hold stand-in cards: never written as theirs.
    unknown = set(hand.unknown)
    for i in ((b + 1 + k) % n for k in range(n)):
        if (reveal_all or names[i] == hero) and i not in unknown:
            lines.append(f"Dealt to {names[i]} [{_cards(holes[i])}]")

    folded_on: dict[int, int] = {}
    dealt = 0
    twice = hand.runs == 2
    # A board run twice: the streets dealt twice are written FIRST ... then SECOND ...
    shared = next(k for k in range(5) if hand.boards[0][k] != hand.boards[1][k]) if twice else 5

    def deal_streets() -> None:
        nonlocal dealt
        board = probe.board
        runs = ((board, ""),) if len(probe.boards) == 1 else ((board, "FIRST "), (probe.boards[1], "SECOND "))
        for board, run in runs:
            for k, size in enumerate((3, 4, 5)):
                if (dealt < size or (run == "SECOND " and size > shared)) and size <= len(board):
                    shown = f"[{_cards(board[:3])}]" if size == 3 else f"[{_cards(board[: size - 1])}] [{board[size - 1]}]"
                    lines.append(f"*** {run if size > shared else ''}{_STREET_NAMES[k]} *** {shown}")
                    dealt = max(dealt, size)

    showdown_started = False
    uncalled_written = False

    def write_uncalled() -> None:
        nonlocal uncalled_written
        if not uncalled_written:
            for p, chips in result.uncalled.items():
                lines.append(f"Uncalled bet ({amt(chips)}) returned to {names[p]}")
            uncalled_written = True

    deal_streets()  # a bomb pot's flop is out before anyone acts
    for action in hand.log:
        p = action.player
        assert p is not None
        kind = action.kind
        if kind == "runs" or (twice and kind in ("show", "muck")) or probe.is_complete:
            # (A show once the hand is over is written after the pots, below.)
            probe.apply(action)  # a board run twice: its two showdowns are written below
            continue
        if kind in ("show", "muck"):
            write_uncalled()
            deal_streets()
            if not showdown_started:
                lines.append("*** SHOW DOWN ***")
                showdown_started = True
                for q in probe.showdown_order:
                    if q in probe.shown and q not in unknown:  # tabled by the rules: the called river aggressor
                        value = evaluate(holes[q] + probe.board, config.variant)
                        desc = poker_stars_hand_description(value)
                        lines.append(f"{names[q]}: shows [{_cards(holes[q])}] ({desc})")
            if kind == "show" and p in unknown:
                pass  # shown face down (``sm ????``): nothing to write
            elif kind == "show":
                value = evaluate(holes[p] + probe.board, config.variant)
                desc = poker_stars_hand_description(value)
                lines.append(f"{names[p]}: shows [{_cards(holes[p])}] ({desc})")
            else:
                lines.append(f"{names[p]}: mucks hand")
            probe.apply(action)
            continue
        street = len(probe.board)
        top = max(probe.committed)
        # All-in is what the action puts in against the stack before it, not the
        # stack after: a call that ends the hand is followed at once by the
        # run-out and the award, which may already have paid the caller.
        before = probe.stacks[p]
        if kind == "call":
            paid = action.amount or 0
        elif kind == "raise":
            paid = (action.amount or 0) - probe.committed[p]
        else:
            paid = 0
        probe.apply(action)
        all_in = " and is all-in" if before and paid >= before else ""
        if kind == "fold":
            folded_on[p] = (0, 0, 0, 1, 2, 3)[street]
            lines.append(f"{names[p]}: folds")
        elif kind == "check":
            lines.append(f"{names[p]}: checks")
        elif kind == "call":
            lines.append(f"{names[p]}: calls {amt(action.amount)}{all_in}")  # type: ignore[arg-type]
        elif kind == "raise":
            to = action.amount
            assert to is not None
            if top == 0:
                lines.append(f"{names[p]}: bets {amt(to)}{all_in}")
            else:
                lines.append(f"{names[p]}: raises {amt(to - top)} to {amt(to)}{all_in}")
        if probe.is_complete or probe.street.value == "showdown":
            write_uncalled()
        deal_streets()
    write_uncalled()
    deal_streets()
    if twice:
        showdown_started = True  # written with the pots, a showdown a run
    elif hand.shown and not showdown_started:
        # An all-in showdown: the engine tabled every live hand.
        lines.append("*** SHOW DOWN ***")
        showdown_started = True
        for p in result.showdown_order:
            if p in unknown:
                continue
            value = evaluate(holes[p] + hand.board, config.variant)
            lines.append(f"{names[p]}: shows [{_cards(holes[p])}] ({poker_stars_hand_description(value)})")

    awards = result.awards
    won: dict[int, int] = {}
    won_by_run: list[dict[int, int]] = [{}, {}]
    owed = dict(rake or {})
    raked = sum(owed.values())
    for run in range(hand.runs):
        pots = [a for a in awards if a.run == run]
        if twice:
            # PokerStars: a showdown a run, each with its hands and its halves of the pots.
            lines.append(f"*** {('FIRST', 'SECOND')[run]} SHOW DOWN ***")
            for p in result.showdown_order:
                if p in result.mucked:
                    if run == 0:
                        lines.append(f"{names[p]}: mucks hand")
                elif p in result.shown and p not in unknown:
                    value = evaluate(holes[p] + hand.boards[run], config.variant)
                    lines.append(f"{names[p]}: shows [{_cards(holes[p])}] ({poker_stars_hand_description(value)})")
        for index, award in enumerate(pots):
            if len(pots) == 1:
                where = "pot"
            elif index == 0:
                where = "main pot"
            else:
                where = "side pot" if len(pots) == 2 else f"side pot-{index}"
            for p, chips in award.shares.items():
                # The rake comes off a winner's first shares (PokerStars says only what he collected).
                taken = min(chips, owed.get(p, 0))
                owed[p] = owed.get(p, 0) - taken
                if chips - taken or not twice:
                    lines.append(f"{names[p]} collected {amt(chips - taken)} from {where}")
                won[p] = won.get(p, 0) + chips - taken
                won_by_run[run][p] = won_by_run[run].get(p, 0) + chips - taken
    after = hand.shown_after  # cards shown once the hand was over: after the pots, as PokerStars writes them
    if not showdown_started:
        for p in won:
            if p not in after:
                lines.append(f"{names[p]}: doesn't show hand")
    for p, cards in after.items():
        lines.append(f"{names[p]}: shows [{_cards(cards)}]{_shown_after_description(cards, hand.board, config.variant)}")

    lines.append("*** SUMMARY ***")
    total = sum(a.amount for a in awards)
    pots_said = [p.amount for p in hand.pots] if twice else [a.amount for a in awards]
    if len(pots_said) > 1:
        parts = [f"Main pot {amt(pots_said[0])}."]
        for index, amount in enumerate(pots_said[1:], 1):
            label = "Side pot" if len(pots_said) == 2 else f"Side pot-{index}"
            parts.append(f"{label} {amt(amount)}.")
        lines.append(f"Total pot {amt(total)} {' '.join(parts)} | Rake {amt(raked)}")
    else:
        lines.append(f"Total pot {amt(total)} | Rake {amt(raked)}")
    if twice:
        lines.append("Hand was run twice")
        lines.append(f"FIRST Board [{_cards(hand.boards[0])}]")
        lines.append(f"SECOND Board [{_cards(hand.boards[1])}]")
    elif hand.board:
        lines.append(f"Board [{_cards(hand.board)}]")
    shown = {i: cards for i, cards in hand.shown.items() if i not in unknown}
    for i in order:
        role = ""
        if i == b:
            role = " (button)"
        elif i == config.small_blind_player and small and not config.bomb_pot:
            role = " (small blind)"
        elif i == config.big_blind_player and not config.bomb_pot:
            role = " (big blind)"
        who = f"Seat {seats[i]}: {names[i]}{role}"
        if i in folded_on:
            lines.append(f"{who} folded {_STREET_WORDS[folded_on[i]]}")
        elif i in shown and twice:
            # "and won ($40.30) with a pair of Queens, and lost with three of a kind, Sixes": a run each.
            said = []
            for run in (0, 1):
                desc = poker_stars_hand_description(evaluate(holes[i] + hand.boards[run], config.variant))
                chips = won_by_run[run].get(i, 0)
                said.append(f"won ({amt(chips)}) with {desc}" if chips else f"lost with {desc}")
            lines.append(f"{who} showed [{_cards(holes[i])}] and {', and '.join(said)}")
        elif i in shown:
            desc = poker_stars_hand_description(evaluate(holes[i] + hand.board, config.variant))
            if i in won:
                lines.append(f"{who} showed [{_cards(holes[i])}] and won ({amt(won[i])}) with {desc}")
            else:
                lines.append(f"{who} showed [{_cards(holes[i])}] and lost with {desc}")
        elif i in result.mucked or (i in unknown and i in result.showdown_order and i not in won):
            lines.append(f"{who} mucked")
        elif i in won:
            lines.append(f"{who} collected ({amt(won[i])})")
        else:
            lines.append(f"{who} folded before Flop (didn't bet)")
    if seven_deuce:
        paid = seven_deuce_settlement(hand, bounty=seven_deuce).payments
        said = ", ".join(f"{names[p.payer]} pays {amt(p.chips)} to {names[p.payee]}" for p in paid) or "nobody pays"
        lines.append(f"7-2 bounty ({amt(seven_deuce)}): {said}")
    return "\n".join(lines)


_NAME_SYNTAX = frozenset(":[]()")
"""Characters of PokerStars' line syntax (``Name: ``, ``[cards]``, ``(chips)``)."""
_SYNTAX_WORDS = frozenset(
    "seat dealt to collected from pot uncalled bet returned shows showed mucks mucked folds folded "
    "checks calls bets raises posts is all-in and total board table won lost doesn't show hand "
    "pokerstars summary".split()
)


def safe_names(names: Sequence[str]) -> list[str]:
    """Names as written in our PokerStars text, so that no name can forge a line.

    A name keeps every character but those of the syntax (``:``, square and
    round brackets) and the unprintable ones (line breaks, tabs), which become
    ``_``; runs of spaces become one (real names such as ``.prestige.U$`` stay). A name with a word of PokerStars' syntax in it (``Bob
    collected 5 from pot``) has its spaces made ``_`` too, so no line can read
    as another. Names that end up the same get ``_2``, ``_3``...: each player
    stays one name when the text is read back.

    >>> safe_names(["Bob: shows [As Ah]", "Bob", "TightBot 1", "阿安", "Bob_ shows _As Ah_", ".prestige.U$"])
    ['Bob__shows__As_Ah_', 'Bob', 'TightBot 1', '阿安', 'Bob__shows__As_Ah__2', '.prestige.U$']
    """
    out: list[str] = []
    taken: set[str] = set()
    for name in names:
        text = "".join("_" if c in _NAME_SYNTAX or not c.isprintable() else c for c in name)
        text = " ".join(text.split()) or "player"
        if " " in text and any(word.lower() in _SYNTAX_WORDS for word in text.split(" ")):
            text = text.replace(" ", "_")
        unique, k = text, 2
        while unique in taken:
            unique, k = f"{text}_{k}", k + 1
        taken.add(unique)
        out.append(unique)
    return out


def _amount(chips: int, scale: int) -> str:
    """Chips as currency units: whole units bare, otherwise two decimals (or
    as many as the scale needs).

    >>> _amount(25, 100), _amount(100, 100), _amount(3651, 100), _amount(7, 1), _amount(5, 1000)
    ('0.25', '1', '36.51', '7', '0.005')
    """
    if scale == 1 or chips % scale == 0:
        return str(chips // scale)
    value = Decimal(chips) / scale
    places = max(2, -value.normalize().as_tuple().exponent)  # type: ignore[operator]
    return f"{value:.{places}f}"


def _date(when: datetime.datetime | None) -> str:
    """The header's date: UTC, then Eastern Time in brackets, hours unpadded.

    >>> _date(datetime.datetime(2024, 5, 17, 1, 9, 7))
    '2024/05/17 1:09:07 UTC [2024/05/16 21:09:07 ET]'
    """
    if when is None:
        when = datetime.datetime.now(datetime.UTC)
    elif when.tzinfo is None:
        when = when.replace(tzinfo=datetime.UTC)
    utc = when.astimezone(datetime.UTC)
    et = when.astimezone(_ET)
    return f"{utc:%Y/%m/%d} {utc.hour}:{utc:%M:%S} UTC [{et:%Y/%m/%d} {et.hour}:{et:%M:%S} ET]"


def _buy_in(buy_in: str | None, symbol: str, code: str) -> str:
    """A tournament header's buy-in: ``$1.84+$0.16 USD``, ``1000+100``, ``Freeroll``.

    >>> _buy_in("1.84+0.16", "$", "USD"), _buy_in("10", "", ""), _buy_in(None, "$", "USD")
    ('$1.84+$0.16 USD', '10+0', 'Freeroll')
    """
    if buy_in is None:
        return "Freeroll"
    parts = buy_in.replace(" ", "").split("+")
    try:
        values = [Decimal(x) for x in parts]
    except ArithmeticError:
        values = []
    if len(values) not in (1, 2) or any(not v.is_finite() or v < 0 for v in values):
        raise PokerDealerError(f"buy-in {buy_in!r}: expected BUYIN or BUYIN+FEE, e.g. 1.84+0.16")
    if len(values) == 1:
        values.append(Decimal(0))
    text = "+".join(f"{symbol}{v}" for v in values)
    return f"{text} {code}" if code else text


def history_to_pokerstars(history, *, hand_id: int | None = None, **options: object) -> str:  # noqa: ANN001
    """One PHH hand (:class:`~pokerdealer.history.HandHistory`) as PokerStars text.

    The hand is replayed through the rules (a hand left at the showdown is
    finished the online way). Names come from ``players``; ``hand`` (the hand
    number), ``seats`` and ``table`` from the file when present.
    """
    from pokerdealer.history.convert import history_to_hand

    replay = history_to_hand(history, auto_showdown=True)
    if not replay.hand.is_complete:
        raise PokerDealerError("the hand history stops before the end of the hand")
    meta = history.metadata
    if replay.scale != 1:
        options.setdefault("scale", replay.scale)  # the chips are cents (or finer)
    code = meta.get("currency")
    if isinstance(code, str) and code.upper() in CURRENCIES:
        options.setdefault("currency", code.upper())
    if hand_id is None:
        number = meta.get("hand")
        hand_id = number if isinstance(number, int) else 1
    options.setdefault("names", history.player_names)
    seats = meta.get("seats")
    if isinstance(seats, list) and len(seats) == history.player_count:
        options.setdefault("seats", seats)
    table = meta.get("table")
    if isinstance(table, str):
        options.setdefault("table", table)
    elif isinstance(table, int) and isinstance(options.get("tournament", meta.get("_tournament")), int):
        # A tournament's numbered table (``pokerdealer tournament --out``): PokerStars names it "<tournament> <n>".
        options.setdefault("table", f"{options.get('tournament', meta.get('_tournament'))} {table}")
    if isinstance(meta.get("seat_count"), int):
        options.setdefault("max_seats", meta["seat_count"])
    if isinstance(meta.get("level"), int):
        options.setdefault("level", meta["level"])
    if isinstance(meta.get("_seven_deuce"), dict):  # our own field: the 7-2 game's bounty
        from pokerdealer.history.home_games import seven_deuce_bounty

        options.setdefault("seven_deuce", seven_deuce_bounty(meta))
    paid = replay.rake_paid
    if paid is not None:  # a raked PokerStars hand read back: its winners collected less the rake
        options.setdefault("rake", {i: int(x * replay.scale) for i, x in enumerate(paid) if x})
    if isinstance(meta.get("_tournament"), int):  # read from PokerStars text
        options.setdefault("tournament", meta["_tournament"])
        if isinstance(meta.get("_buy_in"), str):
            options.setdefault("buy_in", meta["_buy_in"])
    year, month, day = meta.get("year"), meta.get("month"), meta.get("day")
    if isinstance(year, int) and isinstance(month, int) and isinstance(day, int):
        moment = meta.get("time")
        if not isinstance(moment, datetime.time):
            moment = datetime.time()
        zone: datetime.tzinfo = datetime.UTC
        if isinstance(meta.get("time_zone"), str):
            try:
                zone = ZoneInfo(_ZONES.get(meta["time_zone"], meta["time_zone"]))
            except (ValueError, KeyError):
                zone = datetime.UTC  # an abbreviation such as "ET": not a zone name
        when = datetime.datetime.combine(datetime.date(year, month, day), moment)
        options.setdefault("when", when.replace(tzinfo=moment.tzinfo or zone))
    return hand_to_pokerstars(replay.hand, hand_id=hand_id, **options)  # type: ignore[arg-type]


def session_to_pokerstars(texts: Iterable[str]) -> str:
    """Join hands written by :func:`hand_to_pokerstars` into one file's text."""
    return "\n\n\n".join(texts) + "\n"


def histories_to_pokerstars(histories: Iterable, *, first_id: int = 1, **options: object) -> str:  # noqa: ANN001
    """Many PHH hands (a ``.phhs`` session) as one PokerStars file's text; hands
    without a ``hand`` number are numbered from ``first_id``. With a ``hero``,
    the hands they were not dealt are left out (a player's own history, as
    PokerStars writes it); none at all is an error.

    Hand numbers are unique in the file, as trackers need (they drop a hand
    whose number they have seen): a tournament's or a room's tables each count
    their own hands, so a number already used -- hand 7 of table 2 after hand 7
    of table 1 -- becomes the next one above every number of the session."""
    histories = list(histories)
    hero = options.get("hero")
    numbers = [h.metadata.get("hand") if isinstance(h.metadata.get("hand"), int) else first_id + k
               for k, h in enumerate(histories)]
    spare = max(numbers, default=first_id) + 1
    used: set[int] = set()
    texts = []
    for history, hand_id in zip(histories, numbers):
        if hand_id in used:
            hand_id, spare = spare, spare + 1
        used.add(hand_id)
        if hero is not None and hero not in history.player_names:
            continue
        texts.append(history_to_pokerstars(history, hand_id=hand_id, **options))
    if not texts and hero is not None:
        raise PokerDealerError(f"hero {hero!r} is not one of the players of any hand")
    return session_to_pokerstars(texts)
