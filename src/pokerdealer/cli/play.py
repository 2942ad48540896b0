"""The ``play`` command: play hold'em in the terminal against bots.

::

    pokerdealer play [--players 6] [--bots tight,caller,random] [--blinds 1/2] [--stack 200]
                     [--structure no_limit|pot_limit|fixed_limit] [--variant holdem|shortdeck]
                     [--tournament] [--levels 10/20,20/40,50/100] [--level-hands 10]
                     [--seed N] [--history DIR] [--hands N] [--lang en|zh-Hant|zh-Hans] [--name You]

On your turn the table is drawn (seats, stacks, the button, bets, the pots,
the board and your cards) with what you may do. Type ``f`` (fold), ``c``
(check or call), ``r 60`` (bet or raise *to* 60), ``a`` (all-in), ``p`` / ``h``
(a pot-sized / half-pot bet or raise), ``?`` (help) or ``q`` (quit). After
each hand the showdown is explained in ``--lang``. Bad input shows a message
and asks again; end of input quits like ``q``.

A cash game tops up busted bots; ``--tournament`` plays a sit-and-go with the
``--levels`` schedule (each level lasts ``--level-hands`` hands) until one
player has every chip. ``--history DIR`` keeps the session's hands as one
``.phhs`` file.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table as RichTable
from rich.text import Text

from pokerdealer.cards import Card
from pokerdealer.cli._app import app, console, reports_errors
from pokerdealer.cli._display import FOUR_COLOUR_STYLES, cards_text
from pokerdealer.cli._options import parse_blinds, parse_structure
from pokerdealer.errors import PokerDealerError
from pokerdealer.rules import Action, ConfigError, Hand, LegalActions, PlayerView

__all__ = ["parse_command", "play_command"]

HELP = (
    "f fold · c check/call · r N bet/raise to N · a all-in · p pot · h half pot · q quit"
)


class _Quit(Exception):
    """The player quit (``q`` or end of input)."""


def card_text(cards: Sequence[Card] | None) -> Text:
    """Cards in the four-colour deck; hole cards the player may not see (``None``) as ``?? ??``."""
    return cards_text(cards if cards is not None else (None, None), styles=FOUR_COLOUR_STYLES)


def _verb(verb: str, *, you: bool) -> str:
    """``verb`` agreeing with its subject: ``call`` for "You", ``calls`` for anyone else.

    >>> _verb("call", you=True), _verb("raise", you=False)
    ('call', 'raises')
    """
    return verb if you else f"{verb}s"


def _action_words(action: Action, *, you: bool) -> str:
    """What a player did, after their name: ``raises to 80``, ``call 2`` (for "You").

    >>> _action_words(Action("raise", 0, 80), you=False), _action_words(Action("call", 0, 2), you=True)
    ('raises to 80', 'call 2')
    """
    kind = action.kind
    if kind == "raise":
        return f"{_verb('raise', you=you)} to {action.amount}"
    if kind == "call":
        return f"{_verb('call', you=you)} {action.amount}"
    if kind in ("fold", "check"):
        return _verb(kind, you=you)
    return kind


def parse_command(text: str, view: PlayerView) -> Action:
    """Read what the player typed into an action; raises
    :class:`~pokerdealer.errors.PokerDealerError` (a :class:`ValueError`) with a
    message for the player when it cannot be read or is not allowed now.

    >>> from pokerdealer.cards import deck_cards
    >>> from pokerdealer.rules import Hand, HandConfig
    >>> hand = Hand(HandConfig(stacks=(100, 100, 100), blinds=(1, 2)), deck_cards())
    >>> view = hand.view(2)
    >>> parse_command("r 6", view), parse_command("c", view).kind, parse_command("p", view).amount
    (Action(kind='raise', player=2, amount=6, cards=None), 'call', 7)
    >>> parse_command("r 3", view)
    Traceback (most recent call last):
    ...
    pokerdealer.errors.PokerDealerError: you cannot raise to 3: fold, call 2, raise to 4..100
    """
    from pokerdealer.bots import pot_raise_to

    legal = view.legal
    assert legal is not None
    me = view.player
    words = text.strip().lower().split()
    if not words:
        raise PokerDealerError(f"type an action: {HELP}")
    word = words[0]
    if word in ("q", "quit", "exit"):
        raise _Quit
    rest = words[1:]
    if word in ("f", "fold"):
        if not legal.can_fold:
            raise PokerDealerError(f"you cannot fold now: {legal.describe()}")
        return Action("fold", me)
    if word in ("c", "k", "x", "check", "call"):
        if legal.can_check:
            return Action("check", me)
        if legal.call is not None:
            return Action("call", me)
        raise PokerDealerError(f"you cannot check or call now: {legal.describe()}")
    if word in ("a", "allin", "all-in", "shove"):
        if legal.max_raise_to is not None:
            return Action("raise", me, legal.max_raise_to)
        if legal.call is not None:
            return Action("call", me)
        raise PokerDealerError(f"you cannot go all-in now: {legal.describe()}")
    if word in ("p", "pot", "h", "half"):
        if legal.min_raise_to is None:
            raise PokerDealerError(f"raising is closed: {legal.describe()}")
        return Action("raise", me, pot_raise_to(view, 1.0 if word in ("p", "pot") else 0.5))
    if word in ("r", "b", "raise", "bet") or word[:1] in ("r", "b") and word[1:].isdigit():
        amount_text = rest[0] if rest else word[1:]
        if not amount_text.replace(",", "").isdigit():
            raise PokerDealerError("say how much to bet or raise to, e.g. r 60")
        amount = int(amount_text.replace(",", ""))
        if legal.min_raise_to is None:
            raise PokerDealerError(f"raising is closed: {legal.describe()}")
        if not legal.min_raise_to <= amount <= legal.max_raise_to:  # type: ignore[operator]
            raise PokerDealerError(f"you cannot raise to {amount}: {legal.describe()}")
        return Action("raise", me, amount)
    raise PokerDealerError(f"cannot read {text.strip()!r}: {HELP}")


def _choices(view: PlayerView, legal: LegalActions) -> str:
    from pokerdealer.bots import pot_raise_to

    parts = []
    if legal.can_fold and not legal.can_check:
        parts.append("f fold")
    if legal.can_check:
        parts.append("c check")
    elif legal.call is not None:
        parts.append(f"c call {legal.call}")
    if legal.min_raise_to is not None:
        verb = "raise" if max(view.committed) else "bet"
        if legal.min_raise_to == legal.max_raise_to:
            parts.append(f"r {legal.min_raise_to} {verb} (all-in)" if legal.max_raise_to else "")
        else:
            parts.append(f"r {legal.min_raise_to}..{legal.max_raise_to} {verb} to")
            parts.append(f"p {pot_raise_to(view, 1.0)} pot")
            parts.append(f"h {pot_raise_to(view, 0.5)} half pot")
        parts.append(f"a all-in {legal.max_raise_to}")
    parts.append("q quit")
    return " · ".join(p for p in parts if p)


class Session:
    """One terminal session: the table, the bots, the screen."""

    def __init__(
        self,
        *,
        table,  # noqa: ANN001
        bots: dict[str, object],
        human: str,
        lang: str,
        seats: dict[str, int],
        writer=None,  # noqa: ANN001
        tournament: bool = False,
    ) -> None:
        self.table = table
        self.bots = bots
        self.human = human
        self.lang = lang
        self.seats = seats
        self.writer = writer
        self.tournament = tournament
        self._printed = 0
        self._board_shown = 0

    # ------------------------------------------------------------------ input
    def read(self, prompt: str) -> str:
        console.print(Text(prompt), end="")
        line = sys.stdin.readline()
        if not line:
            console.print()
            raise _Quit
        return line

    def _is_you(self, name: str) -> bool:
        """Whether ``name`` is the human player called "you" (the default ``--name You``),
        whose verbs take no -s ("You call", but "Ann calls")."""
        return name == self.human and name.casefold() == "you"

    # ------------------------------------------------------------- the screen
    def _log_lines(self, hand: Hand) -> None:
        """Print the actions (and new streets) not printed yet."""
        names = hand.config.players
        probe_board = hand.board
        for action in hand.log[self._printed :]:
            if action.kind in ("show", "muck"):
                continue
            who = names[action.player]  # type: ignore[index]
            line = Text("  ")
            line.append(who, style="bold" if who == self.human else "")
            line.append(f" {_action_words(action, you=self._is_you(who))}")
            console.print(line)
        self._printed = len(hand.log)
        for size, street in ((3, "FLOP"), (4, "TURN"), (5, "RIVER")):
            if self._board_shown < size <= len(probe_board):
                line = Text(f"*** {street} *** ")
                line.append_text(card_text(probe_board[:size]))
                console.print(line)
                self._board_shown = size

    def draw(self, view: PlayerView) -> None:
        """The table as the human sees it."""
        record = self.table.current
        hand: Hand = record.hand
        config = hand.config
        grid = RichTable(show_header=True, header_style="bold", padding=(0, 1))
        for column in ("seat", "player", "stack", "bet", "", "cards"):
            grid.add_column(column, no_wrap=True)
        n = config.player_count
        for i in range(n):
            role = []
            if i == config.button:
                role.append("D")
            if i == config.small_blind_player and config.blinds[0] and n > 2:
                role.append("SB")
            if i == config.big_blind_player:
                role.append("BB")
            if n == 2 and i == config.button:
                role = ["D", "SB"]
            status = ""
            if view.folded[i]:
                status = "folded"
            elif view.stacks[i] == 0:
                status = "all-in"
            name = Text(view.players[i], style="bold" if view.players[i] == self.human else "")
            if view.actor == i:
                name.append(" ◀", style="yellow")
            grid.add_row(
                str(record.seats[i]),
                name,
                str(view.stacks[i]),
                str(view.committed[i] or ""),
                Text(" ".join(role) + (" " + status if status else "")),
                card_text(view.hole_cards[i]) if not view.folded[i] else Text(""),
            )
        console.print(grid)
        pots = view.pots
        line = Text()
        if len(pots) <= 1:
            line.append(f"Pot {sum(p.amount for p in pots)}")
        else:
            for k, pot in enumerate(pots):
                label = "Main pot" if k == 0 else f"Side pot {k}"
                who = ", ".join(view.players[i] for i in pot.eligible)
                line.append(f"{label} {pot.amount} ({who})   ")
        line.append("   Board ")
        line.append_text(card_text(view.board) if view.board else Text("-"))
        console.print(line)
        mine = Text("Your cards ")
        mine.append_text(card_text(view.hole_cards[view.player]))  # type: ignore[index]
        console.print(mine)

    # -------------------------------------------------------------- deciding
    def decide(self, view: PlayerView) -> Action:
        hand = self.table.current.hand
        self._log_lines(hand)
        name = view.players[view.player]  # type: ignore[index]
        if name != self.human:
            return self.bots[name].act(view)  # type: ignore[attr-defined]
        legal = view.legal
        assert legal is not None
        self.draw(view)
        while True:
            console.print(Text(_choices(view, legal), style="cyan"))
            text = self.read("> ")
            try:
                return parse_command(text, view)
            except PokerDealerError as error:
                if text.strip() in ("?", "help"):
                    console.print(Text(HELP))
                else:
                    console.print(Text(str(error), style="red"))

    # ------------------------------------------------------------ one hand
    def play_one(self) -> None:
        from pokerdealer.table import play_hand

        self._printed = 0
        self._board_shown = 0
        self._announce_next()
        record = play_hand(self.table, self.decide)
        self._log_lines(record.hand)
        self.result(record)
        if self.writer is not None:
            self.writer.write(record.hand)

    def _announce_next(self) -> None:
        table = self.table
        header = Text(f"\n── Hand #{len(table.hands) + 1}", style="bold")
        if self.tournament:
            level = table.level_index()
            lv = table.settings.levels[level]
            header.append(f" · level {level + 1} ({lv.small_blind}/{lv.big_blind})")
        header.append(" ──")
        console.print(header)

    def result(self, record) -> None:  # noqa: ANN001
        from pokerdealer.evaluation import evaluate
        from pokerdealer.evaluation.showdown import showdown

        hand: Hand = record.hand
        result = hand.result
        assert result is not None
        names = hand.config.players
        variant = hand.config.variant
        if hand.shown:
            console.print(Text("*** SHOWDOWN ***", style="bold"))
            for i in result.showdown_order:
                line = Text(f"  {names[i]} ")
                if i in hand.shown:
                    value = evaluate(hand.hole_cards[i] + hand.board, variant)
                    line.append_text(card_text(hand.hole_cards[i]))
                    line.append(f"  {value.describe(self.lang)}")
                else:
                    line.append(_verb("muck", you=self._is_you(names[i])))
                console.print(line)
        for k, award in enumerate(result.awards):
            label = "pot" if len(result.awards) == 1 else ("main pot" if k == 0 else f"side pot {k}")
            winners = ", ".join(f"{names[w]} {chips}" for w, chips in award.shares.items())
            console.print(Text(f"  {label} {award.amount}: {winners}", style="green"))
            contenders = {names[i]: hand.hole_cards[i] for i in award.eligible if i in hand.shown}
            if len(contenders) >= 2 and len(hand.board) == 5:
                outcome = showdown(hand.board, contenders, variant=variant, lang=self.lang)
                console.print(Text("  " + outcome.decided_by.explanation))
            elif len(award.eligible) == 1 and len(result.awards) == 1:
                winner = names[award.eligible[0]]
                console.print(Text(f"  {winner} {_verb('win', you=self._is_you(winner))}: everyone else folded"))
        stacks = ", ".join(f"{name} {chips}" for name, chips in self.table.stacks.items())
        console.print(Text(f"  stacks: {stacks}", style="dim"))


@app.command("play")
@reports_errors
def play_command(
    players: Annotated[int, typer.Option("--players", help="Players at the table, you included (2-10).")] = 6,
    bots: Annotated[str, typer.Option("--bots", help="Bots for the other seats, comma separated; they cycle.")] = "tight,caller,random",
    blinds: Annotated[str, typer.Option("--blinds", help="Blinds as SMALL/BIG (cash game).")] = "1/2",
    stack: Annotated[int, typer.Option("--stack", help="Starting stack in chips.")] = 200,
    structure: Annotated[str, typer.Option("--structure", help="no_limit, pot_limit or fixed_limit.")] = "no_limit",
    variant: Annotated[str, typer.Option("--variant", help="holdem or shortdeck.")] = "holdem",
    tournament: Annotated[bool, typer.Option("--tournament", help="Play a sit-and-go with rising blinds.")] = False,
    levels: Annotated[str, typer.Option("--levels", help="Tournament levels, e.g. 10/20,20/40,50/100.")] = "10/20,15/30,25/50,50/100,100/200",
    level_hands: Annotated[int, typer.Option("--level-hands", help="Hands per tournament level.")] = 10,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed for the cards, seats and bots.")] = None,
    history: Annotated[Path | None, typer.Option("--history", help="Keep the hands as one .phhs file in this folder.")] = None,
    hands: Annotated[int | None, typer.Option("--hands", help="Stop after this many hands.")] = None,
    lang: Annotated[str, typer.Option("--lang", help="Language of the explanations: en, zh-Hant, zh-Hans.")] = "en",
    name: Annotated[str, typer.Option("--name", help="Your name at the table.")] = "You",
) -> None:
    """Play a table in the terminal against bots."""
    from pokerdealer.bots import make_bots
    from pokerdealer.i18n import check_lang
    from pokerdealer.table import CashGameSettings, CashTable, Level, Tournament, TournamentSettings

    check_lang(lang)
    if not 2 <= players <= 10:
        raise PokerDealerError(f"--players must be 2..10, got {players}")
    if hands is not None and hands < 1:
        raise PokerDealerError(f"--hands must be at least 1, got {hands}")
    if stack <= 0:
        raise PokerDealerError(f"--stack must be positive, got {stack}")
    bot_list = [b.strip() for b in bots.split(",") if b.strip()]
    if not bot_list:
        raise PokerDealerError("no bots given")
    kind = parse_structure(structure)
    if variant not in ("holdem", "shortdeck"):
        raise PokerDealerError(f"unknown variant {variant!r}: expected 'holdem' or 'shortdeck'")
    rng = random.Random(seed) if seed is not None else random.Random()
    bot_names = [f"{bot_list[k % len(bot_list)]}{k + 1}" for k in range(players - 1)]
    if name in bot_names or not name.strip():
        raise PokerDealerError(f"choose another --name than {name!r}")
    made = make_bots(bot_list, players - 1, rng, variant=variant)
    bot_of = dict(zip(bot_names, made))
    table_rng = random.Random(rng.getrandbits(64)) if seed is not None else None
    try:
        if tournament:
            schedule = []
            for part in levels.split(","):
                sb, bb = parse_blinds(part)
                schedule.append(Level(sb, bb, hands=level_hands))
            schedule[-1] = Level(schedule[-1].small_blind, schedule[-1].big_blind)
            settings = TournamentSettings(
                stack, tuple(schedule), seats=max(players, 2), structure=kind, variant=variant  # type: ignore[arg-type]
            )
            table = Tournament(settings, [name, *bot_names], rng=table_rng)
        else:
            sb, bb = parse_blinds(blinds)
            settings = CashGameSettings(sb, bb, min(stack, bb), stack, seats=players, structure=kind, variant=variant)  # type: ignore[arg-type]
            table = CashTable(settings, rng=table_rng)
            for who in (name, *bot_names):
                table.sit_down(who, stack)
    except ConfigError as error:
        raise PokerDealerError(str(error)) from None
    seats = {p.name: p.seat for p in table.players}

    writer = None
    if history is not None:
        from pokerdealer.cli.simulate import PhhsWriter

        history.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = history / (f"session-{stamp}" + (f"-seed{seed}" if seed is not None else "") + ".phhs")
        writer = PhhsWriter(path)
    session = Session(
        table=table, bots=bot_of, human=name, lang=lang, seats=seats, writer=writer, tournament=tournament
    )
    game = "tournament" if tournament else f"cash game {blinds}"
    console.print(Text(f"{game}, {players} players: you are {name} in seat {seats[name]}. {HELP}"))
    played = 0
    try:
        while hands is None or played < hands:
            if tournament and table.is_over:
                break
            if table.stacks.get(name, 0) == 0:
                break
            session.play_one()
            played += 1
            if not tournament:
                for bot in bot_names:
                    if table.stacks[bot] == 0:
                        table.top_up(bot, stack)
                        console.print(Text(f"  {bot} buys in again for {stack}", style="dim"))
    except _Quit:
        console.print(Text("bye"))
    finally:
        if writer is not None:
            writer.close()
            console.print(Text(f"hand histories written to {writer.path}"))
    if tournament:
        standings = table.standings
        if standings:
            console.print(Text("standings: " + ", ".join(f"{s.place}. {s.name}" for s in standings)))
    if table.stacks.get(name, 0) == 0:
        console.print(Text("you are out of chips"))
    console.print(Text(f"{played} hand(s) played; your stack: {table.stacks.get(name, 0)}"))
