"""Founders' Town's part of the command line: what `guildmaster simulate --game town` plays and
prints. The game adds no subcommand of its own."""

from __future__ import annotations

import argparse
import json
from typing import Any

from games.town.rules.cards import CATEGORIES


def add_commands(sub: Any) -> None:
    """Founders' Town has no subcommand of its own."""


def add_simulate_options(parser: argparse.ArgumentParser, output: Any) -> None:
    """Founders' Town has no simulate option of its own."""


def play_one(job: tuple[int, int, tuple[str, ...]]) -> Any:
    """One simulated game (a process pool's unit of work)."""
    from games.town.players.simulate import play

    players, seed, seats = job
    return play(players, seed, seats=seats)[0]


def simulate(args: argparse.Namespace, seats: tuple[str, ...], pool: Any) -> int:
    """Play `args.games` games and print each one's ranking and the totals (or --json)."""
    jobs = [(args.players, args.seed + i, seats) for i in range(args.games)]
    results = pool(play_one, jobs)
    wins = [0] * args.players
    for r in results:
        wins[r.winner] += 1
    totals = {
        "games": len(results),
        "players": args.players,
        "seats": list(seats),
        "wins": wins,
        "mean_categories_won": [
            round(sum(r.won[s] for r in results) / len(results), 2) for s in range(args.players)
        ],
        "mean_points": [
            round(sum(r.scores[s] for r in results) / len(results), 2) for s in range(args.players)
        ],
        "mean_turns": round(sum(r.turns for r in results) / len(results), 1),
        "refused_commands": sum(r.refused for r in results),
    }
    if args.json:
        games = [
            {
                "seed": r.seed,
                "ranking": list(r.ranking),
                "won": list(r.won),
                "scores": list(r.scores),
                "turns": r.turns,
                "end": r.reason,
                "commands": r.commands,
                "refused": r.refused,
                "events": r.events,
            }
            for r in results
        ]
        print(json.dumps({"games": games, "totals": totals}, indent=2))
        return 0
    for i, r in enumerate(results, 1):
        won = " ".join(f"{w:>2}" for w in r.won)
        print(
            f"game {i:>4}  seed {r.seed:<8} turns {r.turns:>3}  categories won {won}  "
            f"winner player {r.winner + 1} ({r.reason})"
        )
    print(f"{len(results)} games, {args.players} players, {len(CATEGORIES)} categories")
    for s in range(args.players):
        print(
            f"  player {s + 1}  wins {wins[s]:>5}  mean categories won "
            f"{totals['mean_categories_won'][s]:>5.2f}  mean points "
            f"{totals['mean_points'][s]:>6.2f}  ({seats[s]})"
        )
    print(
        f"  mean turns per game {totals['mean_turns']}, refused commands "
        f"{totals['refused_commands']}"
    )
    return 0
