"""The pages say a concept with the word the checker and its rulings say it with.

- Disney Lorcana's moment "the active player declares the end of their turn": every page of a language
  uses the verb of the engine's own form field (rules_engine.contract.fields, /turn_pass_announced), as the
  checker, the tracker's button and the rulings do (Portuguese *anunciar*, never *declarar* beside it).
- Konami Japan's match play (マッチ戦), glossed after the name of its rules on the Yu-Gi-Oh! page, with the
  words the engine's name of those rules gives it (Portuguese "disputa em partidas", never "em partida").

Read from the Markdown pages and the engine: no build needed.
"""

from __future__ import annotations

import re

import pytest

from rules_engine.contract.fields import form_fields
from rules_engine.editions import edition
from rules_engine.i18n import translate
from tests.site.sitebuild import LANGUAGES, ROOT

DOCS = ROOT / "docs"

# "the active player <verb> the end of their turn", the verb caught (Disney Lorcana's "active player"; Grand
# Archive says "turn player", with a verb of its own).
END_OF_TURN = {
    "en": r"active player (\w+) the end of their turn",
    "fr": r"joueur actif (\w+) la fin de son tour",
    "pt": r"jogador ativo (\w+) o fim do (?:seu )?turno",
    "ja": r"アクティブ・プレイヤーがターンの終了を(\w{2})",
}


def stem(verb: str, lang: str) -> str:
    """A verb without its ending: "declares" and "declared", "anuncia" and "anunciava" are one verb."""
    return verb if lang == "ja" else verb.lower()[:5]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lorcana_end_of_turn_call_is_said_with_the_checker_s_verb(lang: str) -> None:
    label = next(f["label"] for f in form_fields("lorcana", lang) if f["path"] == "/turn_pass_announced")
    engine = re.search(END_OF_TURN[lang], label)
    assert engine, label
    found = []
    for page in sorted((DOCS / lang).rglob("*.md")):
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            found += [f"{page.relative_to(ROOT)}:{number}: {m[0]}" for m in re.finditer(END_OF_TURN[lang], line)
                      if stem(m[1], lang) != stem(engine[1], lang)]
    assert found == [], f"the checker says {engine[0]!r}"


@pytest.mark.parametrize("text", ["enquanto o jogador ativo declara o fim do seu turno, elas",
                                  "O tempo acabar enquanto o jogador ativo declarava o fim do turno é outro"])
def test_the_check_finds_the_other_verb(text: str) -> None:
    found = re.search(END_OF_TURN["pt"], text)
    assert found and stem(found[1], "pt") != stem("anunciava", "pt")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_ocg_rules_match_play_is_said_as_the_editions_list_says_it(lang: str) -> None:
    """マッチ戦 after the name of Konami Japan's rules: on the Yu-Gi-Oh! page "(…, ランキングデュエル 大会規定, <match
    play>)", in the engine's name of the document (the editions list, a ruling's edition) "…大会規定), <match play>:"."""
    document = translate(lang, edition("yugioh", "ocg-2020-04-01").document)  # type: ignore[union-attr]
    engine = re.search(r"大会規定[)）」]?[,、]?\s*(.+?)\s*[:：]", document)
    assert engine, document
    page = (DOCS / lang / "yugioh" / "end-of-match.md").read_text(encoding="utf-8")
    glosses = re.findall(r"ランキングデュエル 大会規定[,、]\s*([^)）;；]+)[)）]", page)
    assert glosses and set(glosses) == {engine[1]}, (glosses, engine[1])
