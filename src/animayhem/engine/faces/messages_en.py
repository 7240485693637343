"""The English message catalogue: every sentence the narration (engine/faces/narration.py) and the explanations
(engine/faces/explain.py) put together, as ``str.format`` templates with named fields.

A translation is a module with the same four dictionaries (same keys, same field names); register it in
``narration.CATALOGUES``. Keys are an event kind, or ``kind.variant`` where the sentence depends on a field
(``disaster_discarded.expired``). Field names are the event's own fields after card ids became card names,
cells became Location names and seats became "Player N", plus the few phrases named in the template's
renderer (``strikes``, ``riders`` …).
"""

from __future__ import annotations

# ---------------------------------------------------------------------- words used inside sentences

WORDS: dict[str, str] = {
    "player": "Player {n}",
    "and": "{a} and {b}",
    "list_sep": ", ",
    "nobody": "nobody",
    "your": "your",
    "their": "their own",
    "nothing_seen": "none of the cards it looks for",
    "face_down": "a face-down Item",
    "face_down_items": "{count} face-down Items",
    "no_card": "no card",
    "hidden_card": "a face-down card",
    "to_cell": "to {cell}",
    "cell": "{name} ({x},{y})",
    "empty_cell": "{x},{y}",
    "haven_of": "the Haven {name} ({x},{y})",
    "striker": "{card} {attack}",
    "plus": " + ",
    "possessive": "{name}'s",
    "possessive_s": "{name}'",  # a name ending in s
    "whose": "{card} {attack}",
    "dealt": "{card} {attack} deals {dealt}",
    "before_cards": "{value} ({before} before the Combat cards)",
    "attack_is_strike": "{attack} (the total Attack striking it)",
    "guarded": "{defense} + {guards} protecting",
    "guarded_sum": "{defense} + {guards} protecting = {total}",
    "full_attack": "{attack} (an Attack of 5 or more deals its full value)",
    "card_text": '{card} text: "{text}"',
    "its_text": "{card} text",
    "cards_void": "{card} ({why})",
    "not_implemented": " (its text does nothing yet: the engine does not execute it)",
    "partial": " (part of its text is not executed yet: see the card)",
    "partial_named": " (part of its text is not executed yet: {clauses})",
    "withheld_too": "; {withheld}",  # what a card not executed leaves out: its clauses, its withheld numbers
    "printed_only": " (only its printed numbers and skills count: the engine does not execute its text yet)",
    "rules": " ({ids})",
    "because": "{sentence} Rule: {ids}.",
    "summary_ai": "{seat} took {count} decisions.",
    "turn_of": "turn {n}",
}

# ---------------------------------------------------------------------- one sentence per event kind

EVENTS: dict[str, str] = {
    # set-up
    "location_placed": "{seat} places {card} at {xy}.",
    "haven_placed": "{seat} places the Haven {card} at {xy}.",
    "haven_placed.extra": "{seat} builds an extra Haven, {card}, at {xy}.",
    "haven_claimed": "{seat} takes the Location {card} at {xy} as a Haven of their own.",
    "card_sent_home": "{by}: {seat} puts {card}, found there, straight into their Haven.",
    "laid_to_rest": "{by}: {seat} Discards {card} there, and {disaster}, drawn at random from under it, is Discarded.",
    "item_placed": "{seat} puts an Item face down under {cell}.",
    "disasters_placed": "{seat} puts Disasters face down under {cell}.",
    "character_started": "{seat} starts with {card} in the Haven.",
    "character_played": "{seat} plays {card} into the Haven.",
    "hand_drawn": "{seat} draws an opening hand of {count} cards.",
    "setup_done": "Set-up is over: {items} Items lie hidden under the Locations; {first} goes first.",
    # turns
    "turn_started": "Round {round}: {seat} begins turn {number}.",
    "turn_ended": "{seat}'s turn ends.",
    "discarded": "{seat} discards {card}.",
    "card_drawn": "{seat} draws {card}.",
    "card_drawn_hidden": "{seat} draws a card.",
    "disaster_drawn": "{seat} draws the Disaster {card}.",
    "draw_pile_reshuffled": "{seat} shuffles the Discard pile into a new Draw pile of {count} cards.",
    "draw_pile_empty": "{seat}'s Draw pile is empty: no more cards to draw.",
    "bonked_returned": "{card} has recovered and goes back to {seat}'s hand.",
    "bonked_returned.haven": "{card} has recovered and goes back into {seat}'s Haven.",
    "bonked_waits": (
        "{card} has recovered, but {seat} already holds {limit} cards, the most allowed: it stays out of play for now."
    ),
    "bonked_waits.haven": (
        "{card} has recovered, but {seat} already holds {limit} cards, the most allowed: it stays out of play, "
        "and may go straight into the Haven in the Equip phase."
    ),
    # Disasters on the Field
    "disaster_entered": "{card} enters the Field at {cell}.",
    "disaster_moved": "{card} moves to {cell}.",
    "action_aimed": "{seat} Discards {card} to have {disaster} act on {cell} instead.",
    "attack_aimed": "{seat} Discards {card} to aim {disaster}'s attack at {target}, at {cell}: it fights there now.",
    "disaster_reentered": "{card} comes back onto the Field at {cell}.",
    "disaster_off_field": "{card} goes into play Off the Field for {seat}.",
    "disaster_off_field.not_implemented": "{card} goes into play Off the Field for {seat}{not_implemented}.",
    "item_taken": "{card} picks up the Item at {cell}.",
    "item_taken.from_character": "{card} takes an Item from a Character at {cell}.",
    "item_dropped": "An Item drops under {cell}.",
    "cards_dropped": "{count} card(s) drop under {cell}.",
    "cards_dropped.named": "{character} leaves {cards} at {cell}.",
    "item_destroyed": "The Item that {by} carried is Destroyed.",
    "disaster_discarded.exit": "{card} walks off the Field and is Discarded.",
    "disaster_discarded.expired": "{card}'s time is up: it is Discarded.",
    "disaster_discarded.defeated": "{card} is Discarded.",
    "disaster_discarded.met": "{card} has been met and is Discarded.",
    "disaster_discarded.destroyed": "{card} is Destroyed.",
    "disaster_discarded.done": "{card} has done what it does and is Discarded.",
    "disaster_discarded.removed": "A card takes {card} out of play: it is Discarded.",
    "disaster_discarded": "{card} is Discarded ({reason}).",
    "disaster_pulled": "{by} pulls {card} to {cell}.",
    "disaster_allied": "{card} joins {primary} at {cell} as its ally.",
    "ally_freed": "{card} is no longer anyone's ally.",
    "item_stolen": "{card} steals an Item from {character} ({seat}) at {cell}.",
    "item_seized": "{by}: {character} ({seat}) takes an Item from {victim} at {cell}.",
    "disaster_robbed": "{character} ({seat}) steals the Item that {card} carried at {cell}.",
    "disaster_without_effect": "{seat} draws {card}, which has nothing in play to act on, and Discards it.",
    # moving
    "character_moved": "{card} moves from {source} to {dest}.",
    "left_field": "{card} steps off the Field at {point}.",
    "character_entered": "{card} steps onto the Field at {dest}.",
    "returned_to_field": "{card} comes back onto the Field at {point} and goes on to {dest}.",
    "havens_opened": "{card} lets {seat}'s Characters stop in every other player's Haven.",
    "haven_permission.stop.allowed": "{seat} lets {visitor} stop in the Haven at {cell}.",
    "haven_permission.stop.refused": "{seat} does not let {visitor} stop in the Haven at {cell}.",
    "haven_permission.take.allowed": "{seat} lets {visitor} take a card from the Haven at {cell}.",
    "haven_permission.take.refused": "{seat} refuses {visitor} a card from the Haven at {cell}.",
    "haven_defended": "{seat} defends the Haven at {cell} against {visitor}: a fight starts.",
    "card_handed": "{source} hands {card} to {character}.",
    "card_dropped": "{character} drops {card} under {cell}.",
    "card_stored": "{character} stores {card} in the Haven.",
    "card_taken": "{character} takes {card} from the Haven.",
    "transformed": "{card} transforms into {into}.",
    "transformed.forced": "{card} must transform into {into}.",
    "vehicle_moved": "{driver} drives {vehicle} from {source} to {dest}.",
    "vehicle_moved.riders": "{driver} drives {vehicle} from {source} to {dest}, carrying {riders}.",
    # Scavenging
    "scavenge_consent.allowed": "{seat} lets {scavenger} Scavenge {cell}.",
    "scavenge_consent.refused": "{seat} refuses to let {scavenger} Scavenge {cell}.",
    "scavenge_started": "{seat}'s group ({group}) Scavenges {cell}.",
    "scavenge_ended.cleared": "Nothing is left under {cell}: the Scavenge is over.",
    "scavenge_ended.stopped": "{seat} stops Scavenging {cell}.",
    "scavenge_ended.held": "{seat}'s Scavenge of {cell} ends: a card holds every Character of the group.",
    "scavenge_ended.apart": "{seat}'s Scavenge of {cell} ends: kept apart, no part of the group meets its requirement.",
    "scavenge_ended": "{seat}'s Scavenge of {cell} ends.",
    "disaster_revealed": "Scavenging turns up {card} at {cell}.",
    "item_retrieved": "{character} finds the Item {card}.",
    "item_retrieved_hidden": "{character} ({seat}) finds an Item.",
    "card_retrieved": "{character} finds {card}.",
    "location_attacked": (
        "{seat}'s group attacks {location}: {attack} against Defense {defense}, {damage} damage ({health} Health left)."
    ),
    "location_strikes": "{location} strikes {target}: {attack} against Defense {defense}, {damage} damage.",
    # combat with Disasters
    "combat_started": "{card} fights at {cell}.",
    "combat_ended": "The combat with {card} is over.",
    "combat_ended.defeated": "The combat with {card} is over: it is Defeated.",
    "disaster_attacks": "Round {round}: {card} attacks {target}.",
    "combat_round": (
        "Round {round}: {disaster} attacks {target}: {hit}; {strikes}. Combat cards: {disaster_card} and {target_card}."
    ),
    # the phrases of a combat round (engine/faces/narration.py _combat_round): its attack, then the strike back
    "combat_round.hit": "{attack} against Defense {defense}, {target} takes {damage} ({health} Health left)",
    "combat_round.hit.doubled": (
        "{attack} against Defense {defense} makes {base}, doubled ({why}): {target} takes {damage} "
        "({health} Health left)"
    ),
    "combat_round.hit.held": (
        "{attack} against Defense {defense}, but it holds back its attack this round ({why}): {target} takes "
        "{damage} ({health} Health left)"
    ),
    "combat_round.hit.reflected": (
        "{attack} against Defense {defense} makes {base}, turned back on {disaster} ({why}): {target} takes "
        "{damage} ({health} Health left)"
    ),
    "combat_round.hit.spared": (
        "{attack} against Defense {defense}, but a card spares {target} this attack ({why}): it takes {damage} "
        "({health} Health left)"
    ),
    "combat_round.hit.times": (
        "{attack} against Defense {defense} makes {base}, times {factor} ({why}): {target} takes {damage} "
        "({health} Health left)"
    ),
    "combat_round.hit.halved": (
        "{attack} against Defense {defense} makes {base}, halved and rounded down ({why}): {target} takes {damage} "
        "({health} Health left)"
    ),
    "combat_round.hit.stopped": (
        "{attack} against Defense {defense}, but {stopper} stops the attack: {target} takes {damage} ({health} Health "
        "left)"
    ),
    "combat_round.protectors": "; {card} takes {damage} for protecting ({health} Health left)",
    "combat_round.also": "; its attack also hits {card}: {attack} against Defense {defense}, {damage} damage "
    "({health} Health left)",
    "combat_round.second": "; its second attack hits {card}: {attack} against Defense {defense}, {damage} damage "
    "({health} Health left)",
    "combat_round.second.again": "; its second attack hits {card} again: {attack} against Defense {defense}, "
    "{damage} more damage ({health} Health left)",
    "combat_round.moved": "; {damage} of that damage goes to {card} instead ({why})",
    "combat_round.steered.hold": "; none of those other attacks deals damage ({why})",
    "combat_round.steered.halve": "; those other attacks on the running side are halved, rounded down ({why})",
    "combat_round.strikes": "{strikers} strike back: {strike} against Defense {disaster_defense}, {taken}",
    "combat_round.strikes.counted_one": (
        "{strikers} strike back: {strike}, but only {counting} counts ({why}): {counted} against Defense "
        "{disaster_defense}, {taken}"
    ),
    "combat_round.strikes.counted_many": (
        "{strikers} strike back: {strike}, but only {counting} count ({why}): {counted} against Defense "
        "{disaster_defense}, {taken}"
    ),
    "combat_round.strikes.counted_none": ("{strikers} strike back: {strike}, but none of it counts ({why}): {taken}"),
    "combat_round.strikes.separate": (
        "{strikers} strike back, each on its own against Defense {disaster_defense} ({why}): {each}; {taken}"
    ),
    "combat_round.strikes.diverted": (
        "{strikers} strike back: {strike}, but {counted} of it is turned on {victim} ({why}): against Defense "
        "{victim_defense}, {victim_damage} damage ({victim_health} Health left); {disaster} takes none"
    ),
    "combat_round.taken": "{disaster} takes {damage_to_disaster} ({disaster_health} Health left)",
    "combat_round.taken.held": (
        "{disaster} would take {held_from} but holds on: it takes {damage_to_disaster} ({disaster_health} Health left)"
    ),
    "combat_round.taken.reflected": (
        "{disaster} takes {damage_to_disaster}, {reflected} of it its own attack turned back ({disaster_health} "
        "Health left)"
    ),
    "combat_round.taken.least": (
        "{disaster} takes {damage_to_disaster}, at least {least_damage} from a card a striker holds "
        "({disaster_health} Health left)"
    ),
    "combat_round.taken.rally": (
        "{disaster} takes {damage_to_disaster}, {rally} of it more from a striker's card after a friend fell "
        "({disaster_health} Health left)"
    ),
    "combat_round.taken.factored": (
        "{disaster} would take {unfactored_disaster_damage}, times {disaster_damage_factor} ({damage_why}): it "
        "takes {damage_to_disaster} ({disaster_health} Health left)"
    ),
    "combat_round.taken.felled": (
        "{disaster} would take {felled_from}, but any damage fells it ({damage_why}): it takes {damage_to_disaster} "
        "({disaster_health} Health left)"
    ),
    "combat_round.unanswered": "nobody strikes back",
    "vehicle_round": (
        "Round {round}: {disaster} fights {vehicle}: {disaster_attack} against its Defense {vehicle_defense}, "
        "{damage_to_vehicle} damage ({vehicle_health} left); {vehicle_attack} against Defense {disaster_defense}, "
        "{damage_to_disaster} damage ({disaster_health} Health left). Combat cards: {disaster_card} and "
        "{vehicle_card}."
    ),
    "vehicle_destroyed": "{vehicle} ({seat}) is wrecked at {cell} and Discarded.",
    "destroy_resisted": "{card} cannot be Destroyed: it stays where it is.",
    "vehicle_salvaged": "{by} saves {vehicle} ({seat}) from being Destroyed: it stays in play.",
    "rider_hit": "{card} is hurt as the vehicle falls: {damage} damage ({health} Health left).",
    "ran_away": "{seat}'s Characters Run Away in round {round}.",
    "ability_chosen": "{seat} chooses the ability {card} raises, for good: {ability}.",
    "skill_named": "{seat} names the Skill {card} has until its next Equip phase: {skill}.",
    "trap_laid": "{seat} lays {card} on the Location at {cell} as a trap.",
    "trap_sprung": "{card} walks into {trap}: {damage} damage until the turn ends ({health} Health left).",
    "trap_escaped": "{card} walks past {trap} unhurt.",
    "skill_copied": "{seat}'s {card}: {character} takes a copy of {source}'s {skill} for this Scavenge test.",
    "card_lent": "{seat} plays {card}: its bearer may use {lent}, which {holder} carries, for {turns} turns.",
    "item_worth_revealed": "For the final count {card} is turned up: it counts as {worth} Items.",
    "control_taken": "{by}: {seat} controls {rival}'s {card} as one of its own Characters.",
    "control_ended": "{card} is {seat}'s again: {rival} no longer controls it.",
    "character_sent_back": "{card} goes back from {source} to {dest}, where it came from.",
    "ability_trained": (
        "{seat}: a turn in the Haven, {card} raises {character}'s {ability} by {by} for good ({count} of {most} turns)."
    ),
    "retreat_covered": "{card} covers the retreat: the Disaster gets no last attack on {seat}'s Characters.",
    "fight_healed": "{card} heals {healed} damage after the round ({damage} damage left).",
    "scorched": "{card} takes {damage} damage from {by}'s power after the round ({health} Health left).",
    "away_too_long": "{card} ({seat}) has ended {turns} turns in a row away from a Haven and is Bonked.",
    "ran_to": "{seat}'s Characters run to {cell}.",
    "no_escape": "{seat}'s Characters have nowhere to run to and stay.",
    "bonked": "{card} ({seat}) is Bonked.",
    "self_bonk": "{seat} Bonks {card} on purpose.",
    "strayed": "{card} loses the way: sent towards {asked}, it goes to {dest} instead.",
    "disaster_caught": "{character} ({seat}) catches {card}.",
    "killed": "{card} ({seat}) is Killed.",
    "disaster_defeated": "{card} is Defeated.",
    # fights between players
    "fight_started": "A fight breaks out at {cell} between {seats}.",
    "fight_ended.side_out": "The fight at {cell} ends after {rounds} round(s): one side has nobody left.",
    "fight_ended.ran_away": "The fight at {cell} ends after {rounds} round(s): one side Ran Away.",
    "fight_ended.no_attack": "The fight at {cell} ends after {rounds} round(s): nobody attacks any more.",
    "fight_ended.called_off": "The fight at {cell} ends after {rounds} round(s): a card called it off.",
    "fight_ended": "The fight at {cell} ends after {rounds} round(s).",
    "fight_declared.hit": "Round {round}: {card} ({seat}) attacks {target}.",
    "fight_declared.protect": "Round {round}: {card} ({seat}) protects {target}.",
    "fight_card": "{seat} draws {card} for {character}.",
    "combat_card_half": "{card}, {side} half, for {holder} against {opponent}: {clause}",
    "combat_card_half.plain": "{card}, {side} half, for {holder} against {opponent}: {clause}",
    "combat_card_half.held": "{card}, {side} half, for {holder} against {opponent}: its condition holds. {clause}",
    "combat_card_half.otherwise": (
        "{card}, {side} half, for {holder} against {opponent}: the condition of its better clause does not hold."
        " {clause}"
    ),
    "combat_card_half.none": (
        "{card}, {side} half, for {holder} against {opponent}: its condition does not hold, so it does nothing."
    ),
    "combat_card_more": "{card} is drawn for {holder} too ({by}'s text).",
    "fight_hit": (
        "Round {round}: {attackers} hit {target}: {attack} against Defense {defense}, {damage} damage "
        "({health} Health left)."
    ),
    "fight_hit.stopped": (
        "Round {round}: {attackers} hit {target}: {attack} against Defense {defense}, but {stopper} stops the "
        "attack: {damage} damage ({health} Health left)."
    ),
    "fight_hit.flash": (
        "Round {round}: {attackers} hit {target}: {attack} against Defense {defense}; {changed_by} makes it {damage}"
        " damage ({health} Health left)."
    ),
    "fight_hit.reflected": (
        "Round {round}: {attackers} hit {target}: {attack} against Defense {defense}, but {changed_by} turns the"
        " {reflected} damage back on the first attacker ({health} Health left)."
    ),
    "fight_hit.weapons": (
        "Round {round}: {attackers} hit {target}: {attack} against Defense {defense}, but {weapons_harmless} of it "
        "comes from Weapons, which {weapons_harmless_by} makes harmless: {damage} damage ({health} Health left)."
    ),
    "fight_hit.equipment": (
        "Round {round}: {attackers} hit {target}: {attack} against Defense {defense}, {damage} damage ({health} Health"
        " left); {equipment_spared} of it comes from Weapons and, by {equipment_spared_by}, counts against none of its"
        " Equipment."
    ),
    "fight_hit.least": (
        "Round {round}: {attackers} hit {target}: {attack} against Defense {defense}, {damage} damage, at least "
        "{least_damage} from a card an attacker holds ({health} Health left)."
    ),
    "fight_hit.rally": (
        "Round {round}: {attackers} hit {target}: {attack} against Defense {defense}, {damage} damage, {rally} of it "
        "more from an attacker's card after a friend fell ({health} Health left)."
    ),
    "protector_hit": "{card} takes {damage} protecting ({health} Health left).",
    # Power cards
    "power_played": "{seat} plays {card} on {character}.",
    "use_spent": "{character} uses {card} ({left} use(s) left).",
    "destroy_prevented": "{source} keeps {card} from being Destroyed by {by}.",
    "destroy_prevented.item": "{source} keeps an Item from being Destroyed by {by}.",
    "flash_kept": "{seat} keeps a Flash Effect from the hand on {by}.",
    "flash_replayed": "{card} goes back to {seat}'s hand through {by}: it may be played {left} more times.",
    "global_use_spent": "{seat}'s {card} has served once more ({left} use(s) left).",
    "uses_run_out": "{card} has no use left: it leaves {character} for {seat}'s Discard pile.",
    "power_played.not_implemented": "{seat} plays {card} on {character}{not_implemented}.",
    "power_played.printed_only": "{seat} plays {card} on {character}{printed_only}.",
    "power_played.partial": "{seat} plays {card} on {character}{partial}.",
    "energy_paid": "{character} spends {amount} Energy on {card} ({left} left).",
    "energy_waived": "{character} plays {card} without paying its {amount} Energy.",
    "flash_played": "{seat} plays the Flash Effect {card}{paid}{aimed}.",
    "flash_played.paid": ", paid by {payer}",
    "flash_played.aimed": ", on {target}",
    "flash_resolved": "{card} resolves.",
    "flash_resolved.not_implemented": "{card} resolves{not_implemented}.",
    "flash_resolved.partial": "{card} resolves{partial}.",
    "flash_fizzled": "{card} fizzles: its target has left play.",
    "flash_cancelled": "{by} cancels {card}: it is Discarded without doing anything.",
    "back_on_feet": "{by}: {card} ({seat}) falls to 0 Health but stands up at full Health instead of being Bonked.",
    "ability_used": "{character} ({seat}) uses {card}{paid}{left}.",
    "look_made.under": "{character} ({seat}) looks under {cell} with {by}.",
    "look_made.draw": "{character} ({seat}) looks at a card of {of} Draw pile with {by}.",
    "look_made.hand": "{character} ({seat}) looks into {of} hand with {by}.",
    "look_made.carried": "{character} ({seat}) looks at what {target} carries with {by}.",
    "look_made.carried_all": "{character} ({seat}) looks at what {of} Characters carry with {by}.",
    "look_made.stored": "{character} ({seat}) looks at the cards stored in {of} Haven with {by}.",
    "look_made.combat": "{character} ({seat}) looks at the top of {of} Combat pile with {by}.",
    "look_made": "{character} ({seat}) looks at hidden cards with {by}.",
    "charm_reversed.character": "{by} turns the Charm contest around: {character} beats {disaster} instead.",
    "charm_reversed": "{by} turns the Charm contest around: {disaster} beats {character} instead.",
    "charm_contest_reversed.attacker": "{by} turns the Charm contest around: {attacker} beats {target} instead.",
    "charm_contest_reversed": "{by} turns the Charm contest around: {target} beats {attacker} instead.",
    "charm_called_off": "{by} cancels the Charm contest just decided: it has no result.",
    "combat_called_off": "{by} calls off the fight against {card}: it ends at once with no result.",
    "combat_standstill": "The fight against {card} has changed nothing for {rounds} rounds: it ends with no result.",
    "fight_called_off": "{by} calls off the fight at {cell}: it ends at once, before the blows, with no result.",
    "disaster_wounded": "{by} deals {damage} damage to {card} ({health} Health left, counted with this round's blows).",
    "look_foiled": "{source} cancels the look {seat} makes with {by}: nothing is seen.",
    "cards_looked.under": "{by}: under {cell} you see {seen}.",
    "cards_shown": "{seat} calls a parley with {by} and shows every player what lies under {cell}: {seen}.",
    "cards_looked.draw": "{by}: in your Draw pile you see {seen}.",
    "cards_looked.hand": "{by}: in {of} hand you see {seen}.",
    "cards_looked.carried": "{by}: {target} carries {seen}.",
    "cards_looked.carried_all": "{by}: {of} Characters carry {seen}.",
    "cards_looked.stored": "{by}: in {of} Haven you see {seen}.",
    "cards_looked.combat": "{by}: on top of {of} Combat pile you see {seen}.",
    "cards_looked": "{by}: you see {seen}.",
    "cards_reordered.draw": "{by}: your Draw pile's top cards lie in this order now: {seen}.",
    "cards_reordered.swapped": "{by}: the Disaster below {looked_at} at {cell} is now the first to be turned up.",
    "cards_reordered": "{by}: no Disaster lies below {looked_at} at {cell}; the order stays.",
    "ability_used.paid": ", paying {paid}",
    "ability_used.energy": "{energy} Energy",
    "ability_used.health": "by dropping to {health} Health",
    "ability_used.left": " ({left} use(s) left)",
    "card_recovered.hand": "{by} returns {card} from {seat}'s Discard pile to the hand.",
    "card_recovered.haven": "{by} puts {card} from {seat}'s Discard pile into the Haven.",
    "card_recovered.draw": "{by} shuffles {card} from {seat}'s Discard pile into the Draw pile.",
    "card_recovered": "{by} takes {card} back from {seat}'s Discard pile.",
    "card_searched.hand": "{by}: {seat} searches the Draw pile, takes {card} into the hand and shuffles the pile.",
    "card_searched.haven": "{by}: {seat} searches the Draw pile, puts {card} into the Haven and shuffles the pile.",
    "card_searched.play": "{by}: {seat} searches the Draw pile for {card}, puts it into play and shuffles the pile.",
    "card_searched": "{by}: {seat} searches the Draw pile for {card} and shuffles the pile.",
    "card_searched.hand_top": (
        "{by}: {seat} looks through the Draw pile, takes {card} into the hand, shuffles the rest and puts {cards}"
        " back on top."
    ),
    "card_searched_hidden.hand": "{by}: {seat} takes a card from the Draw pile into the hand and shuffles the pile.",
    "card_searched_hidden.haven": "{by}: {seat} puts a card from the Draw pile into the Haven and shuffles the pile.",
    "card_searched_hidden.play": "{by}: {seat} puts a card from the Draw pile into play and shuffles the pile.",
    "card_searched_hidden": "{by}: {seat} searches the Draw pile, takes a card and shuffles the pile.",
    "card_searched_hidden.hand_top": (
        "{by}: {seat} looks through the Draw pile, takes a card into the hand, shuffles the rest and puts {count}"
        " back on top."
    ),
    "cards_pulled": (
        "{by}: {seat} takes {cards} at random from the Draw pile: the Disasters are Discarded, the Items and"
        " Equipment stored in the Haven, the rest go into the hand."
    ),
    "cards_pulled_hidden": "{by}: {seat} takes {count} cards at random from the Draw pile and Discards {disasters}.",
    "cards_pulled_hidden.none": "{by}: {seat} takes {count} cards at random from the Draw pile and keeps them all.",
    "item_grabbed": "{by}: {seat} takes {card} from {character} and stores it in the Haven.",
    "item_grabbed_hidden": "{by}: {seat} takes an Item from {character} and stores it in the Haven.",
    "item_returned": "{by}: {card} leaves {character} and goes back face down under {cell}, where it was found.",
    "energy_banked": "{by}: {card} stays out of the round and banks {amount} Energy ({banked} banked in all).",
    "item_shifted": (
        "{by}: {character} moves an Item face down from under {cell} to under {dest} ({energy} Energy, lost until"
        " its player's next turn)."
    ),
    "item_shifted.none": (
        "{by}: {character} reaches under {cell}, but no Item lies there: nothing goes to {dest} ({energy} Energy,"
        " lost until its player's next turn)."
    ),
    "item_returned_hidden": "{by}: an Item of {character}'s goes back face down under {cell}, where it was found.",
    "turn_to_lose": "{by}: {seat} loses the next turn.",
    "turn_lost": "{seat} loses this turn: no phase is played.",
    "character_revived": "{by} brings {card} back from {seat}'s Discard pile into play, in the Haven.",
    "discard_reshuffled": "{by}: {seat} shuffles {cards} from the Discard pile into the Draw pile.",
    "disaster_item_taken": "{character} ({seat}) takes the Item {disaster} carried.",
    "card_destroyed": "{by} Destroys {card}.",
    "equipment_recycled": "{card} is shuffled into {seat}'s Draw pile instead ({by}).",
    # card effects (the effect language: engine/effects/triggers.py, engine/effects/lasting.py)
    "effect_started": "{card}'s effect takes hold of {characters}.",
    "bout_started": "{card} calls {disaster} back from {seat}'s Discard pile to fight the group at {cell}.",
    "bout_won": "{seat}'s Characters beat {disaster} at {card}: {characters} have +{attack} Attack and +{defense}"
    " Defense for the rest of the game.",
    "bout_empty": "{card}: no Combat Disaster lies in {seat}'s Discard pile to fight at {cell}.",
    "struck_first": "{seat}'s side strikes first ({card}): the blows of {characters} never land, struck down first.",
    "struck_from_afar": (
        "{character} strikes {target} from {distance} Location(s) away with {card}: Attack {attack} against Defense"
        " {defense}, {damage} damage ({health} Health left)."
    ),
    "item_planted": "{seat} puts {card} from the Discard pile face down beneath {cell} ({by}).",
    "powered_up": (
        "{character} sits the round out and powers up through {card}, spending {energy} Energy: its bonus is now"
        " +{attack} Attack and +{defense} Defense until the fight is over."
    ),
    "effect_started.disasters": "{card}'s effect takes hold of {disasters}.",
    "effect_ended": "{card}'s effect ends.",
    "disaster_held": "{card} is held by {by}: it does not {action}.",
    "effect_cancelled": "{by} cancels the effect of {card}: it ends at once.",
    "disaster_overcome": "{seat}'s group has {requirement}: {card} is overcome and does nothing.",
    "disaster_overcome.clause": "{seat}'s group has {requirement}: that part of {card} does nothing.",
    "disaster_in_force": "{card} comes into force for as long as it is in play. {effect}",
    "item_removed.discard": "{by} Discards a face-down Item.",
    "item_removed.destroy": "{by} Destroys a face-down Item.",
    "card_removed.discard": "{by} Discards {card}.",
    "card_removed.destroy": "{by} Destroys {card}.",
    "card_shuffled_into_deck": "{by} shuffles {card} back into {seat}'s Draw pile.",
    "disaster_negated": "{by} is in play: {card} does nothing and leaves play.",
    "disaster_outmatched": "{by} is in play: {card} is Defeated as it comes into play, before it acts.",
    "character_timed_out": "{card} has stayed {turns} turns and leaves play.",
    "character_moved_by_card": "{by} moves {card} from {source} to {dest}.",
    "character_sent_home": "{card} ({seat}) is sent back to the Haven {dest}.",
    "character_healed": "{by} heals {card} ({seat}) to full Health.",
    "uses_restored": "{by} gives {card} all its {uses} uses back.",
    "weapon_reloaded": "{by} reloads the empty {card}: it is back on {character} with all its {uses} uses.",
    "discarded_at_random": "{by}: {seat} Discards {card} from the hand at random.",
    "drawn_disaster_discarded": "{by}: {seat} draws {card}, a Disaster, and Discards it.",
    "hand_reshuffled": "{by}: {seat} shuffles the hand into the Draw pile and draws {count} cards again.",
    "health_damage": "{by} deals {amount} Health damage to {card}.",
    "location_blocked": "{card} blocks {cell}: nobody may Scavenge it.",
    "location_wiped": "{card} Destroys every card at {cell}.",
    "ability_partial": "Part of {card}'s text is not executed yet (see the card).",
    "ability_partial.named": "Part of {card}'s text is not executed yet: {clauses}.",
    "disaster_transformed": "{card} changes form.",
    "kept_out": "{card} keeps {characters} out of play for {turns} turns.",
    "kept_out.while_in_play": "{card} keeps {characters} out of play while it stays in play.",
    "character_captured": "{by} takes {card} ({seat}) captive at {cell}.",
    "character_freed": "{card} ({seat}) is free again: {by} has left play.",
    "enhancements_taken": "{card} takes {enhancements} from {character} and uses them.",
    "disaster_possesses": "{card} takes over {character} ({seat}) and fights on in that body.",
    "undead_risen": "{card} rises again at {cell} as an Undead Disaster on {by}'s side.",
    "card_wished": "{seat} takes {card} from the Draw pile and plays it at once ({by}).",
    "turned_disaster": "{card} ({seat}) is transformed and becomes a Disaster at {cell}.",
    "turned_back": "{card} ({seat}) turns back into a Character.",
    "turned_back.defeated": "{card} ({seat}) is beaten as a Disaster and turns back into a Character.",
    "disaster_recruited": "{by} wins {card} over at {cell}: it is one of {seat}'s Characters from now on.",
    "card_attacks_as_disaster": "{card} leaves {character} ({seat}) and attacks at {cell} as a Disaster.",
    "disaster_copies": "{card} takes on the form of {copies} (form {form} of 3).",
    "disaster_kept": "{by} ({seat}) keeps {card}.",
    "disaster_revived": "{card} is not beaten yet: it comes back at once ({left} more comeback(s) left).",
    "disaster_lies_low": "{card} is not beaten for good: it leaves play and comes back in {turns} turn(s).",
    "disaster_returns": "{card} comes back as a new Disaster.",
    "disaster_joined": "{card} joins {host}.",
    "cards_discarded_face_down": "{by} Discards the {count} face-down card(s) under {cell}.",
    "countdown": "{card} has been under 3 Health for {rounds_under} round(s) ({health} Health left).",
    "disaster_defeated_by_discard": "{seat} Discards a card to Defeat {card}.",
    "disaster_defeated_by_card": "{by}, carried there, Defeats {card} before it acts.",
    "disaster_bribed": "{seat} bribes {card} with a card; it moves on without attacking.",
    "hold_released": "{characters} are freed from {card}: {requirement} is there.",
    "kill_prevented": "{by} keeps {card} ({seat}) from being Killed: it is Bonked instead.",
    "energy_splash": "{card} loses at rock-paper-scissors against {by}'s Energy Attack and takes {damage} damage"
    " (Health {health}).",
    "energy_splash.won": "{card} wins at rock-paper-scissors against {by}'s Energy Attack: no damage.",
    "character_revived_at": "{by} brings {card} ({seat}) back from the Discard pile onto {cell} for {turns} turn(s).",
    "disaster_revived_at": "{by} brings {card} back from the Discard pile onto {cell}; it stays one turn of"
    " its controller's.",
    "revived_left": "{card} ({seat}), brought back for a while, goes back to the Discard pile.",
    "rallied": "{by} falls low beside {card}, who deals {damage} more damage in the next round.",
    "item_won": "{card} ({seat}) beats {disaster} in the Charm contest and takes {item} from it.",
    "values_absorbed": "{source} is Killed beside {card} ({seat}), who gains {gained} for the rest of the game.",
    "regenerating": "{by} takes in {card} ({seat}) instead of its being Killed: it comes back into the Haven in"
    " {turns} turns.",
    "bonk_prevented": "{by} is Discarded instead: {card} ({seat}) is neither Bonked nor Killed.",
    "bonk_warded": "{by} stands with {card} ({seat}): it is neither Bonked nor Killed, and keeps 1 Health.",
    "disaster_summoned": "{card} calls up {summoned} from {seat}'s Draw pile at {cell} ({drawn} cards turned up).",
    "summon_failed": "{card} finds no Combat Disaster in {seat}'s Draw pile ({drawn} cards); the pile is shuffled.",
    "equipment_stolen": "{card} steals {equipment} from {character} at {cell} and runs.",
    "equipment_returned": "{character} gets {equipment} back from the Defeated {card}.",
    "rock_paper_scissors": "{seat} plays rock-paper-scissors against {card} for the {vehicle}: won={won}.",
    "takes_the_blow": "{card} can neither Run Away nor strike back, and nobody strikes for it: it takes the blow.",
    "rock_paper_scissors.won": "{character} plays rock-paper-scissors against {card} and wins.",
    "rock_paper_scissors.lost": "{character} plays rock-paper-scissors against {card} and loses.",
    "rock_paper_scissors.player_won": "{seat} plays rock-paper-scissors against {rival} for {card} and wins.",
    "rock_paper_scissors.player_lost": "{seat} plays rock-paper-scissors against {rival} for {card} and loses.",
    "rock_paper_scissors.won_card": "{seat} plays rock-paper-scissors for {card} and wins.",
    "rock_paper_scissors.lost_card": "{seat} plays rock-paper-scissors for {card} and loses.",
    "disaster_detonates": "{card} blows up at {cell}.",
    "disaster_leaves_for": "{card} leaves play: {because} is in play.",
    "disaster_sets_off": "{card} sets off again.",
    "disaster_waits": "{card} waits at {cell} for {turns} turns.",
    "disaster_pinned": "{by}: {character} holds {card} where it stands, {turns} turns at most.",
    "disaster_released": "{card} is no longer held where it stands.",
    "disaster_breaks_off": "{card} breaks off the fight after round {round}.",
    "disaster_holds_on": "{card} holds on with 1 Health: the strikers' Defense {defense} falls short of {needed}.",
    "disaster_self_destructs": "{card} self-destructs.",
    "location_destroyed": "{by} Destroys the Location {cell}.",
    "vortex": "{card} sends {characters} and {items} face-down Item(s) from {source} to {dest}.",
    "disaster_marked": "{card} marks {disasters}: Defeated, they go back into the Draw pile.",
    "hand_opened": "{card}: {seat} plays with the hand face up for {turns} turns.",
    "global_played": "{seat} plays the Global Effect {card}.",
    "global_played.not_implemented": "{seat} plays the Global Effect {card}{not_implemented}.",
    "global_played.printed_only": "{seat} plays the Global Effect {card}{printed_only}.",
    "global_played.partial": "{seat} plays the Global Effect {card}{partial}.",
    "global_ended": "{seat}'s Global Effect {card} ends.",
    "ability_not_implemented": "{card}{not_implemented}.",
    # Charm Combat
    "charm_contest": (
        "{attacker} charm-attacks {target}: Charm {attacker_charm} against {target_charm}: {outcome}. "
        "Combat cards: {attacker_card} and {target_card}."
    ),
    "charm_contest.win": "{attacker} wins by {margin}",
    "charm_contest.lose": "{target} resists",
    "charm_contest.draw": "a tie, nothing happens",
    "charm_contest.backfire": "{target} wins by {lost_by}, enough to turn it back on {attacker}",
    "charm_contest.broken": "the charm is broken",
    "charm_contest.held": "the charm holds",
    "charm_contest.held.needed": "the charm holds: breaking it needs a win by {needed}",
    "charm_contest.broken.needed": "{attacker} wins by {margin}, at least the {needed} needed: the charm is broken",
    "charmed": "{victim} is Charmed by {charmer}.",
    "charm_broken": "{by} frees {victim} from the charm.",
    "charm_spared": "{disaster} leaves {character} alone until it is struck.",
    "charm_all_lost": (
        "Everyone lost to {disaster}'s charm: it leaves them alone until they attack it, and goes after turn "
        "{leaves_after_turn}."
    ),
    "charm_all_lost.ally": (
        "Everyone lost to the charm of {charmer}, the ally of {disaster}: {disaster} leaves them alone until they "
        "attack it, and goes after turn {leaves_after_turn}."
    ),
    "ally_charmed": "{character} charms {ally}: {primary} fights {character} without its ally's bonus.",
    "charm_command.yield": "{charmer} orders {victim} to hand over an Item.",
    "charm_command.drop": "{charmer} orders {victim} to drop an Item.",
    "charm_command.hold": "{charmer} orders {victim} not to attack it.",
    "charm_command.send": "{charmer} sends {victim} away.",
    "charm_command.decline": "{charmer} gives {victim} no order.",
    "charm_command": "{charmer} gives {victim} an order ({order}).",
    "charm_unanswered.characters": (
        "{strikers} strike {disaster} unanswered: {attack} against Defense {defense}, {damage} damage "
        "({disaster_health} Health left)."
    ),
    "charm_unanswered.disaster": (
        "{disaster} strikes {target} unanswered: {attack} against Defense {defense}, {damage} damage "
        "({target_health} Health left)."
    ),
    # the end
    "dragon_balls_gathered": "{seat} gathers {balls} Dragon Balls at {cell}!",
    "game_over.disasters": (
        "The game is over: {reason}. The Disasters win with {disasters} of {total} Items (players: {players})."
    ),
    "game_over.players": (
        "The game is over: {reason}. {winners} win with {best} of {total} Items (Disasters: {disasters})."
    ),
    "game_over.tie_to_disasters": (
        "The game is over: {reason}. The Disasters and the best player both hold {disasters} of {total} Items, and "
        "the Disasters win ties (players: {players})."
    ),
    "game_over.players_together": (
        "The game is over: {reason}. The players together hold {together} of {total} Items, at least half, so the "
        "Disasters ({disasters}) lose: {winners} win with {best} (players: {players})."
    ),
    "game_over.card": (
        "The game is over: {reason}. {card} settles it: {winners} win (players: {players}; Disasters: {disasters} of"
        " {total} Items)."
    ),
    "game_over.nobody": "The game is over: {reason}. Nobody wins (players: {players}; Disasters: {disasters}).",
}

# how a game can end (game_over's reason), in words
REASONS: dict[str, str] = {
    "end condition": "more than half of the Items are out from under the Locations",
    "no Item left to take": "no Item is left to take",
    "round limit": "the round limit was reached",
    "seven Dragon Balls": "seven Dragon Balls were gathered",
    "no more play": "nothing more can happen",
}

# ---------------------------------------------------------------------- explanations (engine/faces/explain.py)

REFUSALS: dict[str, str] = {
    "game_over": "The game is over: no action is legal.",
    "syntax": "{error}. Actions are written like 'move c3 1,0' or 'done'.",
    "not_yours": "{seat} may not act now: {who} must decide.",
    "not_now": "'{action}' is not possible now: {seat} must {prompt}.",
    "legal": "'{action}' is legal: {seat} may {prompt}.",
    "no_such_card": "There is no card c{uid} on the table.",
    "not_your_character": "{card} is not one of {seat}'s Characters.",
    "bonked": "{card} is Bonked and out of play until it recovers.",
    "off_field": "{card} is not on the Field.",
    "moved": "{card} has already used its Movement this turn.",
    "kept": "{card} may not leave {cell}: {by} keeps it there.",
    "kept_run": "{seat}'s side may not Run Away from {cell}: {by} keeps {card} there, and the side runs together.",
    "no_such_cell": "There is no Location or Haven at {x},{y}.",
    "too_far": "{card} can't reach {cell}: it is {distance} steps away and its Movement left is {movement}.",
    "same_place": "{card} is already at {cell}.",
    "destroyed": "{card} can't stop at {cell}: it is Destroyed.",
    "planetary": ("{card} can't stop at {cell}: it is Planetary and no one in the group has the Planetary symbol."),
    "planetary_every": "{card} can't stop at {cell}: it is Planetary and not everyone in the group has the symbol.",
    "dimensional": "{card} can't stop at {cell}: it is Dimensional and {card} has no Dimensional symbol.",
    "six_cap": "{card} can't go onto the Field: {seat} already has 6 Characters there.",
    "haven_refused": "{card} can't stop in {cell}: its owner refused this phase.",
    "acts_alone": "{card} acts alone (Loner): it moves only on its own, not in a group.",
    "group_apart": "{cards} do not all stand at the same place, so they can't move as one group.",
    "no_characters": "{seat} has no Characters at {cell}.",
    "haven_scavenge": "{cell} is a Haven: Havens can't be Scavenged.",
    "nothing_under": "Nothing is left under {cell} to Scavenge.",
    "ran_away": "{seat}'s group at {cell} Ran Away this turn and may not Scavenge again until the next turn.",
    "scavenged": "{seat}'s group at {cell} has already Scavenged this turn.",
    "disaster_here": "{disaster} stands at {cell}: the group must fight it before Scavenging.",
    "requirement": "{seat}'s group at {cell} does not meet its requirement: {requirement}.",
    "requirement_remain": "{seat}'s group at {cell} does not meet its requirement: {requirement}. It has stayed "
    "there {stayed} of the {turns} turns (each of {seat}'s turns that ends with it there counts, the turn it came "
    "included).",
    "defense": "{seat}'s group at {cell} has Attack {attack}, not more than its Defense {defense}.",
    "defense_apart": (
        "{seat}'s Characters at {cell} do not all act together (one acts alone): the most Attack they bring at once "
        "is {attack}, not more than its Defense {defense}."
    ),
    "worn": (
        "{seat}'s group must first wear the Defense {defense} of {cell} down to 0 with assaults: worn by {worn} so "
        "far, {left} to go."
    ),
    "destroyed_scavenge": "{cell} is Destroyed: nobody may Scavenge it.",
    "once_per_turn": "{seat} has already Scavenged this turn: only one Scavenge a turn.",
    "wrong_phase": "It is the {phase} phase: '{verb}' belongs to another decision.",
}

# the decision being asked, in words, by its kind (the Decision's prompt is used when a kind has none)
DECISIONS: dict[str, str] = {
    "move": "move Characters, handle cards in the Haven, then say done",
    "scavenge": "choose a Location to Scavenge, or say done",
    "combat": "Run Away or choose who strikes",
    "use_choice": "choose what the ability is used on",
    "runto": "choose where the Characters run to",
}
