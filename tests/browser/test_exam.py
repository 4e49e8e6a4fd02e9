"""Practice exams in Chromium, the engine really running in the site's own Pyodide.

Never mocked: every exam the page shows is rules_engine.training.exam under Pyodide, compared with
the same code's exam under CPython.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules_engine.training.exam import exam, new_code
from rules_engine.training.situation import facts, lines
from rules_engine.rule_ids import PAGES
from rules_engine.titles import title
from tests.browser.test_training import site_string
from tests.site.sitebuild import prefix

pytestmark = pytest.mark.browser

CODE = new_code(["mtg", "grand-archive", "yugioh"], ["turns", "result", "tiebreak"], 10, 4242)
EXAM = "[data-exam]"


def open_exam(page: Any, site: str, lang: str, code: str = CODE) -> None:
    page.goto(f"{site}{prefix(lang)}training/#exam={code}")
    page.wait_for_selector(f"{EXAM}[data-state=question], {EXAM}[data-error]", timeout=60_000)
    assert page.locator(EXAM).get_attribute("data-state") == "question", page.locator(EXAM).text_content()


def answer(page: Any, index: int, option: int) -> None:
    """Answer question ``index`` (from 1) with ``option``, then move on (the last finishes)."""
    page.wait_for_selector(f'{EXAM}[data-state=question][data-index="{index}"]')
    page.locator(f'.exam-stage .training-choice[data-index="{option}"]').click()
    page.locator(".exam-nav [data-action=next], .exam-nav [data-action=finish]").click()


def plan_answers(expected: dict[str, Any]) -> list[int]:
    """Right on even questions, wrong (a misconception where the exam offers one) on odd ones."""
    answers = []
    for i, q in enumerate(expected["questions"]):
        if i % 2 == 0:
            answers.append(q["answer"])
        else:
            wrong = [o for o in range(len(q["options"])) if o != q["answer"]]
            named = [o for o in wrong if q["misconceptions"][o]]
            answers.append((named or wrong)[0])
    return answers


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_exam_from_its_code_to_its_review(page: Any, site_server: str, lang: str) -> None:
    expected = exam(CODE, lang)
    open_exam(page, site_server, lang)
    # The browser's engine gives the same exam as the command line's, byte for byte once parsed.
    in_browser = page.evaluate("([code, lang]) => window.rulesChecker.exam(code, lang)", [CODE, lang])
    assert in_browser == json.loads(json.dumps(expected))
    first = expected["questions"][0]
    assert page.locator(".exam-stage .training-prompt").text_content() == first["prompt"]
    assert page.locator(".exam-stage .training-choice").all_text_contents() == [
        f"{i + 1}{text}" for i, text in enumerate(first["options"])]
    assert site_string(lang, "Exam {code}", code=expected["code"]) in page.locator(".exam-stage .training-meta").text_content()
    # No feedback until the end: a chosen answer is only marked.
    page.locator('.exam-stage .training-choice[data-index="0"]').click()
    assert page.locator('.exam-stage .training-choice[aria-pressed="true"]').count() == 1
    assert page.locator(".exam-stage [data-correct], .exam-stage .training-verdict").count() == 0

    answers = plan_answers(expected)
    for i, option in enumerate(answers, start=1):
        answer(page, i, option)
    page.wait_for_selector(f"{EXAM}[data-state=review]", timeout=10_000)
    box = page.locator(EXAM)
    right = sum(a == q["answer"] for a, q in zip(answers, expected["questions"], strict=True))
    assert box.get_attribute("data-score") == str(right) == str(5)
    assert page.locator(".exam-score").text_content() == site_string(lang, "Score: {right} of {total}", right=right, total=10)
    items = page.locator(".exam-item")
    assert items.count() == 10
    assert [items.nth(i).get_attribute("data-result") for i in range(10)] == ["right", "wrong"] * 5
    # Each miss: the right answer, the misconception the wrong answer stands for, the
    # explanation cited in the reader's language, linked to the paragraph.
    second = expected["questions"][1]
    miss = items.nth(1)
    assert second["options"][second["answer"]] in miss.text_content()
    if second["misconceptions"][answers[1]]:
        assert miss.locator(f'[data-misconception="{second["misconceptions"][answers[1]]}"]').count() == 1
    cites = miss.locator("a.checker-cite")
    assert cites.count() == len(second["explanation"])
    assert cites.first.text_content() == f"§ {title(second['explanation'][0]['rule'], lang)}"
    assert cites.first.get_attribute("href").endswith(f"{PAGES[second['game']]}/#{second['explanation'][0]['rule']}")
    # The missed paragraphs, and the result's link: everything in the address.
    missed = {q["rule"] for a, q in zip(answers, expected["questions"], strict=True) if a != q["answer"]}
    assert {li.get_attribute("data-rule") for li in page.locator(".exam-missed li").all()} == missed
    link = f"{site_server}{prefix(lang)}training/#exam={CODE}&answers={''.join(map(str, answers))}"
    assert page.evaluate("location.href") == link
    # The progress on this device: the exam and every paragraph asked.
    assert page.locator(".exam-history li").count() == 1
    assert f"{right}" in page.locator(".exam-history li").text_content()
    assert {li.get_attribute("data-rule") for li in page.locator(".exam-paragraphs li").all()} == {
        q["rule"] for q in expected["questions"]}
    # The print copy: ten questions, then the answer key.
    assert page.locator(".exam-print-questions > li").count() == 10
    assert page.locator(".exam-print-key > li").count() == 10
    assert page.evaluate("document.querySelector('.exam-print').checkVisibility()") is False
    page.emulate_media(media="print")
    assert page.evaluate("document.querySelector('.exam-print').checkVisibility()") is True
    assert page.evaluate("document.querySelector('.exam-stage').checkVisibility()") is False
    assert page.evaluate("getComputedStyle(document.querySelector('.exam-print-break')).breakBefore") == "page"
    assert page.traffic.console_errors == []


def test_a_shared_result_link_shows_the_score_and_is_not_added_to_progress(page: Any, site_server: str) -> None:
    expected = exam(CODE, "fr")
    answers = [q["answer"] for q in expected["questions"]]
    answers[3] = (answers[3] + 1) % len(expected["questions"][3]["options"])
    page.goto(f"{site_server}fr/training/#exam={CODE.lower()}&answers={''.join(map(str, answers[:9]))}-")
    page.wait_for_selector(f"{EXAM}[data-state=review]", timeout=60_000)
    assert page.locator(EXAM).get_attribute("data-score") == "8"
    assert page.locator(".exam-shared").count() == 1
    assert [li.get_attribute("data-rule") for li in page.locator(".exam-missed li").all()] == list(dict.fromkeys(
        [expected["questions"][3]["rule"], expected["questions"][9]["rule"]]))
    assert page.locator(".exam-history li.exam-empty").count() == 1
    # A result link whose answers do not fit the exam, or a code of no exam: said, not shown.
    for bad in (f"#exam={CODE}&answers=012", "#exam=nonsense", f"#exam={CODE}&answers=9999999999", "#exam=x&y=1"):
        # Followed on this page, as the exam reads a new link (no reload, no second engine start).
        page.evaluate("([exam, hash]) => { document.querySelector(exam).removeAttribute('data-error'); location.hash = hash; }",
                      [EXAM, bad])
        page.wait_for_selector(f"{EXAM}[data-error]", timeout=60_000)
        assert page.locator(EXAM).get_attribute("data-state") == "settings"
        assert page.locator(".exam-stage [role=alert]").count() == 1
    assert page.traffic.console_errors == []


def test_an_exam_resumes_where_it_was_after_a_reload(page: Any, site_server: str) -> None:
    expected = exam(CODE, "pt")
    open_exam(page, site_server, "pt")
    answer(page, 1, expected["questions"][0]["answer"])
    answer(page, 2, expected["questions"][1]["answer"])
    page.locator('.exam-stage .training-choice[data-index="0"]').click()
    page.reload()
    page.wait_for_selector(f'{EXAM}[data-state=question][data-index="3"]', timeout=60_000)
    assert page.locator('.exam-stage .training-choice[aria-pressed="true"]').get_attribute("data-index") == "0"
    page.locator(".exam-nav [data-action=previous]").click()
    assert page.locator('.exam-stage .training-choice[aria-pressed="true"]').get_attribute("data-index") == str(
        expected["questions"][1]["answer"])
    # Finishing with unanswered questions asks first.
    messages: list[str] = []
    page.on("dialog", lambda dialog: (messages.append(dialog.message), dialog.accept()))
    for i in range(2, 10):
        page.locator(".exam-nav [data-action=next]").click()
        page.wait_for_selector(f'{EXAM}[data-index="{i + 1}"]')
    page.locator(".exam-nav [data-action=finish]").click()
    page.wait_for_selector(f"{EXAM}[data-state=review]")
    assert messages == [site_string("pt", "{count} questions without an answer: finish anyway?", count=7)]
    right = 2 + (expected["questions"][2]["answer"] == 0)
    assert page.locator(EXAM).get_attribute("data-score") == str(right)
    # A reload of the finished exam shows its review again, without counting it twice.
    page.reload()
    page.wait_for_selector(f"{EXAM}[data-state=review]", timeout=60_000)
    assert page.locator(".exam-history li").count() == 1


def test_progress_exports_and_imports_and_practice_aims_at_the_misses(page: Any, site_server: str, tmp_path: Path) -> None:
    expected = exam(CODE, "en")
    open_exam(page, site_server, "en")
    for i, q in enumerate(expected["questions"], start=1):
        answer(page, i, (q["answer"] + 1) % len(q["options"]))  # every answer wrong
    page.wait_for_selector(f"{EXAM}[data-state=review]")
    assert page.locator(EXAM).get_attribute("data-score") == "0"
    before = page.evaluate("localStorage.getItem('end-of-match:training:progress:v1')")
    with page.expect_download() as download:
        page.locator(".training-progress [data-action=export]").click()
    exported = tmp_path / "progress.json"
    download.value.save_as(exported)
    assert json.loads(exported.read_text()) == json.loads(before)

    page.on("dialog", lambda dialog: dialog.accept())
    page.locator(".training-progress [data-action=clear]").click()
    assert page.locator(".exam-history li.exam-empty").count() == 1
    assert page.locator(".exam-paragraphs li").count() == 0
    page.locator(".training-progress [data-action=import]").set_input_files(str(exported))
    page.wait_for_selector(".exam-history li[data-code]")
    assert json.loads(page.evaluate("localStorage.getItem('end-of-match:training:progress:v1')")) == json.loads(before)
    # A file that is not this site's progress is refused, and changes nothing.
    junk = tmp_path / "junk.json"
    junk.write_text(json.dumps({"version": 1, "exams": [], "paragraphs": {"no-such-rule": {"asked": 1, "right": 0}}}))
    page.locator(".training-progress [data-action=import]").set_input_files(str(junk))
    page.wait_for_function("document.querySelector('.exam-import-status').textContent.includes('does not hold')")
    assert json.loads(page.evaluate("localStorage.getItem('end-of-match:training:progress:v1')")) == json.loads(before)

    # Practice: only Magic's turn plan, every paragraph of it missed once but one answered right often.
    page.locator(".exam-stage [data-action=new-exam]").click()
    for name, keep in (("games", "mtg"), ("levels", "turns")):
        for box in page.locator(f'[data-setting="{name}"] input').all():
            if (box.get_attribute("value") == keep) != box.is_checked():
                box.click(force=True)
    page.locator(".exam-settings [data-action=practise]").click()
    page.wait_for_selector(f"{EXAM}[data-state=question]", timeout=30_000)
    assert "#exam=practice" in page.evaluate("location.href")
    practice = page.evaluate("JSON.parse(localStorage.getItem('end-of-match:training:exam-run:v1')).practice")
    assert practice["games"] == ["mtg"] and practice["levels"] == ["turns"]
    assert practice["stats"] == json.loads(before)["paragraphs"]
    page.reload()
    page.wait_for_selector(f'{EXAM}[data-state=question][data-index="1"]', timeout=60_000)
    assert page.traffic.console_errors == []


def test_an_exam_goes_on_where_the_device_keeps_nothing(page: Any, site_server: str) -> None:
    page.add_init_script("""Storage.prototype.setItem = () => { throw new DOMException("full", "QuotaExceededError"); };""")
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_exam(page, site_server, "en")
    assert page.locator(".exam-storage-alert").is_visible()
    expected = exam(CODE, "en")
    for i, q in enumerate(expected["questions"], start=1):
        answer(page, i, q["answer"])
    page.wait_for_selector(f"{EXAM}[data-state=review]")
    assert page.locator(EXAM).get_attribute("data-score") == "10"
    assert errors == []


def test_the_settings_make_a_code_of_what_was_picked(page: Any, site_server: str) -> None:
    page.goto(f"{site_server}ja/training/")
    page.locator('[data-setting="games"] input[value="yugioh"]').click(force=True)
    page.locator('[data-setting="length"] input[value="40"]').click(force=True)
    page.locator(".exam-settings button[type=submit]").click()
    page.wait_for_selector(f"{EXAM}[data-state=question]", timeout=60_000)
    code = page.evaluate("new URLSearchParams(location.hash.slice(1)).get('exam')")
    settings = exam(code, "ja")["settings"]
    assert settings["games"] == ["mtg", "grand-archive", "lorcana"] and settings["length"] == 40
    assert page.locator(".exam-stage .training-prompt").text_content() == exam(code, "ja")["questions"][0]["prompt"]
    # Nothing picked: said at once, nothing started.
    page.locator(".exam-nav [data-action=next]").click()
    page.goto(f"{site_server}ja/training/")
    for box in page.locator('[data-setting="levels"] input').all():
        box.click(force=True)
    page.locator(".exam-settings button[type=submit]").click()
    assert page.locator(".exam-settings-alert").is_visible()
    assert page.locator(EXAM).get_attribute("data-state") == "settings"


EXAM_TAP_TARGETS = """() => {
  const small = [];
  const targets = document.querySelectorAll(
    ':is(.exam-settings, .exam-open, .exam-nav, .exam-actions, .exam-progress-actions) :is(button, label:not([for]), input),'
    + ' .exam-stage .training-choice');
  for (const target of targets) {
    const box = target.getBoundingClientRect();
    if (!box.width || !box.height) continue;  // not displayed
    // A box inside its label is tapped through the label; a text field's caption (label[for]) is not a target.
    if (target.tagName === 'INPUT' && target.closest('label')) continue;
    if (box.width < 44 || box.height < 44) small.push(`${target.tagName} ${target.textContent.trim().slice(0, 30)} ${Math.round(box.width)}×${Math.round(box.height)}`);
  }
  return small;
}"""


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_one_thumb_on_a_360_px_phone_in_every_state(phone: Any, site_server: str, lang: str) -> None:
    page = phone
    page.goto(f"{site_server}{prefix(lang)}training/")
    page.wait_for_selector(f"{EXAM}[data-state=settings]")
    states = {"settings": (page.evaluate(EXAM_TAP_TARGETS), page.evaluate("document.documentElement.scrollWidth"))}
    expected = exam(CODE, lang)
    page.goto(f"{site_server}{prefix(lang)}training/#exam={CODE}")
    page.reload()
    page.wait_for_selector(f"{EXAM}[data-state=question]", timeout=60_000)
    states["question"] = (page.evaluate(EXAM_TAP_TARGETS), page.evaluate("document.documentElement.scrollWidth"))
    for i, q in enumerate(expected["questions"], start=1):
        page.wait_for_selector(f'{EXAM}[data-index="{i}"]')
        page.locator(f'.exam-stage .training-choice[data-index="{q["answer"]}"]').tap()
        page.locator(".exam-nav [data-action=next], .exam-nav [data-action=finish]").tap()
    page.wait_for_selector(f"{EXAM}[data-state=review]")
    states["review"] = (page.evaluate(EXAM_TAP_TARGETS), page.evaluate("document.documentElement.scrollWidth"))
    assert states == {state: ([], 360) for state in ("settings", "question", "review")}


LORCANA_CODE = new_code(["lorcana"], ["turns", "result", "tiebreak"], 10, 2026)


@pytest.mark.parametrize("lang", ["fr"])
def test_a_lorcana_exam_shows_each_situation_and_cites_the_lorcana_page(page: Any, site_server: str, lang: str) -> None:
    expected = exam(LORCANA_CODE, lang)
    assert LORCANA_CODE.split("-")[1] == "L" and {q["game"] for q in expected["questions"]} == {"lorcana"}
    open_exam(page, site_server, lang, LORCANA_CODE)
    in_browser = page.evaluate("([code, lang]) => window.rulesChecker.exam(code, lang)", [LORCANA_CODE, lang])
    assert in_browser == json.loads(json.dumps(expected))
    for index, q in enumerate(expected["questions"], start=1):
        page.wait_for_selector(f'{EXAM}[data-state=question][data-index="{index}"]')
        # The situation as the Python facts say it: the edition and its dates, Japan where Takara Tomy's rules apply,
        # "Nobody had won by the end of the additional turns", the lore at their end.
        shown = [line for line in page.locator(".exam-stage .training-facts").first.inner_text().split("\n") if line.strip()]
        assert shown == lines(facts("lorcana", q["scenario"], lang)), index
        assert page.locator(".exam-stage .training-prompt").text_content() == q["prompt"]
        answer(page, index, q["answer"])
    page.wait_for_selector(f"{EXAM}[data-state=review]", timeout=10_000)
    assert page.locator(EXAM).get_attribute("data-score") == "10"
    first = expected["questions"][0]
    cites = page.locator(".exam-item").first.locator("a.checker-cite")
    assert cites.first.get_attribute("href").endswith(f"{PAGES['lorcana']}/#{first['explanation'][0]['rule']}")
    assert {li.get_attribute("data-rule") for li in page.locator(".exam-paragraphs li").all()} == {
        q["rule"] for q in expected["questions"]}
    assert page.traffic.console_errors == []


def test_a_code_handed_out_before_lorcana_still_opens_its_exam(page: Any, site_server: str) -> None:
    old = "13-MGY-TRB-10-3AB"
    expected = exam(old, "en")
    assert expected["code"] == old
    open_exam(page, site_server, "en", old.lower())
    assert site_string("en", "Exam {code}", code=old) in page.locator(".exam-stage .training-meta").text_content()
    assert page.locator(".exam-stage .training-prompt").text_content() == expected["questions"][0]["prompt"]


LONG_CODE = new_code(["mtg", "grand-archive", "yugioh"], ["turns", "result", "tiebreak"], 20, 7)


def test_no_choice_stays_under_the_pinned_bar_at_360_by_740(phone: Any, site_server: str) -> None:
    """Every question of a 20-question exam: its lowest choice, brought into view, stands whole above the
    pinned Previous/Next bar, and a tap on it chooses it (never Previous, Next or the bar)."""
    expected = exam(LONG_CODE, "en")
    assert len(expected["questions"]) == 20
    open_exam(phone, site_server, "en", LONG_CODE)
    for index in range(1, 21):
        phone.wait_for_selector(f'{EXAM}[data-state=question][data-index="{index}"]')
        lowest = phone.locator(".exam-stage .training-choice").last
        for how in ("nearest", "end"):
            lowest.evaluate(f"(choice) => choice.scrollIntoView({{block: '{how}'}})")
            bar, box = phone.locator(".exam-nav").bounding_box(), lowest.bounding_box()
            assert box["y"] + box["height"] <= bar["y"], (index, how, box, bar)
            assert box["y"] >= 0
        # At the question's own opening position too (the page scrolled up, then the choice tapped).
        phone.evaluate("() => scrollTo(0, 0)")
        lowest.tap()
        assert lowest.get_attribute("aria-pressed") == "true", index
        bar, box = phone.locator(".exam-nav").bounding_box(), lowest.bounding_box()
        assert box["y"] + box["height"] <= bar["y"], (index, box, bar)
        phone.locator(".exam-nav [data-action=next], .exam-nav [data-action=finish]").tap()
    phone.wait_for_selector(f"{EXAM}[data-state=review]", timeout=10_000)
    assert phone.errors == []
