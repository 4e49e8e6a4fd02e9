"""The built site for the tests: `make site`'s output when it is current, else a fresh build.

Shared by tests/site and tests/browser (each conftest exposes it as the session fixture
``built_site``; the cache below makes them share one build).
"""

from __future__ import annotations

import atexit
import functools
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"
MKDOCS = Path(sys.executable).parent / "mkdocs"
# Everything the build reads: a change in any of them makes site/ stale.
SOURCES = (ROOT / "docs", ROOT / "mkdocs.yml", ROOT / "overrides", ROOT / "translations" / "site",
           ROOT / "translations" / "terminology.yaml",
           ROOT / "rules_engine")

LANGUAGES = ("en", "fr", "pt", "ja")
DEFAULT_LANGUAGE = "en"


def prefix(lang: str) -> str:
    """The URL prefix of a language inside the site ("" for the default language)."""
    return "" if lang == DEFAULT_LANGUAGE else f"{lang}/"


def _newest(paths: tuple[Path, ...]) -> float:
    newest = 0.0
    for path in paths:
        if path.is_file():
            newest = max(newest, path.stat().st_mtime)
        elif path.is_dir():
            for child in path.rglob("*"):
                if child.is_file() and "__pycache__" not in child.parts:
                    newest = max(newest, child.stat().st_mtime)
    return newest


def _oldest_page(site: Path) -> float:
    pages = list(site.rglob("*.html"))
    return min((page.stat().st_mtime for page in pages), default=0.0)


def site_is_current(site: Path = SITE) -> bool:
    return site.is_dir() and _oldest_page(site) > _newest(SOURCES)


def build(dest: Path, site_url: str | None = None) -> Path:
    """`mkdocs build --strict` into ``dest``; fails with MkDocs' own output."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    if site_url is not None:
        env["SITE_URL"] = site_url
    result = subprocess.run([str(MKDOCS), "build", "--strict", "--site-dir", str(dest)],
                            cwd=ROOT, env=env, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"mkdocs build --strict failed:\n{result.stdout}\n{result.stderr}")
    return dest


def temporary_dir(name: str) -> Path:
    path = Path(tempfile.mkdtemp(prefix=f"end-of-match-{name}-"))
    atexit.register(shutil.rmtree, path, ignore_errors=True)
    return path


@functools.cache
def built_site_dir() -> Path:
    if site_is_current():
        return SITE
    return build(temporary_dir("site") / "site")


class _AnyTagLoader(yaml.SafeLoader):
    """Reads mkdocs.yml without resolving its tags (!ENV)."""


_AnyTagLoader.add_multi_constructor("!", lambda loader, suffix, node: None)


@functools.cache
def mkdocs_config() -> dict[str, Any]:
    return yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_AnyTagLoader)


def nav_pages() -> list[str]:
    """The Markdown files the navigation lists, relative to a language folder."""
    def walk(items: list[Any]) -> list[str]:
        found: list[str] = []
        for item in items:
            value = next(iter(item.values())) if isinstance(item, dict) else item
            if isinstance(value, list):
                found += walk(value)
            elif isinstance(value, str) and value.endswith(".md"):
                found.append(value)
        return found
    return walk(mkdocs_config()["nav"])


def page_dir(markdown: str) -> str:
    """Where a Markdown page is built, relative to its language folder ("" for index.md)."""
    stem = markdown.removesuffix(".md")
    if stem == "index":
        return ""
    return stem.removesuffix("/index") + "/"


@functools.cache
def serve_module() -> ModuleType:
    """overrides/serve.py, the server `make serve` runs (a script, not a package: loaded from its file)."""
    spec = importlib.util.spec_from_file_location("site_serve", ROOT / "overrides" / "serve.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
