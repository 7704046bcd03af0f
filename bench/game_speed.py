"""A game's rules engine speed: whole games per second of CPU time, on one core.

    python bench/game_speed.py --game G [--games N] [--players P] [--seats KIND] [--repeat R]

Each game is played by the game's own simulator (`games/<game>/players/simulate.py`, `play`)
from set-up to the final scoring: every decision is decided, every event folded. `--seats`
names the player of every seat (`random` by default, as the conformance suite plays; `builtin`
for the strategic player, whose games are as long as people's). CPU time, not wall time, so
other work on a shared machine does not count, and of each game alone, so the progress bar
(standard error, on a terminal) is not counted; the best of `--repeat` runs is reported, as
the least disturbed. Aim: at least 300 four-player random games per second.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from importlib import import_module

import games
from bot.progress import progress
from engine.core import registry

TARGET = 300.0


def run(
    game: str, games_: int, players: int, seats: str, first_seed: int = 10_000
) -> tuple[float, float, float, float]:
    """Games per CPU second, and the mean commands, events and rounds per game."""
    play = import_module(f"{games.package(game)}.players.simulate").play
    commands = events = rounds = 0
    elapsed = 0.0
    seeds = range(first_seed, first_seed + games_)
    for seed in progress(seeds, what=f"{game}, {seats} players", unit=" games"):
        # Each game's CPU time alone: the progress bar draws between games, outside it.
        start = time.process_time()
        result, _, _ = play(players, seed, seats=(seats,) * players)
        elapsed += time.process_time() - start
        commands += result.commands
        events += result.events
        rounds += getattr(result, "rounds", 0)
    return games_ / elapsed, commands / games_, events / games_, rounds / games_


def main(argv: list[str] | None = None) -> int:
    games.load_builtin()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=registry.names())
    parser.add_argument("--games", type=int, default=300, help="games per run (default 300)")
    parser.add_argument("--players", type=int, default=4, help="players per game (default 4)")
    parser.add_argument("--seats", default="random", help="the player of every seat")
    parser.add_argument("--repeat", type=int, default=3, help="runs; the best counts (default 3)")
    args = parser.parse_args(argv)
    command = shlex.join(
        ["python", "bench/game_speed.py", *(argv if argv is not None else sys.argv[1:])]
    )
    runs = [run(args.game, args.games, args.players, args.seats) for _ in range(args.repeat)]
    rate, commands, events, rounds = max(runs)
    title = registry.get(args.game).title
    print(f"$ {command}")
    print(
        f"{title}, {args.players} {args.seats} players: {rate:.0f} games per CPU second "
        f"(best of {args.repeat} runs of {args.games} games; runs: "
        f"{', '.join(f'{r[0]:.0f}' for r in runs)}); {commands:.0f} commands, "
        f"{events:.0f} events" + (f" and {rounds:.1f} rounds" if rounds else "") + " per game; "
        f"{rate * commands:.0f} commands per CPU second."
    )
    if args.seats == "random" and args.players == 4:
        verdict = "meets" if rate >= TARGET else "misses"
        print(f"Target: {TARGET:.0f} random four-player games per second per core — {verdict} it.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
