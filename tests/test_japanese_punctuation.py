"""Japanese prose takes full-width brackets and colons: （…） and ：, never ( ) or : beside a
Japanese character ("ステージ担当チーム(結果管理担当)", "合意(例:投了)").

Checked on every Japanese page (a published translation's half-width punctuation is corrected
in the open, as the translators' page says, and listed in translations/corrections.yaml) and
every Japanese catalog entry (translations/*/ja.po). Half-width punctuation between Latin
words ("IPG 3.3 (Slow Play)"), in code, in a link's address, in a placeholder (%(name)s,
{name}) or quoted alone in a correction note (「(」) is not prose and is allowed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
JAPANESE = r"[\u3000-\u30ff\u4e00-\u9fff\uff01-\uff60]"
HALF_WIDTH = re.compile(rf"(?<={JAPANESE})[():]|[():](?={JAPANESE})")
NOT_PROSE = (
    re.compile(r"`[^`]*`"),                # code
    re.compile(r"%\([a-z_]+\)[sd]"),       # a gettext placeholder
    re.compile(r"\]\([^)\s]*\)"),          # a Markdown link's address
    re.compile(r"<[^>]*>"),                # an HTML tag
    re.compile(r"「[():]」"),              # one half-width mark quoted by a correction note
)


def half_width_marks(text: str) -> list[str]:
    """Each half-width ( ) : beside a Japanese character, with a little context."""
    for pattern in NOT_PROSE:
        # a placeholder becomes a word, so that a link whose address is one is still a link
        text = pattern.sub(lambda match: "]" if match.group(0).startswith("](") else "x", text)
    return [text[max(0, m.start() - 10):m.end() + 10] for m in HALF_WIDTH.finditer(text)]


@pytest.mark.parametrize("text, found", [
    ("これはステージ担当チーム(結果管理担当)が結果を", 2),
    ("合意(例:投了)を得るための", 3),
    ("Policy v2.5 の要約です:", 1),
    ("合意（例：投了）を得るための", 0),
    ("IPG 3.3 (Slow Play) の", 0),
    ("[用語集](glossary.md#draw)）", 0),
    ("`python -m rules_engine`：", 0),
    ("%(document)sの", 0),
    ("原文の半角の括弧「(」「)」は、全角にしました。", 0),
    ("https://blogs.magicjudges.org/rules/mtr2-4/ で", 0),
])
def test_the_check_finds_half_width_marks_in_japanese_prose(text: str, found: int) -> None:
    assert len(half_width_marks(text)) == found


def test_japanese_pages_use_full_width_brackets_and_colons() -> None:
    found = []
    for page in sorted((ROOT / "docs" / "ja").rglob("*.md")):
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            found += [f"{page.relative_to(ROOT)}:{number}: …{mark}…" for mark in half_width_marks(line)]
    assert found == []


def test_japanese_catalogs_use_full_width_brackets_and_colons() -> None:
    found = []
    for catalog in sorted((ROOT / "translations").glob("*/ja.po")):
        with catalog.open("rb") as handle:
            for message in read_po(handle):
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                for string in strings:
                    found += [f"{catalog.relative_to(ROOT)}: {message.id!r}: …{mark}…"
                              for mark in half_width_marks(string or "")]
    assert found == []


# A paragraph of running text is written in sentences with a predicate (です・ます): a list of
# corrections once ran "…としていたもの。…としていたもの。" with none. A list item or a table
# cell that defines a word may end on a noun; a paragraph may not end a sentence on "もの".
NOUN_ONLY_SENTENCE = re.compile(r"もの(?:（[^）]*）)?。")


def running_text(page: Path) -> list[tuple[int, str]]:
    lines = page.read_text(encoding="utf-8").splitlines()
    body_from = lines.index("---", 1) + 1 if lines and lines[0] == "---" else 0
    return [(number, line) for number, line in enumerate(lines, 1)
            if number > body_from and line.strip() and not line.lstrip().startswith(("-", "|", "#", "{", "<", "!!!", "*"))]


def test_japanese_paragraphs_end_their_sentences_on_a_predicate() -> None:
    found = [f"{page.relative_to(ROOT)}:{number}: …{line[max(0, match.start() - 20):match.end()]}"
             for page in sorted((ROOT / "docs" / "ja").rglob("*.md"))
             for number, line in running_text(page) for match in NOUN_ONLY_SENTENCE.finditer(line)]
    assert found == []
