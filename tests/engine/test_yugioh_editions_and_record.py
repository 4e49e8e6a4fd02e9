"""Yu-Gi-Oh! rulings state only what their edition and facts establish: an earlier edition chosen
for a later event is ruled under, with North America's, Latin America's and Europe's dates said as such; a double
loss reports a loss for each Duelist first; labels say Duel and state no rule of one edition;
Japanese errors name fields in full-width brackets."""

from __future__ import annotations

import re

import pytest

from rules_engine import ScenarioError, judge
from rules_engine.__main__ import as_text
from rules_engine.contract.fields import form_fields
from rules_engine.i18n import LANGUAGES

DOUBLE_LOSS = {"game": "yugioh", "edition": "2.5", "round": "swiss", "games_won": [1, 0], "time_called": "during-game"}


def test_an_earlier_edition_chosen_for_a_later_event_is_ruled_under_and_says_why():
    ruling = judge({"game": "yugioh", "event_date": "2025-10-12", "edition": "2.3", "round": "swiss",
                    "games_won": [1, 1], "time_called": "between-games"})
    assert ruling["edition"]["id"] == "2.3" and ruling["match"]["result"] == "draw"
    said = " ".join(step["text"] for step in ruling["explanation"])
    assert "North America, Latin America and Europe" in said and "because it was chosen" in said


@pytest.mark.parametrize("chosen", [{}, {"edition": "2.3"}])
def test_a_past_events_ruling_says_its_edition_was_replaced_after_the_event(chosen):
    # ygo-edition: v2.3 was the procedure in force at a March 2025 event; "not the current procedure" is
    # true today but reads as a fault of the ruling.
    ruling = judge({"game": "yugioh", "event_date": "2025-03-01", "round": "swiss", "games_won": [1, 0],
                    "time_called": "between-games"} | chosen)
    said = " ".join(step["text"] for step in ruling["explanation"])
    assert ruling["edition"]["id"] == "2.3"
    assert "replaced after this event, on 5 September 2025 in North America, Latin America and Europe" in said
    assert "not the current procedure" not in said


def test_an_edition_chosen_before_it_took_effect_is_refused():
    with pytest.raises(ScenarioError) as refused:
        judge({"game": "yugioh", "event_date": "2025-06-01", "edition": "2.5", "round": "swiss",
               "games_won": [1, 0], "time_called": "between-games"})
    assert refused.value.code == "impossible-state" and "took effect" in refused.value.message


@pytest.mark.parametrize("scenario", [
    {"event_date": "2025-10-12", "round": "single-elimination", "games_won": [1, 1], "time_called": "between-games"},
    {"event_date": "2025-10-12", "round": "swiss", "games_won": [1, 0], "time_called": "during-game"},
    {"round": "swiss", "best_of": 1, "games_won": [0, 0], "time_called": "during-game"},
])
def test_v2_5_picked_without_a_choice_says_its_date_is_north_americas_and_europes(scenario):
    ruling = judge({"game": "yugioh", **scenario})
    assert ruling["edition"]["id"] == "2.5"
    said = [step["text"] for step in ruling["explanation"]]
    assert "North America, Latin America and Europe" in said[0]
    assert any("choose the edition v2.3" in text for text in said)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("scenario", [DOUBLE_LOSS, {"game": "yugioh", "event_date": "2026-03-01", "round": "swiss",
                                                    "games_won": [1, 1], "time_called": "between-games"}])
def test_a_double_loss_reports_a_loss_for_each_before_the_games(scenario, lang):
    ruling = judge(scenario, lang)
    assert ruling["match"]["result"] == "double-loss"
    record = next(line for line in as_text(ruling, lang).splitlines()
                  if line.startswith(("Record", "Résultat à enregistrer", "Resultado a registrar", "記録する結果")))
    score = re.search(r"A \d – B \d", record)
    loss = {"en": "a loss for each Duelist", "fr": "une défaite pour chaque Duelliste",
            "pt": "uma derrota para cada Duelista", "ja": "両方のデュエリストにそれぞれ敗北"}[lang]
    assert loss in record and score is not None and record.index(loss) < score.start()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_yugioh_text_says_duel_not_game(lang):
    ruling = judge({"game": "yugioh", "edition": "2.3", "round": "swiss", "games_won": [0, 0],
                    "time_called": "during-game", "active_player": "A", "current_game": {"life": [1000, 1000]}}, lang)
    text = as_text(ruling, lang)
    game_word = {"en": "Game in progress", "fr": "Partie en cours", "pt": "Jogo em andamento", "ja": "進行中のゲーム"}[lang]
    duel_word = {"en": "Duel in progress", "fr": "Duel en cours", "pt": "Duelo em andamento", "ja": "進行中のデュエル"}[lang]
    assert game_word not in text and duel_word in text


def test_a_win_after_equal_life_points_is_labelled_only_by_what_is_known_and_cites_rule_3():
    ruling = judge({"game": "yugioh", "edition": "2.3", "round": "single-elimination", "games_won": [0, 0], "best_of": 1,
                    "time_called": "during-game", "active_player": "B", "current_game": {"life": [1000, 1000], "winner": "A"}})
    assert ruling["current_game"] == {"result": "A", "decided_by": "played-out"}
    assert "ygo-rule-3" in {step["rule"] for step in ruling["explanation"]}
    new_duel = judge({"game": "yugioh", "edition": "2.3", "round": "single-elimination", "games_won": [1, 1],
                      "time_called": "between-games", "tiebreak_game": {"life": [500, 500], "winner": "B"}})
    assert new_duel["match"]["result"] == "B" and new_duel["match"]["decided_by"] == "new-duel"
    assert "ygo-rule-3" in {step["rule"] for step in new_duel["explanation"]}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_yugioh_form_labels_state_no_rule_of_one_edition(lang):
    """A field that applies under every edition names its choices without stating a rule (v2.5 has no match draws)."""
    draw = {"en": "draw", "fr": "égalité", "pt": "empat", "ja": "引き分け"}[lang]
    for field in form_fields("yugioh", lang):
        if "edition" in field["when"]:
            continue
        for choice in field["choices"]:
            if choice["value"] != "draw":
                assert draw not in choice["label"].lower(), (field["path"], choice["label"])
        if field["path"] == "/round":
            assert draw not in field["help"].lower()


@pytest.mark.parametrize("scenario", [
    {"game": "yugioh", "event_date": "2024-01-10", "round": "swiss", "games_won": [1, 0], "time_called": "between-games"},
    {"game": "yugioh", "event_date": "2025-06-01", "edition": "2.5", "round": "swiss", "games_won": [1, 0], "time_called": "between-games"},
    {"game": "yugioh", "round": "swiss", "games_won": [1, 0], "time_called": "between-games", "current_game": {"winner": "A"}},
])
def test_japanese_errors_name_fields_in_full_width_brackets(scenario):
    with pytest.raises(ScenarioError) as refused:
        judge(scenario, "ja")
    message = refused.value.message
    assert "(/" not in message and " （" not in message and "} " not in message
    assert re.search(r"（/[a-z_/0-9]+）", message), message


# Policy v2.3, a drawn new Duel (en-fr A3): the new Duel is a way of deciding the match, which goes to the head judge;
# the text does not say a drawn one is a drawn Duel of the match, so the Duels won so far stay as entered, and the ruling
# says so. The Side Deck step says what follows from what was entered, never "neither had used it" as a fact.
DRAWN_NEW_DUEL = {"game": "yugioh", "edition": "2.3", "round": "single-elimination", "games_won": [1, 1],
                  "time_called": "between-games", "tiebreak_game": {"winner": "draw"}}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_drawn_new_duel_is_not_counted_and_the_record_is_not_final(lang: str) -> None:
    ruling = judge(DRAWN_NEW_DUEL, lang)
    assert ruling["match"]["next"] == "head-judge" and ruling["match"]["result"] == "undecided"
    assert ruling["match"]["record"] == [1, 1, 0]
    said = [step["text"] for step in ruling["explanation"]]
    assert len([t for t in said if step_rule(ruling, t) == "ygo-not-covered"]) == 2, said


def step_rule(ruling, text):
    return next(step["rule"] for step in ruling["explanation"] if step["text"] == text)


@pytest.mark.parametrize("given", [{}, {"side_deck_accessed": False}])
def test_the_side_deck_step_never_states_a_fact_nobody_entered(given) -> None:
    said = " ".join(step["text"] for step in judge({**DRAWN_NEW_DUEL, **given})["explanation"])
    assert "neither had used it" not in said
    assert "no Duelist is entered as having already used it in this match; if one had, both may" in said
