"""Yu-Gi-Oh! TCG Tournament Policy v2.5 (in force since 2025-09-05 in North America, Latin America and Europe): the double loss.

This site does not hold the Policy's own text; it rules on its summary (the page names the
sources), and where that summary is silent it says so and sends the Duelists to the head judge:
- time ends before a Duelist has won the match: both Duelists receive a loss; the Duel stops at
  the time call (no Phase or turn finished, no Life Points compared);
- Top Cut matches and the final of a single-elimination event are no longer timed;
- not known: a timed single-elimination round outside a Top Cut, best-of-one matches, whether
  local events keep the earlier procedure.
"""

from __future__ import annotations

from ...contract.scenario import Scenario
from ...i18n import N_
from ...ruling import Ruling, minutes, score, tally


def rule(s: Scenario) -> Ruling:
    r = Ruling(s.edition.rules_version)
    r.record = tally(s.games_won, s.games_drawn)
    if s.time_extension_minutes:
        r.say("ygo-time-extension-note", N_("The match had a {minutes}-minute time extension: this site reads that time is called for the match when the extension ends, and this ruling is for that moment (this site's reading); where it says time was called, it means that moment."),
              minutes=minutes(s.time_extension_minutes))
    if s.single_elimination:
        r.say("ygo-v2-5-top-cut-untimed", N_("Under Policy v2.5, Top Cut matches and the final of a single-elimination event are not timed: time is not called there."))
        r.say("ygo-v2-5-not-known", N_("For a timed single-elimination round outside a Top Cut, this site does not know what Policy v2.5 says: call the head judge, who decides."))
        _not_known(s, r)
        _where(s, r)
        return r
    if s.best_of == 1:
        r.say("ygo-v2-5-not-known", N_("How Policy v2.5 ends a best-of-one match when time is called is not known to this site: call the head judge, who decides."))
        _not_known(s, r)
        _where(s, r)
        return r
    if s.during_game:
        r.game_result, r.game_decided_by = None, "stopped"
        if s.time_extension_minutes:
            r.say("ygo-v2-5-double-loss", N_("Time was called during a Duel: the Duel stops when the time extension ends. No Phase or turn is finished and no Life Points are compared."))
        else:
            r.say("ygo-v2-5-double-loss", N_("Time was called during a Duel: the Duel stops now. No Phase or turn is finished and no Life Points are compared."))
    else:
        r.say("ygo-v2-5-double-loss", N_("Time was called between Duels: no new Duel begins."))
    r.match_result, r.match_decided_by, r.next = "double-loss", "time-ended", None
    r.say("ygo-v2-5-double-loss", N_("Neither Duelist has won the match (Duels won {score}): both Duelists receive a loss for the match. Record a loss for each."),
          score=score(s.games_won[0], s.games_won[1]))
    _where(s, r)
    return r


def _where(s: Scenario, r: Ruling) -> None:
    """v2.5's date is North America's, Latin America's and Europe's: elsewhere, or at an event keeping v2.3, choose v2.3."""
    r.say("ygo-v2-5-not-known", N_("This ruling takes the event to follow Policy v2.5, as Konami's TCG events in North America, Latin America and Europe have done since {effective_date}. When it took effect elsewhere, and whether some local events keep the earlier procedure, is not known to this site: for an event elsewhere that had not adopted it yet, or one that keeps the earlier procedure, choose the edition v2.3."),
          effective_date=s.edition.effective)


def _not_known(s: Scenario, r: Ruling) -> None:
    if s.during_game:
        r.game_result, r.game_decided_by = "undecided", "not-covered"
    r.match_result, r.match_decided_by, r.next = "undecided", "not-covered", "head-judge"

