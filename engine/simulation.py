"""What every game's simulator shares: the built-in player's win rate against random players,
its seat rotated from game to game.

A game's `players/simulate.py` supplies `play(players, seed, *, seats=..., **options)`, returning
a result whose first element has `winners` (every seat sharing first place). Pure and
deterministic: the same arguments give the same rate.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Play = Callable[..., tuple[Any, ...]]


def rotated_seats(kind: str, seat: int, players: int, others: str = "random") -> tuple[str, ...]:
    """The player kinds of a table where `seat` is `kind` and every other seat `others`."""
    return tuple(kind if s == seat else others for s in range(players))


def win_rate(
    play: Play, kind: str, games: int, players: int = 4, first_seed: int = 0, **options: Any
) -> float:
    """The share of `games` won by one player of `kind` against random players, its seat rotated
    from game to game (a shared first place counts as a win for each sharer)."""
    wins = 0
    for game in range(games):
        seat = game % players
        result = play(
            players, first_seed + game, seats=rotated_seats(kind, seat, players), **options
        )[0]
        wins += seat in result.winners
    return wins / games
