"""Charm against an allied pair (RULES.md COMBAT-39, the charm bullet of DIS-26, EX-9).

A fight with a primary that has allies attached (engine/procedures/special_disasters.py) has one charm part, played by
the member of the pair with the **higher printed Charm** (ties: the primary). The charm frame
(:class:`~animayhem.engine.procedures.charm.DisasterCharm`) then reads the relations kept here:

* a Character the charmer beats may strike **neither** member until the pair attacks it (only the primary
  attacks while the pair holds, so its attack frees the Character; 002: after the rounds it lost by);
* a Character that beats the **ally** takes the ally's contribution away from the primary, but only in the
  exchanges where the primary fights that Character (its round target): the relation ``unallied`` (``a`` the
  Character, ``b`` the ally), read by :func:`~animayhem.engine.effects.allies.ally_bonus` through the
  ``against`` argument of :func:`~animayhem.engine.effects.abilities.value`. That is the whole outcome: the ally is
  neither sent away nor given an order (COMBAT-31 would break the pair up);
* a Character that beats the **primary** gets the ordinary outcome (COMBAT-31, COMBAT-32, CONF-41).

Under ``allied_disasters = "group"`` (5E) the ally's contribution is its Attack in the combined Attack, so
the Character that charmed it faces the primary's Attack alone. The relations end with the fight
(:func:`~animayhem.engine.procedures.charm.combat_over`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from animayhem.engine.core.state import CharmLink
from animayhem.engine.effects import abilities
from animayhem.engine.effects.allies import pair

if TYPE_CHECKING:
    from animayhem.engine.core.context import Context


def charmer(g: Context, dis: int) -> int:
    """Who plays the charm part of a fight with ``dis``: the pair member with the higher printed Charm; on a
    tie, the primary (COMBAT-39)."""
    members = pair(g, dis)
    return max(members, key=lambda u: (abilities.printed(g, u, "charm"), u == dis))


def charm_ally(g: Context, char: int, ally: int, primary: int) -> None:
    """The Character ``char`` beat the ally in the charm contest: from now on in this fight the primary
    fights ``char`` without that ally's contribution (DIS-26)."""
    g.state.charms.append(CharmLink("unallied", char, ally, turn=g.state.turn))
    g.emit(
        "ally_charmed",
        ally=g.card(ally).id,
        ally_uid=ally,
        primary=g.card(primary).id,
        primary_uid=primary,
        character=g.card(char).id,
        uid=char,
    )
