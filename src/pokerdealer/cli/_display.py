"""What every command draws the same way: cards in suit colours, and progress bars.

>>> from pokerdealer.cards import parse_cards
>>> cards_text(parse_cards("Th As")).plain, cards_text([None, None]).plain
('10♥ A♠', '?? ??')
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import TYPE_CHECKING

from pokerdealer.cli._app import error_console

if TYPE_CHECKING:  # rich and the rules load with the commands that draw or play
    from rich.progress import Progress
    from rich.text import Text

    from pokerdealer.cards import Card
    from pokerdealer.rules import Action, Hand

__all__ = ["FOUR_COLOUR_STYLES", "SUIT_STYLES", "cards_text", "progress_bar", "puts_all_in"]

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
