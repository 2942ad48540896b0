"""The shared core of the poker sites' readers: one hand's text, read line by
line by a site's reader into a :class:`SiteHand`, becomes PHH.

Each site writes the same hand its own way (who acts is ``Name: raises $2 to
$3`` on PokerStars, ``Name raises [$3]`` on 888, ``Name : Raises $2 to $3`` on
Bovada, XML on iPoker); what a hand *is* does not change. So a site's reader
only says, in the text's order, what each line means -- a seat, a post, a
dealt hand, a board, an action, a hand shown, chips returned or collected --
and :meth:`SiteHand.build` does the rest, once for all sites:

* who is in the hand: a seated player who posts, acts, is dealt or shows
  nothing was not dealt in (sitting out, waiting for the big blind), whatever
  the site writes about him;
* PHH's player order (left of the button first, the button last) and its
  per-position forced bets: antes, the blinds (a blind short all-in is the
  table's), straddles, a button blind, the posts of players coming in (our
  ``_posts``);
* each action as PHH, its amount *to* (a site's "raises [$3]" adds $3, its
  "raises $2 to $3" goes to $3, an all-in says only what went in), each line
  kept as the action's comment (``p3 cbr 6 # line 10: ...``);
* ``finishing_stacks``, from the text alone: what each player put in, got back
  (a bet nobody called, when the site writes no line for it, is worked out)
  and collected; the rake is what the pots lost on the way (``_rake``), or the
  fees the site states.

The rules replay the PHH (:func:`~pokerdealer.history.history_to_hand`), and
check the text against them: a hand read exactly ends with the stacks its own
text says.

>>> from decimal import Decimal as D
>>> h = SiteHand(site="example", number="7")
>>> h.set_stakes(D(1), D(2))
>>> for seat, name in enumerate(["Ann", "Bob", "Cy"], 1):
...     h.seat(name, seat, D(100))
>>> h.button = 3
>>> h.post("Ann", SMALL, D(1)); h.post("Bob", BIG, D(2))
>>> h.dealt("Ann", "AhKd")
>>> h.at(9, "Cy raises [6]"); h.adds("Cy", D(6))
>>> h.fold("Ann"); h.fold("Bob")
>>> h.collected("Cy", D(5))
>>> hand = h.build()
>>> hand.players, hand.actions[3], hand.finishing_stacks
(('Ann', 'Bob', 'Cy'), 'p3 cbr 6 # line 9: Cy raises [6]', (99, 98, 103))
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

from pokerdealer.history.convert import UnsupportedHistory
from pokerdealer.history.phh import HandHistory, HistoryError, Number
from pokerdealer.rules import HeadsUpCap

__all__ = [
    "ANTE",
    "BIG",
    "BOTH",
    "BUTTON",
    "DEAD",
    "SMALL",
    "STRADDLE",
    "XML_GAME",
    "SiteHand",
    "amount",
    "cards",
    "decode",
    "parse_xml",
    "phh_number",
    "read_file",
    "set_date",
    "stars_betting",
    "xml_game",
]

# What a post is (SiteHand.post).
ANTE = "ante"
SMALL = "small blind"
BIG = "big blind"
STRADDLE = "straddle"
BUTTON = "button blind"
BOTH = "small & big blinds"  # a player coming in posts both: the big live, the small dead
DEAD = "dead small blind"  # a missed small blind posted alone: dead money

#: The betting words of :func:`stars_betting`.
_STARS_BETTING = re.compile(r"(?P<word>folds|checks)|(?P<priced>calls|bets) (?P<chips>\S+)|raises \S+ to (?P<to>\S+)")
_RANKS = {"10": "T", "1": "A"}
_SUITS = {"\u2660": "s", "\u2665": "h", "\u2666": "d", "\u2663": "c"}


def decode(data: bytes) -> str:
    """The text of a hand history file, whatever the site saved it as: UTF-16
    (with a byte-order mark, or without one: every other byte zero), UTF-8
    (with or without a byte-order mark) or, failing that, Windows-1252 (cp1252).

    >>> decode("Seat 1: Jos\u00e9".encode("utf-16"))
    'Seat 1: Jos\u00e9'
    >>> decode("Seat 1: Jos\u00e9".encode("utf-16-le")), decode("Jos\u00e9".encode("cp1252"))
    ('Seat 1: Jos\u00e9', 'Jos\u00e9')
    """
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return data.decode("utf-16")
    head = data[:200]
    if len(head) >= 4 and head[1::2].count(0) > len(head) // 4:
        return data.decode("utf-16-le", errors="replace")
    if len(head) >= 4 and head[0::2].count(0) > len(head) // 4:
        return data.decode("utf-16-be", errors="replace")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        # cp1252 decodes all but five bytes, which a text file does not hold.
        return data.decode("cp1252", errors="replace")


def parse_xml(text: str) -> ElementTree.Element:
    """``text`` as XML (a site's hand), or the error that says where it is broken.

    >>> parse_xml("<game id='7'/>").get("id")
    '7'
    """
    try:
        return ElementTree.fromstring(text)
    except ElementTree.ParseError as error:
        raise HistoryError.said("history.site.xml", error=str(error)) from None


XML_GAME = re.compile(r"<game\b.*?</game>", re.DOTALL)
"""A ``<game>`` of Merge's and iPoker's XML."""


def xml_game(block: str) -> tuple[ElementTree.Element, str]:
    """The ``<game>`` of ``block`` (Merge's and iPoker's XML) and the text before
    it (the session's header), or the error that says the block has none.

    >>> game, header = xml_game("<session>x</session><game id='7'></game>")
    >>> game.get("id"), header
    ('7', '<session>x</session>')
    """
    found = XML_GAME.search(block)
    if found is None:
        raise HistoryError.said("history.site.header", line=repr(block[:80]))
    return parse_xml(found.group()), block[: found.start()]


def read_file(path: str | Path) -> str:
    """The text of the file at ``path`` (:func:`decode`); an unreadable file
    raises :class:`HistoryError` naming it."""
    try:
        return decode(Path(path).read_bytes())
    except OSError as error:
        raise HistoryError(f"cannot read: {error}", path=str(path)) from None


def amount(text: str, *, decimal_comma: bool = False) -> Decimal:
    """An amount as a site writes it: a currency sign or code, thousands
    separators (``$1,234.50``, ``1 234,50 EUR`` with ``decimal_comma``).

    >>> amount("$1,234.50"), amount("0.25\u20ac"), amount("EUR 1.234,50", decimal_comma=True)
    (Decimal('1234.50'), Decimal('0.25'), Decimal('1234.50'))
    >>> amount("all")
    Traceback (most recent call last):
    ...
    pokerdealer.history.phh.HistoryError: expected an amount, got 'all'
    """
    kept = re.sub(r"[^\d.,]", "", text)
    if decimal_comma:
        kept = kept.replace(".", "").replace(",", ".")
    else:
        kept = kept.replace(",", "")
    try:
        return Decimal(kept)
    except InvalidOperation:
        raise HistoryError.said("history.site.amount", got=repr(text.strip())) from None


def cards(text: str) -> str:
    """Cards as PHH writes them (``AhKd``), from a site's ``[Ah Kd]``,
    ``[ 10h, Kd ]``, ``Ah - Kd``, ``[A s][K d]`` or ``A\u2660``.

    >>> cards("[ 10h, Kd ]"), cards("Ah - Kd"), cards("[A s][K d]"), cards("A\u2660 K\u2666")
    ('ThKd', 'AhKd', 'AsKd', 'AsKd')
    """
    for sign, suit in _SUITS.items():
        text = text.replace(sign, suit)
    found = re.findall(r"(10|[2-9TJQKA1])\s*([shdcSHDC])", text, flags=re.IGNORECASE)
    return "".join(_RANKS.get(r, r.upper()) + s.lower() for r, s in found)


def phh_number(value: Decimal) -> Number:
    """A whole amount as an int, another as a reduced Decimal (PHH numbers).

    >>> phh_number(Decimal("2.00")), phh_number(Decimal("0.50"))
    (2, Decimal('0.5'))
    """
    return int(value) if value == value.to_integral_value() else value.normalize()


def set_date(metadata: dict[str, Any], when: datetime.datetime, zone: str | None = None) -> None:
    """PHH's date and time fields from ``when`` (and its time zone's name)."""
    metadata.update(year=when.year, month=when.month, day=when.day)
    metadata["time"] = datetime.time(when.hour, when.minute, when.second)
    if zone:
        metadata["time_zone"] = zone


@dataclass(frozen=True)
class _Event:
    kind: str  # post, dealt, board, fold, check, call, bet, to, adds, show, muck
    name: str | None
    chips: Decimal | None = None
    what: str = ""  # a post's kind, or cards
    line: int = 0
    text: str = ""


class SiteHand:
    """One hand being read: a site's reader calls these in the text's order,
    then :meth:`build` gives the PHH hand.

    ``number`` is the site's hand id (digits kept as PHH's ``hand``; the whole
    id in ``_hand_id`` when it holds more). :meth:`at` names the line being
    read, for the comments of the actions that follow.
    """

    def __init__(self, *, site: str, number: str, first_line: int = 1) -> None:
        self.site = site
        self.metadata: dict[str, Any] = {"_site": site}
        digits = re.sub(r"\D", "", number)
        if digits:
            self.metadata["hand"] = int(digits)
        if digits != number:
            self.metadata["_hand_id"] = number
        self.variant = "NT"
        self.small_blind: Decimal | None = None
        self.big_blind: Decimal | None = None
        self.small_bet: Decimal | None = None
        self.big_bet: Decimal | None = None
        self.seats: dict[str, int] = {}
        self.stacks: dict[str, Decimal] = {}
        self.away: set[str] = set()
        self.button: int | None = None
        self.fees: Decimal | None = None  # rake and other fees, as the text states them
        self.events: list[_Event] = []
        self.run_twice = False  # the players agreed to run the board twice (its boards dealt one run, then the other)
        self.capped: set[str] = set()  # players the text says reached a cap game's cap
        self.returns: dict[str, Decimal] = {}
        self.collects: dict[str, Decimal] = {}
        self.line = (first_line, "")

    # -- what the header and the seats say ---------------------------------

    def set_stakes(self, small: Decimal, big: Decimal, *, limit: bool = False) -> None:
        """The table's stakes: blinds (No/Pot Limit), or a Limit game's small
        and big bets (its blinds come from the posts)."""
        if limit:
            self.variant = "FT"
            self.small_bet, self.big_bet = small, big
        else:
            self.small_blind, self.big_blind = small, big

    def at(self, number: int, text: str) -> None:
        """The line being read (its number in the file, its text)."""
        self.line = (number, text)

    def seat(self, name: str, seat: int, stack: Decimal, *, away: bool = False) -> None:
        """A seated player; ``away`` when the site marks him sitting out (he is
        still in the hand if he posts, is dealt or acts)."""
        if name in self.seats:
            raise HistoryError.said("history.site.seated_twice", name=name)
        self.seats[name] = seat
        self.stacks[name] = stack
        if away:
            self.away.add(name)

    def knows(self, name: str) -> bool:
        """Whether ``name`` is a seated player."""
        return name in self.seats

    def who(self, line: str, sep: str = " ") -> tuple[str, str] | None:
        """``(name, rest)`` when ``line`` starts with a seated player's name
        and ``sep`` (the longest name that fits: names hold spaces).

        >>> h = SiteHand(site="example", number="1")
        >>> h.seat("El Tico", 1, Decimal(5)); h.seat("El", 2, Decimal(5))
        >>> h.who("El Tico folds")
        ('El Tico', 'folds')
        """
        for name in sorted(self.seats, key=len, reverse=True):
            if line.startswith(name + sep):
                return name, line[len(name) + len(sep) :]
        return None

    # -- what happens -------------------------------------------------------

    def _add(self, kind: str, name: str | None, chips: Decimal | None = None, what: str = "") -> None:
        if name is not None and name not in self.seats:
            raise HistoryError.said("history.site.not_seated", name=name, line=self.line[0])
        self.events.append(_Event(kind, name, chips, what, *self.line))

    def post(self, name: str, what: str, chips: Decimal) -> None:
        """A forced bet: :data:`ANTE`, :data:`SMALL`, :data:`BIG`,
        :data:`STRADDLE`, :data:`BUTTON`, :data:`BOTH` or :data:`DEAD`."""
        self._add("post", name, chips, what)

    def dealt(self, name: str, hole: str) -> None:
        """``name``'s hole cards, as PHH writes them (``""`` for dealt, unseen)."""
        self._add("dealt", name, what=hole)

    def board(self, new: str) -> None:
        """Cards dealt to the board (only the new ones), as PHH writes them."""
        self._add("board", None, what=new)

    def fold(self, name: str) -> None:
        self._add("fold", name)

    def check(self, name: str) -> None:
        self._add("check", name)

    def call(self, name: str, chips: Decimal | None = None) -> None:
        """A call of ``chips`` (what went in); ``None`` when the text does not say."""
        self._add("call", name, chips)

    def bet(self, name: str, chips: Decimal) -> None:
        """A bet of ``chips`` (what went in)."""
        self._add("adds", name, chips)

    def raise_to(self, name: str, to: Decimal) -> None:
        """A bet or raise to ``to`` in all on this street."""
        self._add("to", name, to)

    def adds(self, name: str, chips: Decimal) -> None:
        """A bet, raise or all-in that puts ``chips`` more in: a call if that
        does not go over the bet to match, else a raise."""
        self._add("adds", name, chips)

    def show(self, name: str, hole: str) -> None:
        """``name`` shows ``hole`` (PHH cards)."""
        self._add("show", name, what=hole)

    def muck(self, name: str, hole: str = "") -> None:
        """``name`` mucks (``hole`` his cards when the site still writes them)."""
        self._add("muck", name, what=hole)

    def returned(self, name: str, chips: Decimal) -> None:
        """A bet nobody called, given back to ``name``."""
        if name not in self.seats:
            raise HistoryError.said("history.site.not_seated", name=name, line=self.line[0])
        self.returns[name] = self.returns.get(name, Decimal(0)) + chips

    def collected(self, name: str, chips: Decimal) -> None:
        """What ``name`` won (after the rake)."""
        if name not in self.seats:
            raise HistoryError.said("history.site.not_seated", name=name, line=self.line[0])
        self.collects[name] = self.collects.get(name, Decimal(0)) + chips

    def fee(self, chips: Decimal) -> None:
        """A fee the site took from the pot (rake, jackpot...), as it states it."""
        self.fees = (self.fees or Decimal(0)) + chips

    # -- the hand as PHH ----------------------------------------------------

    def build(self) -> HandHistory:
        """The hand as PHH (see the module docstring)."""
        active = {e.name for e in self.events if e.name is not None} | set(self.collects) | set(self.returns)
        names = [n for n in self.seats if n in active]
        if len(names) < 2:
            raise HistoryError.said("history.site.few_players")
        button = self.button if self.button is not None else max(self.seats[n] for n in names)
        small = next((e.name for e in self.events if e.kind == "post" and e.what == SMALL), None)
        if len(names) > 2 and small in names and self.seats[small] == button:
            button -= 1  # a site marking the small blind's seat as the button: a dead button just before it
        elif len(names) == 2 and small in names:
            # Heads-up the small blind is the button (docs/rules.md#heads-up), whatever
            # seat the site marks: two left at a bigger table may keep it on the big blind.
            if button != self.seats[small] and self._acts_first_after_the_flop(small):
                raise UnsupportedHistory.said("history.site.heads_up_button")
            button = self.seats[small]
        names.sort(key=lambda n: (self.seats[n] <= button, self.seats[n]))
        position = {name: i for i, name in enumerate(names)}
        stack = {n: self.stacks[n] for n in names}
        put_in = dict.fromkeys(names, Decimal(0))
        live = dict.fromkeys(names, Decimal(0))  # bets and blinds: what others must match
        street = dict.fromkeys(names, Decimal(0))

        def pay(name: str, chips: Decimal, *, counts: bool = True) -> Decimal:
            chips = min(chips, stack[name] - put_in[name])  # nobody puts in more than he has
            put_in[name] += chips
            if counts:
                live[name] += chips
                street[name] += chips
            return chips

        posts = [e for e in self.events if e.kind == "post"]
        antes, blinds, extra, big_blind = self._forced_bets(names, posts, pay)
        # The bet to match: preflop the biggest blind or straddle -- a big blind
        # all in for less is still the table's to call (docs/rules.md#the-price-of-the-hand).
        level = max(max(blinds.values(), default=Decimal(0)), max(street.values()))
        holes: dict[str, str] = {}
        actions: list[str] = []
        folded: set[str] = set()
        for e in self.events:
            if e.kind in ("post",):
                continue
            source = f" # line {e.line}: {e.text}" if e.text else ""
            if e.kind == "dealt":
                if e.name in position and len(e.what) == 4:
                    holes[e.name] = e.what
                continue
            if e.kind == "board":
                actions.append(f"d db {e.what}{source}")
                for name in names:
                    street[name] = Decimal(0)
                level = Decimal(0)
                continue
            assert e.name is not None
            if e.name not in position:
                continue
            p = f"p{position[e.name] + 1}"
            top = level
            if e.kind == "fold":
                folded.add(e.name)
                actions.append(f"{p} f{source}")
            elif e.kind == "check":
                actions.append(f"{p} cc{source}")
            elif e.kind == "call":
                owed = top - street[e.name]
                if e.chips is not None and (owed <= 0 or e.chips < owed):
                    owed = e.chips  # all he had (or a site's amount where nothing was owed)
                pay(e.name, owed)
                actions.append(f"{p} cc{source}")
            elif e.kind in ("adds", "to"):
                assert e.chips is not None
                more = e.chips if e.kind == "adds" else e.chips - street[e.name]
                pay(e.name, max(more, Decimal(0)))
                if street[e.name] <= top:
                    actions.append(f"{p} cc{source}")  # all it had, no more than a call
                else:
                    level = street[e.name]
                    actions.append(f"{p} cbr {phh_number(street[e.name])}{source}")
            elif len(names) - len(folded) < 2:
                continue  # the hand is won: showing or not is no action of the rules
            elif e.kind == "show":
                if len(e.what) == 4:
                    actions.append(f"{p} sm {e.what}{source}")
                elif len(e.what) > 4:
                    raise UnsupportedHistory.said("history.site.shown_many", name=e.name, n=len(e.what) // 2)
                else:  # one card shown is no hand shown: he mucks
                    actions.append(f"{p} sm{source}")
            elif e.kind == "muck":
                if len(e.what) == 4 and e.name not in holes:
                    holes[e.name] = e.what  # the real cards of a mucked hand: none made up for it
                actions.append(f"{p} sm{source}")
        if len(names) - len(folded) > 1 and any(self.collects.get(n) for n in names if n not in folded):
            # At the showdown, a hand neither shown nor known that won nothing
            # was mucked (a site writes no line for it): the pot is the others'.
            said = {e.name for e in self.events if e.kind in ("show", "muck")}
            for name in names:
                if name not in folded and name not in said and name not in holes and not self.collects.get(name):
                    actions.append(f"p{position[name] + 1} sm")
        metadata = dict(self.metadata)
        if self.capped & set(names):
            # A cap game: nobody may put in more than the cap; each stack plays at most it.
            cap = max(put_in[n] for n in self.capped & set(names))
            stack = {n: min(s, cap) for n, s in stack.items()}
            metadata["_cap"] = phh_number(cap)
        if self.run_twice:
            # The run agreed by every player still in (pokerdealer.history.home_games).
            metadata["_run_it_twice"] = [f"p{position[n] + 1} runs 2" for n in names if n not in folded]
        back = {n: self.returns.get(n, Decimal(0)) for n in names}
        won = {n: self.collects.get(n, Decimal(0)) for n in names}
        if not self.returns:
            # The site writes no line for a bet nobody called: its owner got it
            # back -- unless what he collected counts it (as 888's and
            # PartyPoker's winners do), which the pot then falls short of.
            highest = sorted(live.items(), key=lambda item: item[1], reverse=True)
            if len(highest) > 1 and highest[0][1] > highest[1][1]:
                owner, uncalled = highest[0][0], highest[0][1] - highest[1][1]
                if sum(put_in.values(), Decimal(0)) - uncalled - sum(won.values(), Decimal(0)) >= 0 or won[owner] < uncalled:
                    back[owner] += uncalled
        pot = sum(put_in.values(), Decimal(0)) - sum(back.values(), Decimal(0))
        taken = pot - sum(won.values(), Decimal(0))
        if taken < 0:
            raise HistoryError.said("history.site.overpaid", pot=phh_number(pot),
                                    won=phh_number(sum(won.values(), Decimal(0))))
        rake = self.fees if self.fees is not None else taken
        finishing = tuple(phh_number(stack[n] - put_in[n] + back[n] + won[n]) for n in names)
        if rake:
            metadata["_rake"] = phh_number(rake)
        metadata["seats"] = [self.seats[n] for n in names]
        if extra:
            metadata["_posts"] = [[position[n], phh_number(lv), phh_number(dd)] for n, lv, dd in extra]
        deals = [f"d dh p{i + 1} {holes.get(n, '????')}" for i, n in enumerate(names)]
        bos = [phh_number(blinds[n]) for n in names]
        ante_list = [phh_number(antes[n]) for n in names]
        if len(names) == 2:
            # PHH heads-up: [small, big] although p1 (left of the button) posts the big blind.
            bos.reverse()
            ante_list.reverse()
        kwargs: dict[str, Any] = {}
        if self.variant == "FT":
            if self.small_bet is None or self.big_bet is None:
                raise HistoryError.said("history.site.no_stakes")
            kwargs.update(small_bet=phh_number(self.small_bet), big_bet=phh_number(self.big_bet))
            # The text does not say whether the room capped raising heads-up
            # (docs/rules.md#fixed-limit); uncapped rounds that start heads-up accept both.
            metadata["_limit_heads_up_cap"] = HeadsUpCap.UNCAP_IF_ROUND_STARTS_HEADS_UP.value
        else:
            # The big blind posted is the table's (a header may name the next level's).
            big = blinds[big_blind] if big_blind in blinds else self.big_blind
            if not big:
                raise HistoryError.said("history.site.no_stakes")
            kwargs["min_bet"] = phh_number(big)
        return HandHistory(
            variant=self.variant,
            antes=tuple(ante_list),
            blinds_or_straddles=tuple(bos),
            starting_stacks=tuple(phh_number(stack[n]) for n in names),
            actions=tuple(deals + actions),
            players=tuple(names),
            finishing_stacks=finishing,
            ante_trimming_status=any(antes.values()),
            metadata=metadata,
            **kwargs,
        )

    def _acts_first_after_the_flop(self, name: str) -> bool:
        """Whether ``name`` makes the first move of a street after the flop is dealt."""
        events = iter(self.events)
        for e in events:
            if e.kind == "board":
                move = next((f for f in events if f.kind in ("fold", "check", "call", "adds", "to")), None)
                return move is not None and move.name == name
        return False

    def _forced_bets(
        self, names: list[str], posts: list[_Event], pay: Any  # noqa: ANN401 - the closure of build()
    ) -> tuple[dict[str, Decimal], dict[str, Decimal], list[tuple[str, Decimal, Decimal]], str]:
        """Antes, the blinds and straddles by player, the posts of players
        coming in (name, live, dead), and who posts the big blind, from the
        post events (paid as they go)."""
        antes = dict.fromkeys(names, Decimal(0))
        blinds = dict.fromkeys(names, Decimal(0))
        small: str | None = None
        big: str | None = None
        limit = self.variant == "FT"
        later: list[_Event] = []
        for e in posts:
            name, chips = e.name, e.chips
            assert name is not None and chips is not None
            if name not in blinds:
                continue
            left = self.stacks[name] - antes[name] - chips  # all in for less than the blind: the table's blind stands
            if e.what == ANTE:
                antes[name] += chips
                pay(name, chips, counts=False)
            elif e.what == SMALL and small is None and big is None:
                small = name
                table = self.small_blind if not limit else None
                blinds[name] = max(chips, table) if table is not None and left <= 0 else chips
                pay(name, chips)
            elif e.what in (BIG, BUTTON) and big is None:
                if e.what == BUTTON and name != names[-1]:
                    raise HistoryError.said("history.site.button_blind", name=name)
                big = name
                table = self.big_blind if not limit else self.small_bet
                blinds[name] = max(chips, table) if table is not None and left <= 0 else chips
                pay(name, chips)
            elif e.what == STRADDLE:
                blinds[name] += chips
                pay(name, chips)
            else:
                later.append(e)
        extra: list[tuple[str, Decimal, Decimal]] = []
        for e in later:
            name, chips = e.name, e.chips
            assert name is not None and chips is not None
            if e.what == BOTH:
                top = self.big_blind if self.big_blind is not None else blinds[big] if big else chips
                live_part = min(top, chips)
                extra.append((name, live_part, chips - live_part))
                pay(name, live_part)
                pay(name, chips - live_part, counts=False)
            elif e.what == BIG:
                extra.append((name, chips, Decimal(0)))
                pay(name, chips)
            else:  # a missed small blind alone, or a second small blind: dead money
                extra.append((name, Decimal(0), chips))
                pay(name, chips, counts=False)
        merged: dict[str, tuple[Decimal, Decimal]] = {}
        for name, lv, dd in extra:  # one post per player coming in (his big blind and his dead small)
            a, b = merged.get(name, (Decimal(0), Decimal(0)))
            merged[name] = (a + lv, b + dd)
        extra = [(n, lv, dd) for n, (lv, dd) in merged.items()]
        top_ante = max(antes.values(), default=Decimal(0))
        for name, ante in antes.items():
            if 0 < ante < top_ante and ante >= self.stacks[name]:
                antes[name] = top_ante  # all in for less than the ante: the table's ante stands
        if big is None:
            # A big blind the ante put all-in posts no blind line: he is the
            # player left of the small blind (left of the button without one).
            after = names.index(small) + 1 if small is not None else 0
            seat = names[after % len(names)]
            if antes[seat] and antes[seat] >= self.stacks[seat]:
                blinds[seat] = (self.big_blind if not limit else self.small_bet) or antes[seat]
                big = seat
        if big is None:
            raise UnsupportedHistory.said("history.ps.no_big_blind")
        return antes, blinds, extra, big


def stars_betting(h: SiteHand, name: str, rest: str) -> bool:
    """Read into ``h`` what follows the player's name (``rest``) if it is one of
    the betting words most sites write as PokerStars does (``folds``, ``checks``,
    ``calls 2``, ``bets 4``, ``raises 2 to 6``); ``False``, and nothing read, if
    it is none of them.

    >>> h = SiteHand(site="test", number="1")
    >>> h.seat("Ann", 1, Decimal(100))
    >>> stars_betting(h, "Ann", "raises 2 to 6"), stars_betting(h, "Ann", "shows [Ah Kd]")
    (True, False)
    """
    m = _STARS_BETTING.match(rest)
    if m is None:
        return False
    word = m["word"] or m["priced"]
    if word == "folds":
        h.fold(name)
    elif word == "checks":
        h.check(name)
    elif word == "calls":
        h.call(name, amount(m["chips"]))
    elif word == "bets":
        h.bet(name, amount(m["chips"]))
    else:
        h.raise_to(name, amount(m["to"]))
    return True
