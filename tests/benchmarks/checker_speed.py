"""How fast the checker starts and rules in a real browser (not a test: run it by hand).

    .venv/bin/python -m tests.benchmarks.checker_speed [--runs 5] [--json out.json]
        [--profile desktop|pixel7|both] [--site site/] [--build] [--no-compress]
        [--precompressed] [--clicks 20] [--timeout 60]

It serves a snapshot of the built site (``--site``, default ``site/``, copied at the start
so that a rebuild during the run cannot mix two builds; ``--build`` runs ``make site``
first, nothing is built otherwise) with its own threaded http.server on 127.0.0.1
(``.wasm`` as application/wasm, ``.mjs`` as text/javascript, gzip on the fly for text, mjs,
wasm and the engine's zips when the browser accepts it unless ``--no-compress``; ``--precompressed`` serves
the build's ``.br``/``.gz`` siblings instead where they exist; ``Cache-Control:
max-age=600``), drives Debian's Chromium through Playwright and prints the MEDIAN of the
runs as a Markdown table (progress goes to stderr; ``--json`` writes every figure). Two
runs on one machine would disturb each other: a second one waits for the first (a lock
file in the temp dir). A whole run (both profiles, 5 runs) takes about 10 minutes on 2 cores.

Each run, for each profile, starts three fresh Chromium profiles (``launch_persistent_context``
with an empty user-data-dir: a cold cache), each then reloaded once in the same profile:

- **engine**: the MTG procedure page without a share link. Navigation → engine ready
  (``rulesChecker.timings.ready``, page ``performance.now()``), the worker's own stage marks,
  and the bytes transferred before the load event, from it until engine ready, and in the
  whole visit (until the service worker, if any, has stored its release and nothing was sent
  for 1.5 s).
- **share**: the same page with ``#scenario=…``. Navigation → first ruling shown (the first
  ``[data-ruling][data-state=ready]``, seen by a MutationObserver installed before any page
  script), and the main thread's long tasks (PerformanceObserver ``longtask``) until then.
  Then, on the reloaded page once the engine is ready, ``--clicks`` real clicks on the
  form's "Rule" button, alternating two scenarios: click event → ruling element updated.
- **naive**: the baseline "load Pyodide on the first click", built into a temporary copy
  of the site (never in the repository): a client that starts nothing at idle and a worker
  that boots Pyodide with its STOCK ``python_stdlib.zip`` and ``pyodide-lock.json`` (copied
  from node_modules/pyodide) and unpacks the engine's sources with ``pyodide.unpackArchive``.
  Click on "Rule" right after the load event → ruling. (The copy has no sw.js.) The table
  also gives the naive page's load event + that click → ruling (what a share link would cost
  it at best, from navigation as the share link's figure is) and the share link's first
  ruling divided by each.

Bytes are what the server sent (headers included) for requests that reached it before the
load event, from it until engine ready (or the first ruling), and in the whole visit (a
service worker's precache included); the server sees every fetch, the
workers' included. The Chrome DevTools Protocol's view (``Network.loadingFinished.
encodedDataLength``) is shown beside it as a cross-check: the page's own session does NOT see
a worker's fetches, so the script auto-attaches to every worker and the service worker
(``Target.setAutoAttach``, not flattened, Network enabled before they run). Even so CDP gives
only the headers of a worker's own script (worker.mjs, sw.js), and when Playwright resumes a
worker before that Network.enable lands, its first fetches are missed or counted headers-only.

Profiles: ``desktop`` (1280×800) and ``pixel7`` (412×915, DPR 2.625, mobile, touch, Pixel 7
user agent, CPU 4× slower through ``Emulation.setCPUThrottlingRate``). Chromium throttles
only the PAGE's main thread: a worker target refuses the command ("Operation is only
supported for pages, not workers"); the script tries anyway and records the answers, and
times a fixed busy loop on the page and in the engine's worker, which shows what was
slowed: the engine's start-up in the worker runs at full speed in the Pixel 7 figures.
"""

from __future__ import annotations

import argparse
import email.utils
import gzip
import http.server
import json
import mimetypes
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import zipfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
PAGE = "mtg/end-of-match/"
CLIENT_SRC = "assets/engine/checker-client.mjs"  # the page's script the naive variant replaces
WIDGET_SRC = "assets/checker/checker.js"  # … and the import of it in the checker's script
WIDGET_IMPORT = '"../engine/checker-client.mjs"'
SHARED = {"version": 1, "game": "mtg", "round": "single-elimination", "games_won": [1, 1],
          "time_called": "during-game", "active_player": "A", "current_game": {"life": [7, 12]}}
PIXEL7_UA = ("Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) "
             "Chrome/156.0.0.0 Mobile Safari/537.36")
PROFILES: dict[str, dict[str, Any]] = {
    "desktop": {"label": "desktop", "viewport": {"width": 1280, "height": 800}, "cpu": 1},
    "pixel7": {"label": "Pixel 7 (CPU 4×)", "viewport": {"width": 412, "height": 915},
               "screen": {"width": 412, "height": 915}, "device_scale_factor": 2.625,
               "is_mobile": True, "has_touch": True, "user_agent": PIXEL7_UA, "cpu": 4},
}

# --- the server -------------------------------------------------------------------------------

TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
         ".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8",
         ".json": "application/json", ".wasm": "application/wasm", ".svg": "image/svg+xml",
         ".xml": "application/xml", ".txt": "text/plain; charset=utf-8", ".map": "application/json",
         ".zip": "application/zip", ".gz": "application/gzip", ".png": "image/png",
         ".ico": "image/x-icon", ".woff2": "font/woff2", ".webmanifest": "application/manifest+json"}
COMPRESSED = {".html", ".css", ".js", ".mjs", ".json", ".wasm", ".svg", ".xml", ".txt", ".map",
              ".webmanifest"}


def compressible(path: Path) -> bool:
    """Gzipped on the fly: text, mjs, wasm, and the engine's zips (as a host that compresses
    application/zip would: the file's entries are deflated, so it gains little; the build's
    .gz beside it, the same entries stored and compressed whole, is what --precompressed sends)."""
    return path.suffix in COMPRESSED or (path.suffix == ".zip" and path.name.startswith("engine-"))


@dataclass
class Sent:
    """One response the server sent: its start (time.time()), path, status and bytes."""
    t: float
    path: str
    status: int
    bytes: int


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, root: Path, compress: bool, precompressed: bool = False) -> None:
        self.root = root.resolve()
        self.compress = compress
        self.precompressed = precompressed
        self.sent: list[Sent] = []
        self.lock = threading.Lock()
        self.gz: dict[Path, tuple[float, bytes]] = {}
        self.active = 0  # responses being written
        self.last = time.time()  # when the last one ended
        super().__init__(("127.0.0.1", 0), Handler)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/"

    def gzipped(self, path: Path) -> bytes:
        mtime = path.stat().st_mtime
        with self.lock:
            cached = self.gz.get(path)
        if cached and cached[0] == mtime:
            return cached[1]
        body = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
        with self.lock:
            self.gz[path] = (mtime, body)
        return body

    def warm(self) -> None:
        """Compress every compressible file now, so that no timed request pays for it."""
        if self.compress:
            for path in self.root.rglob("*"):
                if compressible(path) and path.is_file():
                    self.gzipped(path)

    def quiet_for(self) -> float:
        """Seconds since the last response ended; 0 while one is being written."""
        with self.lock:
            return 0.0 if self.active else time.time() - self.last

    def sent_between(self, start: float, end: float) -> int:
        with self.lock:
            return sum(s.bytes for s in self.sent if start <= s.t < end)


class Handler(http.server.BaseHTTPRequestHandler):
    server: Server
    protocol_version = "HTTP/1.1"

    def log_message(self, *args: Any) -> None:
        pass

    def end_headers(self) -> None:
        self._header_bytes = sum(len(chunk) for chunk in getattr(self, "_headers_buffer", [])) + 2
        super().end_headers()

    def do_HEAD(self) -> None:
        self.respond(head=True)

    def do_GET(self) -> None:
        self.respond(head=False)

    def respond(self, head: bool) -> None:
        started = time.time()
        self._header_bytes = 0
        with self.server.lock:
            self.server.active += 1
        try:
            status, body = self.serve(head)
        finally:
            with self.server.lock:
                self.server.active -= 1
                self.server.last = time.time()
        with self.server.lock:
            self.server.sent.append(Sent(started, self.path, status, self._header_bytes + body))

    def simple(self, status: int, headers: dict[str, str] | None = None) -> tuple[int, int]:
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", "0")
        self.end_headers()
        return status, 0

    def serve(self, head: bool) -> tuple[int, int]:
        path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
        file = (self.server.root / path.lstrip("/")).resolve()
        if not file.is_relative_to(self.server.root):
            return self.simple(404)
        if file.is_dir():
            if not path.endswith("/"):
                return self.simple(301, {"Location": path + "/"})
            file = file / "index.html"
        if not file.is_file():
            return self.simple(404)
        stat = file.stat()
        modified = email.utils.formatdate(stat.st_mtime, usegmt=True)
        common = {"Cache-Control": "max-age=600", "Last-Modified": modified}
        since = self.headers.get("If-Modified-Since")
        if since:
            try:
                if email.utils.parsedate_to_datetime(since).timestamp() >= int(stat.st_mtime):
                    return self.simple(304, common)
            except (TypeError, ValueError):
                pass
        ctype = TYPES.get(file.suffix) or mimetypes.guess_type(file.name)[0] or "application/octet-stream"
        accepted = self.headers.get("Accept-Encoding", "")
        compress = self.server.compress and compressible(file)
        encoding = None
        if compress and self.server.precompressed:  # a static host: the build's .br / .gz siblings
            for name, suffix in (("br", ".br"), ("gzip", ".gz")):
                sibling = file.with_name(file.name + suffix)
                if name in accepted and sibling.is_file():
                    body, encoding = sibling.read_bytes(), name
                    break
        if encoding is None and compress and "gzip" in accepted:
            body, encoding = self.server.gzipped(file), "gzip"
        elif encoding is None:
            body = file.read_bytes()
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        for name, value in common.items():
            self.send_header(name, value)
        if compress:
            self.send_header("Vary", "Accept-Encoding")
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.end_headers()
        if head:
            return 200, 0
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError, socket.timeout):
            pass
        return 200, len(body)


@contextmanager
def serving(root: Path, compress: bool, precompressed: bool = False) -> Iterator[Server]:
    server = Server(root, compress, precompressed)
    server.warm()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


# --- the naive baseline ----------------------------------------------------------------------

NAIVE_CLIENT = r"""// Benchmark baseline (tests/benchmarks/checker_speed.py): nothing starts at idle; the first
// judge() starts a worker that loads Pyodide with its stock stdlib and unpacks the engine.
const worker_url = new URL("worker.mjs", import.meta.url);
const zip_url = new URL("engine.zip", import.meta.url).href;
let worker = null, next = 1, settle = null;
const pending = new Map();
const checker = {
  state: "idle", stage: null, timings: null,
  ready: new Promise((resolve, reject) => { settle = { resolve, reject }; }),
  start() {
    if (worker) return checker.ready;
    checker.state = "loading";
    checker.timings = { start: performance.now() };
    worker = new Worker(worker_url, { type: "module", name: "naive-engine" });
    worker.onmessage = ({ data }) => {
      if (data.type === "ready") {
        checker.state = "ready";
        checker.timings = { ...checker.timings, ready: performance.now(), worker: data.timings };
        settle.resolve(checker);
        return;
      }
      const call = pending.get(data.id);
      pending.delete(data.id);
      if ("failure" in data) { call.reject({ code: "engine-error", field: "", message: data.failure }); return; }
      const answer = JSON.parse(data.result);
      if (answer.error) call.reject(answer.error); else call.resolve(answer.ruling);
    };
    worker.postMessage({ type: "init", zipURL: zip_url });
    return checker.ready;
  },
  judge(scenario, lang) {
    checker.start();
    const text = typeof scenario === "string" ? scenario : JSON.stringify(scenario);
    return new Promise((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, scenario: text, lang: lang || document.documentElement.lang || "en" });
    });
  },
};
checker.ready.catch(() => {});
window.rulesChecker = checker;
dispatchEvent(new CustomEvent("rules-checker:state", { detail: { state: "idle", stage: null, error: null } }));
"""

NAIVE_WORKER = r"""// Benchmark baseline worker: Pyodide's stock python_stdlib.zip and pyodide-lock.json,
// the engine's sources unpacked with pyodide.unpackArchive.
const timings = { start: performance.now() };
let booted = null, judge = null;
async function boot(zipURL) {
  const indexURL = new URL("../pyodide/", import.meta.url).href;
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  timings.python = performance.now();
  const pyodide = await loadPyodide({ indexURL });
  timings.engine = performance.now();
  const buffer = await (await fetch(zipURL)).arrayBuffer();
  pyodide.unpackArchive(buffer, "zip", { extractDir: "/home/pyodide/naive" });
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/naive')");
  judge = pyodide.pyimport("rules_engine").judge_json;
  timings.ready = performance.now();
  postMessage({ type: "ready", timings });
}
self.onmessage = async ({ data }) => {
  if (data.type === "init") { booted = boot(data.zipURL); booted.catch(() => {}); return; }
  try {
    await booted;
    postMessage({ id: data.id, result: judge(String(data.scenario), data.lang) });
  } catch (error) {
    postMessage({ id: data.id, failure: String((error && error.message) || error) });
  }
};
"""


def build_naive(site: Path, into: Path) -> Path:
    """A copy of the site whose MTG page loads Pyodide the naive way, on the first click."""
    shutil.copytree(site, into)
    stock = REPO / "node_modules" / "pyodide"
    for name in ("python_stdlib.zip", "pyodide-lock.json"):
        if not (stock / name).is_file():
            sys.exit(f"{stock / name} is missing: run `npm ci` (or `make site`) first")
        shutil.copy2(stock / name, into / "assets" / "pyodide" / name)
    naive = into / "assets" / "naive"
    naive.mkdir()
    (naive / "client.mjs").write_text(NAIVE_CLIENT, encoding="utf-8")
    (naive / "worker.mjs").write_text(NAIVE_WORKER, encoding="utf-8")
    with zipfile.ZipFile(naive / "engine.zip", "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted((REPO / "rules_engine").rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix in {".py", ".mo"}:
                archive.write(path, path.relative_to(REPO).as_posix())
    # The baseline predates the service worker: without sw.js its registration just fails.
    (into / "sw.js").unlink(missing_ok=True)
    page = into / PAGE / "index.html"
    html = page.read_text(encoding="utf-8")
    if CLIENT_SRC not in html:
        sys.exit(f"{PAGE}index.html does not load {CLIENT_SRC}: the naive variant cannot replace it")
    page.write_text(html.replace(CLIENT_SRC, "assets/naive/client.mjs"), encoding="utf-8")
    # checker.js imports the client itself (so that it exists first): the naive one here.
    script = into / WIDGET_SRC
    code = script.read_text(encoding="utf-8")
    if WIDGET_IMPORT not in code:
        sys.exit(f"{WIDGET_SRC} does not import {WIDGET_IMPORT}: the naive variant cannot replace it")
    script.write_text(code.replace(WIDGET_IMPORT, '"../naive/client.mjs"'), encoding="utf-8")
    for sibling in (".br", ".gz"):
        Path(f"{script}{sibling}").unlink(missing_ok=True)
    return into


# --- in the page -------------------------------------------------------------------------------

# Installed before any page script (add_init_script): long tasks, the first ruling shown, and a
# click timer (click event time → the ruling element's next childList mutation with a ruling).
INIT_SCRIPT = r"""(() => {
  if (window.__bench) return;
  const bench = window.__bench = { longtasks: [], ruling: null, lastClick: null };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) bench.longtasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch (error) { bench.longtaskError = String(error); }
  new MutationObserver(() => {
    if (bench.ruling === null && document.querySelector("[data-ruling][data-state=ready]")) bench.ruling = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-state"] });
  addEventListener("click", (event) => {
    if (event.target instanceof Element && event.target.closest(".checker-submit")) bench.lastClick = event.timeStamp;
  }, true);
  // Resolves with (ruling shown − click time) for the next click on the "Rule" button.
  bench.armClick = () => {
    const ruling = document.querySelector("[data-ruling]");
    bench.lastClick = null;
    bench.click = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (bench.lastClick !== null && ruling.dataset.state === "ready" && ruling.querySelector(".checker-facts")) {
          observer.disconnect();
          resolve(performance.now() - bench.lastClick);
        }
      });
      observer.observe(ruling, { childList: true });
    });
  };
})();"""

SNAPSHOT = r"""() => {
  const nav = performance.getEntriesByType("navigation")[0] || {};
  const rc = window.rulesChecker || {};
  return {
    timeOrigin: performance.timeOrigin,
    load: nav.loadEventEnd || nav.loadEventStart || null,
    domContentLoaded: nav.domContentLoadedEventEnd || null,
    state: rc.state || null,
    timings: rc.timings ? JSON.parse(JSON.stringify(rc.timings)) : null,
    ruling: window.__bench ? window.__bench.ruling : null,
    longtasks: window.__bench ? window.__bench.longtasks : [],
    longtaskError: window.__bench ? window.__bench.longtaskError || null : null,
  };
}"""


@dataclass
class Request:
    url: str = ""
    target: str = "page"
    wall: float | None = None
    bytes: int = 0
    cached: bool = False
    finished: bool = False


@dataclass
class Probe:
    """One page's CDP view: its Network events and those of every worker it starts."""
    cdp: Any
    cpu: float
    requests: dict[tuple[str, str], Request] = field(default_factory=dict)
    targets: dict[str, str] = field(default_factory=dict)  # sessionId → target type
    worker_throttle: dict[str, int] = field(default_factory=dict)  # Chromium's answers, counted
    throttle_asks: set[int] = field(default_factory=set)
    next_id: int = 1_000_000

    def start(self) -> None:
        self.cdp.on("Network.requestWillBeSent", lambda p: self.network("", "Network.requestWillBeSent", p))
        self.cdp.on("Network.responseReceived", lambda p: self.network("", "Network.responseReceived", p))
        self.cdp.on("Network.requestServedFromCache", lambda p: self.network("", "Network.requestServedFromCache", p))
        self.cdp.on("Network.loadingFinished", lambda p: self.network("", "Network.loadingFinished", p))
        self.cdp.on("Network.loadingFailed", lambda p: self.network("", "Network.loadingFailed", p))
        self.cdp.on("Target.attachedToTarget", self.attached)
        self.cdp.on("Target.receivedMessageFromTarget", self.message)
        self.cdp.send("Network.enable")
        if self.cpu > 1:
            self.cdp.send("Emulation.setCPUThrottlingRate", {"rate": self.cpu})
        # Workers wait for us: Network is on before their first fetch. Not flattened, so the
        # child sessions speak through this session (Target.sendMessageToTarget).
        self.cdp.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": False})

    def to_target(self, session: str, method: str, params: dict[str, Any] | None = None) -> int:
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        self.cdp.send("Target.sendMessageToTarget", {"sessionId": session, "message": json.dumps(message)})
        return self.next_id

    def attached(self, event: dict[str, Any]) -> None:
        session, info = event["sessionId"], event["targetInfo"]
        self.targets[session] = info.get("type", "")
        try:
            self.to_target(session, "Network.enable")
            if self.cpu > 1:
                self.throttle_asks.add(self.to_target(session, "Emulation.setCPUThrottlingRate", {"rate": self.cpu}))
        finally:
            self.to_target(session, "Runtime.runIfWaitingForDebugger")

    def message(self, event: dict[str, Any]) -> None:
        message = json.loads(event["message"])
        if "id" in message:
            if message["id"] in self.throttle_asks:
                self.throttle_asks.discard(message["id"])
                answer = message.get("error", {}).get("message") or "accepted"
                self.worker_throttle[answer] = self.worker_throttle.get(answer, 0) + 1
            return
        if message.get("method", "").startswith("Network."):
            self.network(event["sessionId"], message["method"], message.get("params", {}))

    def network(self, session: str, method: str, params: dict[str, Any]) -> None:
        key = (session, params.get("requestId", ""))
        request = self.requests.setdefault(key, Request(target=self.targets.get(session, "page")))
        if method == "Network.requestWillBeSent":
            if request.wall is None:
                request.url, request.wall = params["request"]["url"], params.get("wallTime")
        elif method == "Network.responseReceived":
            response = params["response"]
            request.url = request.url or response.get("url", "")
            request.cached = request.cached or bool(response.get("fromDiskCache") or response.get("fromServiceWorker"))
        elif method == "Network.requestServedFromCache":
            request.cached = True
        elif method == "Network.loadingFinished":
            request.bytes, request.finished = int(params.get("encodedDataLength", 0)), True
        elif method == "Network.loadingFailed":
            request.finished = True

    def reset(self) -> None:
        self.requests.clear()

    def bytes(self, start_ms: float, end_ms: float, workers: bool | None = None) -> int:
        """Bytes of the requests started in [start, end) (epoch ms); workers: only/none/all."""
        total = 0
        for request in self.requests.values():
            if request.wall is None or request.url.startswith("data:"):
                continue
            if workers is not None and (request.target != "page") != workers:
                continue
            if start_ms <= request.wall * 1000 < end_ms:
                total += request.bytes
        return total


# --- one measurement -------------------------------------------------------------------------

@dataclass
class Session:
    context: Any
    page: Any
    probe: Probe
    server: Server


@contextmanager
def fresh_profile(playwright: Any, profile: dict[str, Any], server: Server) -> Iterator[Session]:
    options: dict[str, Any] = {key: profile[key] for key in
                               ("viewport", "screen", "device_scale_factor", "is_mobile", "has_touch", "user_agent")
                               if key in profile}
    with tempfile.TemporaryDirectory(prefix="checker-speed-profile-") as user_data:
        context = playwright.chromium.launch_persistent_context(
            user_data, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, **options)
        try:
            context.add_init_script(INIT_SCRIPT)
            page = context.pages[0] if context.pages else context.new_page()
            probe = Probe(context.new_cdp_session(page), profile["cpu"])
            probe.start()
            yield Session(context, page, probe, server)
        finally:
            context.close()


def wait_for(page: Any, condition: str, timeout_s: float) -> None:
    page.wait_for_function(condition, timeout=timeout_s * 1000, polling=50)


ENGINE_DONE = "() => window.rulesChecker && ['ready', 'unavailable'].includes(window.rulesChecker.state)"
RULING_DONE = "() => document.querySelector('[data-ruling][data-state=ready], [data-ruling][data-state=error]')"


# A page whose offline.js registers the service worker marks <html data-offline="ready"> once
# its precache is complete (overrides/assets/offline/offline.js).
OFFLINE_PENDING = "() => document.querySelector('script[data-sw]') && document.documentElement.dataset.offline !== 'ready'"


def settle(session: Session, at_least_ms: int = 1000, quiet_ms: int = 1500, at_most_ms: int = 20000) -> bool:
    """Wait at least `at_least_ms` (caches settle: HTTP, wasm code cache, service worker), then
    until the service worker (if any) has stored its release and the server has sent nothing for
    `quiet_ms` (or `at_most_ms` in all). True if it got quiet in time."""
    session.page.wait_for_timeout(at_least_ms)
    waited = at_least_ms
    while waited < at_most_ms and (session.server.quiet_for() * 1000 < quiet_ms
                                   or session.page.evaluate(OFFLINE_PENDING)):
        session.page.wait_for_timeout(100)
        waited += 100
    return waited < at_most_ms


def whole_visit(session: Session, figures: dict[str, Any]) -> None:
    """Once the network is quiet: every byte of this visit (e.g. a service worker's precache)."""
    quiet = settle(session)
    if "bytes" in figures:
        figures["bytes"]["whole_visit"] = session.server.sent_between(figures["timeOrigin"] / 1000 - 0.05, time.time())
        figures["bytes"]["network_quiet"] = quiet  # false: still loading after 20 s, an undercount


def navigate(session: Session, url: str | None, done: str, timeout_s: float) -> dict[str, Any]:
    """Load (url) or reload the page, wait for `done`, return the page's figures and the bytes."""
    session.probe.reset()
    wall_start = time.time() * 1000
    if url is None:
        session.page.reload(wait_until="load", timeout=timeout_s * 1000)
    else:
        session.page.goto(url, wait_until="load", timeout=timeout_s * 1000)
    wait_for(session.page, done, timeout_s)
    figures = session.page.evaluate(SNAPSHOT)
    origin = figures["timeOrigin"]
    timings = figures.get("timings") or {}
    ready = timings.get("ready") if figures["state"] == "ready" else None
    figures["ready"] = ready
    end = figures["ruling"] if figures["ruling"] is not None else ready
    load = figures["load"]
    if load is not None and end is not None:
        start = min(origin, wall_start) - 50
        figures["bytes"] = {  # what the server sent (headers included), and what CDP saw
            "before_load": session.server.sent_between(start / 1000, (origin + load) / 1000),
            "after_load": session.server.sent_between((origin + load) / 1000, (origin + end + 1) / 1000),
            "cdp_before_load": session.probe.bytes(start, origin + load),
            "cdp_after_load": session.probe.bytes(origin + load, origin + end + 1),
            "cdp_workers": session.probe.bytes(start, origin + end + 1, workers=True),
        }
    if figures["ruling"] is not None:
        tasks = [t for t in figures["longtasks"] if t[0] < figures["ruling"]]
        figures["longtasks_to_ruling"] = {"count": len(tasks), "longest": max((t[1] for t in tasks), default=0.0),
                                          "total": sum(t[1] for t in tasks)}
    return figures


# A fixed piece of work (~30 ms unthrottled: long enough for Chromium's throttling, which
# pauses the thread now and then, to show), timed where it runs: which threads are slowed.
BUSY_LOOP = """() => { const t = performance.now(); let x = 0;
  for (let i = 0; i < 1e7; i++) x += Math.sqrt(i); return performance.now() - t; }"""


def busy_loop(session: Session) -> dict[str, float | None]:
    """The median of 5 runs of BUSY_LOOP on the page's main thread and in the engine's worker."""
    page_ms = [session.page.evaluate(BUSY_LOOP) for _ in range(5)]
    engine = [w for w in session.page.workers if "/engine/" in w.url]
    worker_ms = [engine[0].evaluate(f"({BUSY_LOOP})()") for _ in range(5)] if engine else []
    return {"page": statistics.median(page_ms), "worker": statistics.median(worker_ms) if worker_ms else None}


def engine_flow(session: Session, url: str, timeout_s: float) -> dict[str, Any]:
    cold = navigate(session, url, ENGINE_DONE, timeout_s)
    whole_visit(session, cold)
    reload = navigate(session, None, ENGINE_DONE, timeout_s)
    whole_visit(session, reload)
    return {"cold": cold, "reload": reload, "busy_loop": busy_loop(session)}


def click_once(page: Any, touch: bool, timeout_s: float) -> float:
    """Click (or tap) "Rule"; ms from the click event to the ruling shown."""
    page.evaluate("window.__bench.armClick()")
    if touch:
        page.tap(".checker-form:not([hidden]) .checker-submit", timeout=timeout_s * 1000)
    else:
        page.click(".checker-form:not([hidden]) .checker-submit", timeout=timeout_s * 1000)
    return float(page.evaluate("""(ms) => Promise.race([window.__bench.click, new Promise((_, reject) =>
        setTimeout(() => reject(new Error("no ruling within " + ms + " ms")), ms))])""", timeout_s * 1000))


def share_flow(session: Session, url: str, timeout_s: float, clicks: int, touch: bool) -> dict[str, Any]:
    cold = navigate(session, url, RULING_DONE, timeout_s)
    settle(session)
    reload = navigate(session, None, RULING_DONE, timeout_s)
    wait_for(session.page, ENGINE_DONE, timeout_s)
    page, times = session.page, []
    for i in range(clicks):
        # Alternate two scenarios (Swiss / single elimination), set outside the timed part.
        page.evaluate("(id) => document.getElementById(id).click()",
                      "chk-mtg-round-0" if i % 2 == 0 else "chk-mtg-round-1")
        times.append(click_once(page, touch, timeout_s))
    return {"cold": cold, "reload": reload, "clicks": times}


def naive_flow(session: Session, url: str, timeout_s: float, touch: bool) -> dict[str, Any]:
    out = {}
    for name in ("cold", "reload"):
        session.probe.reset()
        if name == "cold":
            session.page.goto(url, wait_until="load", timeout=timeout_s * 1000)
        else:
            settle(session)
            session.page.reload(wait_until="load", timeout=timeout_s * 1000)
        wait_for(session.page, "() => window.rulesChecker && window.__bench", timeout_s)
        load = session.page.evaluate(
            "() => { const n = performance.getEntriesByType('navigation')[0]; return n ? n.loadEventEnd : null; }")
        out[name] = {"load": load, "click": click_once(session.page, touch, timeout_s),
                     "timings": session.page.evaluate("JSON.parse(JSON.stringify(window.rulesChecker.timings))")}
    return out


# --- the report --------------------------------------------------------------------------------

def median(values: list[float | None]) -> float | None:
    present = [v for v in values if v is not None]
    return statistics.median(present) if present else None


def dig(data: Any, *path: Any) -> Any:
    for key in path:
        if data is None:
            return None
        data = data.get(key) if isinstance(data, dict) else None
    return data


def seconds(ms: float | None) -> str:
    return "–" if ms is None else f"{ms / 1000:.2f} s"


def millis(ms: float | None) -> str:
    return "–" if ms is None else f"{ms:.0f} ms"


def ratio(part: float | None, whole: float | None) -> str:
    return "–" if part is None or not whole else f"{part / whole:.2f}"


def size(n: float | None) -> str:
    if n is None:
        return "–"
    return f"{n / 1e6:.2f} MB" if n >= 100_000 else f"{n / 1e3:.1f} kB"


# What happens from each of the worker's stage marks to the next (worker.mjs's "progress" stages).
PHASES = {"start": "worker script → first stage", "runtime": "import pyodide.mjs",
          "python": "loadPyodide (wasm, interpreter, zip)", "engine": "import rules_engine",
          "warm-up": "warm-up judge call"}


def worker_phases(timings: dict[str, Any] | None) -> dict[str, float]:
    """Durations between the worker's stage marks, in the order the worker set them."""
    marks = (timings or {}).get("worker") or {}
    ordered = sorted(((v, k) for k, v in marks.items() if isinstance(v, (int, float))))
    return {name: later - at for (at, name), (later, _) in zip(ordered, ordered[1:])}


def summarize(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Medians over the runs of one profile."""
    out: dict[str, Any] = {}
    for kind in ("cold", "reload"):
        engine = [r["engine"][kind] for r in runs if r.get("engine")]
        share = [r["share"][kind] for r in runs if r.get("share")]
        naive = [r["naive"][kind] for r in runs if r.get("naive")]
        phases: dict[str, list[float]] = {}
        for e in engine:
            for name, value in worker_phases(e.get("timings")).items():
                phases.setdefault(name, []).append(value)
        out[kind] = {
            "engine_ready": median([e.get("ready") for e in engine]),
            "load": median([e.get("load") for e in engine]),
            "engine_start": median([dig(e, "timings", "start") for e in engine]),
            "ready_after_load": median([e["ready"] - e["load"] for e in engine if e.get("ready") and e.get("load")]),
            "worker_phases": {name: median(values) for name, values in phases.items()},
            "first_ruling": median([s.get("ruling") for s in share]),
            "bytes_before_load": median([dig(e, "bytes", "before_load") for e in engine]),
            "bytes_after_load": median([dig(e, "bytes", "after_load") for e in engine]),
            "bytes_whole_visit": median([dig(e, "bytes", "whole_visit") for e in engine]),
            "cdp_before_load": median([dig(e, "bytes", "cdp_before_load") for e in engine]),
            "cdp_after_load": median([dig(e, "bytes", "cdp_after_load") for e in engine]),
            "cdp_workers": median([dig(e, "bytes", "cdp_workers") for e in engine]),
            "longtasks": median([dig(s, "longtasks_to_ruling", "count") for s in share]),
            "longest_task": median([dig(s, "longtasks_to_ruling", "longest") for s in share]),
            "naive_click": median([n.get("click") for n in naive]),
            # What a share link would cost the naive page at best: its load, then Pyodide.
            "naive_navigation": median([n["load"] + n["click"] for n in naive if n.get("load") and n.get("click")]),
        }
    states = [dig(r, flow, kind, "state") for r in runs for flow in ("engine", "share") for kind in ("cold", "reload")]
    out["unavailable"] = [states.count("unavailable"), sum(1 for state in states if state is not None)]
    out["busy_loop_page"] = median([dig(r, "engine", "busy_loop", "page") for r in runs])
    out["busy_loop_worker"] = median([dig(r, "engine", "busy_loop", "worker") for r in runs])
    out["click"] = median([statistics.median(r["share"]["clicks"]) for r in runs if r.get("share", {}).get("clicks")])
    out["click_p90"] = median([sorted(c)[int(len(c) * 0.9)] for r in runs if (c := r.get("share", {}).get("clicks"))])
    return out


def table(summary: dict[str, dict[str, Any]], runs: int, clicks: int) -> str:
    profiles = list(summary)
    head = ["| median of %d runs | " % runs + " | ".join(
        f"{PROFILES[p]['label']} {kind}" for p in profiles for kind in ("cold", "reload")) + " |",
            "|---|" + "---|" * (2 * len(profiles))]

    def row(label: str, cell: Callable[[dict[str, Any], str], str]) -> str:
        return f"| {label} | " + " | ".join(cell(summary[p], k) for p in profiles for k in ("cold", "reload")) + " |"

    phase_names: list[str] = []
    for p in profiles:
        for k in ("cold", "reload"):
            phase_names += [n for n in summary[p][k]["worker_phases"] if n not in phase_names]
    lines = head + [
        row("navigation → engine ready", lambda s, k: seconds(s[k]["engine_ready"])),
        row("  load event", lambda s, k: seconds(s[k]["load"])),
        row("  engine start() called", lambda s, k: seconds(s[k]["engine_start"])),
        row("  ready − load event (what a click at load waits)", lambda s, k: seconds(s[k]["ready_after_load"])),
        *[row(f"  worker: {PHASES.get(name, name)}", lambda s, k, n=name: millis(s[k]["worker_phases"].get(n))) for name in phase_names],
        row("navigation → first ruling (share link)", lambda s, k: seconds(s[k]["first_ruling"])),
        row(f"click → ruling once ready (median of {clicks} clicks, p90)",
            lambda s, k: "–" if k == "cold" else millis(s["click"])
            + (f" (p90 {millis(s['click_p90'])})" if s["click_p90"] is not None else "")),
        row("bytes before load", lambda s, k: size(s[k]["bytes_before_load"])),
        row("bytes load → engine ready", lambda s, k: size(s[k]["bytes_after_load"])),
        row("bytes, whole visit (until the network is quiet)", lambda s, k: size(s[k]["bytes_whole_visit"])),
        row("  CDP saw: before load / after / of which workers",
            lambda s, k: f"{size(s[k]['cdp_before_load'])} / {size(s[k]['cdp_after_load'])} / {size(s[k]['cdp_workers'])}"),
        row("long tasks, navigation → first ruling", lambda s, k: "–" if s[k]["longtasks"] is None
            else f"{s[k]['longtasks']:.0f}, longest {millis(s[k]['longest_task'])}"),
        row("naive baseline: click at load → ruling", lambda s, k: seconds(s[k]["naive_click"])),
        row("naive baseline: navigation → ruling (load event + the above)",
            lambda s, k: seconds(s[k]["naive_navigation"])),
        row("first ruling of a share link ÷ naive click (budget: ½ cold, ⅓ reload)",
            lambda s, k: ratio(s[k]["first_ruling"], s[k]["naive_click"])),
        row("  ÷ naive navigation → ruling", lambda s, k: ratio(s[k]["first_ruling"], s[k]["naive_navigation"])),
        row("a fixed busy loop: page / engine worker", lambda s, k: "–" if k == "cold"
            else f"{millis(s['busy_loop_page'])} / {millis(s['busy_loop_worker'])}"),
    ]
    return "\n".join(lines)


# --- main ----------------------------------------------------------------------------------------

def encoding_name(args: argparse.Namespace) -> str:
    if args.no_compress:
        return "uncompressed"
    return "precompressed .br/.gz, else gzip" if args.precompressed else "gzip on the fly"


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


LOCK = Path(tempfile.gettempdir()) / "checker_speed.lock"


def one_at_a_time() -> Any:
    """Two runs on one machine would slow each other down: the second waits for the first."""
    import fcntl

    handle = LOCK.open("a")
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        log(f"another checker_speed run holds {LOCK}: waiting for it to finish…")
        fcntl.flock(handle, fcntl.LOCK_EX)
    return handle  # held until the process exits


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.benchmarks.checker_speed", description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per profile (default 5); the table shows medians")
    parser.add_argument("--json", type=Path, help="write every figure to this file")
    parser.add_argument("--profile", choices=["desktop", "pixel7", "both"], default="both")
    parser.add_argument("--site", type=Path, default=REPO / "site", help="the built site (default site/)")
    parser.add_argument("--build", action="store_true", help="run `make site` first")
    parser.add_argument("--no-compress", action="store_true", help="serve everything uncompressed")
    parser.add_argument("--precompressed", action="store_true",
                        help="serve the build's precompressed .br/.gz siblings when present (a static host's "
                             "brotli_static/gzip_static); otherwise gzip on the fly")
    parser.add_argument("--clicks", type=int, default=20, help="clicks per run for click → ruling (default 20)")
    parser.add_argument("--timeout", type=float, default=60, help="seconds one step may take (default 60)")
    args = parser.parse_args(argv)

    if args.build:
        subprocess.run(["make", "site"], cwd=REPO, check=True)
    if not (args.site / PAGE / "index.html").is_file():
        sys.exit(f"{args.site / PAGE / 'index.html'} is missing: build the site first (make site, or --build)")
    if not Path(CHROMIUM).exists():
        sys.exit(f"{CHROMIUM} is missing: `make chromium` installs it")
    from playwright.sync_api import sync_playwright

    lock = one_at_a_time()
    profiles = ["desktop", "pixel7"] if args.profile == "both" else [args.profile]
    results: dict[str, list[dict[str, Any]]] = {p: [] for p in profiles}
    load_before = os.getloadavg()
    if load_before[0] > (os.cpu_count() or 1):
        log(f"warning: the machine is busy (load average {load_before[0]:.1f} on {os.cpu_count()} cores): "
            "the figures will be slower and noisier than on an idle machine")
    began = time.time()
    with tempfile.TemporaryDirectory(prefix="checker-speed-") as tmp:
        # A snapshot: a rebuild of site/ during the run cannot mix two builds.
        site = Path(shutil.copytree(args.site, Path(tmp) / "site"))
        naive = build_naive(site, Path(tmp) / "naive")
        log(f"serving {args.site} (snapshot) and the naive variant, {encoding_name(args)}…")
        compress, static = not args.no_compress, args.precompressed and not args.no_compress
        with serving(site, compress, static) as server, serving(naive, compress, static) as naive_server, \
                sync_playwright() as playwright:
            shared_url = server.url + PAGE + "#scenario=" + urllib.parse.quote(
                json.dumps(SHARED, separators=(",", ":")), safe="")
            throttle_notes: dict[str, int] = {}
            for run in range(1, args.runs + 1):
                for name in profiles:
                    profile = PROFILES[name]
                    timeout = args.timeout * profile["cpu"] / 2 + args.timeout / 2
                    touch = bool(profile.get("has_touch"))
                    result: dict[str, Any] = {}
                    steps = [("engine", lambda s: engine_flow(s, server.url + PAGE, timeout), server),
                             ("share", lambda s: share_flow(s, shared_url, timeout, args.clicks, touch), server),
                             ("naive", lambda s: naive_flow(s, naive_server.url + PAGE, timeout, touch), naive_server)]
                    for step, flow, srv in steps:
                        try:
                            with fresh_profile(playwright, profile, srv) as session:
                                result[step] = flow(session)
                                for answer, count in session.probe.worker_throttle.items():
                                    throttle_notes[answer] = throttle_notes.get(answer, 0) + count
                        except Exception as error:  # noqa: BLE001 — one failed step must not lose the run
                            result[step] = {"error": f"{type(error).__name__}: {error}".splitlines()[0]}
                            log(f"  {name} run {run} {step}: {result[step]['error']}")
                    results[name].append(result)
                    e, s, n = result.get("engine", {}), result.get("share", {}), result.get("naive", {})
                    log(f"[{name} run {run}/{args.runs}] ready {seconds(dig(e, 'cold', 'ready'))} / "
                        f"{seconds(dig(e, 'reload', 'ready'))}; first ruling {seconds(dig(s, 'cold', 'ruling'))} / "
                        f"{seconds(dig(s, 'reload', 'ruling'))}; click {millis(median(s.get('clicks') or []))}; "
                        f"naive {seconds(dig(n, 'cold', 'click'))} / {seconds(dig(n, 'reload', 'click'))} "
                        f"({time.time() - began:.0f} s)")
    for name in profiles:  # drop failed steps from the medians
        for r in results[name]:
            for step in ("engine", "share", "naive"):
                if "error" in r.get(step, {}):
                    r.pop(step)
    summary = {name: summarize(results[name]) for name in profiles}
    load_after = os.getloadavg()
    print(f"Checker speed, {date.today().isoformat()}, {os.cpu_count()} cores, Chromium "
          f"{subprocess.run([CHROMIUM, '--version'], capture_output=True, text=True).stdout.split()[1]}, "
          f"{encoding_name(args)}, load average {load_before[0]:.1f} → {load_after[0]:.1f}, "
          f"{time.time() - began:.0f} s")
    print()
    print(table(summary, args.runs, args.clicks))
    for name in profiles:
        failed, seen = summary[name]["unavailable"]
        if failed:
            print(f"\n{PROFILES[name]['label']}: the engine was unavailable (its time box) in {failed} of {seen} "
                  "navigations; those are left out of the medians.")
    if "pixel7" in profiles:
        print()
        print("Pixel 7: CPU 4× slower on the page's main thread. Emulation.setCPUThrottlingRate on the worker "
              "targets: " + ("; ".join(f"{answer} ({count}×)" for answer, count in sorted(throttle_notes.items()))
                             or "no worker attached") + " (compare the busy loop's times).")
    if args.json:
        args.json.write_text(json.dumps({
            "date": date.today().isoformat(), "cores": os.cpu_count(), "runs": args.runs,
            "encoding": encoding_name(args), "load_average": [load_before, load_after],
            "worker_throttle": throttle_notes, "summary": summary, "raw": results}, indent=1),
            encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
