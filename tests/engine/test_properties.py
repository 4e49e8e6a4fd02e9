"""Properties every ruling holds, over many generated scenarios."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from rules_engine import ScenarioError, judge, judge_json
from rules_engine.contract.codes import DECIDED_BY, ERRORS, NEXT
from rules_engine.rule_ids import BY_ID, PREFIXES

from .strategies import json_values, scenarios


def ruling_or_error(scenario: Any) -> dict[str, Any] | None:
    try:
        return judge(scenario)
    except ScenarioError as error:
        assert error.code in ERRORS
        assert error.field == "" or error.field.startswith("/")
        assert error.message
        return None


@given(json_values)
def test_any_json_value_gives_a_ruling_or_a_scenario_error(value: Any) -> None:
    ruling_or_error(value)


@given(scenarios(), st.data())
def test_a_damaged_scenario_gives_a_ruling_or_a_scenario_error(scenario: dict[str, Any], data: st.DataObject) -> None:
    key = data.draw(st.sampled_from(sorted(scenario)))
    scenario[key] = data.draw(json_values)
    ruling_or_error(scenario)


@given(st.text(max_size=200) | st.binary(max_size=200))
def test_any_text_gives_json_with_a_ruling_or_an_error(text: str | bytes) -> None:
    answer = json.loads(judge_json(text))
    assert set(answer) in ({"ruling"}, {"error"})


@given(scenarios())
def test_every_step_cites_a_registered_paragraph_of_the_game(scenario: dict[str, Any]) -> None:
    ruling = ruling_or_error(scenario)
    if ruling is None:
        return
    prefix = PREFIXES[scenario["game"]]
    assert ruling["explanation"]
    for step in ruling["explanation"]:
        assert step["rule"] in BY_ID and step["rule"].startswith(prefix)
        assert step["text"]
    assert ruling["current_game"]["decided_by"] in DECIDED_BY
    assert ruling["match"]["decided_by"] in DECIDED_BY
    assert ruling["match"]["next"] is None or ruling["match"]["next"] in NEXT


@given(scenarios())
def test_single_elimination_never_ends_in_a_draw(scenario: dict[str, Any]) -> None:
    ruling = ruling_or_error(scenario)
    if ruling is not None and scenario["round"] == "single-elimination":
        assert ruling["match"]["result"] != "draw"


@given(scenarios())
def test_a_final_result_has_no_next_step_and_a_pending_one_has(scenario: dict[str, Any]) -> None:
    ruling = ruling_or_error(scenario)
    if ruling is None:
        return
    match = ruling["match"]
    if match["result"] == "undecided":
        assert match["next"] is not None
    elif scenario["game"] != "grand-archive":  # GA: the result holds once combat and stack are done
        assert match["next"] is None


@given(scenarios("mtg"))
def test_mtg_turns_alternate_except_for_extra_turns(scenario: dict[str, Any]) -> None:
    ruling = ruling_or_error(scenario)
    if ruling is None or not ruling["turns"]:
        return
    regular = [t["player"] for t in ruling["turns"] if not t["extra"]]
    assert all(a != b for a, b in zip(regular, regular[1:]))
    assert [t["number"] for t in ruling["turns"]] == list(range(len(ruling["turns"])))
    extras = sum(t["extra"] for t in ruling["turns"])
    assert extras <= len(scenario.get("extra_turns", ())) + 1  # +1: an extra turn pending at the call


@given(scenarios("mtg"))
def test_mtg_turn_count_follows_the_rule(scenario: dict[str, Any]) -> None:
    ruling = ruling_or_error(scenario)
    if ruling is None or scenario["time_called"] == "between-games":
        return
    base = 3 if scenario.get("two_headed_giant") else 5
    # Each player's first penalty only: a second one to the same player is a Game Loss (IPG 3), no turns.
    firsts = [p for i, p in enumerate(scenario["slow_play_penalties"])
              if all(q["player"] != p["player"] for q in scenario["slow_play_penalties"][:i])]
    before = [p for p in firsts if not p["during_additional_turns"]]
    # The IPG's two added turns exist only at Competitive and Professional REL (absent: assumed Competitive).
    remedy = before and scenario.get("rel") != "regular"
    players = [p["player"] for p in scenario["slow_play_penalties"]]
    game_loss = scenario.get("rel") != "regular" and len(players) != len(set(players))
    repeated = [p for i, p in enumerate(scenario["slow_play_penalties"])
                if any(q["player"] == p["player"] for q in scenario["slow_play_penalties"][:i])]
    if game_loss and not repeated[0]["during_additional_turns"]:
        # IPG 3: the Game Loss came in turn 0 and ended the game: no additional turn is played.
        assert (ruling["additional_turns"], len(ruling["turns"])) == (0, 1)
        return
    assert ruling["additional_turns"] == base + (2 if remedy else 0)
    if scenario["current_game"].get("winner") is None and not game_loss:
        assert len(ruling["turns"]) == ruling["additional_turns"] + 1
    # A game won in a turn not given lists only the turns certainly played (test_turn_numbers).
    elif game_loss:  # IPG 3: the Game Loss ended the game, in turn 0 unless given during the additional turns
        assert 1 <= len(ruling["turns"]) <= ruling["additional_turns"] + 1


@given(scenarios("grand-archive"))
def test_grand_archive_plays_at_most_three_turns_within_five_minutes(scenario: dict[str, Any]) -> None:
    ruling = ruling_or_error(scenario)
    if ruling is None or scenario["time_called"] == "between-games":
        return
    assert ruling["additional_turns"] == 3 and ruling["time_limit_minutes"] == 5
    assert len(ruling["turns"]) <= 4
    if "clock_expired_during_turn" in scenario:
        assert len(ruling["turns"]) <= scenario["clock_expired_during_turn"] + 1
    players = [t["player"] for t in ruling["turns"]]
    assert all(a != b for a, b in zip(players, players[1:]))


@given(scenarios())
def test_the_record_counts_every_game_once(scenario: dict[str, Any]) -> None:
    ruling = ruling_or_error(scenario)
    if ruling is None:
        return
    a, b, d = ruling["match"]["record"]
    before = sum(scenario["games_won"]) + scenario["games_drawn"]
    assert before <= a + b + d <= before + 2
    if ruling["match"]["result"] in ("A", "B"):
        winner = ruling["match"]["result"]
        assert (a > b) if winner == "A" else (b > a)


@given(scenarios())
def test_every_language_gives_the_same_ruling_but_for_the_words(scenario: dict[str, Any]) -> None:
    try:
        rulings = [judge(scenario, lang) for lang in ("en", "fr", "pt", "ja")]
    except ScenarioError:
        return
    def shape(ruling: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in ruling.items() if k not in ("explanation", "lang", "rules_version", "edition", "summary")} | {
            "rules": [s["rule"] for s in ruling["explanation"]],
            "edition": {k: v for k, v in ruling["edition"].items() if k != "title"}}
    assert all(shape(r) == shape(rulings[0]) for r in rulings[1:])


SAMPLE = [
    {"game": "mtg", "round": "single-elimination", "games_won": [0, 0], "time_called": "during-game",
     "active_player": "B", "extra_turns": [{"player": "B", "after_turn": 1}, {"player": "A", "after_turn": 1}],
     "current_game": {"life": [5, 5]}},
    {"game": "grand-archive", "round": "single-elimination", "games_won": [1, 1], "time_called": "during-game",
     "active_player": "A", "clock_expired_during_turn": 2,
     "current_game": {"champion_life": [30, 25], "damage": [10, 4], "influence": [3, 3], "main_deck": [9, 9]}},
    {"game": "yugioh", "edition": "2.3", "round": "single-elimination", "games_won": [1, 0], "time_called": "during-game",
     "active_player": "A", "current_game": {"life": [4000, 8000]}, "tiebreak_game": {"first_player": "B"}},
]


def test_rulings_do_not_depend_on_hash_order() -> None:
    """The browser runs another Python with another hash seed: the JSON must be byte-identical."""
    program = ("import json,sys; from rules_engine import judge_json; "
               "print(json.dumps([judge_json(json.dumps(s), l) for s in json.load(sys.stdin) for l in ('en','ja')]))")
    outputs = {
        subprocess.run([sys.executable, "-c", program], input=json.dumps(SAMPLE), capture_output=True,
                       text=True, check=True, env={"PYTHONHASHSEED": seed, "PATH": ""}).stdout
        for seed in ("0", "1", "12345")
    }
    assert len(outputs) == 1
    assert all("ruling" in json.loads(answer) for answer in json.loads(outputs.pop()))
