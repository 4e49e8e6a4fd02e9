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
    assert manifest["parts"] == {part: manifest["zip"].replace(".zip", f"-{part}.zip")
                                 for part in ("more", "fr", "pt", "ja", "deferred")}
    assert set(manifest["files"]) == {
        manifest["zip"], *manifest["parts"].values(), "assets/engine/worker.mjs", "assets/engine/checker-client.mjs",
        "assets/pyodide/pyodide.mjs", "assets/pyodide/pyodide.asm.mjs", "assets/pyodide/pyodide.asm.wasm"}
    written = {p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*") if p.is_file()}
    assert written == set(manifest["files"])
    # The stock stdlib zip and the lock file are replaced (stdLibURL, lockFileContents): not shipped.
    assert not (site_dir / "assets/pyodide/python_stdlib.zip").exists()
    assert not (site_dir / "assets/pyodide/pyodide-lock.json").exists()
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm"):
        assert (site_dir / "assets/pyodide" / name).read_bytes() == (PYODIDE / name).read_bytes()


def _files(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {n: archive.read(n) for n in archive.namelist() if not n.endswith("/")}


def test_the_hash_in_the_name_is_the_content(bundle: ModuleType, site: tuple[Path, dict]) -> None:
    site_dir, manifest = site
    # One hash names every part: a snapshot or a cache keyed on the first zip's URL is of them all.
    # It is a hash of the ENTRIES (their stored form), whichever form a host sends.
    parts = [manifest["zip"]] + [manifest["parts"][p] for p in sorted(manifest["parts"])]
    digests = b"".join(hashlib.sha256(bundle.deterministic_zip(_files(site_dir / rel))).digest() for rel in parts)
    assert hashlib.sha256(digests).hexdigest()[:16] == manifest["hash"]


def test_the_file_is_deflated_entry_by_entry_for_hosts_that_compress_nothing(bundle: ModuleType,
                                                                            site: tuple[Path, dict]) -> None:
    """A host that neither serves the .br/.gz siblings nor compresses a zip sends the file as it
    is: deflated entry by entry (0.57 MB for the first zip), not stored (1.7 MB). Its deflated
    form is the one deterministic_zip gives for the same entries."""
    site_dir, manifest = site
    for rel in [manifest["zip"], *manifest["parts"].values()]:
        data = (site_dir / rel).read_bytes()
        entries = _entries(site_dir / rel)
        assert {i.compress_type for n, i in entries.items() if not n.endswith("/")} == {zipfile.ZIP_DEFLATED}, rel
        assert data == bundle.deterministic_zip(_files(site_dir / rel), deflate=True), rel
    first = (site_dir / manifest["zip"]).stat().st_size
    stored = len(bundle.deterministic_zip(_files(site_dir / manifest["zip"])))
    assert first < 0.75 * stored and first < 2_000_000, (first, stored)


def _entries(path: Path) -> dict[str, zipfile.ZipInfo]:
    with zipfile.ZipFile(path) as archive:
        return {info.filename: info for info in archive.infolist()}


def test_the_first_zip_holds_what_a_ruling_needs_and_the_parts_the_rest(site: tuple[Path, dict]) -> None:
    """A share link downloads the first zip only: no catalog, no tracker, training or exam code,
    no standard-library module only they import."""
    site_dir, manifest = site
    first = _entries(site_dir / manifest["zip"])
    more = _entries(site_dir / manifest["parts"]["more"])
    assert not [n for n in first if n.endswith(".mo")]
    for name in ("rules_engine/training/questions.pyc", "rules_engine/trackers/turns.pyc", "rules_engine/__main__.pyc",
                 "rules_engine/catalogs.pyc"):
        assert name in more and name not in first, name
    for name in ("rules_engine/games/mtg.pyc", "rules_engine/games/grand_archive.pyc",
                 "rules_engine/games/yugioh/three_rules.pyc", "rules_engine/i18n.pyc", "gettext.pyc"):
        assert name in first and name not in more, name
    for lang in ("fr", "pt", "ja"):
        catalog = f"rules_engine/locale/{lang}/LC_MESSAGES/rules_engine.mo"
        entries = _entries(site_dir / manifest["parts"][lang])
        assert [n for n in entries if not n.endswith("/")] == [catalog]
        with zipfile.ZipFile(site_dir / manifest["parts"][lang]) as archive:
            assert archive.read(catalog) == (ROOT / "rules_engine" / catalog.removeprefix("rules_engine/")).read_bytes()
    assert not set(first) & {n for n in more if not n.endswith("/")}


def test_the_manifest_says_what_each_file_costs_on_the_wire(bundle: ModuleType, site: tuple[Path, dict]) -> None:
    """The download line counts the bytes that travel: for the first zip, the file (a host that
    compresses nothing), its stored twin's .br and .gz (a host serving them, with the twin's
    decoded size) and the file gzipped on the fly; for the wasm, its size and on-the-fly gzip."""
    import gzip
    import brotli
    site_dir, manifest = site
    data = (site_dir / manifest["zip"]).read_bytes()
    twin = bundle.deterministic_zip(_files(site_dir / manifest["zip"]))
    row = manifest["transfer"][manifest["zip"].rsplit("/", 1)[1]]
    assert row == {"size": len(data), "decoded": len(twin),
                   "br": len(brotli.compress(twin, quality=11, mode=brotli.MODE_GENERIC)),
                   "gz": len(gzip.compress(twin, compresslevel=9, mtime=0)),
                   "fly": len(gzip.compress(data, compresslevel=6, mtime=0))}
    assert row["br"] < row["gz"] < row["size"] < row["decoded"]
    wasm = manifest["transfer"]["pyodide.asm.wasm"]
    assert wasm["size"] == wasm["decoded"] == (site_dir / "assets/pyodide/pyodide.asm.wasm").stat().st_size
    assert wasm["fly"] < 0.4 * wasm["size"] and "br" not in wasm


def test_the_first_zip_stays_within_its_share_of_a_slow_first_visit(site: tuple[Path, dict]) -> None:
    """A share link's first ruling at 1.6 Mbit/s carries the wasm (2.74 MB brotli, fixed), this
    zip, pyodide.asm.mjs (0.21 MB) and the page (0.15 MB): 20 s is 4 MB, so the first zip has
    at most 0.45 MB brotli (0.39 MB with the start-up stand-ins; 0.65 MB without them). On a
    gzip-only host, 0.55 MB (0.51; 0.85). tests/benchmarks/slow_network.py measures the time."""
    site_dir, manifest = site
    row = manifest["transfer"][manifest["zip"].rsplit("/", 1)[1]]
    assert row["br"] <= 450_000 and row["gz"] <= 550_000, row


def test_the_pyc_have_no_docstrings_hence_no_asserts(site: tuple[Path, dict]) -> None:
    """Compiled as with -OO (optimize=2, the only level that drops docstrings, and it drops
    asserts too): the engine's and the standard library's docstrings are not in the bytes."""
    site_dir, manifest = site
    with zipfile.ZipFile(site_dir / manifest["zip"]) as archive:
        i18n = archive.read("rules_engine/i18n.pyc")
        assert b"locale/" in i18n  # code constants stay
        assert b"Messages in four languages" not in i18n  # the module's docstring
        assert b"Marks a message for extraction" not in i18n  # a function's docstring
        assert b"A shallow copy constructs a new compound object" not in archive.read("copy.pyc")


def test_the_zips_hold_the_engine_as_pyc_with_its_catalogs(site: tuple[Path, dict]) -> None:
    site_dir, manifest = site
    every: dict[str, bytes] = {}
    for rel in [manifest["zip"], *manifest["parts"].values()]:
        with zipfile.ZipFile(site_dir / rel) as archive:
            names = archive.namelist()
            assert names == sorted(names)
            assert {i.date_time for i in archive.infolist()} == {(1980, 1, 1, 0, 0, 0)}
            every |= {n: archive.read(n) for n in names if not n.endswith("/")}
    assert "rules_engine/__init__.pyc" in every
    engine_sources = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "rules_engine").rglob("*.py") if "__pycache__" not in p.parts)
    assert {n[:-1] for n in every if n.startswith("rules_engine/") and n.endswith(".pyc")} == set(engine_sources)
    catalogs = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "rules_engine/locale").rglob("*.mo"))
    assert catalogs and all(every[n] == (ROOT / n).read_bytes() for n in catalogs)
    with zipfile.ZipFile(site_dir / manifest["zip"]) as archive:
        names = archive.namelist()
        # .pyc only: no source of the engine or the stdlib, and the stdlib the engine needs is there.
        assert not [n for n in names if n.endswith(".py")]
        for needed in ("json/__init__.pyc", "gettext.pyc", "dataclasses.pyc", "encodings/utf_8.pyc",
                       "_pyodide/__init__.pyc", "pyodide/__init__.pyc"):
            assert needed in names
        # Pyodide's start-up stand-ins (bundle.STAND_INS) in the first zip, what they defer in
        # "more": asyncio and the package installer, and what only they import.
        for deferred in ("asyncio/base_events.pyc", "ssl.pyc", "socket.pyc", "subprocess.pyc", "threading.pyc",
                         "logging/__init__.pyc", "zipfile/__init__.pyc", "shutil.pyc", "tempfile.pyc",
                         "pathlib/__init__.pyc", "pyodide/webloop.pyc", "importlib/resources/__init__.pyc"):
            assert deferred not in names
            assert deferred in every or deferred == "importlib/resources/__init__.pyc"
        assert {"asyncio/__init__.pyc", "pyodide/_package_loader.pyc"} <= set(names)
        assert {"_pyodide_deferred/asyncio.pyc", "_pyodide_deferred/pyodide_package_loader.pyc"} <= set(every)
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
    for rel in manifest["parts"].values():
        assert (tmp_path / "site" / rel).read_bytes() == (site_dir / rel).read_bytes()
    assert len(list((tmp_path / "cache").glob("*/engine-*.zip"))) == 6


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


def test_a_catalog_unpacked_beside_the_package_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In the browser a language's catalog is not in the package's zip: the worker unpacks it
    into a folder it adds to rules_engine.__path__, where rules_engine.i18n finds it."""
    import rules_engine
    from rules_engine import i18n

    name = "locale/fr/LC_MESSAGES/rules_engine.mo"
    want = i18n.translations("fr").gettext("Turns:")
    target = tmp_path / "parts" / "rules_engine" / name
    target.parent.mkdir(parents=True)
    target.write_bytes((ROOT / "rules_engine" / name).read_bytes())
    def zip_without_catalogs(name: str) -> bytes:
        raise OSError(f"no {name} in the package's zip")  # what zipimport's get_data raises

    monkeypatch.setattr(i18n, "_package_data", zip_without_catalogs)
    i18n.translations.cache_clear()
    try:
        with pytest.raises(FileNotFoundError):
            i18n.translations("fr")
        monkeypatch.setattr(rules_engine, "__path__", [*rules_engine.__path__, str(tmp_path / "parts" / "rules_engine")])
        assert i18n.translations("fr").gettext("Turns:") == want != "Turns:"
    finally:
        i18n.translations.cache_clear()


def test_the_worker_loads_a_part_with_the_python_the_build_checked() -> None:
    """worker.mjs and build-node.mjs (which proves the parts at build time) unpack a part with
    the same call of the first zip's _engine_parts, never with Python of their own."""
    call = 'pyodide.runPython(\'import _engine_parts; _engine_parts.load_engine_part("/tmp/engine-part.zip")\');'
    for path in ("worker.mjs", "build-node.mjs"):
        text = (ROOT / "overrides/engine" / path).read_text(encoding="utf-8")
        assert text.count(call) == 1 and "import zipfile" not in text.split("mode === \"collect\"")[0], path


def test_a_part_unpacks_as_zipfile_would(bundle: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """_engine_parts reads the engine's zips without zipfile: both forms (stored, deflated) give
    the same files as zipfile, and a damaged entry is refused."""
    monkeypatch.syspath_prepend(str(ROOT / "overrides/engine/startup"))
    import _engine_parts

    entries = {"a.pyc": b"\x00" * 300, "b/c/d.mo": "catalogue é".encode() * 50, "b/x.pyc": b"x"}
    for deflate in (False, True):
        archive = tmp_path / f"part-{deflate}.zip"
        archive.write_bytes(bundle.deterministic_zip(entries, deflate=deflate))
        _engine_parts.unzip(str(archive), str(tmp_path / f"out-{deflate}"))
        got = {p.relative_to(tmp_path / f"out-{deflate}").as_posix(): p.read_bytes()
               for p in (tmp_path / f"out-{deflate}").rglob("*") if p.is_file()}
        assert got == entries
    damaged = bytearray(bundle.deterministic_zip(entries))
    at = bytes(damaged).index(b"catalogue")
    damaged[at] ^= 1
    (tmp_path / "damaged.zip").write_bytes(bytes(damaged))
    with pytest.raises(ValueError, match="damaged"):
        _engine_parts.unzip(str(tmp_path / "damaged.zip"), str(tmp_path / "out-damaged"))