"""PHH hand <-> the rules engine's ``(config, deck, actions)``.

:func:`history_to_hand` replays a :class:`~pokerdealer.history.phh.HandHistory`
through :class:`pokerdealer.rules.Hand`, one action line at a time, and returns
a :class:`Replay` (the hand, the warnings, the finishing-stack check).
:func:`hand_to_history` goes the other way: an engine hand, finished or not,
written as PHH.

>>> from pokerdealer.history.phh import loads
>>> history = loads('''
... variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ["d dh p1 AsKs", "d dh p2 7c2d", "d dh p3 QhQd", "p3 cbr 6", "p1 cbr 20",
...            "p2 f", "p3 cc", "d db Kc8h3c", "p1 cbr 20", "p3 f"]
... finishing_stacks = [122, 98, 80]
... ''')
>>> replay = history_to_hand(history)
>>> replay.hand.stacks, replay.check
((122, 98, 80), 'match')
>>> hand_to_history(replay.hand).actions == history.actions
True

What the real data contains is tolerated with a warning (:attr:`Replay.warnings`),
not an error:

* a fold when checking is free, under rules that do not offer one
  (:meth:`RuleOptions.pokerkit() <pokerdealer.rules.RuleOptions.pokerkit>`;
  PokerKit's cash games take it with a warning);
* a raise only to what an all-in opponent can match (below the minimum raise):
  accepted as recorded by :attr:`RuleOptions.accept_uncallable_raise
  <pokerdealer.rules.RuleOptions.accept_uncallable_raise>` (the part nobody can
  match comes back as an uncalled bet), and a "raise" when nobody can call one
  is a call;
* recorded half chips where a pot was chopped with an odd chip
  (``10112.5``): the stacks match if they are within one chip;
* ``sm`` (show/muck) lines written before the board run-out, or in another order
  than the showdown order: they are applied when the rules ask for them;
* a muck by the last hand left at the showdown, or by the last hand in a side
  pot: the pot is still that hand's (PokerKit lets every hand muck and then
  loses the pot's chips; its bug, said in a warning and not followed);
* hole cards ``????`` revealed later by an ``sm`` line: the deck is built with
  the revealed cards;
* hole cards never revealed (``sm ????``): the deck holds stand-in cards, but
  the hand is unknown (:attr:`Hand.unknown <pokerdealer.rules.Hand.unknown>`):
  it cannot win a pot against a known hand, and unknown hands split a pot none
  of the known ones is in, as PokerKit does. Handhq's repeated ``sm ????``
  lines for all-in players are taken as PokerKit takes them: a hand shown as
  ``????`` may be shown again.

Player order follows PHH: ``p1`` is the small blind, the last player the
button; heads-up the ``antes`` and ``blinds_or_straddles`` arrays are
reverse-assigned (``p1`` posts the big blind). The engine is given players
``p1``..``pN`` with the button last, so engine index ``i`` is ``p{i+1}``.

Forced bets beyond PHH's arrays: a big blind left of the button with no small
blind (``[2, 0, 0, 0]``) is a dead small blind, a lone blind on the button
(``[0, 0, 0, 3000]``) a button blind, and a negative blind (``[1, 2, 0, -2]``)
the live post of a player coming in (PokerKit's "post bet"). What the arrays cannot say is written to
and read from our own fields (PHH user fields start with ``_``; PokerKit ignores
them): ``_dead_small_blind = 1``, the small blind nobody posted (a pot-limit pot
counts it, and with it ``[2, 4, 0, 0]`` is a big blind and a straddle), and
``_posts = [[position, live, dead], ...]``, what players coming in posted that
the arrays do not hold (dead chips; heads-up).

Amounts written with decimals (``0.50``) are scaled to whole chips
(:attr:`Replay.scale`) and scaled back for output. The odd chips of a split pot
are counted in the game's smallest chip: our field ``_chip_unit`` when written,
else the cent (never the finest decimal of some stack; see :func:`_units`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from pokerdealer.cards import Card, deck_cards
from pokerdealer.errors import IllegalActionError, PokerDealerError
from pokerdealer.history.home_games import (
    BOMB_POT,
    RUN_IT_TWICE,
    SEVEN_DEUCE,
    SHOWS_AFTER_HAND,
    bomb_pot_config,
    run_twice_answers,
    run_twice_street_sizes,
    seven_deuce_field,
    shows_after_hand,
    split_boards,
)
from pokerdealer.history.phh import (
    VARIANT_NAMES,
    HandHistory,
    HistoryError,
    Number,
    PhhAction,
    format_cards_phh,
)
from pokerdealer.i18n import message
from pokerdealer.rules import (
    Action,
    AnteType,
    ConfigError,
    Hand,
    HandConfig,
    HeadsUpCap,
    LegalActions,
    OddChips,
    Post,
    RuleOptions,
    Structure,
    deck_for_deal,
)
from pokerdealer.rules.actions import CALL, CHECK, CHECK_CALL, FOLD, MUCK, RAISE, RUNS, SHOW
from pokerdealer.rules.seven_deuce import seven_deuce as settle_seven_deuce

__all__ = [
    "Replay",
    "ReplayError",
    "UnsupportedHistory",
    "compare_stacks",
    "hand_to_history",
    "history_to_config",
    "history_to_hand",
    "unsupported_variant",
]

_STRUCTURES = {
    "NT": ("holdem", Structure.NO_LIMIT),
    "PT": ("holdem", Structure.POT_LIMIT),
    "FT": ("holdem", Structure.FIXED_LIMIT),
    "NS": ("shortdeck", Structure.NO_LIMIT),
}


class UnsupportedHistory(HistoryError):
    """A readable hand the rules engine does not play (Omaha, stud, draw games,
    posted bets of new players, unknown starting stacks...)."""


class ReplayError(PokerDealerError):
    """An action line the rules reject (or that does not fit the hand).

    ``index`` counts from 0 in ``actions``; ``action`` is the line as written;
    ``player`` the PHH label (``p3``) or ``None``; ``rule`` the rule code
    (``min_raise``, ``not_your_turn``, ...; ``deal`` for a dealing line that
    does not fit); ``legal`` what would have been legal
    (:class:`~pokerdealer.rules.LegalActions`, in the file's units) or ``None``.
    """

    def __init__(
        self,
        message: str,
        *,
        index: int,
        action: str,
        player: str | None,
        rule: str,
        legal: LegalActions | None = None,
    ) -> None:
        by = f" by {player}" if player else ""
        super().__init__(f"actions[{index}] {action!r}{by} breaks {rule}: {message}")
        self.index = index
        self.action = action
        self.player = player
        self.rule = rule
        self.legal = legal
        self.reason = message

    def to_json(self) -> dict[str, Any]:
        """``{"index", "action", "player", "rule", "message", "legal"}`` (the CLI's
        error object); ``legal`` is ``null`` when nobody could act."""
        legal = self.legal
        return {
            "index": self.index,
            "action": self.action,
            "player": self.player,
            "rule": self.rule,
            "message": self.reason,
            "legal": None if legal is None or legal.actor is None else {
                "actor": f"p{legal.actor + 1}",
                "fold": legal.can_fold,
                "check": legal.can_check,
                "call": _plain(legal.call),
                "min_raise_to": _plain(legal.min_raise_to),
                "max_raise_to": _plain(legal.max_raise_to),
                "show": legal.can_show,
                "muck": legal.can_muck,
            },
        }


def _plain(value: Number | None) -> int | float | None:
    """A number for JSON: an int, or a float for a decimal amount."""
    if value is None or isinstance(value, int):
        return value
    return int(value) if value == int(value) else float(value)


# -- amounts ---------------------------------------------------------------------


def _places(values: Sequence[Number]) -> int:
    """The most decimal places among ``values`` (0 for whole numbers)."""
    places = 0
    for value in values:
        if isinstance(value, Decimal):
            if not value.is_finite():
                raise UnsupportedHistory(f"amount {value} cannot be played (unknown stack?)")
            exponent = value.normalize().as_tuple().exponent
            if isinstance(exponent, int) and -exponent > places:
                places = -exponent
    return places


def _chip_unit_field(history: HandHistory) -> Number | None:
    """Our own field ``_chip_unit``: the smallest chip in play, in file units."""
    unit = history.metadata.get("_chip_unit")
    if unit is None:
        return None
    if isinstance(unit, bool) or not isinstance(unit, (int, Decimal)) or not unit > 0:
        raise UnsupportedHistory(f"_chip_unit {unit!r}: expected the smallest chip, a positive amount")
    return unit


def _units(history: HandHistory, actions: Sequence[PhhAction]) -> tuple[int, int]:
    """``(scale, chip)``: the power of ten that makes every amount of the hand a
    whole number (chips = amount * scale), and the game's smallest chip in those
    units, which odd chips of a split pot are counted in (docs/rules.md#odd-chips).

    The chip comes from the game, never from a stack: ``_chip_unit`` when the file
    declares it, else 1 in a game of whole amounts, else the cent (or the finest
    unit of the blinds, antes and bet sizes, if they are finer than a cent).

    >>> from pokerdealer.history.phh import loads
    >>> game = dict(variant="NT", antes=[0, 0], blinds_or_straddles=[Decimal("0.5"), 1],
    ...             min_bet=1, actions=[])
    >>> _units(HandHistory.from_dict(game | {"starting_stacks": [100, 100]}), [])
    (100, 1)
    >>> _units(HandHistory.from_dict(game | {"starting_stacks": [Decimal("100.001"), 100]}), [])
    (1000, 10)
    """
    game: list[Number] = [*history.antes, *(history.blinds_or_straddles or ())]
    game += [v for v in (history.min_bet, history.small_bet, history.big_bet) if v is not None]
    declared = _chip_unit_field(history)
    if declared is not None:
        game.append(declared)
    values: list[Number] = [*game, *history.starting_stacks]
    values += [a.amount for a in actions if a.amount is not None]
    places = _places(values)
    if places > 6:
        raise UnsupportedHistory(f"amounts with {places} decimal places cannot be played")
    if places == 0:
        return 1, 1 if declared is None else int(declared)
    scale = 10 ** max(places, 2)
    if declared is not None:
        return scale, _chips(declared, scale)
    return scale, scale // 10 ** max(_places(game), 2)


def _chips(value: Number, scale: int) -> int:
    return int(value * scale)


def _unscale(chips: int, scale: int) -> Number:
    if scale == 1:
        return chips
    value = Decimal(chips) / scale
    return int(value) if value == value.to_integral_value() else value


# -- history -> config -------------------------------------------------------------


def unsupported_variant(code: str) -> str:
    """Why a variant code is not replayed, naming the game.

    >>> unsupported_variant("PO")
    "variant 'PO' (pot-limit Omaha) is not supported: pokerdealer replays NT, FT, NS and its own PT"
    """
    return str(_unsupported_variant(code))


def _unsupported_variant(code: str) -> UnsupportedHistory:
    name = VARIANT_NAMES.get(code)
    return UnsupportedHistory.said("history.unsupported_variant", variant=repr(code), name=f" ({name})" if name else "")


def history_to_config(
    history: HandHistory, *, options: RuleOptions | None = None, scale: int = 1
) -> HandConfig:
    """The engine configuration of a hold'em PHH hand (``NT``, ``FT``, ``NS``, ``PT``).

    Players are named ``p1``..``pN`` (PHH positions), the button is the last.
    ``ante_trimming_status`` chooses whether uniform antes are contributions
    (trimming on) or dead money (off); it is ignored for a big-blind or button ante.
    """
    if history.variant not in _STRUCTURES:
        raise _unsupported_variant(history.variant)
    variant, structure = _STRUCTURES[history.variant]
    n = history.player_count
    if n > 10:
        raise UnsupportedHistory.said("history.too_many_players", n=n)
    stacks = tuple(_chips(s, scale) for s in history.starting_stacks)
    bos = tuple(_chips(b, scale) for b in history.blinds_or_straddles or [0] * n)
    antes = tuple(_chips(a, scale) for a in history.antes)
    uniform_antes = len(set(antes)) == 1 and antes[0] > 0
    options = options if options is not None else RuleOptions()
    if uniform_antes:
        options = options.replace(per_player_ante_dead=not history.ante_trimming_status)
    kwargs: dict[str, Any] = {}
    if structure is Structure.FIXED_LIMIT:
        kwargs["small_bet"] = _chips(history.small_bet or 0, scale)
        kwargs["big_bet"] = _chips(history.big_bet or 0, scale)
    elif history.min_bet is not None:
        kwargs["min_bet"] = _chips(history.min_bet, scale)
    cap = history.metadata.get("_limit_heads_up_cap")
    if cap is not None:
        # Our own field: a table's fixed-limit hand played without the cap heads-up.
        try:
            options = options.replace(limit_heads_up_cap=HeadsUpCap(cap))
        except ValueError:
            choices = ", ".join(c.value for c in HeadsUpCap)
            raise UnsupportedHistory(f"_limit_heads_up_cap {cap!r}: expected one of {choices}") from None
    found: dict[int, Post] = {}
    posts = history.metadata.get("_posts")
    if posts:
        # Our own field (PHH has none): [[position, live, dead], ...] in file units.
        try:
            for p, live, dead in posts:
                found[int(p)] = Post(int(p), _chips(live, scale), _chips(dead, scale))
        except (TypeError, ValueError):
            raise UnsupportedHistory(f"_posts {posts!r}: expected [[position, live, dead], ...]") from None
    if any(b < 0 for b in bos):
        # A negative blind is the live post of a player coming in (PokerKit's "post bet").
        if n == 2:
            raise UnsupportedHistory("a negative blind heads-up: posts come in with 3 or more players")
        for j, b in enumerate(bos):
            if b < 0:
                if found.get(j, Post(j)).live:
                    raise UnsupportedHistory(f"p{j + 1}'s live post is both a negative blind and in _posts")
                found[j] = Post(j, -b, found.get(j, Post(j)).dead)
        bos = tuple(max(b, 0) for b in bos)
    if found:
        kwargs["posts"] = tuple(found[j] for j in sorted(found))
    if RUN_IT_TWICE in history.metadata:
        kwargs["run_it_twice"] = True  # our own field: the table offered to run it twice
    dead_sb = history.metadata.get("_dead_small_blind")
    if dead_sb is not None:
        # Our own field: the small blind nobody posted (PHH's arrays hold only what
        # was posted, so a pot-limit pot and a straddle behind it need it said).
        if isinstance(dead_sb, bool) or not isinstance(dead_sb, (int, Decimal)) or dead_sb < 0:
            raise UnsupportedHistory(
                f"_dead_small_blind {dead_sb!r}: expected the amount of the small blind"
            )
        kwargs["dead_small_blind"] = _chips(dead_sb, scale)
    try:
        if BOMB_POT in history.metadata:
            return bomb_pot_config(stacks, bos, antes, structure=structure, variant=variant, options=options, **kwargs)
        # Per-position arrays (PHH): small/big blind and straddles, a big blind left
        # of the button (dead small blind), or a button blind; heads-up reversed.
        return HandConfig.from_positions(
            stacks,
            bos,
            antes,
            structure=structure,
            variant=variant,
            options=options,
            **kwargs,
        )
    except ConfigError as error:
        raise UnsupportedHistory(str(error)) from None


def _deal(
    history: HandHistory, actions: Sequence[PhhAction], config: HandConfig
) -> tuple[tuple[Card, ...], list[tuple[Card | None, ...] | None], list[Card | None]]:
    """The deck order, and the hole cards and board the file states (None = unknown)."""
    n = history.player_count
    holes: list[tuple[Card | None, ...] | None] = [None] * n
    board: list[Card | None] = []
    for index, action in enumerate(actions):
        if action.kind == "dh":
            player = action.player
            assert player is not None and action.cards is not None
            if player >= n:
                raise ReplayError(
                    f"there is no player p{player + 1} (the hand has {n})",
                    index=index, action=history.actions[index], player=None, rule="deal",
                )
            if len(action.cards) != 2:
                raise ReplayError(
                    f"hold'em hole cards are 2 cards, got {len(action.cards)}",
                    index=index, action=history.actions[index], player=None, rule="deal",
                )
            if holes[player] is not None:
                raise ReplayError(
                    f"p{player + 1} is dealt hole cards twice",
                    index=index, action=history.actions[index], player=None, rule="deal",
                )
            holes[player] = action.cards
        elif action.kind == "db":
            assert action.cards is not None
            board.extend(action.cards)
    # Cards revealed at the showdown fill in unknown hole cards.
    for action in actions:
        if action.kind == "sm" and action.cards and action.actor is not None:
            p = action.actor
            if p < n and len(action.cards) == 2:
                dealt = holes[p]
                if dealt is None:
                    holes[p] = action.cards
                else:
                    holes[p] = tuple(d if d is not None else s for d, s in zip(dealt, action.cards))
    # And so do both cards a player showed after the hand (history.home_games).
    for show in shows_after_hand(history.metadata, n):
        if show.cards is not None and len(show.cards) == 2 and (holes[show.player] is None or None in holes[show.player]):  # type: ignore[index]
            holes[show.player] = show.cards  # type: ignore[index]
    if len(board) > (10 if config.run_it_twice else 5):
        last = max(i for i, a in enumerate(actions) if a.kind == "db")
        raise ReplayError(
            f"the board has {len(board)} cards (at most 5{', 10 run twice' if config.run_it_twice else ''})",
            index=last, action=history.actions[last], player=None, rule="deal",
        )
    known = [c for h in holes if h for c in h if c is not None] + [c for c in board if c]
    seen: set[Card] = set()
    for card in known:
        if card in seen:
            raise HistoryError.said("history.dealt_twice", card=str(card))
        seen.add(card)
    spare = iter(c for c in deck_cards(config.variant) if c not in seen)
    try:
        full_holes = [
            tuple(c if c is not None else next(spare) for c in h) if h is not None else None
            for h in holes
        ]
        full_board = [c if c is not None else next(spare) for c in board]
        # A board run twice: the second run's cards follow the first's (home_games).
        boards = split_boards(full_board, runs=2 if config.run_it_twice else 1)
        deck = deck_for_deal(config, full_holes, boards[0], second_board=boards[-1] if len(boards) > 1 else ())
    except StopIteration:  # pragma: no cover - 52 cards always suffice for 10 players
        raise HistoryError("not enough cards in the deck") from None
    except PokerDealerError as error:
        raise HistoryError(str(error)) from None
    return deck, holes, board


# -- the replay ----------------------------------------------------------------


@dataclass
class Replay:
    """A PHH hand replayed through the rules.

    ``hand`` is the engine hand after every action line (finished or not);
    ``applied`` counts the action lines read; ``warnings`` lists what was
    tolerated (each ``(index, message)``, index ``None`` for the whole hand);
    ``scale`` converts file amounts to chips (chips = amount * scale).
    ``known_holes``/``known_board`` are the cards the file states (``None`` unknown).
    """

    history: HandHistory
    hand: Hand
    scale: int = 1
    applied: int = 0
    warnings: list[tuple[int | None, str]] = field(default_factory=list)
    known_holes: list[tuple[Card | None, ...] | None] = field(default_factory=list)
    known_board: list[Card | None] = field(default_factory=list)

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names (``players``, else ``p1``..``pN``)."""
        return self.history.player_names

    @property
    def dealt_stacks(self) -> tuple[Number, ...]:
        """The stacks the rules leave after every action, in the file's units
        (before any rake)."""
        return tuple(_unscale(s, self.scale) for s in self.hand.stacks)

    @property
    def rake_paid(self) -> tuple[Number, ...] | None:
        """What each player's winnings lost to the hand's rake (``_rake``, an
        extension field: the rules take no rake), as the recorded
        ``finishing_stacks`` say: less only for the pots' winners, adding up to
        the rake. ``None`` for a hand without rake, or when the recorded stacks
        cannot be read so (then the hand is a mismatch).

        A winner collects the pot less the rake, so the replay matches the text
        where it says what he collected (PokerStars: ``collected $9.50 from
        pot``, ``Rake $0.50``).
        """
        rake = self.history.metadata.get("_rake")
        expected = self.history.finishing_stacks
        result = self.hand.result
        if not rake or expected is None or result is None or len(expected) != self.hand.config.player_count:
            return None
        winners = {p for award in result.awards for p in award.shares}
        paid = [Decimal(str(d)) - Decimal(str(e)) for d, e in zip(self.dealt_stacks, expected)]
        if any(x < 0 or (x and p not in winners) for p, x in enumerate(paid)) or sum(paid) != Decimal(str(rake)):
            return None
        return tuple(int(x) if x == x.to_integral_value() else x for x in paid)

    @property
    def finishing_stacks(self) -> tuple[Number, ...]:
        """The stacks after every action, in the file's units; with a rake
        (:attr:`rake_paid`), less what the winners paid of it."""
        dealt = self.dealt_stacks
        paid = self.rake_paid
        if paid is None:
            return dealt
        stacks = [Decimal(str(d)) - Decimal(str(x)) for d, x in zip(dealt, paid)]
        return tuple(int(x) if x == x.to_integral_value() else x for x in stacks)

    def amount(self, chips: int | None) -> Number | None:
        """Engine chips in the file's units."""
        return None if chips is None else _unscale(chips, self.scale)

    @property
    def check(self) -> str:
        """``match``, ``mismatch`` or ``no_finishing_stacks`` (see :func:`compare_stacks`)."""
        expected = self.history.finishing_stacks
        if expected is None:
            return "no_finishing_stacks"
        return "match" if compare_stacks(expected, self.finishing_stacks, scale=self.scale) else "mismatch"

    def legal(self) -> LegalActions | None:
        """What the player to act may do next, in the file's units (``None`` when over)."""
        legal = self.hand.legal()
        if legal.actor is None:
            return None
        if self.scale == 1:
            return legal
        # In the file's units the amounts may be decimals (LegalActions says int).
        return legal._replace(
            call=self.amount(legal.call),  # type: ignore[arg-type]
            min_raise_to=self.amount(legal.min_raise_to),  # type: ignore[arg-type]
            max_raise_to=self.amount(legal.max_raise_to),  # type: ignore[arg-type]
        )


def compare_stacks(expected: Sequence[Number], got: Sequence[Number], *, scale: int = 1) -> bool:
    """Whether recorded finishing stacks match: equal, except that a recorded
    stack with a fraction of a chip (a half chip from a chopped pot) matches
    within one chip. ``scale`` is chips per unit of the file (100 for amounts
    in cents: one chip is 0.01, not a whole dollar).

    >>> compare_stacks([10112.5, 9775, 10112.5], [10113, 9775, 10112])
    True
    >>> compare_stacks([10112, 9775], [10113, 9774])
    False
    >>> compare_stacks([Decimal("10.65")], [Decimal("10.75")], scale=100)
    False
    """
    if len(expected) != len(got):
        return False
    for e, g in zip(expected, got):
        if e == g:
            continue
        chips = Decimal(str(e)) * scale
        if chips != int(chips) and abs(chips - Decimal(str(g)) * scale) < 1:
            continue
        return False
    return True


def history_to_hand(
    history: HandHistory,
    *,
    options: RuleOptions | None = None,
    auto_showdown: bool = False,
    stop: int | None = None,
) -> Replay:
    """Replay a hold'em PHH hand through the rules, one action line at a time.

    ``stop`` replays only the first ``stop`` lines. With ``auto_showdown``, a
    hand left at the showdown is finished the online way
    (:meth:`pokerdealer.rules.Hand.auto_showdown`).

    Raises :class:`UnsupportedHistory` for a variant or setup the engine does not
    play, :class:`HistoryError` for an unreadable line, :class:`ReplayError` for a
    line the rules reject.
    """
    actions = history.parsed_actions()
    if stop is not None:
        actions = actions[:stop]
    scale, chip = _units(history, actions)
    options = options if options is not None else RuleOptions()
    # A fold when checking is free is a move PokerKit's cash games take with a
    # warning (its legal actions leave it out): taken here with a warning too.
    warn_free_fold = not options.fold_when_check_allowed
    # The data has raises only to what an all-in opponent can match (RuleOptions).
    options = options.replace(accept_uncallable_raise=True, fold_when_check_allowed=True)
    if chip != 1 or scale != 1:
        # Odd chips are counted in the game's smallest chip; PokerKit's split
        # (OddChips.ALL_TO_FIRST) divides a decimal pot exactly, so to the finest unit.
        exact = options.odd_chips is OddChips.ALL_TO_FIRST and scale != 1
        options = options.replace(odd_chip_unit=1 if exact else chip)
    config = history_to_config(history, options=options, scale=scale)
    deck, holes, board = _deal(history, actions, config)
    # Players whose cards the file never states: their deck cards are stand-ins,
    # and a made-up hand must not win (issue 24).
    unknown = [p for p, h in enumerate(holes) if h is None or None in h]
    hand = Hand(config, deck, unknown=unknown)
    replay = Replay(history, hand, scale, known_holes=holes, known_board=board)
    texts = history.actions
    warn = replay.warnings.append
    n = config.player_count
    # Our own field: the answers to running it twice, given when the hand asks.
    answers = run_twice_answers(history.metadata, n) or []
    queued: dict[int, tuple[int, PhhAction]] = {}  # show/muck lines waiting for their turn
    show_lines: dict[int, int] = {}  # player -> index of their show/muck line
    board_seen = 0

    def fail(index: int, said: str, rule: str, by: int | None = None, **params: Any) -> ReplayError:  # noqa: ANN401
        """The line at ``index`` breaks ``rule``: ``said`` is the ``replay.fail.*`` key of
        why, kept with the error so the room says it in its reader's language."""
        legal = replay.legal()
        reason: dict[str, Any] = {"key": said, "params": params}
        if legal is None or legal.actor is None:
            reason = {"key": "replay.legal.over", "params": {"reason": reason}}
        else:
            reason = {"key": "replay.legal.may",
                      "params": {"reason": reason, "player": f"p{legal.actor + 1}", "legal": legal.said()}}
        label = None if by is None else f"p{by + 1}"
        out = ReplayError(
            message("en", reason["key"], **reason["params"]),
            index=index,
            action=texts[index],
            player=label,
            rule=rule,
            legal=legal,
        )
        out.key = "replay.breaks.by" if label else "replay.breaks"
        out.params = {"index": index, "action": repr(texts[index]), "player": label, "rule": rule, "reason": reason}
        return out

    def answer_runs() -> None:
        """Give the recorded answers to running it twice while the hand asks for them."""
        while answers and hand.run_twice_pending:
            try:
                hand.apply(answers.pop(0))
            except IllegalActionError as error:
                raise HistoryError(f"{RUN_IT_TWICE}: {error}") from None

    def drain() -> None:
        """Apply queued show/muck lines while the player to show has one."""
        while queued and hand.street == "showdown":
            p = hand.actor
            if p is None or p not in queued:
                return
            index, line = queued.pop(p)
            _apply_show(index, line)

    def _apply_show(index: int, line: PhhAction) -> None:
        p = line.actor
        assert p is not None
        if line.is_muck:
            action = Action(MUCK, p)
        else:
            action = Action(SHOW, p)
        try:
            hand.apply(action)
        except IllegalActionError as error:
            raise _illegal(error, index) from None

    def _illegal(error: IllegalActionError, index: int) -> ReplayError:
        message = str(error)
        if scale != 1:
            message += f" (amounts in chips of 1/{scale})"
        player = None if error.player is None else f"p{error.player + 1}"
        out = ReplayError(
            message, index=index, action=texts[index], player=player, rule=error.rule, legal=replay.legal(),
        )
        if error.key:  # the rules' words, so `replay --lang` says them in its language
            reason: dict[str, Any] = {"key": error.key, "params": dict(error.params)}
            if scale != 1:
                reason = {"key": "replay.scaled", "params": {"reason": reason, "scale": scale}}
            out.key = "replay.breaks.by" if player else "replay.breaks"
            out.params = {"index": index, "action": repr(texts[index]), "player": player, "rule": error.rule,
                          "reason": reason}
        return out

    for index, line in enumerate(actions):
        replay.applied = index + 1
        answer_runs()  # a hand asked before any line (all in from the forced bets)
        kind = line.kind
        if kind == "":
            continue
        if kind == "dh":
            continue  # checked when the deck was built
        if kind == "db":
            assert line.cards is not None
            board_seen += len(line.cards)
            if hand.street != "showdown" and not hand.is_complete:
                needed = {"preflop": 0, "flop": 3, "turn": 4, "river": 5}[hand.street]
                if board_seen > needed:
                    raise fail(index, "replay.fail.deal_open", "deal",
                               street={"key": f"room.street.{hand.street}"}, actor=f"p{(hand.actor or 0) + 1}")
            continue
        p = line.actor
        assert p is not None
        if p >= n:
            raise fail(index, "replay.fail.no_such_player", "no_such_player", p, player=f"p{p + 1}", n=n)
        if kind in ("sd", "pb"):
            raise fail(index, "replay.fail.unknown_action", "unknown_action", p, kind=kind)
        if kind == "sm":
            if p in show_lines and _shows_nothing(actions[show_lines[p]]):
                # A hand shown as ???? is still face down: PokerKit lets it be shown
                # again (handhq repeats the line for all-in players).
                if queued.get(p, (None,))[0] == show_lines[p]:
                    del queued[p]
                del show_lines[p]
            if p in show_lines:
                # A muck is final and a shown hand stays shown (docs/rules.md#cards-speak):
                # one line each.
                first = show_lines[p]
                raise fail(index, "replay.fail.show_or_muck_once", "show_or_muck_once", p,
                           player=f"p{p + 1}", first=first, line=repr(texts[first]))
            show_lines[p] = index
            cards = line.cards
            if cards and None not in cards and set(cards) != set(hand.hole_cards[p]):
                raise fail(index, "replay.fail.wrong_cards", "wrong_cards", p, player=f"p{p + 1}",
                           cards=format_cards_phh(cards), dealt=format_cards_phh(hand.hole_cards[p]))
            if hand.is_complete or p in hand.shown:
                # Already tabled by the rules: an all-in, or the called river aggressor
                # (RuleOptions.reveal_called_aggressor).
                if p in hand.shown and line.is_muck:
                    why = "all_in" if hand.street != "showdown" else "called_aggressor"
                    warn((index, Tolerated("already_tabled", who=f"p{p + 1}",
                                           why={"key": f"replay.tolerated.why.{why}"})))
                elif line.is_muck and p in hand.showdown_order and p not in hand.mucked:
                    # PokerKit lets the last hand muck too, and its pot then goes to nobody.
                    warn((index, Tolerated("last_hand_mucked", who=f"p{p + 1}")))
                continue
            if p not in hand.showdown_order and hand.street == "showdown":
                raise fail(index, "replay.fail.not_in_showdown", "showdown", p, player=f"p{p + 1}")
            if hand.street != "showdown" or hand.actor != p:
                if hand.street == "showdown":
                    warn((index, Tolerated("out_of_order", who=f"p{p + 1}")))
                elif hand.folded[p]:
                    raise fail(index, "replay.fail.folded", "showdown", p, player=f"p{p + 1}")
                else:
                    warn((index, Tolerated("before_betting_over", who=f"p{p + 1}")))
            queued[p] = (index, line)
            drain()
            continue
        # A betting action.
        if hand.street == "showdown" or hand.is_complete:
            raise fail(index, "replay.fail.betting_over", "no_action_pending", p)
        if kind == "f":
            action = Action(FOLD, p)
            if warn_free_fold and hand.actor == p and hand.legal().can_check:
                warn((index, Tolerated("free_fold", who=f"p{p + 1}")))
        elif kind == "cc":
            action = Action(CHECK_CALL, p)
        else:
            assert line.amount is not None
            action = Action(RAISE, p, _chips(line.amount, scale))
        before = hand.legal() if kind == "cbr" else None
        try:
            record = hand.apply(action)
        except IllegalActionError as error:
            raise _illegal(error, index) from None
        if before is not None:
            _note_tolerated(before, record, line, scale, index, warn)
        answer_runs()
        drain()
    result = hand.result
    for p, (index, line) in list(queued.items()):
        if result is not None and line.is_muck and p not in result.mucked and any(p in a.winners for a in result.awards):
            # The other hands mucked first: this one was the last left (PokerKit's order differs).
            del queued[p]
            warn((index, Tolerated("last_hand_mucked", who=f"p{p + 1}")))
    if queued:
        index, line = min(queued.values(), key=lambda item: item[0])
        p = line.actor
        actor = hand.actor
        if actor is None:
            warn((index, Tolerated("not_applied_over", who=f"p{(p or 0) + 1}")))
        else:
            warn((index, Tolerated("not_applied", who=f"p{(p or 0) + 1}", first=f"p{actor + 1}")))
    if hand.street == "showdown" and auto_showdown:
        hand.auto_showdown()
    if hand.is_complete:
        # Our own field: cards shown once the hand was over (history.home_games).
        for show in shows_after_hand(history.metadata, n):
            if show.player in hand.unknown:
                # One card of a hand the file does not state: the rules cannot show it.
                warn((None, Tolerated("shown_after_unknown", who=f"p{(show.player or 0) + 1}",
                                      cards=format_cards_phh(show.cards or ()))))
                continue
            try:
                hand.apply(show)
            except IllegalActionError as error:
                raise HistoryError(f"{SHOWS_AFTER_HAND}: {error}") from None
    expected = history.finishing_stacks
    if expected is not None and replay.check == "match" and tuple(expected) != replay.finishing_stacks:
        replay.warnings.append(
            (None, Tolerated("half_chips"))
        )
    if hand.is_complete and hand.result is not None:
        _check_known_cards(replay)
        for award in hand.result.awards:
            (winner,) = award.winners[:1]
            if winner in hand.result.mucked and winner in show_lines:
                # RuleOptions.all_in_may_muck: every hand of a side pot mucked.
                amount = replay.amount(award.amount)
                warn((show_lines[winner], Tolerated("side_pot_mucked", who=f"p{winner + 1}", amount=amount)))
    return replay


class Tolerated(str):
    """A tolerated-difference line of a replay: the English text (what ``--json`` and
    tests read) that also knows its catalog key, so a reader sees it in their language.

    >>> line = Tolerated("free_fold", who="p2")
    >>> line, line.said("zh-Hans")
    ('p2 folds when checking is free', 'p2 在可以过牌时弃牌')
    """

    key: str
    params: dict[str, object]

    def __new__(cls, name: str, /, **params: object) -> Tolerated:
        key = f"replay.tolerated.{name}"
        line = super().__new__(cls, message("en", key, **params))
        line.key, line.params = key, params
        return line

    def said(self, lang: str) -> str:
        """The line in ``lang`` (one of :data:`pokerdealer.i18n.LANGUAGES`)."""
        return message(lang, self.key, **self.params)


def _note_tolerated(
    legal: LegalActions, record: Action, line: PhhAction, scale: int, index: int, warn: Any
) -> None:
    """Warn when a ``cbr`` line was accepted only by ``accept_uncallable_raise``:
    a raise only to what an all-in opponent can match."""
    label = f"p{(record.player or 0) + 1}"
    asked = line.amount
    if record.kind == CALL:
        warn((index, Tolerated("raise_as_call", who=label, asked=asked)))
    elif legal.min_raise_to is None or record.amount < legal.min_raise_to:  # type: ignore[operator]
        if legal.min_raise_to is None:
            warn((index, Tolerated("raise_uncalled", who=label, asked=asked)))
        else:
            warn((index, Tolerated("raise_uncalled_below", who=label, asked=asked,
                                   minimum=_unscale(legal.min_raise_to, scale))))


def _shows_nothing(line: PhhAction) -> bool:
    """``sm ????``: a show line that reveals no card."""
    return line.kind == "sm" and bool(line.cards) and all(c is None for c in line.cards or ())


def _check_known_cards(replay: Replay) -> None:
    """Say where a showdown met hands the file does not state: an unknown hand
    lost to the known ones, or unknown hands split a pot (PokerKit's reading)."""
    hand = replay.hand
    result = hand.result
    assert result is not None
    if not result.showdown_order:
        return
    live = [p for p in result.showdown_order if p not in result.mucked]
    if len(live) > 1 and any(p not in hand.unknown for p in live):
        for p in sorted(live):
            if p in hand.unknown:
                replay.warnings.append((None, Tolerated("unknown_hole", who=f"p{p + 1}")))
    for award in result.awards:
        if len(award.winners) > 1 and all(p in hand.unknown for p in award.winners):
            who = ", ".join(f"p{p + 1}" for p in award.winners)
            replay.warnings.append(
                (None, Tolerated("unknown_split", who=who, amount=replay.amount(award.amount)))
            )
    known_board = replay.known_board
    if len(known_board) < len(replay.hand.board) or None in known_board:
        replay.warnings.append(
            (None, Tolerated("filler_board"))
        )


def _action_line(action: Action, position: int, hole: tuple[Card, ...]) -> str:
    """One engine log record as a PHH line; ``position`` is the PHH index."""
    who = f"p{position + 1}"
    kind = action.kind
    if kind == FOLD:
        return f"{who} f"
    if kind == RAISE:
        return f"{who} cbr {action.amount}"
    if kind in (CHECK, CALL):
        return f"{who} cc"
    if kind == SHOW:
        return f"{who} sm {format_cards_phh(action.cards or hole)}"
    return f"{who} sm"  # muck


# -- engine hand -> history ---------------------------------------------------------------

_VARIANT_CODES = {
    ("holdem", Structure.NO_LIMIT): "NT",
    ("holdem", Structure.POT_LIMIT): "PT",
    ("holdem", Structure.FIXED_LIMIT): "FT",
    ("shortdeck", Structure.NO_LIMIT): "NS",
}


def hand_to_history(
    hand: Hand,
    *,
    players: Sequence[str] | None = None,
    metadata: dict[str, Any] | None = None,
    hole_cards: bool = True,
    seven_deuce: int = 0,
) -> HandHistory:
    """Write an engine hand (finished or not) as PHH.

    ``seven_deuce``: the table plays the 7-2 game with this bounty; a finished
    hand notes it and what it moved in our ``_seven_deuce`` field
    (:mod:`pokerdealer.history.home_games`).

    Players are listed in PHH position order (the small blind first, the button
    last), whatever the engine's seat order and button are. ``players`` defaults
    to the engine's names; ``hole_cards=False`` writes ``????`` for the hole
    cards of players who did not show. ``finishing_stacks`` is written once the
    hand is complete.
    """
    config = hand.config
    key = (config.variant, config.structure)
    if key not in _VARIANT_CODES:
        raise HistoryError(f"no PHH variant code for {config.variant} {config.structure.value}")
    n = config.player_count
    order = [(config.button + 1 + j) % n for j in range(n)]  # PHH position -> engine index
    position = {engine: j for j, engine in enumerate(order)}
    names = tuple(players) if players is not None else tuple(config.players[i] for i in order)
    if len(names) != n:
        raise HistoryError(f"{len(names)} player names for {n} players")

    _, bos, antes = config.positions()

    lines: list[str] = []
    shown = hand.shown
    for j, i in enumerate(order):
        cards = hand.hole_cards[i]
        known = i not in hand.unknown  # stand-in cards are never written as theirs
        text = format_cards_phh(cards) if known and (hole_cards or i in shown) else "????"
        lines.append(f"d dh p{j + 1} {text}")
    board = hand.board
    dealt = 0
    street_sizes = (3, 4, 5)
    log = hand.log

    def deal_up_to(count: int) -> None:
        nonlocal dealt
        for size in street_sizes:
            if dealt < size <= count:
                lines.append(f"d db {format_cards_phh(board[dealt:size])}")
                dealt = size

    # Boards come out when a betting round closes; replay the log on a fresh hand
    # to know where each street begins.
    probe = Hand(config, hand.deck, unknown=hand.unknown)
    showed: set[int] = set()  # one show/muck line per player (a second one is illegal)

    def tabled() -> None:
        # The betting is over. The hands the rules table now (every hand when
        # someone is all-in, TDA 2026 17; the called river aggressor,
        # RuleOptions.reveal_called_aggressor) are shown here, in showdown
        # order and before any run-out, as the PHH data does.
        for j in probe.showdown_order:
            if j in probe.shown:
                text = "????" if j in hand.unknown else format_cards_phh(hand.hole_cards[j])
                lines.append(f"p{position[j] + 1} sm {text}")
                showed.add(j)

    if probe.street == "showdown" or probe.is_complete:
        # Nobody had a decision (a blind covering every all-in, docs/rules.md#all-in-run-outs).
        tabled()
    answers: list[str] = []  # running it twice: our own field, PHH has no line for it
    after: list[str] = []  # cards shown once the hand was over: our own field too
    for action in log:
        if probe.is_complete and action.kind == SHOW:
            probe.apply(action)
            after.append(f"p{position[action.player] + 1} sm {format_cards_phh(action.cards or ())}")  # type: ignore[index]
            continue
        if not (action.kind in (SHOW, MUCK) and any(probe.stacks[i] == 0 for i in probe.showdown_order)):
            # An all-in showdown's hands are shown before the run-out (twice: before
            # both runs), as in the PHH data and as PokerKit deals it after them.
            deal_up_to(len(probe.board))
        if action.kind == RUNS:
            probe.apply(action)
            answers.append(f"p{position[action.player] + 1} runs {action.amount}")  # type: ignore[index]
            if not probe.run_twice_pending:
                tabled()  # answered: the board is run out, the hands tabled before it
            continue
        probe.apply(action)
        i = action.player
        assert i is not None
        line = _action_line(action, position[i], hand.hole_cards[i])
        if action.kind == SHOW and i in hand.unknown:
            line = f"p{position[i] + 1} sm ????"
        lines.append(line)
        if action.kind in (SHOW, MUCK):
            showed.add(i)
        elif probe.street == "showdown" or probe.is_complete:
            tabled()
    result = hand.result
    if result is not None:
        for j in result.showdown_order:
            if j not in showed:
                # Everyone else mucked: the last hand wins without being shown
                # (TDA 2026 18-B). PHH has no line for that; an unknown show keeps the
                # hand in (a PHH muck would forfeit it) and reveals nothing.
                lines.append(f"p{position[j] + 1} sm ????")
    deal_up_to(len(probe.board))
    if hand.runs == 2:
        # The second run as PokerKit deals a runout: its streets again, from the one
        # after the cards out when the players agreed (history.home_games).
        first, second = hand.boards
        shared = next(k for k in range(5) if first[k] != second[k])
        for size in run_twice_street_sizes(shared):
            lines.append(f"d db {format_cards_phh(second[shared : shared + size])}")
            shared += size

    kwargs: dict[str, Any] = {}
    if config.structure is Structure.FIXED_LIMIT:
        kwargs.update(small_bet=config.small_bet, big_bet=config.big_bet)
    else:
        kwargs["min_bet"] = config.min_bet
    extra = dict(metadata or {})
    if config.dead_small_blind:
        # PHH's arrays hold what was posted: the unposted small blind (a pot-limit
        # pot counts it, and it places a straddle) goes in our own field.
        extra["_dead_small_blind"] = config.blinds[0]
    if config.options.odd_chip_unit != 1:
        extra["_chip_unit"] = config.options.odd_chip_unit  # what odd chips are counted in
    written: list[list[int]] = []  # our own _posts field: what the arrays cannot hold
    for post in config.posts:
        j = position[post.player]
        if n > 2 and post.live and bos[j] == 0:
            # A live post of a player coming in is a negative blind (PokerKit's "post
            # bet": a live bet that does not move the first to act); dead chips
            # (a missed small blind) have no PHH field.
            bos = (*bos[:j], -post.live, *bos[j + 1 :])
            if post.dead:
                written.append([j, 0, post.dead])
        else:
            written.append([j, post.live, post.dead])
    if written:
        extra["_posts"] = written
    if answers:
        extra[RUN_IT_TWICE] = answers
    if after:
        extra[SHOWS_AFTER_HAND] = after
    if seven_deuce and hand.is_complete:
        extra[SEVEN_DEUCE] = seven_deuce_field(settle_seven_deuce(hand, bounty=seven_deuce), position)
    if config.bomb_pot:
        extra[BOMB_POT] = True  # the antes and no blind: nobody bets before the flop
    if config.structure is Structure.FIXED_LIMIT and config.options.limit_heads_up_cap is not HeadsUpCap.CAPPED:
        # A table lifts the cap heads-up (docs/rules.md#fixed-limit); PHH has no field for it.
        extra["_limit_heads_up_cap"] = config.options.limit_heads_up_cap.value
    return HandHistory(
        variant=_VARIANT_CODES[key],
        antes=antes,
        blinds_or_straddles=bos,
        starting_stacks=tuple(config.stacks[i] for i in order),
        actions=tuple(lines),
        players=names,
        finishing_stacks=tuple(hand.stacks[i] for i in order) if hand.is_complete else None,
        ante_trimming_status=(
            # A bomb pot's antes are contributions whatever the option (rules.bomb_pot).
            config.ante_type is AnteType.PER_PLAYER and (config.bomb_pot or not config.options.per_player_ante_dead)
        ),
        metadata=extra,
        **kwargs,
    )
