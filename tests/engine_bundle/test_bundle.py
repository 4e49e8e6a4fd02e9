"""The engine zip and the copied Pyodide runtime (overrides/engine/bundle.py, DESIGN §4 and §5)."""

from __future__ import annotations

import hashlib
import io
import json
import time
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
PYODIDE = ROOT / "node_modules" / "pyodide"
MAGIC_PY314 = (3627).to_bytes(2, "little") + b"\r\n"  # importlib.util.MAGIC_NUMBER of Python 3.14


@pytest.fixture(scope="module")
def site(bundle: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    site_dir = tmp_path_factory.mktemp("site")
    return site_dir, bundle.build_bundle(site_dir)


def test_the_manifest_names_the_files_it_wrote(site: tuple[Path, dict]) -> None:
    site_dir, manifest = site
    assert manifest["version"] == "314.0.7"
    assert manifest["pyodide"] == "assets/pyodide/"
    assert manifest["zip"] == f"assets/engine/engine-{manifest['hash']}.zip"
    assert set(manifest["files"]) == {
        manifest["zip"], "assets/engine/worker.mjs", "assets/engine/checker-client.mjs",
        "assets/pyodide/pyodide.mjs", "assets/pyodide/pyodide.asm.mjs", "assets/pyodide/pyodide.asm.wasm"}
    written = {p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*") if p.is_file()}
    assert written == set(manifest["files"])
    # The stock stdlib zip and the lock file are replaced (stdLibURL, lockFileContents): not shipped.
    assert not (site_dir / "assets/pyodide/python_stdlib.zip").exists()
    assert not (site_dir / "assets/pyodide/pyodide-lock.json").exists()
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm"):
        assert (site_dir / "assets/pyodide" / name).read_bytes() == (PYODIDE / name).read_bytes()


def test_the_hash_in_the_name_is_the_content(site: tuple[Path, dict]) -> None:
    site_dir, manifest = site
    data = (site_dir / manifest["zip"]).read_bytes()
    assert hashlib.sha256(data).hexdigest()[:16] == manifest["hash"]


def test_the_zip_holds_the_engine_as_pyc_with_its_catalogs(site: tuple[Path, dict]) -> None:
    site_dir, manifest = site
    with zipfile.ZipFile(site_dir / manifest["zip"]) as archive:
        names = archive.namelist()
        assert names == sorted(names)
        assert {i.date_time for i in archive.infolist()} == {(1980, 1, 1, 0, 0, 0)}
        assert "rules_engine/__init__.pyc" in names
        engine_sources = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "rules_engine").rglob("*.py") if "__pycache__" not in p.parts)
        assert {n[:-1] for n in names if n.startswith("rules_engine/") and n.endswith(".pyc")} == set(engine_sources)
        catalogs = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "rules_engine/locale").rglob("*.mo"))
        assert catalogs and all(archive.read(n) == (ROOT / n).read_bytes() for n in catalogs)
        # .pyc only: no source of the engine or the stdlib, and the stdlib the engine needs is there.
        assert not [n for n in names if n.endswith(".py")]
        for needed in ("json/__init__.pyc", "gettext.pyc", "dataclasses.pyc", "encodings/utf_8.pyc",
                       "importlib/resources/__init__.pyc", "_pyodide/__init__.pyc", "pyodide/__init__.pyc"):
            assert needed in names
        # Unchecked hash-based .pyc for Python 3.14: flags 0b01 (hash-based, not checked against source).
        for name in names:
            if name.endswith(".pyc"):
                head = archive.read(name)[:16]
                assert head[:4] == MAGIC_PY314, name
                assert int.from_bytes(head[4:8], "little") == 0b01, name
        # Trimmed: far smaller than the stock standard library.
        assert len(names) < len(zipfile.ZipFile(PYODIDE / "python_stdlib.zip").namelist())


def test_lockfile_info_in_the_worker_matches_the_installed_pyodide(bundle: ModuleType) -> None:
    info = json.loads((PYODIDE / "pyodide-lock.json").read_text())["info"]
    assert info == bundle.LOCKFILE_INFO
    worker = (ROOT / "overrides/engine/worker.mjs").read_text()
    for key, value in info.items():
        assert f'{key}: "{value}"' in worker
    assert json.loads((PYODIDE / "package.json").read_text())["version"] == bundle.PYODIDE_VERSION
    package = json.loads((ROOT / "package.json").read_text())
    assert package["dependencies"]["pyodide"] == bundle.PYODIDE_VERSION  # pinned exactly
    lock = json.loads((ROOT / "package-lock.json").read_text())
    assert lock["packages"]["node_modules/pyodide"]["version"] == bundle.PYODIDE_VERSION


def test_two_builds_give_the_same_bytes(bundle: ModuleType, site: tuple[Path, dict], tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """A second build from an empty cache (the Node step run again) gives the same zip."""
    site_dir, manifest = site
    monkeypatch.setattr(bundle, "CACHE", tmp_path / "cache")
    again = bundle.build_bundle(tmp_path / "site")
    assert again["zip"] == manifest["zip"]
    assert (tmp_path / "site" / again["zip"]).read_bytes() == (site_dir / manifest["zip"]).read_bytes()
    assert len(list((tmp_path / "cache").glob("*/engine-*.zip"))) == 1


def test_deterministic_zip_ignores_input_order(bundle: ModuleType) -> None:
    entries = {"b/x.pyc": b"1", "a.pyc": b"2", "b/c/d.mo": b"3"}
    one = bundle.deterministic_zip(entries)
    two = bundle.deterministic_zip(dict(reversed(list(entries.items()))))
    assert one == two
    assert zipfile.ZipFile(io.BytesIO(one)).namelist() == ["a.pyc", "b/", "b/c/", "b/c/d.mo",
                                                                         "b/x.pyc"]


def test_a_second_call_is_cheap_and_repairs_missing_files(bundle: ModuleType, site: tuple[Path, dict]) -> None:
    site_dir, manifest = site
    began = time.perf_counter()
    assert bundle.build_bundle(site_dir) == manifest
    assert time.perf_counter() - began < 1.0
    (site_dir / "assets/pyodide/pyodide.mjs").unlink()
    assert bundle.build_bundle(site_dir) == manifest
    assert (site_dir / "assets/pyodide/pyodide.mjs").is_file()
