"""One hand of Texas Hold'em as a state machine over a log of actions.

A hand is ``config + deck order + actions`` (docs/architecture.md#a-hand-is-a-log): :class:`Hand`
posts the forced bets, deals from the given deck, and then accepts one
action at a time; everything else (whose turn, what is legal, pots, who
shows first, who wins) is derived. :func:`replay` rebuilds a hand from its
log.

Dealing procedure (so a deck order can be prepared, see
:func:`pokerdealer.rules.deck_for_deal`; :func:`~pokerdealer.rules.hole_positions`
and :func:`~pokerdealer.rules.board_positions` name the positions): hole cards one at a time,
clockwise, starting with the player left of the button (the small blind;
heads-up the big blind), two rounds; then burn one card before the flop,
the turn and the river. With ``n`` players the deck is used as: ``2n`` hole
cards, burn, three flop cards, burn, turn, burn, river (``2n + 8`` cards).

>>> from pokerdealer.cards import parse_cards
>>> from pokerdealer.rules.config import HandConfig
>>> config = HandConfig(stacks=(100, 100, 100), blinds=(1, 2))
>>> deck = parse_cards("Ah Kh 2c 7d Ks 3c  9s  Qh Jh Th  8s  4d  7s  2d")
>>> hand = Hand(config, deck)
>>> hand.actor, hand.legal()
(2, LegalActions(actor=2, can_fold=True, can_check=False, call=2, min_raise_to=4, max_raise_to=100, can_show=False, can_muck=False))
>>> _ = hand.raise_to(6); _ = hand.fold(); _ = hand.call()
>>> hand.street.value, hand.board, hand.pots
('flop', (Card('Qh'), Card('Jh'), Card('Th')), [Pot(amount=13, eligible=(1, 2))])
>>> _ = hand.check(); _ = hand.check(); _ = hand.check(); _ = hand.check()
>>> _ = hand.check(); _ = hand.check()
>>> hand.street.value, hand.actor
('showdown', 1)
>>> hand.auto_showdown().final_stacks
(99, 107, 94)
>>> [str(a) for a in hand.log]
['p3 cbr 6', 'p1 f', 'p2 cc', 'p2 cc', 'p3 cc', 'p2 cc', 'p3 cc', 'p2 cc', 'p3 cc', 'p2 sm KhKs', 'p3 sm']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import attrgetter

from pokerdealer.cards import Card, CardsLike, Deck, parse_cards
from pokerdealer.errors import PokerDealerError
from pokerdealer.evaluation import rank_function
from pokerdealer.rules.actions import (
    ALL_IN,
    CALL,
    CHECK,
    CHECK_CALL,
    FOLD,
    MUCK,
    RAISE,
    RUNS,
    SHOW,
    Action,
    LegalActions,
    parse_action,
)
from pokerdealer.rules.betting import check_action as _check
from pokerdealer.rules.betting import legal_actions as _legal
from pokerdealer.rules.config import (
    AnteType,
    BBAPriority,
    HandConfig,
    HeadsUpCap,
    LimitShortAllIn,
    OddChips,
    Reopening,
    RuleOptions,
    ShortBlindCall,
    StraddleRaise,
    Structure,
)
from pokerdealer.rules.deal import EXTRA_CARDS
from pokerdealer.rules.pots import build_pots, split_pot, uncalled_bet
from pokerdealer.rules.run_twice import check_answer as _check_runs
from pokerdealer.rules.run_twice import deciding as _deciding
from pokerdealer.rules.run_twice import halves as _halves
from pokerdealer.rules.run_twice import second_run_positions
from pokerdealer.rules.show_after import cards_to_show as _cards_to_show
from pokerdealer.rules.show_after import check_show as _check_show
from pokerdealer.rules.state import _HAND_SLOTS, HandResult, HandState, PotAward, Street

# At module level: an import inside view() cost 3 us a call in the compiled build.
from pokerdealer.rules.view import PlayerView
from pokerdealer.rules.view import view as _view

__all__ = ["Hand", "HandResult", "PotAward", "Street", "replay"]

# NamedTuple construction without the keyword-handling __new__ (hot path).
_tuple_new = tuple.__new__
# _CYCLES[n][i]: the n players clockwise starting with player i.
_CYCLES = tuple(
    tuple(tuple((i + k) % n for k in range(n)) for i in range(n)) if n else () for n in range(11)
)
_SHOWDOWN = 4
_COMPLETE = 5


_index = attrgetter("index")


def _deck_tuple(
    deck: Deck | CardsLike | Sequence[Card], config: HandConfig, need: int
) -> tuple[tuple[Card, ...], list[int]]:
    """The deck as cards, and the indices of its first ``need`` cards (checked distinct)."""
    t = type(deck)
    if not (t is list or t is tuple) and isinstance(deck, Deck):
        deck = deck.cards
    if (t is list or t is tuple or isinstance(deck, (tuple, list))) and deck and type(deck[0]) is Card:  # type: ignore[index]
        cards: tuple[Card, ...] = deck if t is tuple else tuple(deck)  # type: ignore[assignment,arg-type]
        used = list(map(_index, cards[:need]))
        if len(set(used)) != len(used):
            raise PokerDealerError("the deck has a card twice")
        if config.variant == "shortdeck" and min(used) < 16:
            raise PokerDealerError("the short deck has no card below a six")
    else:
        cards = parse_cards(deck, what="deck", variant=config.variant)  # type: ignore[arg-type]
        used = list(map(_index, cards[:need]))
    if len(cards) < need:
        n = len(config.stacks)
        raise PokerDealerError(f"{n} players need a deck of at least {need} cards, got {len(cards)}")
    return cards, used


_RANKERS: dict[tuple[str, bool], object] = {}


def _ranker(variant: str, trips_beat_straight: bool):  # noqa: ANN202
    key = (variant, trips_beat_straight)
    rank = _RANKERS.get(key)
    if rank is None:
        rank = _RANKERS[key] = rank_function(variant, trips_beat_straight=trips_beat_straight)  # type: ignore[arg-type]
    return rank


_Plan = tuple[
    int, int, int, int, RuleOptions, Structure, bool, bool, tuple[tuple[int, ...], ...],
    tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int, int, int,
    int, int, int, int, tuple[int, ...], bool,
]


def _covers_every_all_in(p: int, committed: Sequence[int], stacks: Sequence[int], folded: Sequence[bool]) -> bool:
    """Whether ``p``, the one player left who could act, has nothing to decide: every opponent
    still in is all-in, and ``p`` has already put in this round as much as any of them. A call
    would be returned as uncalled and a raise has nobody to call it
    (docs/rules.md#all-in-run-outs, #uncalled-bets): a
    small blind facing a big blind all-in for less than the small blind, once the others fold,
    is not asked to fold or call the full blind; its extra chips come back.

    >>> _covers_every_all_in(0, [5, 4, 0], [95, 0, 100], [False, False, True])
    True
    >>> _covers_every_all_in(0, [5, 8, 0], [95, 0, 100], [False, False, True])  # the all-in is bigger
    False
    """
    top = 0
    for i in range(len(committed)):
        if i != p and not folded[i]:
            if stacks[i]:
                return False
            if committed[i] > top:
                top = committed[i]
    return committed[p] >= top


def _plan(config: HandConfig) -> _Plan:
    """The state of a hand of ``config`` once the forced bets are posted (and
    who acts first preflop): it does not depend on the cards, so a config
    computes it once (cached in ``HandConfig._plan``)."""
    options = config.options
    n = len(config.stacks)
    b = config.button
    sb, bb, straddlers = config._seats
    stacks = list(config.stacks)
    committed = [0] * n
    total = [0] * n
    dead = 0
    deal_slots = tuple((i - b - 1) % n for i in range(n))
    if config.bomb_pot:
        # A bomb pot (rules.bomb_pot): every player antes, all in for less when short;
        # the antes are contributions (side pots as usual), nothing else is posted
        # and nobody bets before the flop.
        ante = config.ante
        for i in range(n):
            a = ante if ante < stacks[i] else stacks[i]
            stacks[i] -= a
            total[i] += a
        return (
            n, b, sb, bb, options, config.structure, options.reopening is Reopening.TDA,
            config.structure is Structure.FIXED_LIMIT, _CYCLES[n], deal_slots,
            tuple(stacks), tuple(committed), tuple(total), 0, 0, 0, config.min_bet,
            config.small_bet, 1 + options.limit_max_raises, 0, (b + 1) % n, (), True,
        )

    def post(player: int, amount: int) -> int:
        stack = stacks[player]
        if amount > stack:
            amount = stack
        stacks[player] = stack - amount
        committed[player] += amount
        total[player] += amount
        return amount

    # Forced bets: antes, small blind, big blind (with a big-blind ante), straddles.
    ante = config.ante
    ante_type = config.ante_type
    if ante and ante_type is AnteType.PER_PLAYER:
        dead_antes = options.per_player_ante_dead
        for i in range(n):
            a = ante if ante < stacks[i] else stacks[i]
            stacks[i] -= a
            if dead_antes:
                dead += a
            else:
                total[i] += a
    elif ante and ante_type is AnteType.BUTTON:
        a = ante if ante < stacks[b] else stacks[b]
        stacks[b] -= a
        dead += a
    small, big = config.blinds
    sb_posted = post(sb, small) if small and sb >= 0 else 0
    if config.button_blind:
        small = 0  # there is no small blind at all
    if ante and ante_type is AnteType.BIG_BLIND:
        if options.bba_priority is BBAPriority.BIG_BLIND_FIRST:
            bb_posted = post(bb, big)
        a = ante if ante < stacks[bb] else stacks[bb]
        stacks[bb] -= a
        dead += a
        if options.bba_priority is BBAPriority.ANTE_FIRST:
            bb_posted = post(bb, big)
    else:
        bb_posted = post(bb, big)
    for player, amount in zip(straddlers, config.straddles):
        post(player, amount)
    # A dead small blind still counts in a pot-limit pot (TDA 2026 56-B).
    shortfall = (small - sb_posted) + (big - bb_posted)
    # First to act: left of the largest blind or straddle posted (the last one
    # on ties: the straddler, else the big blind). Posts of players coming in
    # (below) do not move the action. Left of the button if nobody posted.
    first = (b + 1) % n
    top = 0
    for i in (sb, bb, *straddlers):
        if i >= 0 and committed[i] and committed[i] >= top:
            top, first = committed[i], (i + 1) % n
    # Extra posts of players coming in: live chips are their bet, dead to the pot.
    for p in config.posts:
        player = p.player
        if p.live:
            post(player, p.live)
        d = p.dead if p.dead < stacks[player] else stacks[player]
        stacks[player] -= d
        dead += d

    # The preflop betting round.
    price = max(big, *config.straddles) if config.straddles else big
    if options.short_blind_call_amount is ShortBlindCall.FULL_BLIND:
        top_posted = max(committed)
        current_bet = price if price > top_posted else top_posted
    else:
        current_bet = max(committed)
    if config.straddles and options.straddle_raise is StraddleRaise.STRADDLE:
        min_inc = max(config.straddles)
    elif config.button_blind and big > config.min_bet and options.straddle_raise is StraddleRaise.STRADDLE:
        # docs/rules.md#antes-and-straddles: preflop, raise to at least double the button blind.
        min_inc = big
    else:
        min_inc = config.min_bet
    raises = 1 if options.limit_blind_counts_as_bet and current_bet else 0
    # Who acts preflop: as Hand._begin_round(first) works it out (nobody folded).
    top = second = 0
    for i in range(n):
        r = committed[i] + stacks[i]
        if r > top:
            top, second = r, top
        elif r > second:
            second = r
    pending = [i for i in _CYCLES[n][first] if stacks[i] and committed[i] < second]
    if len(pending) == 1 and (
        committed[pending[0]] >= current_bet
        or (not options.covered_all_in_acts and _covers_every_all_in(pending[0], committed, stacks, [False] * n))
    ):
        pending.clear()
    # deal_slots[i] (above): the deck position of player i's first hole card
    # (rules.deal.hole_positions(config, i)[0], inline: this runs per config).
    return (
        n, b, sb, bb, options, config.structure, options.reopening is Reopening.TDA,
        config.structure is Structure.FIXED_LIMIT, _CYCLES[n], deal_slots,
        tuple(stacks), tuple(committed), tuple(total), dead, shortfall, current_bet, min_inc,
        config.small_bet, 1 + options.limit_max_raises, raises, first, tuple(pending), False,
    )


class Hand(HandState):
    """One hand: forced bets posted and cards dealt on creation, then actions.

    :param config: the table, stacks, forced bets and rule options.
    :param deck: the deck order (a :class:`~pokerdealer.cards.Deck`, cards or card
        text), top first; see the module docstring for how it is dealt. Never
        shuffled here.
    :param unknown: players whose hole cards nobody knows (a hand history that
        does not state them: the deck holds stand-in cards for them). An unknown
        hand cannot win a pot against a known one; unknown hands tie with each
        other (PokerKit's reading of ``sm ????``).

    >>> from pokerdealer.rules import HandConfig, deck_for_deal
    >>> config = HandConfig(stacks=(5, 10), blinds=(5, 10), button=0)  # the small blind all-in
    >>> hand = Hand(config, deck_for_deal(config, [None, None]), unknown=(1,))
    >>> hand.result.final_stacks, hand.unknown  # the big blind's unknown hand loses
    ((10, 5), (1,))

    Use :meth:`legal` to see what the player to act may do, :meth:`apply` (or
    :meth:`fold`, :meth:`check`, :meth:`call`, :meth:`raise_to`,
    :meth:`all_in`, :meth:`show`, :meth:`muck`) to act. An illegal action
    raises :class:`~pokerdealer.errors.IllegalActionError` and changes nothing.
    """

    __slots__ = ()

    def __init__(
        self, config: HandConfig, deck: Deck | CardsLike | Sequence[Card], *, unknown: Iterable[int] = ()
    ) -> None:
        # Derived values (legal actions, pots) are cached per state
        # version; every accepted action starts a new version.
        self._version = 0
        self._c_legal_v = self._c_pots_v = -1
        self._c_legal = None
        self._c_pots = None
        self._c_ranks = self._c_ranks2 = None  # hand ranks once the board is out
        self._unknown = tuple(sorted(set(unknown)))
        if self._unknown:
            # Below every real rank (ranks are >= 0): the stand-in cards never win.
            self._c_ranks = {p: -1 for p in self._unknown}
            self._c_ranks2 = dict(self._c_ranks)
        self._runs = 1
        self._run_pending = []
        self._board2 = []
        self._shown_after = {}
        self._config = config
        # Everything up to the first decision but the cards depends on the
        # config only: worked out once per config (see _plan).
        plan: _Plan | None = config._plan  # type: ignore[assignment]
        if plan is None:
            plan = _plan(config)
            object.__setattr__(config, "_plan", plan)
        (
            n, b, sb, bb, options, structure, tda, fixed_limit, cycles, deal_slots,
            stacks, committed, total, dead, shortfall, current_bet, min_inc, unit, cap, raises,
            first, pending, bomb,
        ) = plan
        self._options = options
        self._structure = structure
        self._tda = tda
        self._fixed_limit = fixed_limit
        self._n = n
        self._cycles = cycles
        self._button = b
        self._sb = sb
        self._bb = bb
        # A table that offers to run it twice may deal a second run after the first.
        deck_t, self._deck_idx = _deck_tuple(deck, config, 2 * n + 8 + (EXTRA_CARDS if config.run_it_twice else 0))
        self._deck = deck_t
        # Hole cards: one at a time, clockwise from the left of the button.
        self._hole = [(deck_t[k], deck_t[n + k]) for k in deal_slots]
        self._board = []
        self._starting = config.stacks
        self._stacks = list(stacks)
        self._committed = list(committed)
        self._total = list(total)
        self._dead = dead
        self._folded = [False] * n
        self._live = n
        self._street = 0
        self.log = []
        self._showdown_pending = []
        self._showdown_order = ()
        self._shown = {}
        self._mucked = []
        self._all_in_showdown = False
        self._uncalled = {}
        self._result = None
        self._aggressor = None
        self._blind_shortfall = shortfall
        self._current_bet = current_bet
        self._min_inc = min_inc
        self._unit = unit
        self._level = current_bet
        self._cap = cap
        self._raises = raises
        if pending or bomb:
            # The preflop round as _begin_round(first) starts it.
            self._acted_at = [-1] * n
            self._pk_inc = 0
            self._pk_acted = [False] * n
            self._pk_short = 0
            self._round_started_heads_up = self._heads_up_before_cap = n == 2
            self._pending = list(pending)
            if bomb:
                self._end_round()  # a bomb pot: no betting before the flop (rules.bomb_pot)
        else:
            self._begin_round(first)

    def _post(self, player: int, amount: int) -> int:
        stack = self._stacks[player]
        if amount > stack:
            amount = stack
        self._stacks[player] = stack - amount
        self._committed[player] += amount
        self._total[player] += amount
        return amount

    # ------------------------------------------------------------------ rounds
    def _begin_round(self, first: int) -> None:
        """Start a betting round; skip it when nobody can bet (docs/rules.md#all-in-run-outs)."""
        n = self._n
        stacks = self._stacks
        committed = self._committed
        folded = self._folded
        self._acted_at = [-1] * n
        self._pk_inc = 0
        self._pk_acted = [False] * n
        self._pk_short = 0
        self._aggressor = None
        self._round_started_heads_up = self._heads_up_before_cap = self._live == 2
        top = second = 0
        for i in range(n):
            if not folded[i]:
                r = committed[i] + stacks[i]
                if r > top:
                    top, second = r, top
                elif r > second:
                    second = r
        # Players who are folded, all-in, or whose chips nobody can match
        # (nothing to call and no opponent left to bet against) do not act.
        pending = [
            i for i in self._cycles[first] if not folded[i] and stacks[i] and committed[i] < second
        ]
        if len(pending) == 1 and (
            committed[pending[0]] >= self._current_bet
            or (not self._options.covered_all_in_acts and _covers_every_all_in(pending[0], committed, stacks, folded))
        ):
            pending.clear()
        self._pending = pending
        if not pending:
            self._end_round()

    def _end_round(self) -> None:
        """Return the uncalled bet, then go to the next street, a run-out, or the end."""
        committed = self._committed
        # On the hand's contributions, not this round's bets (docs/rules.md#uncalled-bets): an
        # ante nobody could match (the others all-in for less) comes back too.
        who, extra = uncalled_bet(self._total)
        if extra:
            self._stacks[who] += extra
            back = committed[who]
            committed[who] = back - extra if back > extra else 0
            self._total[who] -= extra
            self._uncalled[who] = self._uncalled.get(who, 0) + extra
        if self._live == 1:
            self._finish()
            return
        street = self._street
        stacks = self._stacks
        folded = self._folded
        n = self._n
        able = 0
        for i in range(n):
            if stacks[i] and not folded[i]:
                able += 1
        if street == 3 or able <= 1:
            if street < 3 and self._config.run_it_twice:
                # All in before the river: every player still in is asked first.
                self._ask_runs()
                return
            self._deal_to(3)
            self._begin_showdown()
            return
        street += 1
        # The next street's cards: burn one, then the flop, the turn or the river.
        base = 2 * n
        if street == 1:
            self._board.extend(self._deck[base + 1 : base + 4])
        else:
            self._board.append(self._deck[base + 2 * street + 1])
        self._street = street
        self._committed = [0] * n
        self._current_bet = 0
        config = self._config
        self._min_inc = config.min_bet
        self._unit = config.small_bet if street == 1 else config.big_bet
        self._level = 0
        self._raises = 0
        self._begin_round((self._button + 1) % n)

    def _ask_runs(self) -> None:
        """Ask every player still in, clockwise from the left of the button, whether
        to run it twice; under the all-in rule (TDA 2026 17) their hands are turned up now."""
        folded = self._folded
        self._run_pending = [i for i in self._cycles[(self._button + 1) % self._n] if not folded[i]]
        if not self._options.all_in_may_muck:
            for i in self._showdown_start():
                self._shown[i] = self._hole[i]

    def _run_out(self) -> None:
        """Deal the rest of the board (twice when agreed) and go to the showdown."""
        dealt = len(self._board)
        self._deal_to(3)
        if self._runs == 2:
            deck = self._deck
            second = second_run_positions(self._n, dealt).board
            self._board2 = self._board[:dealt] + [deck[i] for i in second]
        self._begin_showdown()

    def _showdown_start(self) -> tuple[int, ...]:
        """The players still in, in the order they show: from the last aggressor,
        else from the left of the button (TDA 2026 18-A)."""
        folded = self._folded
        start = self._aggressor if self._aggressor is not None else (self._button + 1) % self._n
        return tuple([i for i in self._cycles[start] if not folded[i]])

    def _deal_to(self, street: int) -> None:
        """Put the board out up to ``street`` (1 flop, 2 turn, 3 river), burning first."""
        board = self._board
        base = 2 * self._n
        deck = self._deck
        if street >= 1 and len(board) < 3:
            board.extend(deck[base + 1 : base + 4])
        if len(board) < 4 and street >= 2:
            board.append(deck[base + 5])
        if len(board) < 5 and street >= 3:
            board.append(deck[base + 7])

    # --------------------------------------------------------------- showdown
    def _begin_showdown(self) -> None:
        self._street = _SHOWDOWN
        order = self._showdown_start()
        self._showdown_order = order
        stacks = self._stacks
        if not all([stacks[i] for i in order]):
            self._all_in_showdown = True
        if self._all_in_showdown and not self._options.all_in_may_muck:
            # Someone is all-in and the betting is over: every live hand is tabled (TDA 2026 17).
            for i in order:
                self._shown[i] = self._hole[i]
            self._finish()
        else:
            pending = list(order)
            if self._options.reveal_called_aggressor and self._aggressor is not None:
                self._shown[order[0]] = self._hole[order[0]]
                del pending[0]
            self._showdown_pending = pending

    def _finish(self) -> None:
        """Award every pot and close the hand."""
        n = self._n
        folded = self._folded
        mucked = self._mucked
        stacks = self._stacks
        if self._live == 1:
            # Uncontested: one pot of everything to the last player, nothing to rank.
            winner = folded.index(False)
            amount = sum(self._total) + self._dead
            stacks[winner] += amount
            winners: tuple[int, ...] = (winner,)
            self._close((_tuple_new(PotAward, (amount, winners, winners, {winner: amount}, 0)),))
            return
        total = self._total
        mucked_pots: list[PotAward] = []
        if mucked:
            live = [not folded[i] and i not in mucked for i in range(n)]
            top = max([total[i] for i in range(n) if live[i]])
            if any([c > top for c in total]):
                total, mucked_pots = self._mucked_pots(top)
        else:
            live = [not f for f in folded]
        pots = build_pots(total, live, self._dead)
        options = self._options
        contenders = [i for i in range(n) if live[i]]
        runs = self._runs
        ranks = self._ranks(contenders) if len(contenders) > 1 else {}
        # A hand run twice has a second board to rank on (rules.run_twice).
        ranks2 = self._ranks(contenders, 1) if runs == 2 and ranks else ranks
        if options.kill_beaten_hands_first and ranks:
            # Beaten in every pot it is in, on every board (PokerKit's can_win_now).
            beaten = [
                i
                for i in contenders
                if all(
                    max(ranks[j] for j in pot.eligible) > ranks[i]
                    and max(ranks2[j] for j in pot.eligible) > ranks2[i]
                    for pot in pots
                    if i in pot.eligible
                )
            ]
            if beaten:
                for i in beaten:
                    live[i] = False
                pots = build_pots(total, live, self._dead)
        awards = []
        if runs == 2:
            # Each pot halved, a half a run, the odd chip to the first (rules.run_twice).
            second = []
            for amount, eligible in pots:
                first_half, second_half = _halves(amount, options.odd_chip_unit)
                awards.append(self._award(first_half, eligible, ranks, 0))
                second.append(self._award(second_half, eligible, ranks2, 1))
            awards.extend(second)
        else:
            for amount, eligible in pots:
                awards.append(self._award(amount, eligible, ranks, 0))
        self._close(tuple(awards + mucked_pots))

    def _award(self, amount: int, eligible: tuple[int, ...], ranks: dict[int, int], run: int) -> PotAward:
        """Award one pot (or one run's half of it) to its best hand(s) by ``ranks``:
        the chips are pushed, the award returned."""
        winners: tuple[int, ...]
        if len(eligible) == 1:
            winners = eligible
            shares = {eligible[0]: amount}
        else:
            winners = eligible[:1]
            best = ranks[eligible[0]]
            for i in eligible[1:]:
                r = ranks[i]
                if r > best:
                    best = r
                    winners = (i,)
                elif r == best:
                    winners += (i,)
            if len(winners) == 1:
                shares = {winners[0]: amount}
            else:
                options = self._options
                shares = split_pot(
                    amount,
                    winners,
                    button=self._button,
                    player_count=self._n,
                    unit=options.odd_chip_unit,
                    one_each=options.odd_chips is OddChips.ONE_EACH,
                )
        stacks = self._stacks
        for i, chips in shares.items():
            stacks[i] += chips
        return _tuple_new(PotAward, (amount, eligible, winners, shares, run))  # type: ignore[no-any-return]

    def _mucked_pots(self, top: int) -> tuple[list[int], list[PotAward]]:
        """Side pots every hand of which was mucked (only with
        :attr:`RuleOptions.all_in_may_muck`): the chips above ``top``, the most
        any hand still in put in. A pot cannot go to nobody: the last of its
        hands to muck wins it, the last live hand. Returns the contributions
        capped at ``top`` and those pots' awards (chips already pushed)."""
        n = self._n
        total = self._total
        folded = self._folded
        order = {p: k for k, p in enumerate(self._mucked)}
        levels = sorted({total[i] for i in range(n) if not folded[i] and total[i] > top})
        awards: list[PotAward] = []
        previous = top
        for level in levels:
            amount = sum([min(c, level) - previous for c in total if c > previous])
            eligible = tuple([i for i in range(n) if not folded[i] and total[i] >= level])
            winner = max(eligible, key=order.__getitem__)
            if awards and awards[-1].eligible == eligible:
                last = awards.pop()
                amount += last.amount
            self._stacks[winner] += amount
            awards.append(_tuple_new(PotAward, (amount, eligible, (winner,), {winner: amount}, 0)))
            previous = level
        return [min(c, top) for c in total], awards

    def _close(self, awards: tuple[PotAward, ...]) -> None:
        """Complete the hand with the pots awarded (chips already pushed)."""
        n = self._n
        self._total = [0] * n
        self._committed = [0] * n
        self._dead = 0
        self._street = _COMPLETE
        self._pending = []
        self._showdown_pending = []
        final = tuple(self._stacks)
        self._result = _tuple_new(
            HandResult,
            (
                awards,
                final,
                tuple([f - s for f, s in zip(final, self._starting)]),
                self._showdown_order,
                self._shown,
                tuple(self._mucked),
                self._uncalled,
            ),
        )

    def _ranks(self, players: Iterable[int], run: int = 0) -> dict[int, int]:
        """Hand ranks (higher wins) of ``players`` on the full board of ``run`` (1: the
        second run of a board run twice), computed once."""
        ranks = self._c_ranks if run == 0 else self._c_ranks2
        if ranks is None:
            ranks = {}
            if run == 0:
                self._c_ranks = ranks
            else:
                self._c_ranks2 = ranks
        missing = [i for i in players if i not in ranks]
        if missing:
            rank = _ranker(self._config.variant, self._options.short_deck_trips_beat_straight)
            # The board and hole cards as dealt (module docstring), by card index.
            idx = self._deck_idx
            n = self._n
            base = 2 * n
            if run == 0:
                b0, b1, b2, b3, b4 = idx[base + 1], idx[base + 2], idx[base + 3], idx[base + 5], idx[base + 7]
            else:
                b0, b1, b2, b3, b4 = [c.index for c in self._board2]
            b = self._button + 1
            for i in missing:
                k = (i - b) % n
                ranks[i] = rank([idx[k], idx[n + k], b0, b1, b2, b3, b4])  # type: ignore[operator]
        return ranks

    # ----------------------------------------------------------------- actions
    def legal(self) -> LegalActions:
        """What the player to act may do now (``LegalActions(None)`` when nobody acts)."""
        return _legal(self)

    def check_action(self, action: Action | str) -> Action:
        """The record ``action`` would be logged as; raises IllegalActionError if illegal."""
        if isinstance(action, str):
            action = parse_action(action)
        if self._run_pending or action.kind == RUNS:
            if action.kind != RUNS:
                raise _deciding(self, action)
            return _check_runs(self, action)
        if self._street == _COMPLETE and action.kind == SHOW:
            return _check_show(self, action)
        return _check(self, action)

    def _show_after(self, action: Action) -> Action:
        """A show once the hand is over (:mod:`pokerdealer.rules.show_after`); any
        other action is refused as in any finished hand."""
        if action.kind != SHOW:
            return _check(self, action)  # raises: nothing is pending
        record = _check_show(self, action)
        self._version += 1
        self.log.append(record)
        p = record.player
        shown = set(self._shown_after.get(p, ())) | set(record.cards)  # type: ignore[arg-type]
        self._shown_after[p] = tuple([c for c in self._hole[p] if c in shown])  # type: ignore[index]
        return record

    def show_after(self, player: int, which: str = "both") -> Action:
        """Once the hand is over, ``player`` shows their ``first``, ``second`` or
        ``both`` hole cards (:mod:`pokerdealer.rules.show_after`)."""
        return self.apply(Action(SHOW, player, None, _cards_to_show(self, player, which)))

    def _answer_runs(self, action: Action) -> None:
        """A player's answer to running it twice (:mod:`pokerdealer.rules.run_twice`):
        the first "no" runs the board once, the last "yes" twice."""
        if action.kind != RUNS:
            raise _deciding(self, action)
        record = _check_runs(self, action)
        self._version += 1
        self.log.append(record)
        p = record.player
        pending = self._run_pending
        if record.amount == 1:
            pending.clear()
        else:
            pending.remove(p)  # type: ignore[arg-type]
            if pending:
                return
            self._runs = 2
        self._run_out()

    def can(self, action: Action | str) -> bool:
        """Whether ``action`` is legal now."""
        try:
            self.check_action(action)
        except PokerDealerError:
            return False
        return True

    def apply(self, action: Action | str) -> Action:
        """Apply a legal action and return the record appended to :attr:`log`.

        ``action`` may be an :class:`Action` or PHH text (``"p2 cbr 80"``).
        """
        if type(action) is not Action and isinstance(action, str):
            action = parse_action(action)
        if self._run_pending or action.kind == RUNS:
            self._answer_runs(action)
            return self.log[-1]
        if self._street == _COMPLETE:
            return self._show_after(action)
        record = _check(self, action)
        self._version += 1
        kind, p, amount, _cards = record
        if kind == SHOW or kind == MUCK:
            self.log.append(record)
            self._showdown_act(record)
            return record
        pending = self._pending
        del pending[0]
        self.log.append(record)
        if kind == RAISE:
            self._raise(p, amount)  # type: ignore[arg-type]
            return record
        if kind == CALL:
            self._stacks[p] -= amount  # type: ignore[index,operator]
            self._committed[p] += amount  # type: ignore[index,operator]
            self._total[p] += amount  # type: ignore[index,operator]
        elif kind == FOLD:
            self._folded[p] = True  # type: ignore[index]
            live = self._live = self._live - 1
            if live == 2 and self._raises < self._cap:
                self._heads_up_before_cap = True
            if live == 1:
                self._acted_at[p] = self._current_bet  # type: ignore[index]
                self._pk_acted[p] = True  # type: ignore[index]
                self._end_round()
                return record
        self._acted_at[p] = self._current_bet  # type: ignore[index]
        self._pk_acted[p] = True  # type: ignore[index]
        if (
            len(pending) == 1
            and not self._options.covered_all_in_acts
            and _covers_every_all_in(pending[0], self._committed, self._stacks, self._folded)
        ):
            pending.clear()
        if not pending:
            self._end_round()
        return record

    def _raise(self, p: int, to: int) -> None:
        stacks = self._stacks
        committed = self._committed
        current = self._current_bet
        increment = to - current
        delta = to - committed[p]
        stacks[p] -= delta
        committed[p] = to
        self._total[p] += delta
        options = self._options
        if self._fixed_limit:
            full = 2 * (to - self._level) >= self._unit
            if full:
                self._level = to
            if full or options.limit_short_all_in is LimitShortAllIn.ALWAYS:
                self._raises += 1
            if self._raises >= self._cap and self._live > 2:
                if options.limit_heads_up_cap is HeadsUpCap.UNCAP_WHEN_HEADS_UP:
                    self._heads_up_before_cap = False
        elif increment >= self._min_inc:
            self._min_inc = increment
        if not self._tda:
            if increment >= self._pk_inc:
                self._pk_acted = [False] * self._n
            self._pk_acted[p] = True
            if increment > self._pk_inc:
                self._pk_inc = increment
            if stacks[p]:
                self._pk_short = 0
            else:
                self._pk_short += increment
            if self._pk_short >= self._pk_inc:
                self._pk_short = 0
        self._current_bet = to
        self._acted_at[p] = to
        self._aggressor = p
        folded = self._folded
        self._pending = [i for i in self._cycles[p] if not folded[i] and stacks[i] and i != p]

    def _showdown_act(self, record: Action) -> None:
        p = record.player
        assert p is not None
        self._showdown_pending.pop(0)
        if record.kind == SHOW:
            self._shown[p] = self._hole[p]
        else:
            self._mucked.append(p)
        unmucked = len(self._showdown_order) - len(self._mucked)
        if not self._showdown_pending or unmucked == 1:
            self._finish()

    # -------------------------------------------------------- convenience acts
    def fold(self) -> Action:
        """The player to act folds."""
        return self.apply(Action(FOLD))

    def check(self) -> Action:
        """The player to act checks."""
        return self.apply(Action(CHECK))

    def call(self) -> Action:
        """The player to act calls (all-in if short)."""
        return self.apply(Action(CALL))

    def check_or_call(self) -> Action:
        """The player to act checks, or calls when facing a bet (PHH ``cc``)."""
        return self.apply(Action(CHECK_CALL))

    def raise_to(self, amount: int) -> Action:
        """The player to act bets or raises to ``amount`` (this street's total)."""
        return self.apply(Action(RAISE, None, amount))

    def bet(self, amount: int) -> Action:
        """Same as :meth:`raise_to` (a def, not an alias, so the class compiles with mypyc)."""
        return self.raise_to(amount)

    def all_in(self) -> Action:
        """The player to act puts every chip in (a raise, or a call if short)."""
        return self.apply(Action(ALL_IN))

    def show(self) -> Action:
        """At showdown, the player to act shows both hole cards."""
        return self.apply(Action(SHOW))

    def muck(self) -> Action:
        """At showdown, the player to act mucks (forfeits every pot)."""
        return self.apply(Action(MUCK))

    def auto_showdown(self) -> HandResult:
        """Play the showdown the online way and return the result: show in order,
        muck a hand that can no longer win (it is beaten by a hand already shown)."""
        if self._showdown_pending and self._all_in_showdown:
            while self._showdown_pending:  # all-in: every hand tabled (RuleOptions.all_in_may_muck)
                self.apply(_tuple_new(Action, (SHOW, self._showdown_pending[0], None, None)))
        if self._showdown_pending:
            ranks = self._ranks(self._showdown_order)
            best = -1
            for p in self._shown:  # a called aggressor tabled by the rules
                if ranks[p] > best:
                    best = ranks[p]
            while self._showdown_pending:
                p = self._showdown_pending[0]
                r = ranks[p]
                if r >= best:
                    best = r
                    self.apply(_tuple_new(Action, (SHOW, p, None, None)))
                else:
                    self.apply(_tuple_new(Action, (MUCK, p, None, None)))
        result = self.result
        if result is None:
            raise PokerDealerError("the hand is not at showdown or over yet")
        return result

    def view(self, player: int | None) -> PlayerView:
        """What ``player`` may see (``None``: a spectator); see :mod:`pokerdealer.rules.view`."""
        return _view(self, player)

    def _fingerprint(self) -> tuple[object, ...]:
        """Every piece of mutable state, for tests that an action changed nothing."""
        return tuple(
            (tuple(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v)
            for v in (getattr(self, name) for name in _HAND_SLOTS if not name.startswith("_c_"))
            if not callable(v)
        )

    def __repr__(self) -> str:
        return (
            f"Hand(street={self.street.value!r}, actor={self.actor}, stacks={self.stacks}, "
            f"committed={self.committed}, board={' '.join(map(str, self._board)) or '-'})"
        )


def replay(
    config: HandConfig, deck: Deck | CardsLike | Sequence[Card], actions: Iterable[Action | str],
    *, unknown: Iterable[int] = (),
) -> Hand:
    """Rebuild a hand from its log: the same config, deck and actions give the
    same state (the shown/mucked choices are part of the actions; ``unknown``
    as :class:`Hand` takes it).

    >>> from pokerdealer.rules.config import HandConfig
    >>> from pokerdealer.cards import deck_cards
    >>> hand = replay(HandConfig(stacks=(100, 100)), deck_cards(), ["p2 cbr 10", "p1 f"])
    >>> hand.result.final_stacks
    (98, 102)
    """
    hand = Hand(config, deck, unknown=unknown)
    for action in actions:
        hand.apply(action)
    return hand
