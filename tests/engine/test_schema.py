"""The published JSON Schema of the scenario (rules_engine/schema.py) says what the engine's
field checks say: every field is in it, every YAML case and generated scenario gets the same
verdict from both."""

from __future__ import annotations

import copy
import json
import math
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rules_engine.contract.reading
import rules_engine.contract.validation
from rules_engine import ScenarioError
from rules_engine.contract.fields import fields_for
from rules_engine.editions import earliest_date
from rules_engine.rule_ids import GAMES
from rules_engine.contract.reading import read_scenario
from rules_engine.contract.schema import DIALECT, scenario_schema, schema_json
from tests.test_cases import CASES

from .strategies import json_values, scenarios

SCHEMA = scenario_schema()
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA, format_checker=None)


def schema_accepts(value: Any) -> bool:
    return VALIDATOR.is_valid(value)


def without_cross_field_checks(patch: pytest.MonkeyPatch) -> None:
    """read_scenario with each field's own checks and no cross-field ones (what a schema can state)."""
    for module in (rules_engine.contract.validation, rules_engine.contract.reading):
        if hasattr(module, "validate"):
            patch.setattr(module, "validate", lambda scenario: scenario)


@pytest.fixture
def field_checks_only(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    without_cross_field_checks(monkeypatch)
    yield


def fields_accept(value: Any) -> bool:
    try:
        read_scenario(copy.deepcopy(value))
    except ScenarioError as error:
        assert error.code != "impossible-state", "cross-field checks are switched off here"
        return False
    return True


def beyond_json_schema(value: Any) -> bool:
    """Values JSON Schema cannot tell apart as the engine does: 1.0 from 1, NaN (not JSON), and the
    keys an edition left to the event date requires (which edition a date picks is the engine's)."""
    if isinstance(value, dict) and isinstance(value.get("event_date"), str) and value.get("edition") is None:
        return True
    if isinstance(value, dict) and value.get("game") in GAMES and isinstance(value.get("event_date"), str) \
            and value["event_date"] < (earliest_date(value["game"]) or ""):
        return True  # a date before the oldest edition held: the schema cannot compare dates
    if isinstance(value, float):
        return value.is_integer() or not math.isfinite(value)
    if isinstance(value, dict):
        return any(beyond_json_schema(v) for v in value.values())
    if isinstance(value, list):
        return any(beyond_json_schema(v) for v in value)
    return False


def at(schema: dict[str, Any], path: str) -> dict[str, Any]:
    """The schema of one field path (``-``: a list's items)."""
    for part in path.split("/")[1:]:
        schema = schema["items"] if part == "-" else schema["properties"][part]
    return schema


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    assert SCHEMA["$schema"] == DIALECT
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert json.loads(schema_json("https://example.org/schema/scenario-v1.json"))["$id"].endswith("scenario-v1.json")


def test_the_command_line_prints_the_schema() -> None:
    done = subprocess.run([sys.executable, "-m", "rules_engine", "schema", "--id", "https://example.org/s.json"],
                          capture_output=True, text=True, timeout=60, check=True)
    assert json.loads(done.stdout) == {"$schema": DIALECT, "$id": "https://example.org/s.json"} | SCHEMA


@pytest.mark.parametrize("game", GAMES)
def test_every_field_of_the_engine_is_in_the_schema_with_its_label(game: str) -> None:
    """A field added to rules_engine/fields.py is in the schema (generated, never written by hand)."""
    definition = SCHEMA["$defs"][game]
    for spec in fields_for(game):  # type: ignore[arg-type]
        entry = at(definition, spec.path)
        assert entry.get("title") == spec.label, spec.path
        if spec.choices:
            assert set(map(json.dumps, spec.choices)) <= set(map(json.dumps, entry["enum"])), spec.path
    # and nothing else but the other games' keys, accepted only as null
    own = {spec.path for spec in fields_for(game)}  # type: ignore[arg-type]

    def paths(schema: dict[str, Any], where: str) -> Iterator[tuple[str, dict[str, Any]]]:
        for key, sub in schema.get("properties", {}).items():
            yield f"{where}/{key}", sub
            yield from paths(sub, f"{where}/{key}")
        if isinstance(schema.get("items"), dict):
            yield from paths(schema["items"], f"{where}/-")

    for path, sub in paths(definition, ""):
        assert path in own or sub == {"description": sub.get("description"), "type": "null"}, path


@pytest.mark.parametrize(("file_name", "case"), CASES, ids=[str(case.get("name")) for _, case in CASES])
def test_every_case_gets_the_verdict_of_the_engines_field_checks(
        field_checks_only: None, file_name: str, case: dict[str, Any]) -> None:
    scenario = case["scenario"]
    if "expect" in case:
        assert schema_accepts(scenario), list(VALIDATOR.iter_errors(scenario))
    if not beyond_json_schema(scenario):
        assert schema_accepts(scenario) == fields_accept(scenario)


@given(scenarios())
def test_every_scenario_the_engine_rules_on_is_valid(scenario: dict[str, Any]) -> None:
    try:
        rules_engine.judge(scenario)
    except ScenarioError:
        return
    assert schema_accepts(scenario), list(VALIDATOR.iter_errors(scenario))


@given(scenarios(), st.data())
def test_a_damaged_scenario_gets_the_same_verdict(scenario: dict[str, Any], data: st.DataObject) -> None:
    where = scenario
    if "current_game" in scenario and data.draw(st.booleans()):
        where = scenario["current_game"]
    key = data.draw(st.sampled_from(sorted(set(where) | _ALL_KEYS)))
    where[key] = data.draw(json_values | st.sampled_from([0, False, [], "", None, {}, -1, 10**40]))
    if beyond_json_schema(scenario):
        return
    with pytest.MonkeyPatch.context() as patch:
        without_cross_field_checks(patch)
        assert schema_accepts(scenario) == fields_accept(scenario), scenario


_ALL_KEYS = {spec.key for game in GAMES for spec in fields_for(game)}  # type: ignore[arg-type]
