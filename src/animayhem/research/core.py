"""What the adapters share: a game from simple options, and the integers of the current decision."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from animayhem.agents.simulate import legal_starters
from animayhem.decks.starters import find_starter
from animayhem.engine.core.actions import parse_action
from animayhem.engine.core.config import DeckList, GameConfig, Layout, SeatConfig
from animayhem.engine.faces.views import known_cards, usual_cards
from animayhem.engine.game import Game
from animayhem.research import encoding
from animayhem.rules.ruleset import get_ruleset


class OptionsError(ValueError):
    """Options that make no game (unknown deck or preset, a bad seat count); the message says which."""


def make_config(
    players: int = 1,
    decks: Sequence[str] | None = None,
    ruleset: str = "classic",
    layout: str = "grid",
    seed: int = 0,
    max_rounds: int = 150,
) -> GameConfig:
    """A game config from names: ``decks`` are starter decks (one for all, or one per seat; default: the
    starters legal for the player count, in rotation)."""
    if not 1 <= players <= 5:
        raise OptionsError(f"players must be 1 to 5, not {players}")
    if layout not in ("grid", "lines"):
        raise OptionsError(f"layout must be 'grid' or 'lines', not {layout!r}")
    try:
        rules = get_ruleset(ruleset)
    except ValueError as exc:
        raise OptionsError(str(exc)) from exc
    names = list(decks or [])
    if not names:
        pool = legal_starters(players)
        if not pool:
            raise OptionsError(f"no starter deck is legal for {players} players: name decks")
        names = [pool[k % len(pool)] for k in range(players)]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise OptionsError(f"give one deck, or one per seat ({players}), not {len(names)}")
    seats = []
    for k, name in enumerate(names):
        deck = find_starter(name)
        if deck is None:
            raise OptionsError(f"unknown starter deck {name!r}")
        seats.append(SeatConfig(deck=DeckList.from_deck(deck), name=f"seat {k}"))
    if max_rounds < 1:
        raise OptionsError(f"max_rounds must be at least 1, not {max_rounds}")
    lay: Layout = "lines" if layout == "lines" else "grid"
    return GameConfig(seats=tuple(seats), ruleset=rules, layout=lay, seed=seed, max_rounds=max_rounds)


def hidden_of(game: Game, view: dict[str, Any]) -> tuple[set[int], encoding.HiddenKey | None]:
    """The instances the decision's actions name that ``view``'s seat may not name, and the order key for
    them (keyed on the whole state, which that seat cannot compute)."""
    named = usual_cards(view)
    hidden = {u for a in game.legal_actions() for u in parse_action(a).cards if u not in named}
    if hidden:  # some card outside the usual places: ask the full walk of the view
        full = known_cards(view)
        hidden = {u for u in hidden if u not in full}
    return hidden, (encoding.hidden_key(game.state_hash()) if hidden else None)


def legal_codes(game: Game, view: dict[str, Any] | None = None) -> dict[int, str]:
    """The current decision's actions by integer (empty when the game is over)."""
    seat = game.to_move
    if seat is None:
        return {}
    v = view if view is not None else game.view(seat)
    actions = game.legal_actions()
    hidden, key = hidden_of(game, v)
    return dict(zip(encoding.encode(actions, hidden, key), actions, strict=True))
