"""Properties of every ruling and every refusal, over generated scenarios (the checks are in
ruling_checks.py, which `make fuzz` runs too)."""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import example, given
from hypothesis import strategies as st

from rules_engine import LANGUAGES, ScenarioError, judge
from rules_engine.__main__ import answer, encoded
from rules_engine.contract.fields import fields_for
from rules_engine.rule_ids import GAMES

from .ruling_checks import check_citations, check_mirror, check_record, check_refusal_pointer, ruling_or_error
from .strategies import json_values, scenarios


@given(scenarios(), st.sampled_from(LANGUAGES))
def test_exchanging_a_and_b_mirrors_the_ruling(scenario: dict[str, Any], lang: str) -> None:
    check_mirror(scenario, lang)


@given(scenarios())
def test_the_record_adds_up(scenario: dict[str, Any]) -> None:
    ruling = ruling_or_error(scenario)
    if not isinstance(ruling, ScenarioError):
        check_record(ruling)


@given(scenarios())
def test_every_cited_paragraph_is_on_the_page_in_every_language(scenario: dict[str, Any]) -> None:
    ruling = ruling_or_error(scenario)
    if not isinstance(ruling, ScenarioError):
        check_citations(ruling)


# Paragraphs of one kind of round only. Grand Archive's "Timed Rounds for Non-Single Elimination" section
# holds the overtime that single elimination refers to ("the 3 additional turns or 5 minutes"), and these,
# which it does not: a single-elimination ruling citing them cites the other procedure.
ROUND_ONLY = {
    "swiss": {"ga-unfinished-game-draw", "ga-match-result", "ga-no-new-game"},
    "single-elimination": {"ga-single-elimination", "ga-step-game-wins", "ga-step-available-life",
                           "ga-step-influence", "ga-step-main-deck", "mtg-single-elimination-no-draw",
                           "mtg-highest-life", "mtg-sudden-death"},
}


@given(scenarios())
@example({"game": "grand-archive", "round": "single-elimination", "games_won": [0, 1], "time_called": "between-games"})
def test_no_ruling_cites_a_paragraph_of_the_other_kind_of_round(scenario: dict[str, Any]) -> None:
    ruling = ruling_or_error(scenario)
    if not isinstance(ruling, ScenarioError):
        other = "swiss" if scenario.get("round") == "single-elimination" else "single-elimination"
        cited = {step["rule"] for step in ruling["explanation"]}
        assert not cited & ROUND_ONLY[other], (scenario, cited & ROUND_ONLY[other])


def refusal_points_at_the_scenario_or_the_contract(scenario: Any) -> None:
    try:
        judge(copy.deepcopy(scenario))
    except ScenarioError as error:
        check_refusal_pointer(scenario, error)


@given(json_values)
def test_every_refusal_of_any_value_points_at_the_scenario_or_the_contract(value: Any) -> None:
    refusal_points_at_the_scenario_or_the_contract(value)


@given(scenarios(), st.data())
def test_every_refusal_of_a_damaged_scenario_points_at_the_scenario_or_the_contract(
        scenario: dict[str, Any], data: st.DataObject) -> None:
    keys = sorted({spec.key for game in GAMES for spec in fields_for(game)} | set(scenario))  # type: ignore[arg-type]
    where = scenario.get("current_game") if isinstance(scenario.get("current_game"), dict) and data.draw(
        st.booleans()) else scenario
    where[data.draw(st.sampled_from(keys) | st.text(max_size=4))] = data.draw(
        json_values | st.sampled_from([0, False, [], None, {}, 10**40, "\ud800"]))
    if data.draw(st.booleans()) and scenario:
        del scenario[data.draw(st.sampled_from(sorted(scenario)))]
    refusal_points_at_the_scenario_or_the_contract(scenario)


@given(st.binary(max_size=300) | scenarios().map(lambda s: json.dumps(s).encode()), st.sampled_from(LANGUAGES))
def test_the_command_line_answers_any_bytes_with_a_ruling_or_an_error(raw: bytes, lang: str) -> None:
    status, text = answer(raw, lang)
    reply = json.loads(encoded(text))
    assert (status, "error" in reply) in ((0, False), (2, True))
    if status == 2:
        assert set(reply["error"]) == {"code", "field", "message"}
