"""The built site's offline files, read without a browser: sw.js and its release, the
manifests and icons, the precompressed siblings, and overrides/serve.py (`make serve`)."""

from __future__ import annotations

import base64
import gzip
import hashlib
import html
import json
import re
import struct
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import pytest

from tests.site.sitebuild import LANGUAGES, ROOT, nav_pages, page_dir, prefix, serve_module

sys.path.insert(0, str(ROOT / "overrides" / "hooks"))
import site_catalog  # noqa: E402
import site_offline  # noqa: E402


serve = serve_module()


def integrity(data: bytes) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


def file_of(site: Path, url: str) -> Path:
    return site / (url + "index.html" if url.endswith("/") else url) if url != "./" else site / "index.html"


# --- sw.js and its release --------------------------------------------------------------------

def test_the_service_worker_is_at_the_root_and_its_source_is_not_published(built_site: Path) -> None:
    assert (built_site / "sw.js").is_file()
    assert not (built_site / "offline").exists(), "overrides/offline/ must not be copied into the site"
    assert "/*RELEASE*/null" not in (built_site / "sw.js").read_text(encoding="utf-8")


def test_the_release_lists_every_page_of_every_language_and_the_engine(built_site: Path) -> None:
    release = site_offline.read_release(built_site)
    urls = {url for url, _integrity, _size in release["files"]}
    for lang in LANGUAGES:
        for markdown in nav_pages():
            url = f"{prefix(lang)}{page_dir(markdown)}" or "./"
            assert url in urls, url
        assert f"{prefix(lang)}manifest.webmanifest" in urls
    pages = {path.relative_to(built_site).as_posix() for path in built_site.rglob("*.html")}
    assert {site_offline._url(p) for p in pages if not p.endswith("404.html")} <= urls
    # The one 404.html (every language) is kept: offline, a page not held shows it.
    assert [url for url in urls if url.endswith("404.html")] == ["404.html"]
    engine = release["engine"]
    assert re.fullmatch(r"assets/engine/engine-[0-9a-f]{16}\.zip", engine) and engine in urls
    # The parts the worker loads on demand work offline too: the three other catalogs and the
    # rest of the engine (tracker, training, exams), named after the first zip.
    for part in ("more", "fr", "pt", "ja"):
        assert engine.replace(".zip", f"-{part}.zip") in urls, part
    for needed in ("assets/pyodide/pyodide.mjs", "assets/pyodide/pyodide.asm.mjs", "assets/pyodide/pyodide.asm.wasm",
                   "assets/engine/worker.mjs", "assets/engine/checker-client.mjs", "search/search_index.json",
                   "assets/javascripts/workers/search-i18n.js", "assets/offline/offline.js",
                   "assets/javascripts/lunr/tinyseg.js", "assets/javascripts/lunr/min/lunr.stemmer.support.min.js",
                   *(f"assets/javascripts/lunr/min/lunr.{lang}.min.js" for lang in LANGUAGES if lang != "en")):
        assert needed in urls, needed
    assert not any(url.endswith((".map", ".br", ".gz")) or url == "sw.js" for url in urls)
    assert "assets/javascripts/lunr/wordcut.js" not in urls, "Thai and Hindi are not site languages"


def test_the_release_is_named_by_its_files_and_their_hashes(built_site: Path) -> None:
    release = site_offline.read_release(built_site)
    for url, expected, size in release["files"]:
        data = file_of(built_site, url).read_bytes()
        twin = site_offline.stored_twin(data) if url.endswith(".zip") else None
        # An engine zip: the file (deflated entries) or, from a host serving its .br/.gz, the
        # same entries stored; the browser's integrity check accepts either hash.
        want = integrity(data) + (f" {integrity(twin)}" if twin is not None else "")
        assert (want, len(data)) == (expected, size), url
        if url.startswith("assets/engine/engine-"):
            assert twin is not None, url
    again = site_offline.release(built_site, list(LANGUAGES))
    assert again == release
    assert re.fullmatch(r"eom-[0-9a-f]{16}", release["name"])


def test_a_changed_file_makes_a_new_release(built_site: Path, tmp_path: Path) -> None:
    import shutil
    copy = Path(shutil.copytree(built_site, tmp_path / "site"))
    before = site_offline.read_release(copy)
    page = copy / "fr" / "index.html"
    page.write_bytes(page.read_bytes() + b"\n")
    (copy / "sw.js.br").write_bytes(b"stale")
    after = site_offline.write_release(copy, list(LANGUAGES))
    assert after["name"] != before["name"]
    assert site_offline.read_release(copy) == after
    assert not (copy / "sw.js.br").exists(), "a stale precompressed sw.js would hide the new release"


# --- pages, manifests, icons -------------------------------------------------------------------

def _head_tags(site: Path, lang: str, markdown: str) -> tuple[Path, str]:
    path = site / prefix(lang) / page_dir(markdown) / "index.html"
    return path, path.read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_links_its_languages_manifest_and_registers_the_worker(built_site: Path, lang: str) -> None:
    for markdown in nav_pages():
        path, text = _head_tags(built_site, lang, markdown)
        manifest = re.search(r'<link rel="manifest" href="([^"]+)">', text)
        assert manifest, path
        assert (path.parent / manifest[1]).resolve() == (built_site / prefix(lang) / "manifest.webmanifest").resolve()
        script = re.search(r'<script src="([^"]+offline\.js)" data-sw="([^"]+)" data-strings="([^"]+)" defer>',
                           text)
        assert script, path
        assert (path.parent / script[1]).resolve() == (built_site / "assets/offline/offline.js").resolve()
        assert (path.parent / script[2]).resolve() == (built_site / "sw.js").resolve()
        strings = json.loads(html.unescape(script[3]))
        gettext = site_catalog.translations(lang).gettext
        assert strings["update"] == gettext("An update of this site is ready.")
        assert strings["reload"] == gettext("Reload")
        if lang != "en":
            assert strings["update"] != "An update of this site is ready.", f"{lang}: not translated"
        assert '<meta name="theme-color"' in text


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_has_a_valid_manifest_with_existing_icons(built_site: Path, lang: str) -> None:
    location = built_site / prefix(lang) / "manifest.webmanifest"
    data = json.loads(location.read_text(encoding="utf-8"))
    gettext = site_catalog.translations(lang).gettext
    assert data["lang"] == lang
    assert data["name"] == gettext("End-of-Match Reference")
    assert data["short_name"] == gettext("End of Match") and len(data["short_name"]) <= 15
    assert data["display"] == "standalone" and data["theme_color"].startswith("#")
    # Relative to the manifest: start_url is the language's home, the scope the site root.
    base = f"https://example.org/sub/{prefix(lang)}manifest.webmanifest"
    assert urljoin(base, data["start_url"]) == f"https://example.org/sub/{prefix(lang)}"
    assert urljoin(base, data["scope"]) == "https://example.org/sub/"
    assert (location.parent / data["start_url"] / "index.html").is_file()
    assert "id" not in data, "a relative id resolves against the origin: every language would share it"
    purposes = {}
    for icon in data["icons"]:
        assert not icon["src"].startswith("/")
        png = (location.parent / icon["src"]).resolve()
        assert png.is_file(), icon["src"]
        width, height = _png_size(png.read_bytes())
        assert icon["sizes"] == f"{width}x{height}" and icon["type"] == "image/png"
        purposes.setdefault(icon["purpose"], set()).add(width)
    assert purposes == {"any": {192, 512}, "maskable": {192, 512}}


def test_maskable_icons_fill_the_square_and_keep_the_clock_in_the_safe_zone() -> None:
    import zlib
    for size in (192, 512):
        data = site_offline.icon_png(size, maskable=True)
        raw = zlib.decompress(data[data.index(b"IDAT") + 4:])
        stride = 1 + 4 * size

        def pixel(x: int, y: int) -> tuple[int, ...]:
            at = y * stride + 1 + 4 * x
            return tuple(raw[at:at + 4])
        background = pixel(0, 0)
        assert background[3] == 255 and pixel(size - 1, size - 1) == background
        white = [(x, y) for y in range(0, size, 4) for x in range(0, size, 4) if pixel(x, y)[:3] == (255, 255, 255)]
        assert white, "the clock is drawn"
        centre = size / 2
        assert max(((x - centre) ** 2 + (y - centre) ** 2) ** 0.5 for x, y in white) < 0.4 * size


# --- precompressed siblings ---------------------------------------------------------------------

def test_precompressed_siblings_hold_the_same_bytes(built_site: Path) -> None:
    import brotli
    checked = 0
    for sibling in sorted(built_site.rglob("*.br")):
        original = sibling.with_suffix("")
        assert original.is_file(), sibling
        # A zip of deflated entries: its siblings are the same entries stored (stored_twin).
        want = (site_offline.stored_twin(original.read_bytes()) if original.suffix == ".zip" else None) \
            or original.read_bytes()
        assert brotli.decompress(sibling.read_bytes()) == want, sibling
        gz = original.with_name(original.name + ".gz")
        # No .gz where it would not be smaller than the file (a catalog's zip: its entry deflated).
        assert gzip.decompress(gz.read_bytes()) == want if gz.is_file() else original.suffix == ".zip", gz
        checked += 1
    assert checked > 50
    for needed in ("assets/pyodide/pyodide.asm.wasm", "assets/pyodide/pyodide.asm.mjs", "index.html",
                   "fr/index.html", "search/search_index.json", "sw.js", "assets/engine/worker.mjs"):
        assert (built_site / f"{needed}.br").is_file(), needed
    wasm = built_site / "assets/pyodide/pyodide.asm.wasm"
    assert (built_site / "assets/pyodide/pyodide.asm.wasm.br").stat().st_size < 0.35 * wasm.stat().st_size
    zips = sorted((built_site / "assets/engine").glob("engine-*.zip"))
    assert len(zips) == 6  # the first zip, -more, -deferred and a catalog per language
    for path in zips:
        assert (path.parent / f"{path.name}.br").is_file(), path
        if path.name.count("-") == 1 or path.name.endswith("-more.zip"):
            assert (path.parent / f"{path.name}.gz").is_file(), path


def _unpacked(data: bytes) -> dict[str, bytes]:
    import io
    import zipfile
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {info.filename: archive.read(info) for info in archive.infolist()}


def test_the_engine_zip_costs_no_host_more_bytes_than_per_entry_deflate(built_site: Path) -> None:
    """What the first zip (a share link's engine besides the wasm) costs on each kind of host, and
    the same files whichever form arrives:
    - a host serving the precompressed siblings: the entries stored, compressed whole (brotli
      under 0.8 MB, gzip under 1.1 MB);
    - a host compressing the zip on the fly (gzip): the file gzipped, no bigger than the file;
    - a host compressing nothing (GitHub Pages and nginx's defaults do not compress a zip): the
      file, deflated entry by entry (under 2 MB; stored, it would be 2.8 MB)."""
    import brotli
    engine = built_site / site_offline.read_release(built_site)["engine"]
    data = engine.read_bytes()
    twin = site_offline.stored_twin(data)
    assert twin is not None and _unpacked(twin) == _unpacked(data)
    assert brotli.decompress((engine.parent / f"{engine.name}.br").read_bytes()) == twin
    br = (engine.parent / f"{engine.name}.br").stat().st_size
    gz = (engine.parent / f"{engine.name}.gz").stat().st_size
    on_the_fly = len(gzip.compress(data, compresslevel=6))
    assert br < 800_000 and gz < 1_100_000, (br, gz)
    assert on_the_fly <= len(data) < 2_000_000 and len(data) < 0.75 * len(twin), (on_the_fly, len(data), len(twin))
    # The name's hash is of the entries (their stored form, bundle.py), not of either file.
    import importlib.util
    spec = importlib.util.spec_from_file_location("engine_bundle_for_test", ROOT / "overrides/engine/bundle.py")
    bundle = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bundle)
    files = {n: d for n, d in _unpacked(data).items() if not n.endswith("/")}
    assert bundle.deterministic_zip(files) == twin and bundle.deterministic_zip(files, deflate=True) == data


# --- overrides/serve.py ------------------------------------------------------------------------

@pytest.fixture(scope="module")
def server(built_site: Path) -> Iterator[Any]:
    running = serve.Server(built_site, prefix="/sub/path/").start()
    yield running
    running.stop()


def fetch(url: str, headers: dict[str, str] | None = None, method: str = "GET") -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers or {}, method=method)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, {k.lower(): v for k, v in response.headers.items()}, response.read()
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, error.read()


def test_serve_sends_brotli_when_accepted_with_the_files_own_type(server: Any, built_site: Path) -> None:
    import brotli
    wasm = (built_site / "assets/pyodide/pyodide.asm.wasm").read_bytes()
    status, headers, body = fetch(server.url + "assets/pyodide/pyodide.asm.wasm", {"Accept-Encoding": "gzip, br"})
    assert status == 200
    assert headers["content-type"] == "application/wasm"
    assert headers["content-encoding"] == "br" and headers["vary"] == "Accept-Encoding"
    assert int(headers["content-length"]) == len(body) < len(wasm) and brotli.decompress(body) == wasm
    status, headers, body = fetch(server.url + "assets/pyodide/pyodide.asm.wasm", {"Accept-Encoding": "gzip"})
    assert headers["content-encoding"] == "gzip" and gzip.decompress(body) == wasm
    status, headers, body = fetch(server.url + "assets/pyodide/pyodide.asm.wasm", {"Accept-Encoding": "br;q=0, gzip;q=0"})
    assert "content-encoding" not in headers and body == wasm
    # The engine's first zip too, as a zip: its entries stored and compressed whole; without
    # an encoding, the file (its entries deflated one by one).
    engine = site_offline.read_release(built_site)["engine"]
    data = (built_site / engine).read_bytes()
    status, headers, body = fetch(server.url + engine, {"Accept-Encoding": "gzip, deflate, br, zstd"})
    assert status == 200 and headers["content-type"] == "application/zip"
    assert headers["content-encoding"] == "br" and brotli.decompress(body) == site_offline.stored_twin(data)
    assert len(body) < 0.75 * len(data)
    status, headers, body = fetch(server.url + engine, {"Accept-Encoding": "identity"})
    assert "content-encoding" not in headers and body == data


@pytest.mark.parametrize("path, content_type", [
    ("assets/engine/worker.mjs", "text/javascript; charset=utf-8"),
    ("sw.js", "text/javascript; charset=utf-8"),
    ("fr/manifest.webmanifest", "application/manifest+json"),
    ("search/search_index.json", "application/json"),
    ("assets/offline/icon-512.png", "image/png"),
    ("ja/", "text/html; charset=utf-8"),
])
def test_serve_types(server: Any, path: str, content_type: str) -> None:
    status, headers, _body = fetch(server.url + path, {"Accept-Encoding": "br"})
    assert status == 200 and headers["content-type"] == content_type
    assert headers["cache-control"] == "no-cache"


def test_serve_revalidates_redirects_and_stays_in_its_folder(server: Any, built_site: Path) -> None:
    status, headers, _ = fetch(server.url + "fr/", {"Accept-Encoding": "br"})
    assert status == 200
    status, again, body = fetch(server.url + "fr/", {"Accept-Encoding": "br", "If-None-Match": headers["etag"]})
    assert status == 304 and body == b""
    status, _, body = fetch(server.url + "fr/", {"If-None-Match": headers["etag"]})
    assert status == 200, "another encoding is another entity"
    assert fetch(server.url + "fr", method="HEAD")[0] == 200  # urllib follows the 301 to fr/
    origin = server.url.split("/sub/path/")[0]
    assert fetch(origin + "/index.html")[0] == 404, "outside the prefix"
    assert fetch(server.url + "..%2f..%2fetc/passwd")[0] == 404
    status, headers, body = fetch(server.url + "no-such-page/")
    # Online too, the site's own "not found" page, as static hosts serve it (not Python's error page).
    assert status == 404 and headers["content-type"].startswith("text/html") and b"site-not-found" in body
