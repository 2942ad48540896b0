"""What a hand is played with: the table configuration and the rule options.

:class:`HandConfig` says *what* is played (variant, structure, forced bets,
stacks, button); :class:`RuleOptions` says *which reading of the rules* is
used where the sources disagree (every option of docs/rules.md#where-rooms-differ).

Players are listed **clockwise by seat**; ``button`` is the index of the
button player. Heads-up the button posts the small blind. With the default
``button = n - 1`` (the last player), player indices equal PHH positions:
index 0 is the small blind (heads-up: the big blind), so ``p1`` in a PHH
action line is player 0.

>>> config = HandConfig(stacks=(200, 200, 200), blinds=(1, 2))
>>> config.players, config.button, config.small_blind_player, config.big_blind_player
(('p1', 'p2', 'p3'), 2, 0, 1)
>>> HandConfig(stacks=(100, 100), blinds=(1, 2)).small_blind_player
1
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

from pokerdealer.cards import Variant
from pokerdealer.errors import PokerDealerError

__all__ = [
    "AnteType",
    "BBAPriority",
    "ConfigError",
    "HandConfig",
    "HeadsUpCap",
    "LimitShortAllIn",
    "OddChips",
    "PLSmallBlindRounding",
    "Post",
    "Reopening",
    "RuleOptions",
    "ShortBlindCall",
    "StraddleRaise",
    "Structure",
]


class ConfigError(PokerDealerError):
    """A hand configuration that cannot be played (bad stacks, blinds, button...)."""


class Structure(StrEnum):
    """Betting structure."""

    NO_LIMIT = "no_limit"
    """Bet or raise any amount from the minimum up to the whole stack."""
    POT_LIMIT = "pot_limit"
    """Raise at most the size of the pot after calling (docs/rules.md#pot-limit)."""
    FIXED_LIMIT = "fixed_limit"
    """Bets and raises of one fixed unit per street, with a raise cap (§4.3)."""

    @classmethod
    def _missing_(cls, value: object) -> Structure:
        """An unknown name is refused with the names there are: ``"limit"``
        is a common guess for ``fixed_limit``, and Python's own "is not a
        valid Structure" did not say what would be right.

        >>> Structure("limit")
        Traceback (most recent call last):
        ...
        pokerdealer.rules.config.ConfigError: unknown structure 'limit': expected no_limit, pot_limit or fixed_limit
        """
        *others, last = (s.value for s in cls)
        raise ConfigError(f"unknown structure {value!r}: expected {', '.join(others)} or {last}")


class AnteType(StrEnum):
    """Who pays the ante (docs/rules.md#antes-and-straddles)."""

    NONE = "none"
    PER_PLAYER = "per_player"
    """Every player posts ``ante``; antes count as contributions for side pots."""
    BIG_BLIND = "big_blind"
    """The big blind posts ``ante`` for the table (BBA); dead money in the main pot."""
    BUTTON = "button"
    """The button posts ``ante`` for the table; dead money in the main pot."""


class BBAPriority(StrEnum):
    """What a big blind short of chips pays first with a big-blind ante (§2.2)."""

    BIG_BLIND_FIRST = "big_blind_first"
    """TDA RP-11: the blind first, the remainder to the ante."""
    ANTE_FIRST = "ante_first"
    """Older practice (and PokerKit): the ante first, the remainder to the blind."""


class ShortBlindCall(StrEnum):
    """What others must call when a blind is all-in for less than its size (§3.1)."""

    FULL_BLIND = "full_blind"
    """WSOP-LA 150 / RRP: the full blind; pot-limit counts full blinds (TDA 2026 56-B)."""
    ACTUAL_POSTED = "actual_posted"
    """PokerKit: the amount actually posted."""


class Reopening(StrEnum):
    """How short all-ins re-open the betting (docs/rules.md#fixed-limit, #re-opening)."""

    TDA = "tda"
    """TDA 2026 49 / RRP: a player who acted may raise only when facing, since their own
    last action, at least one full bet or raise (cumulative short all-ins count);
    in limit, a short all-in of half a unit or more is a full raise."""
    POKERKIT = "pokerkit"
    """PokerKit 0.7.7: raise increments (short ones included) are compared with the
    largest increment of the round, starting from zero on every street (so a player
    who called may raise after a short all-in over the big blind, and a checker may
    raise a sub-minimum all-in bet); in limit every raise is one unit over the
    current bet and counts toward the cap."""


class HeadsUpCap(StrEnum):
    """Whether the fixed-limit raise cap applies heads-up (§4.3)."""

    CAPPED = "capped"
    """TDA 2026 50 / WSOP-T: the cap always applies (a hand does not know whether the
    whole event is heads-up; the tournament layer may switch to uncapped)."""
    UNCAP_IF_ROUND_STARTS_HEADS_UP = "uncap_if_round_starts_heads_up"
    """WSOP-LA 127: no cap in a betting round that begins with two players."""
    UNCAP_WHEN_HEADS_UP = "uncap_when_heads_up"
    """RRP 4: no cap once only two players remain before the cap is reached."""


class LimitShortAllIn(StrEnum):
    """Whether a short all-in raise counts toward the fixed-limit cap."""

    HALF_OR_MORE = "half_or_more"
    """Only an all-in of at least half a unit counts (it is a full raise)."""
    ALWAYS = "always"
    """Every raise counts (PokerKit)."""


class PLSmallBlindRounding(StrEnum):
    """Pot-limit: how the small blind counts in the pot before the BB acts (§4.2)."""

    NONE = "none"
    """TDA: the actual (full) small blind, max open with 5/10 is 35."""
    SB_AS_BB = "sb_as_bb"
    """WSOP-LA 187: the small blind counts as a big blind, max open 40."""


class StraddleRaise(StrEnum):
    """The preflop minimum raise increment when a forced bet is bigger than the
    minimum bet: a straddle (§2.4), or a button blind (§2.3)."""

    STRADDLE = "straddle"
    """General rule: the largest straddle (or the button blind) is the bet to
    raise, raise by at least it."""
    BIG_BLIND = "big_blind"
    """PokerKit: raise by at least the minimum bet (the big blind), whatever the
    straddle or button blind: a button blind of 2 with a minimum bet of 1 may be
    raised to 3."""


class OddChips(StrEnum):
    """How odd chips of a split pot are handed out (docs/rules.md#odd-chips)."""

    ONE_EACH = "one_each"
    """One unit each to the winners in seat order from the left of the button."""
    ALL_TO_FIRST = "all_to_first"
    """The whole remainder to the first winner left of the button (PokerKit)."""


@dataclass(frozen=True, slots=True)
class RuleOptions:
    """The house's choice wherever the rules disagree. Defaults follow docs/rules.md.

    >>> RuleOptions().reopening, RuleOptions.pokerkit().reopening
    (<Reopening.TDA: 'tda'>, <Reopening.POKERKIT: 'pokerkit'>)
    """

    bba_priority: BBAPriority = BBAPriority.BIG_BLIND_FIRST
    """Big-blind ante: blind or ante first when the BB is short (§2.2)."""
    short_blind_call_amount: ShortBlindCall = ShortBlindCall.FULL_BLIND
    """Price of the hand when a blind or straddle is all-in short (§3.1, §4.2)."""
    reopening: Reopening = Reopening.TDA
    """Re-opening after short all-ins (§4.3, §4.4)."""
    limit_max_raises: int = 4
    """Fixed limit: raises allowed after the bet in one round (bet + 4 raises)."""
    limit_blind_counts_as_bet: bool = True
    """Fixed limit, preflop: the big blind is the round's bet for the cap."""
    limit_heads_up_cap: HeadsUpCap = HeadsUpCap.CAPPED
    """Fixed limit: cap heads-up or not (§4.3)."""
    limit_short_all_in: LimitShortAllIn = LimitShortAllIn.HALF_OR_MORE
    """Fixed limit: which short all-in raises count toward the cap."""
    odd_chip_unit: int = 1
    """Smallest chip in play; split pots are divided in multiples of it (§7)."""
    odd_chips: OddChips = OddChips.ONE_EACH
    """Who gets the odd units of a split pot (§7)."""
    pl_small_blind_rounding: PLSmallBlindRounding = PLSmallBlindRounding.NONE
    """Pot limit, preflop: count the small blind as a big blind (§4.2)."""
    straddle_raise: StraddleRaise = StraddleRaise.STRADDLE
    """Preflop minimum raise increment with a straddle (§2.4)."""
    raise_to_largest_opponent: bool = False
    """Online-site sizing: the legal raise range is capped at what the largest
    opponent can match (their all-in), and a raise to exactly that amount is legal
    even below the minimum raise. This changes what :meth:`Hand.legal` lists."""
    accept_uncallable_raise: bool = False
    """Tolerance for recorded hands (PHH data, PokerKit before 0.7.4): accept a bet
    or raise *to at least what every opponent can match* (the largest opponent's
    all-in) even when it is below the minimum raise; the part nobody can match is
    returned as an uncalled bet, so the chips are those of the smallest such raise.
    When no opponent can call any raise (all are all-in for the current bet or
    less), such a "raise" is taken as a call. It never allows more than the
    player's stack, nor a raise the betting does not allow (re-opening, cap, pot
    limit); it does not change what :meth:`Hand.legal` lists."""
    fold_when_check_allowed: bool = True
    """Offer a fold when checking is free (PokerKit's legal actions leave it out;
    its cash games still take one, with a warning)."""
    per_player_ante_dead: bool = False
    """Treat per-player antes as dead money in the main pot instead of as
    contributions (PokerKit without ante trimming); differs only when a player
    cannot post the whole ante."""
    short_deck_trips_beat_straight: bool = True
    """Short deck: three of a kind beats a straight (Triton); PokerKit and WSOP: no."""
    reveal_called_aggressor: bool = True
    """Table the last river bettor's hand automatically when called (docs/rules.md#who-shows-first
    ``reveal_called_aggressor = auto``, the default; TDA 2026 19-B): the showdown
    starts with it tabled and the next players in order show or muck. Off: the
    called aggressor shows or mucks like everyone else (PokerKit)."""
    all_in_may_muck: bool = False
    """At a showdown with a player all-in, each player in turn shows or mucks, as
    PokerKit lets them (a muck forfeits every pot). Off (the default,
    docs/rules.md#all-in-showdowns, TDA 2026 17): every live hand is tabled. Either way
    :meth:`~pokerdealer.rules.Hand.auto_showdown` tables them all, as PokerKit's
    automation does."""
    covered_all_in_acts: bool = False
    """The last player who could act, whose chips already cover every opponent's
    all-in (a small blind facing a big blind all-in for less, once the others fold),
    is still asked to call the full blind or fold, as PokerKit asks. Off (the
    default, docs/rules.md#all-in-run-outs): that player has no decision; the betting closes and the
    extra chips come back as uncalled."""
    kill_beaten_hands_first: bool = False
    """PokerKit's award procedure: hands beaten in every pot they are in are killed
    first and the pots rebuilt from the remaining hands, which merges pots that
    then have the same players (so odd chips can fall differently than when
    each side pot is split on its own, TDA 2026 23)."""

    def __post_init__(self) -> None:
        if self.odd_chip_unit < 1:
            raise ConfigError(f"odd_chip_unit must be at least 1, got {self.odd_chip_unit}")
        if self.limit_max_raises < 0:
            raise ConfigError(f"limit_max_raises must be >= 0, got {self.limit_max_raises}")

    @classmethod
    def pokerkit(cls) -> RuleOptions:
        """PokerKit 0.7.7's choices, for differential testing and PHH replay.

        >>> RuleOptions.pokerkit().bba_priority
        <BBAPriority.ANTE_FIRST: 'ante_first'>
        """
        return cls(
            bba_priority=BBAPriority.ANTE_FIRST,
            short_blind_call_amount=ShortBlindCall.ACTUAL_POSTED,
            reopening=Reopening.POKERKIT,
            limit_max_raises=3,
            limit_blind_counts_as_bet=False,
            limit_heads_up_cap=HeadsUpCap.CAPPED,
            limit_short_all_in=LimitShortAllIn.ALWAYS,
            odd_chips=OddChips.ALL_TO_FIRST,
            straddle_raise=StraddleRaise.BIG_BLIND,
            fold_when_check_allowed=False,
            per_player_ante_dead=True,
            short_deck_trips_beat_straight=False,
            kill_beaten_hands_first=True,
            reveal_called_aggressor=False,
            all_in_may_muck=True,
            covered_all_in_acts=True,
        )

    def replace(self, **changes: object) -> RuleOptions:
        """A copy with some options changed."""
        return replace(self, **changes)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Post:
    """A forced bet outside the blinds, posted before the deal by a player coming
    in (docs/rules.md#joining-and-missed-blinds, WSOP-LA 154-157).

    ``live`` chips count as the player's bet this round (a big blind posted to
    come in, or the big blind of a returning player): others must match them, and
    the player keeps the option to raise when the action reaches them, as a blind
    does. ``dead`` chips (a missed small blind) go to the main pot as dead money
    (§5.3) and are not part of the player's bet. Live chips are taken first
    when the stack cannot cover both.

    ``player`` is the index in the hand; the table plans posts by seat
    (:class:`pokerdealer.table.Post`) and converts them.

    >>> Post(3, live=10, dead=5)
    Post(player=3, live=10, dead=5)
    """

    player: int
    live: int = 0
    dead: int = 0


@dataclass(frozen=True, slots=True)
class HandConfig:
    """Everything about one hand except the deck and the actions.

    :param stacks: chips of each player at the start, clockwise by seat (all > 0).
    :param blinds: ``(small, big)``; a small blind of 0 means none is posted.
    :param button: index of the button player; default the last player.
    :param straddles: amounts posted, in order, by the players after the big blind.
    :param ante: the ante amount; ``ante_type`` says who pays it.
    :param structure: no limit, pot limit or fixed limit.
    :param small_bet: fixed limit unit on preflop and flop (default: the big blind).
    :param big_bet: fixed limit unit on turn and river (default: twice the small bet).
    :param min_bet: smallest opening bet in no limit / pot limit (default: the big blind).
    :param variant: ``"holdem"`` or ``"shortdeck"``.
    :param players: names, default ``p1``..``pN``.
    :param options: the rule options.
    :param dead_small_blind: nobody posts the small blind: the big blind is the
        player left of the button (DEAD button rule when the last big blind has
        gone, docs/rules.md#dead-or-moving-button). 3+ players only. ``blinds[0]`` stays the nominal
        small blind (a pot-limit pot counts it, TDA 2026 56-B).
    :param button_blind: the button posts the big blind, live, and acts last
        preflop (the short-deck "button blind", docs/rules.md#antes-and-straddles); no small blind
        (``blinds[0]`` must be 0) and no straddles.
    :param posts: extra :class:`Post` s (live and dead chips) of players coming
        in (docs/rules.md#joining-and-missed-blinds); pairs or triples
        ``(player, live, dead)`` are accepted.
    :param run_it_twice: the table offers to run it twice: when the betting is over
        before the river with a player all in, every player still in is asked, and
        if all agree the board is dealt twice and each pot halved
        (:mod:`pokerdealer.rules.run_twice`). The deck then needs ``2n + 16`` cards.
    :param bomb_pot: a bomb pot (:mod:`pokerdealer.rules.bomb_pot`): every player
        antes ``ante`` (``ante_type`` per player; all in for less when short, side
        pots as usual), nobody posts a blind or straddles, there is no betting
        before the flop: the flop is dealt and the first player left of the button
        acts. ``blinds`` still set the minimum bet (``min_bet``).

    >>> HandConfig(stacks=(50, 50), blinds=(1, 3), button=5)
    Traceback (most recent call last):
    ...
    pokerdealer.rules.config.ConfigError: button 5 is not a player index (0..1)
    """

    stacks: tuple[int, ...]
    blinds: tuple[int, int] = (1, 2)
    button: int = -1
    straddles: tuple[int, ...] = ()
    ante: int = 0
    ante_type: AnteType = AnteType.NONE
    structure: Structure = Structure.NO_LIMIT
    small_bet: int = 0
    big_bet: int = 0
    min_bet: int = 0
    variant: Variant = "holdem"
    players: tuple[str, ...] = ()
    options: RuleOptions = field(default_factory=RuleOptions)
    dead_small_blind: bool = False
    button_blind: bool = False
    posts: tuple[Post, ...] = ()
    run_it_twice: bool = False
    bomb_pot: bool = False
    _seats: tuple[int, int, tuple[int, ...]] = field(
        init=False, repr=False, compare=False, default=(0, 0, ())
    )
    # The state after the forced bets, computed by the first Hand played with
    # this config (pokerdealer.rules.hand): it depends on nothing else.
    _plan: tuple[object, ...] | None = field(init=False, repr=False, compare=False, default=None)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        stacks = tuple(int(s) for s in self.stacks)
        set_(self, "stacks", stacks)
        n = len(stacks)
        if not 2 <= n <= 10:
            raise ConfigError(f"a hand needs 2 to 10 players, got {n}")
        if any(s <= 0 for s in stacks):
            raise ConfigError(f"every starting stack must be positive, got {stacks}")
        button = self.button if self.button != -1 else n - 1
        if not 0 <= button < n:
            raise ConfigError(f"button {self.button} is not a player index (0..{n - 1})")
        set_(self, "button", button)
        sb, bb = (int(b) for b in self.blinds)
        set_(self, "blinds", (sb, bb))
        if bb <= 0 or sb < 0:
            raise ConfigError(f"blinds must be (small >= 0, big > 0), got {self.blinds}")
        straddles = tuple(int(s) for s in self.straddles)
        set_(self, "straddles", straddles)
        if len(straddles) > n - 2:
            raise ConfigError(f"{len(straddles)} straddles need at least {len(straddles) + 2} players")
        if any(s <= 0 for s in straddles):
            raise ConfigError(f"straddles must be positive, got {straddles}")
        set_(self, "structure", Structure(self.structure))
        set_(self, "ante_type", AnteType(self.ante_type))
        if self.ante < 0:
            raise ConfigError(f"the ante must be >= 0, got {self.ante}")
        if self.ante_type is AnteType.NONE and self.ante:
            set_(self, "ante_type", AnteType.PER_PLAYER)
        if self.variant not in ("holdem", "shortdeck"):
            raise ConfigError(f"unknown variant {self.variant!r}: expected 'holdem' or 'shortdeck'")
        if self.variant == "shortdeck" and n > 9:
            raise ConfigError("short deck is played by at most 9 players")
        small_bet = self.small_bet or bb
        set_(self, "small_bet", small_bet)
        set_(self, "big_bet", self.big_bet or 2 * small_bet)
        set_(self, "min_bet", self.min_bet or bb)
        players = tuple(self.players) or tuple(f"p{i + 1}" for i in range(n))
        if len(players) != n:
            raise ConfigError(f"{len(players)} player names for {n} stacks")
        set_(self, "players", players)
        posts = tuple(p if isinstance(p, Post) else Post(*p) for p in self.posts)
        set_(self, "posts", posts)
        seen: set[int] = set()
        for post in posts:
            if not 0 <= post.player < n:
                raise ConfigError(f"post {post}: {post.player} is not a player index (0..{n - 1})")
            if post.live < 0 or post.dead < 0:
                raise ConfigError(f"post {post}: amounts must be >= 0")
            if post.player in seen:
                raise ConfigError(f"player {post.player} has two posts")
            seen.add(post.player)
        if self.dead_small_blind and self.button_blind:
            raise ConfigError("dead_small_blind and button_blind exclude each other")
        if self.button_blind:
            if sb:
                raise ConfigError(f"with a button blind nobody posts a small blind, got {sb}")
            if straddles:
                raise ConfigError("straddles are not played with a button blind")
            sb_player, bb_player = -1, button
        elif self.dead_small_blind:
            if n == 2:
                raise ConfigError("heads-up there is never a dead small blind (TDA 2026 36-C)")
            sb_player, bb_player = -1, (button + 1) % n
        else:
            sb_player = button if n == 2 else (button + 1) % n
            bb_player = (sb_player + 1) % n
        straddlers = tuple((bb_player + 1 + k) % n for k in range(len(straddles)))
        set_(self, "_seats", (sb_player, bb_player, straddlers))
        if self.bomb_pot and (not self.ante or self.ante_type is not AnteType.PER_PLAYER or straddles or posts):
            raise ConfigError(
                "a bomb pot is every player's ante and nothing else: a per-player ante above 0, "
                f"no straddle and no post (got ante {self.ante} {self.ante_type.value}, "
                f"straddles {straddles}, posts {posts})"
            )

    # -- derived seats ---------------------------------------------------------
    @property
    def player_count(self) -> int:
        return len(self.stacks)

    @property
    def small_blind_player(self) -> int | None:
        """Index of the small blind: the button heads-up, else the next player;
        ``None`` when nobody posts it (dead small blind, button blind)."""
        sb = self._seats[0]
        return None if sb < 0 else sb

    @property
    def big_blind_player(self) -> int:
        """Index of the big blind: left of the small blind, left of the button
        with a dead small blind, the button itself with a button blind."""
        return self._seats[1]

    @property
    def straddle_players(self) -> tuple[int, ...]:
        """The players who post the straddles: the next ones after the big blind."""
        return self._seats[2]

    def replace(self, **changes: object) -> HandConfig:
        """A copy with some fields changed."""
        return replace(self, **changes)  # type: ignore[arg-type]

    @classmethod
    def from_positions(
        cls,
        stacks: tuple[int, ...],
        blinds_or_straddles: tuple[int, ...],
        antes: tuple[int, ...] = (),
        *,
        dead_small_blind: int | None = None,
        **kwargs: object,
    ) -> HandConfig:
        """Build a config from PHH-style per-position arrays: index 0 is the first
        player left of the button, the last index is the button.

        ``blinds_or_straddles`` is PHH's array of live forced bets:

        - ``[1, 2, 4, 0]``: small blind 1, big blind 2, one straddle of 4;
        - ``[2, 0, 0, 0]``: the big blind left of the button and no small blind
          (a dead small blind, docs/rules.md#dead-or-moving-button);
        - ``[0, 0, 0, 3000]``: a button blind (docs/rules.md#antes-and-straddles).

        Heads-up PHH writes ``[small, big]`` although player index 0 posts the
        big blind (PokerKit: player ``i`` posts ``blinds_or_straddles[not i]``);
        the antes are reverse-assigned the same way. ``antes``: all equal =
        per-player ante, one nonzero at the big blind = BBA, at the button =
        button ante.

        ``dead_small_blind`` says what the arrays cannot: nobody posts the small
        blind of that size (docs/rules.md#dead-or-moving-button), so index 0 posts the
        big blind and the next indices the straddles (``[2, 4, 0, 0]`` is then big blind 2 and a
        straddle of 4), and a pot-limit pot still counts the small blind (TDA 2026 56-B).

        >>> c = HandConfig.from_positions((100, 100, 100, 100), (1, 2, 4, 0), (0, 2, 0, 0))
        >>> c.straddles, c.ante_type, c.button
        ((4,), <AnteType.BIG_BLIND: 'big_blind'>, 3)
        >>> hu = HandConfig.from_positions((100, 100), (1, 2))
        >>> hu.blinds, hu.big_blind_player, hu.small_blind_player
        ((1, 2), 0, 1)
        >>> bb = HandConfig.from_positions((50,) * 6, (0, 0, 0, 0, 0, 30), (5,) * 6)
        >>> bb.button_blind, bb.big_blind_player, bb.blinds, bb.ante_type
        (True, 5, (0, 30), <AnteType.PER_PLAYER: 'per_player'>)
        >>> dead = HandConfig.from_positions((100,) * 4, (2, 4, 0, 0), dead_small_blind=1)
        >>> dead.dead_small_blind, dead.blinds, dead.straddles, dead.big_blind_player
        (True, (1, 2), (4,), 0)
        """
        n = len(stacks)
        if not 2 <= n <= 10:
            raise ConfigError(f"a hand needs 2 to 10 players, got {n}")
        bos = [int(b) for b in blinds_or_straddles] + [0] * (n - len(blinds_or_straddles))
        if len(bos) > n:
            raise ConfigError(f"blinds_or_straddles {tuple(blinds_or_straddles)}: more than {n} players")
        if any(b < 0 for b in bos):
            raise ConfigError("negative blinds (posted bets of new players) are not supported")
        # Heads-up the arrays are reverse-assigned: player i posts bos[not i].
        posted = bos[::-1] if n == 2 else bos
        layout: dict[str, object] = {}
        straddles: tuple[int, ...] = ()
        if dead_small_blind is not None:
            if n == 2:
                raise ConfigError("heads-up there is never a dead small blind (TDA 2026 36-C)")
            count = n - next((k for k, b in enumerate(reversed(posted)) if b), n)
            if count == 0 or 0 in posted[:count]:
                raise ConfigError(
                    f"blinds_or_straddles {bos} with a dead small blind: expected the big blind "
                    "first, then any straddles"
                )
            blinds = (dead_small_blind, posted[0])
            straddles = tuple(posted[1:count])
            layout["dead_small_blind"] = True
        elif n == 2 and posted[0] == 0 and posted[1] > 0:
            blinds = (0, posted[1])
            layout["button_blind"] = True
        elif n == 2:
            blinds = (posted[1], posted[0])
        elif posted[1] > 0:
            blinds = (posted[0], posted[1])
            rest = posted[2:]
            count = len(rest) - next((k for k, b in enumerate(reversed(rest)) if b), len(rest))
            straddles = tuple(rest[:count])
            if 0 in straddles:
                raise ConfigError(f"blinds_or_straddles {bos}: a gap before a straddle")
        elif posted[0] > 0 and not any(posted[1:]):
            blinds = (0, posted[0])
            layout["dead_small_blind"] = True
        elif posted[-1] > 0 and not any(posted[:-1]):
            blinds = (0, posted[-1])
            layout["button_blind"] = True
        else:
            raise ConfigError(
                f"blinds_or_straddles {bos}: no big blind (expected small and big blind, "
                "a big blind left of the button, or a button blind)"
            )
        bb_index = n - 1 if layout.get("button_blind") else (0 if n == 2 or layout else 1)
        ante, ante_type = 0, AnteType.NONE
        antes_l = [int(a) for a in antes] + [0] * (n - len(antes))
        if any(antes_l):
            if n == 2:
                antes_l = antes_l[::-1]  # effective ante of index i is antes[not i]
            nonzero = [i for i, a in enumerate(antes_l) if a]
            if len(set(antes_l)) == 1:
                ante, ante_type = antes_l[0], AnteType.PER_PLAYER
            elif nonzero == [bb_index]:
                ante, ante_type = antes_l[bb_index], AnteType.BIG_BLIND
            elif nonzero == [n - 1]:
                ante, ante_type = antes_l[n - 1], AnteType.BUTTON
            else:
                raise ConfigError(f"unsupported antes {tuple(antes)}: only uniform, big-blind or button antes")
        return cls(
            stacks=tuple(stacks),
            blinds=blinds,
            button=n - 1,
            straddles=straddles,
            ante=ante,
            ante_type=ante_type,
            **layout,  # type: ignore[arg-type]
            **kwargs,  # type: ignore[arg-type]
        )

    def positions(self) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """``(stacks, blinds_or_straddles, antes)`` in PHH position order (index 0
        left of the button, the button last; heads-up arrays reverse-assigned):
        the inverse of :meth:`from_positions`. Posts are not included (PHH has no
        field for them).

        >>> HandConfig(stacks=(10, 20, 30), blinds=(1, 2), button=0).positions()
        ((20, 30, 10), (1, 2, 0), (0, 0, 0))
        >>> HandConfig(stacks=(9, 9, 9), blinds=(1, 2), dead_small_blind=True).positions()[1]
        (2, 0, 0)
        """
        n = len(self.stacks)
        order = [(self.button + 1 + j) % n for j in range(n)]
        position = {engine: j for j, engine in enumerate(order)}
        sb, bb, straddlers = self._seats
        bos = [0] * n
        small, big = self.blinds
        if sb >= 0 and not self.bomb_pot:  # a bomb pot posts no blind
            bos[position[sb]] = small
        if not self.bomb_pot:
            bos[position[bb]] = big
        for player, amount in zip(straddlers, self.straddles):
            bos[position[player]] = amount
        antes = [0] * n
        if self.ante:
            if self.ante_type is AnteType.PER_PLAYER:
                antes = [self.ante] * n
            elif self.ante_type is AnteType.BIG_BLIND:
                antes[position[bb]] = self.ante
            elif self.ante_type is AnteType.BUTTON:
                antes[n - 1] = self.ante
        if n == 2:
            bos.reverse()
            antes.reverse()
        return tuple(self.stacks[i] for i in order), tuple(bos), tuple(antes)
