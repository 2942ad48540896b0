"""Bots by name: the built-ins, and any class named as ``module:Class``.

>>> import random
>>> make_bot("tight", random.Random(1)).name
'tight'
>>> make_bot("bluffer")
Traceback (most recent call last):
...
pokerdealer.errors.PokerDealerError: unknown bot 'bluffer': expected one of caller, learned, loose, random, regular, tight, or a Python class as module:Class
"""

from __future__ import annotations

import importlib
import inspect
import itertools
import random
from collections.abc import Callable, Sequence
from typing import Any

from pokerdealer.bots.base import Bot
from pokerdealer.bots.builtin import CallerBot, RandomBot, TightBot
from pokerdealer.errors import PokerDealerError

__all__ = ["BUILTIN_BOTS", "bot_names", "make_bot", "make_bots", "register_bot"]

def _sensible(kind: str) -> Callable[..., Bot]:
    """A factory of :mod:`~pokerdealer.bots.sensible`'s ``kind`` that imports it when
    first called: it reads ranges with NumPy and the equity tables, which a rules
    hand (and the CLI's help) must not load (tests/test_startup.py)."""

    def make(**kwargs: Any) -> Bot:  # noqa: ANN401
        from pokerdealer.bots import sensible

        cls = getattr(sensible, kind)
        accepted = inspect.signature(cls).parameters
        return cls(**{k: v for k, v in kwargs.items() if k in accepted})

    make.__name__ = make.__qualname__ = kind
    return make


def _learned(**kwargs: Any) -> Bot:  # noqa: ANN401
    """:class:`~pokerdealer.bots.learned.LearnedBot`, imported when first made (NumPy)."""
    from pokerdealer.bots.learned import LearnedBot

    return LearnedBot(**{k: v for k, v in kwargs.items() if k in ("rng", "policy")})


_learned.__name__ = _learned.__qualname__ = "LearnedBot"

#: The built-in bots by name.
BUILTIN_BOTS: dict[str, Callable[..., Bot]] = {
    "caller": CallerBot,
    "learned": _learned,
    "loose": _sensible("LooseBot"),
    "random": RandomBot,
    "regular": _sensible("RegularBot"),
    "tight": TightBot,
}

_REGISTRY: dict[str, Callable[..., Bot]] = dict(BUILTIN_BOTS)


def register_bot(name: str, factory: Callable[..., Bot]) -> None:
    """Make ``make_bot(name)`` build bots with ``factory`` (a class or function
    taking ``rng`` and, optionally, ``variant``)."""
    _REGISTRY[name] = factory


def bot_names() -> list[str]:
    """The registered bot names, sorted."""
    return sorted(_REGISTRY)


def _unknown(name: str, why: str = "") -> PokerDealerError:
    return PokerDealerError(
        f"unknown bot {name!r}{why}: expected one of {', '.join(bot_names())}, "
        "or a Python class as module:Class"
    )


def _load(name: str) -> Callable[..., Bot]:
    module_name, _, attr = name.partition(":")
    if not module_name or not attr:
        raise _unknown(name)
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise _unknown(name, f" (cannot import {module_name}: {error})") from None
    factory = module
    for part in attr.split("."):
        factory = getattr(factory, part, None)  # type: ignore[assignment]
        if factory is None:
            raise _unknown(name, f" (module {module_name} has no {attr})")
    if not callable(factory):
        raise _unknown(name, f" ({attr} is not a class)")
    return factory  # type: ignore[return-value]


def make_bot(name: str, rng: random.Random | None = None, **options: Any) -> Bot:
    """A new bot by name (``random``, ``caller``, ``tight``, ``regular``, ``loose`` or ``module:Class``).

    ``rng`` is its source of randomness; ``options`` (``variant``, ...) are
    passed to the constructor when it accepts them.
    """
    name = name.strip()
    factory = _REGISTRY.get(name) or (_load(name) if ":" in name else None)
    if factory is None:
        raise _unknown(name)
    kwargs: dict[str, Any] = {"rng": rng, **options}
    try:
        parameters = inspect.signature(factory).parameters
    except (TypeError, ValueError):  # pragma: no cover - builtins without a signature
        parameters = {}  # type: ignore[assignment]
    if not any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values()):
        kwargs = {k: v for k, v in kwargs.items() if k in parameters}
    bot = factory(**kwargs)
    if not callable(getattr(bot, "act", None)):
        raise PokerDealerError(f"bot {name!r} has no act(view) method")
    return bot


def make_bots(
    names: str | Sequence[str], count: int, rng: random.Random, **options: Any
) -> list[Bot]:
    """``count`` bots for the seats, cycling over ``names`` (``"tight,caller"``);
    each gets its own generator drawn from ``rng``.

    >>> [b.name for b in make_bots("tight,caller", 3, random.Random(1))]
    ['tight', 'caller', 'tight']
    """
    if isinstance(names, str):
        names = [n.strip() for n in names.split(",")]
    names = [n for n in names if n]
    if not names:
        raise PokerDealerError("no bots given: name at least one of " + ", ".join(bot_names()))
    return [
        make_bot(name, random.Random(rng.getrandbits(64)), **options)
        for name in itertools.islice(itertools.cycle(names), count)
    ]
