"""Guild Ball's part of the command line: what `guildmaster simulate --game guild-ball` plays and
prints. The game adds no subcommand and no simulate option of its own."""

from __future__ import annotations

import argparse
import json
from typing import Any


def add_commands(sub: Any) -> None:
    """Guild Ball has no subcommand of its own."""


def add_simulate_options(parser: argparse.ArgumentParser, output: Any) -> None:
    """Guild Ball has no simulate option of its own."""


def play_one(job: tuple[int, int, tuple[str, ...]]) -> Any:
    """One simulated game (a process pool's unit of work)."""
    from games.guild_ball.players.simulate import play

    players, seed, seats = job
    return play(players, seed, seats=seats)[0]


def simulate(args: argparse.Namespace, seats: tuple[str, ...], pool: Any) -> int:
    """Play `args.games` games and print each one's VP and goals and the totals (or --json)."""
    jobs = [(args.players, args.seed + i, seats) for i in range(args.games)]
    results = pool(play_one, jobs)
    n = len(results)
    players = args.players
    wins = [sum(r.winners == (s,) for r in results) for s in range(players)]
    totals = {
        "games": n,
        "players": players,
        "seats": list(seats),
        "wins": wins,
        "draws": sum(len(r.winners) != 1 for r in results),
        "mean_vp": [round(sum(r.vp[s] for r in results) / n, 2) for s in range(players)],
        "mean_goals": [round(sum(r.goals[s] for r in results) / n, 2) for s in range(players)],
        "mean_turns": round(sum(r.rounds for r in results) / n, 1),
        "refused_commands": sum(r.refused for r in results),
    }
    if args.json:
        games = [
            {
                "seed": r.seed,
                "winners": list(r.winners),
                "vp": list(r.vp),
                "goals": list(r.goals),
                "turns": r.rounds,
                "commands": r.commands,
                "refused": r.refused,
                "events": r.events,
            }
            for r in results
        ]
        print(json.dumps({"games": games, "totals": totals}, indent=2))
        return 0
    for i, r in enumerate(results, 1):
        vp = " ".join(f"{v:>2}" for v in r.vp)
        winner = f"team {r.winners[0] + 1}" if len(r.winners) == 1 else "draw"
        print(f"game {i:>4}  seed {r.seed:<8} turns {r.rounds:>2}  VP {vp}  winner {winner}")
    print(f"{n} games, {players} teams, {totals['draws']} draws")
    for s in range(players):
        print(
            f"  team {s + 1}  wins {wins[s]:>5}  mean VP {totals['mean_vp'][s]:>5.2f}"
            f"  mean goals {totals['mean_goals'][s]:>4.2f}  ({seats[s]})"
        )
    print(
        f"  mean turns per game {totals['mean_turns']}, refused commands "
        f"{totals['refused_commands']}"
    )
    return 0
