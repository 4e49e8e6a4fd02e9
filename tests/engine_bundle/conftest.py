"""Fixtures for the engine bundle: the builder module, a served test site, one Chromium.

The served root (a threaded http.server with the right MIME types) holds:
  /sub/path/              a bundle built by build_bundle (the site under a sub-path)
  /sub/path/index.html    <html lang="ja">, a .rules-checker element: starts at idle
  /sub/path/ja/mtg/index.html   the same, two folders down (relative URLs)
  /sub/path/manual.html   no .rules-checker: starts only on judge() / start()
  /sub/path/widget.html   no meta: the zip URL on the widget's element (data-engine-zip)
  /broken/                the same bundle without assets/pyodide/
  /badmime/               the same bundle, its .wasm served as application/octet-stream
"""

from __future__ import annotations

import functools
import http.server
import importlib.util
import shutil
import threading
from pathlib import Path
from types import ModuleType
from typing import Any, Iterator

import pytest

ROOT = Path(__file__).resolve().parents[2]


def load_bundle_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("engine_bundle_builder", ROOT / "overrides" / "engine" / "bundle.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def bundle() -> ModuleType:
    return load_bundle_module()


def page(manifest: dict[str, Any], up: str = "", checker: bool = True, lang: str = "ja") -> str:
    return f"""<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8"><title>engine test</title>
<meta name="engine-zip" content="{up}{manifest['zip']}">
<script type="module" src="{up}{manifest['client']}"></script>
</head><body>{'<div class="rules-checker"></div>' if checker else ''}<p>test page</p></body></html>
"""


@pytest.fixture(scope="session")
def served_root(bundle: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    root = tmp_path_factory.mktemp("served")
    site = root / "sub" / "path"
    manifest = bundle.build_bundle(site)
    (site / "index.html").write_text(page(manifest), encoding="utf-8")
    (site / "manual.html").write_text(page(manifest, checker=False, lang="fr"), encoding="utf-8")
    (site / "widget.html").write_text(
        f'<!doctype html><html lang="pt"><head><meta charset="utf-8"><title>widget</title></head><body>'
        f'<div class="checker" data-engine-zip="{manifest["zip"]}">'
        f'<script type="module" src="{manifest["client"]}"></script></div></body></html>', encoding="utf-8")
    (site / "ja" / "mtg").mkdir(parents=True)
    (site / "ja" / "mtg" / "index.html").write_text(page(manifest, up="../../"), encoding="utf-8")
    shutil.copytree(site, root / "broken", ignore=shutil.ignore_patterns("pyodide"))
    (root / "badmime").symlink_to(site, target_is_directory=True)
    return root, manifest


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
                      ".zip": "application/zip", ".json": "application/json", ".html": "text/html"}

    def guess_type(self, path: str) -> str:  # type: ignore[override]
        if "/badmime/" in self.path and path.endswith(".wasm"):
            return "application/octet-stream"
        return super().guess_type(path)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture(scope="session")
def server(served_root: tuple[Path, dict[str, Any]]) -> Iterator[str]:
    root, _ = served_root
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(root)))
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture()
def context(browser: Any) -> Iterator[Any]:
    """A fresh context (empty cache) per test; console errors collected in context.errors."""
    ctx = browser.new_context()
    ctx.errors = []  # type: ignore[attr-defined]
    ctx.on("weberror", lambda error: ctx.errors.append(str(error.error)))
    yield ctx
    ctx.close()
