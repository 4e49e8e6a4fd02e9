"""The command line through a real subprocess: exit codes 0, 2 and 64 (DESIGN §3.3)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest


ROOT = Path(__file__).resolve().parents[2]
SCENARIO = {"game": "mtg", "round": "single-elimination", "games_won": [1, 1], "time_called": "during-game",
            "active_player": "A", "current_game": {"life": [7, 12]}}


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rules_engine", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=60)


def test_judge_reads_standard_input_and_prints_the_ruling() -> None:
    done = run("judge", stdin=json.dumps(SCENARIO))
    assert done.returncode == 0, done.stderr
    ruling = json.loads(done.stdout)
    assert ruling["current_game"] == {"result": "B", "decided_by": "life"}
    assert ruling["match"]["result"] == "B"


def test_judge_reads_a_file_in_another_language_as_text(tmp_path: Path) -> None:
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(SCENARIO))
    done = run("judge", str(path), "--lang", "ja", "--format", "text")
    assert done.returncode == 0, done.stderr
    assert "#mtg-highest-life" in done.stdout
    assert "ライフ" in done.stdout


def test_a_refused_scenario_exits_2_with_the_error() -> None:
    done = run("judge", "--lang", "fr", stdin=json.dumps(SCENARIO | {"best_of": True}))
    assert done.returncode == 2
    error = json.loads(done.stdout)["error"]
    assert error["code"] == "wrong-type" and error["field"] == "/best_of"
    assert error["message"]


def test_unparsable_json_exits_2_with_invalid_json() -> None:
    done = run("judge", stdin="{not json")
    assert done.returncode == 2
    assert json.loads(done.stdout)["error"]["code"] == "invalid-json"


def test_wrong_usage_exits_64() -> None:
    assert run().returncode == 64
    assert run("rule").returncode == 64
    assert run("judge", "--lang", "de", stdin="{}").returncode == 64
    assert run("judge", "/no/such/file.json").returncode == 64


@pytest.mark.parametrize("stdin", ['{"\\ud800": 1}', '{"game": "mtg", "\\udfff": true}', "\ufeff{}", '{"a": 1' + "]" * 3])
def test_no_input_makes_the_cli_print_a_traceback(stdin: str) -> None:
    done = run("judge", "--lang", "ja", stdin=stdin)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert "code" in json.loads(done.stdout)["error"]


def test_raw_bytes_never_crash_the_cli() -> None:
    for raw in (b"\xff\xfe{}", b'{"game": "\xed\xa0\x80"}', b"\x00", b'{"games_won": [' + b"1" * 5000 + b"]}"):
        done = subprocess.run([sys.executable, "-m", "rules_engine", "judge"], input=raw, capture_output=True,
                              timeout=60)
        assert done.returncode == 2 and b"Traceback" not in done.stderr, done.stderr
        assert json.loads(done.stdout)["error"]["code"]


# --- the results in the text output: nothing shown as the result to record before it is decided ------

from hypothesis import given  # noqa: E402

from rules_engine import LANGUAGES, ScenarioError, judge  # noqa: E402
from rules_engine.__main__ import as_text  # noqa: E402
from rules_engine.i18n import translate  # noqa: E402
from tests.engine.strategies import scenarios  # noqa: E402


def _label(lang: str, msgid: str) -> str:
    """The words of a text-output line before its value ("Record:", "Bilan :")."""
    return translate(lang, msgid, score="\0", drawn="\0").split("\0")[0]


RECORD_LABEL = "Record: {score} – draws {drawn}"
CONDITIONAL_LABEL = "Record if nobody wins by then: {score} – draws {drawn}"
SO_FAR_LABELS = ("Game wins so far: {score} – draws {drawn}", "Duels won so far: {score} – draws {drawn}")


def check_results_text(scenario: dict) -> None:
    """In four languages: the record line is "Record:" for a final result only; a result that holds
    only if nobody wins in the turns still to play says so on each of its rows; an undecided match
    shows the games won so far."""
    try:
        rulings = {lang: judge(dict(scenario), lang) for lang in LANGUAGES}
    except ScenarioError:
        return
    for lang, ruling in rulings.items():
        lines = as_text(ruling, lang).split("\n\n")[2 if ruling["summary"] else 1].split("\n")
        match = ruling["match"]
        record = [line for line in lines if any(line.startswith(_label(lang, m)) for m in
                                                (RECORD_LABEL, CONDITIONAL_LABEL, *SO_FAR_LABELS))]
        double_loss = match["result"] == "double-loss"
        assert len(record) == 1 or double_loss, (lang, lines)
        if double_loss:
            assert match["final"]
            continue
        said = record[0]
        if match["final"]:
            assert said.startswith(_label(lang, RECORD_LABEL)) and not said.startswith(_label(lang, CONDITIONAL_LABEL)), (lang, said)
            continue
        assert not said.startswith(_label(lang, RECORD_LABEL)) or said.startswith(_label(lang, CONDITIONAL_LABEL)), (lang, said)
        condition = translate(lang, "{text}, if nobody wins by then", text="\0").replace("\0", "")
        heads = [translate(lang, m) for m in ("Game in progress:", "Duel in progress:", "Match:")]
        results = [line for line in lines if any(line.startswith(h) for h in heads)]
        if match["result"] == "undecided":
            assert any(said.startswith(_label(lang, m)) for m in SO_FAR_LABELS), (lang, said)
            assert all(condition not in line for line in results), (lang, results)
        else:  # decided only if nobody wins by then: every result row says so
            assert said.startswith(_label(lang, CONDITIONAL_LABEL)), (lang, said)
            assert results and all(condition in line for line in results), (lang, results)


@given(scenarios())
def test_the_text_output_shows_the_record_only_for_a_final_result(scenario: dict) -> None:
    check_results_text(scenario)


UNDECIDED = [
    # Sudden death to come; the head judge for two penalties' added turns; Policy v2.5's single elimination.
    {"game": "mtg", "round": "single-elimination", "games_won": [1, 1], "time_called": "during-game",
     "active_player": "B", "current_game": {"life": [10, 10]}},
    {"game": "mtg", "round": "swiss", "games_won": [0, 0], "time_called": "during-game", "active_player": "A",
     "rel": "competitive", "slow_play_penalties": [{"player": "A"}, {"player": "B"}]},
    {"game": "yugioh", "edition": "2.5", "round": "single-elimination", "games_won": [1, 1], "time_called": "between-games"},
]


@pytest.mark.parametrize("scenario", UNDECIDED)
def test_an_undecided_match_shows_the_games_so_far_not_a_record(scenario: dict) -> None:
    for lang in LANGUAGES:
        ruling = judge(dict(scenario), lang)
        assert not ruling["match"]["final"] and ruling["match"]["record"]
        text = as_text(ruling, lang)
        assert _label(lang, RECORD_LABEL) not in text.replace(_label(lang, CONDITIONAL_LABEL), ""), text
        assert any(_label(lang, m) in text for m in SO_FAR_LABELS), text
    check_results_text(scenario)


def test_a_result_that_needs_nobody_to_win_says_so_on_each_row() -> None:
    scenario = {"game": "mtg", "round": "swiss", "games_won": [1, 0], "time_called": "during-game", "active_player": "A"}
    expected = {
        "en": ["Game in progress: Draw (unfinished game: a draw), if nobody wins by then",
               "Match: A wins (game wins), if nobody wins by then",
               "Record if nobody wins by then: A 1 – B 0 – draws 1"],
        "ja": ["進行中のゲーム：それまでに誰も勝利しなければ、引き分け（未完了のゲーム：引き分け）"],
    }
    for lang, lines in expected.items():
        text = as_text(judge(dict(scenario), lang), lang)
        for line in lines:
            assert line in text.split("\n"), (lang, text)
    check_results_text(scenario)


# --- decided_by labels: true of every path that gives them ----------------------------------------------

# Yu-Gi-Oh! v2.3: a Duel won during the procedure with no Life Points given (on Life Points at the end of
# the Phase or of a turn, or by a win condition), or after equal Life Points (at the end of a turn, turn by
# turn, or by a win condition): the label may not name one of these ways.
DUEL_WON_SOMEHOW = [
    {"game": "yugioh", "edition": "2.3", "round": "single-elimination", "games_won": [0, 1], "time_called": "during-game",
     "active_player": "A", "current_game": {"winner": "A"}},
    {"game": "yugioh", "edition": "2.3", "round": "swiss", "games_won": [0, 0], "time_called": "during-game",
     "active_player": "B", "current_game": {"winner": "B"}},
    {"game": "yugioh", "edition": "2.3", "round": "single-elimination", "games_won": [1, 1], "time_called": "during-game",
     "active_player": "A", "current_game": {"winner": "B", "life": [2000, 2000]}},
]


@pytest.mark.parametrize("scenario", DUEL_WON_SOMEHOW)
def test_a_duel_won_in_a_way_not_given_is_not_labelled_played_out(scenario: dict) -> None:
    from rules_engine.labels import DECIDED_BY_LABELS, labels
    for lang in LANGUAGES:
        ruling = judge(dict(scenario), lang)
        assert ruling["current_game"]["decided_by"] == "played-out"
        # The step says how is not known, or that it may have been any of the ways.
        assert any("win condition" in step["text"] or lang != "en" for step in ruling["explanation"])
        label = labels(lang)["decided_by_yugioh"]["played-out"]
        line = next(line for line in as_text(ruling, lang).split("\n") if label in line)
        assert translate(lang, DECIDED_BY_LABELS["played-out"]) not in line, (lang, line)
        assert translate(lang, "during the procedure") == label


@pytest.mark.parametrize("lang", ["en", "fr", "pt", "ja"])
def test_the_text_output_names_the_duel_in_which_time_was_called_once_another_duel_decides(lang: str) -> None:
    """ygo-rule-2-single-elimination, ygo-ocg-extra-duel: once the ruling goes on to the new Duel (v2.3) or the
    extra Duel (OCG), the first row is the Duel in which time was called, as the site labels it (en-fr A7)."""
    called = translate(lang, "Duel in which time was called:")
    in_progress = translate(lang, "Duel in progress:")
    base = {"game": "yugioh", "round": "single-elimination", "games_won": [1, 0], "time_called": "during-game",
            "active_player": "A"}
    new_duel = as_text(judge({**base, "edition": "2.3", "current_game": {"life": [3000, 4000]}}, lang), lang)
    extra_duel = as_text(judge({**base, "region": "japan", "current_game": {"life": [500, 7000]}}, lang), lang)
    same_duel = as_text(judge({**base, "edition": "2.3", "games_won": [1, 1],
                               "current_game": {"life": [3000, 4000]}}, lang), lang)
    assert called in new_duel and called in extra_duel, (new_duel, extra_duel)
    assert in_progress in same_duel and called not in same_duel
