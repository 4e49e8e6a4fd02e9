"""Disney Lorcana TCG: the End of Match of Ravensburger's Tournament Rules (worldwide) and of
Takara Tomy's rules for Japanese-language events in Japan, with the Play Correction Guidelines'
Slow Play remedy.

- Turn 0 (the active player finishes their turn), then five turns, every turn counting whoever
  takes it; in Japan, one.
- Swiss: a game won during them is reported as usual; otherwise more game wins wins the match,
  and equal game wins (or none) make a draw.
- Single elimination, as each edition words it: since 9 September 2025 a game-win leader wins at
  the time call, tied players play the five turns and then the higher lore total wins the match,
  equal lore plays on until one player has more; before, and in Japan, only equal lore is covered.

Where the text does not settle a point (facts/LORCANA.md lists 23), the ruling either applies this
site's reading and says so, or sends the players to the head judge: never silently.
"""

from __future__ import annotations

from ...contract.errors import ScenarioError
from ...contract.scenario import WINS_TO_TAKE_THE_MATCH, Scenario
from ...i18n import N_
from ...ruling import Ruling, Turn, alternating, higher, leader, minutes, score, tally

ADDITIONAL_TURNS = 5
JAPAN_ADDITIONAL_TURNS = 1
SLOW_PLAY_TURNS = 2
# The editions whose text still said that no new game begins once time is called.
NO_NEW_GAMES = frozenset({"2023-10-03", "2024-05-22", "japan-2025-01-25", "japan-2025-02-14"})
# The editions with a two-game format (best of 2).
TWO_GAME_FORMAT = frozenset({"2024-05-22", "japan-2025-01-25", "japan-2025-02-14"})


def family(s: Scenario) -> str:
    """Which wording of the procedure the edition has: "2023", "2024", "2025" (since 9 September
    2025, the single-elimination rewrite) or "japan"."""
    e = s.edition
    if e.region == "japan":
        return "japan"
    return {"2023-10-03": "2023", "2024-05-22": "2024"}.get(e.id, "2025")


def base_turns(s: Scenario) -> int:
    return JAPAN_ADDITIONAL_TURNS if family(s) == "japan" else ADDITIONAL_TURNS


def _japan(s: Scenario) -> bool:
    return family(s) == "japan"


def rule(s: Scenario) -> Ruling:
    r = Ruling(s.edition.rules_version)
    r.record = tally(s.games_won, s.games_drawn)  # the games so far, where no path decides more
    fam = family(s)
    if s.time_extension_minutes:
        r.say("lorcana-time-extension", N_("The match had a {minutes}-minute time extension. This ruling is for the moment the extension ends: the text does not say when the end-of-match procedure starts, and this site reads that it starts then; where this ruling says time was called, it means that moment."),
              minutes=minutes(s.time_extension_minutes))
        if s.edition.id == "2023-10-03":
            r.say("lorcana-readings-note", N_("The Tournament Rules of 3 October 2023 have no section on time extensions (one was added on 22 May 2024): this ruling takes the extension as given by the event's officials."))
    _match_structure(s, r, fam)
    if s.single_elimination and fam != "japan":
        r.say("lorcana-other-procedures", N_("Single elimination: this ruling applies the Tournament Rules' own procedure; single-elimination brackets may have different End-of-Round procedures, and an event that announced its own follows that."))
    if not s.during_game:
        return _between_games(s, r, fam)
    game = s.current_game
    assert game is not None
    if s.turn_pass_announced:
        _refuse_lore(s, N_("{field}: this ruling sends the players to the head judge before any lore is compared."))
        r.game_result, r.game_decided_by = "undecided", "not-covered"
        return _not_covered(r, N_("Time was called as the active player declared the end of their turn: the text does not say whether that turn is turn 0 or the next one is (it has no rule on passing the turn)."))
    lead = leader(tally(s.games_won, s.games_drawn))
    if s.single_elimination and fam == "2025" and lead is not None:
        return _leader_wins_at_the_call(s, r, lead)

    base = base_turns(s)
    added = _slow_play(s, r, base)
    if added is None:
        _refuse_lore(s, N_("{field}: this ruling sends the players to the head judge before any lore is compared."))
        r.match_result, r.match_decided_by, r.next = "undecided", "not-covered", "head-judge"
        r.game_result, r.game_decided_by = "undecided", "not-covered"
        return r
    count = base + added
    r.additional_turns = count
    active = s.active_player or "A"
    plan = alternating(active, count + 1)
    r.say("lorcana-japan-turn-zero" if fam == "japan" else "lorcana-turn-zero",
          N_("{player}, the active player, finishes their turn: this is turn 0, which does not count toward the turns that follow."),
          player=active)
    if game.winner is not None and game.during_turn is not None:
        pass  # the game ended in a turn given: the turns after it are not played (its step says where it ended)
    elif count == 1:
        r.say("lorcana-japan-one-turn", N_("After turn 0, one more turn is played: {player}'s."), player=plan[1].player)
    else:
        # With a Slow Play penalty's two turns, the total is this site's reading (its Slow Play note says
        # "seven in all"; in Japan, "three"): the count is cited there, not to the five or the one turn.
        r.say("lorcana-slow-play-reading" if added else "lorcana-japan-one-turn" if fam == "japan" else "lorcana-five-turns",
              N_("After turn 0, {count} turns are played: {turns}."),
              count=count, turns=tuple(t.player for t in plan[1:]))
        if fam != "japan":
            r.say("lorcana-every-turn-counts", N_("Every turn after turn 0 counts toward the total, whoever's turn it is; this site counts no other turns (no Lorcana rule defines an extra turn)."))
    if game.winner is not None:
        if game.during_turn is not None and game.during_turn > count:
            raise ScenarioError("out-of-range", "/current_game/during_turn",
                                N_("{field}: the procedure ends with turn {last}."), field="/current_game/during_turn", last=count)
        end = count if game.during_turn is None else game.during_turn
        r.turns = plan[: end + 1]
        return _game_ended(s, r, fam)
    r.turns = plan
    return _no_winner(s, r, fam, count)


# --- the match structure ----------------------------------------------------------------------------

def _match_structure(s: Scenario, r: Ruling, fam: str) -> None:
    """What the ruling takes the match to be where the edition plays other structures (facts points 13, 20, 21)."""
    given = "best_of" in s.canonical
    if fam == "2024" and not s.single_elimination and not given:
        r.say("lorcana-2024-swiss", N_("No match structure given: the Swiss rounds of this edition are two-game matches, and this ruling takes the match as one."))
    elif fam == "2024" and not s.single_elimination and s.best_of != 2:
        r.say("lorcana-2024-swiss", N_("A Swiss match of another structure than this edition's two games: this ruling decides it by game wins (this site's reading)."))
    elif fam == "japan" and s.edition.id in TWO_GAME_FORMAT and not s.single_elimination and not given:
        r.say("lorcana-japan-match-structure",
              N_("No match structure given: this ruling takes the match as best of three; Takara Tomy's rules of 2025 also play BO1 and BO2 matches: give the one the event played."))
    if fam == "japan" and not s.single_elimination and s.best_of == 3:
        # "「BO3」形式のマッチはプレイオフ・ラウンドで行われる" since 14 February 2025 only.
        r.say("lorcana-japan-match-structure",
              N_("A best-of-three match in a Swiss round: Takara Tomy's 3.3 gives it no match points, so this ruling decides it by game wins (this site's reading).")
              if s.edition.id == "japan-2025-01-25" else
              N_("A best-of-three match in a Swiss round: Takara Tomy's 3.3 plays BO3 in the playoff rounds and gives it no match points, so this ruling decides it by game wins (this site's reading)."))


# --- the time call --------------------------------------------------------------------------------

def _refuse_lore(s: Scenario, msgid: str) -> None:
    """Lore is read only where lore decides: a lore total given anywhere else would be ignored."""
    if s.current_game is not None and s.current_game.lore is not None:
        raise ScenarioError("not-applicable", "/current_game/lore", msgid, field="/current_game/lore")


def _leader_wins_at_the_call(s: Scenario, r: Ruling, lead: str) -> Ruling:
    """Single elimination since 9 September 2025: "When time is called in the round, if a player has
    more game wins than their opponent, they win the match." (facts/LORCANA.md, points 4 and 23)."""
    game = s.current_game
    assert game is not None
    if game.winner is not None:
        raise ScenarioError("not-applicable", "/current_game/winner",
                            N_("{field}: in single elimination, a player with more game wins when time is called wins the match then (this site's reading), so the game in progress is not played on and has no result to give."),
                            field="/current_game/winner")
    _refuse_lore(s, N_("{field}: in single elimination, a player with more game wins when time is called wins the match then: no lore is compared."))
    if s.slow_play_penalties:
        r.say("lorcana-slow-play-remedy", N_("No end-of-match turns are played, so the Slow Play remedy adds none."))
    r.record = tally(s.games_won, s.games_drawn, "draw")
    r.say("lorcana-se-game-wins-lead", N_("{player} has more game wins ({score}) when time is called and wins the match now. This site's reading: the single-elimination bullet decides at the time call, so the game in progress is not played on; read with the general bullets, that game would first have turn 0 and five turns, in which the other player could level the game wins."),
          player=lead, score=score(s.games_won[0], s.games_won[1]))
    r.say("lorcana-record", N_("The game in progress is unfinished: it is recorded as a draw."))
    r.game_result, r.game_decided_by = "draw", "incomplete"
    r.match_result, r.match_decided_by = lead, "game-wins"
    return r


def _slow_play(s: Scenario, r: Ruling, base: int) -> int | None:
    """The turns the Slow Play remedy adds (0 or 2), or None where the text does not settle it."""
    penalties = s.slow_play_penalties
    if not penalties:
        return 0
    rule_id = "lorcana-japan-slow-play" if _japan(s) else "lorcana-slow-play-remedy"
    for player in ("A", "B"):
        if sum(p.player == player for p in penalties) > 1:
            r.say("lorcana-japan-slow-play" if _japan(s) else "lorcana-second-warning", N_("{player} has two Slow Play penalties in this match: a second Warning in the same category should be upgraded to a Game Loss."),
                  player=player)
            _not_covered(r, N_("Whether the upgraded penalty's remedy still adds turns, and what the Game Loss does to the end-of-match procedure, the text does not say."))
            return None
    before = [p for p in penalties if not p.during_additional_turns]
    for p in penalties:
        if p.during_additional_turns and s.edition.id == "2023-10-03":
            r.say("lorcana-slow-play-reading", N_("The Slow Play penalty to {player} was given after time was called: the penalty stands, but the remedy adds no turns (this site's reading: the Guidelines of 22 August 2023 give it only \"if the match is still going when time is called\", and say nothing of a penalty given after)."),
                  player=p.player)
        elif p.during_additional_turns:
            r.say(rule_id, N_("The Slow Play penalty to {player} was given after time was called: the penalty stands, but the remedy adds no turns (this site's reading: the match was already in its end-of-match turns, turn 0 included)."),
                  player=p.player)
    if len(before) > 1:
        r.say(rule_id, N_("Two Slow Play penalties were given before time was called, one to each player."))
        _not_covered(r, N_("Whether the remedies of two Slow Play penalties add up, the text does not say."))
        return None
    if not before:
        return 0
    player = before[0].player
    if s.edition.id == "2023-10-03":
        r.say("lorcana-slow-play-reading", N_("The Guidelines of 22 August 2023 say \"the match should be an additional two extra turns for the end-of-match procedure\"; their French text adds the two turns before the procedure starts (« avant de déclencher les modalités de fin de match »): this ruling follows the English."))
    r.say(rule_id, N_("The Slow Play penalty to {player} adds two turns to the end-of-match procedure: {count} turns after turn 0, not {base} (this site's reading: the two turns are added to the procedure's {base}; the text does not give the total)."),
          player=player, count=base + SLOW_PLAY_TURNS, base=base)
    r.say("lorcana-japan-slow-play" if _japan(s) else "lorcana-slow-play", N_("The remedy applies at every level: the Guidelines give it with no level condition. The penalty is taken as {player}'s first Slow Play penalty in the tournament: a second Warning in the same category is upgraded to a Game Loss, which changes this ruling."),
          player=player)
    return SLOW_PLAY_TURNS


# --- a game that ended during the turns -----------------------------------------------------------

def _game_ended(s: Scenario, r: Ruling, fam: str) -> Ruling:
    game = s.current_game
    assert game is not None and game.winner is not None
    lore_lead_win = s.single_elimination and game.winner != "draw" and game.during_turn is None \
        and leader(tally(s.games_won, s.games_drawn)) is None
    if not lore_lead_win:
        _refuse_lore(s, N_("{field}: the game in progress ended during the end-of-match turns (its result is given), so no lore is compared."))
    elif game.lore is not None and higher(game.lore) is not None:
        # Unequal lore at the end of the turns leaves no play after them to win the game in.
        raise ScenarioError("impossible-state", "/current_game/lore",
                            N_("{field}: with unequal lore at the end of the turns, no play follows them: give the turn in which {player} won the game and leave the lore out, or leave the result out."),
                            field="/current_game/lore", player=game.winner)
    rule_id = "lorcana-japan-game-ends" if fam == "japan" else "lorcana-game-ends"
    r.game_result, r.game_decided_by = game.winner, "played-out"
    r.record = tally(s.games_won, s.games_drawn, game.winner)
    if lore_lead_win:
        # No turn given: the win came in the play that goes on until one player has more lore (the
        # field's help says so; with equal lore given, the tracker's hand-off, it is what happened);
        # that game win decides the match by game wins (facts point 9).
        r.game_decided_by = "lore-lead"
        lead_rule = "lorcana-japan-se-lore-lead" if fam == "japan" else "lorcana-se-lore-lead" if fam == "2025" else "lorcana-2024-single-elimination"
        if game.lore is not None:
            r.say(lead_rule, N_("Lore was equal ({lore}) at the end of the turns, and {player} then won the game in the play that followed: {player} wins the game immediately, and with it the match (this site's reading: the text says the game; the game wins then decide the match)."),
                  lore=game.lore[0], player=game.winner)
        else:
            r.say(lead_rule, N_("No turn is given for {player}'s win: this ruling takes it as won in the play after equal lore at the end of the turns, where {player} wins the game immediately, and with it the match (this site's reading: the text says the game; the game wins then decide the match). A win during the end-of-match turns is the head judge's to decide: give its turn."),
                  player=game.winner)
        r.match_result, r.match_decided_by = game.winner, "game-wins"
        return r
    # The result is cited to the words that say what it makes of the match: worldwide, 3.3's record
    # (games won-lost-drawn, agreed draws); in Japan, 3.3's match structures.
    counted = "lorcana-japan-match-structure" if fam == "japan" else "lorcana-record"
    won = "lorcana-japan-game-ends" if fam == "japan" else "lorcana-game-ends"
    if game.winner == "draw":
        if game.during_turn is None:
            r.say(counted, N_("The game ended in a draw, agreed by the players: it is recorded as a drawn game."))
        else:
            r.say(counted, N_("The game ended in a draw in turn {turn}, agreed by the players: it is recorded as a drawn game."), turn=game.during_turn)
    else:
        if game.during_turn is None:
            r.say(won, N_("{player} won the game during the end-of-match turns: the match is reported following the normal rules."), player=game.winner)
        else:
            r.say(won, N_("{player} won the game in turn {turn}: the match is reported following the normal rules."), player=game.winner, turn=game.during_turn)
    lead = leader(r.record)
    if lead is not None and r.record[0 if lead == "A" else 1] >= WINS_TO_TAKE_THE_MATCH[s.best_of]:
        r.match_result, r.match_decided_by = lead, "game-wins"
        structure = won if WINS_TO_TAKE_THE_MATCH[s.best_of] == 1 else \
            "lorcana-japan-match-structure" if fam == "japan" else "lorcana-match-structure"
        if WINS_TO_TAKE_THE_MATCH[s.best_of] == 1:  # best of one: not "1 games"
            r.say(structure, N_("{player} has more game wins ({score}) and wins the match."), player=lead, score=score(r.record[0], r.record[1]))
        else:
            r.say(structure, N_("{player} has won {wins} games, enough to win the match."), player=lead, wins=max(r.record[:2]))
        return r
    if s.single_elimination and s.edition.id not in NO_NEW_GAMES:
        if game.winner == "draw":
            return _not_covered(r, N_("Single elimination: the game ended in a draw during the end-of-match turns; the text does not say whether a new game starts or how the match is then decided."))
        if lead is None:  # the player behind levelled the game wins (Japan: no leader wins at the time call)
            return _not_covered(r, N_("Single elimination: game wins are equal ({score}) and no game is in progress; the text does not say how the match is decided."),
                                score=score(r.record[0], r.record[1]))
        return _not_covered(r, N_("Single elimination: the game won during the end-of-match turns gives {player} more game wins ({score}), but not the match; the text does not say whether the match ends there or a new game starts to complete the turns."),
                            player=str(lead), score=score(r.record[0], r.record[1]))
    if not (s.best_of == 2 and sum(r.record) >= 2):  # a two-game match with both games played has none to begin
        _no_new_game(s, r, fam)
    return _by_game_wins(s, r, fam)


def _no_new_game(s: Scenario, r: Ruling, fam: str) -> None:
    if s.edition.id in NO_NEW_GAMES:
        r.say("lorcana-japan-earlier" if fam == "japan" else "lorcana-2024-no-new-games",
              N_("Once time has been called, no new game begins (this edition says so)."))
    elif fam == "japan":
        r.say("lorcana-japan-time-called",
              N_("No new game begins: this site reads the procedure as covering only the games in progress when time is called (since 12 February 2026 Takara Tomy's text no longer says that no new game may begin)."))
    else:
        r.say("lorcana-time-called",
              N_("No new game begins: this site reads the procedure as covering only the games in progress when time is called (since 9 September 2025 the text no longer says that no new games should begin)."))


def _by_game_wins(s: Scenario, r: Ruling, fam: str, between: bool = False) -> Ruling:
    """The match from the game wins recorded (``r.record``): the leader wins it, equal wins draw it
    (where a draw exists)."""
    lead = leader(r.record)
    a, b = r.record[0], r.record[1]
    if s.best_of == 2:
        return _two_game_points(s, r, fam)
    if lead is not None:
        r.match_result, r.match_decided_by = lead, "game-wins"
        # Between games, the bullet of the turns does not apply: the record's words do (3.3, the player who won).
        cited = ("lorcana-japan-match-structure" if fam == "japan" else "lorcana-2023-match" if fam in ("2023", "2024")
                 else "lorcana-record") if between else \
            "lorcana-japan-more-game-wins" if fam == "japan" else "lorcana-2023-match" if fam == "2023" else "lorcana-more-game-wins"
        r.say(cited, N_("{player} has more game wins ({score}) and wins the match."), player=lead, score=score(a, b))
        if s.edition.id in ("2026-06-11", "2026-07-14") and not between:  # said of the bullet at the end of turn five
            r.say("lorcana-french-differs-note", N_("The French text of this edition says here that the player who has won more games wins the game (« la partie »), where the English says the match: this ruling follows the English."))
        return r
    if s.single_elimination:
        return _not_covered(r, N_("Single elimination: game wins are equal ({score}) and no game is in progress; the text does not say how the match is decided."),
                            score=score(a, b))
    r.match_result, r.match_decided_by = "draw", "tied-game-wins"
    if fam == "japan" and s.best_of == 1:  # Takara Tomy's 3.3: a BO1 match with no winner, 1 match point each
        r.say("lorcana-japan-match-structure", N_("Neither player has won the game: Takara Tomy's 3.3 gives each player 1 match point for a best-of-one match with no winner: the match is a draw."))
    elif fam in ("japan", "2024") and a == 0:  # both texts: "the game is a draw" (reading 17 and its 2024 twin)
        r.say("lorcana-japan-swiss" if fam == "japan" else "lorcana-2024-swiss", N_("Neither player has won a game: the game is a draw, and this site reads that the match is a draw too; the text says only that the game is a draw."))
    elif fam == "japan":
        r.say("lorcana-japan-swiss", N_("Swiss: game wins are equal ({score}), and this site reads that the match is a draw: Takara Tomy's Swiss bullet gives match points only as 3.3 describes them, and 3.3 gives none for a best-of-three match."),
              score=score(a, b))
    else:  # (22 May 2024, a structure other than its two games: the readings note says how it is ruled)
        r.say("lorcana-japan-swiss" if fam == "japan" else "lorcana-readings-note" if fam == "2024" else "lorcana-2023-match" if fam == "2023" else "lorcana-swiss",
              N_("Swiss: game wins are equal ({score}): the match is a draw."), score=score(a, b))
    return r


def match_points(record: tuple[int, int, int]) -> tuple[int, int]:
    """The two-game format's match points of A and B: 3 a game won, a bonus point for winning both."""
    return (3 * record[0] + (1 if record[0] == 2 else 0), 3 * record[1] + (1 if record[1] == 2 else 0))


def _two_game_points(s: Scenario, r: Ruling, fam: str) -> Ruling:
    """A two-game match (22 May 2024 Swiss; Japan 2025 BO2): match points by game; the result is the
    player with more points, a draw when they are equal."""
    points = match_points(r.record)
    r.say("lorcana-japan-earlier" if fam == "japan" else "lorcana-2024-swiss",
          N_("Two-game format: each game won is worth 3 match points, and a player who won both games gets a bonus point: match points {score}."),
          score=score(*points))
    best = higher(points)
    if best is None:
        r.match_result, r.match_decided_by = "draw", "match-points"
    else:
        r.match_result, r.match_decided_by = best, "match-points"
    return r


# --- no winner at the end of the turns ------------------------------------------------------------

def _no_winner(s: Scenario, r: Ruling, fam: str, count: int) -> Ruling:
    before = tally(s.games_won, s.games_drawn)
    lead = leader(before)
    japan = fam == "japan"
    if lead is not None or not s.single_elimination:
        _refuse_lore(s, N_("{field}: lore decides only in single elimination with equal game wins."))
        r.game_result, r.game_decided_by = "draw", "incomplete"
        # Since 9 September 2025 an unfinished game is a draw; before (and in Japan) it does not count,
        # except where no game was won: "the game is a draw" (2024, Japan).
        if fam == "2025" or (fam in ("2024", "japan") and before[0] == before[1] == 0):
            r.say("lorcana-record" if fam == "2025" else "lorcana-japan-swiss" if japan else "lorcana-2024-swiss",
                  N_("If neither player has won the game at the end of turn {count}, the unfinished game is recorded as a draw."), count=count)
            r.record = tally(s.games_won, s.games_drawn, "draw")
        elif lead is None and fam != "2023":  # 2024, Japan: said of unequal game wins only
            r.say("lorcana-japan-more-game-wins" if japan else "lorcana-2023-match",
                  N_("If neither player has won the game at the end of turn {count}, the game in progress does not count toward the match result (this site's reading: this edition says so where game wins are unequal, and nothing of equal ones)."), count=count)
            r.game_result, r.game_decided_by = None, "not-counted"
            r.record = before
        else:
            r.say("lorcana-japan-more-game-wins" if japan else "lorcana-2023-match",
                  N_("If neither player has won the game at the end of turn {count}, the game in progress does not count toward the match result (this edition says so)."), count=count)
            r.game_result, r.game_decided_by = None, "not-counted"
            r.record = before
        return _by_game_wins(s, r, fam)
    # Single elimination, equal game wins: lore.
    r.record = before
    lore = s.current_game.lore if s.current_game is not None else None
    lead_rule = "lorcana-japan-se-lore-lead" if japan else "lorcana-se-lore-lead" if fam == "2025" else "lorcana-2024-single-elimination"
    if fam == "2025":
        lore_rule = "lorcana-2025-single-elimination" if s.edition.id == "2025-09-09" else "lorcana-se-lore"
        r.say("lorcana-se-five-turns", N_("Single elimination: game wins are equal ({score}), so the game in progress gets its turns; if neither player has won it at the end of turn {count}, lore decides."),
              score=score(before[0], before[1]), count=count)
        if lore is None:
            r.say(lore_rule, N_("Then the player with the higher lore total in the game wins the match."))
            r.say(lead_rule, N_("With equal lore, the game continues until one player has more lore than the other; that player wins the game immediately, and with it the match (this site's reading: the text says the game; the game wins then decide the match)."))
            r.game_result, r.game_decided_by = "undecided", "lore"
            r.match_result, r.match_decided_by, r.next = "undecided", "tied-game-wins", "compare-lore"
            return r
        best = higher(lore)
        if best is not None:
            r.say(lore_rule, N_("At the end of turn {count}, {player} has the higher lore total ({score}) and wins the match."),
                  count=count, player=best, score=score(*lore))
            r.say("lorcana-record", N_("The text does not say how this match is recorded: the game as {player}'s win ({won}) or as unfinished ({unfinished}); ask the head judge or the Tournament Organizer how to enter it."),
                  player=best, won=record_text(tally(s.games_won, s.games_drawn, best), best),
                  unfinished=record_text(tally(s.games_won, s.games_drawn, "draw"), best))
            r.game_result, r.game_decided_by = None, "lore-compared"  # the game has no winner: its lore decided the match
            r.match_result, r.match_decided_by, r.next = best, "lore", "record-with-head-judge"
            return r
        return _lore_lead(r, lead_rule, lore[0], game_continues=True)
    # Before 9 September 2025, and in Japan: only equal game wins with equal lore are covered ("the match
    # continues", 「マッチを続ける」).
    if lore is not None and higher(lore) is not None:  # unequal lore: no game is won on lore, no reading to state
        r.say(lead_rule, N_("Single elimination: game wins are equal ({score}); at the end of the turns, the text covers only equal lore, with which the match continues until one player has more lore than the other."),
              score=score(before[0], before[1]))
    else:
        r.say(lead_rule, N_("Single elimination: game wins are equal ({score}); if neither player has won the game at the end of turn {count}, the text covers only equal lore: the match continues until one player has more lore than the other, and that player wins the game immediately, and with it the match (this site's reading: the text says the game; the game wins then decide the match)."),
              score=score(before[0], before[1]), count=count)
    if lore is None:
        r.say("lorcana-not-covered", N_("With unequal lore at the end of turn {count}, this edition does not say who wins: call the head judge then."), count=count)
        if fam == "2023":
            r.say("lorcana-2023-french-lore", N_("The French text of the same date says the player with more lore wins the game; the English says nothing."))
        r.game_result, r.game_decided_by = "undecided", "lore-lead"
        r.match_result, r.match_decided_by, r.next = "undecided", "tied-game-wins", "lore-lead"
        return r
    if higher(lore) is None:
        return _lore_lead(r, lead_rule, lore[0], game_continues=False)
    if fam == "2023":
        r.say("lorcana-2023-french-lore", N_("The French text of the same date says the player with more lore wins the game; the English says nothing."))
    r.game_result, r.game_decided_by = "undecided", "not-covered"
    return _not_covered(r, N_("Lore is unequal ({score}) at the end of the turns with equal game wins: the English text of this edition does not say who wins (its French text gives the game to the player with more lore).")
                        if fam == "2023" else
                        N_("Lore is unequal ({score}) at the end of the turns with equal game wins: this edition does not say who wins."),
                        score=score(*lore))


def record_text(record: tuple[int, int, int], player: str) -> str:
    """A match's record as the Tournament Rules write it, won-lost-drawn for ``player`` (2-1-0, 1-1-1)."""
    wins, losses = (record[0], record[1]) if player == "A" else (record[1], record[0])
    return f"{wins}-{losses}-{record[2]}"


def _lore_lead(r: Ruling, rule_id: str, lore: int, game_continues: bool) -> Ruling:
    """Equal lore: play on until one player has more lore (since 9 September 2025 "the game continues";
    before, and in Japan, "the match continues")."""
    r.say(rule_id, N_("Lore is equal ({lore}) at the end of the turns: the game continues until one player has more lore than the other; that player wins the game immediately, and with it the match (this site's reading: the text says the game; the game wins then decide the match).")
          if game_continues else
          N_("Lore is equal ({lore}) at the end of the turns: the match continues until one player has more lore than the other; that player wins the game immediately, and with it the match (this site's reading: the text says the game; the game wins then decide the match)."),
          lore=lore)
    r.game_result, r.game_decided_by = "undecided", "lore-lead"
    r.match_result, r.match_decided_by, r.next = "undecided", "tied-game-wins", "lore-lead"
    return r


# --- between games --------------------------------------------------------------------------------

def _between_games(s: Scenario, r: Ruling, fam: str) -> Ruling:
    r.record = tally(s.games_won, s.games_drawn)
    lead = leader(r.record)
    if s.single_elimination and fam == "2025" and lead is not None:
        r.match_result, r.match_decided_by = lead, "game-wins"
        r.say("lorcana-se-game-wins-lead", N_("Single elimination: {player} has more game wins ({score}) when time is called and wins the match."),
              player=lead, score=score(r.record[0], r.record[1]))
        return r
    if s.single_elimination and fam == "2025":
        r.say("lorcana-se-five-turns", N_("Single elimination: game wins are equal ({score}) and no game is in progress: a new game may be started to complete the five additional turns."),
              score=score(r.record[0], r.record[1]))
        return _not_covered(r, N_("The text does not say who decides whether a new game is started to complete the five additional turns, whether it has a turn 0 or the five turns only, or whose lore decides if no game is started."))
    if s.single_elimination and lead is None and s.edition.id not in NO_NEW_GAMES:
        # Japan since 12 February 2026: whether a new game starts is itself what the head judge decides.
        return _not_covered(r, N_("Single elimination: game wins are equal ({score}) and no game is in progress; the text does not say whether a new game starts or how the match is decided."),
                            score=score(r.record[0], r.record[1]))
    _no_new_game(s, r, fam)
    if fam == "2025" and not s.single_elimination and sorted(s.games_won) == [0, 1] and s.games_drawn == 0:
        # 3.3: "If a player wins one game of a match and time runs out in the round with no winner in the
        # End-of-Round procedure, the match is recorded as 1-0-1 in favor of the player who won one game."
        r.record = tally(s.games_won, s.games_drawn, "draw")
        r.say("lorcana-record", N_("The match is recorded as 1-0-1 in favor of the player who won one game (this site's reading: 3.3 records so a match in which time runs out with no winner in the End-of-Round procedure; with no game in progress, none was played)."))
    return _by_game_wins(s, r, fam, between=True)


def _not_covered(r: Ruling, reason: str, **params: object) -> Ruling:
    r.say("lorcana-not-covered", reason, **params)
    r.say("lorcana-not-covered", N_("The text does not cover this: call the head judge."))
    r.match_result, r.match_decided_by, r.next = "undecided", "not-covered", "head-judge"
    return r
