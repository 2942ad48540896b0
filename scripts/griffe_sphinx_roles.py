"""A Griffe extension for the documentation site (mkdocs.yml): the docstrings
are written for Sphinx and doctest; the API reference renders them as Markdown.

- Sphinx roles (``:func:`equity```, ``:class:`~pokerdealer.table.Event```)
  become code spans: ``equity``, ``Event``.
- Doctest examples (``>>>`` lines, their ``...`` continuations and their output,
  up to a blank line) become fenced ``pycon`` blocks, so that their output is
  shown as code and never read as Markdown (``['a', 'b']`` is not a link).
"""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:py:)?(?:attr|class|data|exc|func|meth|mod|obj|const):`(~?)\.?([^`]+)`")


def _plain(match: re.Match[str]) -> str:
    short, target = match.group(1), match.group(2)
    return f"`{target.rsplit('.', 1)[-1] if short else target}`"


def _fence_doctests(text: str) -> str:
    out: list[str] = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith(">>>"):
            indent = line[: len(line) - len(line.lstrip())]
            out.append(f"{indent}```pycon")
            while i < len(lines) and lines[i].strip():
                out.append(lines[i])
                i += 1
            out.append(f"{indent}```")
            continue
        out.append(line)
        i += 1
    return "\n".join(out)


class SphinxRoles(griffe.Extension):
    """Rewrites each object's docstring as it is loaded."""

    def on_instance(self, *, node: Any, obj: griffe.Object, agent: Any, **kwargs: Any) -> None:  # noqa: ANN401
        if obj.docstring is not None:
            obj.docstring.value = _fence_doctests(ROLE.sub(_plain, obj.docstring.value))
