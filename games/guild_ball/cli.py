"""Guild Ball's part of the command line: what `guildmaster simulate --game guild-ball` prints.
The game adds no subcommand and no simulate option of its own."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from bot.cli import columns, mean, per_seat, show_simulated

# A game's own fields in --json, and the result's attribute each shows.
FIELDS = {"winners": "winners", "vp": "vp", "goals": "goals", "turns": "rounds"}


def simulate(args: argparse.Namespace, seats: tuple[str, ...], results: Sequence[Any]) -> int:
    """Print each game's VP and goals and the totals (or --json)."""
    teams = args.players
    wins = [sum(r.winners == (s,) for r in results) for s in range(teams)]
    draws = sum(len(r.winners) != 1 for r in results)
    vp, goals = per_seat(results, "vp", teams), per_seat(results, "goals", teams)
    totals = {"wins": wins, "draws": draws, "mean_vp": vp, "mean_goals": goals}
    totals["mean_turns"] = mean(results, "rounds")
    text = (
        f"{len(results)} games, {teams} teams, {draws} draws",
        [
            f"team {s + 1}  wins {wins[s]:>5}  mean VP {vp[s]:>5.2f}  mean goals {goals[s]:>4.2f}"
            for s in range(teams)
        ],
        f"mean turns per game {totals['mean_turns']}",
    )
    return show_simulated(args, seats, results, totals, FIELDS, _line, text)


def _line(r: Any) -> str:
    winner = f"team {r.winners[0] + 1}" if len(r.winners) == 1 else "draw"
    return f"turns {r.rounds:>2}  VP {columns(r.vp, 2)}  winner {winner}"
