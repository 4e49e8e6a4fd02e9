"""A share link's line at the top of the page (assets/checker/shared-line.js, then checker.js), in
Chromium at 360 px: it names the link's situation from the first paint, while the page is still
being parsed, in the page's language; it names the edition of the rules the link is ruled under
(Yu-Gi-Oh! v2.3 and v2.5 rule very differently); a fact the link gives that the form cannot hold
(a score out of its choices, a number out of its bounds, a choice it does not offer) is never
shown as a fact: the line says which facts are to fill in and which to fill in again, and the
form asks for them."""

from __future__ import annotations

import json
import sys
from typing import Any
from urllib.parse import quote

import pytest

from rules_engine import judge
from rules_engine.editions import edition, newest
from rules_engine.i18n import translate
from rules_engine.rule_ids import PAGES
from tests.browser.test_checker import label, set_wins, site_string, wins_checked
from tests.site.sitebuild import LANGUAGES, ROOT, prefix

sys.path.insert(0, str(ROOT / "overrides" / "hooks"))
import checker_widget  # noqa: E402  (the edition names as the line writes them)

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
RULED = "[data-ruling][data-state=ready], [data-ruling][data-state=error]"

# The line as it was first put in the page, and what the page was doing then.
FIRST_LINE = """
window.__first = null;
new MutationObserver((changes, observer) => {
  const line = document.querySelector('.checker-shared');
  if (!line) return;
  window.__first = {text: line.querySelector('.checker-shared-situation').textContent,
                    parsing: document.readyState, checker: Boolean(document.querySelector('.checker'))};
  observer.disconnect();
}).observe(document, {subtree: true, childList: true});
"""


def link(lang: str, scenario: dict[str, Any]) -> str:
    return f"{prefix(lang)}{PAGES[scenario['game']]}/#scenario={quote(json.dumps(scenario))}"


def titled(lang: str, *facts: str) -> str:
    """The line as the reader reads it: "Shared situation: fact, fact…" in ``lang``."""
    title = site_string(lang, "Shared situation:")
    return title + ("" if title.endswith("：") else " ") + site_string(lang, ", ").join(facts)


def mid(lang: str, game: str, path: str, value: str) -> str:
    """A choice's label in the middle of the line: lower case where the language writes it so (« ronde
    suisse », "during a Duel"), but for a word it always capitalises ("Swiss")."""
    text = label(lang, game, path, value)
    return text if lang == "en" and text.startswith("Swiss") else text[0].lower() + text[1:]


def short(game: str, edition_id: str, lang: str) -> str:
    """An edition's name in the middle of the line (tests/site/test_shared_line_words.py: lower case for a
    name that only describes the edition)."""
    found = edition(game, edition_id)  # type: ignore[arg-type]
    assert found is not None
    return checker_widget._edition_mid_line(translate(lang, found.short), lang)


YUGIOH = {"version": 1, "game": "yugioh", "round": "swiss", "games_won": [1, 1], "time_called": "during-game"}
# Konami Japan's rules are the Yu-Gi-Oh! OCG's (the pages' name for it in each language), never the TCG's.
OCG = {"en": "Yu-Gi-Oh! OCG", "fr": "Yu-Gi-Oh! OCG", "pt": "Yu-Gi-Oh! OCG", "ja": "遊戯王OCG"}
EDITIONS = [  # (what the link says of the edition, the edition it is ruled under)
    ({"edition": "2.3", "active_player": "B", "current_game": {"life": [4000, 4000]}}, "2.3"),
    ({}, newest("yugioh").id),
    ({"region": "japan", "active_player": "A"}, newest("yugioh", "japan").id),
]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(("given", "ruled_under"), EDITIONS, ids=["v2.3", "none", "japan"])
def test_the_line_names_the_situation_and_its_edition_from_the_first_paint(
        page: Any, site_server: str, lang: str, given: dict[str, Any], ruled_under: str) -> None:
    scenario = {**YUGIOH, **given}
    expected = judge(json.loads(json.dumps(scenario)), lang)
    assert expected["edition"]["id"] == ruled_under
    page.set_viewport_size(PHONE)
    page.add_init_script(FIRST_LINE)
    page.goto(f"{site_server}{link(lang, scenario)}")
    # Whose turn it was, where the edition asks it; else when time was called.
    turn = site_string(lang, "{player}'s turn").format(player=scenario["active_player"]) \
        if "active_player" in scenario else mid(lang, "yugioh", "/time_called", "during-game")
    name = OCG[lang] if scenario.get("region") == "japan" else label(lang, "yugioh", "/game", "yugioh")
    line = titled(lang, name, short("yugioh", ruled_under, lang),
                  mid(lang, "yugioh", "/round", "swiss"), site_string(lang, "A {a} – B {b}").format(a=1, b=1), turn)
    # Named while the page is still being parsed, before the checker and its scripts are there.
    first = page.evaluate("window.__first")
    assert first == {"text": line, "parsing": "loading", "checker": False}
    # Ruled: the same line, under the edition the ruling names, and the ruling's answer.
    page.wait_for_selector("[data-ruling][data-state=ready]", timeout=30_000)
    shared = page.locator(".checker-shared")
    assert shared.locator(".checker-shared-situation").inner_text() == line
    assert shared.locator(".checker-shared-summary").inner_text() == expected["summary"]


def test_a_link_that_names_an_event_date_names_the_edition_the_ruling_found(page: Any, site_server: str) -> None:
    scenario = {"version": 1, "game": "mtg", "event_date": "2022-02-01", "round": "swiss", "games_won": [1, 0],
                "time_called": "between-games"}
    expected = judge(json.loads(json.dumps(scenario)), "fr")
    page.goto(f"{site_server}{link('fr', scenario)}")
    page.wait_for_selector("[data-ruling][data-state=ready]", timeout=30_000)
    assert page.locator(".checker-shared-situation").inner_text() == titled(
        "fr", label("fr", "mtg", "/game", "mtg"), short("mtg", expected["edition"]["id"], "fr"),
        mid("fr", "mtg", "/round", "swiss"), site_string("fr", "A {a} – B {b}").format(a=1, b=0),
        mid("fr", "mtg", "/time_called", "between-games"))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_impossible_score_is_asked_again_never_shown(phone: Any, site_server: str, lang: str) -> None:
    """The link of the first review (no round, no time call, A with 5 game wins): the 5 is no fact
    of the situation; the line says what to fill in and what to fill in again, in the page's
    language, and the form asks for A's game wins (B's 0 is kept)."""
    scenario = {"version": 1, "game": "mtg", "games_won": [5, 0]}
    phone.goto(f"{site_server}{link(lang, scenario)}")
    phone.wait_for_selector("[data-ruling][data-state=error]", timeout=30_000)
    shared = phone.locator(".checker-shared")
    assert shared.get_attribute("data-state") == "error"
    situation = shared.locator(".checker-shared-situation").inner_text()
    assert situation == titled(lang, label(lang, "mtg", "/game", "mtg"), short("mtg", newest("mtg").id, lang))
    assert "5" not in situation.replace(short("mtg", newest("mtg").id, lang), "")
    listed = site_string(lang, "Not in the share link, to fill in: {fields}. Not possible as it gives them, to fill in "
                               "again: {invalid}. Then press “Rule”.")
    names = {"en": " and ", "ja": "、"}[lang].join((label(lang, "mtg", "/round"), label(lang, "mtg", "/time_called")))
    said = listed.format(fields=names, invalid=label(lang, "mtg", "/games_won"))
    assert said in shared.inner_text()
    assert phone.locator("[data-ruling]").inner_text() == said
    # The form: A's game wins asked again (nothing chosen, marked, said why), B's 0 kept.
    form = phone.locator(".checker-form[data-game=mtg]")
    assert wins_checked(form) == ["", "0"]
    sides = form.locator('[data-path="/games_won"] .checker-pair-side')
    assert sides.nth(0).locator("input").first.get_attribute("aria-invalid") == "true"
    assert sides.nth(1).locator("input").first.get_attribute("aria-invalid") is None
    message = form.locator('[data-path="/games_won"] .checker-error')
    assert message.is_visible()
    assert message.inner_text() == site_string(lang, "To fill in again: the share link gives a value this field does not allow.")
    # Filled in, the form is ruled as any other.
    form.locator('[data-path="/round"] .checker-option', has_text=label(lang, "mtg", "/round", "swiss")).click()
    form.locator('[data-path="/time_called"] .checker-option',
                 has_text=label(lang, "mtg", "/time_called", "between-games")).click()
    set_wins(form, 1, 0)
    form.locator(".checker-submit").click()
    phone.wait_for_selector("[data-ruling][data-state=ready]", timeout=30_000)
    ruled = json.loads(phone.locator("[data-ruling]").get_attribute("data-scenario"))
    assert ruled["games_won"] == [1, 0] and ruled["round"] == "swiss"
    assert phone.errors == []


def test_a_choice_the_form_does_not_offer_and_a_number_out_of_bounds_are_asked_again(phone: Any, site_server: str) -> None:
    scenario = {"version": 1, "game": "mtg", "round": "swis", "games_won": [1, 0], "games_drawn": 50,
                "time_called": "between-games"}
    phone.goto(f"{site_server}{link('en', scenario)}")
    phone.wait_for_selector(RULED, timeout=30_000)
    ruling = phone.locator("[data-ruling]")
    assert ruling.get_attribute("data-state") == "error" and ruling.get_attribute("data-match-result") is None
    said = site_string("en", "Not possible as the share link gives them, to fill in again: {fields}; then press “Rule”.").format(
        fields=f"{label('en', 'mtg', '/round')} and {label('en', 'mtg', '/games_drawn')}")
    assert ruling.inner_text() == said
    situation = phone.locator(".checker-shared-situation").inner_text()
    assert situation == titled("en", "Magic: The Gathering", short("mtg", newest("mtg").id, "en"), "A 1 – B 0",
                               mid("en", "mtg", "/time_called", "between-games"))
    assert "swis" not in situation and "50" not in situation
    form = phone.locator(".checker-form[data-game=mtg]")
    assert form.locator('[data-path="/round"] input:checked').count() == 0
    drawn = form.locator('[data-path="/games_drawn"] input')
    assert drawn.input_value() == "" and drawn.get_attribute("aria-invalid") == "true" and drawn.is_visible()
    # What the link gives that the form can hold is kept.
    assert wins_checked(form) == ["1", "0"]
    assert form.locator('[data-path="/time_called"] input:checked').get_attribute("value") == "between-games"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_ocg_situation_is_named_as_the_ocg_and_every_game_names_its_edition(page: Any, site_server: str,
                                                                              lang: str) -> None:
    """A link with region japan is a Yu-Gi-Oh! OCG situation, in every language, never a "Yu-Gi-Oh! TCG" one;
    a game with a single edition (Grand Archive's online edition) names it as every other game does."""
    tcg = label(lang, "yugioh", "/game", "yugioh")
    links = [
        ({**YUGIOH, "region": "japan", "active_player": "A"}, OCG[lang]),
        ({"version": 1, "game": "grand-archive", "round": "swiss", "games_won": [1, 0], "time_called": "during-game",
          "active_player": "B"}, label(lang, "grand-archive", "/game", "grand-archive")),
    ]
    for scenario, name in links:
        expected = judge(json.loads(json.dumps(scenario)), lang)
        page.goto(f"{site_server}{link(lang, scenario)}")
        page.wait_for_selector("[data-ruling][data-state=ready]", timeout=30_000)
        a, b = scenario["games_won"]
        line = titled(lang, name, short(scenario["game"], expected["edition"]["id"], lang),
                      mid(lang, scenario["game"], "/round", "swiss"), site_string(lang, "A {a} – B {b}").format(a=a, b=b),
                      site_string(lang, "{player}'s turn").format(player=scenario["active_player"]))
        situation = page.locator(".checker-shared-situation").inner_text()
        assert situation == line
        if scenario["game"] == "yugioh":
            assert "TCG" not in situation and tcg not in situation.replace(OCG[lang], "")
    assert page.traffic.console_errors == []


@pytest.mark.parametrize(("lang", "round_", "when"), [("en", "Swiss", "during a Duel"),
                                                      ("fr", "ronde suisse", "pendant un Duel")])
def test_the_line_writes_its_values_in_lower_case_mid_line(page: Any, site_server: str, lang: str, round_: str,
                                                           when: str) -> None:
    """Mid-line, a value is not capitalised as the form's button is, but for a word the language always
    capitalises: "Swiss, A 1 – B 1, during a Duel"; « ronde suisse, A 1 – B 1, pendant un Duel »."""
    page.goto(f"{site_server}{link(lang, YUGIOH)}")
    situation = page.locator(".checker-shared-situation").inner_text()
    score = site_string(lang, "A {a} – B {b}").format(a=1, b=1)
    assert site_string(lang, ", ").join([round_, score, when]) in situation, situation


def test_a_reader_who_scrolled_away_is_told_the_ruling_has_arrived_in_the_header(phone: Any, site_server: str) -> None:
    """A share link's reader who has left the line at the top while the engine worked: once the ruling
    arrives, a button in the header bar (covering nothing of the page) says so and leads to it."""
    scenario = {**YUGIOH, "active_player": "A", "region": "japan"}
    # The reader scrolls as soon as the page is there, before the engine (started from the page's head)
    # has ruled; a ruling already shown when the reader scrolls is in view, and nothing is announced.
    # Without this device's memory snapshot the engine boots (a second or more), so the reader can scroll first.
    session = phone.context.new_cdp_session(phone)
    session.send("Storage.clearDataForOrigin", {"origin": site_server.rstrip("/"), "storageTypes": "cache_storage"})
    session.detach()
    phone.goto(f"{site_server}{link('en', scenario)}", wait_until="domcontentloaded")
    phone.evaluate("scrollTo(0, 1500)")
    if phone.evaluate("!!document.querySelector('[data-ruling][data-state=ready]')"):
        pytest.skip("the engine ruled before the page could be scrolled: nothing to announce")
    phone.wait_for_selector("[data-ruling][data-state=ready]", timeout=60_000)
    notice = phone.locator(".md-header .checker-ruling-ready")
    notice.wait_for(state="visible")
    assert notice.inner_text() == site_string("en", "The ruling is ready ↓")
    box, header = notice.bounding_box(), phone.locator(".md-header").bounding_box()
    assert box["y"] >= header["y"] and box["y"] + box["height"] <= header["y"] + header["height"], (box, header)
    assert box["x"] + box["width"] <= 360
    notice.click()
    phone.wait_for_function("""() => { const box = document.querySelector('[data-ruling]').getBoundingClientRect();
      return box.top >= 0 && box.top < innerHeight / 2 }""")
    assert notice.count() == 0
    # A reader still at the top reads the ruling's first sentence in the line: no notice.
    phone.goto(f"{site_server}{link('en', {**scenario, 'games_won': [1, 0]})}")
    phone.wait_for_selector("[data-ruling][data-state=ready]", timeout=60_000)
    assert phone.locator(".md-header .checker-ruling-ready").count() == 0


def lowered(text: str) -> str:
    return text[0].lower() + text[1:]


MTG_2HG = {"version": 1, "game": "mtg", "round": "swiss", "games_won": [0, 0], "time_called": "during-game",
           "active_player": "A", "two_headed_giant": True, "best_of": 1}
PASSING = {"version": 1, "game": "mtg", "round": "swiss", "games_won": [1, 0], "time_called": "during-game",
           "active_player": "A", "turn_pass_announced": True}
GA_CALL = {"version": 1, "game": "grand-archive", "round": "single-elimination", "games_won": [0, 0],
           "time_called": "during-game", "active_player": "A", "turn_pass_announced": True}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_line_says_the_facts_the_plan_rests_on_and_whose_turn_turn_zero_is(page: Any, site_server: str,
                                                                             lang: str) -> None:
    """The judge reading of 32b: the line named neither Two-Headed Giant (three turns, not five) nor a turn
    already being passed, and said "A's turn" where turn 0 is B's. It says them as the link gives them, in the
    form's words: the format's name, the time call as A passed the turn (never "A's turn" then), who takes the
    next turn, when Grand Archive's clock ran out, and the end-of-match turns being over."""
    score = site_string(lang, "A {a} – B {b}")
    turn = site_string(lang, "{player}'s turn").format(player="A")
    links = [
        (MTG_2HG, [label(lang, "mtg", "/game", "mtg"), short("mtg", newest("mtg").id, lang),
                   label(lang, "mtg", "/two_headed_giant"), mid(lang, "mtg", "/round", "swiss"),
                   score.format(a=0, b=0), turn]),
        ({**PASSING, "next_turn_player": "A", "additional_turns_played": True},
         [label(lang, "mtg", "/game", "mtg"), short("mtg", newest("mtg").id, lang), mid(lang, "mtg", "/round", "swiss"),
          score.format(a=1, b=0), site_string(lang, "{player} had already indicated passing the turn").format(player="A"),
          site_string(lang, "{player} takes the next turn").format(player="A"),
          lowered(label(lang, "mtg", "/additional_turns_played"))]),
        ({**GA_CALL, "clock_expired_during_turn": 2},
         [label(lang, "grand-archive", "/game", "grand-archive"), short("grand-archive", "online", lang),
          mid(lang, "grand-archive", "/round", "single-elimination"), score.format(a=0, b=0),
          site_string(lang, "time called as {player} announced the end of their turn").format(player="A"),
          site_string(lang, "the 5-minute clock ran out during turn {turn}").format(turn=2)]),
    ]
    for scenario, facts in links:
        page.goto(f"{site_server}{link(lang, scenario)}")
        situation = page.locator(".checker-shared-situation").inner_text()
        assert situation == titled(lang, *facts)
        if scenario.get("turn_pass_announced"):
            assert turn not in situation  # turn 0 is the next turn, not A's
    # Two-Headed Giant: the ruling's turn plan names the teams, as the ruling and the tracker do (pt-ja 32c C1).
    page.goto(f"{site_server}{link(lang, MTG_2HG)}")
    plan = page.locator(".checker-timeline.turn-plan").first
    plan.wait_for(timeout=60_000)
    blocks = plan.inner_text()
    assert site_string(lang, "Team {player}").format(player="A") in blocks, blocks
    assert site_string(lang, "Player {player}").format(player="A") not in blocks, blocks
    assert page.traffic.console_errors == []
