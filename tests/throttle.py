"""A slow network for the site's own server (overrides/serve.py): one shared link of a given
bandwidth, a delay before each response, and a stall on demand. Used by the browser tests
(a slow first visit must never read as a failure) and by tests/benchmarks/slow_network.py.
"""

from __future__ import annotations

import threading
import time
from typing import Any

from tests.site.sitebuild import serve_module

serve = serve_module()

# An init script: everything an alert or a download line ever said in the ruling area, and
# its states, seen as they happen (window.__seen).
RULING_WATCH = """
window.__seen = {alerts: [], downloads: [], states: []};
new MutationObserver(() => {
  const ruling = document.querySelector('[data-ruling]');
  if (!ruling) return;
  const seen = window.__seen;
  if (seen.states.at(-1) !== ruling.dataset.state) seen.states.push(ruling.dataset.state);
  for (const alert of ruling.querySelectorAll('[role=alert]')) seen.alerts.push(alert.textContent);
  const download = ruling.querySelector('.checker-download');
  if (download && seen.downloads.at(-1) !== download.textContent) seen.downloads.push(download.textContent);
}).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
"""
CHUNK = 16 * 1024


class Link:
    """``bits_per_second`` shared by every response at once, ``latency_s`` before each response."""

    def __init__(self, bits_per_second: float, latency_s: float = 0.0) -> None:
        self.bytes_per_second = bits_per_second / 8
        self.latency_s = latency_s
        self._lock = threading.Lock()
        self._free_at = time.monotonic()
        self.sent = 0

    def send(self, size: int) -> None:
        """Wait until ``size`` more bytes would have gone through the link."""
        with self._lock:
            start = max(time.monotonic(), self._free_at)
            self._free_at = start + size / self.bytes_per_second
            self.sent += size
            wait = self._free_at - time.monotonic()
        if wait > 0:
            time.sleep(wait)


class Stall:
    """After ``after_bytes`` of any path containing ``part``, stop sending until ``resume()``."""

    def __init__(self, part: str, after_bytes: int) -> None:
        self.part = part
        self.after_bytes = after_bytes
        self.flowing = threading.Event()

    def resume(self) -> None:
        self.flowing.set()


class SlowHandler(serve.Handler):
    """Serves as serve.Handler does, through the server's ``link`` (a Link) and ``stall`` (a Stall)."""

    def send_head(self) -> Any:
        link = getattr(self.server, "link", None)
        if link and link.latency_s:
            time.sleep(link.latency_s)
        return super().send_head()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        link: Link | None = getattr(self.server, "link", None)
        stall: Stall | None = getattr(self.server, "stall", None)
        sent = 0
        while chunk := source.read(CHUNK):
            if stall and stall.part in self.path and sent >= stall.after_bytes:
                stall.flowing.wait()
            if link:
                link.send(len(chunk))
            outputfile.write(chunk)
            sent += len(chunk)
        # The body bytes each path took on the wire, for tests that compare with what a page says.
        bodies: dict[str, int] | None = getattr(self.server, "bodies", None)
        if bodies is not None:
            bodies[self.path] = bodies.get(self.path, 0) + sent


class OnTheFlyHandler(SlowHandler):
    """A host that gzips what it sends on the fly (level 6, a zip included), ignores the
    precompressed siblings and so cannot say the length: no Content-Length, the connection
    closed at the end of the body."""

    fly = False

    def send_head(self) -> Any:
        self.fly = "gzip" in self.headers.get("Accept-Encoding", "")
        del self.headers["Accept-Encoding"]
        return super().send_head()

    def send_header(self, keyword: str, value: str) -> None:
        if self.fly and keyword.lower() == "content-length":
            return
        super().send_header(keyword, value)

    def end_headers(self) -> None:
        if self.fly and getattr(self, "_headers_buffer", None) and b" 200 " in self._headers_buffer[0]:
            super().send_header("Content-Encoding", "gzip")
            super().send_header("Connection", "close")
            self.close_connection = True
        else:
            self.fly = False
        super().end_headers()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        if self.fly:
            import gzip
            import io
            source = io.BytesIO(gzip.compress(source.read(), compresslevel=6, mtime=0))
        super().copyfile(source, outputfile)


class RawHostHandler(SlowHandler):
    """A host that compresses nothing and ignores the precompressed siblings (GitHub Pages and
    nginx's defaults, for a zip): every file as it is, whatever the browser accepts."""

    def send_head(self) -> Any:
        del self.headers["Accept-Encoding"]
        return super().send_head()
