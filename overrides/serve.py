"""The development server of `make serve`: the built site, with its precompressed files.

    python overrides/serve.py [--directory site] [--bind 127.0.0.1] [--prefix /sub/path/] [PORT]

A threaded http.server (HTTP/1.1) for trying the site on this machine or a phone on the same
network; not a production server. What it adds to ``python -m http.server``:
- ``<file>.br`` / ``<file>.gz`` (written by overrides/hooks/site_offline.py) are sent for
  ``<file>`` when the request's Accept-Encoding allows them (brotli first), with
  ``Content-Encoding`` and ``Vary: Accept-Encoding``; a sibling older than its file is
  stale and ignored;
- the right types: ``application/wasm`` (a wrong one makes Pyodide hang), ``text/javascript``
  for ``.mjs``, ``application/manifest+json`` for ``.webmanifest``;
- ``Cache-Control: no-cache``: the browser revalidates (a cheap 304) and so sees a rebuild at
  once; offline caching is the service worker's job (sw.js);
- ``--prefix``: the site under a sub-path, as a host would serve it (404 outside it);
- an address the site does not hold gets the site's own ``404.html`` (status 404), as static
  hosts serve it;
- ``stop()`` closes open keep-alive connections too (the offline tests stop the server and
  expect the network to be gone).
"""

from __future__ import annotations

import argparse
import email.utils
import http.server
import os
import socket
import sys
import threading
import urllib.parse
from pathlib import Path
from typing import Any

TYPES = {
    ".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json", ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm", ".zip": "application/zip", ".svg": "image/svg+xml",
    ".xml": "application/xml", ".txt": "text/plain; charset=utf-8", ".map": "application/json",
    ".png": "image/png", ".ico": "image/x-icon", ".woff2": "font/woff2", ".gz": "application/gzip",
}
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))


def accepted(header: str) -> set[str]:
    """The content codings an Accept-Encoding header allows (q=0 refuses one)."""
    out = set()
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if name and q > 0:
            out.add(name.strip().lower())
    return out


class Handler(http.server.SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: "Server"

    def log_message(self, format: str, *args: Any) -> None:
        if not self.server.quiet:
            super().log_message(format, *args)

    def _plain(self, status: int, headers: dict[str, str] | None = None) -> None:
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def send_head(self) -> Any:  # type: ignore[override]
        raw_path = urllib.parse.urlsplit(self.path).path
        path = urllib.parse.unquote(raw_path)
        prefix = self.server.prefix
        if not path.startswith(prefix):
            if path + "/" == prefix:
                self._plain(301, {"Location": prefix})
            else:
                self.send_error(404)
            return None
        root = Path(self.server.directory)
        target = (root / path[len(prefix):]).resolve()
        if target != root and root not in target.parents:
            self.send_error(404)
            return None
        if target.is_dir():
            if not raw_path.endswith("/"):
                query = urllib.parse.urlsplit(self.path).query
                self._plain(301, {"Location": raw_path + "/" + (f"?{query}" if query else "")})
                return None
            target = target / "index.html"
        if not target.is_file():
            return self._not_found(root)
        allowed = accepted(self.headers.get("Accept-Encoding", ""))
        body, encoding, varies = target, None, False
        stat = target.stat()
        for name, suffix in ENCODINGS:
            sibling = target.with_name(target.name + suffix)
            # A sibling older than its file is stale (the file was edited or rewritten): unused.
            if sibling.is_file() and sibling.stat().st_mtime_ns >= stat.st_mtime_ns:
                varies = True
                if name in allowed and encoding is None:
                    body, encoding = sibling, name
        size = body.stat().st_size
        etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}-{encoding or "identity"}"'
        common = {"Cache-Control": "no-cache", "ETag": etag,
                  "Last-Modified": email.utils.formatdate(stat.st_mtime, usegmt=True)}
        if varies:
            common["Vary"] = "Accept-Encoding"
        if self._not_modified(etag, stat.st_mtime):
            self._plain(304, common)
            return None
        handle = open(body, "rb")
        self.send_response(200)
        self.send_header("Content-Type", TYPES.get(target.suffix) or self.guess_type(str(target)))
        self.send_header("Content-Length", str(size))
        if encoding:
            self.send_header("Content-Encoding", encoding)
        for name, value in common.items():
            self.send_header(name, value)
        self.end_headers()
        return handle

    def _not_found(self, root: Path) -> Any:
        """A 404 with the site's own page (its 404.html, in every language), as static hosts
        serve it; Python's bare error page when the build has none."""
        page = root / "404.html"
        if not page.is_file():
            self.send_error(404)
            return None
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(page.stat().st_size))
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        return open(page, "rb")

    def _not_modified(self, etag: str, mtime: float) -> bool:
        match = self.headers.get("If-None-Match")
        if match is not None:
            return etag in [tag.strip() for tag in match.split(",")] or match.strip() == "*"
        since = self.headers.get("If-Modified-Since")
        if since:
            try:
                return email.utils.parsedate_to_datetime(since).timestamp() >= int(mtime)
            except (TypeError, ValueError, IndexError, OverflowError):
                return False
        return False


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, directory: str | os.PathLike[str], bind: str = "127.0.0.1", port: int = 0,
                 prefix: str = "/", quiet: bool = True, handler: type[Handler] = Handler) -> None:
        #: The folder served; may be changed while serving (the tests swap releases).
        self.directory = Path(directory).resolve()
        self.prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
        self.quiet = quiet
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        super().__init__((bind, port), handler)

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host}:{port}{self.prefix}"

    def process_request(self, request: Any, client_address: Any) -> None:
        with self._lock:
            self._open.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request: Any) -> None:
        with self._lock:
            self._open.discard(request)
        super().shutdown_request(request)

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser that drops a connection (a reload, a closed tab) is not an error here.
        if not isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            super().handle_error(request, client_address)

    def start(self) -> "Server":
        """Serve in a background thread."""
        self._thread = threading.Thread(target=self.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop listening AND drop every open connection: the site is gone from the network."""
        self.shutdown()
        self.server_close()
        with self._lock:
            still_open = list(self._open)
        for connection in still_open:
            try:
                connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("port", nargs="?", type=int, default=8000)
    parser.add_argument("--directory", "-d", default="site")
    parser.add_argument("--bind", "-b", default="127.0.0.1")
    parser.add_argument("--prefix", default="/", help="serve the site under this sub-path")
    args = parser.parse_args(argv)
    if not Path(args.directory).is_dir():
        sys.exit(f"{args.directory}: no such folder (build the site first: make site)")
    server = Server(args.directory, args.bind, args.port, args.prefix, quiet=False)
    print(f"Serving {args.directory} at {server.url} (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
