"""The turn tracker's end screen in Chromium: what it says is over, and how a win during the turns is entered.

- Its heading says the procedure is over only where the ruling of the situation it hands on is final; where
  play goes on (Magic's sudden death in single elimination, Disney Lorcana's play until one player has more
  lore), it says the end-of-match turns are over, and the engine's outcome under it says what happens now.
- A win during the end-of-match turns is offered only where turns were played and nothing had already decided
  the game: never after a match decided at the time call (Disney Lorcana single elimination with a game-win
  lead plays no turn), nor after a Game Loss (Magic's second Slow Play penalty; Disney Lorcana's second
  Warning, which the head judge takes on). There the checker has the whole ruling and nothing to enter; the
  scenario it opens never says that end-of-match turns were played.
- Where it is offered, its own link opens the checker on the situation without "the turns are over, and nobody
  won" (which refuses a winner), asking who won and in which turn before it rules.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import unquote

import pytest

from rules_engine import judge
from tests.browser.test_tracker import (choice, games_won, open_in_checker, open_tracker, ready_state, shown, site_string,
                                        tap)

pytestmark = pytest.mark.browser

WON = "A player won during these turns: enter it in the checker"
RULING = "Open the checker to see the whole ruling, with every step and its paragraph."
TURNS_OVER = "The end-of-match turns are over. What happens now:"
OVER = "The procedure is over."


def slow_play(page: Any, player: str) -> None:
    page.locator('.tracker-actions [data-action="slow-play"]').click()
    page.locator('[data-panel="slow"] .checker-option', has_text=player).click()
    page.locator('[data-panel="slow"] button[type=submit]').click()


def second_penalty(page: Any, lang: str, flag: str, first_in_turn_0: bool) -> None:
    """Time called (A's first Slow Play penalty in turn 0, or already given before), then A's second one in
    turn 1: the end, with nothing asked."""
    page.locator('.tracker-setup [data-start="plain"]').click()
    if first_in_turn_0:
        slow_play(page, "A")
    shown(page, lang)
    tap(page, "next-turn")
    slow_play(page, "A")
    state = shown(page, lang)
    assert state["warnings"][-1][flag] is True
    end_screen(page, lang, state, asked=False)


def end_screen(page: Any, lang: str, state: dict[str, Any], asked: bool) -> None:
    """The end screen offers to enter a win during the turns exactly when ``asked``, in a link of its own
    that hands the checker the situation without the turns said to be over nor a game's result; the scenario
    of "Open in the checker" says the turns were played only then."""
    assert state["finished"]
    box = page.locator(".tracker-finished").inner_text()
    assert site_string(lang, RULING) in box, box
    won = page.locator(".tracker-open-checker-won")
    assert won.is_visible() == asked, box
    if asked:
        assert won.inner_text() == site_string(lang, WON)
        href = won.get_attribute("href")
        assert href.endswith("&from=tracker&enter=result")
        handed = json.loads(unquote(href.split("#scenario=", 1)[1].removesuffix("&from=tracker&enter=result")))
        assert handed == {k: v for k, v in state["scenario"].items() if k not in ("additional_turns_played", "current_game")}
    assert state["scenario"].get("additional_turns_played", False) == asked
    assert page.locator(".tracker-outcome").inner_text() == state["outcome"]
    # What a screen reader is told: the heading runs on into the outcome, never "What happens now:." (en-fr 32c D).
    spoken = page.locator(".tracker-announce").text_content() or ""
    assert not re.search(r"[:：][.。]", spoken), spoken


@pytest.mark.parametrize("lang", ["pt", "ja"])
def test_no_win_during_the_turns_is_asked_where_no_turn_was_played(page: Any, site_server: str, lang: str) -> None:
    """Disney Lorcana single elimination, A ahead 1-0 under the current worldwide rules: the match is A's at the
    time call and the game in progress is not played on."""
    open_tracker(page, site_server, lang)
    setup = page.locator(".tracker-setup")
    setup.get_by_text(choice(lang, "/game", "lorcana", "lorcana"), exact=True).click()
    setup.locator('label:has(> input[name="tracker-region"][value=""])').click()
    setup.get_by_text(choice(lang, "/round", "single-elimination", "lorcana"), exact=True).click()
    games_won(page, 1, 0)
    setup.locator('[data-start="plain"]').click()
    state = shown(page, lang)
    assert state["plan"] == []
    end_screen(page, lang, state, asked=False)
    open_in_checker(page, site_server, lang, state)
    assert page.locator("[data-ruling]").get_attribute("data-match-result") == "A"
    assert not page.locator('.checker-form[data-game=lorcana] [data-path="/additional_turns_played"] input').is_checked()
    assert page.traffic.console_errors == []


@pytest.mark.parametrize("lang", ["pt", "ja"])
def test_no_win_during_the_turns_is_asked_once_a_game_loss_decided_the_game(page: Any, site_server: str,
                                                                             lang: str) -> None:
    """Magic single elimination at Competitive REL: a second Slow Play penalty to A in turn 1 is a Game Loss;
    Disney Lorcana: a second Warning to A (the first given before time was called) goes to the head judge."""
    open_tracker(page, site_server, lang)
    setup = page.locator(".tracker-setup")
    setup.get_by_text(choice(lang, "/round", "single-elimination", "mtg"), exact=True).click()
    setup.get_by_text(choice(lang, "/rel", "competitive", "mtg"), exact=True).click()
    games_won(page, 1, 1)
    second_penalty(page, lang, "game_loss", first_in_turn_0=True)

    page.once("dialog", lambda dialog: dialog.accept())
    page.locator('.tracker-actions [data-action="new-procedure"]').click()
    setup.get_by_text(choice(lang, "/game", "lorcana", "lorcana"), exact=True).click()
    setup.locator('label:has(> input[name="tracker-region"][value=""])').click()
    setup.get_by_text(choice(lang, "/round", "swiss", "lorcana"), exact=True).click()
    games_won(page, 0, 0)
    page.locator('.tracker-setup fieldset:has(input[name="tracker-slow-before"])').get_by_text("A", exact=True).click()
    second_penalty(page, lang, "second", first_in_turn_0=False)
    assert page.traffic.console_errors == []


@pytest.mark.parametrize("lang", ["pt"])
def test_a_win_during_the_turns_is_entered_in_the_checker_the_end_screen_opens(page: Any, site_server: str,
                                                                                lang: str) -> None:
    """Magic single elimination, 0-0: the turns played to the end with nobody the winner, as the taps say.
    Sudden death may follow: the heading says the turns are over, never the procedure. A win during them is
    the judge's to enter: its link opens the checker asking who won and in which turn, and rules once told."""
    open_tracker(page, site_server, lang)
    games_won(page, 0, 0, round_="single-elimination")
    page.locator('.tracker-setup [data-start="plain"]').click()
    state = shown(page, lang)
    while not state["finished"]:
        tap(page, "next-turn")
        state = shown(page, lang)
    ruling = judge(state["scenario"], lang)
    assert ruling["match"]["final"] is False and ruling["match"]["next"] == "compare-life"
    assert page.locator(".tracker-finished-title").inner_text() == site_string(lang, TURNS_OVER)
    assert site_string(lang, OVER) not in page.locator(".tracker-board").inner_text()
    end_screen(page, lang, state, asked=True)

    # At the table, one thumb: the link, the line at the top's way to the form, B, turn 3, Rule.
    won = page.locator(".tracker-open-checker-won")
    won.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-ruling][data-state=error]", timeout=60_000)
    form = page.locator(".checker-form[data-game=mtg]")
    fields = [form.locator(f'[data-path="/current_game/{name}"]') for name in ("winner", "during_turn")]
    names = [fields[0].locator("legend").inner_text(), fields[1].locator("label > span").inner_text()]
    asked = site_string(lang, "To fill in first: {fields}; then press “Rule”.").format(fields=" e ".join(names))
    assert page.locator("[data-ruling]").inner_text() == asked
    shared = page.locator(".checker-shared")
    assert shared.locator(".checker-shared-situation strong").inner_text() == site_string(lang, "Situation from the turn tracker:")
    assert asked in shared.inner_text()
    assert fields[0].locator("input:checked").count() == 0 and fields[1].locator("input").input_value() == ""
    assert all(field.locator(".checker-error").is_visible() for field in fields)
    assert not form.locator('[data-path="/additional_turns_played"] input').is_checked()
    shared.locator(".checker-shared-go").click()
    assert page.evaluate("document.activeElement.name") == fields[0].locator("input").first.get_attribute("name")
    fields[0].locator(".checker-option", has_text="B").click()
    fields[1].locator("input").fill("3")
    form.locator(".checker-submit").click()
    page.wait_for_selector("[data-ruling][data-state=ready]", timeout=30_000)
    ruled = json.loads(page.locator("[data-ruling]").get_attribute("data-scenario"))
    assert ruled["current_game"] == {"winner": "B", "during_turn": 3} and not ruled.get("additional_turns_played")
    for key in ("game", "round", "best_of", "games_won", "active_player"):  # the situation, as the tracker handed it
        assert ruled[key] == state["scenario"][key], key
    assert page.locator("[data-ruling]").get_attribute("data-match-result") == judge(ruled, lang)["match"]["result"]
    assert page.traffic.console_errors == []


@pytest.mark.parametrize("lang", ["ja"])
def test_the_end_screen_never_says_the_procedure_is_over_while_play_goes_on(page: Any, site_server: str,
                                                                             lang: str) -> None:
    """Disney Lorcana single elimination under Takara Tomy's rules, 0-0, lore equal when the turns are over:
    the match continues until one player has more lore. The heading says the turns are over, and the engine's
    outcome under it, what happens now."""
    open_tracker(page, site_server, lang)
    setup = page.locator(".tracker-setup")
    setup.get_by_text(choice(lang, "/game", "lorcana", "lorcana"), exact=True).click()
    setup.locator('label:has(> input[name="tracker-region"][value="japan"])').click()
    games_won(page, 0, 0, round_="single-elimination")
    setup.locator('[data-start="plain"]').click()
    state = shown(page, lang)
    while state["awaiting"] is None:
        tap(page, "next-turn")
        state = ready_state(page, lang)
    assert state["awaiting"] == "lore"
    lore = page.locator('[data-panel="lore"]')
    lore.locator('input[name="tracker-lore-A"]').fill("4")
    lore.locator('input[name="tracker-lore-B"]').fill("4")
    lore.locator("button[type=submit]").click()
    state = shown(page, lang)
    ruling = judge(state["scenario"], lang)
    assert state["finished"] and ruling["match"]["final"] is False and ruling["match"]["next"] == "lore-lead"
    assert page.locator(".tracker-finished-title").inner_text() == site_string(lang, TURNS_OVER)
    assert site_string(lang, OVER) not in page.locator(".tracker-board").inner_text()
    end_screen(page, lang, state, asked=True)
    assert page.traffic.console_errors == []
