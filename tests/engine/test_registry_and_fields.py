"""The rule-id registry and the form fields the site is generated from."""

from __future__ import annotations

import re

import pytest

from rules_engine import form_fields
from rules_engine.contract.fields import fields_for
from rules_engine.rule_ids import BY_ID, GAMES, NOT_COVERED, PARAGRAPHS, PREFIXES, paragraphs_of


def test_ids_are_unique_and_prefixed_by_their_game() -> None:
    assert len(BY_ID) == len(PARAGRAPHS)
    for paragraph in PARAGRAPHS:
        assert paragraph.id.startswith(PREFIXES[paragraph.game])
        assert paragraph.role in ("rule", "annotation", "note")


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_not_covered_note(game: str) -> None:
    note = BY_ID[NOT_COVERED[game]]
    assert note.role == "note" and note in paragraphs_of(game)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "fr", "pt", "ja"])
def test_form_fields_have_labels_in_every_language(game: str, lang: str) -> None:
    fields = form_fields(game, lang)
    assert {f["path"] for f in fields} == {f.path for f in fields_for(game)}
    for field in fields:
        assert field["label"]
        assert all(choice["label"] for choice in field["choices"])


def test_tiebreak_facts_apply_only_in_single_elimination() -> None:
    mtg = {f.path: f for f in fields_for("mtg")}
    assert mtg["/current_game/life"].when == {"round": ("single-elimination",)}
    ygo = {f.path: f for f in fields_for("yugioh")}
    assert ygo["/current_game/life"].when == {}  # Life Points decide the game in every round
    # the Duel in progress matters only to the three-rule procedure: v2.5 stops it at the time call
    # (and to Konami Japan's OCG rules, which finish the turn and play three more)
    assert ygo["/current_game"].when == {"time_called": ("during-game",), "edition": ("2.3", "ocg-2020-04-01")}
    lorcana = {f.path: f for f in fields_for("lorcana")}
    assert lorcana["/current_game/lore"].when == {"round": ("single-elimination",)}
    ga = {f.path: f for f in fields_for("grand-archive")}
    assert all(ga[f"/current_game/{k}"].when == {"round": ("single-elimination",)}
               for k in ("champion_life", "damage", "influence", "main_deck"))


def test_the_readme_lists_every_code() -> None:
    from pathlib import Path

    from rules_engine.contract.codes import DECIDED_BY, ERRORS, NEXT
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    for code in [*DECIDED_BY, *NEXT, *ERRORS]:
        assert f"| `{code}` |" in readme, code


# Words that belong to one game's procedure, never on another game's form (en-fr, reading 11: the Grand
# Archive and Yu-Gi-Oh! forms' "Turn in which the game ended" spoke of Magic's sudden death).
OTHER_GAMES_WORDS = {
    "mtg": ["Duel", "Life Points", "overtime", "Phase"],
    "grand-archive": ["sudden death", "Duel", "Life Points", "Slow Play"],
    "yugioh": ["sudden death", "life total", "additional turn", "REL"],
    "lorcana": ["Duel", "Life Points", "life total", "REL", "overtime", "champion", "Phase"],
}


@pytest.mark.parametrize("game", sorted(OTHER_GAMES_WORDS))
def test_a_form_speaks_only_of_its_own_games_procedure(game: str) -> None:
    found = []
    for spec in form_fields(game, "en"):
        words = [spec["label"], spec["help"], spec["unset_label"]]
        words += [str(choice.get("label", "")) for choice in spec["choices"] if isinstance(choice, dict)]
        found += [(spec["path"], word) for word in OTHER_GAMES_WORDS[game]
                  if re.search(rf"\b{word}", " ".join(words), re.IGNORECASE)]
    assert found == []


def test_an_empty_choice_says_what_the_engine_reads_it_as() -> None:
    # pt-ja (reading 15): the empty REL was labelled "As usual" above Regular, and the ruling then assumed
    # Competitive. "As usual" (the form's default words) is right only where the engine then does what is usual:
    # the other player takes the next turn. Every other optional choice names its empty value itself.
    as_usual = {(game, f["path"]) for game in ("mtg", "grand-archive", "yugioh") for f in form_fields(game, "en")
                if f["choices"] and not f["required"] and f["default"] is None
                and all(c["value"] is not None for c in f["choices"]) and not f["unset_label"]}
    assert as_usual == {("mtg", "/next_turn_player")}
