"""Yu-Gi-Oh! says Duel where the other games say game, Duelist where they say player: the one
table of the labels and messages that have both wordings, read wherever one is chosen for a game
(the form's fields, the refusals). A message not in the table is the same for every game."""

from __future__ import annotations

from ..i18n import N_

IN_DUELS: dict[str, str] = {
    N_("Games in the match (best of)"): N_("Duels in the match (best of)"),
    N_("Game wins before time was called"): N_("Duels won before time was called"),
    N_("Games each side had won when time was called (with a time extension, when it ended), not counting a game then in progress."):
        N_("Duels each Duelist had won when time was called (with a time extension, when it ended), not counting a Duel then in progress."),
    N_("Drawn games"): N_("Drawn Duels"),
    N_("Drawn games so far in the match."): N_("Drawn Duels so far in the match."),
    N_("Whose turn it was"): N_("Duelist whose turn it was"),
    N_("The game in progress"): N_("The Duel in progress"),
    N_("Result of the game in progress"): N_("Result of the Duel in progress"),
    N_("{field}: game wins {wins}, in a match played as best of {best_of} ({other_field}): the match was already won before time was called."):
        N_("{field}: Duels won {wins}, in a match played as best of {best_of} ({other_field}): the match was already won before time was called."),
    N_("{field}: time was called between games, but no game of the match has ended yet: {other_field} is 0 – 0 and {drawn_field} is 0. Time called before the first game has ended is called during the first game."):
        N_("{field}: time was called between Duels, but no Duel of the match has ended yet: {other_field} is 0 – 0 and {drawn_field} is 0. Time called before the first Duel has ended is called during the first Duel."),
    N_("{field}: the game has a result ({other_field}): leave this out, or leave out the result."):
        N_("{field}: the Duel has a result ({other_field}): leave this out, or leave out the result."),
    N_("{field}: a turn in which the game ended is given, but no result ({other_field})."):
        N_("{field}: a turn in which the Duel ended is given, but no result ({other_field})."),
    N_("{field}: not part of this scenario: only when time is called during a game ({other_field})."):
        N_("{field}: not part of this scenario: only when time is called during a Duel ({other_field})."),
}


def in_words_of(game: str | None, msgid: str) -> str:
    """``msgid`` as ``game`` says it (a Yu-Gi-Oh! Duel), or as it is."""
    return IN_DUELS.get(msgid, msgid) if game == "yugioh" else msgid
