"""Magic: The Gathering: Magic Tournament Rules, End-of-Match Procedure (section 2.4; 2.5 before 13 November
2023), under each edition from 23 July 2021 (editions.py): its text has read the same since, but for
the paragraph keeping players at the table (since 13 November 2023), which no ruling rests on.

The order of the code is the order of the procedure: the turn plan (turn 0, the additional
turns, Slow Play remedies, extra turns), the game in progress, the match.
"""

from __future__ import annotations

from ..contract.errors import ScenarioError
from ..i18n import N_
from ..ruling import Ruling, Turn, higher, leader, minutes, other, score, tally
from ..contract.scenario import Scenario, SlowPlayPenalty
from ..contract.validation import game_loss_player, game_loss_turn


FIVE_TURNS = 5
TEAM_TURNS = 3  # Two-Headed Giant and other formats where teammates share turns
SLOW_PLAY_TURNS = 2  # IPG 3.3 additional remedy


def additional_turns(s: Scenario, r: Ruling) -> tuple[int, bool]:
    """The number of additional turns, and whether the text is silent about more of them.

    The Slow Play notes come first, then one sentence that gives the total: the base count
    (five, or three in Two-Headed Giant) and, where a penalty adds two, the sum."""
    before = _turn_adding_penalties(s, r)
    base = TEAM_TURNS if s.two_headed_giant else FIVE_TURNS
    game = s.current_game
    if game is not None and game.winner is not None and game.during_turn == 0:
        # The game is over before the additional turns: none is played, whatever their number.
        r.say("mtg-additional-turns", N_("The game ended in turn 0: the additional turns that would follow it are not played."))
        return base + (SLOW_PLAY_TURNS if before else 0), False
    if not before:
        if s.two_headed_giant:
            r.say("mtg-team-three-turns", N_("Two-Headed Giant: teammates share turns, so three additional turns are played instead of five."))
        else:
            r.say("mtg-additional-turns", N_("After turn 0, five additional turns are played in total, unless the game ends first."))
        return base, False
    count = base + SLOW_PLAY_TURNS
    # IPG 3.3 adds nothing once the match is in additional turns; whether turn 0 (after time
    # was called) is one of them, the text does not say: this site reads that it is not.
    # The scenario does not say whether a penalty came before the time call or in turn 0: the
    # reading is said as a condition.
    r.say("mtg-slow-play-reading", N_("If a Slow Play penalty was given during turn 0, after time was called, this site counts it as given before the additional turns, so it adds turns: IPG 3.3 adds none once the match is in its additional turns, and does not say whether turn 0 is one of them (this site's reading)."))
    # Beside a second penalty (the Game Loss said above), "the" penalty would be either: the first is named.
    lost = game_loss_player(s)
    if len(before) == 1 and before[0].player == lost:
        r.say("mtg-slow-play-note", N_("The first Slow Play penalty to {player} (a Warning), not given during the additional turns, adds two turns, counted after any time extension."),
              player=before[0].player)
    elif len(before) == 1:
        r.say("mtg-slow-play-note", N_("The Slow Play penalty to {player}, not given during the additional turns, adds two turns, counted after any time extension."),
              player=before[0].player)
    elif lost is not None:
        r.say("mtg-slow-play-note", N_("Each player's first Slow Play penalty (a Warning) was not given during the additional turns: the remedy adds two turns, counted after any time extension."))
    else:
        r.say("mtg-slow-play-note", N_("Each player received a Slow Play penalty not given during the additional turns: the remedy adds two turns, counted after any time extension."))
    if s.two_headed_giant:
        r.say("mtg-team-three-turns", N_("Two-Headed Giant: teammates share turns, so the additional turns number three instead of five."))
        r.say("mtg-slow-play-note", N_("Three additional turns, plus two added for Slow Play: five additional turns, unless the game ends first."))
    else:
        r.say("mtg-slow-play-note", N_("After turn 0, five additional turns are played, plus two added for Slow Play: seven additional turns, unless the game ends first."))
    if len(before) == 1:
        return count, False
    if lost is not None:  # the Game Loss ended the game: whether the added turns stack changes nothing
        r.say("mtg-not-covered", N_("Whether the two penalties' added turns add up, the text does not say; here it does not matter: the game is over."))
        return count, False
    # IPG 3.3 does not say whether two additional remedies stack: two turns are certain.
    r.say("mtg-not-covered", N_("The text does not say whether the two penalties' added turns add up: two added turns are certain, two more are not."))
    return count, True


def _turn_adding_penalties(s: Scenario, r: Ruling) -> list[SlowPlayPenalty]:
    """Each player's first Slow Play penalty not given during the additional turns (a second
    penalty to a player is a Game Loss), after the notes on the REL and on the penalties given
    during the additional turns."""
    if not s.slow_play_penalties or not slow_play_remedy_applies(s, r):
        return []
    lost = game_loss_player(s)
    if lost is not None:
        _say_game_loss(r, lost)
    # Each player's first penalty only: a second one is the Game Loss above.
    firsts = [p for p in s.slow_play_penalties if next(q for q in s.slow_play_penalties if q.player == p.player) is p]
    for penalty in firsts:
        if penalty.during_additional_turns and lost == penalty.player:
            r.say("mtg-slow-play-note", N_("The first Slow Play penalty to {player} (a Warning) came during the additional turns: it adds no turns (the Warning still stands)."),
                  player=penalty.player)
        elif penalty.during_additional_turns:
            r.say("mtg-slow-play-note", N_("The Slow Play penalty to {player} came during the additional turns: it adds no turns (the Warning still stands)."),
                  player=penalty.player)
    return [p for p in firsts if not p.during_additional_turns]


def _say_game_loss(r: Ruling, lost: str) -> None:
    r.say("mtg-slow-play-note", N_("The second Slow Play penalty to {player} is a Game Loss (IPG 3 upgrades a second Warning for an offense in the same category): it ended the game in progress, which {winner} wins. This ruling takes it as given in this game; a Game Loss given in an earlier game is already counted in the game wins and is left out of the list (a first Slow Play Warning given in an earlier game stays in it: it still adds two turns)."),
          player=lost, winner=other(lost))
    r.say("mtg-slow-play-note", N_("That a Slow Play penalty upgraded to a Game Loss adds no turns is this site's reading: IPG 3 does not say. It changes nothing here: the game is over."))


def slow_play_remedy_applies(s: Scenario, r: Ruling) -> bool:
    """Whether the IPG's Slow Play remedy applies: only at Competitive and Professional REL."""
    if s.rel == "regular":
        r.say("mtg-slow-play-note", N_("Regular REL: the IPG does not apply, so there is no Slow Play penalty and no turns are added (the judge asks the player to play faster)."))
        return False
    if s.rel is None:
        r.say("mtg-slow-play-note", N_("The Rules Enforcement Level is not given: this ruling assumes Competitive or Professional REL, where the IPG applies. At Regular REL no turns are added."))
    r.say("mtg-slow-play-note", N_("A player who already received a Warning for an offense in the same category that day gets a Game Loss instead of a Slow Play Warning (IPG 3); judges read the same category as the same infraction: an earlier Slow Play Warning, not a Warning for another infraction."))
    return True


def turn_zero(s: Scenario) -> Turn:
    """Turn 0: the turn in progress, or the next one when the turn had already been passed."""
    active = s.active_player or "A"
    upcoming = s.next_turn_player or other(active)
    if s.turn_pass_announced:
        return Turn(0, upcoming, upcoming == active)
    return Turn(0, active)


def turn_order(s: Scenario, r: Ruling, length: int) -> list[Turn]:
    """Turn 0 and the turns after it in their natural order (before extra turns created during the procedure)."""
    active = s.active_player or "A"
    upcoming = s.next_turn_player or other(active)
    pending_extra = upcoming == active
    first = turn_zero(s)
    order: list[tuple[str, bool]] = [(first.player, first.extra)]
    if s.turn_pass_announced:
        r.say("mtg-pass-the-turn", N_("{active} had already indicated passing the turn: the match time limit counts as reached in the next turn, so turn 0 is {player}'s turn."),
              active=active, player=upcoming)
    else:
        game = s.current_game
        if game is not None and game.winner is not None and game.during_turn == 0:
            r.say("mtg-additional-turns", N_("Turn 0 is the turn in progress when the match time limit is reached, {player}'s turn."), player=active)
        else:
            r.say("mtg-additional-turns", N_("Turn 0 is the turn in progress: {player} finishes it."), player=active)
        if pending_extra and length > 1:
            order.append((active, True))
    if pending_extra and s.turn_pass_announced:
        r.say("mtg-pass-the-turn", N_("{player} had an extra turn pending: with the turn already passed, that extra turn is turn 0."),
              player=active)
    elif pending_extra and length > 1:
        r.say("mtg-extra-turns-note", N_("{player} had an extra turn pending: it comes after turn 0 (after any extra turn created during turn 0, which is taken first) and counts among the additional turns."),
              player=active)
    game = s.current_game
    ended_in_turn_zero = game is not None and game.winner is not None and game.during_turn == 0
    if pending_extra and not ended_in_turn_zero and any(e.player == active and e.after_turn == 0 for e in s.extra_turns):
        # Both may be true (one pending when time was called, another created in turn 0); one extra turn
        # entered in both fields would be counted twice: the ruling says what it counted.
        r.say("mtg-extra-turns-note", N_("This ruling counts two extra turns for {player}: the one pending when time was called (who takes the next turn) and one created in turn 0 (the extra turns list). If they are one and the same extra turn, enter it once: under who takes the next turn if it was pending when time was called, in the list if it was created after."),
              player=active)
    # The natural order resumes with the opponent of the last regular turn's player.
    player = other(upcoming) if s.turn_pass_announced and not pending_extra else other(active)
    while len(order) < length:
        order.append((player, False))
        player = other(player)
    return [Turn(i, p, extra) for i, (p, extra) in enumerate(order)]


def insert_extra_turns(s: Scenario, r: Ruling, order: list[Turn], last: int, ended: int | None,
                       unknown_end: bool = False) -> list[Turn]:
    """CR 500.7: each extra turn comes directly after the turn that created it; they count among
    the additional turns. ``ended``: the turn in which the game ended, when known."""
    # Each seat: (player, extra, the index of the extra turn in s.extra_turns, or None). The number
    # each extra turn ends up with is read once every entry is inserted: a later entry created in
    # the same turn is taken first (CR 500.7) and pushes the earlier one back.
    seats: list[tuple[str, bool, int | None]] = [(t.player, t.extra, None) for t in order]
    for i, extra in enumerate(s.extra_turns):
        if extra.after_turn > last:
            raise ScenarioError("out-of-range", f"/extra_turns/{i}/after_turn",
                                N_("{field}: the procedure ends with turn {last}, so no extra turn can be created in a later turn."),
                                field=f"/extra_turns/{i}/after_turn", last=last)
        seats.insert(extra.after_turn + 1, (extra.player, True, i))
    number = {seat[2]: n for n, seat in enumerate(seats) if seat[2] is not None}
    for i in sorted(number, key=number.__getitem__):  # the steps follow the order of play, not of creation
        extra = s.extra_turns[i]
        if ended is not None and extra.after_turn >= ended and s.current_game is not None \
                and s.current_game.winner is not None and _new_game_follows(s, s.current_game.winner):
            _say_extra(r, s, i, "mtg-extra-turns-note", N_("{player}'s extra turn created in turn {after} is not played: the game ended in that turn."))
        elif ended is not None and extra.after_turn >= ended:
            _say_extra(r, s, i, "mtg-no-new-game", N_("{player}'s extra turn created in turn {after} is not played: the game ended in that turn, and no new game begins."))
        elif extra.after_turn == last:
            _say_extra(r, s, i, "mtg-extra-turns-note", N_("{player}'s extra turn created in turn {after} would come after the last additional turn: it is not played."))
        elif unknown_end:  # the game ended in a turn not given: whether this turn came is not known
            _say_extra(r, s, i, "mtg-extra-turns-note", N_("{player}'s extra turn created in turn {after} was to come after it (after any extra turn created later, which is taken first), if the game had not ended by then."))
        elif number[i] > last:
            _say_extra(r, s, i, "mtg-extra-turns-note", N_("{player}'s extra turn created in turn {after} comes after the extra turns created after it, which are taken first: it would come after the last additional turn, so it is not played."))
        elif ended is not None and number[i] > ended:
            _say_extra(r, s, i, "mtg-extra-turns-note", N_("{player}'s extra turn created in turn {after} comes after the extra turns created after it, which are taken first: it would be turn {number}, and the game ended before it, so it is not played."), number=number[i])
        elif number[i] == extra.after_turn + 1:
            _say_extra(r, s, i, "mtg-extra-turns-note", N_("{player}'s extra turn created in turn {after} is taken directly after turn {after}, as turn {number}, and counts among the additional turns."), number=number[i])
        else:
            _say_extra(r, s, i, "mtg-extra-turns-note", N_("{player}'s extra turn created in turn {after} is taken after the extra turns created after it, which are taken first: it is turn {number}, and counts among the additional turns."), number=number[i])
    return [Turn(n, p, e) for n, (p, e, _) in enumerate(seats[: last + 1])]


# Two extra turns one player created in the same turn: each step says which it is, in the order they were created
# (the order of the list).
ORDINALS = (N_("created first"), N_("created second"), N_("created third"), N_("created fourth"), N_("created fifth"))
LATER = N_("created later")
ORDINAL_FORMS = {
    N_("{player}'s extra turn created in turn {after} comes after the extra turns created after it, which are taken first: it would be turn {number}, and the game ended before it, so it is not played."):
        N_("{player}'s extra turn created in turn {after} ({nth_text}) comes after the extra turns created after it, which are taken first: it would be turn {number}, and the game ended before it, so it is not played."),
    N_("{player}'s extra turn created in turn {after} comes after the extra turns created after it, which are taken first: it would come after the last additional turn, so it is not played."):
        N_("{player}'s extra turn created in turn {after} ({nth_text}) comes after the extra turns created after it, which are taken first: it would come after the last additional turn, so it is not played."),
    N_("{player}'s extra turn created in turn {after} is not played: the game ended in that turn, and no new game begins."):
        N_("{player}'s extra turn created in turn {after} ({nth_text}) is not played: the game ended in that turn, and no new game begins."),
    N_("{player}'s extra turn created in turn {after} is not played: the game ended in that turn."):
        N_("{player}'s extra turn created in turn {after} ({nth_text}) is not played: the game ended in that turn."),
    N_("{player}'s extra turn created in turn {after} is taken after the extra turns created after it, which are taken first: it is turn {number}, and counts among the additional turns."):
        N_("{player}'s extra turn created in turn {after} ({nth_text}) is taken after the extra turns created after it, which are taken first: it is turn {number}, and counts among the additional turns."),
    N_("{player}'s extra turn created in turn {after} is taken directly after turn {after}, as turn {number}, and counts among the additional turns."):
        N_("{player}'s extra turn created in turn {after} ({nth_text}) is taken directly after turn {after}, as turn {number}, and counts among the additional turns."),
    N_("{player}'s extra turn created in turn {after} was to come after it (after any extra turn created later, which is taken first), if the game had not ended by then."):
        N_("{player}'s extra turn created in turn {after} ({nth_text}) was to come after it (after any extra turn created later, which is taken first), if the game had not ended by then."),
    N_("{player}'s extra turn created in turn {after} would come after the last additional turn: it is not played."):
        N_("{player}'s extra turn created in turn {after} ({nth_text}) would come after the last additional turn: it is not played."),
}


def _say_extra(r: Ruling, s: Scenario, i: int, rule: str, msgid: str, **params: object) -> None:
    """A step on the extra turn ``s.extra_turns[i]``; where its player created others in the same turn, it says
    which one it is."""
    extra = s.extra_turns[i]
    same = [j for j, e in enumerate(s.extra_turns) if (e.player, e.after_turn) == (extra.player, extra.after_turn)]
    if len(same) > 1:
        k = same.index(i)
        msgid = ORDINAL_FORMS[msgid]
        params["nth_text"] = ORDINALS[k] if k < len(ORDINALS) else LATER
    r.say(rule, msgid, player=extra.player, after=extra.after_turn, **params)


def rule(s: Scenario) -> Ruling:
    r = Ruling(s.edition.rules_version)  # the heading is the edition's (editions.py)
    if s.two_headed_giant:
        r.say("mtg-two-headed-giant-note", N_("A Two-Headed Giant match is a single game."))
    if s.time_extension_minutes:
        r.say("mtg-time-extension", N_("The procedure starts only when the {minutes}-minute time extension ends."),
              minutes=minutes(s.time_extension_minutes))
        r.say("mtg-time-extension", N_("This ruling is for the moment the extension ends: the facts given (whether a game was in progress or the players were between games, whose turn it was, the game wins) must be those of that moment, not of the round's time call; where this ruling says time was called, it means that moment."))
    if s.single_elimination:
        r.say("mtg-single-elimination-no-draw", N_("Single elimination: the match cannot end in a draw."))
    if not s.during_game:
        r.record = tally(s.games_won, s.games_drawn)
        # Single elimination with equal game wins is the one case where a new game is played
        # (mtg-sudden-death): saying "no new game begins" there would contradict it.
        if not (s.single_elimination and r.record[0] == r.record[1]):
            r.say("mtg-no-new-game", N_("Time was called between games: no new game begins, and the result stands on the games completed."))
        _match(s, r, game_pending=False)
        return r

    lost = game_loss_player(s)
    if lost is not None and game_loss_turn(s) == 0:
        return _game_loss_in_turn_zero(s, r, lost)
    count, silent = additional_turns(s, r)
    game = s.current_game
    assert game is not None
    ended = game.during_turn if game.winner is not None and game.during_turn is not None and game.during_turn <= count else None
    life_decides = s.single_elimination and s.games_won[0] == s.games_won[1]
    unknown_end = game.winner is not None and game.during_turn is None
    plan = insert_extra_turns(s, r, turn_order(s, r, count + 1), count, ended,
                              unknown_end and (silent or not (life_decides and game.life is not None)))
    r.additional_turns = count
    r.turns = plan if ended is None else plan[: ended + 1]
    # Life totals given in single elimination with equal wins are those at the end of the
    # additional turns: the game reached it. Where the stacking question is open, the plan stays
    # that of the certain turns unless the ruling stands whatever it is (_open_question).
    if unknown_end and (lost is not None or not (silent or (life_decides and game.life is not None))):
        _stop_at_turn_zero(s, r)
    elif ended is None and not (unknown_end and silent):
        _turn_split(s, r, plan)

    if lost is not None:
        return _game_loss(s, r, lost, count)

    if game.winner is not None and game.during_turn is not None:
        if game.during_turn > count and silent:
            return _open_question(s, r, count)
        if game.during_turn > count:
            raise ScenarioError("out-of-range", "/current_game/during_turn",
                                N_("{field}: the procedure ends with turn {last}."),
                                field="/current_game/during_turn", last=count)
        r.game_result, r.game_decided_by = game.winner, "played-out"
        # Turn 0 is not one of the additional turns (mtg-additional-turns: "after turn 0").
        if game.winner == "draw" and game.during_turn == 0:
            r.say("mtg-unfinished-game-draw", N_("The game ended in a draw in turn 0, before the additional turns: the game is complete, so that result stands (only a game still incomplete at the end of the additional turns is a draw by this rule)."))
        elif game.winner == "draw":
            r.say("mtg-unfinished-game-draw", N_("The game ended in a draw in turn {turn}, within the additional turns: the game is complete, so that result stands (only a game still incomplete at their end is a draw by this rule)."), turn=game.during_turn)
        elif game.during_turn == 0:
            r.say("mtg-unfinished-game-draw", N_("{player} won the game in turn 0, before the additional turns: the game is complete, so the win stands (only a game still incomplete at the end of the additional turns is a draw)."),
                  player=game.winner)
        else:
            r.say("mtg-unfinished-game-draw", N_("{player} won the game in turn {turn}, within the additional turns: the game is complete, so the win stands (only a game still incomplete at their end is a draw)."),
                  player=game.winner, turn=game.during_turn)
        r.record = tally(s.games_won, s.games_drawn, r.game_result)
        _match(s, r, game_pending=False)
        return r

    if silent:
        return _open_question(s, r, count)

    equal_wins = s.games_won[0] == s.games_won[1]
    life_decides = s.single_elimination and equal_wins
    if game.winner is not None and (not life_decides or game.life is None):
        # A result is all the match needs: the turn it came in changes nothing but the turn list.
        r.game_result, r.game_decided_by = game.winner, "played-out"
        if game.winner == "draw":
            r.say("mtg-unfinished-game-draw", N_("The game ended in a draw by the end of the additional turns (the turn it ended in was not entered): the game is complete, so that result stands (only a game still incomplete at their end is a draw by this rule)."))
        elif life_decides:
            # Without the turn or the life totals, the win may also have come in the sudden-death play.
            r.say("mtg-sudden-death", N_("{player} won the game (neither the turn nor the life totals were given): whether by the end of the additional turns or in the sudden-death play after them, the win stands."),
                  player=game.winner)
        else:
            r.say("mtg-unfinished-game-draw", N_("{player} won the game by the end of the additional turns (the turn it ended in was not entered): the game is complete, so the win stands (only a game still incomplete at their end is a draw)."),
                  player=game.winner)
        r.record = tally(s.games_won, s.games_drawn, r.game_result)
        _match(s, r, game_pending=False)
        return r
    if not life_decides:
        r.game_result, r.game_decided_by = "draw", "incomplete"
        r.say("mtg-unfinished-game-draw", N_("Nobody won by the end of the additional turns: the game is a draw.") if s.turns_over else
              N_("If nobody wins by the end of the additional turns, the game is a draw."))
        r.record = tally(s.games_won, s.games_drawn, "draw")
        _match(s, r, game_pending=False)
        return r

    # Single elimination, equal game wins: life totals decide the current game.
    if game.life is None:
        return _life_plan(s, r)
    if s.two_headed_giant:
        r.say("mtg-team-as-one-player", N_("Each Two-Headed Giant team counts as one player: the team's shared life total is compared."))
    best = higher(game.life)
    if best is not None:
        if game.winner is not None and game.winner != best:
            raise _contradicts_life()
        r.game_result, r.game_decided_by = best, "life"
        r.say("mtg-highest-life", N_("Game wins are equal after the additional turns: {player} has the highest life total ({score}) and wins the game."),
              player=best, score=score(game.life[0], game.life[1]))
    elif game.winner == "draw":
        raise _contradicts_life()
    elif game.winner is not None:
        r.game_result, r.game_decided_by = game.winner, "sudden-death"
        r.say("mtg-sudden-death", N_("Life totals were equal ({life}): play continued with the added state-based action, and {player} won the game."),
              life=game.life[0], player=game.winner)
    else:
        r.game_result, r.game_decided_by = "undecided", "sudden-death"
        r.match_result, r.match_decided_by, r.next = "undecided", "sudden-death", "sudden-death"
        if s.two_headed_giant:
            r.say("mtg-sudden-death", N_("Life totals are equal ({life}): the game continues with an added state-based action, under which a team that does not have the highest life total loses the game."),
                  life=game.life[0])
        else:
            r.say("mtg-sudden-death", N_("Life totals are equal ({life}): the game continues with an added state-based action, under which a player who does not have the highest life total loses the game."),
                  life=game.life[0])
        r.record = tally(s.games_won, s.games_drawn)
        _no_tiebreak_game(s, goes_on=True)
        return r
    r.record = tally(s.games_won, s.games_drawn, r.game_result)
    _match(s, r, game_pending=False)
    return r


def _stop_at_turn_zero(s: Scenario, r: Ruling) -> None:
    """The game ended in a turn not given: the turns listed stop at the last one certainly played,
    turn 0 or the last in which an extra turn was created (DESIGN 3.2: the turns end with the one in
    which the game ended, and none is listed that may never be played)."""
    last = max((e.after_turn for e in s.extra_turns), default=0)
    r.turns = r.turns[: last + 1]
    if last == 0:
        r.say("mtg-additional-turns", N_("The turn in which the game ended was not given: the turns listed stop at turn 0, the only one certainly played."))
    else:
        r.say("mtg-extra-turns-note", N_("The turn in which the game ended was not given: the turns listed stop at turn {turn}, the last one certainly played (an extra turn was created in it)."),
              turn=last)


def _life_plan(s: Scenario, r: Ruling) -> Ruling:
    """Single elimination, equal game wins, nobody has won yet and no life totals given: the
    scenario is the moment of the time call. The life totals that decide the game exist only at
    the end of the additional turns: the ruling is the plan and its conditions, not a refusal."""
    _no_tiebreak_game(s, goes_on=True)  # a new game follows only a game that ended, and none has
    r.record = tally(s.games_won, s.games_drawn)
    if s.two_headed_giant:  # the teams are the players (mtg-team-as-one-player)
        r.say("mtg-highest-life", N_("Game wins are equal ({score}): if the game is still in progress at the end of the additional turns, the team with the highest life total then wins it. The life totals are compared at that moment, not when time is called."),
              score=score(r.record[0], r.record[1]))
        r.say("mtg-team-as-one-player", N_("Each Two-Headed Giant team counts as one player: the team's shared life total is compared."))
        r.say("mtg-sudden-death", N_("If life totals are equal then, the game continues with an added state-based action, under which a team that does not have the highest life total loses the game."))
    else:
        r.say("mtg-highest-life", N_("Game wins are equal ({score}): if the game is still in progress at the end of the additional turns, the player with the highest life total then wins it. The life totals are compared at that moment, not when time is called."),
              score=score(r.record[0], r.record[1]))
        r.say("mtg-sudden-death", N_("If life totals are equal then, the game continues with an added state-based action, under which a player who does not have the highest life total loses the game."))
    r.say("mtg-match-result-note", N_("Whoever wins the game in progress then has more game wins and wins the match."))
    r.game_result, r.game_decided_by = "undecided", "life"
    r.match_result, r.match_decided_by, r.next = "undecided", "tied-game-wins", "compare-life"
    return r


def _open_question(s: Scenario, r: Ruling, count: int) -> Ruling:
    """Whether two Slow Play penalties' added turns stack, the text does not say: the game in
    progress may still be won after the certain turns. Where every outcome of that question and
    of the game gives the same result, it is ruled; otherwise the head judge decides."""
    game = s.current_game
    assert game is not None
    # The results the game in progress can have. With stacking: the result given (any result,
    # if none was given: the turns after the certain ones may still bring one). Without: a win
    # after the certain turns never came, and the game was incomplete at their end: a draw, or
    # in single elimination with equal game wins, the highest life total (if given; equal life
    # totals leave it to the sudden-death play).
    life_decides = s.single_elimination and s.games_won[0] == s.games_won[1]
    incomplete = "draw" if not life_decides else higher(game.life) if game.life is not None else None
    results = {"A", "B", "draw"} if game.winner is None else {game.winner}
    if game.winner is None or game.during_turn is None or game.during_turn > count:
        results.add(incomplete or "open")
    if len(results) == 1 and "open" not in results:
        result = results.pop()
        r.game_result, r.game_decided_by = result, "played-out"
        if result == "draw":
            r.say("mtg-unfinished-game-draw", N_("The game ended in a draw: the game is complete, so whether or not the added turns add up, that result stands (only a game still incomplete at the end of the additional turns is a draw by this rule)."))
        else:
            assert game.life is not None
            r.say("mtg-highest-life", N_("{player} won the game and has the highest life total ({score}): whether the win came in the certain additional turns or after them, or the life totals decide at their end, {player} wins the game."),
                  player=result, score=score(game.life[0], game.life[1]))
        r.record = tally(s.games_won, s.games_drawn, result)
        if game.winner is not None and game.during_turn is None:
            _stop_at_turn_zero(s, r)
        _match(s, r, game_pending=False)
        return r
    outcomes = {"open" if result == "open" else _match_after(s, result) for result in results}
    if len(outcomes) == 1 and outcomes <= {"A", "B"}:
        # A lead that no result of the game in progress can change.
        winner = outcomes.pop()
        _no_tiebreak_game(s)
        r.game_result, r.game_decided_by = None, "not-needed"
        r.record = tally(s.games_won, s.games_drawn)
        r.match_result, r.match_decided_by, r.next = winner, "game-wins", None
        if game.winner is not None and game.during_turn is None:
            _stop_at_turn_zero(s, r)
        r.say("mtg-match-result-note", N_("{player} has more game wins ({score}) and keeps more whatever the result of the game in progress: {player} wins the match, and the question the text leaves open changes nothing."),
              player=winner, score=score(r.record[0], r.record[1]))
        return r
    if game.winner is not None and game.during_turn is None:
        # A win by the last certain turn stands; one after it depends on the stacking question.
        r.say("mtg-not-covered", N_("{player} won the game, but the turn was not given: a win by turn {count} stands; a win after it depends on whether the added turns add up, which the text does not say. Give the turn, or call the head judge."),
              player=game.winner, count=count)
    else:
        r.say("mtg-not-covered", N_("The game did not end within the certain additional turns: the text does not cover what follows; call the head judge."))
    r.game_result, r.game_decided_by = "undecided", "not-covered"
    r.match_result, r.match_decided_by, r.next = "undecided", "not-covered", "head-judge"
    r.record = tally(s.games_won, s.games_drawn)
    return r


def _match_after(s: Scenario, result: str) -> str | None:
    """The match's result once the game in progress has ``result`` (None: a tiebreak still to play)."""
    winner = leader(tally(s.games_won, s.games_drawn, result))
    if winner is not None:
        return winner
    return None if s.single_elimination else "draw"


def _game_loss_in_turn_zero(s: Scenario, r: Ruling, lost: str) -> Ruling:
    """IPG 3: the second Slow Play penalty, given after time was called and before the additional
    turns, is a Game Loss that ended the game in turn 0: no additional turn is played."""
    _turn_adding_penalties(s, r)  # the notes on the REL and the Game Loss; the turns they add are never played
    first = turn_zero(s)
    if s.turn_pass_announced:
        r.say("mtg-pass-the-turn", N_("{active} had already indicated passing the turn: the match time limit counts as reached in the next turn, so turn 0 is {player}'s turn."),
              active=s.active_player or "A", player=first.player)
    for i, extra in enumerate(s.extra_turns):  # validation allows only those created in turn 0
        if _new_game_follows(s, other(lost)):
            _say_extra(r, s, i, "mtg-extra-turns-note", N_("{player}'s extra turn created in turn {after} is not played: the game ended in that turn."))
            continue
        _say_extra(r, s, i, "mtg-no-new-game", N_("{player}'s extra turn created in turn {after} is not played: the game ended in that turn, and no new game begins."))
    if _new_game_follows(s, other(lost)):
        r.say("mtg-slow-play-note", N_("The Game Loss was not given during the additional turns, and the game was in progress when time was called: it came in turn 0 and ended the game there, so no additional turn is played."))
    else:
        r.say("mtg-no-new-game", N_("The Game Loss was not given during the additional turns, and the game was in progress when time was called: it came in turn 0 and ended the game there; no new game begins, so no additional turn is played."))
    r.turns, r.additional_turns = [first], 0
    r.game_result, r.game_decided_by = other(lost), "game-loss"
    r.record = tally(s.games_won, s.games_drawn, r.game_result)
    _match(s, r, game_pending=False)
    return r


def _game_loss(s: Scenario, r: Ruling, lost: str, count: int) -> Ruling:
    """IPG 3: the penalized player's second Slow Play penalty, given during the additional turns,
    is a Game Loss that ended the game in progress (validation checked the result and the turn):
    no tiebreak, whatever the round."""
    game = s.current_game
    assert game is not None
    if game.during_turn is not None and game.during_turn > count:
        raise ScenarioError("out-of-range", "/current_game/during_turn",
                            N_("{field}: the procedure ends with turn {last}."),
                            field="/current_game/during_turn", last=count)
    if _new_game_follows(s, other(lost)):  # the sudden-death game follows (mtg-sudden-death)
        if game.during_turn is not None:
            r.say("mtg-slow-play-note", N_("The Game Loss came in turn {turn}: the game ended there, so no turn after it is played."),
                  turn=game.during_turn)
        else:
            r.say("mtg-slow-play-note", N_("The Game Loss came during the additional turns, in a turn not given: the game ended there, so the planned turns after it are not played."))
    elif game.during_turn is not None:
        r.say("mtg-no-new-game", N_("The Game Loss came in turn {turn}: the game ended there and no new game begins, so no turn after it is played."),
              turn=game.during_turn)
    else:
        r.say("mtg-no-new-game", N_("The Game Loss came during the additional turns, in a turn not given: the game ended there and no new game begins, so the planned turns after it are not played."))
    r.game_result, r.game_decided_by = other(lost), "game-loss"
    r.record = tally(s.games_won, s.games_drawn, r.game_result)
    _match(s, r, game_pending=False)
    return r


def _new_game_follows(s: Scenario, result: str) -> bool:
    """Whether the game in progress, ending with ``result``, leaves game wins equal in single
    elimination: then a new game is played (mtg-sudden-death), and "no new game begins" is not said."""
    return s.single_elimination and leader(tally(s.games_won, s.games_drawn, result)) is None


def _match(s: Scenario, r: Ruling, game_pending: bool) -> None:
    """MTR 2.1, and single elimination's sudden-death game when game wins stay equal."""
    winner = leader(r.record)
    if winner is not None:
        _no_tiebreak_game(s)
        r.match_result, r.match_decided_by, r.next = winner, "game-wins", None
        r.say("mtg-match-result-note", N_("{player} has more game wins ({score}) and wins the match."),
              player=winner, score=score(r.record[0], r.record[1]))
        return
    if not s.single_elimination:
        r.match_result, r.match_decided_by, r.next = "draw", "tied-game-wins", None
        r.say("mtg-match-result-note", N_("Game wins are equal ({score}): the match is a draw."),
              score=score(r.record[0], r.record[1]))
        return
    new_game = (N_("Game wins are equal ({score}) and no game is in progress: a new game is played with an added state-based action, under which a team that does not have the highest life total loses the game.")
                if s.two_headed_giant else
                N_("Game wins are equal ({score}) and no game is in progress: a new game is played with an added state-based action, under which a player who does not have the highest life total loses the game."))
    r.say("mtg-sudden-death", new_game, score=score(r.record[0], r.record[1]))
    tiebreak = s.tiebreak_game
    if tiebreak is None or tiebreak.winner is None:
        r.match_result, r.match_decided_by, r.next = "undecided", "tied-game-wins", "sudden-death"
        return
    r.record = tally((r.record[0], r.record[1]), r.record[2], tiebreak.winner)
    r.match_result, r.match_decided_by, r.next = tiebreak.winner, "sudden-death", None
    r.say("mtg-sudden-death", N_("{player} won the sudden-death game and wins the match."), player=tiebreak.winner)


def _turn_split(s: Scenario, r: Ruling, plan: list[Turn]) -> None:
    """Who takes the additional turns. The note on the turn plan says who takes the first and so
    the three of five; the rule's "usually three and two" (mtg-turn-split) does not say who."""
    taken = [t.player for t in plan[1:]]
    if len(taken) == FIVE_TURNS and not s.two_headed_giant:
        r.say("mtg-turn-plan-note", N_("Of the five additional turns, A takes {turns_a} and B takes {turns_b}."),
              turns_a=taken.count("A"), turns_b=taken.count("B"))
    else:
        r.say("mtg-turn-plan-note", N_("Of the additional turns, A takes {turns_a} and B takes {turns_b}."),
              turns_a=taken.count("A"), turns_b=taken.count("B"))


def _no_tiebreak_game(s: Scenario, goes_on: bool = False) -> None:
    """``goes_on``: sudden death continues the game in progress, whose result is that game's own."""
    if s.tiebreak_game is not None and goes_on:
        raise ScenarioError("impossible-state", "/tiebreak_game",
                            N_("{field}: here sudden death goes on in the game in progress, not in a new game: give its result as {other_field}."),
                            field="/tiebreak_game", other_field="/current_game/winner")
    if s.tiebreak_game is not None:
        raise ScenarioError("impossible-state", "/tiebreak_game",
                            N_("{field}: no sudden-death game is played in this scenario."), field="/tiebreak_game")


def _contradicts_life() -> ScenarioError:
    return ScenarioError("impossible-state", "/current_game/winner",
                         N_("{field}: this result contradicts the life totals given ({other_field}); give the turn in which the game ended, or leave the life totals out."),
                         field="/current_game/winner", other_field="/current_game/life")
