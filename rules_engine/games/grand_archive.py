"""Grand Archive TCG: Tournament Rules & Guidelines, End of Match Procedures (online edition).

Turn 0, then up to three additional turns or five minutes from the end of turn 0,
whichever comes first; single elimination breaks ties in four steps.
"""

from __future__ import annotations

from ..contract.errors import ScenarioError
from ..i18n import N_
from ..ruling import Ruling, Turn, alternating, higher, leader, minutes, other, score, tally
from ..contract.scenario import GameFacts, Scenario


ADDITIONAL_TURNS = 3
OVERTIME_MINUTES = 5


def turn_plan(s: Scenario, r: Ruling) -> list[Turn]:
    active = s.active_player or "A"
    if s.turn_pass_announced:
        first = other(active)
        r.say("ga-end-of-turn-call", N_("Time was called as {active} announced the end of their turn: {player}'s turn starts the turn counter."),
              active=active, player=first)
        r.say("ga-turn-zero-reading", N_("This site's reading: {player}'s turn is turn 0; the text says only that it starts the turn counter."),
              player=first)
        r.say("ga-overtime", N_("After turn 0, up to three additional turns are played, or five minutes, whichever comes first."))
    else:
        first = active
        r.say("ga-overtime", N_("{player}, the turn player, finishes their turn; then up to three additional turns are played, or five minutes, whichever comes first."),
              player=first)
        r.say("ga-turn-zero", N_("The turn {player} finishes is turn 0; the additional turns come after it."), player=first)
    return alternating(first, ADDITIONAL_TURNS + 1)


def _played_out_elsewhere(game: GameFacts, r: Ruling) -> None:
    """A game that ended in play outside single elimination: a win stands, a draw is one (ga-unfinished-game-draw)."""
    if game.winner == "draw" and game.during_turn is None:
        r.say("ga-unfinished-game-draw", N_("The game ended in a draw (the turn it ended in was not entered): there is no winner, so the game is a draw."))
    elif game.winner == "draw":
        r.say("ga-unfinished-game-draw", N_("The game ended in a draw in turn {turn}: there is no winner, so the game is a draw."), turn=game.during_turn)
    elif game.during_turn is None:
        r.say("ga-unfinished-game-draw", N_("{player} won the game (the turn it ended in was not entered): the game has a winner, so it is not a draw (only a game with no winner after the five minutes or the turn limit is)."), player=game.winner)
    else:
        r.say("ga-unfinished-game-draw", N_("{player} won the game in turn {turn}: the game has a winner, so it is not a draw (only a game with no winner after the five minutes or the turn limit is)."), player=game.winner, turn=game.during_turn)


def rule(s: Scenario) -> Ruling:
    r = Ruling(s.edition.rules_version)  # the heading is the edition's (editions.py)
    if s.time_extension_minutes:
        r.say("ga-time-extension", N_("The {minutes}-minute time extension is completed before the overtime begins."),
              minutes=minutes(s.time_extension_minutes))
        r.say("ga-time-extension", N_("This ruling is for the moment the extension ends: the facts given (whether a game was in progress or the players were between games, whose turn it was, the game wins) must be those of that moment, not of the round's time call; where this ruling says time was called, it means that moment."))
    if s.single_elimination:
        r.say("ga-single-elimination", N_("Single elimination: the match cannot end in a draw."))
    if not s.during_game:
        r.record = tally(s.games_won, s.games_drawn)
        if s.single_elimination and leader(r.record) is None:
            # ga-no-new-game is a paragraph of the non-single-elimination procedure: whether a new
            # game is played here is the head judge's to decide, not said either way.
            return _not_covered(r, N_("Single elimination, time called between games with equal game wins: the steps compare a current game, and there is none."))
        if not s.single_elimination:  # a sentence of the other procedure: single elimination's steps decide alone
            r.say("ga-no-new-game", N_("Time was called between games: no new game begins."))
        _match(s, r)
        return r

    r.additional_turns, r.time_limit_minutes = ADDITIONAL_TURNS, OVERTIME_MINUTES
    plan = turn_plan(s, r)
    last = ADDITIONAL_TURNS
    if s.clock_expired_during_turn is not None:
        last = s.clock_expired_during_turn
    game = s.current_game
    assert game is not None
    if game.winner is not None and game.during_turn is not None and game.during_turn > last:
        raise ScenarioError("out-of-range", "/current_game/during_turn",
                            N_("{field}: the procedure ends with turn {last}."), field="/current_game/during_turn", last=last)
    if s.clock_expired_during_turn is not None:
        r.say("ga-ending-overtime", N_("The five minutes ran out during turn {turn}: the game ends once the players are in a main phase with an empty effects stack."),
              turn=s.clock_expired_during_turn)
        if game.winner is None and s.turns_over:  # the tracker's end: the combat and the stack are done
            r.say("ga-ending-overtime", N_("The players are in a main phase with an empty effects stack and nobody has won: the game is over."))
        elif game.winner is None:
            r.say("ga-finish-combat", N_("A combat in progress is finished first, until the game returns to a main phase with an empty effects stack."))
            r.say("ga-resolve-effects", N_("Outside combat, pending effects are resolved until the stack is empty."))
            r.next = "finish-combat-and-stack"
    end = last if game.during_turn is None else game.during_turn
    r.turns = plan[: end + 1]

    if game.winner is not None:
        r.game_result, r.game_decided_by = game.winner, "played-out"
        # Each result is cited to the paragraph that says what it makes of the game: in single elimination, step 1
        # counts the game wins; elsewhere, only a game with no winner after the overtime is a draw. When the turn was
        # not entered, the result is all the match needs.
        if not s.single_elimination:
            _played_out_elsewhere(game, r)
        elif game.winner == "draw" and game.during_turn is None:
            r.say("ga-step-game-wins", N_("The game ended in a draw (the turn it ended in was not entered): neither player won it, so the game wins that step 1 compares do not change."))
        elif game.winner == "draw":
            r.say("ga-step-game-wins", N_("The game ended in a draw in turn {turn}: neither player won it, so the game wins that step 1 compares do not change."), turn=game.during_turn)
        elif game.during_turn is None:
            r.say("ga-step-game-wins", N_("{player} won the game (the turn it ended in was not entered): it counts among the game wins that step 1 compares."), player=game.winner)
        else:
            r.say("ga-step-game-wins", N_("{player} won the game in turn {turn}: it counts among the game wins that step 1 compares."), player=game.winner, turn=game.during_turn)
        r.record = tally(s.games_won, s.games_drawn, game.winner)
        if s.single_elimination and leader(r.record) is None:
            if game.winner == "draw":  # the draw changes no game wins: they were equal before it
                return _not_covered(r, N_("Single elimination: the game in progress ended in a draw during overtime and game wins are still equal; steps 2 to 4 read a current game that no longer exists."))
            return _not_covered(r, N_("Single elimination: the game in progress was won during overtime and game wins are now equal; steps 2 to 4 read a current game that no longer exists."))
        _match(s, r)
        return r

    if not s.single_elimination:
        r.game_result, r.game_decided_by = "draw", "incomplete"
        r.say("ga-unfinished-game-draw", N_("There is no winner after the overtime: the game is a draw.") if s.turns_over else
              N_("If there is no winner after the overtime, the game is a draw."))
        r.record = tally(s.games_won, s.games_drawn, "draw")
        _match(s, r)
        return r

    r.record = tally(s.games_won, s.games_drawn)
    if leader(r.record) is not None:
        # Step 1 decides the match: the game in progress needs no result.
        r.game_result, r.game_decided_by = None, "not-needed"
        _match(s, r, game_needed=False)
        return r
    r.say("ga-step-game-wins", N_("Step 1: neither player has won more games; go to step 2."))
    r.game_result, r.game_decided_by = _tiebreak_steps(game, r)
    if r.game_decided_by == "final-turn" and s.clock_expired_during_turn is None:
        # Who took the final turn depends on when the five minutes ran out, which was not given.
        r.say("ga-overtime", N_("The final turn is taken to be turn {turn}, the last additional turn, since the five minutes are not said to have run out before it: if they ran out during an earlier turn, give that turn for a new ruling."),
              turn=r.turns[-1].number)
    if r.game_result == "undecided":
        # The facts of a step not given: the scenario is the moment of the time call (or of a step
        # reached), and what decides the game exists only when the overtime is over: a plan.
        r.say("ga-step-game-wins", N_("Whoever wins the game in progress then has more game wins and, back at step 1, wins the match."))
        r.match_result, r.match_decided_by, r.next = "undecided", "tied-game-wins", "tiebreak-steps"
        return r
    r.record = tally(s.games_won, s.games_drawn, r.game_result)
    _match(s, r)
    return r


def _tiebreak_steps(game: GameFacts, r: Ruling) -> tuple[str, str]:
    """Steps 2 to 4: available life, influence, main deck, then the final turn. A step whose facts
    are not given is stated with the steps after it as what will decide the game ("undecided")."""
    if game.champion_life is None or game.damage is None:
        return _steps_to_come(r, 2)
    champion_life, damage = game.champion_life, game.damage
    available = (champion_life[0] - damage[0], champion_life[1] - damage[1])
    best = higher(available)
    if best is not None:
        r.say("ga-step-available-life", N_("Step 2: {player}'s champion has the highest available life ({score}, life stat minus damage): {player} wins the game."),
              player=best, score=score(available[0], available[1]))
        return best, "available-life"
    r.say("ga-step-available-life", N_("Step 2: available life is equal ({life}); go to step 3."), life=available[0])
    if game.influence is None:
        return _steps_to_come(r, 3)
    influence = game.influence
    best = higher(influence)
    if best is not None:
        r.say("ga-step-influence", N_("Step 3: {player} has the highest influence ({score}) and wins the game."),
              player=best, score=score(influence[0], influence[1]))
        return best, "influence"
    r.say("ga-step-influence", N_("Step 3: influence is equal ({influence}); go to step 4."), influence=influence[0])
    if game.main_deck is None:
        return _steps_to_come(r, 4)
    main_deck = game.main_deck
    best = higher(main_deck)
    if best is not None:
        r.say("ga-step-main-deck", N_("Step 4: {player} has the most cards in their main deck ({score}) and wins the game."),
              player=best, score=score(main_deck[0], main_deck[1]))
        return best, "main-deck"
    final = r.turns[-1].player
    r.say("ga-step-main-deck", N_("Step 4: main decks are equal ({cards} cards); {player} took the final turn (turn {turn}) and wins the game."),
          cards=main_deck[0], player=final, turn=r.turns[-1].number)
    return final, "final-turn"


# Said of results given while combat and effects are still to be finished (the tracker, which
# gives no results, leaves it out).
PROVISIONAL_RESULTS = N_("These results stand only if nobody wins while the combat and the pending effects are being finished; a win then decides the game instead: give it for a new ruling.")


def _match(s: Scenario, r: Ruling, game_needed: bool = True) -> None:
    _match_result(s, r, game_needed)
    if r.next == "finish-combat-and-stack":
        r.say("ga-ending-overtime", PROVISIONAL_RESULTS)


def _match_result(s: Scenario, r: Ruling, game_needed: bool) -> None:
    winner = leader(r.record)
    if winner is not None:
        r.match_result, r.match_decided_by = winner, "game-wins"
        if not game_needed:
            r.say("ga-step-game-wins", N_("Step 1: {player} has more game wins ({score}) and wins the match: the game in progress needs no result."),
                  player=winner, score=score(r.record[0], r.record[1]))
            # Outside single elimination the unfinished game "is considered a draw"; these steps say nothing
            # of it: the record of the games completed is this site's reading, said where it is given.
            r.say("ga-record-reading", N_("The unfinished game is left out of the record, which counts the games completed (this site's reading: the single-elimination steps do not say how an unfinished game is recorded)."))
            return
        rule_id = "ga-step-game-wins" if s.single_elimination else "ga-match-result"
        r.say(rule_id, N_("{player} has more game wins ({score}) and wins the match."),
              player=winner, score=score(r.record[0], r.record[1]))
        return
    r.match_result, r.match_decided_by = "draw", "tied-game-wins"
    r.say("ga-match-result", N_("Neither player has won more games ({score}): the match is a draw."),
          score=score(r.record[0], r.record[1]))


def _not_covered(r: Ruling, reason: str) -> Ruling:
    r.say("ga-not-covered", reason)
    r.say("ga-not-covered", N_("The text does not cover this: call the head judge."))
    r.match_result, r.match_decided_by, r.next = "undecided", "not-covered", "head-judge"
    return r


STEP_CODES = {2: "available-life", 3: "influence", 4: "main-deck"}


def _steps_to_come(r: Ruling, first: int) -> tuple[str, str]:
    """The steps from ``first`` on, as conditions: their facts are read when the overtime is over
    (and nobody has won), never asked for before."""
    if first == 2:
        r.say("ga-step-available-life", N_("Step 2, if nobody has won when the overtime is over: the player whose champion has the highest available life (life stat minus damage) wins the game; if available life is equal, go to step 3."))
    if first <= 3:
        r.say("ga-step-influence", N_("Step 3: the player with the highest influence wins the game; if influence is equal, go to step 4."))
    r.say("ga-step-main-deck", N_("Step 4: the player with the most cards in their main deck wins the game; if those are equal, the player who took the final turn of the game wins."))
    return "undecided", STEP_CODES[first]
