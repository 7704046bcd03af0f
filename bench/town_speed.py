"""Founders' Town speed: whole random games per second of CPU time, on one core.

    python bench/town_speed.py [--games N] [--players P] [--repeat R]

Each game is played by random players (`games.town.players.simulate.play`) from set-up to the
Victory Calculation: every decision is decided, every event folded. CPU time, not wall time, so
other work on a shared machine does not count; the best of `--repeat` runs is reported, as the
least disturbed. Aim: at least 300 four-player games per second.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time

from bot.progress import progress
from games.town.players.simulate import play

TARGET = 300.0


def run(games: int, players: int, first_seed: int = 10_000) -> tuple[float, float, float]:
    """Games per CPU second, and the mean commands and events per game."""
    commands = events = 0
    start = time.process_time()
    for seed in progress(range(first_seed, first_seed + games), unit=" games"):
        result, _, _ = play(players, seed)
        commands += result.commands
        events += result.events
    elapsed = time.process_time() - start
    return games / elapsed, commands / games, events / games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per run (default 300)")
    parser.add_argument("--players", type=int, default=4, help="players per game (default 4)")
    parser.add_argument("--repeat", type=int, default=3, help="runs; the best counts (default 3)")
    args = parser.parse_args(argv)
    command = shlex.join(
        ["python", "bench/town_speed.py", *(argv if argv is not None else sys.argv[1:])]
    )
    runs = [run(args.games, args.players) for _ in range(args.repeat)]
    rate, commands, events = max(runs)
    print(f"$ {command}")
    print(
        f"Founders' Town, {args.players} random players: {rate:.0f} games per CPU second "
        f"(best of {args.repeat} runs of {args.games} games; runs: "
        f"{', '.join(f'{r[0]:.0f}' for r in runs)}); "
        f"{commands:.0f} commands and {events:.0f} events per game."
    )
    verdict = "meets" if rate >= TARGET else "misses"
    print(f"Target: {TARGET:.0f} games per second per core — {verdict} it.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
