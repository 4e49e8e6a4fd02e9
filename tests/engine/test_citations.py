"""Every citation says what its step says.

rules_engine/citations.yaml pairs each sentence the engine can say (its msgid) with the
paragraph it cites and the words of that paragraph's English text that state it. The
engine never reads the table (it runs on the standard library alone); these tests hold the
two together:

- every quoted phrase is in its paragraph (docs/en/<game>/end-of-match.md, the paragraph
  that ends with ``{#id …}``), Markdown set aside;
- every (msgid, paragraph) pair the engine says is in the table: found in the source (each
  ``r.say("id", N_("…"))``), in the rulings of every YAML case and of generated scenarios;
- every row is a sentence of the engine's catalog (no row outlives its sentence).

A row marked ``pending: true`` is known to fail its quote check (listed for the page or the
sentence to be fixed); it still counts as a known pair.
"""

from __future__ import annotations

import ast
import copy
import functools
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given

from rules_engine import ScenarioError, catalogs, rule_on
from rules_engine.contract.reading import read_scenario
from rules_engine.rule_ids import BY_ID, PAGES

from ..test_cases import load_cases
from .strategies import scenarios

ROOT = Path(__file__).resolve().parents[2]
TABLE = ROOT / "rules_engine" / "citations.yaml"
ENGINE = ROOT / "rules_engine"


@functools.cache
def table() -> list[dict[str, Any]]:
    rows = yaml.safe_load(TABLE.read_text(encoding="utf-8"))
    assert isinstance(rows, list)
    return rows


@functools.cache
def known_pairs() -> frozenset[tuple[str, str]]:
    return frozenset((row["msgid"], row["rule"]) for row in table())


def plain(text: str) -> str:
    """A paragraph's words as a reader sees them: no Markdown emphasis or link targets, one
    kind of apostrophe, single spaces."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = text.replace("**", "").replace("’", "'").replace("“", '"').replace("”", '"')
    return re.sub(r"\s+", " ", text).strip()


@functools.cache
def english_paragraphs(game: str) -> dict[str, str]:
    """Each registered paragraph of the game's English page: id → its words."""
    source = (ROOT / "docs" / "en" / f"{PAGES[game]}.md").read_text(encoding="utf-8")  # type: ignore[index]
    found: dict[str, str] = {}
    for block in re.split(r"\n\s*\n", source):
        lines = block.strip().splitlines()
        if not lines:
            continue
        match = re.match(r"\{#([a-z0-9-]+)[ }]", lines[-1].strip())
        if match and len(lines) > 1:
            found[match.group(1)] = plain(" ".join(lines[:-1]))
    return found


def quotes(row: dict[str, Any]) -> list[str]:
    quote = row["quote"]
    return [quote] if isinstance(quote, str) else list(quote)


def test_the_table_is_well_formed() -> None:
    seen: set[tuple[str, str]] = set()
    for row in table():
        assert set(row) <= {"msgid", "rule", "quote", "pending", "why"}, row
        assert isinstance(row["msgid"], str) and row["rule"] in BY_ID, row
        assert quotes(row) and all(isinstance(q, str) and q.strip() for q in quotes(row)), row
        assert (row["msgid"], row["rule"]) not in seen, f"listed twice: {row}"
        seen.add((row["msgid"], row["rule"]))


@pytest.mark.parametrize("row", [pytest.param(row, id=f"{row['rule']}: {row['msgid'][:50]}") for row in table()])
def test_the_quoted_words_are_in_the_cited_paragraph(row: dict[str, Any]) -> None:
    if row.get("pending"):
        pytest.skip("pending: " + row.get("why", "its quote is known to fail"))
    paragraph = english_paragraphs(BY_ID[row["rule"]].game).get(row["rule"])
    assert paragraph is not None, f"{row['rule']} is not a paragraph of the English page"
    for quote in quotes(row):
        assert plain(quote) in paragraph, (row["msgid"], row["rule"], quote, paragraph)


def test_every_row_is_a_sentence_of_the_engine() -> None:
    template = {m.id for m in catalogs.template() if m.id}
    stale = [row["msgid"] for row in table() if row["msgid"] not in template]
    assert not stale, f"sentences the engine no longer says: {stale}"


def said_in_the_source() -> set[tuple[str, str, str]]:
    """(msgid, rule, file) of every ``r.say("id", N_("…"))`` (or a module-level N_ constant)."""
    pairs: set[tuple[str, str, str]] = set()
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants = {target.id: node.value.args[0].value
                     for node in tree.body if isinstance(node, ast.Assign) and _is_n(node.value)
                     for target in node.targets if isinstance(target, ast.Name)}
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "say" and len(node.args) >= 2):
                continue
            rule, text = node.args[0], node.args[1]
            if not (isinstance(rule, ast.Constant) and isinstance(rule.value, str)):
                continue  # a rule chosen at run time: the rulings below find it
            msgid = text.args[0].value if _is_n(text) else constants.get(getattr(text, "id", ""))
            if msgid is not None:
                pairs.add((msgid, rule.value, str(path.relative_to(ROOT))))
    return pairs


def _is_n(node: ast.AST) -> bool:
    return (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "N_"
            and bool(node.args) and isinstance(node.args[0], ast.Constant))


def said_in_a_ruling(scenario: Any) -> set[tuple[str, str]]:
    try:
        ruling = rule_on(read_scenario(copy.deepcopy(scenario)))
    except ScenarioError:
        return set()
    return {(step.msgid, step.rule) for step in ruling.steps}


def test_every_sentence_in_the_source_is_in_the_table() -> None:
    missing = sorted(f"{where}: {rule}: {msgid}" for msgid, rule, where in said_in_the_source()
                     if (msgid, rule) not in known_pairs())
    assert not missing, "cited sentences missing from rules_engine/citations.yaml:\n" + "\n".join(missing)


def test_every_sentence_of_the_cases_is_in_the_table() -> None:
    said = set().union(*(said_in_a_ruling(case["scenario"]) for case in load_cases() if "scenario" in case))
    missing = sorted(f"{rule}: {msgid}" for msgid, rule in said - known_pairs())
    assert not missing, "cited sentences missing from rules_engine/citations.yaml:\n" + "\n".join(missing)


@given(scenarios())
def test_every_sentence_of_a_generated_ruling_is_in_the_table(scenario: dict[str, Any]) -> None:
    missing = said_in_a_ruling(scenario) - known_pairs()
    assert not missing, missing
