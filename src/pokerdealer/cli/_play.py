"""The terminal table of ``pokerdealer play``: drawing it, reading your commands, the
session of hands (the command itself is :mod:`pokerdealer.cli.play`).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from rich.table import Table as RichTable
from rich.text import Text

from pokerdealer._interrupts import held_interrupts
from pokerdealer.cards import Card
from pokerdealer.cli._app import console
from pokerdealer.cli._display import FOUR_COLOUR_STYLES, cards_text, puts_all_in, wrap_keeping_cards
from pokerdealer.errors import PokerDealerError
from pokerdealer.i18n import message
from pokerdealer.rules import Action, Hand, LegalActions, PlayerView

__all__ = ["HELP", "Session", "parse_command"]

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
    if legal.can_show:  # the showdown the rules leave to you: show or muck, nothing else
        if word in ("s", "show"):
            return Action("show", me)
        if word in ("m", "muck"):
            return Action("muck", me)
        raise PokerDealerError(_w(lang, "error.showdown"))
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

    if legal.can_show:
        return " · ".join(f"{key} {_w(lang, f'choice.{word}')}" for key, word in (("s", "show"), ("m", "muck"), ("q", "quit")))
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


def _all_in_tabled(hand: Hand) -> bool:
    """Whether the rules turned every hand up because a player was all-in when the betting
    ended (nobody showed or mucked: the hands were tabled, not shown by choice)."""
    result = hand.result
    return (
        result is not None
        and len(result.shown) >= 2
        and not any(action.kind in ("show", "muck") for action in hand.log)
    )


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
                # Said as it happens while a learner waits to choose (a coached showdown);
                # once the hand is over :meth:`result` tells the whole showdown.
                if not hand.is_complete:
                    who = names[action.player]  # type: ignore[index]
                    line = Text(f"  {who} {_said(self.lang, action.kind, you=self._is_you(who))}")
                    if action.kind == "show":
                        line.append(" ")
                        line.append_text(card_text(hand.hole_cards[action.player]))  # type: ignore[index]
                    console.print(line)
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
        if self._board_shown < len(probe_board) and _all_in_tabled(probe):
            # The betting ended with a player all-in: every hand is turned up now, before
            # the rest of the board (TDA 2026 17; seed 004, card 1).
            console.print(Text(f"*** {self._w('hands_up')} ***", style="bold"))
            result = probe.result
            assert result is not None
            for i in result.showdown_order:
                line = Text(f"  {names[i]} ")
                line.append_text(card_text(result.shown[i]))
                console.print(line)
            if self.coach and self.human in names:
                from pokerdealer.learn.coach import CoachLine

                self._print_coach([CoachLine("coach.hands_up", {}, "all-in-showdown")])
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
        # The part of an open bet nobody has matched yet is its bettor's, not a side pot.
        unmatched = hand.unmatched
        real = pots[:-1] if unmatched is not None else pots
        line = Text()
        if len(real) <= 1:
            line.append(self._w("pot", amount=sum(p.amount for p in real)))
        else:
            for k, pot in enumerate(real):
                label = self._w("main_pot") if k == 0 else self._w("side_pot", n=k)
                who = ", ".join(view.players[i] for i in pot.eligible)
                line.append(f"{label} {pot.amount} ({who})   ")
        if unmatched is not None:
            line.append(f"   {self._w('unmatched', name=view.players[unmatched.eligible[0]])} {unmatched.amount}")
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

    def show_or_muck(self, view: PlayerView) -> Action:
        """At a coached table's showdown: the learner chooses to show or muck, told who shows
        first and why and that a mucked hand gives up the pot; the others play it the
        online way (:func:`~pokerdealer.table.online_show_or_muck`)."""
        from pokerdealer.table import online_show_or_muck

        hand = self.table.current.hand
        if view.players[view.player] != self.human:  # type: ignore[index]
            return online_show_or_muck(hand)
        return self.decide(view)

    def _print_coach(self, lines: Sequence[object]) -> None:
        """The coach's lines, each wrapped under its own start ("Coach: " hangs to the
        left of it) and never inside a list of cards."""
        from rich.cells import cell_len

        label = f"  {self._w('coach', text='')}"
        indent = " " * cell_len(label)
        for line in lines:
            said = line.text(self.lang)  # type: ignore[attr-defined]
            parts = wrap_keeping_cards(said, max(20, console.width - len(indent))) or [""]
            text = "\n".join(label + part if k == 0 else indent + part for k, part in enumerate(parts))
            console.print(Text(text, style="magenta"), soft_wrap=True)

    def _coach(self, hand: Hand, player: int, *, after: bool = False) -> None:
        """Print the coach's lines for ``player`` (``--coach``); after the hand, how its
        showdown went by the rules and their hand beside the one that beat it
        (:func:`~pokerdealer.learn.coach.showdown_lesson`), less the award lines:
        :meth:`result` has said why each pot was won."""
        from pokerdealer.learn.coach import coach_lines, showdown_lesson

        lines = showdown_lesson(hand, player) if after else coach_lines(hand, player)
        self._print_coach([line for line in lines if line.key != "coach.why_won"])

    # ------------------------------------------------------------ one hand
    def play_one(self) -> None:
        from pokerdealer.table import play_hand

        self._printed = 0
        self._board_shown = 0
        self._probe = None
        self._announce_next()
        record = play_hand(self.table, self.decide, showdown=self.show_or_muck if self.coach else None)
        self._log_lines(record.hand)
        self.result(record)
        if self.coach and self.human in record.hand.config.players:
            self._coach(record.hand, record.hand.config.players.index(self.human), after=True)
        if self.writer is not None:
            with held_interrupts():  # Ctrl-C leaves no hand half written
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
