"""What every command draws the same way: cards in suit colours, and progress bars.

>>> from pokerdealer.cards import parse_cards
>>> cards_text(parse_cards("Th As")).plain, cards_text([None, None]).plain
('10♥ A♠', '?? ??')
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from typing import TYPE_CHECKING

from pokerdealer.cli._app import error_console

if TYPE_CHECKING:  # rich and the rules load with the commands that draw or play
    from rich.progress import Progress
    from rich.text import Text

    from pokerdealer.cards import Card
    from pokerdealer.rules import Action, Hand

__all__ = ["FOUR_COLOUR_STYLES", "SUIT_STYLES", "cards_text", "progress_bar", "puts_all_in", "wrap_keeping_cards"]

#: Suit colours of ``eval``, ``showdown`` and ``replay``: clubs, diamonds, hearts,
#: spades (index = :attr:`Card.suit`).
SUIT_STYLES = ("green", "red", "red", "")

#: The four-colour deck of ``play``: at a whole table of cards, every suit is
#: told apart at a glance (clubs, diamonds, hearts, spades).
FOUR_COLOUR_STYLES = ("green", "blue", "red", "bold")


def cards_text(
    cards: Iterable[Card | None],
    *,
    highlight: Collection[Card] | None = None,
    styles: tuple[str, str, str, str] = SUIT_STYLES,
) -> Text:
    """Cards as written in explanations (``10♥``, :func:`card_label`), in suit colours.

    A ``None`` is a card nobody has seen: ``??``, dim. With ``highlight``, the
    cards in it are bold and the others dim (the best five of a hand).

    >>> from pokerdealer.cards import parse_cards
    >>> [span.style for span in cards_text(parse_cards("As Kd"), highlight=parse_cards("As")).spans]
    ['bold', 'red dim']
    """
    from rich.text import Text

    from pokerdealer.evaluation.explain import card_label

    text = Text()
    for i, card in enumerate(cards):
        if i:
            text.append(" ")
        if card is None:
            text.append("??", style="dim")
            continue
        style = styles[card.suit]
        if highlight is not None:
            style = f"{style} bold" if card in highlight else f"{style} dim"
        text.append(card_label(card), style=style.strip())
    return text


def progress_bar(
    label: str, *, enabled: bool = True, counts: bool = True, time_left: bool = False
) -> Progress:
    """The progress bar of a long command: on standard error (standard output
    keeps the result), gone when done, and drawn only on a terminal.

    It shows ``label`` (rich markup), the bar, ``done/total`` (``counts=False``:
    a percentage, for work measured as a fraction) and the time elapsed
    (``time_left=True``: the time remaining). Use it as a context manager.

    >>> with progress_bar("work", enabled=False) as bar:
    ...     bar.update(bar.add_task("work", total=10), completed=10)
    """
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TaskProgressColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    return Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn() if counts else TaskProgressColumn(),
        TimeRemainingColumn() if time_left else TimeElapsedColumn(),
        console=error_console.real,  # type: ignore[attr-defined]
        transient=True,
        disable=not (enabled and error_console.is_terminal),
    )


#: A card as explanations write it (``A♠``, ``10♥``; ``[8♠]``, ``【8♠】`` when it decided).
_CARD = r"[\[【]?(?:10|[2-9JQKA])[♠♥♦♣][\]】]?"
#: The wide characters of Chinese text and its punctuation (a suit, a dash or a
#: curly quote is narrow: it stays in its word).
_WIDE = "\u2e80-\u303f\u3040-\u9fff\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef"
#: A rule cited with its edition (``TDA 2026 45-A``, ``TDA 2024 RP-9``, ``TDA 2026 23, 21-A``).
_CITATION = r"TDA \d{4} (?:RP-)?\d+(?:-?[A-Z])?(?:, (?:RP-)?\d+(?:-?[A-Z])?)*"
#: What a line may break between: a list of cards stays whole, a citation and a
#: word of narrow characters too, a number with the Chinese word it counts
#: (``第2條``); any other wide character (Chinese) stands alone, as Chinese breaks anywhere.
_PIECES = re.compile(
    rf"{_CARD}(?: {_CARD})+[,.;:!?)'’]*|{_CITATION}| +|(?:第(?=\d))?[^ {_WIDE}]+[{_WIDE}]?|."
)


#: Chinese punctuation that closes what comes before it: a line never starts with one.
_NO_LINE_STARTS = frozenset("，。；：、）」』！？］")
#: ... and never ends with one that opens what follows.
_NO_LINE_ENDS = frozenset("（「『［")


def wrap_keeping_cards(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` cells, never broken inside a list
    of cards (rich breaks at any space: "A♠ K♣" then "Q♥" on the next line).

    >>> wrap_keeping_cards("Your best five A♠ K♣ Q♥ [8♠] 6♥ against A♠ K♣ Q♥ [10♦] 9♣: you lost", 30)
    ['Your best five', 'A♠ K♣ Q♥ [8♠] 6♥ against', 'A♠ K♣ Q♥ [10♦] 9♣: you lost']
    >>> wrap_keeping_cards("你的最强五张A♠ K♣ Q♥ 【8♠】 6♥输了。", 20)
    ['你的最强五张', 'A♠ K♣ Q♥ 【8♠】 6♥输', '了。']
    >>> wrap_keeping_cards("要赢过摊开的牌。", 14)  # the full stop takes the word before it down
    ['要赢过摊开的', '牌。']
    >>> wrap_keeping_cards("必须摊开［亮牌］", 10)  # the bracket goes down with what it opens
    ['必须摊开', '［亮牌］']
    >>> wrap_keeping_cards("you’re behind A♠ 10♥ 中文10♥。", 8)  # one card, and a word with ’, stay whole
    ['you’re', 'behind', 'A♠ 10♥', '中文', '10♥。']
    >>> wrap_keeping_cards("［最小加注：TDA 2026 45-A；新手細節第3條］", 24)  # a citation, 第3條
    ['［最小加注：', 'TDA 2026 45-A；新手細節', '第3條］']
    """
    from rich.cells import cell_len

    lines: list[str] = []
    line: list[str] = []  # the pieces of the line being filled
    used = 0
    for piece in _PIECES.findall(text):
        size = cell_len(piece)
        if piece.isspace():
            if line:
                line.append(piece)
                used += size
            continue
        if line and used + size > width:
            carried: list[str] = []
            if piece in _NO_LINE_STARTS and len(line) > 1:
                carried.append(line.pop())  # the word before goes down with its full stop
            while line and line[-1].isspace():
                line.pop()
            if len(line) > 1 and line[-1] in _NO_LINE_ENDS:
                carried.insert(0, line.pop())  # an opening bracket goes down with what it opens
            lines.append("".join(line).rstrip())
            line = [p for p in carried if not p.isspace()]
            used = cell_len("".join(line))
        line.append(piece)
        used += size
    if "".join(line).strip():
        lines.append("".join(line).rstrip())
    return lines


def puts_all_in(hand: Hand, action: Action) -> bool:
    """Whether ``action`` (not applied yet to ``hand``) puts the player's last chip in.

    Judged on the state before the action: after it the hand may be over and
    the pots already paid out."""
    player = action.player
    if player is None or action.amount is None:
        return False
    if action.kind == "call":
        added = action.amount
    elif action.kind == "raise":
        added = action.amount - hand.committed[player]
    else:
        return False
    return added >= hand.stacks[player] > 0
