"""The samples of the pages tests/test_docs.py leaves out (a module of its own,
so that pytest-xdist runs the two side by side)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.docs_samples import make_files, other_pages, run_page


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("files")
    make_files(folder)
    return folder


@pytest.mark.parametrize("page", other_pages(), ids=str)
def test_the_samples_of_a_page_run_as_shown(page: Path, tmp_path: Path, files: Path) -> None:
    run_page(page, tmp_path, files)
