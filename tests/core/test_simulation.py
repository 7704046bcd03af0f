"""engine/simulation.py: the built-in player's win rate, its seat rotated, for any game's `play`."""

from __future__ import annotations

from dataclasses import dataclass

from engine.simulation import rotated_seats, win_rate


@dataclass(frozen=True)
class _Result:
    winners: tuple[int, ...]


def test_the_seat_of_the_player_measured_turns_with_each_game():
    assert rotated_seats("builtin", 2, 4) == ("random", "random", "builtin", "random")
    tables: list[tuple[str, ...]] = []

    def play(players: int, seed: int, *, seats: tuple[str, ...]) -> tuple[_Result]:
        tables.append(seats)
        return (_Result(winners=(seats.index("builtin"),) if seed % 2 else (1, 2, 3)),)

    # Seeds 10..15: the odd seeds are won by the measured seat; the even ones are shared by
    # seats 1-3, a win for the measured seat when it sits there (seed 12 at seat 2; not seeds 10
    # and 14, at seat 0).
    assert win_rate(play, "builtin", 6, players=4, first_seed=10) == 4 / 6
    assert [t.index("builtin") for t in tables] == [0, 1, 2, 3, 0, 1]
