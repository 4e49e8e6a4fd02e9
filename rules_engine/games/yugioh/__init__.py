"""Yu-Gi-Oh! TCG: the End of Match Procedure of the Tournament Policy, one module per edition."""

from __future__ import annotations

from .three_rules import NEW_DUEL_TURNS, RULES_VERSION, rule

__all__ = ["NEW_DUEL_TURNS", "RULES_VERSION", "rule"]
