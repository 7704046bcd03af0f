"""Guildmasters' part of the command line: what `guildmaster simulate --game guildmasters`
prints. The game adds no subcommand and no simulate option of its own."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from bot.cli import columns, mean, per_seat, show_simulated

# A game's own fields in --json, and the result's attribute each shows.
FIELDS = {
    "ranking": "ranking",
    "winners": "winners",
    "prestige": "totals",
    "quests": "quests",
    "game_turns": "rounds",
}


def simulate(args: argparse.Namespace, seats: tuple[str, ...], results: Sequence[Any]) -> int:
    """Print each game's prestige and the totals (or --json)."""
    wins = [sum(s in r.winners for r in results) for s in range(args.players)]
    prestige = per_seat(results, "totals", args.players)
    quests = per_seat(results, "quests", args.players)
    turns = mean(results, "rounds")
    totals = {"wins": wins, "mean_prestige": prestige, "mean_quests": quests}
    totals["mean_game_turns"] = turns
    seat_lines = [
        f"guild {s + 1}  wins {wins[s]:>5}  mean prestige {prestige[s]:>6.2f}"
        f"  mean quests {quests[s]:>5.2f}"
        for s in range(args.players)
    ]
    heading = f"{len(results)} games, {args.players} players"
    text = (heading, seat_lines, f"mean game turns per game {turns}")
    return show_simulated(args, seats, results, totals, FIELDS, _line, text)


def _line(r: Any) -> str:
    winners = " and ".join(f"guild {s + 1}" for s in r.winners)
    return f"game turns {r.rounds:>2}  prestige {columns(r.totals, 3)}  winner {winners}"
