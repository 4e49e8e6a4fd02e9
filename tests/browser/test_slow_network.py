"""A slow first visit never reads as "this device can't": the checker waits for an engine
that is still arriving, shows the bytes received, and when the download stops, says that
the network is at fault and offers to try again with the form kept.

The site is served by its own server through tests/throttle.py (a shared link of limited
bandwidth, a stall on demand): every request of the page and of the engine's worker goes
through it. The start-up's time box (15 s without progress on the site) is shortened to
3 s here through window.rulesEngineStartTimeoutMs, so that a download longer than the box
proves that only a stop, not slowness, ends the wait.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from rules_engine import judge
from rules_engine.rule_ids import PAGES
from tests.throttle import RULING_WATCH, Link, SlowHandler, Stall, serve

pytestmark = pytest.mark.browser

SCENARIO = {"version": 1, "game": "mtg", "round": "single-elimination", "games_won": [1, 1],
            "time_called": "during-game", "active_player": "B", "current_game": {"life": [7, 12]}}
TIME_BOX_MS = 3000
WATCH = f"window.rulesEngineStartTimeoutMs = {TIME_BOX_MS};\n{RULING_WATCH}"


@pytest.fixture()
def slow_server(built_site: Path) -> Iterator[Any]:
    server = serve.Server(built_site, handler=SlowHandler).start()
    yield server
    server.stop()


def share_link(base: str) -> str:
    return f"{base}{PAGES['mtg']}/#scenario={quote(json.dumps(SCENARIO))}"


def assert_ruled(page: Any) -> None:
    ruling = page.locator("[data-ruling]")
    assert ruling.get_attribute("data-match-result") == judge(SCENARIO)["match"]["result"]
    assert json.loads(ruling.get_attribute("data-scenario")) == SCENARIO


def test_a_download_longer_than_the_time_box_is_waited_for_and_shown(context: Any, slow_server: Any) -> None:
    # About 4.6 MB to bring (the wasm and the runtime precompressed, the zip): about 7 s at
    # 5.3 Mbit/s, more than twice the time box, with bytes arriving all along.
    slow_server.link = Link(5.3e6)
    context.add_init_script(WATCH)
    page = context.new_page()
    started = time.monotonic()
    page.goto(share_link(slow_server.url))
    page.wait_for_selector("[data-ruling][data-state=ready]", timeout=60_000)
    elapsed = time.monotonic() - started
    assert_ruled(page)
    seen = page.evaluate("window.__seen")
    assert elapsed > 2 * TIME_BOX_MS / 1000, f"the download was not slow enough to prove anything ({elapsed:.1f} s)"
    assert seen["alerts"] == [] and "error" not in seen["states"], seen
    assert len(seen["downloads"]) >= 3 and seen["downloads"][-1].startswith("Downloading the rules engine:"), seen
    total = page.evaluate("document.querySelector('meta[name=engine-bytes]').content")
    assert int(total) > 10e6 and f"of {int(total) / 1e6:.1f} MB" in seen["downloads"][-1]


def test_a_download_that_stops_says_so_and_a_retry_keeps_the_form(context: Any, slow_server: Any) -> None:
    slow_server.stall = Stall("pyodide.asm.wasm", after_bytes=400_000)
    context.add_init_script(WATCH)
    page = context.new_page()
    page.goto(share_link(slow_server.url))
    alert = page.locator("[data-ruling] [role=alert]")
    alert.wait_for(timeout=30_000)
    assert alert.get_attribute("data-reason") == "network"
    assert "too slow, or was cut" in alert.text_content() and "MB received" in alert.text_content()
    assert page.locator("[data-ruling]").get_attribute("data-state") == "error"
    # The form holds the link's scenario, untouched.
    form = page.locator("form.checker-form[data-game=mtg]")
    assert form.locator('input[name="chk-mtg-active-player"][value="B"]').is_checked()
    # The network is back: one tap, and the same scenario is ruled.
    slow_server.stall.resume()
    page.locator("[data-ruling] .engine-retry").click()
    page.wait_for_selector("[data-ruling][data-state=ready]", timeout=60_000)
    assert_ruled(page)
    assert form.locator('input[name="chk-mtg-active-player"][value="B"]').is_checked()
