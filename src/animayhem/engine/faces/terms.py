"""The game's terms every face names in words: phases, the kinds of decision (the question asked) and the
groups of actions at the prompt, in the language in force (animayhem.i18n; ``lang`` overrides it).

English reads the engine's own prompt (it names the cards: "Toma attacks Nene: run, or strike with whom");
another language says the decision's kind in its words, with the cards it names shown by the menu and the
combat panel, since the engine's prompts are English text made inside the procedures. Every string here is a
literal ``pgettext`` call so that ``tools/i18n.py extract`` finds it.
"""

from __future__ import annotations

from animayhem.cards.requirements import AnyElement, Compare, CountIn, GroupSize, Requirement, Special, Term
from animayhem.i18n import SOURCE, chosen, pgettext


def phase(name: str, lang: str | None = None) -> str:
    """A turn's phase (state.phase) in words (English: the engine's own name, ``move``)."""
    code = chosen(lang)
    words = {
        "setup": pgettext("phase", "setup", code),
        "discard": pgettext("phase", "discard", code),
        "reload": pgettext("phase", "reload", code),
        "maintenance": pgettext("phase", "maintenance", code),
        "equip": pgettext("phase", "equip", code),
        "move": pgettext("phase", "move", code),
        "scavenge": pgettext("phase", "scavenge", code),
        "end": pgettext("phase", "end", code),
    }
    return words.get(name, name)


def group(name: str, lang: str | None = None) -> str:
    """A group of actions at the prompt (cli/table.py VERB_GROUPS) in words."""
    code = chosen(lang)
    words = {
        "Set-up": pgettext("actions", "Set-up", code),
        "Move": pgettext("actions", "Move", code),
        "Cards": pgettext("actions", "Cards", code),
        "Scavenge": pgettext("actions", "Scavenge", code),
        "Fight": pgettext("actions", "Fight", code),
        "Answer": pgettext("actions", "Answer", code),
        "Done": pgettext("actions", "Done", code),
        "Other": pgettext("actions", "Other", code),
    }
    return words.get(name, name)


def question(kind: str, prompt: str, lang: str | None = None) -> str:
    """The question a decision asks: the engine's prompt in English, the kind's question in another language."""
    code = chosen(lang)
    if code == SOURCE:
        return prompt
    words = {
        "place": pgettext("decision", "place a Location on the Field", code),
        "line": pgettext("decision", "choose the next Location of your line", code),
        "haven": pgettext("decision", "place your Haven", code),
        "item": pgettext("decision", "put an Item face down under a Location", code),
        "disasters": pgettext("decision", "put Disasters face down under a Location", code),
        "start": pgettext("decision", "choose your starting Characters", code),
        "discard": pgettext("decision", "discard the cards you do not want, then done", code),
        "equip": pgettext("decision", "play Characters into your Haven and Power cards, then done", code),
        "move": pgettext("decision", "move Characters, handle cards in the Haven, then done", code),
        "scavenge": pgettext("decision", "choose a Location to Scavenge, or done", code),
        "combat": pgettext("decision", "a Disaster attacks: Run Away, or choose who strikes", code),
        "protect": pgettext("decision", "who protects the attacked Character", code),
        "fight_run": pgettext("decision", "fight on, or Run Away", code),
        "declare": pgettext("decision", "choose whom each Character attacks or protects", code),
        "runto": pgettext("decision", "where your Characters run to", code),
        "scavenge_consent": pgettext("decision", "may another group Scavenge this Location with you?", code),
        "permission": pgettext("decision", "may another player's Character use your Haven?", code),
        "scavenge_more": pgettext("decision", "turn up the next Disaster, or stop", code),
        "give": pgettext("decision", "which Character takes the Item", code),
        "charm_break": pgettext("decision", "try to break the charm, or not", code),
        "charm_command": pgettext("decision", "the Character is Charmed: give it one order", code),
        "charm_open": pgettext("decision", "charm-attack one of their Characters, or decline", code),
        "flash_answer": pgettext("decision", "answer with a Flash Effect, or pass", code),
        "window": pgettext("decision", "pass, or play a card now", code),
        "flee": pgettext("decision", "one full move before anyone attacks", code),
        "draw": pgettext("decision", "use a card in your Draw phase, or done", code),
        "use_choice": pgettext("decision", "choose what the card's ability is used on", code),
    }
    return words.get(kind, prompt)


def requirement(req: Requirement | None, lang: str | None = None) -> str:
    """A Location's requirement in words: the skills, categories and cards as printed, the words between them in
    the language (``Hunter or Survival x2`` -> ``Hunter o Survival x2``)."""
    code = chosen(lang)
    if req is None:
        return pgettext("requirement", "no requirement", code)
    if code == SOURCE:
        return str(req)
    return pgettext("requirement", " or ", code).join(
        pgettext("requirement", " & ", code).join(_term(t, code) for t in alt.terms) for alt in req.alternatives
    )


def _term(term: Term, code: str) -> str:
    match term:
        case Compare(ability=ability, op=op, value=value, who=who):
            name = ability_name(ability, code)
            said = f"{name} {value}+" if op == ">=" and who is None else f"{name} {op} {value}"
            if who is not None:
                return pgettext("requirement", "{who} with {ability}", code).format(who=who, ability=said)
            return said
        case AnyElement():
            return pgettext("requirement", "Any Element", code)
        case GroupSize(n=n):
            return pgettext("requirement", "Group of at least {n} Characters", code).format(n=n)
        case CountIn(n=n, who=who, what=what):
            return pgettext("requirement", "Any {n} {who} in {what}", code).format(n=n, who=who, what=what)
        case Special(name="remain_turns", value=value):
            return pgettext("requirement", "remain on Location for {n} turns", code).format(n=value)
        case Special():
            return pgettext("requirement", "ability to pierce Illusions", code)
        case _:
            return str(term)


def ability_name(ability: str, lang: str | None = None) -> str:
    """An ability (``attack``, ``defense``, ``movement``, ``charm``, ``energy``) by its printed name."""
    code = chosen(lang)
    words = {
        "attack": pgettext("ability", "Attack", code),
        "defense": pgettext("ability", "Defense", code),
        "movement": pgettext("ability", "Movement", code),
        "charm": pgettext("ability", "Charm", code),
        "energy": pgettext("ability", "Energy", code),
        "health": pgettext("ability", "Health", code),
    }
    return words.get(ability.lower(), ability.capitalize())


def syntax_error(text: str, error: Exception | str, lang: str | None = None) -> str:
    """Why typed text is not an action: the parser's own words in English, a plain sentence in another language
    (the parser names the known verbs, which stay English: they are what is typed)."""
    code = chosen(lang)
    if code == SOURCE:
        return str(error)
    return pgettext(
        "syntax", "{text} is not an action (the actions are listed by 'menu'; 'help' says more)", code
    ).format(text=repr(text[:40]))
