"""Offline and installable: the service worker, the web app manifests and icons, and
precompressed files (DESIGN §1: "works offline after a first visit"; §3.4: relative URLs).

Each page (on_post_page, once per page and language) gets in its <head>:
- ``<link rel="manifest">`` to its LANGUAGE's manifest, ``<meta name="theme-color">`` and an
  apple-touch-icon;
- ``assets/offline/offline.js`` (overrides/assets/offline/offline.js), which registers the
  service worker and says when an update is ready, with the page's translated strings and
  the relative URL of ``sw.js`` in data attributes (relative to the page: the site works
  at a host's root and under a sub-path).

Once for the whole site (on_post_build below -100, after mkdocs-static-i18n has built every
language and site_outputs.py has written the sitemaps and 404.html, DESIGN §5):
1. ``<lang>/manifest.webmanifest`` for every language (English at the root), and the icons
   ``assets/offline/icon-{192,512}.png`` (purpose "any": a rounded square) and
   ``icon-maskable-{192,512}.png`` (full bleed, the clock inside the safe zone), drawn here.
   One manifest per language, because the i18n folder structure gives each language its
   own home: a manifest's start_url is resolved against the manifest's own URL, so
   ``fr/manifest.webmanifest`` with ``"start_url": "./"`` opens /fr/ (under any sub-path,
   with no absolute path written anywhere), with the name and description in French and
   ``"lang": "fr"``. Its scope is the site root, so the language switcher stays inside the
   installed app.
2. ``sw.js`` at the site root, from overrides/offline/sw.js: the release (name
   ``eom-<hash>``, hash of the file list and every file's SHA-256) and its files, i.e.
   everything in the site folder except 404.html, source maps, precompressed siblings,
   sw.js itself and the lunr languages the site does not use. The source under
   overrides/offline/ is kept out of the site (on_files).
3. Precompressed siblings: ``<file>.br`` (brotli 11) and ``<file>.gz`` (gzip 9) beside each
   text, wasm, JavaScript or zip file when that saves at least 10 % (an engine zip, deflated
   entry by entry for hosts that compress nothing, gets the compression of its entries
   STORED, ``stored_twin``: brotli on the whole file finds what per-entry deflate cannot;
   its release integrity lists both hashes), for hosts that serve precompressed files, and for ``make serve``
   (overrides/serve.py). Compressed bytes are cached by content hash in
   ``.cache/precompress/`` (brotli 11 on the 9.6 MB Pyodide wasm takes over a minute once).
   Under ``mkdocs serve`` (a rebuild on every edit) neither the release nor the siblings
   are written and pages do not load offline.js: sw.js is published with no release, and
   retires any release a ``make serve`` left on the same address.

Not a hook's whole job alone: tests and tools may call ``write_release(site_dir, languages)``
and ``precompress(site_dir)`` on any built site folder.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import html
import io
import json
import math
import os
import struct
import time
import zipfile
import zlib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority, get_plugin_logger
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

import site_catalog

log = get_plugin_logger(__name__)

ROOT = Path(__file__).resolve().parents[2]
SW_SOURCE = ROOT / "overrides" / "offline" / "sw.js"
SW_MARKER = "/*RELEASE*/null"
CACHE = ROOT / ".cache"
COMPRESS_CACHE = CACHE / "precompress"
CACHE_PREFIX = "eom-"
MANIFEST = "manifest.webmanifest"
ICONS = "assets/offline/"
OFFLINE_JS = "assets/offline/offline.js"
# Material's indigo (mkdocs.yml: palette primary), the header's colour.
THEME_COLOR = "#4051b5"
BACKGROUND_COLOR = "#ffffff"

# Precompression: which files, and when a sibling is worth writing.
COMPRESSIBLE = {".html", ".css", ".js", ".mjs", ".json", ".wasm", ".svg", ".txt", ".webmanifest", ".zip"}
MIN_SIZE = 512
MIN_SAVING = 0.10

_STATE: dict[str, Any] = {"command": "build"}


# --- the page side ------------------------------------------------------------------------

def _strings(lang: str) -> dict[str, str]:
    _ = site_catalog.translations(lang).gettext
    return {
        "update": _("An update of this site is ready."),
        "reload": _("Reload"),
        "offline": _("Saved on this device: every page and the checker now work offline."),
        # The first install's progress and end, in the header bar (offline.js): short, a phone's header is narrow.
        # TRANSLATORS: {percent} is the share already saved, formatted by the browser (60 %, 60%).
        "saving": _("Saving for offline use: {percent}"),
        "saved": _("Saved: works offline"),
    }


def _prefix(lang: str, config: MkDocsConfig) -> str:
    return "" if lang == config.plugins["i18n"].default_language else f"{lang}/"


def head_tags(page_url: str, lang: str, prefix: str, register: bool = True) -> str:
    """What a page's <head> gets (page_url: the page's URL relative to the site root;
    register: load offline.js, which registers sw.js)."""
    def rel(target: str) -> str:
        return html.escape(get_relative_url(target, page_url), quote=True)
    strings = html.escape(json.dumps(_strings(lang), ensure_ascii=False), quote=True)
    script = f'<script src="{rel(OFFLINE_JS)}" data-sw="{rel("sw.js")}" data-strings="{strings}" defer></script>'
    return (f'<link rel="manifest" href="{rel(prefix + MANIFEST)}">'
            f'<meta name="theme-color" content="{THEME_COLOR}">'
            f'<link rel="apple-touch-icon" href="{rel(ICONS + "icon-maskable-192.png")}">'
            + (script if register else ""))


def on_startup(command: str, dirty: bool) -> None:
    _STATE["command"] = command


def on_files(files: Files, config: MkDocsConfig) -> Files:
    # overrides/offline/sw.js is a template for the root sw.js: never published as it is.
    for file in [f for f in files if f.src_uri.startswith("offline/")]:
        files.remove(file)
    return files


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    lang = config.theme["language"]
    tags = head_tags(page.url, lang, _prefix(lang, config), register=_STATE["command"] != "serve")
    return output.replace("</head>", tags + "</head>", 1)


@event_priority(-120)  # after mkdocs-static-i18n (-100) and site_outputs.py (-110)
def on_post_build(config: MkDocsConfig) -> None:
    plugin = config.plugins["i18n"]
    if plugin.building:
        return  # a nested language build: the last one is followed by this hook once more
    site_dir = Path(config.site_dir)
    languages = [lang.locale for lang in plugin.config.languages if lang.build]
    default = plugin.default_language
    write_manifests(site_dir, {lang: ("" if lang == default else f"{lang}/") for lang in languages},
                    _ENGLISH["name"], _ENGLISH["description"])
    write_icons(site_dir)
    if _STATE["command"] == "serve":
        # The development server rebuilds on every edit: no release, and sw.js retires one
        # that `make serve` may have left on this address (see overrides/offline/sw.js).
        _write(site_dir / "sw.js", SW_SOURCE.read_bytes())
        return
    release = write_release(site_dir, languages)
    log.info(f"sw.js: release {release['name']}, {len(release['files'])} files, "
             f"{sum(f[2] for f in release['files']) / 1e6:.1f} MB")
    done = precompress(site_dir)
    log.info(f"precompressed {done['files']} files: {done['bytes'] / 1e6:.1f} MB → "
             f"{done['br'] / 1e6:.1f} MB brotli, {done['gz'] / 1e6:.1f} MB gzip ({done['seconds']:.1f} s)")


# --- manifests ----------------------------------------------------------------------------

def manifest(lang: str, prefix: str, name: str, description: str) -> dict[str, Any]:
    """The web app manifest of one language, every URL relative to the manifest itself."""
    _ = gettext = site_catalog.translations(lang).gettext
    up = "../" * prefix.count("/")
    icons = [{"src": f"{up}{ICONS}icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png",
              "purpose": "any"} for size in (192, 512)]
    icons += [{"src": f"{up}{ICONS}icon-maskable-{size}.png", "sizes": f"{size}x{size}", "type": "image/png",
               "purpose": "maskable"} for size in (192, 512)]
    # No "id": a relative id resolves against the ORIGIN (not the manifest), so every
    # language and sub-path would share one; without it the id is the start_url.
    return {
        "name": gettext(name),
        # TRANSLATORS: the app's name under its icon on a phone's home screen: 12 characters or so.
        "short_name": _("End of Match"),
        "description": gettext(description),
        "lang": lang,
        "dir": "ltr",
        "start_url": "./",
        "scope": up or "./",
        "display": "standalone",
        "background_color": BACKGROUND_COLOR,
        "theme_color": THEME_COLOR,
        "categories": ["reference", "games"],
        "icons": icons,
    }


def write_manifests(site_dir: Path, prefixes: dict[str, str], name: str, description: str) -> None:
    """``<prefix>manifest.webmanifest`` for each language (prefix "" or "fr/"); name and
    description: the English msgids (site_catalog translates them)."""
    for lang, prefix in prefixes.items():
        data = manifest(lang, prefix, name, description)
        _write(site_dir / prefix / MANIFEST, (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode())


# The English site name and description, read from mkdocs.yml (site_i18n.py translates the
# config in place, so config.site_name is in whichever language was built last).
_ENGLISH: dict[str, str] = {}


@event_priority(100)  # before site_i18n.py translates them, and before the engine bundle is built
def on_config(config: MkDocsConfig) -> MkDocsConfig:
    if not _ENGLISH:
        _ENGLISH.update(name=config.site_name, description=config.site_description or "")
        if _STATE["command"] == "build":
            _compress_runtime_early()
    return config


# Pyodide's runtime, published as it is in node_modules: brotli 11 on its 9.6 MB wasm takes
# half a minute on a fresh machine. Started before anything else is built, it runs beside the
# engine bundle's Node step and the pages instead of after them (precompress waits for it).
EARLY_FILES = ("pyodide.asm.wasm", "pyodide.asm.mjs")
_EARLY: dict[tuple[str, str], Any] = {}


def _compress_runtime_early() -> None:
    package = ROOT / "node_modules" / "pyodide"
    jobs = [((package / name).read_bytes(), not name.endswith(".wasm"))
            for name in EARLY_FILES if (package / name).is_file()]
    if not jobs:
        return
    pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="precompress-early")
    for data, text in jobs:
        digest = hashlib.sha256(data).hexdigest()
        for encoding in ("br", "gz"):
            if not (COMPRESS_CACHE / f"{digest}.{encoding}").is_file():
                _EARLY[(digest, encoding)] = pool.submit(_compress_now, data, digest, encoding, text)
    pool.shutdown(wait=False)


# --- icons ----------------------------------------------------------------------------------

def _hex(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _segment(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def icon_png(size: int, maskable: bool) -> bytes:
    """A white clock at 3 o'clock on the site's indigo: full bleed when maskable (the clock
    stays in the central 60 %, inside the 80 % safe zone), else a rounded square."""
    bg, fg = _hex(THEME_COLOR), (255, 255, 255)
    s = float(size)
    c = s / 2
    ring_r, ring_w = 0.25 * s, 0.045 * s
    hands = [((c, c), (c, c - 0.17 * s), 0.022 * s), ((c, c), (c + 0.12 * s, c), 0.026 * s)]
    corner = 0.18 * s
    rows = []
    for y in range(size):
        row = bytearray(b"\0")
        py = y + 0.5
        for x in range(size):
            px = x + 0.5
            # Coverage from signed distances (1 px of anti-aliasing).
            d = abs(math.hypot(px - c, py - c) - ring_r) - ring_w / 2
            for (ax, ay), (bx, by), w in hands:
                d = min(d, _segment(px, py, ax, ay, bx, by) - w)
            white = max(0.0, min(1.0, 0.5 - d))
            alpha = 1.0
            if not maskable:
                qx, qy = max(abs(px - c) - (c - corner), 0.0), max(abs(py - c) - (c - corner), 0.0)
                alpha = max(0.0, min(1.0, 0.5 - (math.hypot(qx, qy) - corner)))
            row += bytes(round(b + (f - b) * white) for b, f in zip(bg, fg)) + bytes((round(alpha * 255),))
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", raw) + chunk(b"IEND", b""))


def icon_files() -> dict[str, bytes]:
    """{site path: PNG}, cached on disk by this file's own hash (drawing takes a second)."""
    key = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]
    folder = CACHE / "offline-icons" / key
    names = {f"icon-{size}.png": (size, False) for size in (192, 512)}
    names |= {f"icon-maskable-{size}.png": (size, True) for size in (192, 512)}
    out = {}
    for name, (size, maskable) in names.items():
        cached = folder / name
        if cached.is_file():
            data = cached.read_bytes()
        else:
            data = icon_png(size, maskable)
            _write(cached, data)
        out[ICONS + name] = data
    return out


def write_icons(site_dir: Path) -> None:
    for path, data in icon_files().items():
        _write(site_dir / path, data)


# --- the release: sw.js ---------------------------------------------------------------------

def _lunr_needed(languages: list[str]) -> set[str]:
    """The lunr files Material's search worker imports for these languages."""
    base = "assets/javascripts/lunr/"
    needed = {base + "min/lunr.stemmer.support.min.js", base + "min/lunr.multi.min.js"}
    needed |= {f"{base}min/lunr.{lang}.min.js" for lang in languages if lang != "en"}
    if "ja" in languages:
        needed.add(base + "tinyseg.js")
    if {"th", "hi"} & set(languages):
        needed.add(base + "wordcut.js")
    return needed


def precached(site_dir: Path, languages: list[str]) -> list[str]:
    """The files (relative to site_dir, sorted) a release holds."""
    lunr = _lunr_needed(languages)
    out = []
    for path in sorted(site_dir.rglob("*")):
        rel = path.relative_to(site_dir).as_posix()
        name = path.name
        if not path.is_file() or name.startswith("."):
            continue
        # The root 404.html is kept: offline, a page not in the release shows it (sw.js).
        # _headers is the host's (site_security.py), never a reader's.
        if rel in ("sw.js", "_headers") or (name == "404.html" and rel != "404.html") or name.endswith((".map", ".br", ".gz")):
            continue
        if rel.startswith("assets/javascripts/lunr/") and rel not in lunr:
            continue
        out.append(rel)
    return out


def _url(rel: str) -> str:
    """A file's URL relative to the site root: a page by its folder, as readers link it."""
    if rel == "index.html":
        return "./"
    return rel[: -len("index.html")] if rel.endswith("/index.html") else rel


def release(site_dir: Path, languages: list[str]) -> dict[str, Any]:
    files = []
    engine = ""
    for rel in precached(site_dir, languages):
        data = (site_dir / rel).read_bytes()
        integrity = "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()
        twin = stored_twin(data) if rel.endswith(".zip") else None
        if twin is not None:  # a host serving the .br/.gz sends the stored form: either hash is right
            integrity += " sha256-" + base64.b64encode(hashlib.sha256(twin).digest()).decode()
        files.append([_url(rel), integrity, len(data)])
        # The engine's first zip (engine-<hash>.zip); its parts (engine-<hash>-fr.zip, …) are
        # precached like every other file, but the snapshot and the worker key on this one.
        if rel.startswith("assets/engine/engine-") and rel.endswith(".zip") and rel.count("-") == 1:
            engine = rel
    digest = hashlib.sha256(json.dumps(files, separators=(",", ":")).encode()).hexdigest()[:16]
    return {"name": CACHE_PREFIX + digest, "engine": engine, "files": files}


def write_release(site_dir: Path, languages: list[str]) -> dict[str, Any]:
    """Write ``sw.js`` at the root of ``site_dir`` for the files it holds now; return the release."""
    site_dir = Path(site_dir)
    data = release(site_dir, languages)
    source = SW_SOURCE.read_text(encoding="utf-8")
    if source.count(SW_MARKER) != 1:
        raise RuntimeError(f"{SW_SOURCE}: expected {SW_MARKER!r} once")
    text = source.replace(SW_MARKER, json.dumps(data, ensure_ascii=False, separators=(",", ":")))
    _write(site_dir / "sw.js", text.encode("utf-8"))
    for stale in ("sw.js.br", "sw.js.gz"):  # precompress() writes them again
        (site_dir / stale).unlink(missing_ok=True)
    return data


def read_release(site_dir: Path) -> dict[str, Any]:
    """The release written into ``site_dir/sw.js``."""
    text = (Path(site_dir) / "sw.js").read_text(encoding="utf-8")
    start = text.index("const RELEASE = ") + len("const RELEASE = ")
    return json.JSONDecoder().raw_decode(text, start)[0]


# --- precompressed siblings -----------------------------------------------------------------

def stored_twin(data: bytes) -> bytes | None:
    """A zip whose entries are compressed (the engine's, bundle.py ``deterministic_zip``): the
    same entries, in the same order with the same names, times and modes, STORED, i.e. the
    bytes bundle.py hashes for the engine's name. Its ``.br``/``.gz`` siblings compress that
    form whole (a host serving them sends 0.39 MB brotli for the first zip, where the file,
    deflated entry by entry for hosts that compress nothing, is 0.57 MB). None when every
    entry is already stored (or not a zip)."""
    try:
        source = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        return None
    with source:
        infos = source.infolist()
        if all(info.compress_type == zipfile.ZIP_STORED for info in infos):
            return None
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w") as target:
            for info in infos:
                twin = zipfile.ZipInfo(info.filename, date_time=info.date_time)
                twin.create_system = info.create_system
                twin.external_attr = info.external_attr
                target.writestr(twin, source.read(info), compress_type=zipfile.ZIP_STORED)
    return buffer.getvalue()


def _brotli(data: bytes, text: bool) -> bytes | None:
    try:
        import brotli
    except ImportError:
        return None
    return brotli.compress(data, quality=11, mode=brotli.MODE_TEXT if text else brotli.MODE_GENERIC)


def _compressed(data: bytes, encoding: str, text: bool) -> bytes | None:
    """``data`` compressed (br or gz), from the cache when it was done before."""
    digest = hashlib.sha256(data).hexdigest()
    early = _EARLY.pop((digest, encoding), None)
    if early is not None:
        return early.result()
    cached = COMPRESS_CACHE / f"{digest}.{encoding}"
    if cached.is_file():
        os.utime(cached)  # recently used: kept by _prune
        return cached.read_bytes()
    return _compress_now(data, digest, encoding, text)


def _compress_now(data: bytes, digest: str, encoding: str, text: bool) -> bytes | None:
    out = _brotli(data, text) if encoding == "br" else gzip.compress(data, compresslevel=9, mtime=0)
    if out is not None:
        _write(COMPRESS_CACHE / f"{digest}.{encoding}", out)
    return out


def precompress(site_dir: Path) -> dict[str, Any]:
    """Write ``.br`` and ``.gz`` beside every compressible file of ``site_dir`` that gains."""
    started = time.monotonic()
    site_dir = Path(site_dir)
    jobs = [path for path in site_dir.rglob("*") if path.is_file() and path.suffix in COMPRESSIBLE
            and path.stat().st_size >= MIN_SIZE]
    jobs.sort(key=lambda p: p.stat().st_size, reverse=True)  # the wasm first: it takes longest
    totals = {"files": 0, "bytes": 0, "br": 0, "gz": 0}

    def one(path: Path) -> tuple[int, int, int]:
        data = path.read_bytes()
        text = path.suffix not in (".wasm", ".zip")
        # A zip of deflated entries: its siblings are its stored twin compressed whole.
        source = (stored_twin(data) if path.suffix == ".zip" else None) or data
        # ... written whenever it is smaller than the file (the first zip: 0.51 MB gzip, 0.57 MB
        # deflated), since a host serving siblings would otherwise send the file.
        limit = len(data) * (1 - MIN_SAVING) if source is data else len(data) - 1
        sizes = []
        for encoding in ("br", "gz"):
            sibling = path.with_name(f"{path.name}.{encoding}")
            out = _compressed(source, encoding, text)
            if out is not None and len(out) <= limit:
                _write(sibling, out)
                stat = path.stat()
                os.utime(sibling, ns=(stat.st_atime_ns, stat.st_mtime_ns))
                sizes.append(len(out))
            else:
                sibling.unlink(missing_ok=True)
                sizes.append(len(data))
        return len(data), sizes[0], sizes[1]

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        for size, br, gz in pool.map(one, jobs):
            totals["files"] += 1
            totals["bytes"] += size
            totals["br"] += br
            totals["gz"] += gz
    _prune()
    return totals | {"seconds": time.monotonic() - started}


def _prune(max_age_days: float = 14) -> None:
    """Drop compressed bytes no build has used for two weeks."""
    if not COMPRESS_CACHE.is_dir():
        return
    limit = time.time() - max_age_days * 86400
    for path in COMPRESS_CACHE.iterdir():
        try:
            if path.stat().st_mtime < limit:
                path.unlink()
        except OSError:
            pass


def _write(path: Path, data: bytes) -> None:
    """Write atomically (a test build and `make site` may share .cache)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp{os.getpid()}.{id(data)}")
    tmp.write_bytes(data)
    os.replace(tmp, path)
