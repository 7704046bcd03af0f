"""The built-in player against the random one in every game size and on every terrain map: the
win rate, how many games end at the turn limit instead of by VP, and whether every command the
built-in player gave was accepted.

    python -m games.guild_ball.players.versus --games 40 --size 1 --terrain all [--jobs 2]

`--size` is the game size option (0 Introductory, 1 Quick, 2 Typical), `--terrain` a map number
(0 none, 1.. the maps of content/maps.toml), `all` (none and every map in turn) or `maps` (every
map in turn). The built-in player takes seat 0 in even games and seat 1 in odd ones; a draw is no
win. Deterministic: the same arguments print the same lines (but the last, the CPU time),
whatever `--jobs`.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing import Pool

from engine.core.playout import play_out, seat_default, seated
from games.guild_ball.content.maps import load_maps
from games.guild_ball.players.random_player import RandomPlayer
from games.guild_ball.players.simulate import chooser
from games.guild_ball.players.strategy import BuiltinPlayer
from games.guild_ball.rules.commands import Command
from games.guild_ball.rules.context import game_size, turn_limit
from games.guild_ball.rules.evolve import evolve
from games.guild_ball.rules.flow import execute
from games.guild_ball.rules.health import VP_GOAL
from games.guild_ball.rules.pending import pending
from games.guild_ball.rules.setup import create
from games.guild_ball.rules.state import SIZES, GuildBallState

PLAYER_TYPES: dict[str, Callable[[int], BuiltinPlayer | RandomPlayer]] = {
    "builtin": BuiltinPlayer,
    "random": RandomPlayer,
}


@dataclass(frozen=True)
class Outcome:
    """One game between the built-in player and the random one."""

    seed: int
    size: int
    terrain: int
    builtin_seat: int
    winner: int | None  # None for a draw
    vp: tuple[int, int]
    goals: tuple[int, int]
    turns: int
    at_limit: bool  # ended by the turn limit, not by VP
    refused: int  # commands the rules refused (the built-in player's and the random one's)
    builtin_refused: int  # of which the built-in player's


def play_sized(
    seed: int, size: int, terrain: int, seats: tuple[str, str]
) -> tuple[GuildBallState, int, dict[int, int]]:
    """Play one game of `size` on map `terrain` between the player kinds `seats`. Returns the
    final state, the commands refused and the refused commands by seat."""
    bots = seated(PLAYER_TYPES, seats, seed)
    refused_by: dict[int, int] = {0: 0, 1: 0}
    fallback = seat_default(pending)
    choose = chooser(bots, f" in game {seed}")

    def counted(state: GuildBallState, command: Command) -> Command:
        refused_by[command.seat] += 1
        return fallback(state, command)

    options = {"size": size, "terrain": terrain}
    game = play_out(create(2, seed, options), evolve, execute, choose, seed, counted)
    return game.state, game.refused, refused_by


def play_one(job: tuple[int, int, int]) -> Outcome:
    """The built-in player against the random one: game `seed` of `size` on map `terrain`."""
    seed, size, terrain = job
    builtin = seed % 2
    seats = ("builtin", "random") if builtin == 0 else ("random", "builtin")
    state, refused, by_seat = play_sized(seed, size, terrain, seats)
    assert state.result is not None
    a, b = state.teams
    win_vp = game_size(state).victory_points
    return Outcome(
        seed=seed,
        size=size,
        terrain=terrain,
        builtin_seat=builtin,
        winner=state.result.winner,
        vp=(a.vp, b.vp),
        goals=(a.goals, b.goals),
        turns=state.turn,
        at_limit=max(a.vp, b.vp) < win_vp and state.turn >= turn_limit(state),
        refused=refused,
        builtin_refused=by_seat[builtin],
    )


def outcomes(games: int, seed: int, size: int, terrains: list[int], jobs: int = 1) -> list[Outcome]:
    """`games` games on each map of `terrains`, seeds `seed`.. (the same whatever `jobs`)."""
    work = [(seed + g, size, t) for t in terrains for g in range(games)]
    if jobs <= 1:
        return [play_one(w) for w in work]
    with Pool(jobs) as pool:
        return pool.map(play_one, work, chunksize=4)


def summary(results: list[Outcome]) -> str:
    """One line: wins, the turn-limit games, turns, goals and refused commands."""
    n = len(results)
    wins = sum(r.winner == r.builtin_seat for r in results)
    limit = sum(r.at_limit for r in results)
    turns = sum(r.turns for r in results) / n
    goals = sum(r.goals[r.builtin_seat] for r in results) / n
    takeouts = sum(r.vp[r.builtin_seat] - VP_GOAL * r.goals[r.builtin_seat] for r in results) / n
    return (
        f"won {wins}/{n} ({wins / n:.1%}); at the turn limit {limit}; mean {turns:.2f} turns; "
        f"built-in goals {goals:.2f}, take-out VP {takeouts:.2f} a game; refused commands "
        f"{sum(r.builtin_refused for r in results)} built-in, {sum(r.refused for r in results)} "
        "in all"
    )


def main(argv: list[str] | None = None) -> int:
    """Print the built-in player's record against the random one, a line a map."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per map")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--size", type=int, default=1, choices=range(len(SIZES)))
    parser.add_argument("--terrain", default="all", help="a map number, 'all' or 'maps'")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play in")
    args = parser.parse_args(argv)
    maps = load_maps()
    if args.terrain in ("all", "maps"):
        terrains = list(range(0 if args.terrain == "all" else 1, len(maps) + 1))
    else:
        terrains = [int(args.terrain)]
    if args.size == 0:
        terrains = [0]
    start = time.process_time()
    results = outcomes(args.games, args.seed, args.size, terrains, args.jobs)
    names = ["no terrain", *(m.name for m in maps)]
    print(
        f"Built-in against random, {SIZES[args.size]} game, seeds "
        f"{args.seed}..{args.seed + args.games - 1} on each map:"
    )
    for t in terrains:
        print(f"- {names[t]}: " + summary([r for r in results if r.terrain == t]))
    if len(terrains) > 1:
        print("- all: " + summary(results))
    sys.stdout.write(f"({time.process_time() - start:.0f} s CPU in the main process)\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
