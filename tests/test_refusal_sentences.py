"""A refusal or a label is a sentence with a subject, in Portuguese and Japanese too.

The refusal of a fact that does not apply once ended on a fragment ("…; só na edição anterior,
a v2.3", 「以前の版の v2.3 の場合だけです」), and a form label was an elliptical participle
("Já indicado que passava o turno", shown in the exams as "…: Sim"). Read from the catalogs."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]

# Portuguese: "…: só na eliminatória simples", "…; só quando…": an adverb with no verb or subject.
PT_FRAGMENT = re.compile(r"[:;] só (?:n[ao]s?|quando|em)\b")
# Portuguese: a label that opens on "Já" and a bare participle ("Já indicado que…").
PT_PARTICIPLE_LABEL = re.compile(r"^Já \w+[ai]d[oa]s?\b")
# Japanese: 「…の場合だけです」 with nothing saying what is "only" so (「この項目を使うのは、…」).
JA_ONLY = re.compile(r"場合だけです")


def pt_fragments(text: str) -> list[str]:
    return PT_FRAGMENT.findall(text) + PT_PARTICIPLE_LABEL.findall(text)


def ja_fragments(text: str) -> list[str]:
    return [sentence for sentence in text.split("。") if JA_ONLY.search(sentence) and "のは" not in sentence]


@pytest.mark.parametrize("text", [
    "{field}: sem aplicação neste cenário: na Policy v2.5, o Duelo para quando o tempo acaba; só na edição anterior, a v2.3 ({other_field}).",
    "{field}: sem aplicação neste cenário: só na eliminatória simples ({other_field}).",
    "Já indicado que passava o turno",
])
def test_a_portuguese_fragment_is_caught(text: str) -> None:
    assert pt_fragments(text)


def test_a_japanese_fragment_is_caught() -> None:
    assert ja_fragments("Policy v2.5 では、時間切れの時点でデュエルは止まります。以前の版の v2.3 の場合だけです（{other_field}）。")
    assert not ja_fragments("この項目を使うのは、以前の版の v2.3 の場合だけです（{other_field}）。")


def messages(lang: str) -> Iterator[tuple[str, str]]:
    for catalog in sorted((ROOT / "translations").glob(f"*/{lang}.po")):
        with catalog.open("rb") as handle:
            for message in read_po(handle):
                if message.id and message.string:
                    yield f"{catalog.relative_to(ROOT)}: {message.id!r}", str(message.string)


@pytest.mark.parametrize("lang, fragments", [("pt", pt_fragments), ("ja", ja_fragments)])
def test_catalog_sentences_have_a_subject(lang: str, fragments) -> None:
    found = [f"{where}: {fragment}" for where, text in messages(lang) for fragment in fragments(text)]
    assert found == []
