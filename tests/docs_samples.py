"""Running the code samples of README.md and docs/**/*.md (tests/test_docs*.py).

Each fenced block is one of:

- ``python``: run in one namespace per page, in order; a block with ``>>>``
  prompts is a doctest, its output compared. ``title="x.py"`` also writes the
  block to that file in the page's folder (a module the commands after it use).
- ``sh``: ``pokerdealer`` commands, one a line (``uv run`` and ``VAR=value`` in
  front are allowed), run through the console entry with small sizes
  (:func:`small`); each must exit 0.
- ``console``: the same with ``$ `` prompts; the lines after a command are its
  expected standard output (``...`` matches anything, as in a doctest).
- ``text``: a diagram or a formula, not run.
- ``nginx``: configuration, which must say why it is not run.

A block that cannot run in a test says so on the line just above it:
"Not run by the docs tests: <why>" (文件測試不執行：/ 文档测试不运行：).
"""

from __future__ import annotations

import doctest
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENTRY = "import sys; from pokerdealer.cli import main; sys.argv[0] = 'pokerdealer'; main()"

RUN = {"python", "sh", "console"}
SHOWN = {"text"}
CONFIG = {"nginx"}

FENCE = re.compile(r"^(?P<indent> *)(?P<fence>`{3,}|~{3,})(?P<info>[^`]*)$")
MARKER = re.compile(r"(?:not run by the docs tests|文件測試不執行|文档测试不运行)\s*[:：]\s*(?P<why>.*)", re.I)
TITLE = re.compile(r'title="(?P<title>[^"]+)"')

#: The largest sizes a sample runs with: the docs show real sizes, the tests keep them small.
CAPS = {"--hands": 300}
#: Options added when a command lacks them, for the same reason.
ADDED = {"equity-table": ["--classes", "AA,KK,AKs"]}
#: What a command may have before ``pokerdealer``: ``uv run`` and its own options.
UV_FLAGS = {"--no-dev", "--frozen", "--offline"}
UV_OPTIONS = {"--extra", "--with", "--group"}


@dataclass(frozen=True)
class Block:
    path: Path  # relative to ROOT
    line: int  # the opening fence's line, from 1
    lang: str
    title: str | None
    text: str
    not_run: str | None  # why, when the page says it is not run

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line}"


def pages() -> list[Path]:
    """README.md and every page of the site, relative to the repository."""
    docs = sorted(p.relative_to(ROOT) for p in (ROOT / "docs").rglob("*.md"))
    return [Path("README.md"), *docs]


#: The pages tests/test_docs.py runs; tests/test_docs_pages.py runs the others.
#: Two modules, so that pytest-xdist (one module to a worker) runs them side by side.
FIRST = {Path(p) for p in ("README.md", "docs/cli.md", "docs/parallel.md", "docs/tournaments.md", "docs/library.md")}


def first_pages() -> list[Path]:
    return [p for p in pages() if p in FIRST]


def other_pages() -> list[Path]:
    return [p for p in pages() if p not in FIRST]


def blocks(page: Path) -> list[Block]:
    lines = (ROOT / page).read_text(encoding="utf-8").splitlines()
    found: list[Block] = []
    i = 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        indent, fence, info = len(opening["indent"]), opening["fence"], opening["info"].strip()
        body: list[str] = []
        j = i + 1
        while j < len(lines):
            stripped = lines[j].strip()
            if stripped.startswith(fence[0] * len(fence)) and not stripped.strip(fence[0]):
                break
            body.append(lines[j][indent:] if lines[j][:indent].strip() == "" else lines[j].lstrip())
            j += 1
        above = next((lines[k] for k in range(i - 1, -1, -1) if lines[k].strip()), "")
        marked = MARKER.search(above)
        title = TITLE.search(info)
        found.append(
            Block(page, i + 1, info.split(" ", 1)[0].split("{", 1)[0], title["title"] if title else None,
                  "\n".join(body) + "\n", _reason(marked["why"]) if marked else None)
        )
        i = j + 1
    return found


def _reason(text: str) -> str:
    """The reason as written, without the emphasis or tags around the line."""
    return re.sub(r"(\s|\*|_|\)|</sub>)*$", "", text)


# ------------------------------------------------------------------ files the samples read
def make_files(folder: Path) -> None:
    """The files the docs say come from elsewhere: a room's download of a hand
    and the player's own proof (``hand.phh``, ``mine.json``: three players, Ann
    holding As Kd; docs/room/deck-proof.md). Every other file a sample reads, a
    sample before it makes with our own commands, as a newcomer would."""
    from pokerdealer.cards import parse_cards
    from pokerdealer.rules import Action, Hand, HandConfig, Street, deck_for_deal, hole_positions
    from pokerdealer.server.fair import DeckCommitment, reveal_payload
    from pokerdealer.server.proofs import hand_phh

    config = HandConfig(stacks=(200, 200, 200), blinds=(1, 2), players=("Ann", "Bob", "Cy"))
    holes = [parse_cards(c) for c in ("As Kd", "Ah 9c", "7s 2d")]
    committed = DeckCommitment.draw(deck_for_deal(config, holes, parse_cards("Ad Qs 7h 3c 2c")))
    hand = Hand(config, committed.deck)
    while not hand.is_complete:
        if hand.street is Street.SHOWDOWN:
            hand.auto_showdown()
            continue
        assert hand.actor is not None
        hand.apply(Action("check" if hand.legal().can_check else "call", hand.actor))
    metadata = {"table": "demo", "hand": 1}
    (folder / "hand.phh").write_text(hand_phh(hand, reveal_payload(committed, hand), metadata=metadata))
    opening = committed.opening(hole_positions(hand.config, 0))
    (folder / "mine.json").write_text(json.dumps({"name": "Ann", "root": committed.root, **opening}))



# ------------------------------------------------------------------ python
def run_python(block: Block, namespace: dict, folder: Path) -> None:
    if block.title:
        (folder / block.title).write_text(block.text, encoding="utf-8")
    if ">>>" not in block.text:
        exec(compile(block.text, block.where, "exec"), namespace)  # noqa: S102 - the docs' own sample
        return
    test = doctest.DocTestParser().get_doctest(block.text, namespace, block.where, str(block.path), block.line)
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test, out=report.append, clear_globs=False)
    namespace.update(test.globs)
    assert runner.failures == 0, f"{block.where}: a doctest failed\n" + "".join(report)


# ------------------------------------------------------------------ shell
@dataclass
class Command:
    line: str
    env: dict[str, str]
    args: list[str]
    expected: str | None  # standard output shown after it (console blocks)


def commands(block: Block) -> list[Command]:
    if block.lang == "sh":
        lines = [(line, None) for line in block.text.replace("\\\n", " ").splitlines()]
    else:  # console: "$ command", then its output
        lines = []
        for raw in block.text.splitlines():
            if raw.startswith("$ "):
                lines.append((raw[2:], []))
            else:
                assert lines, f"{block.where}: output before any '$ ' command"
                lines[-1][1].append(raw)
    out = []
    for line, shown in lines:
        words = shlex.split(line, comments=True)
        if not words:
            continue
        env = {}
        while "=" in words[0] and not words[0].startswith("-"):
            name, value = words.pop(0).split("=", 1)
            env[name] = value
        if words[:2] == ["uv", "run"]:
            words = words[2:]
            while words and words[0].startswith("-"):
                flag = words.pop(0)
                if flag in UV_OPTIONS:
                    words.pop(0)
                else:
                    assert flag in UV_FLAGS, f"{block.where}: uv run {flag}: not an option the tests know"
        assert words and words[0] == "pokerdealer", (
            f"{block.where}: {line!r} is not a pokerdealer command: run it as one, or say above "
            "the block why the docs tests do not run it ('Not run by the docs tests: ...')"
        )
        expected = "\n".join(shown) + "\n" if shown else None
        out.append(Command(line, env, words[1:], expected))
    return out


def small(args: list[str]) -> list[str]:
    """``args`` with the sizes capped (:data:`CAPS`) and :data:`ADDED` options added."""
    args = list(args)
    for i, arg in enumerate(args[:-1]):
        if arg in CAPS and args[i + 1].isdigit():
            args[i + 1] = str(min(int(args[i + 1]), CAPS[arg]))
    if args and args[0] in ADDED and ADDED[args[0]][0] not in args:
        args += ADDED[args[0]]
    return args


def _plain(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.splitlines()) + "\n"


def run_command(block: Block, command: Command, folder: Path) -> None:
    env = {**os.environ, "COLUMNS": "80", "NO_COLOR": "1", "TERM": "dumb", **command.env}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # it would compile every module on every start
    result = subprocess.run(
        [sys.executable, "-c", ENTRY, *small(command.args)], cwd=folder, env=env,
        stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120,
    )
    said = f"{block.where}: {command.line}\n--- stdout\n{result.stdout}--- stderr\n{result.stderr}"
    assert result.returncode == 0, f"exit status {result.returncode}\n{said}"
    if command.expected is not None:
        want, got = _plain(command.expected), _plain(result.stdout)
        checker = doctest.OutputChecker()
        assert checker.check_output(want, got, doctest.ELLIPSIS), (
            f"the output differs from the docs'\n{said}--- the docs show\n{want}"
        )


def run_page(page: Path, folder: Path, files: Path) -> int:
    """Run every sample of ``page`` in ``folder`` (a copy of ``files`` in it); the number of blocks run."""
    shutil.copytree(files, folder, dirs_exist_ok=True)
    namespace: dict = {"__name__": f"docs:{page}"}
    ran = 0
    cwd = Path.cwd()
    sys.path.insert(0, str(folder))
    os.chdir(folder)
    try:
        for block in blocks(page):
            if block.not_run is not None or block.lang not in RUN:
                continue
            if block.lang == "python":
                run_python(block, namespace, folder)
            else:
                for command in commands(block):
                    run_command(block, command, folder)
            ran += 1
    finally:
        os.chdir(cwd)
        sys.path.remove(str(folder))
    return ran
