"""The Japanese messages read naturally: what a comparison compares is named, a phrase is not
repeated within a sentence, and a player's letter stands apart from the Japanese beside it.

- 「ライフ総量が A 15 – B 9 なら、最も多い A が…」 drops the noun after 最も; the sentence
  reads 「ライフ総量が多い A が…」.
- 「この裁定は、この版が選択されたため、この版を続けているイベントとして、この版を適用します。」
  says この版 three times.
- A player's or team's letter, written or a placeholder, has a space on each side next to
  Japanese: 「A の勝ち」, 「プレイヤー B」, 「A または B」 (punctuation needs none).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.catalog_entries import translated

ROOT = Path(__file__).resolve().parents[1]
CATALOGS = [ROOT / "translations" / domain / "ja.po" for domain in ("rules_engine", "site")]

JAPANESE = r"[ぁ-んァ-ヶー一-龥]"
# A comparison word that names a player, with no noun for what is compared before it.
BARE_SUPERLATIVE = re.compile(r"(?<![がはのも])最も(?:多い|高い|少ない|低い)\s*\{(?:player|winner|loser|other|team)\}")
# A player's letter or placeholder touching Japanese.
LETTER = r"(?:(?<![A-Za-z0-9.\-])[AB](?![A-Za-z0-9.])|\{(?:player|winner|loser|other|team)\})"
UNSPACED = re.compile(rf"{JAPANESE}{LETTER}|{LETTER}{JAPANESE}")
DEMONSTRATIVE = re.compile(r"この[ァ-ヶー一-龥]+")


def messages() -> Iterator[tuple[str, str]]:
    for path in CATALOGS:
        yield from translated(path, f"{path.parent.name}/ja.po")


def bare_superlatives(text: str) -> list[str]:
    return BARE_SUPERLATIVE.findall(text)


def repeated_phrases(text: str) -> list[str]:
    found = []
    for sentence in re.split(r"[。！？]", text):
        counts: dict[str, int] = {}
        for phrase in DEMONSTRATIVE.findall(sentence):
            counts[phrase] = counts.get(phrase, 0) + 1
        found += [phrase for phrase, count in counts.items() if count >= 3]
    return found


def unspaced_letters(text: str) -> list[str]:
    return [m[0] for m in UNSPACED.finditer(text)]


# Extra turns are counted with つ (「追加のターンを2つ」, 「1つの追加のターン」), never 回 beside it.
EXTRA_TURNS_BY_TIMES = re.compile(r"追加のターンを?[^。、]{0,6}?(?:[0-9０-９]|\{\w+\})回|(?:[0-9０-９]|\{\w+\})回の追加のターン")


def extra_turns_counted_in_times(text: str) -> list[str]:
    return EXTRA_TURNS_BY_TIMES.findall(text)


# Two sides are compared, never ranked among many: beside a named side, 「ライフ総量が多い A」, not
# 「ライフ総量が最も多い A」 (the rule's own sentence about "a player" may keep its superlative).
NAMED_SIDE = re.compile(r"\{(?:player|winner|loser|other|team)\}")


def superlatives_beside_a_named_side(text: str) -> list[str]:
    return re.findall(r"最も\S{0,3}", text) if NAMED_SIDE.search(text) else []


@pytest.mark.parametrize("check", [bare_superlatives, repeated_phrases, unspaced_letters, extra_turns_counted_in_times,
                                   superlatives_beside_a_named_side],
                         ids=lambda check: check.__name__)
def test_the_japanese_messages(check) -> None:
    assert [f"{where}: {found}" for where, text in messages() for found in check(text)] == []


def test_the_japanese_pages_space_a_players_letter() -> None:
    found = []
    for page in sorted((ROOT / "docs" / "ja").rglob("*.md")):
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            found += [f"{page.relative_to(ROOT)}:{number}: {m}" for m in unspaced_letters(line)]
    assert found == []


def test_a_rulings_text_output_spaces_a_players_letter() -> None:
    # A message can put a letter beside Japanese through a placeholder that is not a player's
    # ({text} in 「それまでに誰も勝利しなければ、{text}」): the rendered rulings are read too.
    from rules_engine import ScenarioError, judge
    from rules_engine.__main__ import as_text
    from tests.test_cases import load_cases

    found = []
    for case in load_cases():
        try:
            ruling = judge(case["scenario"], "ja")
        except ScenarioError:
            continue
        found += [f"{case['name']}: {m}" for m in unspaced_letters(as_text(ruling, "ja"))]
    assert found == []


@pytest.mark.parametrize("check, text, caught", [
    (bare_superlatives, "その時点のライフ総量が {score} なら、最も多い {player} がゲームとマッチに勝利します。", True),
    (bare_superlatives, "影響力が {score} なら、最も高い {player} がゲームとマッチに勝利します。", True),
    (bare_superlatives, "ステップ3：影響力が最も高い {player} がゲームに勝利します（{score}）。", False),
    (bare_superlatives, "ライフ総量が多い {player} がゲームとマッチに勝利します。", False),
    (superlatives_beside_a_named_side, "ステップ3：影響力が最も高い {player} がゲームに勝利します（{score}）。", True),
    (superlatives_beside_a_named_side, "ステップ3：影響力が高い {player} がゲームに勝利します（{score}）。", False),
    (superlatives_beside_a_named_side, "ライフ総量が最も多いプレイヤーがゲームに勝利します。", False),
    (repeated_phrases, "この裁定は、この版が選択されたため、この版を続けているイベントとして、この版を適用します。", True),
    (repeated_phrases, "この版が選択されたため、この裁定は、それを続けているイベントのものとして適用します。", False),
    (unspaced_letters, "プレイヤー{player}", True), (unspaced_letters, "チームB", True),
    (unspaced_letters, "{field}：AまたはB。", True), (unspaced_letters, "{player}の追加ターン", True),
    (unspaced_letters, "マッチ：それまでに誰も勝利しなければA の勝ち", True),
    (extra_turns_counted_in_times, "{player} の追加のターンを2回と数えています。", True),
    (extra_turns_counted_in_times, "{player} の追加のターンを2つと数えています。1回だけ入力してください。", False),
    (unspaced_letters, "プレイヤー {player}", False), (unspaced_letters, "A の勝ち", False),
    (unspaced_letters, "{field}：A、B または引き分け。", False), (unspaced_letters, "V.B節", False),
])
def test_the_checks_catch_what_they_are_for(check, text: str, caught: bool) -> None:
    assert bool(check(text)) is caught
