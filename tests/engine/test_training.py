"""Training questions: reproducible from a seed, aimed at a paragraph, answered by the engine."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from rules_engine import judge, question_json
from rules_engine.training.questions import CITABLE, KIND, LEVELS, MISCONCEPTIONS, level_of, question
from tests.test_cases import load_cases


def test_every_paragraph_the_engine_cites_can_be_asked() -> None:
    cited = {rule for case in load_cases() if "expect" in case for rule in case["expect"].get("cites", [])}
    assert cited <= set(CITABLE)


def test_two_hundred_seeds_cover_every_citable_paragraph() -> None:
    assert {question(seed)["rule"] for seed in range(200)} == set(CITABLE)


@pytest.mark.parametrize("seed", range(0, 200, 7))
def test_the_right_answer_is_the_engines_ruling(seed: int) -> None:
    q = question(seed)
    ruling = judge(q["scenario"])
    assert q["rule"] in [step["rule"] for step in ruling["explanation"]]
    right = next(c for c in q["choices"] if c["id"] == q["answer"])
    assert right["misconception"] is None
    kind = q["kind"]
    if kind == "game-result":
        assert right["value"] == ruling["current_game"]["result"]
    elif kind == "match-result":
        assert right["value"] == ruling["match"]["result"]
    elif kind == "turn-count":
        assert right["value"] == ruling["additional_turns"]
    values = [c["value"] for c in q["choices"]]
    assert len(values) == len(set(map(json.dumps, values))) >= 2
    assert len({c["text"] for c in q["choices"]}) == len(values)


def test_every_misconception_is_offered_by_some_seed() -> None:
    named = {fn.__name__.replace("_", "-") for fns in MISCONCEPTIONS.values() for fn in fns}
    offered = {c["misconception"] for seed in range(600) for c in question(seed)["choices"] if c["misconception"]}
    assert named == offered


@pytest.mark.parametrize("level", LEVELS)
def test_a_level_asks_only_its_paragraphs(level: str) -> None:
    for seed in range(30):
        q = question(seed, level=level)
        assert q["level"] == level == level_of(q["rule"])


def test_the_same_seed_gives_the_same_question_in_every_python() -> None:
    program = ("import json; from rules_engine import question_json; "
               "print(json.dumps([question_json(json.dumps({'seed': s}), l) for s in range(0, 60, 3) for l in ('en', 'ja')]))")
    outputs = {subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True,
                              env={"PYTHONHASHSEED": seed, "PATH": ""}).stdout for seed in ("0", "7", "4242")}
    assert len(outputs) == 1


@pytest.mark.parametrize("lang", ["fr", "pt", "ja"])
def test_questions_are_translated(lang: str) -> None:
    english, other = question(11), question(11, lang)
    assert english["rule"] == other["rule"] and english["answer"] == other["answer"]
    assert english["prompt"] != other["prompt"]


def test_bad_requests_are_refused_with_an_error() -> None:
    assert json.loads(question_json('{"seed": -1}'))["error"]["field"] == "/seed"
    assert json.loads(question_json('{"seed": 1, "level": "expert"}'))["error"]["field"] == "/level"
    assert "error" in json.loads(question_json('{"seed": 1, "x": 2}'))
    assert "error" in json.loads(question_json("[1]"))
    assert KIND


def test_a_slow_play_question_always_states_the_rel() -> None:
    # F6: the two added turns exist only at Competitive and Professional REL: a question never leaves it unsaid.
    slow = [q["scenario"] for seed in range(1500) for q in [question(seed, game="mtg")]
            if q["scenario"].get("slow_play_penalties")]
    assert slow and all(s.get("rel") in ("competitive", "professional") for s in slow)


def test_questions_never_show_the_impossible_states_the_engine_refuses() -> None:
    # F1, F5: no Grand Archive win before the clock's turn; no time call between games before a game ended.
    for seed in range(1500):
        s = question(seed)["scenario"]
        current = s.get("current_game") or {}
        if s.get("clock_expired_during_turn") is not None and current.get("during_turn") is not None:
            assert current["during_turn"] == s["clock_expired_during_turn"], seed
        if s["time_called"] == "between-games":
            assert s["games_won"] != [0, 0] or s.get("games_drawn", 0) > 0, seed


def test_the_unfinished_swiss_game_misconception_is_never_offered_for_a_won_game() -> None:
    # F16
    for seed in range(1500):
        q = question(seed, game="yugioh")
        if (q["scenario"].get("current_game") or {}).get("winner") is not None:
            assert "unfinished-yugioh-swiss-game-is-a-draw" not in [c["misconception"] for c in q["choices"]], seed
