"""A strict Content-Security-Policy for every page: no inline script runs unless the build
vouches for it.

The policy is ``script-src 'self' 'wasm-unsafe-eval' <hashes>; img-src 'self' data:;
object-src 'none'; base-uri 'self'``: scripts only from the site itself, WebAssembly for the
engine, and no ``'unsafe-inline'``. The few inline scripts a page has (Material's scope and
palette set-up, its permalink fix, ours that starts the engine early and the sitemap note)
are allowed by their SHA-256, computed here from the page as built. JSON data blocks
(``type="application/json"``) are not scripts and need nothing.

It is delivered two ways (README, "Deploying to a static host"):
- a ``<meta http-equiv="Content-Security-Policy">`` first in each page's ``<head>``, with
  that page's own hashes: works on any host;
- ``_headers`` at the site's root (Netlify and Cloudflare Pages read it) with the same policy
  as an HTTP header, every page's hashes together: a header also covers what a meta tag
  cannot (the engine's worker, which is governed by its own response's policy).

It runs once every language is built (mkdocs-static-i18n, priority -100, and site_outputs.py,
-110, which rewrites 404.html), and before site_offline.py (-120) lists the release's files and
precompresses them. Not under ``mkdocs serve``: its live-reload script is inline and changes.
"""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority, get_plugin_logger

log = get_plugin_logger(__name__)

INLINE_SCRIPT = re.compile(r"<script(?P<attrs>(?:\s[^>]*)?)>(?P<body>.*?)</script>", re.S)
# A <script> the browser runs: no src, and no type, or a JavaScript one (module included).
TYPE = re.compile(r"""\stype=(?:"([^"]*)"|'([^']*)'|([^\s>]+))""", re.I)
JAVASCRIPT = {"", "text/javascript", "application/javascript", "module"}
HEAD = re.compile(r"<head[^>]*>", re.I)
META = re.compile(r'<meta http-equiv="Content-Security-Policy"[^>]*>\s*')
OTHER_DIRECTIVES = "img-src 'self' data:; object-src 'none'; base-uri 'self'"
_STATE = {"command": "build"}


def inline_hashes(html: str) -> list[str]:
    """The CSP source of every inline script the page runs, in page order, without repeats."""
    found: list[str] = []
    for script in INLINE_SCRIPT.finditer(html):
        attrs = script["attrs"] or ""
        kind = TYPE.search(attrs)
        if re.search(r"\ssrc=", attrs) or (kind and "".join(g or "" for g in kind.groups()).strip().lower() not in JAVASCRIPT):
            continue
        digest = base64.b64encode(hashlib.sha256(script["body"].encode("utf-8")).digest()).decode()
        source = f"'sha256-{digest}'"
        if source not in found:
            found.append(source)
    return found


def policy(hashes: list[str]) -> str:
    return f"script-src 'self' 'wasm-unsafe-eval' {' '.join(hashes)}; {OTHER_DIRECTIVES}".replace("  ", " ")


def with_policy(html: str) -> tuple[str, list[str]]:
    """The page with its policy first in <head> (any earlier one replaced), and its hashes."""
    html = META.sub("", html)
    hashes = inline_hashes(html)
    head = HEAD.search(html)
    if not head:
        return html, hashes
    meta = f'<meta http-equiv="Content-Security-Policy" content="{policy(hashes)}">'
    return html[:head.end()] + meta + html[head.end():], hashes


def headers_file(hashes: list[str]) -> str:
    return ("# The site's Content-Security-Policy as an HTTP header (Netlify, Cloudflare Pages):\n"
            "# written by overrides/hooks/site_security.py, every page's inline scripts by hash.\n"
            f"/*\n  Content-Security-Policy: {policy(hashes)}\n")


def secure_site(site_dir: Path) -> dict[str, int]:
    """Write each page's policy and ``_headers``; return counts for the log."""
    every: list[str] = []
    pages = 0
    for page in sorted(site_dir.rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        secured, hashes = with_policy(html)
        if secured != html:
            page.write_text(secured, encoding="utf-8")
        every += [h for h in hashes if h not in every]
        pages += 1
    (site_dir / "_headers").write_text(headers_file(every), encoding="utf-8")
    return {"pages": pages, "hashes": len(every)}


def on_startup(command: str, dirty: bool) -> None:
    _STATE["command"] = command


@event_priority(-115)  # after every language and 404.html (-110), before the release is listed (-120)
def on_post_build(config: MkDocsConfig) -> None:
    if config.plugins["i18n"].building or _STATE["command"] == "serve":
        return
    done = secure_site(Path(config.site_dir))
    log.info(f"Content-Security-Policy: {done['pages']} pages, {done['hashes']} inline scripts allowed by hash")
