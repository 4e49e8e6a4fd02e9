"""Practice exams: a code fixes the questions; each question has exactly one right answer, the engine's."""

from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys
from typing import Any

import pytest

from rules_engine import exam_json, judge, practice_json
from rules_engine.__main__ import main
from rules_engine.contract.errors import ScenarioError
from rules_engine.training.exam import (GAME_LETTERS, LENGTHS, MAX_SEED, QUESTIONS_SINCE, SET_LETTERS, eligible, exam,
                                        new_code, practice, read_code, weight)
from rules_engine.i18n import LANGUAGES
from rules_engine.training.questions import CITABLE, EARLIER, GENERATOR_VERSION, KINDS, LEVELS, group_of, question_for

# One exam's questions, language-neutral: what a mentor's code must keep giving. When this
# fails, the generator draws other questions: raise training.GENERATOR_VERSION (old codes
# then say they come from an older generator) and write the new digest here.
GOLDEN_CODE = f"{GENERATOR_VERSION}-MGY-TRB-40-0"
GOLDEN_DIGEST = "7ac1ea91c9a0e0b28045f5f7ad631485a6b7c10281e38ed5f1f455c7140d217a"
# Disney Lorcana's own exam: when it fails, its questions changed: raise QUESTIONS_SINCE["lorcana"] too (and, for
# GOLDEN_CODE, the other sets').
GOLDEN_LORCANA_CODE = f"{GENERATOR_VERSION}-L-TRB-40-0"
GOLDEN_LORCANA_DIGEST = "4bf734fc9b474b7ca0fd9487e275679c34f7ed7645aa739f05c86a8effeac53f"


def neutral(questions: list[dict[str, Any]]) -> list[Any]:
    return [[q["rule"], q["seed"], q["scenario"], q["answer"], q["misconceptions"]] for q in questions]


def digest(questions: list[dict[str, Any]]) -> str:
    return hashlib.sha256(json.dumps(neutral(questions), sort_keys=True).encode()).hexdigest()


def test_the_golden_exam_has_not_changed_without_a_new_generator_version() -> None:
    assert digest(exam(GOLDEN_CODE)["questions"]) == GOLDEN_DIGEST
    assert digest(exam(GOLDEN_LORCANA_CODE)["questions"]) == GOLDEN_LORCANA_DIGEST


def test_a_code_handed_out_before_lorcana_came_opens_with_the_same_questions() -> None:
    # Generator 14 added Disney Lorcana and changed no other set's questions: a mentor's generator-13 code keeps its
    # exam, and its code (the number included), and says what it holds.
    assert GENERATOR_VERSION == 14 and QUESTIONS_SINCE["lorcana"] == 14
    old = exam("13-mgy-trb-40-0")
    assert old["code"] == "13-MGY-TRB-40-0" and old["generator"] == 13
    assert old["settings"] == {"games": ["mtg", "grand-archive", "yugioh"], "levels": ["turns", "result", "tiebreak"],
                               "length": 40, "seed": 0, "generator": 13}
    assert digest(old["questions"]) == GOLDEN_DIGEST
    assert neutral(exam("13-YE-RB-20-K3F")["questions"]) == neutral(exam(f"{GENERATOR_VERSION}-YE-RB-20-K3F")["questions"])
    # No generator-13 exam asked about Disney Lorcana: such a code is from another generator, and says so.
    for code in ("13-L-T-10-1", "13-MGYL-TRB-20-5"):
        with pytest.raises(ScenarioError) as caught:
            exam(code)
        assert caught.value.code == "outdated-exam-code" and caught.value.params["generator"] == 13


@pytest.mark.parametrize("games", [("mtg",), ("grand-archive",), ("yugioh",), ("lorcana",), ("mtg", "yugioh"),
                                   ("yugioh", "lorcana"), tuple(GAME_LETTERS), (EARLIER,), ("yugioh", EARLIER),
                                   tuple(SET_LETTERS)])
@pytest.mark.parametrize("length", LENGTHS)
def test_a_code_holds_its_settings_and_reads_back(games: tuple[str, ...], length: int) -> None:
    levels = ("result", "tiebreak")
    code = new_code(list(reversed(games)), list(levels), length, 123456)
    assert read_code(code) == {"games": list(games), "levels": list(levels), "length": length, "seed": 123456,
                               "generator": GENERATOR_VERSION}
    assert read_code(f"  {code.lower()} ") == read_code(code)
    assert code == code.upper() and len(code) <= 22


def test_letters_in_another_order_name_the_same_exam() -> None:
    assert exam(f"{GENERATOR_VERSION}-YMG-BRT-10-Z")["code"] == f"{GENERATOR_VERSION}-MGY-TRB-10-Z"


@pytest.mark.parametrize("code", [
    "", "hello", 12, None, "3-MGY-TRB-20", f"{GENERATOR_VERSION}-MGX-TRB-20-1", f"{GENERATOR_VERSION}-MM-TRB-20-1",
    f"{GENERATOR_VERSION}-MGY-TRB-30-1", f"{GENERATOR_VERSION}-MGY-TTR-10-1", f"{GENERATOR_VERSION}-Y-T-10-1",
    f"{GENERATOR_VERSION}-Y-B-10-1", f"{GENERATOR_VERSION}-E-T-10-1", f"{GENERATOR_VERSION}-MGYEE-TRB-10-1",
    f"{GENERATOR_VERSION}-MGY-TRB-10-ZZZZZZZZ", f"{GENERATOR_VERSION}-MGY-TRB-10-1!", "x" * 5000,
    f"{GENERATOR_VERSION}-MGYLEE-TRB-10-1", f"{GENERATOR_VERSION}-LL-T-10-1"])
def test_what_is_not_a_code_is_refused_by_name(code: Any) -> None:
    with pytest.raises(ScenarioError) as caught:
        exam(code)
    assert (caught.value.code, caught.value.field) == ("invalid-exam-code", "/code")


@pytest.mark.parametrize("generator", [1, min(QUESTIONS_SINCE.values()) - 1, GENERATOR_VERSION + 1])
def test_a_code_of_another_generator_says_so_and_asks_nothing(generator: int) -> None:
    answer = json.loads(exam_json(f"{generator}-MGY-TRB-20-5", "fr"))
    assert answer["error"]["code"] == "outdated-exam-code"
    assert str(generator) in answer["error"]["message"] and "code" in answer["error"]["message"]


@pytest.mark.parametrize("games, levels", [(["yugioh"], ["turns"]), (["yugioh"], ["tiebreak"]), ([EARLIER], ["turns"])])
def test_yugioh_has_no_turn_plan_exam_and_its_current_edition_no_tiebreak(games: list[str], levels: list[str]) -> None:
    with pytest.raises(ScenarioError) as caught:
        new_code(games, levels, 10, 1)
    assert caught.value.field == "/levels"


def test_an_exam_asks_about_the_current_editions_unless_the_earlier_ones_are_chosen() -> None:
    current = exam(new_code(seed=5, length=40))
    assert current["code"].split("-")[1] == "MGYL"
    assert all(group_of(q["rule"]) != EARLIER for q in current["questions"])
    assert all(q["scenario"]["edition"] == "2.5" for q in current["questions"] if q["game"] == "yugioh")
    # Disney Lorcana: the current edition of each region's rules, the region named for Japan.
    assert {(q["scenario"].get("region"), q["scenario"]["edition"]) for q in current["questions"]
            if q["game"] == "lorcana"} <= {(None, "2026-07-14"), ("japan", "japan-2026-02-12")}
    both = exam(new_code(["yugioh", EARLIER], ["result", "tiebreak"], 40, 5))
    assert both["code"].split("-")[1] == "YE"
    assert {q["scenario"]["edition"] for q in both["questions"]} == {"2.3", "2.5"}
    assert read_code(both["code"])["games"] == ["yugioh", EARLIER]


def test_a_seed_out_of_range_is_refused_with_both_bounds() -> None:
    with pytest.raises(ScenarioError) as caught:
        new_code(seed=MAX_SEED + 1)
    assert caught.value.code == "out-of-range" and caught.value.params["maximum"] == MAX_SEED


@pytest.mark.parametrize("settings", [
    (tuple(GAME_LETTERS), LEVELS, 40), (("grand-archive",), ("tiebreak",), 40), (("mtg",), ("result",), 40),
    ((EARLIER,), ("tiebreak",), 40), (("yugioh",), ("result",), 40), (("yugioh", EARLIER), LEVELS, 40),
    (("grand-archive",), ("turns",), 40), (("mtg",), ("turns",), 20), (("lorcana",), LEVELS, 40),
    (("lorcana",), ("tiebreak",), 20), (("lorcana",), ("result",), 40)])
def test_an_exam_asks_its_length_only_about_its_settings_and_never_the_same_situation_twice(settings: Any) -> None:
    games, levels, length = settings
    for seed in range(4):
        questions = exam(new_code(games, levels, length, seed))["questions"]
        assert len(questions) == length
        assert [q["id"] for q in questions] == [f"q{i}" for i in range(1, length + 1)]
        assert {q["rule"] for q in questions} <= set(eligible(games, levels))
        scenarios = [json.dumps(q["scenario"], sort_keys=True) for q in questions]
        assert len(set(scenarios)) == length
        # Within a question set, every paragraph the settings allow comes once before any comes back.
        for group in {group_of(r) for r in eligible(games, levels)}:
            own = [r for r in eligible(games, levels) if group_of(r) == group]
            first = [q["rule"] for q in questions if group_of(q["rule"]) == group][:len(own)]
            assert len(set(first)) == len(first), (group, seed)


@pytest.mark.parametrize("games", [tuple(GAME_LETTERS), tuple(SET_LETTERS), ("mtg", "yugioh"), ("yugioh", EARLIER),
                                   ("lorcana", EARLIER)])
def test_every_question_set_a_code_names_gets_a_question(games: tuple[str, ...]) -> None:
    # E4: a code with Y asks about Yu-Gi-Oh!, though its current edition has one paragraph among some thirty.
    for length in LENGTHS[:2]:
        for seed in range(40):
            questions = exam(new_code(games, LEVELS, length, seed))["questions"]
            assert {group_of(q["rule"]) for q in questions} == set(games), (games, length, seed)


@pytest.mark.parametrize("games", [tuple(GAME_LETTERS), tuple(SET_LETTERS), ("mtg", "yugioh"), ("grand-archive", EARLIER),
                                   ("lorcana", "yugioh")])
def test_every_question_set_a_code_names_gets_its_fair_share(games: tuple[str, ...]) -> None:
    # A code such as 7-MGY-TRB-20-7 once asked one Yu-Gi-Oh! question of 20: each set now gets at least
    # length // (2 × sets), however few its paragraphs, unless it has fewer different questions (paragraph and
    # kind) than that: 8-MGY-TRB-20-1KA asked three of 20 on Policy v2.5's one paragraph, two of them alike.
    rules = eligible(games, tuple(LEVELS))
    different = {g: sum(len(KINDS[r]) for r in rules if group_of(r) == g) for g in games}
    for length in LENGTHS:
        for seed in range(25):
            questions = exam(new_code(games, LEVELS, length, seed))["questions"]
            counts = {g: sum(group_of(q["rule"]) == g for q in questions) for g in games}
            for g in games:
                assert counts[g] >= min(length // (2 * len(games)), different[g]), (games, length, seed, counts)
            asked = [(q["rule"], q["kind"]) for q in questions]
            for rule in {r for r, _ in asked}:
                kinds = [k for r, k in asked if r == rule]
                # a paragraph asked again is asked what it was not asked yet, while it has such a question
                assert len(set(kinds)) == min(len(kinds), len(KINDS[rule])), (games, length, seed, rule, kinds)


def test_every_language_gets_the_same_exam() -> None:
    code = new_code(seed=77)
    exams = {lang: exam(code, lang) for lang in LANGUAGES}
    assert len({json.dumps(neutral(e["questions"])) for e in exams.values()}) == 1
    assert exams["en"]["questions"][0]["prompt"] != exams["ja"]["questions"][0]["prompt"]
    assert all(q["options"][0] for e in exams.values() for q in e["questions"])


def test_the_same_code_gives_the_same_exam_in_every_python() -> None:
    program = ("import json; from rules_engine import exam_json; "
               f"print(exam_json('{GOLDEN_CODE}', 'pt'))")
    outputs = {subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True,
                              env={"PYTHONHASHSEED": seed, "PATH": ""}).stdout for seed in ("0", "7", "4242")}
    assert len(outputs) == 1


def right_value(q: dict[str, Any], ruling: dict[str, Any]) -> Any:
    """The answer as the ruling gives it, read independently of the generator."""
    kind = q["kind"]
    if kind == "turn-count":
        # Grand Archive: up to three, or five minutes (its clock), said in words.
        return "ga-up-to-3" if q["game"] == "grand-archive" else ruling["additional_turns"]
    if kind == "turn-player":
        return next(t["player"] for t in ruling["turns"] if t["number"] == q["asked"]["number"])
    if kind == "turns-of-player":
        return sum(1 for t in ruling["turns"][1:] if t["player"] == q["asked"]["player"])
    if kind == "game-result":
        return ruling["current_game"]["result"]
    if kind == "match-result":
        return ruling["match"]["result"]
    if kind == "next":
        value = ruling["match"]["next"] or "nothing"
        if value == "sudden-death":  # Magic's sudden death, worded for the situation: a game goes on, or a new one
            goes_on = q["scenario"]["time_called"] == "during-game" and ruling["current_game"]["result"] == "undecided"
            return "sudden-death-goes-on" if goes_on else "sudden-death-new-game"
        return value
    if kind == "side-deck":
        return "yes" if ruling["new_duel"]["side_deck"] else "no"
    if kind == "first-player":
        assert "new_duel" in ruling
        return "random-method"
    assert kind == "procedure-start"
    return "after-extension" if ruling["scenario"].get("time_extension_minutes") else "at-time-call"


# Ten thousand in English; a thousand in each other language, whose questions are the same draws in
# other words (test_every_language_gets_the_same_exam): the words are what a translation can break.
QUESTIONS_CHECKED = {lang: 10_000 if lang == "en" else 1_000 for lang in LANGUAGES}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_thousands_of_questions_each_have_exactly_one_right_answer_the_engines(lang: str) -> None:
    rng = random.Random(f"questions-{lang}")
    rules = list(CITABLE)
    for _ in range(QUESTIONS_CHECKED[lang]):
        rule, seed = rng.choice(rules), rng.getrandbits(32)
        q = question_for(rule, seed, lang)
        ruling = judge(q["scenario"], lang)  # ruled again, from the scenario alone
        assert rule in [step["rule"] for step in ruling["explanation"]], (rule, seed)
        right = right_value(q, ruling)
        marked = [c for c in q["choices"] if c["id"] == q["answer"]]
        assert len(marked) == 1 and marked[0]["value"] == right, (rule, seed)
        values = [json.dumps(c["value"]) for c in q["choices"]]
        texts = [c["text"] for c in q["choices"]]
        assert len(set(values)) == len(values) >= 2, (rule, seed)  # every distractor differs from the answer
        assert len(set(texts)) == len(texts) and all(t.strip() for t in texts), (rule, seed, texts)
        assert sum(c["value"] == right for c in q["choices"]) == 1, (rule, seed)


def test_practice_aims_at_the_missed_paragraphs() -> None:
    stats = {rule: {"asked": 4, "right": 4} for rule in CITABLE}
    stats["mtg-sudden-death"] = {"asked": 3, "right": 0}
    asked = [q["rule"] for seed in range(5) for q in practice(stats, seed, length=20)["questions"]]
    assert asked.count("mtg-sudden-death") > len(asked) / 4
    assert weight(stats, "mtg-sudden-death") > weight({}, "mtg-sudden-death") > weight(stats, "mtg-highest-life")
    assert weight({"x": {"asked": "many", "right": -3}}, "x") == 1


def test_practice_is_reproducible_and_refuses_bad_requests() -> None:
    request = json.dumps({"stats": {"ga-overtime": {"asked": 2, "right": 0}}, "seed": 9, "games": ["grand-archive"],
                          "levels": ["turns"], "length": 10})
    first, second = json.loads(practice_json(request, "ja")), json.loads(practice_json(request, "ja"))
    assert first == second and first["exam"]["code"] is None and len(first["exam"]["questions"]) == 10
    assert json.loads(practice_json('{"seed": 1, "games": ["chess"], "levels": ["turns"], "length": 10}'))["error"]["field"] == "/games"
    assert json.loads(practice_json('{"seed": 1, "games": ["mtg"], "levels": ["turns"], "length": 7}'))["error"]["field"] == "/length"
    assert "error" in json.loads(practice_json('{"seed": 1, "stats": [], "games": ["mtg"], "levels": ["turns"], "length": 10}'))
    assert "error" in json.loads(practice_json('{"nope": 1}'))


def test_the_command_line_makes_a_code_and_shows_its_exam(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["exam", "new", "--game", "yugioh", "mtg", "--length", "10", "--levels", "result", "--seed", "42"]) == 0
    code = capsys.readouterr().out.strip()
    assert code == f"{GENERATOR_VERSION}-MY-R-10-16"
    assert main(["exam", "show", code, "--lang", "ja"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown == json.loads(exam_json(code, "ja"))["exam"]
    assert set(shown) >= {"code", "questions"}
    assert set(shown["questions"][0]) >= {"id", "rule", "prompt", "options", "answer", "explanation"}
    assert main(["exam", "show", "nonsense"]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["code"] == "invalid-exam-code"
    assert main(["exam", "new", "--game", "yugioh", "--levels", "turns"]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["field"] == "/levels"


@pytest.mark.parametrize("sets", ["MGY", "MGYE"])
def test_no_question_rests_on_where_a_table_was_when_its_time_extension_ended(sets: str) -> None:
    # pt-ja (reading 11): "between games" with a time extension was ruled for the moment the extension ended, a
    # fact the situation never shows (a table whose extension was still running may have started its next game).
    for seed in range(40):
        for q in exam(f"{GENERATOR_VERSION}-{sets}-TRB-40-{seed}")["questions"]:
            assert not (q["scenario"].get("time_extension_minutes") and q["scenario"]["time_called"] == "between-games")
