"""Every command and code sample of README.md and docs/ runs as shown
(tests/docs_samples.py says how each kind of block is run): the README and the
heavier pages here, the other pages in tests/test_docs_pages.py. The site's
build and the README's shape: tests/test_docs_site.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.docs_samples import (
    CONFIG,
    RUN,
    SHOWN,
    Block,
    blocks,
    commands,
    first_pages,
    make_files,
    pages,
    run_page,
)

#: Blocks a test cannot run (a server that runs until stopped, PostgreSQL, nginx,
#: a Ray cluster, PyTorch, the benchmarks): each says why above it. Keep them few.
MOST_NOT_RUN = 16


def _all_blocks() -> list[Block]:
    return [block for page in pages() for block in blocks(page)]


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("files")
    make_files(folder)
    return folder


@pytest.mark.parametrize("page", first_pages(), ids=str)
def test_the_samples_of_a_page_run_as_shown(page: Path, tmp_path: Path, files: Path) -> None:
    run_page(page, tmp_path, files)


def test_every_block_is_run_or_says_why_not() -> None:
    found = _all_blocks()
    unknown = [b.where for b in found if b.lang not in RUN | SHOWN | CONFIG]
    assert not unknown, f"blocks without a language the docs tests know ({sorted(RUN | SHOWN | CONFIG)}): {unknown}"
    unsaid = [b.where for b in found if b.lang in CONFIG and b.not_run is None]
    assert not unsaid, f"configuration that does not say why it is not run: {unsaid}"
    empty = [b.where for b in found if b.not_run == ""]
    assert not empty, f"'Not run by the docs tests:' with no reason: {empty}"
    not_run = [b.where for b in found if b.not_run is not None]
    assert len(not_run) <= MOST_NOT_RUN, f"{len(not_run)} blocks are not run: {not_run}"
    ran = [b for b in found if b.not_run is None and b.lang in RUN]
    assert len(ran) >= 30, len(ran)


def test_the_shell_samples_are_pokerdealer_commands() -> None:
    """Checked on its own so that a stray command names its line even when its page fails first."""
    for block in _all_blocks():
        if block.lang in {"sh", "console"} and block.not_run is None:
            assert commands(block), f"{block.where}: an empty shell block"
