"""What a packager and a user's type checker see: the licence, ``py.typed``, the metadata."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
USER_SCRIPT = ROOT / "tests" / "typecheck" / "documented_api.py"


def _package_cache() -> Path:
    """mypy's cache for the user script, one per state of the package's sources (the others
    removed): a cache written from other sources can keep an error that is gone, or hide one
    that is there. mypy's incremental mode kept ``from pokerdealer import showdown`` the module
    (an import cycle through pokerdealer/__init__.py, since removed) until the cache was deleted."""
    import hashlib

    digest = hashlib.sha256()
    package = ROOT / "src" / "pokerdealer"
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode() + b"\0" + path.read_bytes())
    caches = ROOT / ".mypy_cache" / "user-script"
    cache = caches / digest.hexdigest()[:16]
    if caches.is_dir():
        for other in caches.iterdir():
            if other != cache:
                shutil.rmtree(other, ignore_errors=True)
    return cache


def test_a_user_script_of_the_documented_api_passes_mypy_strict(tmp_path: Path) -> None:
    # Run where a user's project would be (not in the checkout): mypy finds pokerdealer as an
    # installed package and reads it only because of py.typed. Its cache is kept beside the
    # checkout for these sources: cold (a fresh clone, or changed sources), mypy reads the package
    # and NumPy's stubs (about 15 s at load 6, 30 s at load 20); warm, 3 s.
    script = tmp_path / "user_script.py"
    script.write_text(USER_SCRIPT.read_text(encoding="utf-8"), encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-color-output",
         "--cache-dir", str(_package_cache()), script.name],
        cwd=tmp_path, capture_output=True, text=True, timeout=600,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Success: no issues found" in run.stdout


def _uv() -> str:
    uv = os.environ.get("UV") or shutil.which("uv")  # `uv run` names itself in UV
    if uv is None:
        pytest.fail("uv is needed to build the sdist and the wheel (the project's README installs it)")
    return uv


def test_the_sdist_and_the_wheel_carry_the_mit_licence_py_typed_and_the_project_urls(tmp_path: Path) -> None:
    # What a packager gets from `uv build` (about 2 s of CPU): the licence in both archives, the
    # marker that makes a user's type checker read the package, the metadata PyPI shows.
    run = subprocess.run([_uv(), "build", "--quiet", "--out-dir", str(tmp_path)], cwd=ROOT,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    (sdist,) = tmp_path.glob("pokerdealer-*.tar.gz")
    (wheel,) = tmp_path.glob("pokerdealer-*.whl")
    root = sdist.name.removesuffix(".tar.gz")
    with tarfile.open(sdist) as archive:
        in_sdist = set(archive.getnames())
        licence = archive.extractfile(f"{root}/LICENSE").read().decode()  # type: ignore[union-attr]
    with zipfile.ZipFile(wheel) as archive:
        in_wheel = set(archive.namelist())
        metadata = archive.read(f"{root}.dist-info/METADATA").decode()
    assert licence.startswith("MIT License") and licence == (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert f"{root}/src/pokerdealer/py.typed" in in_sdist
    assert {f"{root}.dist-info/licenses/LICENSE", "pokerdealer/py.typed"} <= in_wheel
    assert "License-Expression: MIT" in metadata and "Classifier: Typing :: Typed" in metadata
    assert "Project-URL: Repository, https://github.com/pokerdealer/pokerdealer" in metadata


def test_the_library_never_imports_the_top_package_it_is_re_exported_from() -> None:
    # evaluation/tables.py's `from pokerdealer import _first_run` put pokerdealer/__init__.py (whose
    # type-checking imports re-export evaluation) in one import cycle with evaluation: a user's
    # mypy --strict then read `from pokerdealer import showdown` as the module
    # pokerdealer.evaluation.showdown ("Module not callable"). Only the command line, above the
    # library, may import the top package.
    import re

    package = ROOT / "src" / "pokerdealer"
    top = re.compile(r"^[ \t]*from pokerdealer import ", re.MULTILINE)
    offenders = [
        str(path.relative_to(ROOT))
        for path in sorted(package.rglob("*.py"))
        if path.parent != package / "cli" and path != package / "__init__.py"
        and top.search(path.read_text(encoding="utf-8"))
    ]
    assert not offenders, offenders


def test_the_readme_the_docs_site_and_the_metadata_name_one_repository() -> None:
    import re
    import tomllib

    urls = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["urls"]
    repository = urls["Repository"]
    assert repository == "https://github.com/pokerdealer/pokerdealer"
    assert all(url.startswith(repository) for url in urls.values()), urls
    mkdocs = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert re.search(r"^repo_url: (\S+)$", mkdocs, re.MULTILINE)[1] == repository  # type: ignore[index]
    assert repository in (ROOT / "README.md").read_text(encoding="utf-8")
