"""Typographic slips a reader notices at once, caught in every text we publish.

- nested parentheses: a label that already holds parentheses put in parentheses again
  ("A の勝ち (ライフポイント (LP))");
- Japanese particles typed twice or a stray honorific ("のの", "をを", "ゲームのお結果");
- a word typed twice in English, French or Portuguese ("the the").

Read: every page in docs/, every entry of the .po catalogs, every label a ruling puts in
parentheses, and the CLI's text ruling of every YAML case in all four languages.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from rules_engine import ScenarioError, judge
from rules_engine.__main__ import as_text
from rules_engine.i18n import LANGUAGES
from rules_engine.labels import labels
from tests.test_cases import load_cases

ROOT = Path(__file__).resolve().parents[1]

NESTED = re.compile(r"[(（][^()（）\n]*[(（]")
# Particles that never come twice in a row in correct Japanese (と, で and も do: ことと, までで);
# お right after の before a kanji is a stray honorific (のお結果), except お互い.
PARTICLES = re.compile(r"(の|を|が|に)\1|のお(?!互)(?=[\u4e00-\u9fff])")
# Pronominal verbs repeat their pronoun in French ("vous vous assurez").
DOUBLED = re.compile(r"\b(?!vous\b|nous\b)(\w{2,}) \1\b", re.IGNORECASE)

MARKUP = [
    (re.compile(r"\]\([^)]*\)"), "]"),       # a Markdown link's target
    (re.compile(r"%\(\w+\)s"), "X"),         # a gettext placeholder stands for a word
    (re.compile(r"\{[#.][^}]*\}"), ""),       # attribute lists: {#id .rule}
    (re.compile(r"`[^`]*`"), ""),             # code
]


def plain(text: str) -> str:
    for pattern, replacement in MARKUP:
        text = pattern.sub(replacement, text)
    return text


def slips(text: str) -> list[str]:
    text = plain(text)
    found = []
    for kind, pattern in (("nested parentheses", NESTED), ("repeated particle", PARTICLES), ("doubled word", DOUBLED)):
        for match in pattern.finditer(text):
            found.append(f"{kind}: …{text[max(0, match.start() - 20):match.end() + 20]}…")
    return found


def texts() -> Iterator[tuple[str, str]]:
    for page in sorted((ROOT / "docs").rglob("*.md")):
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            yield f"{page.relative_to(ROOT)}:{number}", line
    for catalog in sorted((ROOT / "translations").glob("*/*.po")):
        with catalog.open("rb") as handle:
            for message in read_po(handle):
                if message.id and message.string:
                    yield f"{catalog.relative_to(ROOT)}: {message.id!r}", str(message.string)


@pytest.mark.parametrize("example, expected", [
    ("A の勝ち (ライフポイント (LP))", "nested parentheses"),
    ("最後に終了したゲームのお結果をもって", "repeated particle"),
    ("ゲームのの結果", "repeated particle"),
    ("the the match", "doubled word"),
])
def test_the_check_catches_each_kind(example: str, expected: str) -> None:
    assert [s.split(":")[0] for s in slips(example)] == [expected]


@pytest.mark.parametrize("example", ["お互いのお互いの", "プレイヤーが行うことと", "5分までである", "vous vous assurez",
                                     "(voir [IPG 3.3](ipg.md#slow-play))", "le document (%(document)s)"])
def test_the_check_leaves_correct_text_alone(example: str) -> None:
    assert slips(example) == []


def test_no_page_or_catalog_entry_has_such_a_slip() -> None:
    found = [f"{where}: {slip}" for where, text in texts() for slip in slips(text)]
    assert found == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_labels_put_in_parentheses_hold_none_themselves(lang: str) -> None:
    # The checker and the CLI write "<result> (<decided_by>)".
    words = labels(lang)
    assert [w for w in words["decided_by"].values() if re.search(r"[()（）]", w)] == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_ruling_of_the_cases_has_such_a_slip(lang: str) -> None:
    found = []
    for case in load_cases():
        try:
            ruling = judge(case["scenario"], lang)
        except ScenarioError:
            continue
        found += [f"{case['name']}: {slip}" for slip in slips(as_text(ruling, lang))]
    assert found == []
