"""The scenario cases of tests/cases/*.yaml, run through the in-process engine.

Each case (OpenFisca style) is written by hand from the source text, never from the
engine's output:

    - name: mtg_five_additional_turns_after_turn_zero   # the rule and the situation
      source: mtg-additional-turns                       # the registered paragraph it proves
      quote: "合計5ターンの延長ターンをプレイする"           # a phrase of that paragraph
      scenario: {...}                                    # DESIGN §3.2 scenario
      expect: {...}                                      # a subset of the ruling
    # or, for a refused scenario:
      error: {code: out-of-range, field: /current_game/during_turn}

`expect` is a subset of the ruling: every key given must equal the ruling's value; dicts
are compared key by key, recursively; lists must be equal as a whole (same length, same
items in the same order). `cites` is special: every rule id it lists must appear among
the rules of the ruling's explanation (any order). `error` is a subset of the
ScenarioError's attributes (`code`, `field`, `message`).

`load_cases()` is importable (the in-browser parity test runs the same files).
"""

from __future__ import annotations

import copy
import math
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from rules_engine.rule_ids import BY_ID

CASES_DIR = Path(__file__).parent / "cases"
CASE_KEYS = frozenset({"name", "source", "quote", "scenario", "expect", "error"})
# The case file of each game: `source` and `cites` must be paragraphs of that game.
FILE_GAMES = {"mtg.yaml": "mtg", "grand-archive.yaml": "grand-archive", "yugioh.yaml": "yugioh", "lorcana.yaml": "lorcana"}


def _case_files(directory: Path = CASES_DIR) -> list[Path]:
    return sorted(directory.glob("*.yaml"))


def _load_file(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as stream:
        # libyaml's parser: the pure-Python one takes seconds over the cases, in every test process.
        cases = yaml.load(stream, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    if not isinstance(cases, list) or not all(isinstance(case, dict) for case in cases):
        raise ValueError(f"{path}: a case file is a YAML list of mappings")
    return cases


def _cases_with_files(directory: Path = CASES_DIR) -> Iterator[tuple[str, dict[str, Any]]]:
    for path in _case_files(directory):
        for case in _load_file(path):
            yield path.name, case


def load_cases(directory: Path | str = CASES_DIR) -> list[dict[str, Any]]:
    """Every case of every ``*.yaml`` file in ``directory``, in file order (files sorted)."""
    return [case for _, case in _cases_with_files(Path(directory))]


def _same(expected: Any, actual: Any) -> bool:
    """JSON equality: a boolean is not a number; NaN equals NaN; lists as a whole."""
    if isinstance(expected, bool) or isinstance(actual, bool):
        return isinstance(expected, bool) and isinstance(actual, bool) and expected == actual
    if isinstance(expected, (int, float)) and isinstance(actual, (int, float)):
        if isinstance(expected, float) and isinstance(actual, float) and math.isnan(expected):
            return math.isnan(actual)
        return expected == actual
    if isinstance(expected, dict):
        return (
            isinstance(actual, dict)
            and expected.keys() == actual.keys()
            and all(_same(value, actual[key]) for key, value in expected.items())
        )
    if isinstance(expected, list):
        return (
            isinstance(actual, list)
            and len(expected) == len(actual)
            and all(_same(e, a) for e, a in zip(expected, actual))
        )
    return type(expected) is type(actual) and expected == actual


def subset_mismatches(expected: Any, actual: Any, path: str = "") -> list[str]:
    """Where ``actual`` differs from ``expected``: dicts key by key, anything else whole.

    Returns one line per mismatch, each naming the JSON Pointer of the value.
    """
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{path or '/'}: expected an object {expected!r}, got {actual!r}"]
        mismatches: list[str] = []
        for key, value in expected.items():
            where = f"{path}/{key}"
            if key not in actual:
                mismatches.append(f"{where}: missing from the ruling (expected {value!r})")
            else:
                mismatches.extend(subset_mismatches(value, actual[key], where))
        return mismatches
    if not _same(expected, actual):
        return [f"{path or '/'}: expected {expected!r}, got {actual!r}"]
    return []


def ruling_mismatches(expect: dict[str, Any], ruling: dict[str, Any]) -> list[str]:
    """Compare a case's ``expect`` with a ruling (``cites`` against the explanation)."""
    expect = dict(expect)
    mismatches: list[str] = []
    cites = expect.pop("cites", None)
    if cites is not None:
        applied = [step.get("rule") for step in ruling.get("explanation") or []]
        missing = [rule for rule in cites if rule not in applied]
        if missing:
            mismatches.append(f"/explanation: cites {missing} missing; it cites {applied}")
    mismatches.extend(subset_mismatches(expect, ruling))
    return mismatches


def _describe(case: dict[str, Any]) -> str:
    return f"{case.get('name')} ({case.get('source')}: {case.get('quote')!r})"


CASES = list(_cases_with_files())


def test_case_files_exist() -> None:
    names = {path.name for path in _case_files()}
    assert set(FILE_GAMES) <= names, f"missing case files: {set(FILE_GAMES) - names}"


def test_case_names_are_unique() -> None:
    counts = Counter(case.get("name") for _, case in CASES)
    duplicates = sorted(str(name) for name, count in counts.items() if count > 1)
    assert not duplicates, f"duplicate case names: {duplicates}"


@pytest.mark.parametrize(
    ("file_name", "case"), CASES, ids=[str(case.get("name")) for _, case in CASES]
)
def test_case_is_well_formed(file_name: str, case: dict[str, Any]) -> None:
    assert not set(case) - CASE_KEYS, f"unknown keys in the case: {sorted(set(case) - CASE_KEYS)}"
    for key in ("name", "source", "quote"):
        assert isinstance(case.get(key), str) and case[key].strip(), f"the case needs a {key}"
    assert isinstance(case.get("scenario"), dict), "the case needs a scenario (a mapping)"
    assert ("expect" in case) != ("error" in case), "the case needs either expect or error"
    assert case["source"] in BY_ID, f"source {case['source']!r} is not a registered rule id"
    game = FILE_GAMES.get(file_name)
    if game is not None:
        assert BY_ID[case["source"]].game == game, f"source {case['source']!r} is not a {game} paragraph"
    if "expect" in case:
        expect = case["expect"]
        assert isinstance(expect, dict) and expect, "expect is a non-empty mapping"
        cites = expect.get("cites", [])
        assert isinstance(cites, list), "cites is a list of rule ids"
        unregistered = [rule for rule in cites if rule not in BY_ID]
        assert not unregistered, f"cites unregistered rule ids: {unregistered}"
        if game is not None:
            foreign = [rule for rule in cites if BY_ID[rule].game != game]
            assert not foreign, f"cites rule ids of another game: {foreign}"
    else:
        error = case["error"]
        assert isinstance(error, dict) and error, "error is a non-empty mapping"
        assert not set(error) - {"code", "field", "message"}, "error keys: code, field, message"


@pytest.mark.parametrize(
    ("file_name", "case"), CASES, ids=[str(case.get("name")) for _, case in CASES]
)
def test_case(file_name: str, case: dict[str, Any]) -> None:
    from rules_engine import ScenarioError, judge

    scenario = copy.deepcopy(case["scenario"])
    if "error" in case:
        with pytest.raises(ScenarioError) as raised:
            ruling = judge(scenario, "en")
            pytest.fail(f"{_describe(case)}: expected a refusal {case['error']}, got the ruling {ruling}")
        error = raised.value
        actual = {key: getattr(error, key, None) for key in ("code", "field", "message")}
        mismatches = subset_mismatches(case["error"], actual, "/error")
        assert isinstance(actual["message"], str) and actual["message"], "an error has a message"
        assert not mismatches, f"{_describe(case)}:\n" + "\n".join(mismatches)
        return

    ruling = judge(scenario, "en")
    assert isinstance(ruling, dict), f"judge returned {type(ruling).__name__}, not a ruling dict"
    unregistered = [step.get("rule") for step in ruling.get("explanation") or [] if step.get("rule") not in BY_ID]
    assert not unregistered, f"the explanation cites unregistered rule ids: {unregistered}"
    mismatches = ruling_mismatches(case["expect"], ruling)
    assert not mismatches, f"{_describe(case)}:\n" + "\n".join(mismatches)
