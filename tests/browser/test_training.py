"""Training in Chromium, the engine really running in the site's own Pyodide.

Never mocked: each question shown is rules_engine.training.questions.question under Pyodide, checked
against the same function under CPython for the seed the page shows.
"""

from __future__ import annotations

import functools
import re
import sys
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from rules_engine.contract.fields import form_fields
from rules_engine.rule_ids import PAGES
from rules_engine.titles import title
from rules_engine.training.questions import EARLIER, question
from rules_engine.training.situation import facts, lines
from tests.site.sitebuild import prefix

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "overrides" / "hooks"))
import judge_tools  # noqa: E402  (the strings the build writes into the page)
import site_catalog  # noqa: E402

pytestmark = pytest.mark.browser

ASKED = "[data-question][data-state=asked]"
ANSWERED = "[data-question][data-state=answered]"


def site_string(lang: str, msgid: str, **values: Any) -> str:
    text = site_catalog.translations(lang).gettext(msgid)
    return re.sub(r"\{(\w+)\}", lambda m: str(values.get(m[1], m[0])), text)


@functools.cache
def seed_with_a_misconception(level: str, game: str) -> int:
    """The first seed whose question offers a wrong answer that is a named misconception."""
    return next(seed for seed in range(500)
                if any(c["misconception"] for c in question(seed, "en", level, game)["choices"]))


def cited(page: Any, container: str) -> list[str]:
    """The absolute URLs of the citation links in ``container``."""
    return page.eval_on_selector_all(f"{container} a.checker-cite", "links => links.map((a) => a.href)")


def paragraph_url(site: str, lang: str, game: str, rule: str) -> str:
    return f"{site}{prefix(lang)}{PAGES[game]}/#{rule}"


def situation_lines(page: Any) -> list[str]:
    return [line for line in page.locator(".training-facts").first.inner_text().split("\n") if line.strip()]


def open_question(page: Any, site: str, lang: str, seed: int, level: str, game: str) -> None:
    page.goto(f"{site}{prefix(lang)}training/#q={seed}&level={level}&game={game}")
    page.wait_for_selector(f"{ASKED}, [data-question][data-state=error]", timeout=60_000)
    box = page.locator("[data-question]")
    assert box.get_attribute("data-state") == "asked", box.inner_text()


@pytest.mark.parametrize("lang", ["en", "fr", "pt"])  # Japanese: the set of ten below
def test_a_question_answered_right_then_wrong_cites_its_paragraphs(page: Any, site_server: str, lang: str) -> None:
    seed = seed_with_a_misconception("turns", "mtg")
    expected = question(seed, lang, "turns", "mtg")
    open_question(page, site_server, lang, seed, "turns", "mtg")
    box = page.locator("[data-question]")
    assert (box.get_attribute("data-seed"), box.get_attribute("data-rule")) == (str(seed), expected["rule"])
    # The question's number (its share link holds it); the generator's version is not the reader's business.
    assert page.locator(".training-seed").inner_text() == site_string(lang, "Question {seed}", seed=seed)
    assert page.locator(".training-prompt").inner_text() == expected["prompt"]
    assert page.locator(".training-choice").count() == len(expected["choices"])
    round_field = next(f for f in form_fields("mtg", lang) if f["path"] == "/round")
    round_label = next(c["label"] for c in round_field["choices"] if c["value"] == expected["scenario"]["round"])
    shown = page.locator(".training-facts").first.inner_text()
    assert f"{round_field['label']}\n{round_label}" in shown
    # The situation reads as rules_engine.training.situation.facts says (the unit tests rebuild each
    # question from those facts alone): "Nobody had won by the end of the additional turns" included.
    assert situation_lines(page) == lines(facts("mtg", expected["scenario"], lang))

    # Right: the verdict, every step of the engine's ruling, each cited to its paragraph.
    box.locator(f'.training-choice[data-id="{expected["answer"]}"]').click()
    page.wait_for_selector(ANSWERED)
    assert box.get_attribute("data-result") == "right"
    assert page.locator(".training-verdict").inner_text() == site_string(lang, "Right.")
    feedback = page.locator(".training-feedback").inner_text()
    for step in expected["ruling"]["explanation"]:
        assert step["text"] in feedback
    rules = [expected["rule"]] + [step["rule"] for step in expected["ruling"]["explanation"]]
    assert cited(page, ".training-feedback") == [paragraph_url(site_server, lang, "mtg", rule) for rule in rules]
    # Each citation reads as the paragraph's title in the reader's language.
    assert page.eval_on_selector_all(".training-feedback a.checker-cite", "links => links.map((a) => a.textContent)") == [
        f"§ {title(rule, lang)}" for rule in rules]
    assert page.locator('.training-scores dd[data-game="mtg"]').inner_text() == site_string(
        lang, "{right} right of {asked}", right=1, asked=1)

    # The paragraph the question is about, on the procedure page in the same language.
    page.locator(".training-about a").click()
    page.wait_for_url(f"**/{prefix(lang)}{PAGES['mtg']}/#{expected['rule']}")
    assert page.locator(f"#{expected['rule']}").is_visible()
    page.go_back()
    page.wait_for_selector(ASKED, timeout=60_000)

    # Wrong, by keyboard: the misconception it stands for, named in plain words.
    wrong = next(c for c in expected["choices"] if c["misconception"])
    page.keyboard.press(str(expected["choices"].index(wrong) + 1))
    page.wait_for_selector(ANSWERED)
    assert box.get_attribute("data-result") == "wrong"
    right_text = next(c["text"] for c in expected["choices"] if c["id"] == expected["answer"])
    assert page.locator(".training-verdict").inner_text() == site_string(
        lang, "Not quite. The answer is: {answer}", answer=right_text)
    mistake = page.locator(".training-misconception")
    assert mistake.get_attribute("data-misconception") == wrong["misconception"]
    assert judge_tools._misconceptions(lang)[wrong["misconception"]] in mistake.inner_text()
    assert box.locator(f'.training-choice[data-id="{wrong["id"]}"]').get_attribute("data-picked") == ""
    assert box.locator(f'.training-choice[data-id="{expected["answer"]}"]').get_attribute("data-correct") == ""
    assert cited(page, ".training-feedback") == [paragraph_url(site_server, lang, "mtg", rule) for rule in rules]
    assert page.locator('.training-scores dd[data-game="mtg"]').inner_text() == site_string(
        lang, "{right} right of {asked}", right=1, asked=2)
    assert page.traffic.console_errors == []
    assert all(url.startswith(site_server) for url in page.traffic.requests), page.traffic.requests


@pytest.mark.parametrize("lang", ["ja"])  # English and the other languages: the single-question tests
def test_a_set_of_ten_is_timed_and_ends_with_the_paragraphs_missed(page: Any, site_server: str, lang: str) -> None:
    page.goto(f"{site_server}{prefix(lang)}training/")
    page.wait_for_selector(".training[data-engine=ready]", timeout=60_000)
    page.locator(".training-setup").get_by_text(site_string(lang, "The game and match result"), exact=True).click()
    page.locator(".training-setup [data-action=set]").click()
    missed: dict[str, str] = {}
    for index in range(10):
        progress = site_string(lang, "Question {index} of {total}", index=index + 1, total=10)
        page.wait_for_function(
            """(progress) => document.querySelector('[data-question]').dataset.state === 'asked'
                 && document.querySelector('.training-meta strong')?.textContent === progress""",
            arg=progress, timeout=30_000)
        assert re.fullmatch(r"\d\d:\d\d", page.locator(".training-timer").inner_text())
        seed = int(page.locator("[data-question]").get_attribute("data-seed"))
        expected = question(seed, lang, "result", None)
        assert page.locator("[data-question]").get_attribute("data-rule") == expected["rule"]
        choice = expected["answer"] if index % 2 == 0 else next(
            c["id"] for c in expected["choices"] if c["id"] != expected["answer"])
        if index % 2:
            missed.setdefault(expected["rule"], expected["game"])
        page.locator(f'.training-choice[data-id="{choice}"]').click()
        page.wait_for_selector(ANSWERED)
        assert page.locator("[data-question]").get_attribute("data-result") == ("right" if index % 2 == 0 else "wrong")
        page.locator(".training-next").click()

    summary = page.locator("[data-summary]")
    summary.wait_for(state="visible")
    assert (summary.get_attribute("data-right"), summary.get_attribute("data-total")) == ("5", "10")
    assert page.locator(".training-summary-score").inner_text() == site_string(
        lang, "Score: {right} of {total}", right=5, total=10)
    assert re.fullmatch(re.escape(site_string(lang, "Time: {time}", time="@")).replace("@", r"\d\d:\d\d"),
                        page.locator(".training-summary-time").inner_text())
    assert cited(page, "[data-summary]") == [paragraph_url(site_server, lang, game, rule) for rule, game in missed.items()]
    assert page.locator("[data-question]").is_hidden()
    assert page.traffic.console_errors == []


HOSTILE_FRAGMENTS = [
    "#q=" + quote('<img src=x onerror="window.pwned=1">'),
    "#q=12&level=" + quote("<script>window.pwned=1</script>"),
    "#q=12&game=chess",
    "#q=12&level=__proto__",
    "#q=12&game=constructor",
    "#q=-4",
    "#q=1e9",
    "#q=12&extra=1",
]


def test_a_hostile_question_link_shows_an_error_and_runs_no_markup(page: Any, site_server: str) -> None:
    # The first opens the page; the others follow it there, as training.js reads a new fragment (hashchange).
    page.goto(f"{site_server}fr/training/{HOSTILE_FRAGMENTS[0]}")
    for fragment in HOSTILE_FRAGMENTS:
        if fragment != HOSTILE_FRAGMENTS[0]:
            page.evaluate("""(fragment) => {
                document.querySelector("[data-question]").dataset.state = "unread";
                location.hash = fragment;
            }""", fragment)
        page.wait_for_selector("[data-question][data-state=error]", timeout=30_000)
        alert = page.locator('[data-question] [role="alert"]')
        assert alert.inner_text() == site_string("fr", "This link does not hold a valid question."), fragment
        assert page.evaluate("window.pwned") is None, fragment
        assert page.locator(".training img, .training script:not([type]), .training [onerror]").count() == 0, fragment


def test_the_score_is_kept_on_the_device_per_game(page: Any, site_server: str) -> None:
    seed = seed_with_a_misconception("turns", "grand-archive")
    expected = question(seed, "pt", "turns", "grand-archive")
    open_question(page, site_server, "pt", seed, "turns", "grand-archive")
    page.locator(f'.training-choice[data-id="{expected["answer"]}"]').click()
    page.wait_for_selector(ANSWERED)
    page.reload()
    page.wait_for_selector(ASKED, timeout=60_000)
    one = site_string("pt", "{right} right of {asked}", right=1, asked=1)
    none = site_string("pt", "{right} right of {asked}", right=0, asked=0)
    assert page.locator('.training-scores dd[data-game="grand-archive"]').inner_text() == one
    assert page.locator('.training-scores dd[data-game="mtg"]').inner_text() == none
    # Grand Archive's clock that did not run out, and a Yu-Gi-Oh! question of an earlier edition, named
    # with its dates, read as the Python facts say (a new link, no reload).
    assert situation_lines(page) == lines(facts("grand-archive", expected["scenario"], "pt"))
    earlier = question(seed, "pt", "result", EARLIER)
    page.evaluate("(hash) => { location.hash = hash; }", f"#q={seed}&level=result&game={EARLIER}")
    page.wait_for_function("(seed) => document.querySelector('[data-question]').dataset.state === 'asked'"
                           " && document.querySelector('[data-question]').dataset.game === 'yugioh'", arg=str(seed))
    assert situation_lines(page) == lines(facts("yugioh", earlier["scenario"], "pt"))
    assert "20 de setembro de 2024" in page.locator(".training-facts").first.inner_text()


def test_a_lorcana_question_in_japan_names_the_region_and_its_common_mistake(page: Any, site_server: str) -> None:
    # lorcana-japan-one-turn: Takara Tomy's rules for Japan have one additional turn; "five, as worldwide" is the
    # common mistake, named and explained.
    lang = "pt"
    seed = next(s for s in range(500) if question(s, "en", "turns", "lorcana")["rule"] == "lorcana-japan-one-turn")
    expected = question(seed, lang, "turns", "lorcana")
    open_question(page, site_server, lang, seed, "turns", "lorcana")
    assert page.locator(".training-prompt").inner_text() == expected["prompt"]
    assert situation_lines(page) == lines(facts("lorcana", expected["scenario"], lang))
    region = next(f for f in form_fields("lorcana", lang) if f["path"] == "/region")
    assert f"{region['label']}\n{region['choices'][0]['label']}" in page.locator(".training-facts").first.inner_text()
    wrong = next(c for c in expected["choices"] if c["misconception"] == "japan-plays-the-worldwide-five-turns")
    page.locator(f'.training-choice[data-id="{wrong["id"]}"]').click()
    page.wait_for_selector(ANSWERED)
    assert page.locator("[data-question]").get_attribute("data-result") == "wrong"
    assert judge_tools._misconceptions(lang)[wrong["misconception"]] in page.locator(".training-misconception").inner_text()
    assert cited(page, ".training-feedback")[0] == paragraph_url(site_server, lang, "lorcana", "lorcana-japan-one-turn")
    assert page.locator('.training-scores dd[data-game="lorcana"]').inner_text() == site_string(
        lang, "{right} right of {asked}", right=0, asked=1)
    assert page.traffic.console_errors == []
