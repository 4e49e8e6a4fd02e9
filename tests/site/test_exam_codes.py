"""Every exam code and question link the built pages write works: the engine accepts it.

The training page's example code is made at build time from the current question generator
(overrides/hooks/judge_tools.py): it cannot go stale when the generator's version is raised,
as a code written by hand into the page once did.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import parse_qs

import pytest

from rules_engine.contract.errors import ScenarioError
from rules_engine.training.exam import read_code
from rules_engine.training.questions import question
from tests.site.sitebuild import LANGUAGES, ROOT, prefix

CODE = re.compile(r"(?<![\w-])(\d{1,3}-[A-Z]{1,5}-[A-Z]{1,3}-\d{1,2}-[0-9A-Z]{1,7})(?![\w-])")
EXAM_LINK = re.compile(r"#exam=([^\"'&<\s]+)")
QUESTION_LINK = re.compile(r"#(q=[^\"'<\s]+)")


def pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def test_every_exam_code_and_question_link_in_the_pages_is_accepted(built_site: Path) -> None:
    codes: dict[str, Path] = {}
    questions: dict[str, Path] = {}
    for page in pages(built_site):
        text = html.unescape(page.read_text(encoding="utf-8"))
        for code in CODE.findall(text) + EXAM_LINK.findall(text):
            codes.setdefault(code, page)
        for link in QUESTION_LINK.findall(text):
            questions.setdefault(link, page)
    assert codes, "no exam code found in the pages: the example on the training page is gone"
    for code, page in codes.items():
        try:
            read_code(code)
        except ScenarioError as error:
            pytest.fail(f"{page.relative_to(built_site)}: exam code {code} is refused ({error.code})")
    for link, page in questions.items():
        params = {key: values[0] for key, values in parse_qs(link).items()}
        try:
            question(int(params.pop("q")), "en", params.pop("level", None), params.pop("game", None))
        except (ScenarioError, ValueError) as error:
            pytest.fail(f"{page.relative_to(built_site)}: question link #{link} is refused ({error})")
        assert not params, f"{page.relative_to(built_site)}: question link #{link} holds unknown keys"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_training_page_shows_an_example_code_of_the_current_generator(built_site: Path, lang: str) -> None:
    text = (built_site / prefix(lang) / "training" / "index.html").read_text(encoding="utf-8")
    example = re.search(r'<code class="exam-example">([^<]+)</code>', text)
    assert example, "the example code's marker was not replaced"
    assert read_code(example[1])["games"] == ["mtg", "grand-archive", "yugioh", "lorcana"]


def test_no_page_source_writes_an_exam_code_by_hand() -> None:
    # A code written by hand goes stale when the generator changes: the pages take theirs from the build.
    for source in sorted((ROOT / "docs").rglob("*.md")):
        found = CODE.findall(source.read_text(encoding="utf-8"))
        assert not found, f"{source.relative_to(ROOT)}: exam code {found[0]} written by hand"
