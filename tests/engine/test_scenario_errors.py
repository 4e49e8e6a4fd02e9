"""Bad input: a clear error naming the field (DESIGN §3.2), never a traceback or a silent default."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from rules_engine import LANGUAGES, ScenarioError, judge, judge_json
from rules_engine.contract.fields import Field, fields_for, form_fields
from rules_engine.rule_ids import GAMES

BASE: dict[str, Any] = {"game": "yugioh", "edition": "2.3", "round": "swiss", "games_won": [0, 0], "time_called": "during-game",
                        "active_player": "A", "current_game": {"life": [8000, 7000]}}


def error_of(scenario: Any, lang: str = "en") -> tuple[str, str]:
    with pytest.raises(ScenarioError) as caught:
        judge(scenario, lang)
    assert caught.value.message
    return caught.value.code, caught.value.field


@pytest.mark.parametrize("change, code, field", [
    ({"colour": "blue"}, "unknown-key", "/colour"),
    ({"version": 2}, "unsupported-version", "/version"),
    ({"game": "poker"}, "invalid-value", "/game"),
    ({"best_of": True}, "wrong-type", "/best_of"),
    ({"best_of": "3"}, "wrong-type", "/best_of"),
    ({"best_of": 4}, "invalid-value", "/best_of"),
    ({"games_won": [0, True]}, "wrong-type", "/games_won/1"),
    ({"games_won": [0]}, "wrong-type", "/games_won"),
    ({"games_won": [2, 0]}, "impossible-state", "/games_won/0"),
    ({"games_drawn": float("nan")}, "not-finite", "/games_drawn"),
    ({"games_drawn": -1}, "out-of-range", "/games_drawn"),
    ({"extra_turns": [{"player": "A", "after_turn": 1}]}, "not-applicable", "/extra_turns"),
    ({"current_game": {"life": [8000, float("inf")]}}, "not-finite", "/current_game/life/1"),
    ({"current_game": {"lifepoints": [1, 2]}}, "unknown-key", "/current_game/lifepoints"),
    ({"edition": "2.4"}, "invalid-value", "/edition"),
    ({"event_date": "2025-02-30"}, "invalid-value", "/event_date"),
    ({"event_date": 20250905}, "wrong-type", "/event_date"),
    ({"event_date": "2024-01-01"}, "out-of-range", "/event_date"),
    ({"event_date": "2024-09-01"}, "out-of-range", "/event_date"),
    ({"edition": "2.5", "event_date": "2025-06-01", "active_player": None, "current_game": None}, "impossible-state", "/edition"),
    ({"current_game": []}, "not-an-object", "/current_game"),
    ({"tiebreak_game": {"winner": "A"}}, "not-applicable", "/tiebreak_game"),
    ({"round": None}, "missing-field", "/round"),
])
def test_errors_name_the_field(change: dict[str, Any], code: str, field: str) -> None:
    assert error_of(BASE | change) == (code, field)


def test_a_key_for_another_moment_is_not_applicable() -> None:
    assert error_of(BASE | {"time_called": "between-games"}) == ("not-applicable", "/active_player")


def test_a_scenario_must_be_an_object() -> None:
    assert error_of([BASE]) == ("not-an-object", "")


def test_oversized_and_too_deep_input_is_refused_before_parsing() -> None:
    assert json.loads(judge_json(" " * 20000 + "{}"))["error"]["code"] == "too-large"
    assert json.loads(judge_json("[" * 10000))["error"]["code"] == "too-deep"
    nested: Any = {}
    for _ in range(9):
        nested = {"x": nested}
    assert error_of(nested) == ("too-deep", "")


def test_duplicate_keys_are_invalid_json() -> None:
    assert json.loads(judge_json('{"game": "mtg", "game": "yugioh"}'))["error"]["code"] == "invalid-json"


def test_error_messages_are_translated() -> None:
    messages = set()
    for lang in ("en", "fr", "pt", "ja"):
        with pytest.raises(ScenarioError) as caught:
            judge(BASE | {"best_of": True}, lang)
        assert "/best_of" in caught.value.message
        messages.add(caught.value.message)
    assert len(messages) == 4


def test_an_unsupported_language_is_a_programming_error() -> None:
    with pytest.raises(ValueError):
        judge(BASE, "de")


# --- one validation pass: impossible states, falsy values, bounds, messages, any bytes ----------

def error_json(text: str, lang: str = "en") -> dict[str, str]:
    return json.loads(judge_json(text, lang))["error"]


def test_a_huge_integer_is_out_of_range_on_its_field_not_invalid_json() -> None:
    text = '{"game": "mtg", "round": "swiss", "games_won": [' + "9" * 4400 + ', 0], "time_called": "between-games"}'
    error = error_json(text)
    assert (error["code"], error["field"]) == ("out-of-range", "/games_won/0")
    assert "between 0 and 3" in error["message"]
    assert error_json(text.replace("9" * 4400, "-" + "9" * 4400))["field"] == "/games_won/0"


@pytest.mark.parametrize("lang", ["en", "fr", "pt", "ja"])
def test_a_message_shows_both_bounds_and_names_the_field_by_its_label_and_pointer(lang: str) -> None:
    from rules_engine.contract.fields import field_of
    from rules_engine.i18n import translate

    error = error_json(json.dumps(BASE | {"games_drawn": 11}), lang)
    assert (error["code"], error["field"]) == ("out-of-range", "/games_drawn")
    assert "0" in error["message"] and "10" in error["message"] and " ." not in error["message"]
    label = translate(lang, field_of("/games_drawn", "yugioh").label)  # type: ignore[union-attr]
    assert (f"{label}（/games_drawn）" if lang == "ja" else f"{label} (/games_drawn)") in error["message"]


def test_every_number_of_the_contract_has_both_bounds() -> None:
    from rules_engine.contract.fields import fields_for
    from rules_engine.rule_ids import GAMES

    for game in GAMES:
        for spec in fields_for(game):
            if spec.kind in ("integer", "number", "pair") and not spec.choices:
                assert spec.minimum is not None and spec.maximum is not None, (game, spec.path)


@pytest.mark.parametrize("change, field", [
    ({"turn_pass_announced": False}, "/turn_pass_announced"),
    ({"extra_turns": []}, "/extra_turns"),
    ({"side_deck_accessed": False, "edition": "2.5", "active_player": None, "current_game": None}, "/side_deck_accessed"),
    ({"two_headed_giant": False}, "/two_headed_giant"),
    ({"tiebreak_game": {}}, "/tiebreak_game"),
])
def test_a_falsy_value_for_a_key_that_does_not_apply_is_refused(change: dict[str, Any], field: str) -> None:
    assert error_of(BASE | change) == ("not-applicable", field)


def test_slow_play_penalties_do_not_apply_between_games() -> None:
    scenario = {"game": "mtg", "round": "swiss", "games_won": [1, 0], "time_called": "between-games",
                "slow_play_penalties": []}
    assert error_of(scenario) == ("not-applicable", "/slow_play_penalties")


@pytest.mark.parametrize("scenario, field", [
    ({"game": "mtg", "round": "swiss", "games_won": [0, 0], "time_called": "during-game", "active_player": "A",
      "current_game": {"during_turn": 2}}, "/current_game/during_turn"),
    ({"game": "grand-archive", "round": "single-elimination", "games_won": [0, 0], "time_called": "during-game",
      "active_player": "A", "current_game": {"champion_life": [20, 20], "damage": [20, 3], "influence": [1, 1],
                                             "main_deck": [5, 5]}}, "/current_game/damage/0"),
    ({"game": "yugioh", "edition": "2.3", "round": "single-elimination", "games_won": [0, 0], "time_called": "during-game",
      "active_player": "A", "side_deck_accessed": True, "current_game": {"life": [100, 200]}}, "/side_deck_accessed"),
    # F5: "between games" follows a completed game.
    ({"game": "yugioh", "edition": "2.3", "round": "single-elimination", "games_won": [0, 0], "time_called": "between-games"},
     "/time_called"),
    ({"game": "mtg", "round": "swiss", "two_headed_giant": True, "games_won": [0, 0], "time_called": "between-games"},
     "/time_called"),
    # F3: Life Points at 0 decided the Duel.
    ({"game": "yugioh", "edition": "2.3", "round": "single-elimination", "games_won": [1, 1], "time_called": "during-game",
      "active_player": "A", "current_game": {"life": [0, 0]}}, "/current_game/life/0"),
    ({"game": "yugioh", "edition": "2.3", "round": "single-elimination", "games_won": [1, 1], "time_called": "between-games",
      "tiebreak_game": {"life": [3000, 0]}}, "/tiebreak_game/life/1"),
    # F1: a Grand Archive game won before the turn the clock ran out in.
    ({"game": "grand-archive", "round": "swiss", "games_won": [0, 0], "time_called": "during-game",
      "active_player": "A", "clock_expired_during_turn": 3, "current_game": {"winner": "A", "during_turn": 1}},
     "/clock_expired_during_turn"),
    # F4: a Grand Archive winner whose own champion is defeated.
    ({"game": "grand-archive", "round": "single-elimination", "games_won": [0, 0], "time_called": "during-game",
      "active_player": "A", "current_game": {"winner": "A", "champion_life": [20, 20], "damage": [25, 3]}},
     "/current_game/winner"),
    # F13: extra turns out of creation order.
    ({"game": "mtg", "round": "swiss", "games_won": [0, 0], "time_called": "during-game", "active_player": "A",
      "extra_turns": [{"player": "B", "after_turn": 3}, {"player": "A", "after_turn": 1}]}, "/extra_turns/1/after_turn"),
    # F2: the second Slow Play penalty's Game Loss leaves the penalised player no win or draw.
    ({"game": "mtg", "round": "swiss", "games_won": [0, 0], "time_called": "during-game", "active_player": "A",
      "rel": "competitive", "slow_play_penalties": [{"player": "B"}, {"player": "B"}], "current_game": {"winner": "draw"}},
     "/current_game/winner"),
    ({"game": "mtg", "round": "swiss", "best_of": 3, "games_won": [0, 2], "time_called": "between-games"},
     "/games_won/1"),
])
def test_impossible_states_are_refused_naming_the_fields(scenario: dict[str, Any], field: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        judge(scenario, "en")
    assert (caught.value.code, caught.value.field) == ("impossible-state", field)
    assert field in caught.value.message and caught.value.message.count(" (/") + caught.value.message.count(", /") >= 2  # both fields named


def test_a_won_game_needs_no_tiebreak_facts() -> None:
    scenario = {"game": "yugioh", "edition": "2.3", "round": "single-elimination", "games_won": [1, 0], "time_called": "during-game",
                "active_player": "A", "current_game": {"winner": "B"},
                "tiebreak_game": {"winner": None, "life": [500, 4000]}}
    ruling = judge(scenario, "en")
    assert ruling["current_game"] == {"result": "B", "decided_by": "played-out"}
    assert ruling["match"] == {"result": "B", "decided_by": "life-points", "next": None, "record": [1, 2, 0], "final": True,
                               "holds_if_nobody_wins": False}


def test_a_lone_surrogate_key_is_refused_with_a_printable_message() -> None:
    error = error_json('{"game": "mtg", "\\ud800": 1}')
    assert error["code"] == "unknown-key" and "\\ud800" in error["message"]
    json.dumps(error, ensure_ascii=False).encode("utf-8")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_error_names_a_field_in_parentheses_inside_parentheses(lang: str) -> None:
    # pt-ja D2: "aplicada a A (Penalidades de Jogo Lento (/slow_play_penalties))".
    from babel.messages.pofile import read_po

    from rules_engine import localized_error
    nested = re.compile(r"[(（][^()（）]*[(（]")
    with open("translations/rules_engine/rules_engine.pot", "rb") as handle:
        messages = [m.id for m in read_po(handle) if m.id and "field}" in m.id]
    assert len(messages) > 20
    for msgid in messages:
        params = {key: "/games_won" if key.endswith("field") else "x"
                  for key in re.findall(r"\{(\w+)\}", msgid)}
        error = localized_error(ScenarioError("impossible-state", "/games_won", msgid, **params), lang, {"game": "mtg"})
        assert not nested.search(error.message), (msgid, error.message)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_key_another_game_has_is_named_by_that_games_label_beside_that_game(lang: str) -> None:
    # en-fr (reading 10): a Magic scenario's /tiebreak_game/life was refused as "Life Points after the new Duel's
    # four turns", Yu-Gi-Oh!'s label, as if Magic had it. The refusal now says that only Yu-Gi-Oh! asks it, so
    # that label names it (en-fr D9: a raw pointer, "/rel: not part of a Grand Archive scenario", named nothing).
    from rules_engine.contract.fields import choice_label, field_of
    from rules_engine.i18n import translate

    scenario = {"game": "mtg", "round": "single-elimination", "games_won": [0, 0], "time_called": "during-game",
                "active_player": "A", "current_game": {"winner": None, "life": [10, 10]},
                "tiebreak_game": {"winner": "B", "life": [3, 5]}}
    with pytest.raises(ScenarioError) as caught:
        judge(scenario, lang)
    assert caught.value.field == "/tiebreak_game/life"
    label = translate(lang, field_of("/tiebreak_game/life", "yugioh").label)  # type: ignore[union-attr]
    assert caught.value.message.startswith(label), caught.value.message
    assert choice_label(lang, "/game", "yugioh") in caught.value.message


# Every top-level fact only other games ask, in every game: (game, key, a value of the right kind).
_OTHER_GAMES_FACTS = [(game, spec.key, {"boolean": True, "integer": spec.minimum or 1, "number": 1,
                                         "choice": spec.choices[0] if spec.choices else None, "list": [],
                                         "date": "2025-01-01", "pair": [0, 0], "object": {}}[spec.kind])
                      for game in GAMES for other in GAMES if other != game
                      for spec in fields_for(other) if spec.parent == ""
                      and spec.path not in {f.path for f in fields_for(game)}]


# The same inside an object this game has (the game in progress, the tiebreak game): (game, path, value).
_VALUES = {"boolean": True, "integer": 1, "number": 1, "date": "2025-01-01", "pair": [1, 1], "list": [], "object": {}}
_OTHER_GAMES_NESTED = sorted({(game, spec.path, json.dumps(spec.choices[0] if spec.choices else _VALUES.get(spec.kind)))
                              for game in GAMES for other in GAMES if other != game
                              for spec in fields_for(other) if spec.parent.count("/") == 1 and spec.parent != ""
                              and spec.parent in {f.path for f in fields_for(game)}
                              and spec.path not in {f.path for f in fields_for(game)}})


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("game", "path", "value"), _OTHER_GAMES_NESTED)
def test_a_refusal_of_another_games_fact_inside_an_object_names_it_by_its_label(lang: str, game: str, path: str,
                                                                               value: str) -> None:
    from rules_engine.contract.fields import field_of
    from rules_engine.i18n import translate

    parent, key = path.rsplit("/", 1)
    scenario: dict[str, Any] = {"game": game, "round": "single-elimination", "games_won": [1, 1],
                                "time_called": "during-game", "active_player": "A", parent[1:]: {key: json.loads(value)}}
    if game == "yugioh":
        scenario["edition"] = "2.3"
    with pytest.raises(ScenarioError) as caught:
        judge(scenario, lang)
    assert caught.value.code == "not-applicable" and caught.value.field == path
    label = next(translate(lang, spec.label) for other in GAMES if other != game
                 if (spec := field_of(path, other)) is not None)
    assert caught.value.message.startswith(label.split("（")[0].split(" (")[0]), caught.value.message


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("game", "key", "value"), _OTHER_GAMES_FACTS)
def test_a_refusal_of_another_games_fact_names_it_by_its_label(lang: str, game: str, key: str, value: Any) -> None:
    # en-fr D9: "/rel: not part of a Grand Archive scenario: only Magic asks it" named the field by its pointer.
    from rules_engine.contract.fields import field_of
    from rules_engine.i18n import translate

    scenario = {"game": game, "round": "swiss", "games_won": [1, 1], "time_called": "between-games", key: value}
    with pytest.raises(ScenarioError) as caught:
        judge(scenario, lang)
    assert caught.value.code == "not-applicable" and caught.value.field == f"/{key}"
    label = next(translate(lang, spec.label) for other in GAMES if other != game
                 if (spec := field_of(f"/{key}", other)) is not None)
    assert not caught.value.message.startswith("/"), caught.value.message
    assert caught.value.message.startswith(label.split("（")[0].split(" (")[0]), caught.value.message


# A field named inside a message's parentheses: "(label, /pointer)". Its label is left out where the
# words before already say it (pt-ja, reading 10: "uma segunda penalidade por Jogo Lento aplicada a B
# (Penalidades por Jogo Lento, /slow_play_penalties)").
NAMED_IN_BRACKETS = re.compile(r"[(（]([^()（）]+?)(?:, |、)(/[\w/]*)[)）]")


def label_opening_said(lang: str, label: str, before: str) -> bool:
    """The label's first two words (Japanese: its first or last four characters) in the words before."""
    label, before = label.casefold(), before.casefold()
    ends = [label[:4], label[-4:]] if lang == "ja" else [" ".join(label.split()[:2])]
    return any(end in before for end in ends)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_error_names_a_field_by_words_it_has_just_said(lang: str) -> None:
    from tests.test_cases import load_cases

    repeated = []
    for case in load_cases():
        if "error" not in case:
            continue
        with pytest.raises(ScenarioError) as caught:
            judge(case["scenario"], lang)
        message = caught.value.message
        lead = re.match(r"[^:：]*[:：]", message)  # the field the message opens with
        start = lead.end() if lead else 0
        repeated += [(case["name"], message) for m in NAMED_IN_BRACKETS.finditer(message)
                     if label_opening_said(lang, m.group(1), message[start:m.start()])]
    assert repeated == []


@pytest.mark.parametrize("lang, scenario, said", [
    ("pt", {"game": "mtg", "round": "swiss", "games_won": [0, 0], "time_called": "during-game", "active_player": "A",
            "rel": "competitive", "slow_play_penalties": [{"player": "B"}, {"player": "B"}]},
     "uma segunda penalidade por Jogo Lento aplicada a B (/slow_play_penalties) é uma Perda de Jogo"),
    ("en", {"game": "yugioh", "edition": "2.5", "event_date": "2025-06-01", "round": "swiss", "games_won": [0, 0],
            "time_called": "during-game"},
     "after the event date 1 June 2025 (/event_date)"),
    ("ja", {"game": "mtg", "round": "single-elimination", "games_won": [0, 0], "time_called": "during-game", "active_player": "A",
            "current_game": {"winner": "A", "life": [3, 9]}},
     "入力されたライフ総量（/current_game/life）と矛盾します"),
])
def test_a_field_the_sentence_names_is_given_by_its_pointer(lang: str, scenario: dict[str, Any], said: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        judge(scenario, lang)
    assert said in caught.value.message, caught.value.message


@pytest.mark.parametrize("scenario, field, because", [
    # ygo-v2-5-double-loss: the Duel stops at the time call, so the three rules' facts are not asked.
    ({"game": "yugioh", "round": "swiss", "games_won": [0, 0], "time_called": "during-game", "active_player": "A"},
     "/active_player", "/edition"),
    ({"game": "mtg", "round": "swiss", "games_won": [0, 0], "time_called": "between-games", "active_player": "A"},
     "/active_player", "/time_called"),
    ({"game": "mtg", "round": "swiss", "games_won": [0, 0], "time_called": "during-game", "active_player": "A",
      "tiebreak_game": {"winner": "A"}}, "/tiebreak_game", "/round"),
])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_field_left_out_of_the_scenario_says_which_answer_leaves_it_out(
        scenario: dict[str, Any], field: str, because: str, lang: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        judge(scenario, lang)
    assert (caught.value.code, caught.value.field) == ("not-applicable", field)
    assert f"{because})" in caught.value.message or f"{because}）" in caught.value.message, caught.value.message


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_label_with_its_own_parenthesis_takes_the_pointer_inside_it(lang: str) -> None:
    # pt-ja (reading 12): 「延長時間（分）（/time_extension_minutes）」.
    with pytest.raises(ScenarioError) as caught:
        judge({"game": "grand-archive", "round": "swiss", "games_won": [0, 0], "time_called": "during-game",
               "active_player": "A", "time_extension_minutes": 7}, lang)
    message = caught.value.message
    assert "/time_extension_minutes" in message and not re.search(r"[)）]\s?[(（]|[(（][^)）]*[(（]", message), message


@pytest.mark.parametrize("rel", [None, "competitive"])
def test_a_second_slow_play_refusal_says_its_reading_and_its_assumed_rel(rel: str | None) -> None:
    # en-fr (reading 13): "not two more turns" stated as rule, and no word of the REL it assumed when none was given.
    scenario = {"game": "mtg", "round": "swiss", "games_won": [0, 0], "time_called": "during-game",
                "active_player": "A", "slow_play_penalties": [{"player": "A"}, {"player": "A"}]}
    if rel:
        scenario["rel"] = rel
    for current_game in (None, {"winner": "A"}):
        if current_game:
            scenario["current_game"] = current_game
        with pytest.raises(ScenarioError) as caught:
            judge(scenario)
        message = caught.value.message
        assert ("This assumes Competitive or Professional REL" in message) == (rel is None), message
        assert current_game or "that it adds no turns is this site's reading" in message


def _bad_value(spec: Field, children: dict[str, list[Field]]) -> Any:
    """A value this field would refuse on its own: out of its bounds, outside its choices."""
    if spec.kind in ("integer", "number"):
        return 10**6
    if spec.kind == "pair":
        return [10**6, 10**6]
    if spec.kind == "object":
        child = children[spec.path][0]
        return {child.key: _bad_value(child, children)}
    if spec.kind == "list":
        child = children[spec.path + "/-"][0]
        return [{child.key: _bad_value(child, children)}]
    return {"choice": "none of these", "boolean": "yes", "date": "never"}[spec.kind]


def _left_out_with_bad_values() -> list[tuple[str, str, dict[str, Any]]]:
    """Every field a scenario can leave out (fields.py `when`), given a value it would refuse, in a
    scenario whose answers leave it out (and keep its parent object asked)."""
    cases = []
    for game in GAMES:
        specs = {spec.path: spec for spec in fields_for(game)}
        children: dict[str, list[Field]] = {}
        for spec in specs.values():
            children.setdefault(spec.parent, []).append(spec)
        for spec in specs.values():
            if "-" in spec.path.split("/"):
                continue
            parent = specs.get(spec.parent)
            needed = dict(parent.when) if parent else {}
            for key, allowed in spec.when.items():
                others = [v for v in specs[f"/{key}"].choices if v not in allowed and v in needed.get(key, (v,))]
                if not others:
                    continue
                answers = {k: v[0] for k, v in (needed | spec.when).items()} | {key: others[0]}
                scenario: dict[str, Any] = {"game": game, "round": "swiss", "games_won": [0, 0],
                                            "time_called": "during-game"} | answers
                if game == "yugioh" and "edition" not in scenario:
                    scenario["edition"] = "2.3"
                asked = {k: scenario.get(k) for k in ("time_called", "edition")}
                if asked["time_called"] == "during-game" and asked["edition"] in (None, "2.3"):
                    scenario["active_player"] = "A"
                value = _bad_value(spec, children)
                if parent is None:
                    scenario[spec.key] = value
                else:
                    scenario[parent.key] = {spec.key: value}
                cases.append((spec.path, f"/{key}", scenario))
    return cases


@pytest.mark.parametrize("field, because, scenario", _left_out_with_bad_values(),
                         ids=lambda v: v if isinstance(v, str) else "")
def test_a_field_left_out_is_refused_as_such_whatever_its_value(field: str, because: str, scenario: dict[str, Any]) -> None:
    # pt-ja (reading 21): a Policy v2.5 Duel's turn was refused as out of range with the v2.3
    # procedure as the reason; under v2.5 the fact is not asked at all.
    with pytest.raises(ScenarioError) as caught:
        judge(scenario)
    assert (caught.value.code, caught.value.field) == ("not-applicable", field), caught.value.message
    assert f"{because})" in caught.value.message, caught.value.message


def test_a_value_given_is_checked_before_a_fact_still_missing_further_down_the_form() -> None:
    # The form shows the first field it can fix: the games won out of range before the time call
    # not yet answered (the facts that decide what applies are read first, but not required first).
    assert error_of({"game": "mtg", "round": "swiss", "games_won": [9, 0]}) == ("out-of-range", "/games_won/0")
    assert error_of({"game": "mtg", "round": "swiss", "games_won": [0, 0], "active_player": "A"}) == \
        ("missing-field", "/time_called")


def _asked_only_by_an_earlier_edition() -> list[tuple[str, dict[str, Any]]]:
    """Every Yu-Gi-Oh! fact only Policy v2.3 asks, given under v2.5 in every round and at every time call."""
    cases = []
    for spec in fields_for("yugioh"):
        if "edition" not in spec.when or spec.parent:
            continue
        value = {"object": {}, "choice": spec.choices[0] if spec.choices else "A", "boolean": True}.get(spec.kind, 1)
        for round_ in ("swiss", "single-elimination"):
            for called in ("during-game", "between-games"):
                cases.append((spec.path, {"game": "yugioh", "edition": "2.5", "round": round_, "games_won": [0, 0],
                                          "time_called": called, spec.key: value}))
    return cases


@pytest.mark.parametrize("field, scenario", _asked_only_by_an_earlier_edition())
def test_a_fact_the_edition_in_force_never_asks_is_refused_for_that_reason(field: str, scenario: dict[str, Any]) -> None:
    # pt-ja (reading 22): under v2.5, the new Duel in Swiss was refused as "only in single elimination",
    # as if v2.5 had a new Duel there.
    with pytest.raises(ScenarioError) as caught:
        judge(scenario)
    assert (caught.value.code, caught.value.field) == ("not-applicable", field)
    assert "/edition)" in caught.value.message, caught.value.message


@pytest.mark.parametrize("lang", LANGUAGES)
def test_another_games_fact_is_refused_naming_the_games_that_ask_it(lang: str) -> None:
    # pt-ja (reading 23): "/rel: not part of this scenario." said neither why nor which game has it.
    with pytest.raises(ScenarioError) as caught:
        judge({"game": "grand-archive", "round": "swiss", "games_won": [0, 0], "time_called": "between-games",
               "rel": "regular"}, lang)
    assert (caught.value.code, caught.value.field) == ("not-applicable", "/rel")
    names = {g: next(c["label"] for c in form_fields(g, lang)[1]["choices"] if c["value"] == g) for g in GAMES}
    assert names["grand-archive"] in caught.value.message and names["mtg"] in caught.value.message
    with pytest.raises(ScenarioError) as caught:
        judge({"game": "yugioh", "round": "swiss", "games_won": [0, 0], "time_called": "between-games",
               "turn_pass_announced": True}, lang)
    assert all(names[g] in caught.value.message for g in GAMES), caught.value.message


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_yugioh_refusal_of_a_turn_without_a_result_speaks_of_the_duel(lang: str) -> None:
    # The shared refusals take Yu-Gi-Oh!'s words from one table (game_words.py).
    scenario = {"game": "yugioh", "edition": "2.3", "round": "swiss", "games_won": [0, 0], "time_called": "during-game",
                "active_player": "A", "current_game": {"during_turn": 0}}
    with pytest.raises(ScenarioError) as caught:
        judge(scenario, lang)
    duel = {"en": "Duel ended", "fr": "le Duel s’est terminé", "pt": "o Duelo terminou", "ja": "デュエルが終わった"}[lang]
    assert duel in caught.value.message, caught.value.message


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_refusal_of_a_field_only_v2_3_asks_ends_with_a_whole_clause(lang: str) -> None:
    # en-fr (28 Nov 2026, D1): "…; only under the earlier edition, v2.3 (…)." ended the refusal with a fragment: the
    # reason (the Duel stops under v2.5) now ends it, after the clause saying which edition asks the field.
    with pytest.raises(ScenarioError) as caught:
        judge({"game": "yugioh", "edition": "2.5", "round": "swiss", "games_won": [1, 0], "time_called": "during-game",
               "current_game": {"winner": "A"}}, lang)
    assert caught.value.code == "not-applicable"
    message = caught.value.message.rstrip("。.")
    assert not message.endswith(("/edition)", "/edition）")), message
    if lang == "en":
        assert message.endswith("under Policy v2.5, the Duel stops when time is called")
        # v2.3 and Konami Japan's OCG rules (events in Japan) both play the Duel on
        assert "it is asked only under Policy v2.3 and under Konami Japan's OCG rules for events in Japan (" in message
