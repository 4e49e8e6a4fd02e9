"""A first visit on a slow network, on a phone profile (not a test: run it by hand).

    .venv/bin/python -m tests.benchmarks.slow_network [--runs 2] [--site site/] [--json out.json]
        [--host brotli|gzip|both] [--network all|4|1.6]

Serves the built site with its own server (overrides/serve.py, the precompressed files)
through tests/throttle.py: one link shared by every request of the page and of the engine's
worker, at 4 Mbit/s (20 ms before each response) and at 1.6 Mbit/s with 150 ms ("slow 4G").
Each run opens a share link of the Magic checker in a fresh Chromium context (empty cache, no
service worker yet), Pixel 7 profile (412×915, touch, its user agent) with the page's CPU 4×
slower (Chromium throttles only the page, not the engine's worker), and records, until the
ruling is shown: the time, every alert and every download line the ruling area showed, and
the bytes the link carried, in all and per file. The site's own time box applies (15 s
without progress). It prints the median of the runs, the bytes of each file the engine
needs, and every alert seen (there must be none).

Host kinds (``--host``): ``brotli`` serves the build's ``.br`` siblings (a host with
``brotli_static``, and ``make serve``); ``gzip`` is a host that sends only gzip (it never
sees ``br`` in Accept-Encoding, so it sends the ``.gz`` siblings: a host compressing on the
fly at level 6 sends a little more). ``both`` (the default) runs each.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

from rules_engine.rule_ids import PAGES
from tests.browser.test_slow_network import SCENARIO
from tests.throttle import RULING_WATCH, Link, SlowHandler, serve

NETWORKS = {"4 Mbit/s": (4e6, 0.02), "1.6 Mbit/s, 150 ms (slow 4G)": (1.6e6, 0.15)}
HOSTS = ("brotli", "gzip")


class CountingHandler(SlowHandler):
    """SlowHandler that counts the body bytes of each path, and hides ``br`` on a gzip-only host."""

    def send_head(self) -> Any:
        if self.server.host == "gzip":
            offered = self.headers.get("Accept-Encoding", "")
            del self.headers["Accept-Encoding"]
            self.headers["Accept-Encoding"] = ", ".join(
                part for part in offered.split(",") if part.strip().split(";")[0].strip().lower() != "br")
        return super().send_head()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        path = self.path.split("?")[0].split("#")[0]
        files = self.server.files

        class Counted:
            def read(self, size: int = -1) -> bytes:
                chunk = source.read(size)
                files[path] = files.get(path, 0) + len(chunk)
                return chunk

        super().copyfile(Counted(), outputfile)


def one_run(playwright: Any, site: Path, bits: float, latency: float, host: str = "brotli") -> dict[str, Any]:
    server = serve.Server(site, handler=CountingHandler).start()
    server.host = host
    server.files = {}
    server.link = Link(bits, latency)
    browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
    try:
        context = browser.new_context(**playwright.devices["Pixel 7"], service_workers="allow")
        context.add_init_script(RULING_WATCH)
        page = context.new_page()
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
        started = time.monotonic()
        page.goto(f"{server.url}{PAGES['mtg']}/#scenario={quote(json.dumps(SCENARIO))}", timeout=120_000)
        page.wait_for_selector("[data-ruling][data-state=ready], [data-ruling][data-state=error]", timeout=180_000)
        elapsed = time.monotonic() - started
        seen = page.evaluate("window.__seen")
        state = page.locator("[data-ruling]").get_attribute("data-state")
        return {"seconds": round(elapsed, 2), "state": state, "alerts": seen["alerts"],
                "download_updates": len(seen["downloads"]), "megabytes": round(server.link.sent / 1e6, 2),
                "files": dict(sorted(server.files.items()))}
    finally:
        browser.close()
        server.stop()


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--site", type=Path, default=Path("site"))
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--host", choices=(*HOSTS, "both"), default="both",
                        help="brotli: the .br files are served; gzip: only gzip (default: both)")
    parser.add_argument("--network", choices=("all", "4", "1.6"), default="all")
    args = parser.parse_args()
    hosts = HOSTS if args.host == "both" else (args.host,)
    networks = {name: value for name, value in NETWORKS.items()
                if args.network == "all" or name.startswith(f"{args.network} ")}
    results: dict[str, list[dict[str, Any]]] = {}
    with sync_playwright() as playwright:
        for host in hosts:
            for name, (bits, latency) in networks.items():
                results[f"{host} host, {name}"] = [one_run(playwright, args.site, bits, latency, host)
                                                   for _ in range(args.runs)]
    print("| share link, Pixel 7 profile, CPU 4× | ruling shown after (median) | runs ruled | alerts seen | download updates shown | MB carried |")
    print("|---|---|---|---|---|---|")
    for name, runs in results.items():
        each = ", ".join(f"{r['seconds']:.1f}" for r in runs)
        print(f"| {name} | {statistics.median(r['seconds'] for r in runs):.1f} s ({each}) | {sum(r['state'] == 'ready' for r in runs)} of {len(runs)} "
              f"| {sum(len(r['alerts']) for r in runs)} | {statistics.median(r['download_updates'] for r in runs):.0f} "
              f"| {statistics.median(r['megabytes'] for r in runs):.2f} |")
    # The bytes of each file over 20 kB (the engine's files: the wasm, its JavaScript, the zip).
    for name, runs in results.items():
        files = runs[0]["files"]
        big = ", ".join(f"{path.rsplit('/', 1)[-1]} {size / 1e6:.2f} MB" for path, size in files.items() if size > 20_000)
        print(f"{name}: {big}; other files {sum(s for s in files.values() if s <= 20_000) / 1e6:.2f} MB")
    for runs in results.values():
        for run in runs:
            for alert in run["alerts"]:
                print(f"alert: {alert}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
