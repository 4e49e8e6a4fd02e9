"""The region each tool starts on, in Chromium, in every language: the checker's forms (the procedure pages'
and the all-games page's) and the turn tracker start on the same one.

Yu-Gi-Oh! starts on the other region (the TCG Policy) in every language, the Japanese pages too, as they say:
Konami Japan's OCG rules are another game's, chosen, never started on. Disney Lorcana starts on Japan on the
Japanese pages (Takara Tomy's rules for Japanese-language events there), elsewhere on the worldwide rules.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules_engine import editions
from rules_engine.rule_ids import PAGES
from tests.browser.test_checker import label, set_wins, site_string
from tests.browser.test_tracker import choice, games_won, open_tracker, stored
from tests.site.sitebuild import LANGUAGES, prefix

pytestmark = pytest.mark.browser

READY = "window.rulesChecker && window.rulesChecker.state === 'ready'"


def starts(game: str, lang: str) -> str:
    """The region a tool starts on ("": the worldwide rules, no region in the scenario)."""
    return "japan" if (game, lang) == ("lorcana", "ja") else ""


def region_choices(form: Any) -> list[list[Any]]:
    return form.locator('[data-path="/region"] input[type=radio]').evaluate_all(
        "(inputs) => inputs.map((i) => [i.value, i.checked])")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_checker_and_the_tracker_start_on_the_same_region(page: Any, site_server: str, lang: str) -> None:
    for where in ("checker", PAGES["yugioh"], PAGES["lorcana"]):
        page.goto(f"{site_server}{prefix(lang)}{where}/")
        for game in ("yugioh", "lorcana"):
            form = page.locator(f".checker-form[data-game={game}]")
            if not form.count():
                continue
            # The region started on is offered first, chosen.
            choices = region_choices(form)
            assert choices[0] == [starts(game, lang), True], (where, game, choices)
            assert [checked for _value, checked in choices].count(True) == 1

    open_tracker(page, site_server, lang)
    setup = page.locator(".tracker-setup")
    setup.get_by_text(choice(lang, "/game", "lorcana", "lorcana"), exact=True).click()
    regions = setup.locator('input[name="tracker-region"]').evaluate_all(
        "(inputs) => inputs.map((i) => [i.value, i.checked])")
    assert regions[0] == [starts("lorcana", lang), True], regions
    region = starts("lorcana", lang) or None
    options = page.eval_on_selector_all('select[name="tracker-lorcana-edition"] option', "xs => xs.map((x) => x.value)")
    assert options == [e.id for e in reversed(editions.editions_of("lorcana", region))]
    # Started without touching the region: the procedure runs under the region's current rules.
    games_won(page, 0, 0)
    setup.locator('[data-start="plain"]').click()
    start = stored(page)[0]
    assert start.get("region") == region and start["edition"] == editions.newest("lorcana", region).id
    assert page.traffic.console_errors == []


@pytest.mark.parametrize("lang", ["ja"])
def test_a_yugioh_form_left_as_it_starts_rules_under_the_tcg_policy(page: Any, site_server: str, lang: str) -> None:
    """A judge at a TCG event who does not touch the region gets the current Policy's double loss."""
    page.goto(f"{site_server}{prefix(lang)}{PAGES['yugioh']}/")
    page.wait_for_function(READY, timeout=30_000)
    form = page.locator(".checker-form[data-game=yugioh]")
    form.locator('[data-path="/round"] .checker-option', has_text=label(lang, "yugioh", "/round", "swiss")).click()
    set_wins(form, 1, 1)
    form.locator('[data-path="/time_called"] .checker-option',
                 has_text=label(lang, "yugioh", "/time_called", "during-game")).click()
    form.get_by_role("button", name=site_string(lang, "Rule"), exact=True).click()
    page.wait_for_selector("[data-ruling][data-state=ready]", timeout=30_000)
    ruling = page.locator("[data-ruling]")
    scenario = json.loads(ruling.get_attribute("data-scenario"))
    assert "region" not in scenario
    assert ruling.get_attribute("data-match-result") == "double-loss"
    assert page.traffic.console_errors == []
