"""Captives, comebacks and kept Disasters that a scenario file cannot reach on its own (engine/effects/primitives.py
``capture``/``release``, the ``revive`` and ``recycle: self`` verbs): a captive freed in its Haven when its
captor leaves play off the Field, the state staying exact under clone and hash, views showing captives."""

from __future__ import annotations

from animayhem.engine.checks.invariants import problems
from animayhem.engine.core.state import CAPTIVE, OFF
from animayhem.engine.effects import lasting, primitives, triggers
from animayhem.engine.faces.narration import sentence
from animayhem.engine.procedures import vehicles
from scenario_kit import MASS_SETUP, SOLO_FIELD, game_of, uid_of

FIELD = SOLO_FIELD.replace("island-restaurant, owner: 0}", "island-restaurant, owner: 0, under: [antiques]}")


def test_a_captive_is_freed_in_its_haven_when_its_captor_leaves_off_the_field() -> None:
    g = game_of(
        FIELD,
        """\
        characters:
          - {card: b-ko-daitokuji, owner: 0, at: [0, 0], carried: [keys]}
        disasters:
          - {card: kidnapped, owner: 0, at: [0, 0]}
        start: {active: 0, phase: equip}
        """,
    )
    s = g.state
    bko, kid = uid_of(g, "b-ko-daitokuji"), uid_of(g, "kidnapped")
    d = s.disasters[kid]
    index, e = triggers.effects_of(g.card(kid), "passes")[0]
    assert triggers.run(g, kid, index, e, 0, d.pos)
    ch = s.characters[bko]
    assert (ch.pos, ch.off_at) == (OFF, CAPTIVE) and ch.carried  # she keeps her Keys
    assert not g.characters_at(s.grid[(0, 0)])  # off the Field: nobody to fight there
    assert problems(g) == []
    view = g.view(0)
    shown = next(c for c in view["characters"] if c["uid"] == bko)
    assert shown["captive_of"] == kid and shown["cell"] is None
    twin = g.clone()
    assert twin.state_hash() == g.state_hash()
    # the captive is one in all: running the effect again takes nobody
    assert not triggers.run(g, kid, index, e, 0, d.pos)
    d.pos = OFF  # it walks off the Field and leaves play
    primitives.leave_play(g, d, "exit")
    assert ch.off_at == OFF and ch.pos == s.players[0].havens[0]
    assert g.log[-2]["e"] == "character_freed" and g.log[-2]["cell"] == [2, 2]
    assert problems(g) == []
    assert twin.state.characters[bko].off_at == CAPTIVE  # the clone kept its own copy


def test_revive_counts_and_its_bonus_end_when_the_disaster_leaves() -> None:
    g = game_of(
        FIELD,
        """\
        disasters:
          - {card: 7-lucky-gods-martial-artists, owner: 0, at: [0, 0]}
        start: {active: 0, phase: equip}
        """,
    )
    s = g.state
    gods = uid_of(g, "7-lucky-gods-martial-artists")
    place = s.disasters[gods].pos
    assert triggers.defeat_replaced(g, gods, place, 0)
    assert triggers.defeat_replaced(g, gods, place, 0)
    assert (g.ability(gods, "attack"), g.ability(gods, "defense")) == (6, 6)
    assert not triggers.defeat_replaced(g, gods, place, 0)  # the third Defeat is final
    primitives.leave_play(g, s.disasters[gods], "defeated")
    assert not s.lasting


def test_a_kept_disaster_is_discarded_when_its_carrier_drops_it() -> None:
    g = game_of(
        FIELD,
        """\
        characters:
          - {card: future-trunks, owner: 0, at: [0, 0]}
        disasters:
          - {card: hungry-dinosaur, owner: 0, at: [0, 0]}
        start: {active: 0, phase: equip}
        """,
    )
    s = g.state
    dino, trunks = uid_of(g, "hungry-dinosaur"), uid_of(g, "future-trunks")
    place = s.disasters[dino].pos
    primitives.leave_play(g, s.disasters[dino], "defeated")
    triggers.defeated(g, dino, place, 0, 0)
    ch = s.characters[trunks]
    assert ch.carried == [dino] and dino not in s.players[0].discard
    assert problems(g) == []
    assert g.clone().state_hash() == g.state_hash()
    primitives.bonk(g, ch, None)  # it would drop what it carries under Genom Tower
    assert dino in s.players[0].discard and dino not in s.places[place].under
    assert problems(g) == []


def test_a_pterodactyl_is_kept_only_at_exactly_zero_health() -> None:
    g = game_of(
        FIELD,
        """\
        characters:
          - {card: future-trunks, owner: 0, at: [0, 0]}
        disasters:
          - {card: pterodactyl, owner: 0, at: [0, 0]}
        start: {active: 0, phase: equip}
        """,
    )
    s = g.state
    ptero = uid_of(g, "pterodactyl")
    place = s.disasters[ptero].pos
    primitives.leave_play(g, s.disasters[ptero], "defeated")
    triggers.defeated(g, ptero, place, 0, -1)
    assert ptero in s.players[0].discard  # Health -1: not kept
    triggers.defeated(g, ptero, place, 0, 0)
    assert ptero in s.characters[uid_of(g, "future-trunks")].carried
    assert vehicles.is_vehicle(g, ptero) and vehicles.capacity(g, ptero) == 3


def test_princess_snake_frees_her_captives_only_to_a_charm_total_above_7() -> None:
    g = game_of(
        FIELD,
        """\
        characters:
          - {card: kami, owner: 0, at: [0, 0], carried: [keys]}
          - {card: tien-tenshinhan, owner: 0, at: [0, 0]}
        disasters:
          - {card: princess-snake, owner: 0, at: [0, 0]}
        start: {active: 0, phase: equip}
        """,
    )
    s = g.state
    snake, kami, tien = uid_of(g, "princess-snake"), uid_of(g, "kami"), uid_of(g, "tien-tenshinhan")
    triggers.charms(g, snake, kami)
    assert s.characters[kami].off_at == CAPTIVE and not s.characters[kami].carried  # the Keys are left behind
    triggers.charmed_by(g, snake, tien, 7)  # 7 is not above 7
    assert s.characters[kami].off_at == CAPTIVE
    triggers.charmed_by(g, snake, tien, 8)
    assert s.characters[kami].off_at == OFF and s.characters[kami].pos == s.disasters[snake].pos
    assert not s.lasting and problems(g) == []
    triggers.charms(g, snake, kami)  # freed, he may be charmed and taken again
    assert s.characters[kami].off_at == CAPTIVE


def test_vegetas_enhancements_are_discarded_when_he_leaves_play() -> None:
    g = game_of(
        FIELD,
        """\
        characters:
          - {card: b-ko-daitokuji, owner: 0, at: [0, 0], enhancements: [clean-livin]}
        disasters:
          - {card: vegeta, owner: 0, at: [0, 0]}
        start: {active: 0, phase: equip}
        """,
    )
    s = g.state
    vegeta, bko = uid_of(g, "vegeta"), uid_of(g, "b-ko-daitokuji")
    (livin,) = s.characters[bko].enhancements
    primitives.bonk(g, s.characters[bko], vegeta)
    assert s.disasters[vegeta].held == [livin] and g.ability(vegeta, "attack") == 9
    assert problems(g) == [] and g.clone().state_hash() == g.state_hash()
    assert next(d for d in g.view(0)["disasters"] if d["uid"] == vegeta)["enhancements"][0]["uid"] == livin
    primitives.leave_play(g, s.disasters[vegeta], "defeated")
    assert livin in s.players[0].discard and problems(g) == []


def test_ginyu_in_a_body_is_freed_by_a_charm_total_above_5_and_discarded() -> None:
    g = game_of(
        FIELD,
        """\
        characters:
          - {card: super-saiyan-goku, owner: 0, at: [0, 0]}
          - {card: future-trunks, owner: 0, at: [0, 0]}
        disasters:
          - {card: ginyu, owner: 0, at: [0, 0]}
        start: {active: 0, phase: equip}
        """,
    )
    s = g.state
    ginyu, goku, trunks = uid_of(g, "ginyu"), uid_of(g, "super-saiyan-goku"), uid_of(g, "future-trunks")
    d = s.disasters[ginyu]
    index, e = triggers.effects_of(g.card(ginyu), "round")[0]
    d.damage = 5  # Health 3 left: nothing happens
    assert not triggers.run(g, ginyu, index, e, 0, d.pos, amount=5, round_no=1)
    d.damage = 8  # Health 0
    assert triggers.run(g, ginyu, index, e, 0, d.pos, amount=8, round_no=1)
    assert lasting.possessed(g, ginyu) == goku and d.damage == 0
    assert [g.ability(ginyu, a) for a in ("attack", "defense")] == [7, 9] and g.max_health(ginyu) == 9
    assert problems(g) == [] and g.clone().state_hash() == g.state_hash()
    assert not triggers.run(g, ginyu, index, e, 0, d.pos, amount=9, round_no=2)  # once only
    triggers.charmed_by(g, ginyu, trunks, 5)  # not above 5
    assert ginyu in s.disasters
    triggers.charmed_by(g, ginyu, trunks, 6)
    assert ginyu not in s.disasters and ginyu in s.players[0].discard
    assert s.characters[goku].pos == s.grid[(0, 0)] and s.characters[goku].off_at == OFF
    assert problems(g) == []


def test_draculas_undead_outlasts_him_and_leaves_play_as_a_disaster() -> None:
    g = game_of(
        FIELD,
        """\
        characters:
          - {card: b-ko-daitokuji, owner: 0, at: [0, 0], carried: [control-cube]}
        disasters:
          - {card: dracula, owner: 0, at: [0, 0]}
        start: {active: 0, phase: equip}
        """,
    )
    s = g.state
    dracula, bko = uid_of(g, "dracula"), uid_of(g, "b-ko-daitokuji")
    primitives.kill(g, s.characters[bko], dracula)
    assert bko in s.disasters and bko not in s.characters and bko not in s.players[0].discard
    assert g.is_combat_disaster(bko) and not g.is_major(bko)
    assert (g.ability(bko, "attack"), g.ability(bko, "defense")) == (4, 4)
    assert problems(g) == [] and g.clone().state_hash() == g.state_hash()
    shown = next(d for d in g.view(0)["disasters"] if d["uid"] == bko)
    assert shown["attack"] == 4 and shown["card"] == "b-ko-daitokuji"
    primitives.leave_play(g, s.disasters[dracula], "defeated")
    assert g.is_combat_disaster(bko) and g.ability(bko, "attack") == 4  # it outlasts Dracula
    primitives.leave_play(g, s.disasters[bko], "defeated")
    assert bko in s.players[0].discard and not s.lasting and problems(g) == []


def test_the_mass_drawn_in_reload_affects_the_field_only_with_a_disaster_to_copy() -> None:
    """TURN-9, decided from its data: The Mass has something to act on only when its drawer's Discard pile
    holds a Disaster."""
    text = FIELD.replace(
        "    combat: []\n", "    combat: []\n    draw: [the-mass, speed]\n    discard: [speed, largo]\n"
    )
    g = game_of(text, "start: {active: 0, phase: equip}\n")
    s = g.state
    mass = next(u for u in s.players[0].draw if s.cards[u] == "the-mass")
    largo = next(u for u in s.players[0].discard if s.cards[u] == "largo")
    assert triggers.can_affect_field(g, mass, 0)  # Largo is there to copy
    s.players[0].discard.remove(largo)
    s.players[0].draw.append(largo)
    assert not triggers.can_affect_field(g, mass, 0)  # only a Speed: nothing to copy


def test_the_mass_takes_on_the_card_and_is_its_printed_self_again_when_it_comes_back() -> None:
    """CARD-1, DIS-35: The Mass's instance becomes ``the-mass~kidnapped`` (Kidnapped's effects after its own, both
    names), a copy of the state taken before keeps the printed card, views name the copy, and once Discarded
    and turned up again it enters as The Mass (the text it took on, and what that text left, end)."""
    g = game_of(MASS_SETUP)
    s = g.state
    mass = next(u for u, c in enumerate(s.cards) if c == "the-mass")
    before = g.clone()
    g.apply("scavenge 0,0")
    assert s.cards[mass] == "the-mass~kidnapped" and g.name(mass) == "The Mass (Kidnapped)"
    assert len(g.card(mass).effects) == len(g.db.by_id("the-mass").effects) + len(g.db.by_id("kidnapped").effects)
    assert before.state.cards[mass] == "the-mass"  # the clone's card list is its own
    assert g.db.get("the-mass~kidnapped") is g.card(mass)
    assert [d["card"] for d in g.view(0)["disasters"]] == ["the-mass~kidnapped"]
    told = [sentence(g, ev, 0) for ev in g.log if ev["e"] == "disaster_copies"]
    assert told == ["The Mass takes on the form of Kidnapped (form 1 of 3)."]  # its printed name, not the copy's
    miz = uid_of(g, "miz-mishtal")
    assert s.characters[miz].off_at == CAPTIVE and lasting.captor_of(g, miz) == mass  # its text, its source
    assert problems(g) == []
    primitives.leave_play(g, s.disasters[mass], "done")  # Discarded (for the test): the copy stays with the card
    assert mass in s.players[0].discard and s.cards[mass] == "the-mass~kidnapped"
    assert s.characters[miz].off_at != CAPTIVE  # its captive is free
    lasting.add(g, mass, 2, [miz], 0, None, s.turn + 5)  # a record of the taken text, still running
    s.players[0].discard.remove(mass)
    s.places[s.grid[(0, 0)]].under.append(mass)
    lasting.as_printed(g, mass)  # what the engine does as it comes into play again
    assert s.cards[mass] == "the-mass"
    assert not [r for r in s.lasting if r.source == mass]  # the taken text's record ended
    assert lasting.copied(g, mass) == OFF


def test_the_mass_passes_over_another_the_mass_in_the_pile() -> None:
    """The most recent Disaster in the pile is another The Mass: it copies the next one down (Largo); with only
    The Masses there, it has nothing to copy (TURN-9's test agrees)."""
    g = game_of(MASS_SETUP.replace("discard: [kidnapped, largo]", "discard: [the-mass, largo]"))
    s = g.state
    mass = next(u for u, c in enumerate(s.cards) if c == "the-mass" and u not in s.players[0].discard)
    assert triggers.can_affect_field(g, mass, 0)
    largo = next(u for u in s.players[0].discard if s.cards[u] == "largo")
    s.players[0].discard.remove(largo)
    assert not triggers.can_affect_field(g, mass, 0)  # only another The Mass there
    s.players[0].discard.insert(0, largo)  # under it: the other The Mass is the most recent
    g.apply("scavenge 0,0")
    assert s.cards[mass] == "the-mass~largo"
