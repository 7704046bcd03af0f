"""Built-in players' speed: complete games per second on one core, side by side in one run.

    python bench/players_speed.py [--games N] [--warmup N]

Whole games between four built-in (strategic) players, then the same number between four random
players, as games per second of CPU time of this one process (other work on a shared machine does
not count). The built-in player's odds come from tables cached per process (`dice_math`), so the
first games of a process are slower: the warm-up games are timed apart. Also reported: the share
of the time spent choosing (the players) against the rules engine. Aim: 20 or more 4-player
games per second with built-in players.
"""

from __future__ import annotations

import argparse
import time

from bot.progress import progress
from games.guild_master.players import simulate
from games.guild_master.players.simulate import play
from games.guild_master.players.strategy import StrategicPlayer


def rate(players: int, kind: str, seeds: range) -> float:
    start = time.process_time()
    for seed in progress(seeds, what=kind, unit=" games"):
        result, _, _ = play(players, seed, seats=(kind,) * players)
        assert result.refused == 0 or kind == "random"
    return len(seeds) / (time.process_time() - start)


def choosing_share(seeds: range) -> float:
    """The part of a built-in game's CPU time spent in the players' answers."""
    spent = 0.0
    answer = StrategicPlayer.answer

    def timed(self, state, decision):  # type: ignore[no-untyped-def]
        nonlocal spent
        start = time.process_time()
        try:
            return answer(self, state, decision)
        finally:
            spent += time.process_time() - start

    StrategicPlayer.answer = timed  # type: ignore[method-assign]
    try:
        start = time.process_time()
        for seed in progress(seeds, what="choosing", unit=" games"):
            simulate.play(4, seed, seats=("builtin",) * 4)
        total = time.process_time() - start
    finally:
        StrategicPlayer.answer = answer  # type: ignore[method-assign]
    return spent / total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--warmup", type=int, default=20)
    args = parser.parse_args()
    first = rate(4, "builtin", range(50_000, 50_000 + args.warmup))
    print(f"first {args.warmup} 4-player games of the process (caches filling): {first:.1f}/s")
    seeds = range(60_000, 60_000 + args.games)
    for players in (4, 3, 2):
        builtin = rate(players, "builtin", seeds)
        random = rate(players, "random", seeds)
        print(
            f"{players}-player games: built-in players {builtin:6.1f}/s, random players "
            f"{random:6.1f}/s on one core (built-in / random = {builtin / random:.2f})"
        )
    share = choosing_share(range(70_000, 70_000 + args.games // 4))
    print(f"built-in 4-player games: {share * 100:.0f}% of the CPU time is the players choosing")


if __name__ == "__main__":
    main()
