"""Rulesets: named presets of switches, one switch per conflict between the rulebooks (RULES.md §11)."""

from animayhem.rules.ruleset import RULESETS, SWITCH_DOCS, Ruleset, RulesetError, get_ruleset

__all__ = ["RULESETS", "SWITCH_DOCS", "Ruleset", "RulesetError", "get_ruleset"]
