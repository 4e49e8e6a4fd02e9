"""The turn tracker's end, handed to the checker, in Chromium, in every game whose procedure counts turns.

Once every turn of the procedure is played with nobody the winner (DESIGN §3.6: the tracker hands on what
the judge tapped), the scenario it opens in the checker says so (``additional_turns_played``), and both the
end screen and the checker state the outcome as what now is, never under "if nobody wins by then": Magic
(tests/browser/test_tracker.py), Grand Archive, Disney Lorcana in Swiss under the worldwide rules and under
Takara Tomy's rules for Japan, and in single elimination with a game-win lead under an edition that plays
the turns (22 May 2024).
"""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine import judge
from tests.browser.test_tracker import choice, games_won, open_in_checker, open_tracker, shown, site_string, tap

pytestmark = pytest.mark.browser

# (language, game, region, edition, round, best of, games won, the match's result)
ENDS = [
    ("fr", "grand-archive", None, None, "swiss", "3", (1, 0), "A"),
    ("pt", "lorcana", "", "2026-07-14", "swiss", "3", (1, 0), "A"),
    ("ja", "lorcana", "japan", "japan-2026-02-12", "swiss", "1", (0, 0), "draw"),
    ("en", "lorcana", "", "2024-05-22", "single-elimination", "3", (1, 0), "A"),
]


@pytest.mark.parametrize(("lang", "game", "region", "edition", "round_", "best_of", "won", "result"), ENDS,
                         ids=["ga-swiss", "lorcana-swiss", "lorcana-japan-swiss", "lorcana-2024-lead"])
def test_the_end_of_the_turns_is_handed_to_the_checker_as_played(
        page: Any, site_server: str, lang: str, game: str, region: str | None, edition: str | None, round_: str,
        best_of: str, won: tuple[int, int], result: str) -> None:
    open_tracker(page, site_server, lang)
    setup = page.locator(".tracker-setup")
    setup.locator(f'label:has(> input[name="tracker-game"][value="{game}"])').click()
    if region is not None:
        setup.locator(f'label:has(> input[name="tracker-region"][value="{region}"])').click()
    if edition is not None:
        setup.locator('select[name="tracker-lorcana-edition"]').select_option(edition)
    setup.get_by_text(choice(lang, "/round", round_, game), exact=True).click()
    setup.locator(f'label:has(> input[name="tracker-best-of"][value="{best_of}"])').click()
    games_won(page, *won)
    setup.locator('[data-start="plain"]').click()
    state = shown(page, lang)
    while not state["finished"]:
        tap(page, "next-turn")
        state = shown(page, lang)
    assert state["scenario"]["additional_turns_played"] is True
    ruling = judge(state["scenario"], lang)
    assert ruling["match"]["result"] == result and ruling["match"]["holds_if_nobody_wins"] is False
    condition = site_string(lang, "if nobody wins by then").lower()
    box = page.locator(".tracker-finished").inner_text()
    assert condition not in box.lower(), box
    assert page.locator(".tracker-outcome").inner_text() == state["outcome"]
    open_in_checker(page, site_server, lang, state)
    assert page.locator(f'.checker-form[data-game={game}] [data-path="/additional_turns_played"] input').is_checked()
    shown_ruling = page.locator("[data-ruling]")
    assert shown_ruling.get_attribute("data-match-result") == result
    assert shown_ruling.locator(".checker-condition").count() == 0
    assert condition not in shown_ruling.locator(".ruling-summary").first.inner_text().lower()
    assert page.traffic.console_errors == []
