"""The ``play`` command: play hold'em in the terminal against bots.

::

    pokerdealer play [--players 6] [--bots tight,caller,random] [--blinds 1/2] [--stack 200]
                     [--structure no_limit|pot_limit|fixed_limit] [--variant holdem|shortdeck]
                     [--tournament] [--levels 10/20,20/40,50/100] [--level-hands 10]
                     [--seed N] [--history DIR] [--hands N] [--lang en|zh-Hant|zh-Hans] [--name You] [--coach]

On your turn the table is drawn (seats, stacks, the button, bets, the pots,
the board and your cards) with what you may do. Type ``f`` (fold), ``c``
(check or call), ``r 60`` (bet or raise *to* 60), ``a`` (all-in), ``p`` / ``h``
(a pot-sized / half-pot bet or raise), ``?`` (help) or ``q`` (quit); the
letters are the same in every language. The screen (the table, the actions,
the prompts) and the showdown explanations are in ``--lang``. An action reads
as players say it: ``bets 20`` when nobody has bet on the street yet,
``raises to 60`` over a bet (preflop the blinds are the bet), ``and is all-in``
when it takes the last chip. Bad input shows a message
and asks again; end of input quits like ``q``.

A cash game tops up busted bots; ``--tournament`` plays a sit-and-go with the
``--levels`` schedule (each level lasts ``--level-hands`` hands) until one
player has every chip. ``--history DIR`` keeps the session's hands as one
``.phhs`` file. ``--coach`` prints, before each of your turns, what you may
do and why, which pots you can win and who shows first, each line with its
rule (:mod:`pokerdealer.learn.coach`: the rules, never advice).
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
from pokerdealer.cli._display import FOUR_COLOUR_STYLES, cards_text, puts_all_in
from pokerdealer.cli._options import parse_blinds, parse_structure
from pokerdealer.errors import PokerDealerError
from pokerdealer.i18n import message
from pokerdealer.rules import Action, ConfigError, Hand, LegalActions, PlayerView

__all__ = ["parse_command", "play_command"]

#: The action help line in English (``message(lang, "play.help")`` in every language).
HELP = message("en", "play.help")


class _Quit(Exception):
    """The player quit (``q`` or end of input)."""


def _w(lang: str, key: str, /, **fields: object) -> str:
    """A word of the screen: the catalog entry ``play.<key>`` (:mod:`pokerdealer.i18n`)."""
    return message(lang, f"play.{key}", **fields)


def _said(lang: str, key: str, /, *, you: bool, **fields: object) -> str:
    """``play.<key>`` agreeing with its subject: ``play.<key>.you`` after "You"."""
    return _w(lang, f"{key}.you" if you else key, **fields)


def card_text(cards: Sequence[Card] | None) -> Text:
    """Cards in the four-colour deck; hole cards the player may not see (``None``) as ``?? ??``."""
    return cards_text(cards if cards is not None else (None, None), styles=FOUR_COLOUR_STYLES)


def _action_words(
    action: Action, *, you: bool, is_bet: bool, all_in: bool = False, lang: str = "en"
) -> str:
    """What a player did, after their name: ``bets 20``, ``raises to 80``, ``call 2`` (for "You").

    ``is_bet``: a raise opened the betting (the hand's ``raise_is_bet`` before
    the action). ``all_in``: the action put the player's last chip in.

    >>> _action_words(Action("raise", 0, 80), you=False, is_bet=False)
    'raises to 80'
    >>> _action_words(Action("raise", 0, 28), you=False, is_bet=True)
    'bets 28'
    >>> _action_words(Action("call", 0, 30), you=True, is_bet=False, all_in=True)
    'call 30 and are all-in'
    >>> _action_words(Action("raise", 0, 200), you=False, is_bet=False, all_in=True, lang="zh-Hant")
    '加注到200，全下'
    """
    kind = action.kind
    if kind == "raise":
        text = _said(lang, "bet" if is_bet else "raise", you=you, amount=action.amount)
    elif kind == "call":
        text = _said(lang, "call", you=you, amount=action.amount)
    elif kind in ("fold", "check", "muck"):
        return _said(lang, kind, you=you)
    else:
        return kind
    if all_in:
        text += _said(lang, "all_in", you=you)
    return text


def _legal_words(view: PlayerView, legal: LegalActions, lang: str) -> str:
    """What the player may do, in words: ``fold, call 2, raise to 4..100``."""
    parts = []
    if legal.can_fold:
        parts.append(_w(lang, "legal.fold"))
    if legal.can_check:
        parts.append(_w(lang, "legal.check"))
    if legal.call is not None:
        parts.append(_w(lang, "legal.call", amount=legal.call))
    if legal.min_raise_to is not None:
        amount = (
            str(legal.min_raise_to)
            if legal.min_raise_to == legal.max_raise_to
            else f"{legal.min_raise_to}..{legal.max_raise_to}"
        )
        parts.append(_w(lang, "legal.bet" if view.raise_is_bet else "legal.raise", amount=amount))
    return _w(lang, "legal.separator").join(parts)


def parse_command(text: str, view: PlayerView, lang: str = "en") -> Action:
    """Read what the player typed into an action; raises
    :class:`~pokerdealer.errors.PokerDealerError` (a :class:`ValueError`) with a
    message for the player (in ``lang``) when it cannot be read or is not allowed now.
    The commands are the same in every language.

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
    help_line = _w(lang, "help")

    def refuse(key: str, **fields: object) -> PokerDealerError:
        return PokerDealerError(_w(lang, f"error.{key}", legal=_legal_words(view, legal, lang), **fields))

    words = text.strip().lower().split()
    if not words:
        raise PokerDealerError(_w(lang, "error.empty", help=help_line))
    word = words[0]
    if word in ("q", "quit", "exit"):
        raise _Quit
    rest = words[1:]
    if word in ("f", "fold"):
        if not legal.can_fold:
            raise refuse("fold")
        return Action("fold", me)
    if word in ("c", "k", "x", "check", "call"):
        if legal.can_check:
            return Action("check", me)
        if legal.call is not None:
            return Action("call", me)
        raise refuse("check_call")
    if word in ("a", "allin", "all-in", "shove"):
        if legal.max_raise_to is not None:
            return Action("raise", me, legal.max_raise_to)
        if legal.call is not None:
            return Action("call", me)
        raise refuse("all_in")
    if word in ("p", "pot", "h", "half"):
        if legal.min_raise_to is None:
            raise refuse("closed")
        return Action("raise", me, pot_raise_to(view, 1.0 if word in ("p", "pot") else 0.5))
    if word in ("r", "b", "raise", "bet") or word[:1] in ("r", "b") and word[1:].isdigit():
        amount_text = rest[0] if rest else word[1:]
        if not amount_text.replace(",", "").isdigit():
            raise PokerDealerError(_w(lang, "error.amount"))
        amount = int(amount_text.replace(",", ""))
        if legal.min_raise_to is None:
            raise refuse("closed")
        if not legal.min_raise_to <= amount <= legal.max_raise_to:  # type: ignore[operator]
            raise refuse("raise_to", amount=amount)
        return Action("raise", me, amount)
    raise PokerDealerError(_w(lang, "error.unreadable", text=text.strip(), help=help_line))


def _choices(view: PlayerView, legal: LegalActions, lang: str = "en") -> str:
    """The choices on the prompt line: ``f fold · c call 1 · r 4..200 raise to · ...``;
    the letters stay the same in every language."""
    from pokerdealer.bots import pot_raise_to

    parts = []
    if legal.can_fold and not legal.can_check:
        parts.append(f"f {_w(lang, 'choice.fold')}")
    if legal.can_check:
        parts.append(f"c {_w(lang, 'choice.check')}")
    elif legal.call is not None:
        parts.append(f"c {_w(lang, 'choice.call', amount=legal.call)}")
    if legal.min_raise_to is not None:
        verb = "bet" if view.raise_is_bet else "raise"
        if legal.min_raise_to == legal.max_raise_to:
            if legal.max_raise_to:
                parts.append(f"r {legal.min_raise_to} {_w(lang, f'choice.{verb}_all_in')}")
        else:
            parts.append(f"r {legal.min_raise_to}..{legal.max_raise_to} {_w(lang, f'choice.{verb}_to')}")
            parts.append(f"p {pot_raise_to(view, 1.0)} {_w(lang, 'choice.pot')}")
            parts.append(f"h {pot_raise_to(view, 0.5)} {_w(lang, 'choice.half_pot')}")
        parts.append(f"a {_w(lang, 'choice.all_in', amount=legal.max_raise_to)}")
    parts.append(f"q {_w(lang, 'choice.quit')}")
    return " · ".join(parts)


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
        coach: bool = False,
    ) -> None:
        self.table = table
        self.bots = bots
        self.human = human
        self.lang = lang
        self.seats = seats
        self.writer = writer
        self.tournament = tournament
        self.coach = coach
        self._printed = 0
        self._board_shown = 0
        self._probe: Hand | None = None  # the hand replayed up to the last printed action

    def _w(self, key: str, /, **fields: object) -> str:
        return _w(self.lang, key, **fields)

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
        if self._probe is None or self._printed == 0:
            self._probe = Hand(hand.config, hand.deck)
        probe = self._probe
        for action in hand.log[self._printed :]:
            is_bet = probe.raise_is_bet  # judged before the action
            player = action.player
            all_in = player is not None and puts_all_in(probe, action)
            probe.apply(action)
            if action.kind in ("show", "muck"):
                continue
            assert player is not None
            who = names[player]
            words = _action_words(
                action, you=self._is_you(who), is_bet=is_bet, all_in=all_in, lang=self.lang
            )
            line = Text("  ")
            line.append(who, style="bold" if who == self.human else "")
            line.append(f" {words}")
            console.print(line)
        self._printed = len(hand.log)
        for size, street in ((3, "flop"), (4, "turn"), (5, "river")):
            if self._board_shown < size <= len(probe_board):
                line = Text(f"*** {self._w(street)} *** ")
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
            grid.add_column(self._w(f"col.{column}") if column else "", no_wrap=True)
        n = config.player_count
        for i in range(n):
            button, small, big = (self._w(f"role.{r}") for r in ("button", "small_blind", "big_blind"))
            role = []
            if i == config.button:
                role.append(button)
            if i == config.small_blind_player and config.blinds[0] and n > 2:
                role.append(small)
            if i == config.big_blind_player:
                role.append(big)
            if n == 2 and i == config.button:
                role = [button, small]
            status = ""
            if view.folded[i]:
                status = self._w("status.folded")
            elif view.stacks[i] == 0:
                status = self._w("status.all_in")
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
            line.append(self._w("pot", amount=sum(p.amount for p in pots)))
        else:
            for k, pot in enumerate(pots):
                label = self._w("main_pot") if k == 0 else self._w("side_pot", n=k)
                who = ", ".join(view.players[i] for i in pot.eligible)
                line.append(f"{label} {pot.amount} ({who})   ")
        line.append(f"   {self._w('board')} ")
        line.append_text(card_text(view.board) if view.board else Text("-"))
        console.print(line)
        mine = Text(f"{self._w('your_cards')} ")
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
        if self.coach:
            self._coach(hand, view.player)  # type: ignore[arg-type]
        while True:
            console.print(Text(_choices(view, legal, self.lang), style="cyan"))
            text = self.read("> ")
            try:
                return parse_command(text, view, self.lang)
            except PokerDealerError as error:
                if text.strip() in ("?", "help"):
                    console.print(Text(self._w("help")))
                else:
                    console.print(Text(str(error), style="red"))

    def _coach(self, hand: Hand, player: int, *, after: bool = False) -> None:
        """Print the coach's lines for ``player`` (``--coach``); after the hand, the
        award lines are left out: :meth:`result` has said why each pot was won."""
        from pokerdealer.learn.coach import after_hand, coach_lines

        lines = after_hand(hand, player) if after else coach_lines(hand, player)
        for line in lines:
            if line.key != "coach.why_won":
                console.print(Text(f"  {self._w('coach', text=line.text(self.lang))}", style="magenta"))

    # ------------------------------------------------------------ one hand
    def play_one(self) -> None:
        from pokerdealer.table import play_hand

        self._printed = 0
        self._board_shown = 0
        self._probe = None
        self._announce_next()
        record = play_hand(self.table, self.decide)
        self._log_lines(record.hand)
        self.result(record)
        if self.coach and self.human in record.hand.config.players:
            self._coach(record.hand, record.hand.config.players.index(self.human), after=True)
        if self.writer is not None:
            self.writer.write(record.hand)

    def _announce_next(self) -> None:
        table = self.table
        header = Text(f"\n── {self._w('hand', n=len(table.hands) + 1)}", style="bold")
        if self.tournament:
            level = table.level_index()
            lv = table.settings.levels[level]
            header.append(self._w("level", n=level + 1, small=lv.small_blind, big=lv.big_blind))
        header.append(" ──")
        console.print(header)

    def result(self, record) -> None:  # noqa: ANN001
        from pokerdealer.evaluation import evaluate
        from pokerdealer.table.awards import award_stories

        hand: Hand = record.hand
        result = hand.result
        assert result is not None
        names = hand.config.players
        variant = hand.config.variant
        if hand.shown:
            console.print(Text(f"*** {self._w('showdown')} ***", style="bold"))
            for i in result.showdown_order:
                line = Text(f"  {names[i]} ")
                if i in hand.shown:
                    value = evaluate(hand.hole_cards[i] + hand.board, variant)
                    line.append_text(card_text(hand.hole_cards[i]))
                    line.append(f"  {value.describe(self.lang)}")
                else:
                    line.append(_said(self.lang, "muck", you=self._is_you(names[i])))
                console.print(line)
        stories = award_stories(hand)
        for k, award in enumerate(result.awards):
            if len(result.awards) == 1:
                label = self._w("award.pot")
            else:
                label = self._w("award.main_pot") if k == 0 else self._w("award.side_pot", n=k)
            winners = self._w("legal.separator").join(
                f"{names[w]} {chips}" for w, chips in award.shares.items()
            )
            award_text = self._w("award", label=label, amount=award.amount, winners=winners)
            console.print(Text(f"  {award_text}", style="green"))
            story = stories[k]
            if story.how == "folded":
                if len(result.awards) == 1:
                    winner = names[award.winners[0]]
                    words = _said(self.lang, "uncontested", you=self._is_you(winner), name=winner)
                    console.print(Text(f"  {words}"))
            else:  # shown and compared, or the others mucked: say who and why
                console.print(Text("  " + story.text(self.lang)))
        stacks = self._w("legal.separator").join(
            f"{name} {chips}" for name, chips in self.table.stacks.items()
        )
        console.print(Text(f"  {self._w('stacks', stacks=stacks)}", style="dim"))


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
    lang: Annotated[str, typer.Option("--lang", help="Language of the screen and the explanations: en, zh-Hant, zh-Hans.")] = "en",
    name: Annotated[str, typer.Option("--name", help="Your name at the table.")] = "You",
    coach: Annotated[bool, typer.Option("--coach", help="Say before each of your turns what you may do and why, which pots you can win, who shows first (the rules, never advice).")] = False,
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
        table=table, bots=bot_of, human=name, lang=lang, seats=seats, writer=writer, tournament=tournament,
        coach=coach,
    )
    intro = "intro.tournament" if tournament else "intro.cash"
    console.print(Text(_w(lang, intro, blinds=blinds, n=players, name=name, seat=seats[name], help=_w(lang, "help"))))
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
                        console.print(Text(f"  {_w(lang, 'buys_in', name=bot, amount=stack)}", style="dim"))
    except _Quit:
        console.print(Text(_w(lang, "bye")))
    finally:
        if writer is not None:
            writer.close()
            console.print(Text(_w(lang, "histories", path=writer.path)))
    if tournament:
        standings = table.standings
        if standings:
            places = _w(lang, "legal.separator").join(
                _w(lang, "place", place=s.place, name=s.name) for s in standings
            )
            console.print(Text(_w(lang, "standings", places=places)))
    if table.stacks.get(name, 0) == 0:
        console.print(Text(_w(lang, "busted")))
    console.print(Text(_w(lang, "played", n=played, stack=table.stacks.get(name, 0))))
