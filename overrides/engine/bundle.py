"""Bundle the rules engine and Pyodide into the built site (DESIGN §3.4, §4, §5; PYODIDE-PERF.md).

The site's MkDocs hook calls one function::

    from overrides.engine.bundle import build_bundle     # or load this file by path
    manifest = build_bundle(Path(config.site_dir))

It writes, under ``site_dir``:

``assets/engine/engine-<hash>.zip``
    The only Python a first ruling needs. It replaces Pyodide's stock ``python_stdlib.zip``
    (``loadPyodide({stdLibURL})``) and holds, as unchecked hash-based ``.pyc`` compiled by
    Pyodide's own Python 3.14 under Node, the standard-library modules ``loadPyodide`` itself
    imports and those every ``judge_json`` call imports, and the modules of ``rules_engine``
    those calls import. Two modules Pyodide's start-up imports are stand-ins
    (``STAND_INS``, overrides/engine/startup/): asyncio and the package installer, which
    would bring ssl, socket, subprocess, threading, logging, zipfile, shutil, tempfile and
    pathlib; the modules themselves are in the "deferred" part. No catalog: English needs none. Entries are
    sorted and timestamped 1980-01-01, so two builds from the same inputs give the same
    entries. The file is deflated entry by entry (a host that compresses nothing sends
    0.57 MB); its ``.br`` and ``.gz`` siblings (site_offline.py) are the whole-file
    compression of the same entries STORED (0.39 MB brotli, 0.51 MB gzip), for a host that
    serves them (``deterministic_zip``).

``assets/engine/engine-<hash>-more.zip``, ``-fr.zip``, ``-pt.zip``, ``-ja.zip``, ``-deferred.zip``
    The parts the worker loads when a call first needs them (worker.mjs): the rest of the
    engine (tracker, training, exams, the command line) with the standard-library modules
    only they import, one gettext catalog each (``rules_engine/locale/<lang>/
    LC_MESSAGES/rules_engine.mo``; the page's own is requested with the wasm), and what the
    start-up stand-ins defer (no call of the engine needs it). The worker unpacks a part
    with the first zip's ``_engine_parts`` into ``/lib/engine-parts`` and finds its modules
    there (a finder on ``sys.meta_path``) and its catalog beside the package
    (rules_engine.i18n). ``<hash>`` is
    the first 16 hex digits of the SHA-256 of the six zips' SHA-256 (first zip, then the
    parts by name): one name for the set, so a cache or a snapshot keyed on the first zip's
    URL holds the parts that go with it. The SHA-256 are those of the stored forms: the name
    is a hash of the entries, whichever form a host sends.

    The module lists come from a run of the engine under Pyodide in Node (``build-node.mjs``):
    the zip with the stock stdlib plus the engine's sources is booted, every scenario of
    ``tests/cases/*.yaml`` and of ``SCENARIOS`` below is judged in all four languages
    (rulings and refusals; the modules then in ``sys.modules`` make the first zip), one call
    that raises is made, every module named by an import statement of the engine (even
    inside a function) is imported (what that adds goes to ``-more``). The final first zip is
    then booted again under Node, the English calls are made with it alone, each other
    language's after loading its part, then ``-more`` and every import again: the answers must
    equal CPython's ``rules_engine.judge_json`` (a call that raises must raise the same
    exception type on both) and every import must succeed as it did with the stock library:
    a divergence fails the build. A stdlib module the engine starts to need later is picked
    up on the next build, because the key below changes with the engine; ``EXTRA_MODULES``
    forces one into the first zip by hand. A call that still misses a module in the browser
    makes the worker load every part and try once more.

    The ``.pyc`` are compiled as with ``python -OO`` (no docstrings, no asserts: the engine's
    asserts only restate what its validation ensured, and CPython, which runs them, gives
    the answers compared); the engine's location tables keep line numbers without columns,
    the standard library's say "no location" (build-node.mjs). Every stage boots with the
    stand-ins; the verifying one then uses what they defer (``DEFERRED_USE``: Pyodide's
    event loop, asyncio, the package installer) from "deferred" and awaits a coroutine.

    ``rules_engine`` ships as ``.pyc`` only, no ``.py``: the engine never shows a traceback
    (every refusal is JSON), the sources are public in the repository anyway, and a ``.py``
    next to an unchecked ``.pyc`` would only be dead weight that zipimport never reads.

``assets/engine/worker.mjs``, ``assets/engine/checker-client.mjs``
    The browser side (see the comments at the top of each file).

``assets/pyodide/pyodide.mjs``, ``pyodide.asm.mjs``, ``pyodide.asm.wasm``
    The Pyodide runtime from ``node_modules/pyodide`` (npm ``pyodide`` pinned to 314.0.7 in
    package.json / package-lock.json; ``npm ci`` is run when it is missing). That is all a
    browser fetches: ``python_stdlib.zip`` is replaced by the engine zip and
    ``pyodide-lock.json`` by ``lockFileContents`` in the worker.

It returns the manifest the page embeds (paths relative to the site's base)::

    {"zip": "assets/engine/engine-<hash>.zip",
     "parts": {"more"|"deferred"|"fr"|"pt"|"ja": "assets/engine/engine-<hash>-<part>.zip"},
     "pyodide": "assets/pyodide/",
     "client": "assets/engine/checker-client.mjs", "worker": "assets/engine/worker.mjs",
     "files": [every file written, relative to site_dir, sorted],
     "version": "314.0.7", "hash": "<hash>", "download_bytes": <wasm + zip, in bytes>,
     "transfer": {"engine-<hash>.zip"|"pyodide.asm.wasm": {"size", "decoded", "fly", "br"?, "gz"?}}}

Page markup it expects (written by the site's templates, relative to the page like every
other site URL)::

    <meta name="engine-zip" content="{{ base_url }}/assets/engine/engine-<hash>.zip">
    <script type="module" src="{{ base_url }}/assets/engine/checker-client.mjs"></script>

or, instead of the meta, ``data-engine-zip="<relative URL of the zip>"`` on the widget's
element. The engine starts at idle after ``load`` on a page with a ``.rules-checker`` or
``[data-engine-zip]`` element, else on the first ``rulesChecker.judge()`` (see
checker-client.mjs for the whole ``window.rulesChecker`` API).

Serve ``.wasm`` as ``application/wasm`` and ``.mjs`` as ``text/javascript`` (a wrong wasm type
makes ``loadPyodide`` hang: the client time-boxes it), compressed if the host can.

Cost: the Node step (two Pyodide boots, ~10-20 s) runs only when its inputs change. Its
result is cached in ``.cache/engine-bundle/<key>/`` where ``<key>`` hashes the engine's
``.py`` and ``.mo`` files, the Pyodide version, ``tests/cases/*.yaml`` and this builder's own
files. mkdocs-static-i18n runs the hooks once per language: a second call in the same
process with the same inputs only checks that the files are still in place.

Note for the hook: MkDocs copies every non-template file of ``custom_dir`` into the site, so
``overrides/engine/*.mjs`` also lands in ``site/engine/``; drop those in ``on_files`` (the
copies this function writes under ``assets/`` are the ones the pages use).
"""

from __future__ import annotations

import contextlib
import fcntl
import filecmp
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any, Iterator

PYODIDE_VERSION = "314.0.7"
#: Must equal ``info`` of node_modules/pyodide/pyodide-lock.json (checked at build time).
LOCKFILE_INFO = {"abi_version": "2026_0", "arch": "wasm32", "platform": "emscripten_5_0_3", "python": "3.14.2"}
LANGUAGES = ("en", "fr", "pt", "ja")

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
ENGINE = ROOT / "rules_engine"
CASES = ROOT / "tests" / "cases"
CACHE = ROOT / ".cache" / "engine-bundle"
NODE_SCRIPT = HERE / "build-node.mjs"
BROWSER_FILES = ("worker.mjs", "checker-client.mjs")
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
ZIP_TIME = (1980, 1, 1, 0, 0, 0)

#: Standard-library modules (zip entry names) to ship even if no recorded run imported them.
EXTRA_MODULES: tuple[str, ...] = ()

#: Pyodide's start-up imports what the engine never uses: asyncio (and with it ssl, socket,
#: subprocess, threading, logging), and the package installer (zipfile, shutil, tempfile,
#: pathlib): 0.2 MB of the first zip, a second at 1.6 Mbit/s. The first zip holds a stand-in
#: for each (overrides/engine/startup/), which gives start-up what it reads and, on the first
#: use of anything else, runs the module itself, shipped in the "deferred" part under the name
#: given here with what it imports (the engine never uses them: no page loads that part).
#: Every stage of the build (recording, verifying) boots with the stand-ins.
STARTUP = HERE / "startup"
STAND_INS = {"asyncio/__init__.py": "_pyodide_deferred/asyncio.py",
             "pyodide/_package_loader.py": "_pyodide_deferred/pyodide_package_loader.py"}
#: Engine modules no page calls (the command line, the catalog tool): what they import is not shipped.
ENGINE_TOOLS = ("__main__.py", "catalogs.py")
#: Modules of this site put in the first zip: loading the other parts, running what a stand-in defers.
STARTUP_MODULES = ("_engine_parts.py",)
DEFERRED_PACKAGE = ("_pyodide_deferred/__init__.py",
                    b"# Pyodide's start-up modules the engine's first zip defers (overrides/engine/bundle.py).\n")
#: pyodide/__init__.py without the event loop it sets up when imported: the asyncio stand-in
#: sets it up when asyncio is first used.
EVENT_LOOP_AT_IMPORT = "from .webloop import _initialize_event_loop\n\n_initialize_event_loop()\ndel _initialize_event_loop\n"
EVENT_LOOP_LATER = (
    "# The event loop is set up when asyncio is first used (the engine zip's asyncio stand-in).\n"
    "# What importing .webloop took from JavaScript here, kept: a memory snapshot expects it.\n"
    "from .ffi import IN_PYODIDE as _IN_PYODIDE\n\n"
    "if _IN_PYODIDE:\n"
    "    from pyodide_js._api import scheduleCallback as _webloop_schedule_callback  # noqa: F401\n")
#: What the build runs once "deferred" is loaded, to load what the stand-ins defer and check it.
DEFERRED_USE = """
import asyncio, pyodide._package_loader as package_loader
[type(asyncio.get_event_loop()).__name__, asyncio.Future.__module__,
 package_loader.unpack_buffer.__name__, str(package_loader.SITE_PACKAGES)]
"""

#: Scenarios judged (in every language) when the module list is recorded, on top of
#: tests/cases/*.yaml: every game, both rounds, between games, and refusals.
SCENARIOS: tuple[Any, ...] = (
    {"game": "mtg", "round": "swiss", "games_won": [1, 0], "time_called": "during-game", "active_player": "A"},
    {"game": "mtg", "round": "single-elimination", "games_won": [1, 1], "time_called": "during-game",
     "active_player": "A", "current_game": {"life": [7, 12]}},
    {"game": "mtg", "round": "single-elimination", "games_won": [1, 1], "time_called": "between-games",
     "tiebreak_game": {"winner": "B", "life": [3, 5], "first_player": "A"}},
    {"game": "mtg", "round": "swiss", "two_headed_giant": True, "games_won": [0, 0], "time_called": "during-game",
     "active_player": "B", "turn_pass_announced": True, "extra_turns": [{"player": "B", "after_turn": 2}],
     "slow_play_penalties": [{"player": "A", "during_additional_turns": True}]},
    {"game": "grand-archive", "round": "swiss", "games_won": [0, 0], "time_called": "during-game",
     "active_player": "A", "clock_expired_during_turn": 2, "current_game": {"winner": None}},
    {"game": "grand-archive", "round": "single-elimination", "games_won": [1, 1], "time_called": "during-game",
     "active_player": "B", "time_extension_minutes": 3,
     "current_game": {"winner": None, "champion_life": [10, 12], "damage": [3, 4], "influence": [5, 5],
                      "main_deck": [20, 30]}},
    {"game": "yugioh", "edition": "2.3", "round": "swiss", "games_won": [0, 0], "time_called": "during-game", "active_player": "A",
     "current_game": {"life": [8000, 7000]}},
    {"game": "yugioh", "edition": "2.3", "round": "single-elimination", "games_won": [1, 0], "time_called": "between-games",
     "side_deck_accessed": True},
    {"game": "yugioh", "edition": "2.3", "round": "swiss", "games_won": [0, 0], "time_called": "during-game", "active_player": "A",
     "best_of": True},
    {"game": "yugioh", "round": "swiss", "games_won": [1, 0], "time_called": "during-game", "event_date": "2025-12-01"},
    {"game": "yugioh", "round": "swiss", "games_won": [1, 0], "time_called": "during-game", "event_date": "2025-02-30"},
    {"game": "lorcana", "round": "single-elimination", "games_won": [0, 0], "time_called": "during-game",
     "active_player": "A", "current_game": {"lore": [12, 9]}, "slow_play_penalties": [{"player": "B"}]},
    {"game": "lorcana", "region": "japan", "round": "swiss", "games_won": [1, 0], "time_called": "between-games"},
    {"game": "yugioh", "region": "japan", "round": "single-elimination", "games_won": [1, 1], "time_called": "between-games",
     "tiebreak_game": {"first_player": "A", "life": [8000, 6000]}},
    {"game": "poker"},
    [],
    '{"game": "mtg", "round": "swiss", "games_won": [0, 0], "time_called": "during-game", '
    '"active_player": "A", "games_drawn": NaN}',
    '{"game": "mtg", "game": "yugioh"}',
    "{not json",
    " " * 20000 + "{}",
    "[" * 100,
)


class BundleError(RuntimeError):
    """The bundle could not be built (Node or npm missing, or Pyodide and CPython disagree)."""


# --------------------------------------------------------------------------------------
# Inputs and the cache key
# --------------------------------------------------------------------------------------

def engine_files() -> list[tuple[str, bytes]]:
    """(zip entry name, bytes) of the engine's sources and catalogs, sorted."""
    out = []
    for path in sorted(ENGINE.rglob("*")):
        rel = path.relative_to(ROOT).as_posix()
        if path.is_file() and "__pycache__" not in path.parts and path.suffix in (".py", ".mo"):
            out.append((rel, path.read_bytes()))
    return out


def scenario_texts() -> list[str]:
    """The JSON texts judged to record the module list (and compared with CPython)."""
    texts = [s if isinstance(s, str) else json.dumps(s, ensure_ascii=False) for s in SCENARIOS]
    try:
        import yaml
    except ImportError:  # the site extra is missing: the built-in scenarios still cover every game
        return texts
    for path in sorted(CASES.glob("*.yaml")):
        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        for case in yaml.load(path.read_text(encoding="utf-8"), Loader=loader) or ():
            if isinstance(case, dict) and "scenario" in case:
                texts.append(json.dumps(case["scenario"], ensure_ascii=False, sort_keys=True, default=str))
    return texts


def _digest(parts: list[tuple[str, bytes]]) -> str:
    h = hashlib.sha256()
    for name, data in parts:
        h.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
    return h.hexdigest()


def zip_key() -> str:
    """The key of the Node step's cached output: everything that can change the zip (cheap)."""
    parts = engine_files()
    parts += [(p.relative_to(ROOT).as_posix(), p.read_bytes()) for p in sorted(CASES.glob("*.yaml"))]
    parts += [(p.relative_to(ROOT).as_posix(), p.read_bytes()) for p in sorted(STARTUP.rglob("*.py"))]
    parts += [("pyodide", PYODIDE_VERSION.encode()), ("lockinfo", json.dumps(LOCKFILE_INFO).encode()),
              ("bundle.py", Path(__file__).read_bytes()), ("build-node.mjs", NODE_SCRIPT.read_bytes())]
    return _digest(parts)[:32]


# --------------------------------------------------------------------------------------
# Node, npm and the Pyodide package
# --------------------------------------------------------------------------------------

def _run(cmd: list[str], what: str, timeout: int = 600) -> None:
    try:
        done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    except FileNotFoundError:
        raise BundleError(f"{what}: {cmd[0]} is not installed (Node.js 20 and npm are needed)") from None
    except subprocess.TimeoutExpired:
        raise BundleError(f"{what}: timed out after {timeout} s") from None
    if done.returncode != 0:
        raise BundleError(f"{what} failed ({done.returncode}):\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}")


def pyodide_dir() -> Path:
    """node_modules/pyodide at the pinned version, installed from the lockfile if needed."""
    package = ROOT / "node_modules" / "pyodide"
    for attempt in (1, 2):
        try:
            version = json.loads((package / "package.json").read_text())["version"]
        except (OSError, ValueError, KeyError):
            version = None
        if version == PYODIDE_VERSION and all((package / f).is_file() for f in RUNTIME_FILES):
            break
        if attempt == 2:
            raise BundleError(f"node_modules/pyodide is {version}, not {PYODIDE_VERSION} after npm ci")
        _run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], "npm ci")
    info = json.loads((package / "pyodide-lock.json").read_text())["info"]
    if info != LOCKFILE_INFO:
        raise BundleError(f"pyodide-lock.json info {info} differs from LOCKFILE_INFO {LOCKFILE_INFO}: "
                          "update bundle.py and worker.mjs together")
    return package


@contextlib.contextmanager
def _locked() -> Iterator[None]:
    """One cold build at a time across processes (a test run and a site build may overlap)."""
    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _node(job: dict[str, Any], work: Path, name: str) -> dict[str, Any]:
    job_path, out = work / f"{name}.json", work / f"{name}-out.json"
    job_path.write_text(json.dumps(job | {"out": str(out), "lockFileContents": {"info": LOCKFILE_INFO,
                                                                              "packages": {}}}))
    _run(["node", str(NODE_SCRIPT), str(job_path)], f"Pyodide under Node ({name})")
    return json.loads(out.read_text())


# --------------------------------------------------------------------------------------
# The zip
# --------------------------------------------------------------------------------------

def deterministic_zip(entries: dict[str, bytes], deflate: bool = False) -> bytes:
    """A zip with sorted entries, directory entries, fixed times and modes: same input, same bytes.

    Two forms of the same entries (both unpack to the same files with pyodide.unpackArchive):
    STORED (the default) is what the engine's name hashes and what the build's ``.br``/``.gz``
    siblings compress whole (overrides/hooks/site_offline.py, ``stored_twin``), finding the
    repeats between modules that per-entry deflate cannot (first zip: 0.39 MB brotli, 0.51 MB
    gzip); ``deflate=True`` (each file entry deflated, level 9) is the file published at the
    URL, for a host that serves neither the siblings nor compresses a zip (0.57 MB, not
    1.7 MB stored)."""
    names = set(entries)
    for name in list(entries):
        parts = name.split("/")[:-1]
        names.update("/".join(parts[:i]) + "/" for i in range(1, len(parts) + 1))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in sorted(names):
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.create_system = 3
            if name.endswith("/"):
                info.external_attr = (0o40755 << 16) | 0x10
                archive.writestr(info, b"", compress_type=zipfile.ZIP_STORED)
            else:
                info.external_attr = 0o100644 << 16
                if deflate:
                    archive.writestr(info, entries[name], compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
                else:
                    archive.writestr(info, entries[name], compress_type=zipfile.ZIP_STORED)
    return buffer.getvalue()


def content_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


#: Run in a fresh CPython (the build process may hold an older rules_engine in memory, e.g. in
#: `mkdocs serve`): judge every call, and list the absolute imports written anywhere (even
#: inside functions) in every engine module a page can call (all but ENGINE_TOOLS), so the
#: recording run imports them too and a lazy import (training's random) is not missed.
_CPYTHON_SIDE = r"""
import ast, json, sys, traceback
from pathlib import Path
root, job = Path(sys.argv[1]), json.loads(Path(sys.argv[2]).read_text())
sys.path.insert(0, str(root))
import rules_engine
if Path(rules_engine.__file__).resolve().parent != root / "rules_engine":
    sys.exit(f"rules_engine is imported from {rules_engine.__file__}, not {root}")
results = []
for call in job["calls"]:
    try:
        results.append(rules_engine.judge_json(call["text"], call["lang"]))
    except Exception as error:  # an engine bug: both sides must at least raise the same
        results.append(json.dumps({"raised": traceback.format_exception_only(error)[-1].split(":")[0].strip()}))
names = set()
for path in sorted((root / "rules_engine").rglob("*.py")):
    if path.name not in job["tools"]:
        for node in ast.walk(ast.parse(path.read_bytes())):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
imports = sorted(n for n in names if n != "__future__" and n.split(".")[0] != "rules_engine")
Path(sys.argv[3]).write_text(json.dumps({"results": results, "imports": imports}))
"""


def _cpython(calls: list[dict[str, str]], work: Path) -> dict[str, Any]:
    """{"results": judge_json texts (or {"raised": type}), "imports": [...]} from a fresh CPython."""
    job, out = work / "cpython.json", work / "cpython-out.json"
    job.write_text(json.dumps({"calls": calls, "tools": list(ENGINE_TOOLS)}))
    _run([sys.executable, "-c", _CPYTHON_SIDE, str(ROOT), str(job), str(out)], "rules_engine under CPython")
    return json.loads(out.read_text())


def _compare(label: str, calls: list[dict[str, str]], got: list[str], want: list[str]) -> None:
    for call, a, b in zip(calls, got, want, strict=True):
        if json.loads(a) != json.loads(b):
            raise BundleError(f"the engine under Pyodide ({label}) and under CPython disagree on "
                              f"{call['text'][:300]!r} ({call['lang']}):\nPyodide: {a[:2000]}\nCPython: {b[:2000]}")


def startup_modules(stock: zipfile.ZipFile) -> dict[str, bytes]:
    """Pyodide's standard-library zip with the start-up stand-ins (STAND_INS): each replaced
    module moved to its deferred name, the stand-in in its place, pyodide/__init__.py without
    its event loop at import."""
    out = {info.filename: stock.read(info) for info in stock.infolist() if not info.is_dir()}
    for name, deferred_name in STAND_INS.items():
        out[deferred_name] = out[name]
        out[name] = (STARTUP / name).read_bytes()
    out[DEFERRED_PACKAGE[0]] = DEFERRED_PACKAGE[1]
    for name in STARTUP_MODULES:
        out[name] = (STARTUP / name).read_bytes()
    init = out["pyodide/__init__.py"].decode()
    if EVENT_LOOP_AT_IMPORT not in init:
        raise BundleError("pyodide/__init__.py no longer sets up its event loop as bundle.py expects: "
                          "review the start-up stand-ins (STAND_INS) for this Pyodide version")
    out["pyodide/__init__.py"] = init.replace(EVENT_LOOP_AT_IMPORT, EVENT_LOOP_LATER).encode()
    return out


def _build_zip(key: str, package: Path) -> Path:
    """Run the Node steps and store engine-<hash>.zip in the cache directory ``key``."""
    texts = scenario_texts()
    calls = [{"text": t, "lang": lang} for t in texts for lang in LANGUAGES]
    engine = dict(engine_files())
    sources = sorted(n for n in engine if n.endswith(".py"))
    with tempfile.TemporaryDirectory(prefix="engine-bundle-") as tmp:
        work = Path(tmp)
        # 1. The stock standard library plus the engine's sources, booted under Node.
        stage = work / "stage.zip"
        with zipfile.ZipFile(package / "python_stdlib.zip") as stock, zipfile.ZipFile(stage, "w") as out:
            for name, data in startup_modules(stock).items():
                out.writestr(name, data)
            for name, data in engine.items():
                out.writestr(name, data)
        with zipfile.ZipFile(stage) as staged:
            stdlib = set(staged.namelist()) - set(engine)
        deferred = {*STAND_INS.values(), DEFERRED_PACKAGE[0]}
        cpython = _cpython(calls, work)
        collected = _node({"mode": "collect", "pyodideDir": str(package), "stdlibZip": str(stage),
                           "calls": calls, "imports": cpython["imports"], "deferredUse": DEFERRED_USE,
                           "compile": sources + list(EXTRA_MODULES) + list(STARTUP_MODULES) + sorted(deferred),
                           "pycZip": str(work / "pyc.zip")}, work, "collect")
        modules = set(collected["boot_modules"]) | set(collected["modules"]) | set(EXTRA_MODULES)
        unknown = sorted(m for m in modules if not (m in stdlib or m in engine))
        if unknown:
            raise BundleError(f"modules outside the stdlib zip and the engine: {unknown}")
        # 2. The zips: what loadPyodide and every judge_json call imported goes in the first
        #    one; the rest of the engine (tracker, training, exams, the command line) and the
        #    stdlib modules only they import in -more.zip; each catalog in its own zip.
        first = set(collected["boot_modules"]) | set(collected["judged"]) | set(EXTRA_MODULES) | set(STARTUP_MODULES)
        modules |= deferred
        undeferred = sorted(n for n in first if n.startswith(("asyncio/", "zipfile/", "_pyodide_deferred/"))
                            and n not in STAND_INS)
        if undeferred:
            raise BundleError(f"the first zip would hold what the stand-ins defer: {undeferred}")
        with zipfile.ZipFile(work / "pyc.zip") as pyc:
            def pycs(names: set[str] | list[str]) -> dict[str, bytes]:
                return {n[:-3] + ".pyc": pyc.read(n[:-3] + ".pyc") for n in sorted(names)}
            imported = set(collected["imported"])
            parts = {"": pycs((first - set(engine)) | (first & set(sources))),
                     "-more": pycs((imported - set(engine) - first) | (set(sources) - first)),
                     "-deferred": pycs(modules - imported - first)}
        for lang in LANGUAGES[1:]:
            parts[f"-{lang}"] = {n: d for n, d in engine.items() if n == catalog_entry(lang)}
        if not all(parts.values()):
            raise BundleError(f"an empty part: {[p for p, e in parts.items() if not e]}")
        # The name hashes the entries (their stored form: zlib's output may differ between
        # machines); the files are the deflated form (deterministic_zip), checked below.
        stored = {part: deterministic_zip(entries) for part, entries in parts.items()}
        digest = content_hash(b"".join(hashlib.sha256(stored[p]).digest() for p in sorted(stored)))
        names = {part: f"engine-{digest}{part}.zip" for part in stored}
        for part, entries in parts.items():
            (work / names[part]).write_bytes(deterministic_zip(entries, deflate=True))
        # 3. Boot the first zip as the worker does (the other parts on demand) and compare with
        #    the recording run and with CPython.
        verified = _node({"mode": "verify", "pyodideDir": str(package), "stdlibZip": str(work / names[""]),
                          "parts": {p[1:]: str(work / n) for p, n in names.items() if p},
                          "calls": calls, "imports": cpython["imports"], "deferredUse": DEFERRED_USE},
                         work, "verify")
        _compare("recording run", calls, collected["results"], cpython["results"])
        _compare("final zip", calls, verified["results"], cpython["results"])
        if verified["raised"] != collected["raised"] or not verified["raised"]:
            raise BundleError(f"error path differs: {verified['raised']!r} / {collected['raised']!r}")
        if verified["unimportable"] != collected["unimportable"]:
            raise BundleError(f"imports that fail with the final zips: {verified['unimportable']} "
                              f"(with the stock standard library: {collected['unimportable']})")
        if verified["deferred"] != collected["deferred"] or verified["deferred"][0] != "WebLoop" \
                or verified["slept"] != "slept":
            raise BundleError(f"what the stand-ins defer does not load from the parts as with the stock "
                              f"library: {verified['deferred']} / {collected['deferred']}, {verified['slept']!r}")
        if verified["from_snapshot"] != verified["results"][0]:
            raise BundleError(f"the engine restored from a memory snapshot answers {verified['from_snapshot']!r:.300}, "
                              f"not {verified['results'][0]!r:.300}")
        if verified["needed_more"]:
            raise BundleError(f"judge_json in English needed modules outside the first zip: {verified['needed_more']}")
        report = {"zip": names[""], "parts": names, "imports": cpython["imports"], "pyodide": verified["version"],
                  "python": verified["python"], "magic": verified["magic"],
                  "entries": {names[p]: sorted(e) for p, e in parts.items()}, "calls": len(calls),
                  "boot_modules": collected["boot_modules"], "judged": collected["judged"],
                  "modules": collected["modules"]}
        (work / "report.json").write_text(json.dumps(report, indent=1))
        # 4. Publish into the cache atomically.
        target = CACHE / key
        staging = Path(tempfile.mkdtemp(prefix=f".{key}-", dir=CACHE))
        for name in names.values():
            shutil.copy2(work / name, staging / name)
        shutil.copy2(work / "report.json", staging / "report.json")
        try:
            staging.rename(target)
        except OSError:  # another process published the same key first
            shutil.rmtree(staging, ignore_errors=True)
    _prune(keep=target)
    return target


def _prune(keep: Path, count: int = 4) -> None:
    """Keep the newest ``count`` cached builds (a build is ~3.6 MB)."""
    builds = sorted((p for p in CACHE.iterdir() if p.is_dir() and not p.name.startswith(".")),
                    key=lambda p: p.stat().st_mtime, reverse=True)
    for old in builds[count:]:
        if old != keep:
            shutil.rmtree(old, ignore_errors=True)


def catalog_entry(lang: str) -> str:
    return f"rules_engine/locale/{lang}/LC_MESSAGES/rules_engine.mo"


def _parts(folder: Path) -> list[Path]:
    """The first zip (engine-<hash>.zip), then the parts loaded on demand (engine-<hash>-<part>.zip)."""
    if not folder.is_dir():
        return []
    found = sorted(folder.glob("engine-*.zip"), key=lambda p: (p.name.count("-"), p.name))
    return found if found and found[0].name.count("-") == 1 and len(found) == len(LANGUAGES) + 2 else []


def cached_parts() -> list[Path]:
    """The engine zips for the current inputs, from the cache or built now: the first one, then
    -more, and one per catalog (-fr, -ja, -pt)."""
    key = zip_key()
    found = _parts(CACHE / key)
    if found:
        return found
    with _locked():
        package = pyodide_dir()
        found = _parts(CACHE / key) or _parts(_build_zip(key, package))
    if not found:
        raise BundleError(f"the engine build in {CACHE / key} is incomplete")
    return found


def cached_zip() -> Path:
    """The first engine zip for the current inputs, from the cache or built now."""
    return cached_parts()[0]


# --------------------------------------------------------------------------------------
# What travels: the reader's "Downloading the rules engine: x of y MB"
# --------------------------------------------------------------------------------------

#: Shared with overrides/hooks/site_offline.py (its precompressed siblings: same names, same
#: settings, so the sizes below are those of the .br/.gz it writes, computed once).
COMPRESS_CACHE = ROOT / ".cache" / "precompress"


def _sibling(data: bytes, encoding: str) -> int | None:
    """The size of ``data``'s .br (brotli 11, generic) or .gz (gzip 9) sibling, as site_offline.py
    writes it (and caches it); None when brotli is missing."""
    import gzip
    cached = COMPRESS_CACHE / f"{hashlib.sha256(data).hexdigest()}.{encoding}"
    if cached.is_file():
        return cached.stat().st_size
    if encoding == "br":
        try:
            import brotli
        except ImportError:
            return None
        out = brotli.compress(data, quality=11, mode=brotli.MODE_GENERIC)
    else:
        out = gzip.compress(data, compresslevel=9, mtime=0)
    cached.parent.mkdir(parents=True, exist_ok=True)
    tmp = cached.with_name(f".{cached.name}.tmp{os.getpid()}")
    tmp.write_bytes(out)
    os.replace(tmp, cached)
    return len(out)


def transfer_row(data: bytes, siblings: bool = True) -> dict[str, int]:
    """What one file costs on the wire, by host kind: {"size": the file (a host that compresses
    nothing), "decoded": what its siblings decode to (an engine zip's entries stored), "br",
    "gz": its siblings (a host serving them), "fly": the file gzipped at level 6 (a host
    compressing it on the fly)}. The page's download line (checker-client.mjs) reads the
    response's Content-Length when there is one, and this when there is not."""
    import gzip
    twin = data
    with contextlib.suppress(zipfile.BadZipFile):
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            if any(i.compress_type != zipfile.ZIP_STORED for i in archive.infolist()):
                twin = deterministic_zip({i.filename: archive.read(i) for i in archive.infolist()
                                          if not i.filename.endswith("/")})
    row = {"size": len(data), "decoded": len(twin), "fly": len(gzip.compress(data, compresslevel=6, mtime=0))}
    for encoding in ("br", "gz") if siblings else ():
        size = _sibling(twin, encoding)
        if size is not None:
            row[encoding] = size
    return row


# --------------------------------------------------------------------------------------
# The site
# --------------------------------------------------------------------------------------

_DONE: dict[tuple[str, str], dict[str, Any]] = {}


def _copy(source: Path, target: Path) -> None:
    if target.is_file() and target.stat().st_size == source.stat().st_size and filecmp.cmp(source, target,
                                                                                          shallow=False):
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.tmp{os.getpid()}")
    shutil.copyfile(source, tmp)
    os.replace(tmp, target)


def build_bundle(site_dir: Path) -> dict[str, Any]:
    """Write the engine zip, the browser JS and the Pyodide runtime into ``site_dir``; return the manifest."""
    site_dir = Path(site_dir).resolve()
    browser = [(f, (HERE / f).read_bytes()) for f in BROWSER_FILES]
    memo_key = (zip_key() + _digest(browser), str(site_dir))
    done = _DONE.get(memo_key)
    if done and all((site_dir / f).is_file() for f in done["files"]):
        return done

    parts = cached_parts()
    engine_zip = parts[0]
    package = pyodide_dir()
    copies = [(part, f"assets/engine/{part.name}") for part in parts]
    copies += [(HERE / f, f"assets/engine/{f}") for f in BROWSER_FILES]
    copies += [(package / f, f"assets/pyodide/{f}") for f in RUNTIME_FILES]
    for source, rel in copies:
        _copy(source, site_dir / rel)
    manifest = {
        "zip": f"assets/engine/{engine_zip.name}",
        # Loaded by the worker when needed: "more" (tracker, training, exams), "fr", "pt", "ja",
        # "deferred" (what Pyodide's start-up stand-ins defer: never, for the engine's own calls).
        "parts": {part.stem.rsplit("-", 1)[1]: f"assets/engine/{part.name}" for part in parts[1:]},
        "pyodide": "assets/pyodide/",
        "client": "assets/engine/checker-client.mjs",
        "worker": "assets/engine/worker.mjs",
        "files": sorted(rel for _, rel in copies),
        "version": PYODIDE_VERSION,
        "hash": engine_zip.stem.removeprefix("engine-"),
        # What the worker downloads with progress (the wasm and the zip, their files' sizes):
        # the line's total only on a page without the table below.
        "download_bytes": (site_dir / "assets/pyodide/pyodide.asm.wasm").stat().st_size + engine_zip.stat().st_size,
        # What they cost on the wire, per file and host kind (transfer_row): the line counts
        # the bytes that travel. Not the wasm's siblings (brotli 11 on it takes half a minute,
        # and its decoded size is its size whatever the host: its Content-Length suffices).
        "transfer": {engine_zip.name: transfer_row(engine_zip.read_bytes()),
                     "pyodide.asm.wasm": transfer_row((site_dir / "assets/pyodide/pyodide.asm.wasm").read_bytes(),
                                                      siblings=False)},
    }
    _DONE[memo_key] = manifest
    return manifest


if __name__ == "__main__":  # python overrides/engine/bundle.py SITE_DIR: build into a directory by hand
    print(json.dumps(build_bundle(Path(sys.argv[1] if len(sys.argv) > 1 else "site")), indent=1))
