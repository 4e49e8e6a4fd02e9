"""Accessibility in Chromium: axe-core on every page of every language, and the checker by
keyboard alone.

axe-core is the npm package pinned in package-lock.json (node_modules/axe-core, installed by
`npm ci`), injected once per page; the rules are WCAG 2.0/2.1 A and AA plus axe's best
practices. Every page of the navigation (so pages added later are covered too) in each
language, the 404 page, and the checker in its states: loading/ready, a ruling shown, a
field's error shown, in light and dark colour schemes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from rules_engine import judge
from rules_engine.rule_ids import PAGES
from tests.site.sitebuild import LANGUAGES, nav_pages, page_dir, prefix

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
READY = "window.rulesChecker && window.rulesChecker.state === 'ready'"
# checker.js has set the widget up (it fills the list buttons and the status line).
CHECKER_SET_UP = "() => [...document.querySelectorAll('.checker [data-ruling] .checker-status')].length > 0"


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: `npm ci` installs axe-core (package-lock.json)")
    return AXE.read_text(encoding="utf-8")


def axe_violations(page: Any, axe_source: str, context: dict[str, list[str]] | None = None,
                   rules: list[str] | None = None) -> list[str]:
    """axe-core's violations on the page once it is still, one readable line per element.

    A toast (Material's dialog: "saved on this device…") lasts two seconds and fades in and
    out: mid-fade, axe reads its text at a fraction of its contrast. It is let go, and every
    transition finished, before axe reads the colours; and it is left out (it may come up
    again while axe runs): test_the_toast_at_full_opacity_has_no_axe_violation checks it."""
    page.wait_for_function("() => !document.querySelector('.md-dialog--active')", timeout=10_000)
    page.evaluate("""() => Promise.all(document.getAnimations()
        .filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => null)))""")
    return run_axe(page, axe_source, context or {"exclude": [".md-dialog"]}, rules)


# What a colour scheme changes: the colours (the rest of the page is the same in both schemes).
COLOUR_RULES = ["color-contrast", "link-in-text-block"]


def run_axe(page: Any, axe_source: str, context: dict[str, list[str]], rules: list[str] | None = None) -> list[str]:
    """axe-core's violations in ``context`` now: every rule of TAGS, or only ``rules``."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        # Evaluated, not added as an inline <script>: the page's policy refuses those (site_security.py).
        page.evaluate(axe_source)
    only = {"type": "rule", "values": rules} if rules else {"type": "tag", "values": TAGS}
    results = page.evaluate(
        """([only, context]) => axe.run(context, {runOnly: only, resultTypes: ["violations"]})""",
        [only, context])
    return [f"{v['id']} ({v['impact']}): {node['target']} {node['failureSummary'].splitlines()[-1].strip()}"
            f" | {node['html'][:160]}"
            for v in results["violations"] for node in v["nodes"]]


PAGE_TYPES = [page_dir(markdown) for markdown in nav_pages()]
# Every page type in English and in one other language, the three taking turns (every language
# is read on several page types): what axe checks is the page's structure, controls and colours,
# which the languages share; that no label is empty in any language is the catalogs' parity test.
# Colours do not depend on the language: the dark scheme once per page type, read in the same
# visit as the English page's light scheme, for what a scheme changes (COLOUR_RULES). The other
# languages, taking turns, on the page types whose words are laid out in controls and long text.
WORDY = {"", "checker/", "tracker/", "training/", "glossary/", "compare/"} | {f"{path}/" for path in PAGES.values()}
LOADS = [("en", path, ("light", "dark")) for path in PAGE_TYPES]
LOADS += [(LANGUAGES[1 + i % 3], path, ("light",)) for i, path in enumerate(p for p in PAGE_TYPES if p in WORDY)]


@pytest.mark.parametrize(("lang", "path", "schemes"), LOADS,
                         ids=[f"{lang}-/{path}-{'+'.join(schemes)}" for lang, path, schemes in LOADS])
def test_every_page_has_no_axe_violation(page: Any, site_server: str, axe_source: str,
                                         lang: str, path: str, schemes: tuple[str, ...]) -> None:
    page.emulate_media(color_scheme=schemes[0])
    # What axe reads is the page and its controls, not the engine: a reader saving data gets
    # the engine only on first use (checker-client.mjs), so these loads do not each boot Pyodide.
    # The checker with a ruling, and the tools in use, are checked with the engine below.
    page.add_init_script("Object.defineProperty(navigator, 'connection', {value: {saveData: true}})")
    page.goto(f"{site_server}{prefix(lang)}{path}")
    if page.locator(".checker").count():
        page.wait_for_function(CHECKER_SET_UP)
        # Far down a procedure page the widget is not rendered (content-visibility) until it
        # is near the screen: look at it as a reader who scrolled to it sees it.
        page.locator(".checker").scroll_into_view_if_needed()
    assert page.evaluate("document.documentElement.lang") == lang
    for scheme in schemes:
        if scheme != schemes[0]:
            # The reader's own switch in the header: the page in the other scheme, as its media query gives it.
            page.locator("form[data-md-component=palette] label:visible").click()
        page.wait_for_function("(scheme) => document.body.dataset.mdColorScheme === scheme",
                               arg="slate" if scheme == "dark" else "default")
        assert axe_violations(page, axe_source, rules=COLOUR_RULES if scheme != schemes[0] else None) == [], scheme


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_toast_at_full_opacity_has_no_axe_violation(page: Any, site_server: str, axe_source: str,
                                                         scheme: str) -> None:
    page.emulate_media(color_scheme=scheme)
    page.goto(f"{site_server}fr/")
    page.evaluate("""() => {
      const dialog = document.querySelector('.md-dialog');
      dialog.querySelector('.md-dialog__inner').textContent =
        'Enregistré sur cet appareil : toutes les pages et le vérificateur fonctionnent désormais hors ligne.';
      dialog.classList.add('md-dialog--active');
      getComputedStyle(dialog).opacity;  // the style is recomputed: its transitions start now
    }""")
    page.evaluate("""() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)))""")
    dialog = page.locator(".md-dialog")
    assert dialog.is_visible() and float(dialog.evaluate("d => getComputedStyle(d).opacity")) == 1
    assert run_axe(page, axe_source, {"include": [".md-dialog"]}) == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_404_page_has_no_axe_violation(page: Any, site_server: str, axe_source: str, scheme: str) -> None:
    # One 404.html for the whole site, greeting the reader in every language.
    page.emulate_media(color_scheme=scheme)
    page.goto(f"{site_server}404.html")
    assert page.locator(".site-not-found").count() == len(LANGUAGES)
    assert axe_violations(page, axe_source) == []


# The checker in its states, a different form in each language (lists with rows included).
RULED = {
    "en": ("mtg", {"version": 1, "game": "mtg", "round": "swiss", "games_won": [0, 0],
                   "time_called": "during-game", "active_player": "A",
                   "extra_turns": [{"player": "A", "after_turn": 0}],
                   "slow_play_penalties": [{"player": "B", "during_additional_turns": False}]}),
    "fr": ("grand-archive", {"version": 1, "game": "grand-archive", "round": "single-elimination",
                             "games_won": [1, 1], "time_called": "during-game", "active_player": "A",
                             "clock_expired_during_turn": 2,
                             "current_game": {"champion_life": [30, 25], "damage": [10, 4]}}),
    "pt": ("yugioh", {"version": 1, "game": "yugioh", "edition": "2.3", "round": "single-elimination", "games_won": [1, 1],
                      "time_called": "during-game", "active_player": "B",
                      "current_game": {"life": [4000, 4000]}}),
    "ja": ("any", {"version": 1, "game": "mtg", "round": "single-elimination", "games_won": [1, 1],
                   "time_called": "between-games", "tiebreak_game": {"winner": "B"}}),
}
# Refused by the engine, each on a field of the form (the message goes beside it).
REFUSED = {
    "mtg": ({"version": 1, "game": "mtg", "round": "single-elimination", "games_won": [1, 1],
             "time_called": "during-game", "active_player": "A", "current_game": {"life": [7, None]}},
            "/current_game/life"),
    "grand-archive": ({"version": 1, "game": "grand-archive", "round": "swiss", "games_won": [0, 0],
                       "time_called": "during-game", "active_player": "A", "time_extension_minutes": 9},
                      "/time_extension_minutes"),
    "yugioh": ({"version": 1, "game": "yugioh", "edition": "2.3", "round": "swiss", "games_won": [0, 0],
                "time_called": "during-game", "active_player": "A", "current_game": {"life": [4000, None]}},
               "/current_game/life"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_checker_with_a_ruling_and_with_an_error_has_no_axe_violation(
        page: Any, site_server: str, axe_source: str, lang: str) -> None:
    game, scenario = RULED[lang]
    path = "checker/" if game == "any" else f"{PAGES[game]}/"
    page.goto(f"{site_server}{prefix(lang)}{path}#scenario={quote(json.dumps(scenario))}")
    page.wait_for_selector("[data-ruling][data-state=ready]", timeout=30_000)
    assert axe_violations(page, axe_source) == [], "with a ruling shown"

    refused, field = REFUSED[scenario["game"]]
    page.evaluate("(hash) => { location.hash = hash; }", f"#scenario={quote(json.dumps(refused))}")
    page.wait_for_selector("[data-ruling][data-state=error]", timeout=30_000)
    form = page.locator(f".checker-form[data-game={refused['game']}]")
    assert form.locator(f'[data-path="{field}"] .checker-error').is_visible(), "the error is beside its field"
    if lang in ("fr", "ja"):
        # Dark, by the reader's switch in the header (Material reads the system's scheme once, at load).
        page.locator("form[data-md-component=palette] label:visible").click()
        page.wait_for_function("() => document.body.dataset.mdColorScheme === 'slate'")
    assert axe_violations(page, axe_source) == [], "with a field's error shown"


# --- the checker by keyboard alone --------------------------------------------------------

ACTIVE = """() => {
  const e = document.activeElement;
  const field = e.closest(".checker-field");
  return {tag: e.tagName.toLowerCase(), type: e.type || "", value: e.value ?? "", checked: !!e.checked,
          path: field ? field.dataset.path : "", inForm: !!e.closest(".checker-form"),
          ruling: e.matches("[data-ruling]"), action: e.dataset ? (e.dataset.action || "") : "",
          invalid: e.getAttribute("aria-invalid"), describedby: e.getAttribute("aria-describedby") || ""};
}"""


def active(page: Any) -> dict[str, Any]:
    return page.evaluate(ACTIVE)


def tab_to(page: Any, path: str, most: int = 12) -> dict[str, Any]:
    """Tab forward until the focus is on a control of the field ``path``, staying in the form."""
    for _ in range(most):
        page.keyboard.press("Tab")
        now = active(page)
        if now["path"] == path:
            return now
    raise AssertionError(f"Tab never reached {path}; the focus is on {active(page)}")


def type_number(page: Any, text: str) -> None:
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.type(text)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_checker_by_keyboard_alone(page: Any, site_server: str, lang: str) -> None:
    page.goto(f"{site_server}{prefix(lang)}{PAGES['mtg']}/#checker")
    page.wait_for_function(READY, timeout=30_000)
    form = page.locator(".checker-form[data-game=mtg]")

    # From the checker's heading, Tab reaches the form's first field: the round (nothing chosen for the
    # reader: the first choice, unchecked; Space checks it).
    now = tab_to(page, "/round", most=4)
    assert now["type"] == "radio" and now["value"] == "swiss" and not now["checked"]
    page.keyboard.press("Space")
    assert active(page)["checked"]
    page.keyboard.press("ArrowRight")  # arrows choose within a group
    assert active(page)["value"] == "single-elimination"
    assert form.locator('[data-path="/round"] input:checked').get_attribute("value") == "single-elimination"

    # Games won: one group of choices per side, arrows pick (none chosen, 1 next to 0).
    now = tab_to(page, "/games_won")
    assert now["type"] == "radio" and now["value"] == "0" and not now["checked"]
    page.keyboard.press("ArrowRight")
    assert active(page)["value"] == "1" and active(page)["checked"]
    page.keyboard.press("Tab")
    assert active(page)["path"] == "/games_won"
    page.keyboard.press("ArrowRight")
    assert active(page)["value"] == "1" and active(page)["checked"]

    now = tab_to(page, "/active_player")
    assert now["value"] == "A" and not now["checked"]
    page.keyboard.press("ArrowRight")
    assert active(page)["value"] == "B" and active(page)["checked"]

    now = tab_to(page, "/turn_pass_announced")
    assert now["type"] == "checkbox" and not now["checked"]
    page.keyboard.press("Space")  # space ticks a box
    assert active(page)["checked"]

    # Enter submits. Single elimination, a game in progress, A's life total without B's: the engine
    # refuses, and the message is on the field: the focus moves to it, marked invalid and described by it.
    tab_to(page, "/current_game/life")
    type_number(page, "7")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-ruling][data-state=error]", timeout=30_000)
    now = active(page)
    assert now["path"] == "/current_game/life" and now["tag"] == "input", now
    assert now["invalid"] == "true"
    error = form.locator('[data-path="/current_game/life"] .checker-error')
    assert error.is_visible() and error.inner_text().strip()
    assert error.get_attribute("role") == "alert"
    assert error.get_attribute("id") in now["describedby"].split()

    # Type B's life total where the focus already is, and submit with Enter again.
    type_number(page, "12")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-ruling][data-state=ready]", timeout=30_000)

    # The ruling is a polite live region and takes the focus; the error is gone.
    ruling = page.locator("[data-ruling]")
    assert ruling.get_attribute("aria-live") == "polite"
    assert active(page)["ruling"]
    assert form.locator("[aria-invalid]").count() == 0 and not error.is_visible()
    scenario = json.loads(ruling.get_attribute("data-scenario"))
    assert {key: scenario.get(key) for key in ("round", "games_won", "active_player", "turn_pass_announced")} == {
        "round": "single-elimination", "games_won": [1, 1], "active_player": "B", "turn_pass_announced": True}
    assert scenario["current_game"]["life"] == [7, 12]
    expected = judge(scenario, lang)
    assert ruling.get_attribute("data-match-result") == expected["match"]["result"]
    for step in expected["explanation"]:
        assert step["text"] in ruling.inner_text()

    # Tab goes on from the ruling to its first link (a citation), not back to the top.
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('[data-ruling]') !== null")


def test_checker_lists_keep_the_keyboard_focus(page: Any, site_server: str) -> None:
    page.goto(f"{site_server}{PAGES['mtg']}/#checker")
    page.wait_for_function(CHECKER_SET_UP)
    form = page.locator(".checker-form[data-game=mtg]")
    more = form.locator("details.checker-more > summary")
    more.focus()
    page.keyboard.press("Enter")  # opens "More facts"
    add = form.locator('[data-path="/extra_turns"] > fieldset > [data-action=add]')
    add.focus()
    page.keyboard.press("Enter")
    # The new row's first control has the focus.
    now = active(page)
    assert now["path"].startswith("/extra_turns/-/") and now["tag"] == "input", now
    remove = form.locator('[data-path="/extra_turns"] .checker-row [data-action=remove]')
    remove.focus()
    page.keyboard.press("Space")
    # The row is gone, and so is its button: the focus stays in the list, on "Add".
    assert form.locator('[data-path="/extra_turns"] .checker-row').count() == 0
    assert active(page)["action"] == "add" and active(page)["path"] == "/extra_turns"
