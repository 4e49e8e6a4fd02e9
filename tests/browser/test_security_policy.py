"""The site under a strict Content-Security-Policy: no 'unsafe-inline', scripts only from
the site, WebAssembly allowed. Served with the policy the build writes into _headers (as an
HTTP header, which also governs the engine's worker), on top of each page's own meta tag;
every violation the pages report is counted while a reader searches, switches language and
palette, rules with the checker, taps the tracker, answers a training question and opens an
exam. There must be none.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from rules_engine.training.exam import new_code
from rules_engine.rule_ids import PAGES
from tests.site.sitebuild import serve_module

pytestmark = pytest.mark.browser

serve = serve_module()
SCENARIO = {"version": 1, "game": "grand-archive", "round": "swiss", "games_won": [0, 0],
            "time_called": "during-game", "active_player": "A", "clock_expired_during_turn": 2,
            "current_game": {"winner": None}}
RECORD = """
window.__violations = [];
document.addEventListener('securitypolicyviolation',
  (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));
"""


class PolicyHandler(serve.Handler):
    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", self.server.policy)
        super().end_headers()


def header_policy(site: Path) -> str:
    found = re.search(r"^\s+Content-Security-Policy: (.+)$", (site / "_headers").read_text(), re.M)
    assert found, "_headers holds no policy"
    return found[1]


@pytest.fixture()
def strict_server(built_site: Path) -> Iterator[Any]:
    server = serve.Server(built_site, handler=PolicyHandler)
    server.policy = header_policy(built_site)
    server.start()
    yield server
    server.stop()


def test_the_policy_is_strict() -> None:
    from tests.site.sitebuild import SITE

    policy = header_policy(SITE)
    assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy
    assert policy.startswith("script-src 'self' 'wasm-unsafe-eval' 'sha256-")
    assert "img-src 'self' data:" in policy


def test_nothing_breaks_and_nothing_is_blocked(context: Any, strict_server: Any) -> None:
    base = strict_server.url
    context.add_init_script(RECORD)
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda m: m.type == "error" and console.append(m.text))
    page.on("pageerror", lambda e: console.append(str(e)))
    seen: dict[str, list[str]] = {}

    def check(step: str) -> None:
        seen[step] = page.evaluate("window.__violations")

    # Search, the palette and the language switcher.
    page.goto(f"{base}?q={quote('additional turns')}")
    page.wait_for_selector(".md-search-result__item", timeout=30_000)
    check("search")
    page.goto(base)
    scheme = page.evaluate("document.body.dataset.mdColorScheme")
    page.locator("label.md-header__button[for^=__palette]:visible").first.click()
    page.wait_for_function(f"document.body.dataset.mdColorScheme !== {json.dumps(scheme)}")
    check("palette")
    page.hover(".md-header__option .md-select")
    page.click(".md-select__link[hreflang=ja]")
    page.wait_for_function("document.documentElement.lang === 'ja'")
    check("language")
    # The checker, from a share link (the engine's worker runs under the header's policy).
    page.goto(f"{base}fr/{PAGES['grand-archive']}/#scenario={quote(json.dumps(SCENARIO))}")
    page.wait_for_selector("[data-ruling][data-state=ready]", timeout=90_000)
    check("checker")
    # The tracker.
    page.goto(f"{base}pt/tracker/")
    for side in ("A", "B"):  # the games won are asked, never pre-filled, and so are the round, the best of and whose turn
        page.locator(f'label:has(> input[name="tracker-wins-{side}"][value="0"])').first.click()
    for name, value in (("tracker-round", "swiss"), ("tracker-best-of", "3"), ("tracker-active", "A")):
        page.locator(f'label:has(> input[name="{name}"][value="{value}"])').first.click()
    page.locator('button[data-start="plain"]').first.click()
    page.wait_for_selector(".tracker-board[data-state=ready]", timeout=60_000)
    page.locator('.tracker-actions [data-action="next-turn"]').click()
    check("tracker")
    # Training: a question answered, then an exam.
    page.goto(f"{base}training/#q=7&level=result&game=yugioh")
    page.wait_for_selector("[data-question][data-state=asked]", timeout=60_000)
    page.locator(".training-choice").first.click()
    page.wait_for_selector("[data-question][data-state=answered]")
    check("training")
    page.goto(f"{base}training/#exam={new_code(length=10, seed=5)}")
    page.reload()
    page.wait_for_selector("[data-exam][data-state=question]", timeout=60_000)
    check("exam")
    assert {step: found for step, found in seen.items() if found} == {}
    assert [text for text in console if "Content Security Policy" in text or "Content-Security-Policy" in text] == []
