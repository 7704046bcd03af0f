"""Smiths of Winterforge's part of the command line: what `guildmaster simulate --game winterforge`
prints, and its one simulate option, `--alleyways`. The game adds no subcommand."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from bot.cli import columns, mean, per_seat, show_simulated
from games.winterforge.rules.setup import ALLEYWAY_OPTIONS

# A game's own fields in --json, and the result's attribute each shows.
FIELDS = {
    "boards": "boards",
    "ranking": "ranking",
    "winners": "winners",
    "rp": "totals",
    "contracts": "completed",
    "rounds": "rounds",
    "end": "reason",
}


def _alleyways(text: str) -> tuple[str, ...]:
    names = tuple(n.strip().replace("-", "_") for n in text.split(",") if n.strip())
    if text.strip() == "all":
        return tuple(ALLEYWAY_OPTIONS)
    unknown = [n for n in names if n not in ALLEYWAY_OPTIONS]
    if unknown:
        raise argparse.ArgumentTypeError(
            f"{', '.join(unknown)} is not an Alleyway; name some of "
            f"{', '.join(ALLEYWAY_OPTIONS)}, comma-separated, or 'all'"
        )
    return names


def add_simulate_options(parser: argparse.ArgumentParser, output: Any) -> None:
    """`--alleyways`: the Alleyway expansions in play (Smiths of Winterforge's)."""
    parser.add_argument(
        "--alleyways",
        type=_alleyways,
        default=(),
        metavar="NAMES",
        help="Smiths of Winterforge: the Alleyways in play, comma-separated "
        f"({', '.join(ALLEYWAY_OPTIONS)}) or 'all'",
    )


def play_options(args: argparse.Namespace) -> dict[str, Any]:
    """The keywords of `play` that `--alleyways` gives: the Alleyways as table options."""
    return {"options": dict.fromkeys(_chosen(args), True)}


def _chosen(args: argparse.Namespace) -> tuple[str, ...]:
    return tuple(getattr(args, "alleyways", ()) or ())


def simulate(args: argparse.Namespace, seats: tuple[str, ...], results: Sequence[Any]) -> int:
    """Print each game's scores and the totals (or --json)."""
    alleyways = _chosen(args)
    wins = [sum(s in r.winners for r in results) for s in range(args.players)]
    rp = per_seat(results, "totals", args.players)
    contracts = per_seat(results, "completed", args.players)
    reasons = sorted({r.reason for r in results})
    ends = {reason: sum(r.reason == reason for r in results) for reason in reasons}
    totals = {"alleyways": list(alleyways), "wins": wins, "mean_rp": rp}
    totals |= {"mean_contracts": contracts, "mean_rounds": mean(results, "rounds"), "ends": ends}
    extra = f", Alleyways: {', '.join(alleyways)}" if alleyways else ""
    said = ", ".join(f"{reason} {count}" for reason, count in ends.items())
    text = (
        f"{len(results)} games, {args.players} players{extra}",
        [
            f"guild {s + 1}  wins {wins[s]:>5}  mean RP {rp[s]:>6.2f}  "
            f"mean Contracts {contracts[s]:>5.2f}"
            for s in range(args.players)
        ],
        f"mean rounds per game {totals['mean_rounds']}, ends: {said}",
    )
    return show_simulated(args, seats, results, totals, FIELDS, _line, text)


def _line(r: Any) -> str:
    winners = " and ".join(f"guild {s + 1}" for s in r.winners)
    return f"rounds {r.rounds:>3}  RP {columns(r.totals, 3)}  winner {winners} ({r.reason})"
