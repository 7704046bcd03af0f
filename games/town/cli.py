"""Founders' Town's part of the command line: what `guildmaster simulate --game town` prints.
The game adds no subcommand and no simulate option of its own."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from bot.cli import columns, mean, per_seat, show_simulated
from games.town.rules.cards import CATEGORIES

# A game's own fields in --json, each named after the result's attribute it shows.
FIELDS = {"ranking": "ranking", "won": "won", "scores": "scores", "turns": "turns", "end": "reason"}


def simulate(args: argparse.Namespace, seats: tuple[str, ...], results: Sequence[Any]) -> int:
    """Print each game's ranking and the totals (or --json)."""
    wins = [0] * args.players
    for r in results:
        wins[r.winner] += 1
    won = per_seat(results, "won", args.players)
    points = per_seat(results, "scores", args.players)
    turns = mean(results, "turns")
    totals = {"wins": wins, "mean_categories_won": won, "mean_points": points, "mean_turns": turns}
    heading = f"{len(results)} games, {args.players} players, {len(CATEGORIES)} categories"
    seat_lines = [
        f"player {s + 1}  wins {wins[s]:>5}  mean categories won {won[s]:>5.2f}  "
        f"mean points {points[s]:>6.2f}"
        for s in range(args.players)
    ]
    text = (heading, seat_lines, f"mean turns per game {turns}")
    return show_simulated(args, seats, results, totals, FIELDS, _line, text)


def _line(r: Any) -> str:
    winner = f"winner player {r.winner + 1} ({r.reason})"
    return f"turns {r.turns:>3}  categories won {columns(r.won, 2)}  {winner}"
