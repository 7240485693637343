"""Shared by the narration and scenario tests: the numbers an event gives its sentence add up.

A combat sentence shows "A against Defense D, X takes N" (engine/faces/narration.py). When the rules or a card's
text make N something other than A - D (a strike that does not count, damage doubled or held back, a Defeat
held off, protectors' Defense), the event must carry what the sentence needs to say so. :func:`sums_wrong`
recomputes every such number from the event's own fields and names the ones that do not add up."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def _combat_round(ev: Mapping[str, Any]) -> list[str]:
    out: list[str] = []
    factor = int(ev.get("damage_factor", 1))
    two = ev.get("second_attack")
    more = int(two["damage"]) if two is not None and two["card"] == ev["target"] else 0
    guards = sum(int(p["defense"]) for p in ev.get("protectors", []))
    raw = max(0, int(ev["disaster_attack"]) - int(ev["target_defense"]) - guards)
    if ("damage_factor" in ev or "card_factor" in ev) and ev.get("unfactored_damage") != raw:
        out.append(f"unfactored_damage {ev.get('unfactored_damage')} is not {raw}")
    if ev.get("stopped_by"):  # a card the target holds stopped the attack (in_fight stops)
        raw = 0
    main = factor * int(ev.get("card_factor", 1))  # a Combat card's text: the attack at the target only
    want = raw * main
    if ev.get("halved_by"):  # a Flash Effect halves the attack on it (Know When to Run), rounded down
        if int(ev["halved_from"]) != want:
            out.append(f"halved_from {ev['halved_from']} is not {want}")
        want //= 2
    moved = list(ev.get("moved", []))  # damage a player moved off the attack onto another card (Divert Attack)
    want -= sum(int(m["damage"]) for m in moved)
    if int(ev["damage_to_target"]) - more != want:
        out.append(f"the target takes {int(ev['damage_to_target']) - more}, not {raw} x {main} (halved: {want})")
    steered = ev.get("steered")  # a player held back or halved every attack it made this round (Introduction)

    def cut(n: int) -> int:
        return 0 if steered == "hold" else n // 2 if steered == "halve" else n

    for o in ev.get("also_hit", []):
        if int(o["damage"]) != cut(factor * max(0, int(ev["disaster_attack"]) - int(o["defense"]))):
            out.append(f"also_hit {o}")
    if two is not None and int(two["damage"]) != cut(factor * max(0, int(two["attack"]) - int(two["defense"]))):
        out.append(f"second_attack {two}")
    strikers = list(ev.get("strikers", []))
    if ev.get("unanswered") or not strikers:
        return out
    if (turned := ev.get("diverted")) is not None:  # its text: the strike goes at another's Character (Najato)
        counted = int(ev.get("counted", ev["strike"]))
        if int(turned["damage"]) != max(0, counted - int(turned["defense"])) or int(ev["damage_to_disaster"]):
            out.append(f"diverted {turned} from {counted}")
        return out
    if int(ev["strike"]) != sum(int(s["attack"]) for s in strikers):
        out.append(f"strike {ev['strike']} is not the strikers' sum")
    hits = [0 if s.get("no_damage") or s.get("ignored") else int(s["attack"]) for s in strikers]
    d_def = int(ev["disaster_defense"])
    if ev.get("separate_defense"):
        total = 0
        for s, h in zip(strikers, hits, strict=True):
            if int(s["dealt"]) != max(0, h - d_def):
                out.append(f"striker {s} dealt")
            total += int(s["dealt"])
    else:
        counted = int(ev.get("counted", ev["strike"]))
        if counted != sum(hits):
            out.append(f"counted {counted} is not {sum(hits)}")
        total = max(0, counted - d_def)
    total += int(ev.get("rally", 0))  # a striker's card after a friend fell: more damage (Baby Gohan)
    if "least_damage" in ev:  # a card a striker holds: the strike deals at least this much
        total = max(total, int(ev["least_damage"]))
    if "disaster_damage_factor" in ev:  # a Flash Effect on the Disaster: its damage doubled or none (Frozen, Shield)
        if int(ev["unfactored_disaster_damage"]) != total:
            out.append(f"unfactored_disaster_damage {ev['unfactored_disaster_damage']}, not {total}")
        total *= int(ev["disaster_damage_factor"])
    total += int(ev.get("reflected", 0))  # its own attack turned back on it (Reverse Attack)
    total += sum(int(m["damage"]) for m in moved if m.get("disaster"))  # moved onto it (Divert Attack)
    if ev.get("felled_by"):  # a Flash Effect: any damage deals all the Health it has left (Meltdown)
        if int(ev["felled_from"]) != total or int(ev["damage_to_disaster"]) <= total:
            out.append(f"felled_from {ev['felled_from']} against {total}")
        total = int(ev["damage_to_disaster"])
    if "held_from" in ev:
        if int(ev["held_from"]) != total or int(ev["damage_to_disaster"]) >= total:
            out.append(f"held_from {ev['held_from']} against {total}")
    elif int(ev["damage_to_disaster"]) != total:
        out.append(f"the Disaster takes {ev['damage_to_disaster']}, not {total}")
    return out


def _fight_hit(ev: Mapping[str, Any]) -> list[str]:
    out = []
    if int(ev["attack"]) != sum(int(a["attack"]) for a in ev["attackers"]):
        out.append("attack is not the attackers' sum")
    if int(ev["defense"]) != int(ev["target_defense"]) + sum(int(p["defense"]) for p in ev.get("protectors", [])):
        out.append("defense is not the target's and the protectors'")
    harmless = int(ev.get("weapons_harmless", 0))  # strikes of Weapon holders a card makes harmless (Missile Walk)
    want = max(0, int(ev["attack"]) - harmless - int(ev["defense"])) + int(ev.get("rally", 0))  # Baby Gohan's card
    if "least_damage" in ev:  # a card an attacker holds: at least this much
        want = max(want, int(ev["least_damage"]))
    if ev.get("stopped_by"):  # a card the target holds stopped the attack
        want = 0
    if (
        "damage_factor" in ev
    ):  # a Flash Effect on the target: doubled, none, turned back (Frozen, Shield, Reverse Attack)
        if int(ev["unfactored_damage"]) != want:
            out.append(f"unfactored_damage {ev['unfactored_damage']} is not {want}")
        if ev.get("reflected") is not None and int(ev["reflected"]) != want:
            out.append(f"reflected {ev['reflected']} is not {want}")
        want *= int(ev["damage_factor"])
    if ev.get("halved_by"):  # a Flash Effect halves the parting blow on it (Know When to Run), rounded down
        if int(ev["halved_from"]) != want:
            out.append(f"halved_from {ev['halved_from']} is not {want}")
        want //= 2
    if int(ev["damage"]) != want:
        out.append("damage")
    return out


def _vehicle_round(ev: Mapping[str, Any]) -> list[str]:
    out = []
    if int(ev["damage_to_vehicle"]) != max(0, int(ev["disaster_attack"]) - int(ev["vehicle_defense"])):
        out.append("damage_to_vehicle")
    full = int(ev["vehicle_attack"]) if ev.get("full_attack") else None
    want = full if full is not None else max(0, int(ev["vehicle_attack"]) - int(ev["disaster_defense"]))
    if int(ev["damage_to_disaster"]) != want:
        out.append("damage_to_disaster")
    return out


def _plain(ev: Mapping[str, Any]) -> list[str]:
    if int(ev["damage"]) != max(0, int(ev["attack"]) - int(ev["defense"])):
        return [f"{ev['attack']} against {ev['defense']} is not {ev['damage']}"]
    return []


def _charm(ev: Mapping[str, Any]) -> list[str]:
    if int(ev["margin"]) != int(ev["attacker_charm"]) - int(ev["target_charm"]):
        return ["margin"]
    return []


CHECKS = {
    "combat_round": _combat_round,
    "fight_hit": _fight_hit,
    "vehicle_round": _vehicle_round,
    "charm_unanswered": _plain,
    "location_attacked": _plain,
    "location_strikes": _plain,
    "charm_contest": _charm,
}


def sums_wrong(events: Iterable[Mapping[str, Any]]) -> list[str]:
    """Every event whose shown numbers do not add up, with what is wrong."""
    out = []
    for ev in events:
        check = CHECKS.get(str(ev.get("e")))
        if check is not None and (wrong := check(ev)):
            out.append(f"{ev['e']} (turn {ev.get('turn')}): {'; '.join(wrong)}: {dict(ev)}")
    return out
