"""Reading PokerStars text hand histories into PHH (:class:`HandHistory`).

:func:`read_pokerstars` turns the text of a PokerStars file -- ours
(:mod:`pokerdealer.history.pokerstars`) or a real one -- into PHH hands, which
:func:`~pokerdealer.history.history_to_hand` replays through the rules;
``pokerdealer replay FILE.txt`` and ``pokerdealer convert FILE.txt`` use it.

Hold'em only: No Limit (``NT``), Pot Limit (``PT``, our extension), Limit
(``FT``) and 6+ Hold'em No Limit (``NS``); cash games and tournaments; antes,
blinds, straddles and the posts of players coming in (our ``_posts`` field).
A hand "run twice" (``*** FIRST FLOP ***`` ... ``*** SECOND RIVER ***``, its
two showdowns, "Hand was run twice") is read as PokerKit lays out a
multi-runout board, with our ``_run_it_twice`` field saying that every player
still in agreed (:mod:`pokerdealer.history.home_games`); a board run three
times and other games are refused with one line saying so. A cap game's hand
("$2/$4 - $80 Cap") is read with each stack capped at the cap, the most a
player may put in (our ``_cap`` field says it): a player who "has reached the
$80 cap" is all in for the rules, as he is at the table.
6+ Hold'em's "(Button Blind $0.25 - Ante $0.25 USD)" is played with the
engine's button blind (docs/rules.md#antes-and-straddles).

Real files of 2005 to 2025 are read as they are: UTF-8 or cp1252, a space
before a header, "PokerStars Game #", Zoom, Home Game "{club}" and heads-up
"Match Round I, Level I" headers, tables without "N-max", and a player the
seat list marks "is sitting out" who still posts or is dealt in (he is in the
hand). One hand that cannot be read does not refuse the file: :func:`read_each`
gives its error (naming the hand number and why) in its place.

A Limit hand is replayed without the raise cap in rounds that start
heads-up (``_limit_heads_up_cap``): the text does not say which rule the room
used, and that one accepts hands played under either.

Every action keeps its PokerStars line as a PHH comment (``p3 cbr 6 # line
10: Cy: raises 4 to 6``), so a replay that rejects it names the line.

``finishing_stacks`` are computed from the text (chips put in, uncalled bets
returned, pots collected), so a replay checks the file against the rules (text
before 2008 writes no "Uncalled bet" line: the bet nobody called is worked out
from what each player put in). A raked hand's rake is kept in ``_rake`` (an
extension field) and its winners' stacks are what the text says they
collected: the replay takes the rake from the winners
(:attr:`~pokerdealer.history.convert.Replay.rake_paid`), and the export writes
it back.

PokerKit's ``PokerStarsParser`` is not used to read: in PokerKit 0.7 it reads
No Limit hold'em only, ignores antes, takes the big blind of a player coming
in for a blind of the table, and reads no winnings from ``collected`` lines;
where it does read a hand (No Limit, no antes, no posts) the tests hold our
reading to its.

>>> text = '''PokerStars Hand #7:  Hold'em No Limit (1/2) - 2024/01/15 14:30:00 UTC [2024/01/15 9:30:00 ET]
... Table 'Home' 3-max Seat #3 is the button
... Seat 1: Ann (100 in chips)
... Seat 2: Bob (100 in chips)
... Seat 3: Cy (100 in chips)
... Ann: posts small blind 1
... Bob: posts big blind 2
... *** HOLE CARDS ***
... Dealt to Ann [Ah Kd]
... Cy: raises 4 to 6
... Ann: folds
... Bob: folds
... Uncalled bet (4) returned to Cy
... Cy collected 5 from pot
... *** SUMMARY ***
... Total pot 5 | Rake 0'''
>>> (hand,) = read_pokerstars(text)
>>> hand.players, hand.blinds_or_straddles, hand.actions[:2]
(('Ann', 'Bob', 'Cy'), (1, 2, 0), ('d dh p1 AhKd', 'd dh p2 ????'))
>>> hand.actions[3:]
('p3 cbr 6 # line 10: Cy: raises 4 to 6', 'p1 f # line 11: Ann: folds', 'p2 f # line 12: Bob: folds')
>>> hand.finishing_stacks, hand.metadata["hand"], hand.metadata["time_zone"]
((99, 98, 103), 7, 'UTC')
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from pokerdealer.history.convert import UnsupportedHistory
from pokerdealer.history.phh import HandHistory, HistoryError, Number, load, load_path
from pokerdealer.rules import HeadsUpCap

__all__ = [
    "holds_many_hands",
    "is_pokerstars_path",
    "is_pokerstars_text",
    "load_each",
    "load_hands",
    "load_one",
    "load_pokerstars",
    "read_each",
    "read_pokerstars",
    "read_text",
]

# A hand starts with its header, at a line's start: some files put a space (or
# a byte-order mark) before it.
_HAND_START = re.compile(
    r"^[ \t\ufeff]*PokerStars (?:Zoom |Home )?(?:Hand |Game )+#", re.MULTILINE
)
_HEADER = re.compile(
    r"^[ \t\ufeff]*PokerStars (?:Zoom |Home )?(?:Hand |Game )+#(?P<id>\d+):\s+(?P<rest>.*)$"
)
_HAND_NUMBER = re.compile(r"#(\d+)")
_STAKES = re.compile(r"\((?P<stakes>[^()]*)\)\s+-\s+(?P<date>.*)$")
# "- Level IV", or a heads-up match's "- Match Round I, Level IV".
_LEVEL = re.compile(r"\s+-\s+(?:Match Round\s+(?P<round>[IVXLCDM]+|\d+),\s+)?Level\s+(?P<level>[IVXLCDM]+|\d+)$")
# 6+ Hold'em's stakes: "(Button Blind $0.25 - Ante $0.25 USD)".
_BUTTON_BLIND_STAKES = re.compile(r"Button Blind (?P<blind>\S+) - Ante (?P<ante>\S+)(?:\s+(?P<code>[A-Z]{3}))?$")
_GAME_START = re.compile(r"(?:6\+ )?Hold'em|Omaha|Razz|\d Card|Triple|Badugi|Courchevel|HORSE|\d+-Game|Mixed")
_GAMES = {
    "Hold'em No Limit": "NT",
    "Hold'em Pot Limit": "PT",
    "Hold'em Limit": "FT",
    "6+ Hold'em No Limit": "NS",
}
_DATE = re.compile(
    r"(?P<y>\d{4})/(?P<m>\d{1,2})/(?P<d>\d{1,2}) (?P<H>\d{1,2}):(?P<M>\d{2}):(?P<S>\d{2})(?: (?P<zone>[A-Z]+))?"
)
# 2005-era tables say no "N-max".
_TABLE = re.compile(
    r"^Table '(?P<table>.*)' (?:(?P<max>\d+)-max )?(?:\(Play Money\) )?Seat #(?P<button>\d+) is the button"
)
# A seated player's line that shows him in the hand: a post, an action, a show.
_IN_HAND = re.compile(r"(?:posts |folds|checks|calls |bets |raises |shows \[|mucks hand)")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[^()]*?) in chips(?:,[^()]*)?\)(?P<tail>.*)$")
_BOARD = re.compile(r"^\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\* (?:\[[^\]]*\] )?\[(?P<cards>[^\]]*)\]")
# A board run twice: "*** FIRST TURN *** [Qd Qs 4h] [Ts]", "*** SECOND RIVER *** [6s 8h 6h Td] [6c]".
_RUN_BOARD = re.compile(
    r"^\*\*\* (?P<run>FIRST|SECOND) (?P<street>FLOP|TURN|RIVER) \*\*\* (?:\[[^\]]*\] )?\[(?P<cards>[^\]]*)\]"
)
_CAP = re.compile(r"-\s*(?P<cap>\S+) Cap\b")
_CURRENCIES = {"$": "USD", "\u20ac": "EUR", "\u00a3": "GBP"}
_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def is_pokerstars_text(text: str) -> bool:
    """Whether ``text`` starts like a PokerStars hand history.

    >>> is_pokerstars_text("PokerStars Hand #1:  Hold'em No Limit (1/2) - 2024/01/01 0:00:00 ET")
    True
    >>> is_pokerstars_text('variant = "NT"')
    False
    """
    return _HAND_START.match(text.lstrip()) is not None


def read_text(path: str | Path) -> str:
    """The text of a PokerStars file: UTF-8 (with or without a byte-order
    mark) or, as older PokerStars clients wrote it, Windows-1252 (cp1252).

    >>> import tempfile
    >>> with tempfile.NamedTemporaryFile(suffix=".txt", delete=False) as file:
    ...     _ = file.write("Seat 1: Jos\u00e9 (100 in chips)".encode("cp1252"))
    >>> read_text(file.name)
    'Seat 1: Jos\u00e9 (100 in chips)'
    """
    data = Path(path).read_bytes()
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        # Not UTF-8: cp1252 decodes all but five bytes, which a text file does not hold.
        return data.decode("cp1252", errors="replace")


def load_pokerstars(path: str | Path) -> list[HandHistory]:
    """Every hand of a PokerStars text file, as PHH; a bad hand raises
    :class:`HistoryError` naming the file and the hand (:func:`load_each`
    reads the others)."""
    path = Path(path)
    try:
        text = read_text(path)
    except OSError as error:
        raise HistoryError(f"cannot read: {error}", path=str(path)) from None
    return read_pokerstars(text, path=str(path))


def read_pokerstars(text: str, *, path: str | None = None) -> list[HandHistory]:
    """Every hand in ``text`` (PokerStars format) as PHH, in file order; the
    first hand that cannot be read raises (:func:`read_each` reads the others)."""
    hands = []
    for hand in read_each(text, path=path):
        if isinstance(hand, HistoryError):
            raise hand
        hands.append(hand)
    return hands


def read_each(text: str, *, path: str | None = None) -> list[HandHistory | HistoryError]:
    """Every hand in ``text`` as PHH, or, for a hand that cannot be read, the
    error naming it (its hand number, its first line) and saying why: one bad
    hand does not take the file's other hands with it.

    >>> bad = "PokerStars Hand #6: Hold'em No Limit (1/2) - 2024/01/15 14:31:00 UTC\\nTable?"
    >>> (error,) = read_each(bad)
    >>> print(error.reason)
    hand #6 (line 1): expected "Table '...' N-max Seat #B is the button" on line 2, got ['Table?']
    """
    starts = [m.start() for m in _HAND_START.finditer(text)]
    if not starts:
        raise HistoryError.said("history.ps.no_hand", path=path)
    hands: list[HandHistory | HistoryError] = []
    for k, start in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(text)
        block = text[start:end]
        first_line = text.count("\n", 0, start) + 1
        try:
            hands.append(_read_hand(block, first_line=first_line))
        except HistoryError as error:
            number = _HAND_NUMBER.search(block.splitlines()[0])
            kind = UnsupportedHistory if isinstance(error, UnsupportedHistory) else HistoryError
            if number:
                refused = kind.said("history.ps.in_hand_number", path=path, number=number[1],
                                    line=first_line, reason=error.told)
            else:
                refused = kind.said("history.ps.in_hand", path=path, n=k + 1, line=first_line, reason=error.told)
            refused.hand_number = int(number[1]) if number else None  # type: ignore[attr-defined]
            hands.append(refused)
    return hands


def load_each(path: str | Path) -> list[tuple[str, HandHistory | HistoryError]]:
    """Every hand of a PokerStars file as ``(label, hand)``, the label
    ``path[#hand number]``; a hand that cannot be read comes as its error
    (:func:`read_each`), a file that cannot be read at all as one
    ``(path, error)``."""
    path = Path(path)
    try:
        hands = read_each(read_text(path))  # the label names the file; the reason the hand and line
    except OSError as error:
        return [(str(path), HistoryError(f"cannot read: {error}", path=str(path)))]
    except HistoryError as error:
        return [(str(path), error)]
    return [
        (f"{path}[#{h.metadata.get('hand') if isinstance(h, HandHistory) else getattr(h, 'hand_number', None)}]", h)
        for h in hands
    ]


def _number(text: str, line: str) -> Decimal:
    cleaned = re.sub(r"[^\d.]", "", text)
    try:
        return Decimal(cleaned)
    except InvalidOperation:
        raise HistoryError.said("history.ps.amount", line=repr(line), got=repr(text)) from None


def _phh(value: Decimal) -> Number:
    return int(value) if value == value.to_integral_value() else value.normalize()


def _roman(text: str) -> int:
    if text.isdigit():
        return int(text)
    total = 0
    for a, b in zip(text, text[1:] + " "):
        value = _ROMAN[a]
        total += -value if b != " " and _ROMAN[b] > value else value
    return total


class _Hand:
    """The state of one hand being read: who put in what, street by street."""

    def __init__(self, names: list[str]) -> None:
        self.names = names
        self.by_length = sorted(names, key=len, reverse=True)
        self.street: dict[str, Decimal] = {}
        self.put_in = {name: Decimal(0) for name in names}
        self.back = {name: Decimal(0) for name in names}
        self.live = {name: Decimal(0) for name in names}  # bets and blinds: what others must match
        self.returned = False  # the text says "Uncalled bet (...) returned"

    def uncalled(self) -> tuple[str, Decimal] | None:
        """The bet nobody matched and its owner: PokerStars text before 2008
        returns it without an "Uncalled bet" line (its winner "collected" only
        the called pot), so it is worked out from what each player put in.

        >>> h = _Hand(["Ann", "Bob"])
        >>> h.pay("Ann", Decimal(10)); h.pay("Bob", Decimal(4))
        >>> h.uncalled()
        ('Ann', Decimal('6'))
        """
        top = sorted(self.live.items(), key=lambda item: item[1], reverse=True)
        if len(top) < 2 or top[0][1] <= top[1][1]:
            return None
        return top[0][0], top[0][1] - top[1][1]

    def who(self, line: str) -> tuple[str, str] | None:
        """``(name, rest)`` for a ``Name: rest`` line of a seated player."""
        for name in self.by_length:
            if line.startswith(name + ": "):
                return name, line[len(name) + 2 :]
        return None

    def pay(self, name: str, chips: Decimal, *, live: bool = True) -> None:
        self.put_in[name] += chips
        if live:
            self.live[name] += chips
            self.street[name] = self.street.get(name, Decimal(0)) + chips


def _read_hand(block: str, *, first_line: int = 1) -> HandHistory:
    # Some files double every line break: a blank line inside a hand says nothing.
    lines = [line.rstrip() for line in block.strip().splitlines() if line.strip()]
    header = _HEADER.match(lines[0])
    found = _STAKES.search(header["rest"]) if header else None
    if header is None or found is None:
        raise HistoryError.said("history.ps.header", line=repr(lines[0]))
    rest = header["rest"]
    before = rest[: found.start()].strip()
    level = _LEVEL.search(before)
    if level:
        before = before[: level.start()]
    club = re.match(r"\{(?P<club>[^}]*)\}\s*", before)  # a Home Game's "{club}" before the game
    if club:
        before = before[club.end() :]
    tournament = re.match(r"(?:Zoom )?Tournament #(\d+),\s*", before)
    buy_in = ""
    if tournament:
        before = before[tournament.end() :]
        start = _GAME_START.search(before)
        cut = start.start() if start else 0
        buy_in, before = before[:cut].strip(), before[cut:]
    game = re.sub(r"\s+", " ", before).strip()
    if game not in _GAMES:
        raise UnsupportedHistory.said("history.ps.game", game=repr(game))
    variant = _GAMES[game]
    metadata: dict[str, Any] = {"hand": int(header["id"])}
    if club:
        metadata["_club"] = club["club"]
    button_blind = _BUTTON_BLIND_STAKES.match(found["stakes"].strip())
    if button_blind:
        # 6+ Hold'em: everyone antes, the button alone posts a blind
        # (docs/rules.md#antes-and-straddles).
        blind = _number(button_blind["blind"], lines[0])
        stakes = [Decimal(0), blind]
        words = [button_blind["blind"]] + ([button_blind["code"]] if button_blind["code"] else [])
    else:
        words = found["stakes"].split()
        stakes = [_number(x, lines[0]) for x in words[0].split("/")] if words else []
        if len(stakes) != 2:
            raise HistoryError.said("history.ps.stakes", line=repr(lines[0]), got=found["stakes"])
    code = words[-1] if len(words) > 1 else _CURRENCIES.get(words[0][:1])
    if tournament:
        metadata["_tournament"] = int(tournament[1])
        fee = re.fullmatch(r"(\D?)([\d.]+)(?:\+\D?([\d.]+))?(?:\s+([A-Z]{3}))?", buy_in)
        if fee:  # "$3.19+$0.31 USD": kept as "3.19+0.31" and the currency
            metadata["_buy_in"] = fee[2] + (f"+{fee[3]}" if fee[3] else "")
            if fee[4] or _CURRENCIES.get(fee[1]):
                metadata["currency"] = fee[4] or _CURRENCIES[fee[1]]
        if level:
            metadata["level"] = _roman(level["level"])
    elif code:
        metadata["currency"] = code
    dates = list(_DATE.finditer(found["date"]))
    if dates:
        # PokerStars writes the player's time zone, then ET in brackets; keep the
        # first (UTC in our files).
        d = dates[0]
        metadata.update(year=int(d["y"]), month=int(d["m"]), day=int(d["d"]))
        metadata["time"] = datetime.time(int(d["H"]), int(d["M"]), int(d["S"]))
        if d["zone"]:
            metadata["time_zone"] = d["zone"]

    table = _TABLE.match(lines[1]) if len(lines) > 1 else None
    if table is None:
        raise HistoryError.said("history.ps.table", got=repr(lines[1:2]))
    metadata["table"] = table["table"]
    if table["max"]:
        metadata["seat_count"] = int(table["max"])
    button_seat = int(table["button"])

    seats: dict[str, int] = {}
    stacks: dict[str, Decimal] = {}
    away: list[str] = []
    k = 2
    cap = _CAP.search(found["stakes"])
    capped = _number(cap["cap"], lines[0]) if cap else None
    if capped is not None:
        metadata["_cap"] = _phh(capped)  # every stack plays at most the cap
    while k < len(lines) and (seat := _SEAT.match(lines[k])):
        k += 1
        seats[seat["name"]] = int(seat["seat"])
        stacks[seat["name"]] = _number(seat["stack"], lines[k - 1])
        if capped is not None:
            stacks[seat["name"]] = min(stacks[seat["name"]], capped)
        if "sitting out" in seat["tail"] or "out of hand" in seat["tail"]:
            away.append(seat["name"])
    if away:
        # A player marked "is sitting out" who still posts, is dealt in or acts
        # (a tournament deals him in and folds for him) is in the hand; one who
        # does none of these is not.
        seated = _Hand(list(seats))
        playing = {m[1] for line in lines[k:] if (m := re.match(r"Dealt to (.+?) \[", line))}
        for line in lines[k:]:
            if line.startswith("*** SUMMARY ***"):
                break
            said = seated.who(line)
            if said and _IN_HAND.match(said[1]):
                playing.add(said[0])
        for name in away:
            if name not in playing:
                del seats[name], stacks[name]
    if len(seats) < 2:
        raise HistoryError.said("history.ps.few_players")
    # PHH order: left of the button first, the button (or the seat before an empty one) last.
    names = sorted(seats, key=lambda n: (seats[n] <= button_seat, seats[n]))
    h = _Hand(names)
    position = {name: i for i, name in enumerate(names)}

    antes = {name: Decimal(0) for name in names}
    blinds = {name: Decimal(0) for name in names}
    posts: list[list[Any]] = []
    small_blind: str | None = None
    big_blind: str | None = None
    big = stakes[1] if variant != "FT" else None  # limit headers give the bets
    pending_posts: list[tuple[str, str, Decimal]] = []
    for line in lines[k:]:
        if line.startswith("*** HOLE CARDS ***"):
            break
        k += 1
        said = h.who(line)
        if said is None:
            continue
        name, rest = said
        m = re.match(
            r"posts (the ante|small blind|big blind|small & big blinds|straddle|button blind) (\S+)( and is all-in)?",
            rest,
        )
        if m is None:
            continue
        what, chips = m[1], _number(m[2], line)
        short = m[3] is not None  # all-in for less than the blind: the table's blind is the header's
        if what == "the ante":
            antes[name] = chips
            h.pay(name, chips, live=False)
        elif what == "small blind" and small_blind is None and big_blind is None:
            small_blind = name
            blinds[name] = max(chips, stakes[0]) if short and variant != "FT" else chips
            h.pay(name, chips)
        elif what == "big blind" and big_blind is None:
            big_blind = name
            nominal = stakes[1] if variant != "FT" else stakes[0]
            blinds[name] = big = max(chips, nominal) if short else chips
            h.pay(name, chips)
        elif what == "straddle":
            blinds[name] = chips
            h.pay(name, chips)
        elif what == "button blind" and big_blind is None:
            if name != names[-1]:
                raise HistoryError.said("history.ps.button_blind", name=name, seat=button_seat)
            big_blind = name
            blinds[name] = big = max(chips, stakes[1]) if short else chips
            h.pay(name, chips)
        else:
            pending_posts.append((name, what, chips))
    for name, what, chips in pending_posts:
        if what == "small & big blinds":
            live = min(big or chips, chips)
            posts.append([position[name], _phh(live), _phh(chips - live)])
            h.pay(name, live)
            h.pay(name, chips - live, live=False)
        elif what == "big blind":
            posts.append([position[name], _phh(chips), 0])
            h.pay(name, chips)
        else:  # a missed small blind alone: dead money
            posts.append([position[name], 0, _phh(chips)])
            h.pay(name, chips, live=False)
    after_deal = [line for line in lines[k + 1 :] if not line.startswith("Dealt to ")][:1]
    bomb = (
        small_blind is None and big_blind is None and not posts and all(antes.values())
        and after_deal and re.match(r"\*\*\* (FIRST )?FLOP \*\*\*", after_deal[0]) is not None
    )
    if bomb:
        # A bomb pot (our export; PokerStars has none): every player antes, nobody
        # posts a blind and the flop comes before any action. Each antes the
        # table's ante, a short stack all in for less (history.home_games).
        metadata["_bomb_pot"] = True
        ante = max(antes.values())
        antes = {name: ante for name in names}
        big_blind = ""
    if big_blind is None:
        # A big blind the ante put all-in posts no blind line (our export
        # writes none): he is the player left of the small blind (left of the
        # button without one), and his ante took his whole stack.
        after = names.index(small_blind) + 1 if small_blind is not None else 0
        seat = names[after % len(names)]
        if antes[seat] and antes[seat] == stacks[seat]:
            big_blind = seat
            blinds[seat] = stakes[1] if variant != "FT" else stakes[0]
    if big_blind is None:
        raise UnsupportedHistory.said("history.ps.no_big_blind")

    holes: dict[str, str] = {}
    actions: list[str] = []
    collected = {name: Decimal(0) for name in names}
    rake = Decimal(0)
    folded: set[str] = set()
    shown: set[str] = set()  # a board run twice shows every hand in each showdown: read once
    mucked: set[str] = set()
    shown_after: list[str] = []  # shows after the hand: by a player out of it, or of an uncontested pot
    run_twice = False
    summary = False
    for number, line in enumerate(lines[k:], first_line + k):
        # Each action keeps its line as a PHH comment: a replay that rejects it names the line.
        source = f" # line {number}: {line}"
        if line.startswith("*** SUMMARY ***"):
            summary = True
            continue
        if summary:
            run_twice = run_twice or line.startswith("Hand was run twice")
            m = re.match(r"7-2 bounty \((\S+)\): (.*)$", line)
            if m:
                # Our own line (PokerStars has no 7-2 game): the bounty and who paid it.
                paid = re.findall(r"(.+?) pays (\S+) to (.+?)(?:, |$)", m[2]) if m[2] != "nobody pays" else []
                metadata["_seven_deuce"] = {
                    "bounty": _phh(_number(m[1], line)),
                    "paid": [[f"p{position[a] + 1}", f"p{position[b] + 1}", _phh(_number(c, line))]
                             for a, c, b in paid if a in position and b in position],
                }
            m = re.match(r"Total pot .*\| Rake (\S+)", line)
            if m:
                rake = _number(m[1], line)
            # "Seat 3: Bob (big blind) mucked [Qh 2s]": the real cards of a mucked
            # hand, so none are made up for it (issue 24).
            m = re.match(r"Seat \d+: (.+?)(?: \([^)]*\))* mucked \[([^\]]+)\]", line)
            if m and m[1] in position and m[1] not in holes and len(m[2].replace(" ", "")) == 4:
                holes[m[1]] = m[2].replace(" ", "")
            continue
        if line.startswith("*** THIRD ") or line.startswith("Hand was run three"):
            raise UnsupportedHistory.said("history.ps.run_thrice")
        board = _BOARD.match(line) or _RUN_BOARD.match(line)
        if board:
            run_twice = run_twice or board.groupdict().get("run") == "SECOND"
            actions.append("d db " + board["cards"].replace(" ", "") + source)
            h.street = {}
            continue
        m = re.match(r"Dealt to (.+?) \[([^\]]+)\]", line)
        if m and m[1] in position:
            holes[m[1]] = m[2].replace(" ", "")
            continue
        m = re.match(r"Uncalled bet \((.+)\) returned to (.+)$", line)
        if m and m[2] in position:
            h.back[m[2]] += _number(m[1], line)
            h.returned = True
            continue
        m = re.match(r"(.+?) collected (\S+) from ", line)
        if m and m[1] in position:
            collected[m[1]] += _number(m[2], line)
            continue
        said = h.who(line)
        if said is None:
            continue
        name, rest = said
        p = f"p{position[name] + 1}"
        if rest.startswith("folds"):
            folded.add(name)
            actions.append(f"{p} f" + source)
        elif rest.startswith("checks"):
            actions.append(f"{p} cc" + source)
        elif m := re.match(r"calls (\S+)", rest):
            h.pay(name, _number(m[1], line))
            actions.append(f"{p} cc" + source)
        elif m := re.match(r"bets (\S+)", rest):
            chips = _number(m[1], line)
            h.pay(name, chips)
            actions.append(f"{p} cbr {_phh(h.street[name])}" + source)
        elif m := re.match(r"raises \S+ to (\S+)", rest):
            to = _number(m[1], line)
            h.pay(name, to - h.street.get(name, Decimal(0)))
            actions.append(f"{p} cbr {_phh(to)}" + source)
        elif name in shown and rest.startswith("shows ["):
            continue  # the second showdown of a board run twice shows the same hand again
        elif (name in folded or name in mucked or len(names) - len(folded) < 2) and (
            m := re.match(r"shows \[([^\]]+)\]", rest)
        ):
            # A player out of the hand, or the winner of an uncontested pot: a show
            # after the hand (our _shows_after_hand; no action of the rules).
            shown_after.append(f"{p} sm {m[1].replace(' ', '')}")
        elif len(names) - len(folded) < 2:
            continue  # the hand is won: a winner not showing is no action of the rules
        elif m := re.match(r"shows \[([^\]]+)\]", rest):
            shown.add(name)
            cards = m[1].replace(" ", "")
            if len(cards) == 2:
                # One card shown is no hand shown: he mucks (the summary says "mucked [Qc]").
                mucked.add(name)
                actions.append(f"{p} sm" + source)
                continue
            if len(cards) != 4:
                raise UnsupportedHistory.said("history.ps.part_shown", name=name, n=len(cards) // 2)
            actions.append(f"{p} sm {cards}" + source)
        elif rest.startswith("mucks hand"):
            mucked.add(name)
            actions.append(f"{p} sm" + source)

    if not summary:
        raise HistoryError(
            "the hand stops before its '*** SUMMARY ***' line (a file cut off?): a whole hand ends with its summary"
        )
    deals = [f"d dh p{i + 1} {holes.get(name, '????')}" for i, name in enumerate(names)]
    bos = [blinds[name] for name in names]
    ante_list = [antes[name] for name in names]
    if len(names) == 2:
        # PHH heads-up: [small, big] although p1 (left of the button) posts the big blind.
        bos.reverse()
        ante_list.reverse()
    if not h.returned and (uncalled := h.uncalled()):
        h.back[uncalled[0]] += uncalled[1]
    # The text's stacks: a raked pot's winner has what he collected (the pot less the rake).
    finishing = tuple(_phh(stacks[name] - h.put_in[name] + h.back[name] + collected[name]) for name in names)
    if rake:
        metadata["_rake"] = _phh(rake)
    metadata["seats"] = [seats[name] for name in names]
    if posts:
        metadata["_posts"] = posts
    if shown_after:
        metadata["_shows_after_hand"] = shown_after
    if run_twice:
        # PokerStars runs it twice when every player still in agrees (history.home_games).
        metadata["_run_it_twice"] = [f"p{i + 1} runs 2" for i, name in enumerate(names) if name not in folded]
    kwargs: dict[str, Any] = {}
    if variant == "FT":
        kwargs.update(small_bet=_phh(stakes[0]), big_bet=_phh(stakes[1]))
        # The text does not say whether the room capped raising heads-up
        # (docs/rules.md#fixed-limit); uncapped rounds that start heads-up accept both.
        metadata["_limit_heads_up_cap"] = HeadsUpCap.UNCAP_IF_ROUND_STARTS_HEADS_UP.value
    else:
        kwargs["min_bet"] = _phh(big if big is not None else stakes[1])
    return HandHistory(
        variant=variant,
        antes=tuple(_phh(a) for a in ante_list),
        blinds_or_straddles=tuple(_phh(b) for b in bos),
        starting_stacks=tuple(_phh(stacks[name]) for name in names),
        actions=tuple(deals + actions),
        players=tuple(names),
        finishing_stacks=finishing,
        ante_trimming_status=any(antes.values()),
        metadata=metadata,
        **kwargs,
    )


def is_pokerstars_path(path: str | Path) -> bool:
    """A ``.txt`` file is read as PokerStars text (``replay``, ``convert``)."""
    return Path(path).suffix.lower() == ".txt"


def holds_many_hands(path: str | Path) -> bool:
    """Whether ``path`` is a folder, a ``.phhs`` or a PokerStars file of several hands."""
    path = Path(path)
    if path.is_dir() or path.suffix == ".phhs":
        return True
    if not is_pokerstars_path(path):
        return False
    try:
        text = read_text(path)
    except OSError:
        return False  # reported when the file is read
    return len(_HAND_START.findall(text)) > 1


def load_one(path: str | Path) -> HandHistory:
    """The one hand of a ``.phh`` file or of a PokerStars ``.txt`` file."""
    if not is_pokerstars_path(path):
        return load(path)
    hands = load_pokerstars(path)
    if len(hands) != 1:
        raise HistoryError(f"{len(hands)} hands in the file, expected one", path=str(path))
    return hands[0]


def _holds_a_pokerstars_hand(path: Path) -> bool:
    """Whether a ``.txt`` file in a folder is PokerStars text (a README is not)."""
    try:
        with path.open(encoding="utf-8-sig", errors="replace") as file:
            return _HAND_START.search(file.read(1 << 16)) is not None
    except OSError:
        return True  # unreadable: reported when the file is read


def load_hands(path: str | Path) -> Iterator[tuple[str, HandHistory | HistoryError]]:
    """Every hand under ``path`` as :func:`~pokerdealer.history.load_path` yields
    them; a PokerStars ``.txt`` file gives ``(path[#hand id], hand)`` for each of
    its hands (a hand that cannot be read as ``(path[#hand number], error)``),
    or ``(path, error)`` once when the file cannot be read. A folder's
    PokerStars ``.txt`` files are read too, with its PHH files, in sorted order."""
    path = Path(path)
    if path.is_dir():
        files = sorted(
            p for p in path.rglob("*")
            if p.is_file() and (p.suffix in (".phh", ".phhs") or (is_pokerstars_path(p) and _holds_a_pokerstars_hand(p)))
        )
        for file in files:
            yield from load_hands(file)
        return
    if not is_pokerstars_path(path):
        yield from load_path(path)
        return
    # One hand that cannot be read is named (path[#hand number]) with why; the others are read.
    yield from load_each(path)
