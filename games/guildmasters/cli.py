"""Guildmasters' part of the command line: what `guildmaster simulate --game guildmasters` plays
and prints. The game adds no subcommand and no simulate option of its own."""

from __future__ import annotations

import argparse
import json
from typing import Any


def add_commands(sub: Any) -> None:
    """Guildmasters has no subcommand of its own."""


def add_simulate_options(parser: argparse.ArgumentParser, output: Any) -> None:
    """Guildmasters has no simulate option of its own."""


def play_one(job: tuple[int, int, tuple[str, ...]]) -> Any:
    """One simulated game (a process pool's unit of work)."""
    from games.guildmasters.players.simulate import play

    players, seed, seats = job
    return play(players, seed, seats=seats)[0]


def simulate(args: argparse.Namespace, seats: tuple[str, ...], pool: Any) -> int:
    """Play `args.games` games and print each one's prestige and the totals (or --json)."""
    jobs = [(args.players, args.seed + i, seats) for i in range(args.games)]
    results = pool(play_one, jobs)
    n = len(results)
    wins = [sum(s in r.winners for r in results) for s in range(args.players)]
    totals = {
        "games": n,
        "players": args.players,
        "seats": list(seats),
        "wins": wins,
        "mean_prestige": [
            round(sum(r.totals[s] for r in results) / n, 2) for s in range(args.players)
        ],
        "mean_quests": [
            round(sum(r.quests[s] for r in results) / n, 2) for s in range(args.players)
        ],
        "mean_game_turns": round(sum(r.rounds for r in results) / n, 1),
        "refused_commands": sum(r.refused for r in results),
    }
    if args.json:
        games = [
            {
                "seed": r.seed,
                "ranking": list(r.ranking),
                "winners": list(r.winners),
                "prestige": list(r.totals),
                "quests": list(r.quests),
                "game_turns": r.rounds,
                "commands": r.commands,
                "refused": r.refused,
                "events": r.events,
            }
            for r in results
        ]
        print(json.dumps({"games": games, "totals": totals}, indent=2))
        return 0
    for i, r in enumerate(results, 1):
        prestige = " ".join(f"{t:>3}" for t in r.totals)
        winners = " and ".join(f"guild {s + 1}" for s in r.winners)
        print(
            f"game {i:>4}  seed {r.seed:<8} game turns {r.rounds:>2}  prestige {prestige}  "
            f"winner {winners}"
        )
    print(f"{n} games, {args.players} players")
    for s in range(args.players):
        print(
            f"  guild {s + 1}  wins {wins[s]:>5}  mean prestige {totals['mean_prestige'][s]:>6.2f}"
            f"  mean quests {totals['mean_quests'][s]:>5.2f}  ({seats[s]})"
        )
    print(
        f"  mean game turns per game {totals['mean_game_turns']}, refused commands "
        f"{totals['refused_commands']}"
    )
    return 0
