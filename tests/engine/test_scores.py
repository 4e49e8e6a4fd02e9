"""Numbers in pairs are written with their owners ("A 1 – B 2"), in every language: a bare
"1–2" after "B wins" reads as B's 1 and A's 2 to half the readers."""

from __future__ import annotations

import re

import pytest

from rules_engine import judge
from rules_engine.i18n import LANGUAGES
from tests.test_cases import load_cases

BARE_PAIR = re.compile(r"[(（]\s*\d+\s*(?:[–—-]|to|contre|à|a|対)\s*\d+\s*[,，、)）]")
RULINGS = [case for case in load_cases() if "expect" in case]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_ruling_writes_a_pair_of_numbers_without_their_owners(lang: str) -> None:
    bare = []
    for case in RULINGS:
        for step in judge(case["scenario"], lang)["explanation"]:
            if BARE_PAIR.search(step["text"]):
                bare.append(f"{case['name']}: {step['text']}")
    assert bare == []
