"""The turn tracker's end screen in Chromium: whether it asks if a player won during the end-of-match turns.

It asks only where turns were played and nothing had already decided the game: never after a match decided at
the time call (Disney Lorcana single elimination with a game-win lead plays no turn), nor after a Game Loss
(Magic's second Slow Play penalty; Disney Lorcana's second Warning, which the head judge takes on). There the
checker has the whole ruling and nothing to enter; the scenario it opens never says that end-of-match turns
were played.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_tracker import choice, games_won, open_in_checker, open_tracker, shown, site_string, tap

pytestmark = pytest.mark.browser

ASKED = "A player won during these turns? Open the checker and enter the result of the game."
RULING = "Open the checker to see the whole ruling, with every step and its paragraph."


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
    """The end screen asks about a win during the turns exactly when ``asked``; the scenario handed on
    says the turns were played only then."""
    assert state["finished"]
    box = page.locator(".tracker-finished").inner_text()
    assert (site_string(lang, ASKED) in box) == asked, box
    assert (site_string(lang, RULING) in box) == (not asked), box
    assert state["scenario"].get("additional_turns_played", False) == asked
    assert page.locator(".tracker-outcome").inner_text() == state["outcome"]


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
def test_a_win_during_the_turns_is_asked_once_every_turn_was_played(page: Any, site_server: str, lang: str) -> None:
    """Magic Swiss, 1-0: the turns played to the end with nobody the winner, as the taps say; a win during
    them is the judge's to enter in the checker."""
    open_tracker(page, site_server, lang)
    games_won(page, 1, 0)
    page.locator('.tracker-setup [data-start="plain"]').click()
    state = shown(page, lang)
    while not state["finished"]:
        tap(page, "next-turn")
        state = shown(page, lang)
    end_screen(page, lang, state, asked=True)
    assert page.traffic.console_errors == []
