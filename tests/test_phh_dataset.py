"""The PHH dataset the tests replay comes with the repository and unpacks once, safely."""

from __future__ import annotations

import io
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from tests.phh_dataset import ARCHIVE, extract_files

ROOT = Path(__file__).resolve().parents[1]

FILES = 400
"""Files in the test's archive: enough that a worker arriving mid-unpack would see some missing."""

COUNT_FILES = """
import sys
from pathlib import Path
from tests.phh_dataset import unpack_once
folder = unpack_once(Path(sys.argv[1]), Path(sys.argv[2]))
print(sum(1 for _ in folder.rglob("*.phh")), folder)
"""


def test_the_dataset_is_in_the_repository_with_its_licence_and_source() -> None:
    folder = ARCHIVE.parent
    assert ARCHIVE.stat().st_size < 500_000
    assert "MIT License" in (folder / "LICENSE").read_text()
    readme = (folder / "README.md").read_text()
    assert "https://github.com/uoftcprg/phh-dataset" in readme and "b086f70" in readme and "MIT" in readme


def test_workers_starting_at_once_each_see_the_whole_archive_unpacked_once(tmp_path: Path) -> None:
    # Three processes on an empty cache, as xdist's three workers on a fresh clone: every one counts all
    # the files (none sees a half-unpacked folder); one folder is left, and no work folder.
    archive = tmp_path / "phh-dataset" / "data.tar.xz"
    archive.parent.mkdir()
    with tarfile.open(archive, "w:xz") as tar:
        for k in range(FILES):
            info = tarfile.TarInfo(f"data/{k % 30}/{k}.phh")
            info.size = 4
            tar.addfile(info, io.BytesIO(b"hand"))
    cache = tmp_path / "cache"
    command = [sys.executable, "-c", COUNT_FILES, archive, cache]
    started = [subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True) for _ in range(3)]
    seen = [process.communicate(timeout=600)[0].split() for process in started]
    assert [process.returncode for process in started] == [0] * 3
    assert {count for count, _ in seen} == {str(FILES)}
    assert len({folder for _, folder in seen}) == 1
    assert [path.name for path in cache.iterdir()] == [Path(seen[0][1]).name]


def test_an_archive_entry_outside_its_folder_is_refused(tmp_path: Path) -> None:
    archive = tmp_path / "evil.tar.xz"
    with tarfile.open(archive, "w:xz") as tar:
        info = tarfile.TarInfo("../outside.phh")
        info.size = 4
        tar.addfile(info, io.BytesIO(b"hand"))
    (tmp_path / "into").mkdir()
    with pytest.raises(ValueError, match=r"'\.\./outside\.phh' is not a path inside the archive"):
        extract_files(archive, tmp_path / "into")
    assert not (tmp_path / "outside.phh").exists()
