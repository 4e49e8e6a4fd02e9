"""Yu-Gi-Oh! TCG: the End of Match Procedure of the Tournament Policy, one module per edition.

- v2.3 (2024-09-20 to 2025-09-04 in North America, Latin America and Europe): the three-rule procedure (three_rules.py);
- v2.5 (since 2025-09-05 in North America, Latin America and Europe): the double loss (double_loss.py).
Elsewhere the dates are not known: a judge may choose v2.3 for any later event.
"""

from __future__ import annotations

from collections.abc import Callable

from ...contract.scenario import Scenario
from ...i18n import N_
from ...ruling import Ruling
from . import double_loss, ocg, three_rules
from .three_rules import NEW_DUEL_TURNS

OCG_EDITION = "ocg-2020-04-01"
BY_EDITION: dict[str, Callable[[Scenario], Ruling]] = {"2.3": three_rules.rule, "2.5": double_loss.rule, OCG_EDITION: ocg.rule}

__all__ = ["NEW_DUEL_TURNS", "RESULT_WORDS", "rule"]

# How the results of a Yu-Gi-Oh! ruling are headed where they are shown (the checker and the Duel
# tracker: overrides/assets/javascripts/results.js): Duel, not game; under a double loss, the result
# to report is a loss for each Duelist, the Duels won only as they stood at the time call.
RESULT_WORDS = {
    "duel_in_progress": N_("Duel in progress"),
    "record_double_loss": N_("A loss for each Duelist (Duels won when time was called: A {a} – B {b} – draws {d})"),
}


def rule(s: Scenario) -> Ruling:
    return BY_EDITION[s.edition.id](s)
