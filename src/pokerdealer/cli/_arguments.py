"""A command's arguments in its help as a person types them.

typer (0.29) writes a required argument in the usage line in braces
(``pokerdealer eval [OPTIONS] {CARDS}``) and a Python type beside each
argument (``HAND_OR_RANGE <list[str]>``, ``CARDS <str>``). The options already
show what to type (``--board <CARDS>``); the arguments do the same here:
``Usage: pokerdealer equity [OPTIONS] <HAND_OR_RANGE>...`` and, under
Arguments, ``<HAND_OR_RANGE>...  2 to 10 hands or ranges``.

:func:`install` hooks this into typer's arguments; with a typer whose
internals differ it changes nothing (the help then shows typer's own forms).
"""

from __future__ import annotations

from typing import Any

__all__ = ["install", "shown_argument"]


def shown_argument(name: str, *, required: bool, repeated: bool) -> str:
    """How the help writes an argument called ``name``.

    >>> shown_argument("CARDS", required=True, repeated=False)
    '<CARDS>'
    >>> shown_argument("BOT", required=True, repeated=True), shown_argument("PATH", required=False, repeated=False)
    ('<BOT>...', '[<PATH>]')
    """
    shown = f"<{name}>" if required else f"[<{name}>]"
    return f"{shown}..." if repeated else shown


def install() -> bool:
    """Make typer's help write arguments by :func:`shown_argument`; whether it could."""
    try:
        from typer.core import TyperArgument
    except ImportError:
        return False
    hooks = ("_usage_display_name", "_rich_display_name", "display_type_rich", "display_name_raw")
    if not all(hasattr(TyperArgument, hook) for hook in hooks):
        return False

    def shown(self: Any) -> str:
        return shown_argument(self.display_name_raw, required=self.required, repeated=self.nargs != 1)

    def no_type(self: Any, ctx: Any) -> None:
        return None  # the name says what to type

    TyperArgument._usage_display_name = shown  # type: ignore[method-assign]
    TyperArgument._rich_display_name = shown  # type: ignore[method-assign]
    TyperArgument.display_type_rich = no_type  # type: ignore[method-assign, assignment]
    return True
