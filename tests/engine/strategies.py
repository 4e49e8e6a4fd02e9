"""Hypothesis strategies: valid scenarios of each game, and arbitrary JSON values."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from rules_engine.editions import REGIONS, editions_of, in_force_on, newest

players = st.sampled_from(["A", "B"])
pairs = st.lists(st.integers(0, 40), min_size=2, max_size=2)
mtg_life = st.lists(st.integers(-10, 40), min_size=2, max_size=2)  # a Magic life total may be negative

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=12), children, max_size=5),
    max_leaves=30,
)


@st.composite
def scenarios(draw: st.DrawFn, game: str | None = None) -> dict[str, Any]:
    """Scenarios that are valid more often than not, so the procedures themselves get exercised."""
    game = game or draw(st.sampled_from(["mtg", "grand-archive", "yugioh", "lorcana"]))
    scenario: dict[str, Any] = {"version": 1, "game": game,
                                "round": draw(st.sampled_from(["swiss", "single-elimination"]))}
    two_hg = game == "mtg" and draw(st.booleans())
    if two_hg:
        scenario["two_headed_giant"] = True
        best_of = 1
    else:
        # Lorcana: no best of five; best of two under the editions with a two-game format.
        best_of = draw(st.sampled_from([1, 2, 3, 3] if game == "lorcana" else [1, 3, 5]))
        scenario["best_of"] = best_of
    needed = {1: 1, 2: 2, 3: 2, 5: 3}[best_of]
    scenario["games_won"] = [draw(st.integers(0, needed - 1)), draw(st.integers(0, needed - 1))]
    # A two-game match with both games behind it was over before time was called.
    played = sum(scenario["games_won"])
    scenario["games_drawn"] = draw(st.integers(0, max(0, 1 - played) if best_of == 2 else 2))
    during = draw(st.booleans())
    scenario["time_called"] = "during-game" if during else "between-games"
    single = scenario["round"] == "single-elimination"
    if during:
        scenario["active_player"] = draw(players)
        current: dict[str, Any] = {}
        if draw(st.booleans()):
            current["winner"] = draw(st.sampled_from(["A", "B", "draw"]))
            if draw(st.integers(0, 4)):
                current["during_turn"] = draw(st.integers(0, 7))
        if game in ("mtg", "yugioh") and (single or game == "yugioh"):
            current["life"] = draw(mtg_life if game == "mtg" else pairs)
        if game == "grand-archive" and single:
            for key in ("champion_life", "damage", "influence", "main_deck"):
                current[key] = draw(pairs)
        if game == "lorcana" and single and "winner" not in current and draw(st.booleans()):
            # Lore at the end of the turns: equal as often as not (the play that goes on), 20 and more allowed.
            lore = draw(st.integers(0, 25))
            current["lore"] = [lore, lore] if draw(st.booleans()) else [lore, draw(st.integers(0, 25))]
        scenario["current_game"] = current
    if game == "mtg":
        if during and draw(st.booleans()):
            scenario["turn_pass_announced"] = True
        if during and draw(st.integers(0, 3)) == 0:
            scenario["next_turn_player"] = scenario["active_player"]
        if during:
            scenario["extra_turns"] = draw(st.lists(
                st.fixed_dictionaries({"player": players, "after_turn": st.integers(0, 7)}), max_size=3))
        rel = draw(st.sampled_from([None, "regular", "competitive", "professional"]))
        if rel is not None:
            scenario["rel"] = rel
        scenario["slow_play_penalties"] = draw(st.lists(
            st.fixed_dictionaries({"player": players, "during_additional_turns": st.booleans()}), max_size=2))
    if game == "grand-archive":
        if during and draw(st.booleans()):
            scenario["turn_pass_announced"] = True
        if during and draw(st.booleans()):
            scenario["clock_expired_during_turn"] = draw(st.integers(1, 3))
        scenario["time_extension_minutes"] = draw(st.sampled_from([0, 2, 5, 2.5]))
    if game == "yugioh":
        scenario["side_deck_accessed"] = draw(st.booleans())
    if game == "lorcana":
        if during and draw(st.integers(0, 5)) == 0:
            scenario["turn_pass_announced"] = True
        if during:  # mostly none or one: two send the players to the head judge
            penalty = st.fixed_dictionaries({"player": players, "during_additional_turns": st.booleans()})
            count = draw(st.sampled_from([0, 0, 0, 1, 1, 2]))
            scenario["slow_play_penalties"] = [draw(penalty) for _ in range(count)]
        scenario["time_extension_minutes"] = draw(st.sampled_from([0, 0, 1.5, 4, 13]))
    if single and game in ("mtg", "yugioh") and draw(st.booleans()):
        tiebreak: dict[str, Any] = {"winner": draw(st.sampled_from(["A", "B", None]))}
        if game == "yugioh":
            tiebreak["first_player"] = draw(players)
            if draw(st.booleans()):
                tiebreak["during_turn"] = draw(st.integers(1, 4))
            tiebreak["life"] = draw(pairs)
        scenario["tiebreak_game"] = tiebreak
    return _with_edition(draw, scenario)


# Days on either side of each edition's first day, before every edition, and after the registry's check.
EVENT_DATES = {"mtg": ["2021-07-23", "2021-09-23", "2021-09-24", "2022-02-01", "2022-03-07", "2023-11-12",
                       "2023-11-13", "2024-01-01", "2024-08-26", "2024-10-01", "2025-01-01", "2025-11-09",
                       "2025-11-10", "2026-03-01", "2027-01-15"],
               "grand-archive": ["2023-01-01", "2024-01-01", "2026-11-25", "2027-06-30"],
               "yugioh": ["2024-09-20", "2025-09-04", "2025-09-05", "2026-06-01", "2027-01-15"],
               "lorcana": ["2023-10-03", "2024-05-21", "2024-05-22", "2025-01-24", "2025-01-25", "2025-02-13",
                           "2025-02-14", "2025-09-08", "2025-09-09", "2026-02-11", "2026-02-12", "2026-06-10",
                           "2026-06-11", "2026-07-13", "2026-07-14", "2027-01-15"]}


def _with_edition(draw: st.DrawFn, scenario: dict[str, Any]) -> dict[str, Any]:
    """An edition, an event date that agrees with it, both or neither; under Yu-Gi-Oh! v2.5 (the
    newest) the three-rule procedure's facts are left out, as they do not apply."""
    game = scenario["game"]
    if game == "lorcana":
        return _lorcana_edition(draw, scenario)
    ids = [e.id for e in editions_of(game)]
    chosen = draw(st.sampled_from(ids))
    days = [d for d in EVENT_DATES[game] if (in_force_on(game, d) or newest(game)).id == chosen]
    day = draw(st.sampled_from([None, *days]))
    if day is not None:
        scenario["event_date"] = day
    if day is None or draw(st.booleans()):
        if chosen != newest(game).id or draw(st.booleans()):
            scenario["edition"] = chosen
    if game == "yugioh" and chosen == "2.5":
        for key in ("active_player", "current_game", "side_deck_accessed", "tiebreak_game"):
            scenario.pop(key, None)
        if draw(st.booleans()):
            scenario["time_extension_minutes"] = draw(st.sampled_from([0, 1.5, 3]))
    return scenario


def _lorcana_edition(draw: st.DrawFn, scenario: dict[str, Any]) -> dict[str, Any]:
    """Disney Lorcana: a region (none: the worldwide rules; Japan: Takara Tomy's), then one of its
    editions by its id, by an event date in force under it, or both; a best of two only where the
    edition has a two-game format (the worldwide one only in Swiss rounds)."""
    from rules_engine.games.lorcana import TWO_GAME_FORMAT

    region = draw(st.sampled_from([None, *REGIONS["lorcana"]]))
    chosen = draw(st.sampled_from([e.id for e in editions_of("lorcana", region)]))
    days = [d for d in EVENT_DATES["lorcana"] if (found := in_force_on("lorcana", d, region)) is not None and found.id == chosen]
    day = draw(st.sampled_from([None, *days]))
    if day is not None:
        scenario["event_date"] = day
    named = day is None or draw(st.booleans())
    if named and (chosen != newest("lorcana", region).id or draw(st.booleans())):
        scenario["edition"] = chosen
    # The region given, or left to the edition chosen (a Japanese edition says where it applies).
    if region is not None and ("edition" not in scenario or draw(st.booleans())):
        scenario["region"] = region
    two_games = chosen in TWO_GAME_FORMAT and (region is not None or scenario["round"] == "swiss")
    if scenario.get("best_of") == 2 and not two_games and draw(st.integers(0, 3)):
        scenario["best_of"] = 3
    return scenario


@st.composite
def open_question_scenarios(draw: st.DrawFn) -> dict[str, Any]:
    """Magic scenarios during a game where each player's first Slow Play penalty came before the
    additional turns, at a REL where the IPG applies: whether their added turns stack is open."""
    scenario = draw(scenarios(game="mtg").filter(lambda s: s["time_called"] == "during-game"))
    first = draw(players)
    scenario["slow_play_penalties"] = [{"player": first}, {"player": "B" if first == "A" else "A"}]
    if draw(st.booleans()):
        scenario["rel"] = draw(st.sampled_from(["competitive", "professional"]))
    else:
        scenario.pop("rel", None)
    return scenario
