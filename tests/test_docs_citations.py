"""The code and the docs cite pages the repository has: docs/rules.md (the rules the
engine follows) and docs/architecture.md (the design), each at a heading that exists."""

from __future__ import annotations

import re
import subprocess
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: A citation in the code: ``docs/rules.md#side-pots``, more anchors after it as ``, #uncalled-bets``.
CITED = re.compile(r"docs/(rules|architecture)\.md((?:#[a-z0-9-]+)(?:,\s*#[a-z0-9-]+)*)")


def slug(heading: str) -> str:
    """The anchor MkDocs (Python-Markdown's toc) gives a heading.

    >>> slug("Antes and straddles"), slug("Dead or moving button"), slug("All-in run-outs")
    ('antes-and-straddles', 'dead-or-moving-button', 'all-in-run-outs')
    """
    text = unicodedata.normalize("NFKD", heading).encode("ascii", "ignore").decode()
    text = re.sub(r"[^\w\s-]", "", text).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


def anchors(page: str) -> set[str]:
    text = (ROOT / "docs" / f"{page}.md").read_text(encoding="utf-8")
    text = re.sub(r"```.*?```", "", text, flags=re.S)  # a '#' in a code block is no heading
    return {slug(line.lstrip("#")) for line in text.splitlines() if re.match(r"#{2,6} ", line)}


def tracked(*paths: str) -> list[Path]:
    listed = subprocess.run(["git", "ls-files", *paths], cwd=ROOT, capture_output=True, text=True, check=True)
    return [ROOT / name for name in listed.stdout.split() if (ROOT / name).is_file()]


def test_no_file_sends_readers_to_rules_md_or_design_md_which_the_repository_does_not_have() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in tracked("src", "docs", "README.md", "mkdocs.yml")
        if path.suffix in {".py", ".md", ".yml", ".js", ".html"}
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"\b(RULES|DESIGN)\.md", line)
    ]
    assert found == []


def test_every_citation_of_the_rules_and_the_design_in_the_code_names_a_heading_of_the_page() -> None:
    known = {page: anchors(page) for page in ("rules", "architecture")}
    cited = 0
    broken = []
    for path in tracked("src"):
        if path.suffix != ".py":
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for match in CITED.finditer(line):
                for anchor in re.findall(r"#([a-z0-9-]+)", match.group(2)):
                    cited += 1
                    if anchor not in known[match.group(1)]:
                        broken.append(f"{path.relative_to(ROOT)}:{n}: docs/{match.group(1)}.md#{anchor}")
    assert cited > 50  # the engine cites its rules throughout
    assert broken == []


#: A TDA rule named without its edition: "TDA RP-11", "TDA 47" (not "TDA 2026 RP-11").
UNDATED_TDA = re.compile(r"\bTDA(?:'s)?\s+(?!20\d\d\b)(?:RP-?)?\d")


def test_every_tda_rule_the_docs_the_command_lines_help_and_the_tables_cite_names_its_edition() -> None:
    # docs/rules.md#sources: "TDA 2026 45-A"; a number the 2026 edition has not confirmed, with
    # its 2024 edition ("TDA 2024 RP-9"). docs/cli.md, room/host.md, hand-histories.md and
    # rules.md said "TDA RP-9" and "TDA RP-11", `tournament --help` "TDA RP-9", and the tables'
    # docstrings (the API reference's tournaments page) "TDA 32/34", "TDA 48", "TDA RP-8A".
    undated = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for path in tracked("docs", "README.md", "src/pokerdealer/cli", "src/pokerdealer/table")
        if path.suffix in {".md", ".py"}
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if UNDATED_TDA.search(line)
    ]
    assert undated == []
