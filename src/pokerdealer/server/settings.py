"""What a table is created with, checked at the edge (the lobby form, the API)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from pokerdealer.bots import bot_names
from pokerdealer.rules import AnteType, Structure
from pokerdealer.server.limits import Caps, Rate
from pokerdealer.server.protocol import ProtocolError, visible_text
from pokerdealer.server.words import TABLE_NAME_KEYS
from pokerdealer.table import CashGameSettings, TableError

__all__ = ["DEMO_TABLE", "HOME_RULES", "LANGS", "ROOM_BOTS", "ServerOptions", "TableSettings", "check_bot_kinds", "setting_name"]

LANGS = ("en", "zh-Hant", "zh-Hans")
ANTE_TYPES = ("per_player", "big_blind")
HOME_RULES = ("run_it_twice", "rabbit_hunt", "bomb_pot_every", "bomb_pot_ante", "seven_deuce")
"""The home-game rules a cash table's host turns on (issue 39), each a table feature of its own."""
ROOM_BOTS = ("tight", "caller", "random", "regular", "loose", "learned")
"""The bot kinds a host may seat at a room table or a tournament (of those :func:`bot_names` lists)."""
DEMO_BOTS = ("tight", "caller", "random")
"""The bots of the demo table."""


def check_bot_kinds(bots: Sequence[str]) -> None:
    """Refuse a bot kind the room does not seat, naming the ones it does.

    >>> check_bot_kinds(["tight", "caller"])
    >>> check_bot_kinds(["shark"])
    Traceback (most recent call last):
    ...
    pokerdealer.table.settings.TableError: unknown bot 'shark': choose from caller, learned, loose, random, regular, tight
    """
    allowed = set(bot_names()) & set(ROOM_BOTS)
    for b in bots:
        if b not in allowed:
            raise TableError.said("room.settings.unknown_bot", bot=b, bots=", ".join(sorted(allowed)))


@dataclass(frozen=True)
class ServerOptions:
    """How the server runs (from ``pokerdealer serve``)."""

    db_url: str = "sqlite:///pokerdealer.db"
    test_seed: int | None = None
    """Deterministic decks and bots, for tests (never for real play)."""
    grace_seconds: float = 60.0
    """A disconnected player keeps the seat this long, then is sat out."""
    pause_seconds: float = 3.0
    """Pause after a hand (showdown on screen) before the next deal."""
    bot_delay: float = 0.8
    """Seconds a bot 'thinks' before acting."""
    demo_table: bool = True
    """Create a listed table with bots when the database has none."""
    max_timeouts: int = 2
    """Consecutive clock expiries before a player is sat out."""
    sat_out_hands: int = 10
    """An absent player sat out for this many hands in a row loses the seat
    between hands, taking their chips (no seat squatting); 0: never."""
    lease_seconds: float = 15.0
    """How long a table's lease lasts without renewal (renewed every third of it):
    how soon another process sharing the database takes over a dead one's tables."""
    keep_hands: int = 20
    """Finished hands each table keeps in memory; older ones are rebuilt from
    the database when asked for (history pages, downloads)."""
    node: str | None = None
    """The address this process alone serves (``host:port``, set by ``pokerdealer
    serve`` once it listens there). Tables last held by this node are taken back at
    once on start; None: a name of its own, so only expired leases are taken."""
    caps: Caps = field(default_factory=Caps)
    """The most websockets open at once by client address and by table (docs/room/serve.md, "Limits": the
    caps key on the peer address; behind a proxy see ``--trust-forwarded``)."""
    limit_cool_off: float = 300.0
    """Seconds after a stop by a player's own loss or time limit before they may
    choose to go on (:mod:`~pokerdealer.server.self_limits` says why five minutes)."""
    chat_member: Rate = field(default_factory=lambda: Rate(burst=5, every=2.0))
    """Chat lines a seat holder may say: 5 at once, then one every 2 s."""
    chat_address: Rate = field(default_factory=lambda: Rate(burst=10, every=1.0))
    """Chat lines from one client address (spectators included), all tables together."""
    chat_table: Rate = field(default_factory=lambda: Rate(burst=20, every=0.25))
    """Chat lines one table carries, whoever says them (what people can read)."""
    register_rate: Rate = field(default_factory=lambda: Rate(burst=8, every=10.0))
    """Registrations from one client address into one tournament: a household's few at
    once, then one every 10 s (a stranger registered 96 junk names in 0.8 s and filled it)."""
    create_rate: Rate = field(default_factory=lambda: Rate(burst=40, every=3.0))
    """Tables one client address may create, and tournaments (each counted on its own): 40
    at once, then one every 3 s. A club's evening makes a few; a script made 1,000 listed
    tables and 300 tournaments in 32 s."""
    hello_seconds: float = 15.0
    """A new websocket that has not said hello in this long is closed (code 1008, a close frame):
    a socket that says nothing holds a connection slot and a task for nothing."""
    tls: bool = False
    """Served over TLS itself (``--certfile``): every response says so (HSTS) and the pages'
    sockets may only be ``wss:`` (:func:`~pokerdealer.server.middleware.content_security_policy`)."""
    lobby_per_creator: int = 25
    """The lobby lists the newest this many open tables of one creator (client address),
    and as many tournaments; the others are played and reached by their links as ever."""


def setting_name(name: str) -> dict[str, Any]:
    """A setting's name in words (catalog ``room.settings.field.<name>``), said in each
    reader's language where it is put in a message.

    >>> from pokerdealer.i18n import message
    >>> message("zh-Hant", "room.settings.bool", field=setting_name("straddle"))
    '抓盲只能是「是」或「否」'
    """
    return {"key": f"room.settings.field.{name}", "params": {}}


@dataclass(frozen=True)
class TableSettings:
    name: str = "Table"
    structure: str = "no_limit"
    small_blind: int = 1
    big_blind: int = 2
    stack: int = 200
    """The buy-in offered by default (the maximum buy-in)."""
    seats: int = 6
    bots: tuple[str, ...] = ()
    """Bots seated when the table is made (none unless asked: a bare ``POST /api/tables``
    has always made a table for people alone; the lobby's form and the demo table name theirs)."""
    clock: float = 30.0
    lang: str = "en"
    listed: bool = False
    reveal_deck: bool = False
    """A home-game option: after each hand reveal every deck position (folded and
    mucked hands too), not only the board dealt and the hands shown."""
    ante: int = 0
    """An ante each hand (0: none); ``ante_type`` says who posts it."""
    ante_type: str = "per_player"
    """``per_player`` (everyone dealt in posts ``ante``) or ``big_blind`` (the big
    blind posts it for the table, a big-blind ante)."""
    time_bank: int = 0
    """Seconds of time bank each player has (0: none): used once per hand when
    the action clock runs out, refilled over hands (:mod:`~pokerdealer.server.timebank`)."""
    approve_players: bool = False
    """A home-game option: a join is a request the host approves or refuses
    (:mod:`~pokerdealer.server.host`)."""
    straddle: bool = False
    """A home-game option: the player under the gun may straddle two big blinds
    before the cards, when they ask for it (:mod:`~pokerdealer.server.straddle`)."""
    run_it_twice: bool = False
    """A home-game option: when every player still in is all in before the river, each
    is asked whether to run the rest of the board twice (:mod:`~pokerdealer.server.run_it_twice`)."""
    rabbit_hunt: bool = False
    """A home-game option: after a hand that ended before the river, a player dealt in may
    ask to see the cards that would have come (:mod:`~pokerdealer.server.rabbit_hunt`)."""
    bomb_pot_every: int = 0
    """A home-game option: every this many hands is a bomb pot (0: only when the host asks
    for one; :mod:`~pokerdealer.server.bomb_pot`)."""
    bomb_pot_ante: int = 0
    """A bomb pot's ante from every player dealt in (0: two big blinds)."""
    seven_deuce: int = 0
    """The 7-2 game's bounty in chips (0: not played; :mod:`~pokerdealer.server.seven_deuce`)."""
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableSettings:
        """Check every field; raises :class:`TableError` with a message for people
        (a ``room.settings.*`` catalog key and params: said in the reader's language).

        >>> error = None
        >>> try:
        ...     TableSettings.from_dict({"small_blind": 5, "big_blind": 2})
        ... except TableError as e:
        ...     error = e
        >>> str(error), error.key
        ('the small blind cannot be larger than the big blind', 'room.settings.blinds_order')
        """
        if not isinstance(data, dict):
            raise TableError.said("room.settings.not_object")
        known = {f for f in cls.__dataclass_fields__ if f != "extra"}
        unknown = set(data) - known
        if unknown:
            raise TableError.said("room.settings.unknown", names=", ".join(sorted(map(str, unknown))))
        d = {**asdict(cls()), **data}
        d.pop("extra", None)
        if not isinstance(d["name"], str):
            raise TableError.said("room.settings.name_text")
        try:  # checked as it will be shown: invisible characters removed first
            name = visible_text(d["name"], what="table_name", limit=40)
        except ProtocolError as error:
            raise TableError.said(error.key, **error.params) from None
        structure = d["structure"]
        if structure not in {s.value for s in Structure}:
            raise TableError.said("room.settings.structure")
        ints = {}
        for key, low, high in (("small_blind", 0, 10**6), ("big_blind", 1, 10**6),
                               ("stack", 1, 10**9), ("seats", 2, 10), ("ante", 0, 10**6),
                               ("time_bank", 0, 600), ("bomb_pot_every", 0, 1000),
                               ("bomb_pot_ante", 0, 10**6), ("seven_deuce", 0, 10**6)):
            value = d[key]
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise TableError.said("room.settings.whole_number", field=setting_name(key), low=low, high=high)
            ints[key] = value
        if ints["small_blind"] > ints["big_blind"]:
            raise TableError.said("room.settings.blinds_order")
        if ints["stack"] < ints["big_blind"] * 2:
            raise TableError.said("room.settings.stack_two_bb")
        bots = d["bots"]
        if not isinstance(bots, (list, tuple)) or not all(isinstance(b, str) for b in bots):
            raise TableError.said("room.settings.bots_list")
        check_bot_kinds(bots)
        if len(bots) > ints["seats"] - 1:
            raise TableError.said("room.settings.seat_free")
        clock = d["clock"]
        if isinstance(clock, bool) or not isinstance(clock, (int, float)) or not 0.2 <= clock <= 600:
            raise TableError.said("room.settings.clock")
        if d["lang"] not in LANGS:
            raise TableError.said("room.settings.lang", langs=", ".join(LANGS))
        if d["ante_type"] not in ANTE_TYPES:
            raise TableError.said("room.settings.ante_type", choices=", ".join(ANTE_TYPES))
        for key in ("listed", "reveal_deck", "approve_players", "straddle", "run_it_twice", "rabbit_hunt"):
            if not isinstance(d[key], bool):
                raise TableError.said("room.settings.bool", field=setting_name(key))
        return cls(
            name=name, structure=structure, bots=tuple(bots), clock=float(clock),
            lang=d["lang"], listed=d["listed"], reveal_deck=d["reveal_deck"], ante_type=d["ante_type"],
            approve_players=d["approve_players"], straddle=d["straddle"], run_it_twice=d["run_it_twice"],
            rabbit_hunt=d["rabbit_hunt"], **ints,
        )

    @classmethod
    def from_host(cls, data: dict[str, Any]) -> TableSettings:
        """A new table's settings as its host sent them: checked by :meth:`from_dict`, and a
        name under :data:`~pokerdealer.server.words.TABLE_NAME_KEYS` refused -- such a name is
        read as a catalog key (the room's own demo table's), so a host's table so named would
        show another name than the one typed, in every language.

        >>> TableSettings.from_host({"name": "Friday game"}).name
        'Friday game'
        >>> try:
        ...     TableSettings.from_host({"name": "room.table.name.demo"})
        ... except TableError as error:
        ...     error.key
        'room.settings.name_reserved'
        """
        settings = cls.from_dict(data)
        if settings.name.startswith(TABLE_NAME_KEYS):
            raise TableError.said("room.settings.name_reserved", start=TABLE_NAME_KEYS)
        return settings

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d.pop("extra")
        d["bots"] = list(self.bots)
        return d

    def cash_settings(self) -> CashGameSettings:
        return CashGameSettings(
            small_blind=self.small_blind,
            big_blind=self.big_blind,
            min_buy_in=max(self.big_blind * 2, self.stack // 4),
            max_buy_in=self.stack,
            seats=self.seats,
            structure=Structure(self.structure),
            ante=self.ante,
            ante_type=AnteType(self.ante_type) if self.ante else AnteType.NONE,
            straddle=self.straddle,
            run_it_twice=self.run_it_twice,
            bomb_pot_every=self.bomb_pot_every,
            bomb_pot_ante=self.bomb_pot_ante,
            seven_deuce=self.seven_deuce,
        )


#: The listed table with bots a room makes on an empty database. Its name is a catalog
#: key (:data:`~pokerdealer.server.words.TABLE_NAME_KEYS`): each reader reads it in their
#: language, and another process reading the stored row names it alike.
DEMO_TABLE = TableSettings(name="room.table.name.demo", listed=True, bots=DEMO_BOTS)
