"""The translations (animayhem/i18n, tools/i18n.py, docs/translations.md): every English message exists in every
language's catalogue with the same placeholders, a seeded game narrated in Spanish has no English left in it,
and the language is chosen from --lang, ANIMAYHEM_LANG, the OS locale or Accept-Language."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from animayhem import i18n
from animayhem.agents import make_agent
from animayhem.decks.starters import starter_decks
from animayhem.engine import DeckList, Game, GameConfig, SeatConfig
from animayhem.engine.faces import narration
from animayhem.rules.ruleset import get_ruleset

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import i18n as i18n_tool  # noqa: E402  (tools/i18n.py)

TRANSLATED = [lang for lang in i18n.languages() if lang != i18n.SOURCE]

# English words that say a sentence was left untranslated (card names are printed in English and stay so:
# they are taken out of a sentence before it is scanned)
ENGLISH = re.compile(
    r"\b(the|and|with|from|into|draws?|plays?|moves?|takes?|against|damage|Health|left|round|turn|Player|"
    r"Scavenges?|Discard(?:ed|s)?|Haven|Location|Item|Disasters?|Characters?|is|are|its|their|nobody)\b"
)


def test_there_is_a_spanish_catalogue() -> None:
    assert "es" in i18n.languages()
    assert i18n.po_path("es").is_file()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_with_the_same_placeholders(lang: str) -> None:
    """The CI check: every key of every English dictionary (engine/faces/messages_en.py) and every ``_()`` string
    of the faces has a translation, not fuzzy, with exactly the English placeholders."""
    problems = i18n_tool.problems(lang)
    assert not problems, f"{len(problems)} message(s) to translate:\n" + "\n".join(map(str, problems))


def test_the_template_is_up_to_date() -> None:
    """The committed .pot is what `tools/i18n.py extract` writes now (an English sentence added, changed or
    removed without running it fails here, naming the messages)."""
    from babel.messages.pofile import read_po

    with i18n.TEMPLATE.open("rb") as fh:
        committed = {(m.context, str(m.id)) for m in read_po(fh) if m.id}
    current = {(m.context, str(m.id)) for m in i18n_tool.template() if m.id}
    new, gone = sorted(current - committed, key=str), sorted(committed - current, key=str)
    assert not new and not gone, (
        f"the template {i18n.TEMPLATE.relative_to(ROOT)} is out of date: run `python tools/i18n.py extract` and "
        f"translate; new: {new[:10]}; gone: {gone[:10]}"
    )


def test_a_missing_translation_is_reported_with_the_key_and_the_fix(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setitem(narration.DICTIONARIES, "EVENTS", {**narration.DICTIONARIES["EVENTS"], "brand_new": "{x} y."})
    found = [p for p in i18n_tool.problems("es") if p.context == "EVENTS|brand_new"]
    assert found
    text = str(found[0])
    assert "messages_en.EVENTS['brand_new']" in text
    assert "tools/i18n.py extract" in text


def test_placeholders_that_differ_are_reported(monkeypatch: Any) -> None:
    real = i18n_tool._read

    def wrong(path: Path, lang: str | None = None) -> Any:
        cat = real(path, lang)
        msg = cat.get("Player {n}", context="WORDS|player")
        msg.string = "Jugador {m}"
        return cat

    monkeypatch.setattr(i18n_tool, "_read", wrong)
    found = [p for p in i18n_tool.problems("es") if p.context == "WORDS|player"]
    assert found and "placeholders differ" in found[0].what


def test_the_check_command_passes() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "i18n.py"), "check"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout + done.stderr


# ---------------------------------------------------------------------- choosing the language


def test_resolve_order() -> None:
    assert i18n.resolve("es", {}) == "es"
    assert i18n.resolve(None, {"ANIMAYHEM_LANG": "es", "LANG": "en_US.UTF-8"}) == "es"
    assert i18n.resolve(None, {"LANG": "es_ES.UTF-8"}) == "es"
    assert i18n.resolve(None, {"LC_ALL": "es_MX", "LANG": "en_US"}) == "es"
    assert i18n.resolve(None, {"LANGUAGE": "fr:es", "LANG": "en_US"}) == "es"
    assert i18n.resolve(None, {"LANG": "C.UTF-8"}) == "en"
    assert i18n.resolve(None, {"LANG": "fr_FR.UTF-8"}) == "en"  # a language not spoken: English
    assert i18n.resolve(None, {}) == "en"
    with pytest.raises(ValueError, match="unknown language"):
        i18n.resolve("xx", {})
    with pytest.raises(ValueError, match="ANIMAYHEM_LANG"):
        i18n.resolve(None, {"ANIMAYHEM_LANG": "klingon"})


def test_negotiate_accept_language() -> None:
    assert i18n.negotiate("es-ES,es;q=0.9,en;q=0.8") == "es"
    assert i18n.negotiate("en-US,en;q=0.9,es;q=0.8") == "en"
    assert i18n.negotiate("fr-FR,es;q=0.5") == "es"
    assert i18n.negotiate("es;q=0") == "en"
    assert i18n.negotiate(None) == "en"


def test_activate_sets_the_language_in_force() -> None:
    import contextvars

    def inside() -> tuple[str, str]:
        i18n.activate("es")
        return i18n.active(), i18n.gettext("Player {n}")

    assert contextvars.copy_context().run(inside)[0] == "es"
    assert i18n.active() == "en"  # the default outside that context


# ---------------------------------------------------------------------- a seeded game in Spanish


def _guia_game(seed: int, players: int) -> Game:
    decks = [d for d in starter_decks().values() if players in d.players]
    seats = tuple(SeatConfig(DeckList.from_deck(decks[i % len(decks)])) for i in range(players))
    g = Game(GameConfig(seats=seats, ruleset=get_ruleset("guia"), seed=seed, max_rounds=15))
    agents = [make_agent("heuristic", seed * 7 + i) for i in range(players)]
    while not g.over:
        s = g.to_move
        assert s is not None
        g.apply(agents[s].choose(g.view(s), g.legal_actions()))
    return g


def _without_names(text: str, names: list[str]) -> str:
    for name in names:
        text = text.replace(name, "·")
    return text


@pytest.fixture(scope="module")
def card_names() -> list[str]:
    from animayhem.cards.database import CardDB

    return sorted({c.name for c in CardDB.bundled().cards}, key=len, reverse=True)


def card_data(g: Game, ev: dict[str, Any]) -> list[str]:
    """The parts of a sentence quoted from the card data, in English until the card texts are translated: a
    Combat card's clause, the clauses a card leaves unexecuted (cards/status.py)."""
    from animayhem.cards.status import status_note

    quoted = [str(ev["clause"])] if ev.get("clause") else []
    card = g.db.ids.get(str(ev.get("card")))
    if card is not None and status_note(card):
        quoted.append(status_note(card))
    return quoted


@pytest.mark.parametrize(("seed", "players"), [(3, 1), (5, 2)])
def test_a_seeded_guia_game_narrated_in_spanish_has_no_english(seed: int, players: int, card_names: list[str]) -> None:
    g = _guia_game(seed, players)
    leftovers, said = [], 0
    for ev in g.log:
        es, missing = narration.render(g, ev, "es")
        assert not missing, f"{ev['e']}: fields missing in Spanish: {missing}"
        said += 1
        scanned = _without_names(_without_names(es, card_data(g, ev)), card_names)
        found = ENGLISH.findall(scanned)
        if found:
            leftovers.append(f"{ev['e']}: {es!r}: {found}")
    assert said > 20
    assert not leftovers, "English words left in Spanish sentences:\n" + "\n".join(leftovers[:20])
    whys = [narration.why(g, ev, None, lang="es") for ev in g.log]
    assert any(w and "Regla:" in w for w in whys)


def test_narration_follows_the_language_in_force() -> None:
    import contextvars

    g = _guia_game(3, 1)
    ev = next(e for e in g.log if e["e"] == "turn_started")

    def spoken() -> str | None:
        i18n.activate("es")
        return narration.sentence(g, ev, None)

    assert contextvars.copy_context().run(spoken) == narration.sentence(g, ev, None, lang="es")
    assert narration.sentence(g, ev, None).startswith("Round")  # English outside
    assert narration.sentence(g, ev, None, lang="es").startswith("Ronda")


# ---------------------------------------------------------------------- the terminal in Spanish

# words of the faces' own English: a table, a prompt or a message left untranslated
TERMINAL_ENGLISH = re.compile(
    r"\b(Player|Health|Haven|Discard(?:ed)?|damage|draws|plays|Round|turn|phase|Hand|pile|Items?|Disasters?|"
    r"Characters?|Location|Scavenge|nobody|against|from|into|not|possible|saved|choose|where|Seed|record|game|"
    r"wins?|Bonked|Destroyed|moved|empty|carries|path|Fight|Set-up|Answer|Done|nothing|happened|Rule|the|and)\b"
)


def _card_words() -> tuple[list[str], set[str]]:
    """Card names (printed in English, they stay so) and every word in them (a name wraps in a table cell)."""
    from animayhem.cards.database import CardDB

    db = CardDB.bundled()
    names = sorted({c.name for c in db.cards}, key=len, reverse=True)
    words = {w for n in names for w in re.findall(r"[A-Za-z'-]+", n)}
    for c in db.cards:  # skills, categories and cards a requirement names: printed words too
        if c.requirements is not None:
            words |= {w for a in c.requirements.atoms() for w in re.findall(r"[A-Za-z'-]+", str(a))}
    return names, words


def test_a_seeded_guia_solitaire_at_the_terminal_in_spanish(tmp_path: Path, monkeypatch: Any) -> None:
    """The quality bar: a seeded solitaire under --ruleset guia --lang es played to its end by scripted keys;
    every event, prompt, `why` and the summary in Spanish."""
    from typer.testing import CliRunner

    from animayhem.cli import play as play_cli
    from animayhem.cli.main import app
    from animayhem.records import record

    monkeypatch.setattr(play_cli.console, "width", 160)
    rec = tmp_path / "partida.json"
    keys = "help\nwhy\n" + "1\n" * 40 + "why\nwhy 1\nlog\nmenu\nxyzzy\n999\n" + "1\n" * 4000
    args = ["play", "--ruleset", "guia", "--lang", "es", "--seed", "3", "--max-rounds", "6", "--plain"]
    res = CliRunner().invoke(app, [*args, "--record", str(rec)], input=keys)
    assert res.exit_code == 0, res.output
    out = res.output
    for spanish in ("Jugador 1>", "Ronda", "La partida ha terminado", "Regla:", "Órdenes:", "Registro de la partida"):
        assert spanish in out, spanish
    game = record.load(rec)
    names, words = _card_words()
    quoted = {q for ev in game.log for q in card_data(game, ev)}  # Combat cards' clauses: card text, English yet
    scanned = out
    for text in sorted(quoted, key=len, reverse=True) + names:
        scanned = scanned.replace(text, "·")
    leftovers = []
    for line in scanned.splitlines():
        kept = " ".join(w for w in re.split(r"(\s+)", line) if w.strip(".,:;()*!?") not in words)
        found = TERMINAL_ENGLISH.findall(kept)
        if found:
            leftovers.append(f"{line.strip()!r}: {found}")
    assert not leftovers, "English left at the Spanish terminal:\n" + "\n".join(leftovers[:30])


# ---------------------------------------------------------------------- cards show in Spanish


def test_cards_show_in_spanish_for_every_implemented_card(monkeypatch: Any) -> None:
    """`cards show ID --lang es` renders every card whose ability the engine executes (in whole or in part)
    with its labels in Spanish and no message missing; the card's own text stays as printed."""
    from rich.console import Console

    from animayhem.cards.database import CardDB
    from animayhem.cards.model import AbilityStatus
    from animayhem.cards.render import card_json, render_card

    db = CardDB.bundled()
    shown = [c for c in db.cards if c.ability_status in (AbilityStatus.IMPLEMENTED, AbilityStatus.PARTIAL)]
    assert len(shown) > 100
    i18n.activate("es")
    console = Console(width=200, record=True, file=io.StringIO())
    bad = []
    for card in shown:
        console.print(render_card(card))
        text = console.export_text()
        labels = [line for line in text.splitlines() if line.strip("│ ").split(":")[0] in _LABEL_WORDS]
        if labels:
            bad.append(f"{card.id}: {labels[:2]}")
        assert "Habilidad:" in text, card.id
        assert card_json(card)["status_lines"][0].startswith("Ability:")  # the JSON stays English (data)
    assert not bad, "English labels in `cards show --lang es`:\n" + "\n".join(bad[:10])


_LABEL_WORDS = {
    "Skills",
    "Grants",
    "Requires",
    "Categories",
    "Gender",
    "Summary",
    "Executed",
    "Ability",
    "Not executed yet",
    "Withheld",
    "Note",
}


def test_cards_show_lang_option() -> None:
    from typer.testing import CliRunner

    from animayhem.cli.main import app

    res = CliRunner().invoke(app, ["cards", "show", "power-pole", "--lang", "es"])
    assert res.exit_code == 0, res.output
    assert "Equipamiento" in res.output and "Habilidad:" in res.output
    res = CliRunner().invoke(app, ["cards", "show", "power-pole", "--lang", "xx"])
    assert res.exit_code == 2
    assert "unknown language" in res.output


def test_a_plural_left_open_is_settled_by_its_number() -> None:
    """A template writes "{n} round(s)"; the sentence shown says "1 round" or "3 rounds", in every language (the
    words between the number and the noun agree too: "3 cartas robadas"), and leaves a "(s)" with no number."""
    assert i18n.polish("The fight ends after 1 round(s).", "en") == "The fight ends after 1 round."
    assert i18n.polish("The fight ends after 3 round(s).", "en") == "The fight ends after 3 rounds."
    assert i18n.polish("Ranma uses it (1 more comeback(s) left)", "en") == "Ranma uses it (1 more comeback left)"
    assert i18n.polish("3 carta(s) robada(s), 1 acción(es)", "es") == "3 cartas robadas, 1 acción"
    assert i18n.polish("2 acción(es) legal(es)", "es") == "2 acciones legales"
    assert i18n.polish("the card(s) it names", "en") == "the card(s) it names"
    assert i18n.polish("seat 1, 2 card(s)", "en") == "seat 1, 2 cards"
