"""Yu-Gi-Oh! TCG: the End of Match Procedure of the Tournament Policy, one module per edition.

- v2.3 (2024-09-20 to 2025-09-04): the three-rule procedure (three_rules.py);
- v2.5 (since 2025-09-05): the double loss (double_loss.py).
"""

from __future__ import annotations

from collections.abc import Callable

from ...contract.scenario import Scenario
from ...ruling import Ruling
from . import double_loss, three_rules
from .three_rules import NEW_DUEL_TURNS

BY_EDITION: dict[str, Callable[[Scenario], Ruling]] = {"2.3": three_rules.rule, "2.5": double_loss.rule}

__all__ = ["NEW_DUEL_TURNS", "rule"]


def rule(s: Scenario) -> Ruling:
    return BY_EDITION[s.edition.id](s)
