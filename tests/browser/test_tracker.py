"""The turn tracker in Chromium, the engine really running in the site's own Pyodide.

Every state the page shows is compared with rules_engine.trackers.turns.track under CPython for the
very events the page stored. Time is the page's own clock, shifted by the test through the
tracker's test hook (window.__trackerNow), so the Grand Archive clock can run out in a second.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urljoin

import pytest

from rules_engine import ScenarioError, editions, judge
from rules_engine.contract.fields import form_fields
from rules_engine.rule_ids import PAGES
from rules_engine.trackers.turns import track
from tests.site.sitebuild import prefix
from tests.test_terminology import violations

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "overrides" / "hooks"))
import judge_tools  # noqa: E402  (the ids the page shows when the clock runs out)
import site_catalog  # noqa: E402

pytestmark = pytest.mark.browser

EVENTS_KEY = "end-of-match:tracker:events:v1"
MINUTE = 60_000
OFFSET_KEY = "tracker-test-offset"
CLOCK_HOOK = f"window.__trackerNow = () => Date.now() + Number(sessionStorage.getItem('{OFFSET_KEY}') || 0)"


def site_string(lang: str, msgid: str, **values: Any) -> str:
    text = site_catalog.translations(lang).gettext(msgid)
    return re.sub(r"\{(\w+)\}", lambda m: str(values.get(m[1], m[0])), text)


def choice(lang: str, path: str, value: str, game: str = "grand-archive") -> str:
    """A choice's label, as the engine's form fields give it."""
    field = next(f for f in form_fields(game, lang) if f["path"] == path)
    return next(c["label"] for c in field["choices"] if c["value"] == value)


def stored(page: Any) -> list[dict[str, Any]]:
    return json.loads(page.evaluate(f"localStorage.getItem('{EVENTS_KEY}') || '[]'"))


def open_tracker(page: Any, site: str, lang: str) -> None:
    page.goto(f"{site}{prefix(lang)}tracker/")


def games_won(page: Any, a: int, b: int, round_: str = "swiss", active: str = "A", best_of: str = "3",
              when: str = "during-game") -> None:
    """The facts the setup asks, none chosen before the judge taps it: the games each side had won, one
    tap each; and the round, the games in the match, when time was called (Yu-Gi-Oh!) and whose turn it is
    (where asked), unless the test has tapped them already."""
    for player, wins in (("A", a), ("B", b)):
        page.locator(f'.tracker-setup label:has(> input[name="tracker-wins-{player}"][value="{wins}"])').click()
    for name, value in (("tracker-round", round_), ("tracker-best-of", best_of), ("tracker-when", when),
                        ("tracker-active", active)):
        if page.locator(f'.tracker-setup input[name="{name}"]:checked').count() == 0:
            option = page.locator(f'.tracker-setup label:has(> input[name="{name}"][value="{value}"])')
            if option.is_visible():
                option.click()


def tap(page: Any, action: str) -> None:
    """One tap; the tap list shows it at once, whatever the engine is doing."""
    before = len(stored(page))
    page.locator(f'.tracker-actions [data-action="{action}"]').click()
    assert len(stored(page)) == before + 1
    assert page.locator(".tracker-tap-list li").count() == before + 1


def shown(page: Any, lang: str, now: float | None = None) -> dict[str, Any]:
    """Wait for the engine's answer to the stored taps; check the board shows it; return it."""
    page.wait_for_function(
        f"""() => {{
          const board = document.querySelector('.tracker-board');
          const taps = JSON.parse(localStorage.getItem('{EVENTS_KEY}') || '[]');
          return board && (board.dataset.state === 'error' || board.dataset.state === 'ready'
            && document.querySelectorAll('.tracker-tap-list li').length === taps.length);
        }}""", timeout=60_000)
    assert page.locator(".tracker-board").get_attribute("data-state") == "ready", page.locator(".tracker-status").inner_text()
    events = stored(page)
    state = track(events, lang, now)
    board = page.locator(".tracker-board")
    assert board.get_attribute("data-finished") == str(state["finished"]).lower()
    if state["finished"]:
        assert page.locator(".tracker-finished-title").inner_text() == site_string(lang, end_title(state))
        return state
    team = events[0].get("two_headed_giant")
    player = site_string(lang, "Team {player}" if team else "Player {player}", player=state["player"])
    left = state["turns_left"]
    left_text = (site_string(lang, "Last turn") if left == 0 else site_string(lang, "1 more turn after this one")
                 if left == 1 else site_string(lang, "{count} more turns after this one", count=left))
    assert page.locator(".tracker-turn").inner_text() == site_string(lang, "Turn {number}", number=state["turn"])
    assert page.locator(".tracker-player").inner_text() == player
    assert page.locator(".tracker-left").inner_text() == left_text
    assert page.locator(".tracker-extra").is_visible() == state["extra"]
    assert page.locator(".tracker-additional").inner_text() == site_string(
        lang, "Additional turns after turn 0: {count}", count=state["additional_turns"])
    return state


def end_title(state: dict[str, Any]) -> str:
    """The end screen's heading (msgid), as the ruling of the situation handed on says: "The procedure is
    over." only where the match's result is final; the head judge's to decide; else the end-of-match turns
    are over (play goes on: sudden death, the lore…). Yu-Gi-Oh!'s state holds its match; a start without the
    score (kept from before the tracker asked it) has no ruling to say it."""
    match = state.get("match")
    if match is None:
        try:
            match = judge(state["scenario"])["match"]
        except ScenarioError:
            match = None
    if match and match["final"]:
        return "The procedure is over."
    if match and match["next"] == "head-judge":
        return "The head judge decides what follows."
    return "The end-of-match turns are over. What happens now:"


def open_in_checker(page: Any, site: str, lang: str, state: dict[str, Any]) -> None:
    link = page.locator(".tracker-open-checker")
    href = link.get_attribute("href")
    assert urljoin(page.url, href.split("#")[0]) == f"{site}{prefix(lang)}{PAGES[state['game']]}/"
    assert href.endswith("&from=tracker")  # the checker names the situation as the tracker's
    assert json.loads(unquote(href.split("#scenario=", 1)[1].removesuffix("&from=tracker"))) == state["scenario"]
    # Followed from the keyboard: a pointer's click can be split by Material's "Back to top"
    # button, which appears over the top of the page when the browser scrolls up to the link.
    link.focus()
    page.keyboard.press("Enter")
    try:
        page.wait_for_selector("[data-ruling][data-state=ready], [data-ruling][data-state=error]", timeout=60_000)
    except Exception as error:  # say where it stopped: the URL, the engine's state, the ruling's text
        where = page.evaluate("""() => ({url: location.href, engine: window.rulesChecker?.state,
          stage: window.rulesChecker?.stage,
          ruling: document.querySelector('[data-ruling]')?.outerHTML.slice(0, 400)})""")
        raise AssertionError(f"no ruling on the checker's page: {where}; console: {page.traffic.console_errors}") from error
    assert json.loads(page.locator("[data-ruling]").get_attribute("data-scenario")) == state["scenario"]
    # Nothing was shared: the line at the top names the situation as the tracker's.
    assert page.locator(".checker-shared-situation strong").inner_text() == site_string(lang, "Situation from the turn tracker:")


# One language for each game's procedure, each another reader's (its words come from the catalogs, whose
# parity is tested without a browser): Magic in French, Grand Archive in Portuguese, Yu-Gi-Oh! in Japanese.
@pytest.mark.parametrize("lang", ["fr"])
def test_a_magic_procedure_with_an_extra_turn_survives_a_reload(page: Any, site_server: str, lang: str) -> None:
    open_tracker(page, site_server, lang)
    # The score is asked at the time call (DESIGN §3.6), in the engine's words for the game.
    score = page.locator(".tracker-setup fieldset.tracker-wins")
    assert score.is_visible() and score.locator("legend").inner_text() == next(
        f["label"] for f in form_fields("mtg", lang) if f["path"] == "/games_won")
    games_won(page, 1, 0)
    page.get_by_role("button", name=site_string(lang, "Time called"), exact=True).click()
    # The tap is kept and listed before the engine is asked (the engine may still be loading).
    assert stored(page)[0] | {"at": 0} == {"type": "start", "game": "mtg", "active_player": "A", "round": "swiss",
                                           "turn_pass_announced": False, "best_of": 3, "games_won": [1, 0],
                                           "games_drawn": 0, "at": 0}
    assert page.locator(".tracker-tap-list li").count() == 1
    turns = [shown(page, lang)]
    assert (turns[0]["turn"], turns[0]["player"], turns[0]["turns_left"]) == (0, "A", 5)
    tap(page, "next-turn")
    turns.append(shown(page, lang))

    # Extra turn: asked who takes it and after which turn (by default: the current one).
    page.locator('.tracker-actions [data-action="extra-turn"]').click()
    panel = page.locator('[data-panel="extra"]')
    assert panel.locator("input[type=number]").input_value() == "1"
    assert panel.locator("input:checked").get_attribute("value") == "B"
    panel.locator(".checker-option", has_text="A").click()
    panel.locator("button[type=submit]").click()
    assert stored(page)[-1] | {"at": 0} == {"type": "extra-turn", "player": "A", "after_turn": 1, "at": 0}
    shown(page, lang)
    tap(page, "next-turn")
    state = shown(page, lang)
    assert (state["turn"], state["player"], state["extra"]) == (2, "A", True)

    # A reload in the middle loses nothing.
    page.reload()
    assert page.locator(".tracker-tap-list li").count() == 4
    assert shown(page, lang) == state
    while not state["finished"]:
        tap(page, "next-turn")
        state = shown(page, lang)
    # The extra turn counts among the five: A's own turn follows it (CR 500.7).
    assert [(t["player"], t["extra"]) for t in state["plan"]] == [
        ("A", False), ("B", False), ("A", True), ("A", False), ("B", False), ("A", False)]
    assert page.locator('.tracker-actions [data-action="next-turn"]').is_hidden()
    # The end screen says what the procedure gives if nobody won: the game a draw, A the match 1–0–1.
    assert page.locator(".tracker-outcome").inner_text() == state["outcome"] != ""
    assert judge(state["scenario"], lang)["match"]["record"] == [1, 0, 1]
    open_in_checker(page, site_server, lang, state)
    assert page.locator("[data-ruling]").get_attribute("data-match-result") == "A"
    assert page.traffic.console_errors == []
    assert all(url.startswith(site_server) for url in page.traffic.requests), page.traffic.requests


def test_slow_play_adds_turns_only_before_the_first_additional_turn(page: Any, site_server: str) -> None:
    open_tracker(page, site_server, "en")
    page.locator('.tracker-setup fieldset:has(input[name="tracker-active"])').get_by_text("B", exact=True).click()
    games_won(page, 0, 0)
    page.get_by_role("button", name="Time called", exact=True).click()
    page.locator('.tracker-actions [data-action="slow-play"]').click()
    page.locator('[data-panel="slow"] .checker-option', has_text="A").click()
    page.locator('[data-panel="slow"] button[type=submit]').click()
    state = shown(page, "en")
    assert (state["player"], state["additional_turns"], state["turns_left"]) == ("B", 7, 7)
    tap(page, "next-turn")
    page.locator('.tracker-actions [data-action="slow-play"]').click()
    page.locator('[data-panel="slow"] .checker-option', has_text="B").click()
    page.locator('[data-panel="slow"] button[type=submit]').click()
    state = shown(page, "en")
    assert state["additional_turns"] == 7 and state["warnings"] == [{"player": "B", "turn": 1}]
    assert page.locator(".tracker-warnings").inner_text() == site_string(
        "en", "Slow Play penalty to {who} during turn {turn}: record the Warning; no turn is added.",
        who="Player B", turn=1)


def test_two_headed_giant_plays_three_turns_and_undo_takes_a_tap_back(page: Any, site_server: str) -> None:
    open_tracker(page, site_server, "ja")
    page.locator('.tracker-setup .checker-check:has(input[name="tracker-2hg"])').click()
    # The match is one game (MTR 9.1): no score to ask, none before it.
    assert page.locator(".tracker-setup fieldset.tracker-wins").is_hidden()
    for name, value in (("tracker-round", "swiss"), ("tracker-active", "A")):  # asked, never chosen for the judge
        page.locator(f'.tracker-setup label:has(> input[name="{name}"][value="{value}"])').click()
    page.get_by_role("button", name=site_string("ja", "Time called — passing the turn already indicated")).click()
    assert stored(page)[0]["games_won"] == [0, 0] and "best_of" not in stored(page)[0]
    state = shown(page, "ja")
    assert (state["turn"], state["player"], state["additional_turns"]) == (0, "B", 3)
    tap(page, "next-turn")
    assert shown(page, "ja")["turn"] == 1
    page.locator('.tracker-actions [data-action="undo"]').click()
    assert len(stored(page)) == 1
    assert shown(page, "ja")["turn"] == 0
    # The end: a team, not a player, wins the game during these turns (the ruling says "team").
    for _ in range(4):
        page.wait_for_function("!document.querySelector('.tracker-actions [data-action=next-turn]').disabled")
        tap(page, "next-turn")
        state = shown(page, "ja")
    assert state["finished"]
    assert page.locator(".tracker-open-checker-won").inner_text() == site_string(
        "ja", "A team won during these turns: enter it in the checker")
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator('.tracker-actions [data-action="new-procedure"]').click()
    assert stored(page) == []
    assert page.locator(".tracker-setup").is_visible() and page.locator(".tracker-live").is_hidden()


def clock_text(page: Any) -> str:
    return page.locator(".tracker-clock-time").inner_text()


def seconds(text: str) -> int:
    minutes, secs = re.search(r"(\d+):(\d\d)", text).groups()
    return int(minutes) * 60 + int(secs)


def set_offset(page: Any, ms: int) -> None:
    page.evaluate(f"sessionStorage.setItem('{OFFSET_KEY}', '{ms}')")


@pytest.mark.parametrize("lang", ["pt"])
def test_a_grand_archive_procedure_runs_its_clock_from_the_end_of_turn_zero(page: Any, site_server: str,
                                                                           lang: str) -> None:
    page.add_init_script(CLOCK_HOOK)
    open_tracker(page, site_server, lang)
    page.locator(".tracker-setup").get_by_text(choice(lang, "/game", "grand-archive"), exact=True).click()
    page.locator(".tracker-setup").get_by_text(choice(lang, "/round", "single-elimination"), exact=True).click()
    games_won(page, 0, 0)
    page.locator('.tracker-setup [data-start="plain"]').click()
    state = shown(page, lang)
    assert (state["turn"], state["player"], state["turns_left"]) == (0, "A", 3)
    assert clock_text(page) == site_string(lang, "{time} — starts when turn 0 ends", time="5:00")

    tap(page, "next-turn")
    state = shown(page, lang)
    assert (state["turn"], state["player"]) == (1, "B")
    assert 298 <= seconds(clock_text(page)) <= 300

    # Two minutes later the clock, refreshed every second, shows about three minutes left.
    set_offset(page, 2 * MINUTE)
    page.wait_for_function("document.querySelector('.tracker-clock-time').textContent.match(/\\b(2:5\\d|3:00)\\b/)",
                           timeout=10_000)
    page.reload()  # in the middle: the clock is computed from the stored taps' times
    state = shown(page, lang)
    assert state["turn"] == 1 and 170 <= seconds(clock_text(page)) <= 180
    tap(page, "next-turn")
    state = shown(page, lang)
    assert (state["turn"], state["player"], state["turns_left"]) == (2, "A", 1)

    # The clock runs out during turn 2: the Ending Overtime steps, and one tap to end it.
    set_offset(page, 6 * MINUTE)
    page.wait_for_selector('.tracker-clock[data-expired="true"]', timeout=10_000)
    events = stored(page)
    moment = page.evaluate("window.__trackerNow()")
    state = shown(page, lang, moment)
    assert state["clock"]["expired_during_turn"] == 2 and state["next"] == "finish-combat-and-stack"
    assert clock_text(page) == "0:00"
    overtime = page.locator(".tracker-overtime")
    assert overtime.locator('[role="alert"]').count() == 1
    steps = [s for s in state["explanation"] if s["rule"] in judge_tools.OVERTIME_RULES]
    assert [s["rule"] for s in steps] == ["ga-ending-overtime", "ga-finish-combat", "ga-resolve-effects"]
    for step in steps:
        assert step["text"] in overtime.inner_text()
    assert page.eval_on_selector_all(".tracker-overtime a.checker-cite", "links => links.map((a) => a.href)") == [
        f"{site_server}{prefix(lang)}{PAGES['grand-archive']}/#{s['rule']}" for s in steps]
    assert page.eval_on_selector_all(".tracker-overtime a.checker-cite", "links => links.map((a) => a.textContent)") == [
        f"§ {s['title']}" for s in steps]
    assert page.locator('.tracker-actions [data-action="next-turn"]').is_hidden()
    assert len(stored(page)) == len(events)
    tap(page, "overtime-ended")
    state = shown(page, lang, moment)
    assert state["finished"] and state["scenario"]["clock_expired_during_turn"] == 2
    # Single elimination at 0–0: the tiebreak steps decide the game and the match, if nobody won.
    assert page.locator(".tracker-outcome").inner_text() == state["outcome"]
    assert judge(state["scenario"], lang)["summary"].endswith(state["outcome"])
    open_in_checker(page, site_server, lang, state)
    assert page.traffic.console_errors == []


@pytest.mark.fresh  # a warm context's engine snapshot would start without the zip
def test_taps_are_kept_when_the_engine_cannot_start(page: Any, site_server: str) -> None:
    page.context.route("**/assets/engine/engine-*.zip", lambda route: route.abort())
    open_tracker(page, site_server, "fr")
    games_won(page, 0, 0)
    page.get_by_role("button", name=site_string("fr", "Time called"), exact=True).click()
    page.locator('.tracker-actions [data-action="next-turn"]').click()
    assert [e["type"] for e in stored(page)] == ["start", "next-turn"]
    assert page.locator(".tracker-tap-list li").count() == 2
    page.wait_for_selector('.tracker-board[data-state="error"] [role="alert"]', timeout=60_000)
    assert page.locator(".tracker-status").inner_text() == site_string(
        "fr", "The rules engine could not start on this device. Your taps are saved: reload the page to try "
              "again, and count the turns by hand meanwhile.")
    page.context.unroute("**/assets/engine/engine-*.zip")
    page.reload()
    state = shown(page, "fr")
    assert (state["turn"], state["player"]) == (1, "B")


# --- Yu-Gi-Oh!: the Life Points at each comparison decide what comes next ---------------------

def ready_state(page: Any, lang: str) -> dict[str, Any]:
    """Wait for the engine's answer to the stored taps; return CPython's state for them."""
    page.wait_for_function(
        f"""() => {{
          const board = document.querySelector('.tracker-board');
          const taps = JSON.parse(localStorage.getItem('{EVENTS_KEY}') || '[]');
          return board && board.dataset.state === 'ready'
            && document.querySelectorAll('.tracker-tap-list li').length === taps.length;
        }}""", timeout=60_000)
    return track(stored(page), lang)


def duel_board(page: Any, lang: str, state: dict[str, Any]) -> None:
    """The board says what the engine says: the instruction with its paragraph, the turn, the results."""
    if state["instruction"]:
        line = page.locator(".tracker-instruction")
        assert line.inner_text() == f"{state['instruction']['text']} § {state['instruction']['title']}"
        assert line.locator("a").get_attribute("href").endswith(f"#{state['instruction']['rule']}")
    if state["turn"] is not None:
        # Yu-Gi-Oh! counts no turn 0: the Duel in progress has its turn in progress, then turn by turn.
        name = (site_string(lang, "Turn {number}", number=state["turn"]) if state["stage"] == "new-duel"
                else site_string(lang, "Turn in progress") if state["turn"] == 0
                else site_string(lang, "Turn by turn: {number}", number=state["turn"]))
        assert page.locator(".tracker-turn").inner_text() == name
        assert page.locator(".tracker-plan .turn-plan li[aria-current=step] .checker-turn-number").inner_text() == name
        # en-fr (reading 22): a Duelist, not a player, on the board and in the taps.
        assert page.locator(".tracker-player").inner_text() == site_string(lang, "Duelist {player}", player=state["player"])
        if lang == "ja":  # pt-ja (reading 23): the screen reader's line joined Japanese with a half-width ". "
            spoken = page.locator(".tracker-announce").text_content()
            assert spoken and ". " not in spoken and "。。" not in spoken, spoken
    assert page.locator(".tracker-results").is_visible() == (state["match"] is not None)
    # The ruling's first line, above its results: what the Duelists do now.
    summary = page.locator(".tracker-summary")
    assert summary.is_visible() == bool(state["summary"])
    if state["summary"]:
        assert summary.inner_text() == state["summary"]


def enter_life_points(page: Any, a: int, b: int) -> None:
    form = page.locator('[data-panel="life"]')
    form.locator('input[name="tracker-life-A"]').fill(str(a))
    form.locator('input[name="tracker-life-B"]').fill(str(b))
    form.locator("button[type=submit]").click()


@pytest.mark.parametrize("lang", ["ja"])
def test_a_yugioh_procedure_from_the_phase_to_the_new_duel(page: Any, site_server: str, lang: str) -> None:
    open_tracker(page, site_server, lang)
    setup = page.locator(".tracker-setup")
    setup.get_by_text(choice(lang, "/game", "yugioh"), exact=True).click()
    setup.get_by_text(choice(lang, "/edition", "2.3", "yugioh"), exact=True).click()
    setup.get_by_text(choice(lang, "/round", "single-elimination"), exact=True).click()
    assert setup.locator('[data-start="passing"]').is_hidden()
    # pt-ja (reading 15): a label the games share is not shown for Yu-Gi-Oh! in Magic's words (player, game).
    assert violations(lang, setup.inner_text(), "yugioh") == []
    games_won(page, 1, 0)
    setup.locator('[data-start="plain"]').click()
    assert stored(page)[0] | {"at": 0} == {"type": "start", "game": "yugioh", "edition": "2.3", "round": "single-elimination",
                                           "time_called": "during-game", "best_of": 3, "games_won": [1, 0],
                                           "games_drawn": 0, "active_player": "A", "at": 0}
    state = ready_state(page, lang)
    assert state["awaiting"] == "phase-end"
    duel_board(page, lang, state)

    # The Phase ends; equal Life Points: the turn is finished, then B's turn decides.
    tap(page, "phase-ended")
    state = ready_state(page, lang)
    assert state["awaiting"] == "life-points"
    assert page.evaluate("document.activeElement.name") == "tracker-life-A"  # the thumb goes where it is asked
    enter_life_points(page, 3000, 3000)
    state = ready_state(page, lang)
    assert (state["awaiting"], state["turn"]) == ("turn-end", 0)
    duel_board(page, lang, state)
    tap(page, "turn-ended")
    ready_state(page, lang)
    enter_life_points(page, 2000, 2000)
    state = ready_state(page, lang)
    assert (state["turn"], state["player"]) == (1, "B")
    duel_board(page, lang, state)
    tap(page, "turn-ended")
    ready_state(page, lang)
    enter_life_points(page, 1000, 1500)
    # B wins the game at the end of turn 1: the match is level, a new Duel decides it.
    state = ready_state(page, lang)
    assert state["awaiting"] == "first-player" and state["match"]["record"] == [1, 1, 0]
    duel_board(page, lang, state)
    # A new Duel decides the match: the Duel played when time was called is over, and its row says which it is.
    called_in = site_string(lang, "Duel in which time was called")
    assert page.locator(".tracker-board .checker-facts dt").first.inner_text() == called_in
    first = page.locator('[data-panel="first"]')
    first.locator(".checker-option", has_text="B").click()
    first.locator("button[type=submit]").click()
    for number, player in [(1, "B"), (2, "A"), (3, "B"), (4, "A")]:
        state = ready_state(page, lang)
        assert (state["turn"], state["player"]) == (number, player)
        duel_board(page, lang, state)
        # The turn plan: the new Duel's turns so far, the one being played marked as such.
        plan = page.locator(".tracker-plan .turn-plan li")
        assert plan.count() == number and plan.nth(number - 1).get_attribute("aria-current") == "step"
        # The row of the Duel played when time was called says so: it is not the Duel in progress.
        assert page.locator(".tracker-board .checker-facts dt").first.inner_text() == called_in
        # The four turns count down to the last one.
        assert page.locator(".tracker-left").inner_text() == (
            site_string(lang, "Last turn") if number == 4 else site_string(lang, "1 more turn after this one")
            if number == 3 else site_string(lang, "{count} more turns after this one", count=4 - number))
        tap(page, "turn-ended")

    # A reload in the middle loses nothing.
    page.reload()
    state = ready_state(page, lang)
    assert state["awaiting"] == "life-points" and state["instruction"]["rule"] == "ygo-new-duel-life-points"
    # The four turns are over: no turn is counted down any more, not even the last.
    assert page.locator(".tracker-left").is_hidden()
    enter_life_points(page, 4000, 100)
    state = ready_state(page, lang)
    assert state["finished"] and state["match"]["result"] == "A"
    assert site_string(lang, "The procedure is over.") in page.locator(".tracker-board").inner_text()
    taps = page.locator(".tracker-tap-list").text_content()
    assert site_string(lang, "Duelist {player}", player="B") in taps
    assert not any(site_string(lang, "Player {player}", player=p) in taps for p in "AB"), taps
    open_in_checker(page, site_server, lang, state)
    assert page.get_attribute("[data-ruling]", "data-match-result") == "A"
    assert page.locator("[data-ruling] > .ruling-summary").inner_text() == judge(state["scenario"], lang)["summary"]
    # The checker names the Duel played when time was called as the tracker did, not as a Duel in progress.
    assert page.locator("[data-ruling] .checker-facts dt").first.inner_text() == called_in
    assert page.traffic.console_errors == []


def test_yugioh_game_wins_of_a_match_already_over_send_the_judge_back_to_the_setup(page: Any, site_server: str) -> None:
    open_tracker(page, site_server, "fr")
    setup = page.locator(".tracker-setup")
    setup.locator('input[name="tracker-game"][value="yugioh"]').check(force=True)
    # Two game wins are a choice in a best of five; kept in sight when the best of becomes three.
    best_of = '.tracker-setup label:has(> input[name="tracker-best-of"][value="{}"])'
    two = '.tracker-setup label:has(> input[name="tracker-wins-A"][value="2"])'
    page.locator(best_of.format(3)).click()
    assert page.locator(two).is_hidden()
    page.locator(best_of.format(5)).click()
    games_won(page, 2, 1)
    page.locator(best_of.format(3)).click()
    assert page.locator(two).is_visible()
    setup.locator('[data-start="plain"]').click()
    error = page.locator(".tracker-setup-error")
    error.wait_for(state="visible", timeout=60_000)
    # The engine's words, the field named as the setup names it (never its pointer).
    assert site_string("fr", "Duels won before this Duel") in error.inner_text() and stored(page) == []
    assert "/0/" not in error.inner_text()
    assert setup.locator('input[name="tracker-wins-A"]:checked').input_value() == "2"  # nothing the judge chose is lost


def test_two_tables_on_one_device_and_a_double_tap_counts_one_turn(page: Any, site_server: str) -> None:
    open_tracker(page, site_server, "pt")
    page.locator('.tracker-setup input[name="tracker-table"]').fill("12")
    games_won(page, 0, 0)
    page.locator('.tracker-setup [data-start="plain"]').click()
    ready_state(page, "pt")
    # A double tap: the second tap comes before the button takes taps again.
    page.locator('.tracker-actions [data-action="next-turn"]').dblclick(force=True)
    state = ready_state(page, "pt")
    assert [e["type"] for e in stored(page)] == ["start", "next-turn"] and state["turn"] == 1

    page.locator('.tracker-tables [data-action="add-table"]').click()
    assert page.locator(".tracker-setup").is_visible()
    page.locator('.tracker-setup input[name="tracker-table"]').fill("7")
    page.locator('.tracker-setup input[name="tracker-game"][value="grand-archive"]').check(force=True)
    games_won(page, 0, 0)
    page.locator('.tracker-setup [data-start="plain"]').click()
    other = json.loads(page.evaluate(f"localStorage.getItem('{EVENTS_KEY}:2')"))
    assert other[0]["game"] == "grand-archive" and stored(page)[0]["game"] == "mtg"  # each table its own taps
    table_12 = page.locator('.tracker-tables [data-table="1"]')
    assert site_string("pt", "Table {name}", name="12") in table_12.inner_text()
    page.wait_for_function("document.querySelector('.tracker-tables [data-table=\"1\"] .tracker-table-summary')"
                           ".textContent.includes('B')", timeout=30_000)
    table_12.click()
    state = ready_state(page, "pt")
    assert (state["turn"], state["player"]) == (1, "B")
    page.reload()
    assert page.locator('.tracker-tables [aria-pressed="true"]').get_attribute("data-table") == "1"
    assert page.locator(".tracker-tables [data-table]").count() == 2
    assert page.traffic.console_errors == []


def test_life_points_the_engine_refuses_are_taken_back_with_its_message_by_the_form(page: Any, site_server: str) -> None:
    open_tracker(page, site_server, "fr")
    setup = page.locator(".tracker-setup")
    setup.locator('input[name="tracker-game"][value="yugioh"]').check(force=True)
    setup.locator('input[name="tracker-edition"][value="2.3"]').check(force=True)
    games_won(page, 0, 0)
    setup.locator('[data-start="plain"]').click()
    ready_state(page, "fr")
    tap(page, "phase-ended")
    ready_state(page, "fr")
    enter_life_points(page, 100_000, 5)
    problem = page.locator('[data-panel="life"] .tracker-alert')
    problem.wait_for(state="visible", timeout=30_000)
    assert [e["type"] for e in stored(page)] == ["start", "phase-ended"]  # the refused tap is not kept
    assert "99999" in problem.inner_text() and site_string("fr", "Life Points") in problem.inner_text()
    assert "/2/life" not in problem.inner_text()
    state = ready_state(page, "fr")
    assert state["awaiting"] == "life-points" and page.locator('[data-panel="life"]').is_visible()


TABLES_KEY = "end-of-match:tracker:tables:v1"
# A table kept on a device from before the start named its edition: the three-rule procedure's taps.
UNNAMED_TABLE = [{"type": "start", "game": "yugioh", "round": "swiss", "time_called": "during-game",
                  "games_won": [0, 0], "active_player": "B", "at": 1_000},
                 {"type": "phase-ended", "at": 2_000}]
SEED_UNNAMED_TABLE = f"""if (!sessionStorage.getItem('seeded')) {{
  sessionStorage.setItem('seeded', '1');
  localStorage.setItem('{TABLES_KEY}', JSON.stringify([{{id: '1', name: ''}}, {{id: '2', name: 'old'}}]));
  localStorage.setItem('{EVENTS_KEY}:2', {json.dumps(json.dumps(UNNAMED_TABLE))});
}}"""


def test_a_yugioh_time_call_under_the_newest_edition_ends_at_once_and_a_kept_table_goes_on(
        page: Any, site_server: str) -> None:
    """By default the newest edition (Policy v2.5): the setup asks neither whose turn it was nor the
    Side Deck, and the time call ends the procedure with the engine's ruling, its steps shown and
    the checker one tap away with the whole scenario. A table kept on the device from before goes
    on under the three-rule procedure it was run by."""
    lang = "pt"
    page.add_init_script(SEED_UNNAMED_TABLE)
    open_tracker(page, site_server, lang)
    setup = page.locator(".tracker-setup")
    setup.get_by_text(choice(lang, "/game", "yugioh"), exact=True).click()
    fields = {f["path"]: f for f in form_fields("yugioh", lang)}
    newest = setup.locator('input[name="tracker-edition"]:checked')
    assert newest.get_attribute("value") == editions.newest("yugioh").id
    # Konami's TCG Policy's editions; the OCG rules for Japan are ruled by the checker, not followed here.
    assert [setup.get_by_text(c["label"], exact=True).count() for c in fields["/edition"]["choices"]] == [
        int(editions.edition("yugioh", c["value"]).region is None) for c in fields["/edition"]["choices"]]
    # Each fact where the setup asks it (whose turn it was during a Duel, the Side Deck between
    # Duels), under the editions the engine asks it in.
    asks = {"/active_player": (setup.locator('fieldset:has(input[name="tracker-active"])'), "during-game"),
            "/side_deck_accessed": (setup.locator('.tracker-format:has(input[name="tracker-side-deck"])'), "between-games")}

    def asked(edition: str, when: str) -> None:
        setup.get_by_text(choice(lang, "/edition", edition, "yugioh"), exact=True).click()
        setup.get_by_text(choice(lang, "/time_called", when, "yugioh"), exact=True).click()
        for path, (control, moment) in asks.items():
            wanted = edition in fields[path]["when"]["edition"] and when == moment
            assert control.is_visible() == wanted, (path, edition, when)

    for edition in ("2.3", newest.get_attribute("value")):
        for when in ("between-games", "during-game"):
            asked(edition, when)
    games_won(page, 1, 0)
    setup.locator('[data-start="plain"]').click()
    assert stored(page)[0] | {"at": 0} == {"type": "start", "game": "yugioh", "edition": editions.newest("yugioh").id,
                                           "round": "swiss", "time_called": "during-game", "best_of": 3, "games_won": [1, 0],
                                           "games_drawn": 0, "at": 0}
    state = ready_state(page, lang)
    assert state["finished"] and state["match"]["result"] == judge(state["scenario"], lang)["match"]["result"]
    assert state["match"]["result"] == "double-loss"
    board = page.locator(".tracker-board")
    assert board.get_attribute("data-finished") == "true"
    assert page.locator(".tracker-summary").inner_text() == state["summary"]
    assert site_string(lang, "The procedure is over.") in board.inner_text()
    assert page.locator(".tracker-primary button:visible").count() == 0  # no tap follows
    why = page.locator(".tracker-why")
    assert why.get_attribute("open") is not None
    assert [li.inner_text() for li in why.locator(".checker-steps > li").all()] == [
        f"{s['text']} § {s['title']}" for s in state["explanation"]]
    href = page.locator(".tracker-open-checker").get_attribute("href")
    assert json.loads(unquote(href.split("#scenario=", 1)[1].removesuffix("&from=tracker"))) == state["scenario"]
    assert state["scenario"]["edition"] == editions.newest("yugioh").id

    # The table kept from before: its taps go on under the edition it was run by.
    page.locator('.tracker-tables [data-table="2"]').click()
    kept = json.loads(page.evaluate(f"localStorage.getItem('{EVENTS_KEY}:2')"))
    assert kept == UNNAMED_TABLE
    run_by = [{**kept[0], "edition": judge_tools.UNNAMED_DUEL_EDITION}, *kept[1:]]
    page.wait_for_function("() => document.querySelector('.tracker-board')?.dataset.state === 'ready'"
                           " && document.querySelectorAll('.tracker-tap-list li').length === 2", timeout=60_000)
    state = track(run_by, lang)
    assert state["awaiting"] == "life-points"
    duel_board(page, lang, state)
    enter_life_points(page, 3000, 2000)
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem('{EVENTS_KEY}:2')).length === 3")
    kept = json.loads(page.evaluate(f"localStorage.getItem('{EVENTS_KEY}:2')"))
    assert kept[0] == run_by[0] and kept[2]["life"] == [3000, 2000]
    page.wait_for_function("() => document.querySelector('.tracker-board')?.dataset.state === 'ready'"
                           " && document.querySelectorAll('.tracker-tap-list li').length === 3", timeout=60_000)
    assert page.locator(".tracker-board").get_attribute("data-finished") == str(track(kept, lang)["finished"]).lower()
    assert page.traffic.console_errors == []


# English, where the tap fits beside the turn, and French, whose words put it on a row of its own.
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_pinned_line_carries_the_clock_and_the_tap_of_the_moment_on_a_phone(phone: Any, site_server: str,
                                                                                  lang: str) -> None:
    """At 360 px, scrolled down to the taps, the line pinned under the header keeps Grand Archive's
    clock in sight (then "Time!") and the tap of the moment in reach, whole and uncovered."""
    phone.add_init_script(CLOCK_HOOK)
    open_tracker(phone, site_server, lang)
    phone.locator(".tracker-setup").get_by_text(choice(lang, "/game", "grand-archive"), exact=True).click()
    games_won(phone, 0, 0)
    phone.locator('.tracker-setup [data-start="plain"]').click()
    shown(phone, lang)
    tap(phone, "next-turn")
    shown(phone, lang)
    pin = phone.locator(".tracker-pin > p")
    button = phone.locator(".tracker-pin-action")
    # Scrolled to the end of the page: the board and its tap bar are above, under the header.
    phone.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    phone.wait_for_function("!document.querySelector('.tracker-pin-action').hidden")
    assert pin.is_visible() and 295 <= seconds(phone.locator(".tracker-pin-clock").inner_text()) <= 300
    assert button.inner_text() == site_string(lang, "Next turn")
    box, header = button.bounding_box(), phone.locator(".md-header").bounding_box()
    assert box["y"] >= header["y"] + header["height"] - 1 and box["y"] + box["height"] <= 740 and box["height"] >= 40
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360, box
    assert button.evaluate("(b) => b.scrollWidth <= b.clientWidth"), "the tap's words are whole"
    assert phone.evaluate("""() => { const r = document.querySelector('.tracker-pin-action').getBoundingClientRect();
      return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2).closest('.tracker-pin-action') !== null; }""")
    # Its tap is the tap bar's: one more turn, recorded (once the bar's button takes a tap again: a
    # double tap's second tap is not a second turn, from the pinned line either).
    phone.wait_for_function("!document.querySelector('.tracker-primary [data-action=next-turn]').disabled")
    button.tap()
    phone.wait_for_function(f"JSON.parse(localStorage.getItem('{EVENTS_KEY}')).length === 3")
    assert shown(phone, lang)["turn"] == 2
    # The five minutes run out while the thumb is down there: the line says so, and ends the overtime.
    set_offset(phone, 6 * MINUTE)
    phone.wait_for_function("document.querySelector('.tracker-pin-clock').dataset.expired === 'true'", timeout=10_000)
    assert phone.locator(".tracker-pin-clock").inner_text() == site_string(lang, "Time!")
    phone.wait_for_function("!document.querySelector('.tracker-pin-action').hidden")
    assert button.inner_text() == site_string(lang, "Main phase, stack empty")
    assert button.evaluate("(b) => b.scrollWidth <= b.clientWidth && b.getBoundingClientRect().right <= 360")
    button.tap()
    phone.wait_for_function(f"JSON.parse(localStorage.getItem('{EVENTS_KEY}')).at(-1).type === 'overtime-ended'")
    assert phone.errors == []


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_yugioh_editions_come_current_first_each_on_one_line(phone: Any, site_server: str, lang: str) -> None:
    """At 360 px the setup's editions are short buttons, the current one first: the registry's
    short name with "current" or its last day, as the checker words them (no label typed twice)."""
    open_tracker(phone, site_server, lang)
    setup = phone.locator(".tracker-setup")
    setup.get_by_text(choice(lang, "/game", "yugioh"), exact=True).click()
    shown = setup.locator('fieldset:has(input[name="tracker-edition"]) .checker-option')
    registry = editions.editions_of("yugioh", None)  # the OCG rules for Japan: the checker's, not the tracker's
    assert shown.locator("input").evaluate_all("(all) => all.map((e) => e.value)") == [e.id for e in reversed(registry)]
    labels = [editions.edition_choice(lang, e.id) for e in reversed(registry)]
    assert shown.all_inner_texts() == labels
    assert labels[0].startswith(editions.translate(lang, registry[-1].short))
    for i in range(shown.count()):
        box = shown.nth(i).locator("span").bounding_box()
        assert box["height"] < 56, f"{labels[i]}: more than one line ({box['height']} px)"
    assert phone.errors == []


# --- Disney Lorcana: the region and its edition, turn 0 and the additional turns, then the lore ----------

def lorcana_field(lang: str, path: str) -> dict[str, Any]:
    return next(f for f in form_fields("lorcana", lang) if f["path"] == path)


def test_a_lorcana_procedure_asks_the_score_and_the_lore_and_hands_both_to_the_checker(page: Any, site_server: str) -> None:
    """lorcana-turn-zero, lorcana-five-turns, lorcana-slow-play-remedy, lorcana-se-five-turns, lorcana-se-lore."""
    lang = "en"
    open_tracker(page, site_server, lang)
    setup = page.locator(".tracker-setup")
    setup.get_by_text(choice(lang, "/game", "lorcana", "lorcana"), exact=True).click()
    # DESIGN §3.6: the games won are asked, never filled in; nothing is tapped without them.
    assert page.locator('input[name^="tracker-wins-"]:checked').count() == 0
    for name, value in (("tracker-round", "swiss"), ("tracker-best-of", "3"), ("tracker-active", "A")):
        setup.locator(f'label:has(> input[name="{name}"][value="{value}"])').click()
    setup.locator('[data-start="plain"]').click()
    assert stored(page) == []
    assert page.locator(".tracker-setup-error").inner_text() == site_string(
        lang, "Enter the games each player had won before this game (0 if none).")
    # The region is asked, then the edition among the region's own, the current one first.
    region = lorcana_field(lang, "/region")
    setup.get_by_text(choice(lang, "/region", "japan", "lorcana"), exact=True).click()
    options = page.eval_on_selector_all('select[name="tracker-lorcana-edition"] option', "xs => xs.map((x) => x.value)")
    assert options == [e.id for e in reversed(editions.editions_of("lorcana", "japan"))]
    setup.get_by_text(region["unset_label"], exact=True).click()
    assert page.locator('select[name="tracker-lorcana-edition"]').input_value() == editions.newest("lorcana").id
    # Games in the match: Lorcana's own choices (a two-game format under some editions), never Magic's five.
    assert page.locator('label:has(input[name="tracker-best-of"][value="5"])').is_hidden()
    assert page.locator('label:has(input[name="tracker-best-of"][value="2"])').is_visible()
    setup.get_by_text(choice(lang, "/round", "single-elimination", "lorcana"), exact=True).click()
    games_won(page, 1, 1)
    page.locator('.tracker-setup fieldset:has(input[name="tracker-active"])').get_by_text("B", exact=True).click()
    page.locator('.tracker-setup fieldset:has(input[name="tracker-slow-before"])').get_by_text("A", exact=True).click()
    setup.locator('[data-start="plain"]').click()
    assert stored(page)[0] | {"at": 0} == {
        "type": "start", "game": "lorcana", "round": "single-elimination", "best_of": 3, "games_won": [1, 1],
        "games_drawn": 0, "active_player": "B", "turn_pass_announced": False, "edition": editions.newest("lorcana").id,
        "slow_play_penalties": [{"player": "A", "during_additional_turns": False}], "at": 0}
    state = shown(page, lang)
    # A Slow Play penalty before time was called: seven turns after turn 0 (two added to the five).
    assert (state["turn"], state["player"], state["turns_left"], state["additional_turns"]) == (0, "B", 7, 7)
    # No rule of the game defines an extra turn: no button for one.
    assert page.locator('.tracker-actions [data-action="extra-turn"]').is_hidden()
    tap(page, "next-turn")
    shown(page, lang)
    # A penalty once time was called stands, and adds no turn.
    page.locator('.tracker-actions [data-action="slow-play"]').click()
    page.locator('[data-panel="slow"] .checker-option', has_text="B").click()
    page.locator('[data-panel="slow"] button[type=submit]').click()
    state = shown(page, lang)
    assert state["additional_turns"] == 7 and state["warnings"] == [{"player": "B", "turn": 1, "second": False}]
    assert page.locator(".tracker-warnings").inner_text() == site_string(
        lang, "Slow Play penalty to {who} during turn {turn}: the penalty stands; no turn is added.",
        who="Player B", turn=1)
    page.reload()  # in the middle: nothing is lost
    state = shown(page, lang)
    while state["awaiting"] is None:
        tap(page, "next-turn")
        state = ready_state(page, lang)
        if state["awaiting"] is None:
            assert shown(page, lang) == state
    # The turns are over, nobody won (or the checker is the place for it): the lore is asked, with its paragraph.
    assert state["awaiting"] == "lore" and not state["finished"]
    assert page.locator('.tracker-actions [data-action="next-turn"]').is_hidden()
    line = page.locator(".tracker-instruction")
    assert line.inner_text() == f"{state['instruction']['text']} § {state['instruction']['title']}"
    assert line.locator("a").get_attribute("href").endswith(f"{PAGES['lorcana']}/#lorcana-se-lore")
    lore = page.locator('[data-panel="lore"]')
    lore.locator('input[name="tracker-lore-A"]').fill("12")
    lore.locator("button[type=submit]").click()
    assert lore.locator('[role="alert"]').inner_text() == site_string(lang, "Enter the lore of {player}.", player="B")
    lore.locator('input[name="tracker-lore-B"]').fill("15")
    lore.locator("button[type=submit]").click()
    state = shown(page, lang)
    assert state["finished"] and stored(page)[-1] | {"at": 0} == {"type": "lore", "lore": [12, 15], "at": 0}
    assert page.locator(".tracker-outcome").inner_text() == state["outcome"]
    assert all(sentence in judge(state["scenario"], lang)["summary"] for sentence in state["outcome"].split(". "))
    open_in_checker(page, site_server, lang, state)
    ruling = page.locator("[data-ruling]")
    assert (ruling.get_attribute("data-match-result"), ruling.get_attribute("data-additional-turns")) == ("B", "7")
    assert page.traffic.console_errors == []


def test_a_lorcana_procedure_in_japan_has_one_turn_after_turn_zero(page: Any, site_server: str) -> None:
    """lorcana-japan-turn-zero, lorcana-japan-one-turn, lorcana-japan-more-game-wins: Takara Tomy's rules."""
    lang = "ja"
    open_tracker(page, site_server, lang)
    setup = page.locator(".tracker-setup")
    setup.get_by_text(choice(lang, "/game", "lorcana", "lorcana"), exact=True).click()
    setup.get_by_text(choice(lang, "/region", "japan", "lorcana"), exact=True).click()
    games_won(page, 0, 1)
    page.get_by_role("button", name=site_string(lang, "Time called"), exact=True).click()
    start = stored(page)[0]
    assert (start["region"], start["edition"]) == ("japan", editions.newest("lorcana", "japan").id)
    # The tap names the edition the procedure runs under.
    edition_short = editions.newest("lorcana", "japan").short
    from rules_engine.i18n import translate
    assert translate(lang, edition_short) in page.locator(".tracker-tap-list li").first.inner_text()
    state = shown(page, lang)
    assert (state["turn"], state["player"], state["turns_left"], state["additional_turns"]) == (0, "A", 1, 1)
    tap(page, "next-turn")
    assert shown(page, lang)["player"] == "B"
    tap(page, "next-turn")
    state = shown(page, lang)
    assert state["finished"] and page.locator(".tracker-outcome").inner_text() == state["outcome"] != ""
    assert judge(state["scenario"], lang)["match"]["result"] == "B"
    open_in_checker(page, site_server, lang, state)
    assert page.locator("[data-ruling]").get_attribute("data-additional-turns") == "1"
    assert page.traffic.console_errors == []


@pytest.mark.parametrize("lang", ["pt"])  # the longest edition labels
def test_the_lorcana_setup_fits_a_360_px_phone(phone: Any, site_server: str, lang: str) -> None:
    open_tracker(phone, site_server, lang)
    phone.locator(".tracker-setup").get_by_text(choice(lang, "/game", "lorcana", "lorcana"), exact=True).click()
    edition = phone.locator('select[name="tracker-lorcana-edition"]')
    assert edition.is_visible() and edition.bounding_box()["x"] + edition.bounding_box()["width"] <= 360
    assert phone.evaluate("document.documentElement.scrollWidth") == 360
    assert phone.errors == []


# --- the end of the turns, handed on; the games won, one tap each ---------------------------

def test_a_magic_procedure_s_end_hands_the_turns_played_to_the_checker(page: Any, site_server: str) -> None:
    """mtg-unfinished-game-draw: the turns over with nobody the winner, the end screen and the checker say the
    outcome as what now is (the game a draw, A the match), never "if nobody wins by then"."""
    lang = "en"
    open_tracker(page, site_server, lang)
    games_won(page, 1, 0)
    page.get_by_role("button", name="Time called", exact=True).click()
    state = shown(page, lang)
    while not state["finished"]:
        tap(page, "next-turn")
        state = shown(page, lang)
    ruling = judge(state["scenario"], lang)
    assert state["scenario"]["additional_turns_played"] is True and ruling["match"]["final"] is True
    outcome = page.locator(".tracker-outcome").inner_text()
    assert outcome == state["outcome"] == ruling["summary"]
    assert outcome.startswith("Nobody won the game in the end-of-match turns. The game is a draw and A wins the match")
    assert "If nobody wins by then" not in page.locator(".tracker-finished").inner_text()
    open_in_checker(page, site_server, lang, state)
    shown_ruling = page.locator("[data-ruling]")
    assert shown_ruling.get_attribute("data-match-result") == "A"
    assert page.locator("[data-ruling] > .ruling-summary").inner_text() == ruling["summary"]
    assert page.traffic.console_errors == []


@pytest.mark.parametrize("game", ["mtg", "grand-archive", "yugioh"])
def test_the_games_won_are_one_tap_each_and_never_filled_in_at_360_px(phone: Any, site_server: str, game: str) -> None:
    """DESIGN §3.6: the tracker asks every fact it hands on: no side's games won, no round, no number of games
    in the match, no moment of the time call (Yu-Gi-Oh!) and nobody's turn is chosen until the judge taps it,
    and a time call without them is refused before anything is saved, each one asked beside its field."""
    lang = "en"
    open_tracker(phone, site_server, lang)
    setup = phone.locator(".tracker-setup")
    setup.locator(f'label:has(> input[name="tracker-game"][value="{game}"])').tap()
    # Yu-Gi-Oh!: whose turn it was is asked once the time call is known to be during a Duel (and under v2.3).
    asked = ["tracker-round", *(["tracker-when"] if game == "yugioh" else []), "tracker-best-of", "tracker-wins-A",
             *(["tracker-active"] if game != "yugioh" else [])]
    assert phone.locator('input:is([name^="tracker-wins-"], [name="tracker-round"], [name="tracker-active"],'
                         ' [name="tracker-best-of"], [name="tracker-when"]):checked').count() == 0
    setup.locator('[data-start="plain"]').tap()
    assert stored(phone) == []
    beside = phone.eval_on_selector_all(".tracker-field-error", """ps => ps.map((p) => [
      p.previousElementSibling.querySelector('input').name, p.textContent])""")
    assert beside == [[name, site_string(lang, "Enter the games each player had won before this game (0 if none)."
                                         if name == "tracker-wins-A" else "To fill in.")] for name in asked]
    legends = [setup.locator(f'fieldset:has(input[name="{name}"]) > legend').inner_text() for name in asked]
    assert phone.locator(".tracker-setup-error").inner_text() == site_string(
        lang, "To fill in first: {fields}.", fields=", ".join(legends[:-1]) + ", and " + legends[-1]
        if len(legends) > 2 else " and ".join(legends))
    assert phone.evaluate("document.activeElement.name") == "tracker-round"
    setup.locator('label:has(> input[name="tracker-round"][value="swiss"])').tap()
    setup.locator('label:has(> input[name="tracker-best-of"][value="3"])').tap()
    if game == "yugioh":
        setup.locator('label:has(> input[name="tracker-when"][value="during-game"])').tap()
    else:
        setup.locator('label:has(> input[name="tracker-active"][value="B"])').tap()
    # Best of three: 0 or 1 for each side, each a whole thumb's tap inside the screen.
    choices = setup.locator(".tracker-wins-choice label:visible")
    assert [choices.nth(i).inner_text() for i in range(choices.count())] == ["0", "1", "0", "1"]
    for i in range(choices.count()):
        box = choices.nth(i).bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44 and box["x"] + box["width"] <= 360, box
    setup.locator('[data-start="plain"]').tap()
    assert stored(phone) == []
    assert phone.locator(".tracker-setup-error").inner_text() == site_string(
        lang, "Enter the games each player had won before this game (0 if none).")
    setup.locator('label:has(> input[name="tracker-wins-A"][value="1"])').tap()
    setup.locator('[data-start="plain"]').tap()
    assert stored(phone) == [] and phone.evaluate("document.activeElement.name") == "tracker-wins-B"
    setup.locator('label:has(> input[name="tracker-wins-B"][value="0"])').tap()
    setup.locator('[data-start="plain"]').tap()
    assert stored(phone)[0]["games_won"] == [1, 0] and stored(phone)[0]["round"] == "swiss"
    assert stored(phone)[0]["best_of"] == 3 and stored(phone)[0].get("time_called", "during-game") == "during-game"
    assert stored(phone)[0].get("active_player") == (None if game == "yugioh" else "B")
    assert phone.evaluate("document.documentElement.scrollWidth") == 360
    assert phone.errors == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_lorcana_s_end_of_turn_call_is_said_in_its_own_checker_s_words(page: Any, site_server: str, lang: str) -> None:
    """One term for one concept: Disney Lorcana's button for a time call as the active player declares the end
    of their turn says it as the Lorcana checker's form does; Grand Archive keeps its own words."""
    open_tracker(page, site_server, lang)
    setup = page.locator(".tracker-setup")
    button = setup.locator('[data-start="passing"]')
    setup.locator('label:has(> input[name="tracker-game"][value="grand-archive"])').click()
    assert button.inner_text() == site_string(lang, "Time called — end of turn being announced")
    setup.locator('label:has(> input[name="tracker-game"][value="lorcana"])').click()
    assert button.inner_text() == next(f["label"] for f in form_fields("lorcana", lang) if f["path"] == "/turn_pass_announced")
    games_won(page, 0, 0)
    button.click()
    assert site_string(lang, "the active player declared the end of their turn") in page.locator(".tracker-tap-list").inner_text()
