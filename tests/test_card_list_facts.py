"""The facts kept per game's card list (engine/core/statics.py ``per_card_list``): worked out once per list, and
kept for the lists used last, so that a process serving many games at once does not work them out again at
every read (the web server with 100 live games used to clear a cache of 64 lists every few reads)."""

from __future__ import annotations

from collections.abc import Callable

from animayhem.engine.core.statics import LISTS_KEPT, per_card_list


def _reader() -> tuple[dict[int, tuple[list[str], int]], list[int], Callable[[list[str]], int]]:
    cache: dict[int, tuple[list[str], int]] = {}
    made: list[int] = []

    def make(listed: list[str]) -> int:
        made.append(id(listed))
        return len(listed)

    def read(listed: list[str]) -> int:
        return per_card_list(cache, listed, make)

    return cache, made, read


def test_a_fact_is_worked_out_once_per_list() -> None:
    _, made, read = _reader()
    a, b = ["x"], ["y", "z"]
    assert read(a) == 1 and read(b) == 2 and read(a) == 1 and read(b) == 2
    assert made == [id(a), id(b)]
    twin = list(a)  # an equal list is another list (a search's sample): its own facts
    assert read(twin) == 1
    assert len(made) == 3


def test_more_live_games_than_the_old_bound_are_all_kept() -> None:
    _, made, read = _reader()
    games = [[str(i)] for i in range(100)]
    for _ in range(3):  # a server reading each of its 100 games in turn
        for listed in games:
            read(listed)
    assert len(made) == 100


def test_the_oldest_list_goes_first() -> None:
    cache, made, read = _reader()
    lists = [[str(i)] for i in range(LISTS_KEPT)]
    for listed in lists:
        read(listed)
    newcomer = ["new"]
    read(newcomer)
    assert len(cache) == LISTS_KEPT
    assert id(lists[0]) not in cache  # the oldest went
    before = len(made)
    read(lists[1])
    read(newcomer)
    assert len(made) == before  # the others are kept
    read(lists[0])
    assert len(made) == before + 1  # worked out again (and the next oldest went)
    assert id(lists[1]) not in cache
