"""Smiths of Winterforge's part of the command line: what `guildmaster simulate --game winterforge`
plays and prints, and its one simulate option, `--alleyways`. The game adds no subcommand."""

from __future__ import annotations

import argparse
import json
from typing import Any

from games.winterforge.rules.setup import ALLEYWAY_OPTIONS


def add_commands(sub: Any) -> None:
    """Smiths of Winterforge has no subcommand of its own."""


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


def play_one(job: tuple[int, int, tuple[str, ...], tuple[str, ...]]) -> Any:
    """One simulated game (a process pool's unit of work)."""
    from games.winterforge.players.simulate import play

    players, seed, seats, alleyways = job
    return play(players, seed, seats=seats, options=dict.fromkeys(alleyways, True))[0]


def simulate(args: argparse.Namespace, seats: tuple[str, ...], pool: Any) -> int:
    """Play `args.games` games and print each one's scores and the totals (or --json)."""
    alleyways = tuple(getattr(args, "alleyways", ()) or ())
    jobs = [(args.players, args.seed + i, seats, alleyways) for i in range(args.games)]
    results = pool(play_one, jobs)
    n = len(results)
    wins = [sum(s in r.winners for r in results) for s in range(args.players)]
    totals = {
        "games": n,
        "players": args.players,
        "seats": list(seats),
        "alleyways": list(alleyways),
        "wins": wins,
        "mean_rp": [round(sum(r.totals[s] for r in results) / n, 2) for s in range(args.players)],
        "mean_contracts": [
            round(sum(r.completed[s] for r in results) / n, 2) for s in range(args.players)
        ],
        "mean_rounds": round(sum(r.rounds for r in results) / n, 1),
        "ends": {
            reason: sum(r.reason == reason for r in results)
            for reason in sorted({r.reason for r in results})
        },
        "refused_commands": sum(r.refused for r in results),
    }
    if args.json:
        games = [
            {
                "seed": r.seed,
                "boards": list(r.boards),
                "ranking": list(r.ranking),
                "winners": list(r.winners),
                "rp": list(r.totals),
                "contracts": list(r.completed),
                "rounds": r.rounds,
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
        rp = " ".join(f"{t:>3}" for t in r.totals)
        winners = " and ".join(f"guild {s + 1}" for s in r.winners)
        print(
            f"game {i:>4}  seed {r.seed:<8} rounds {r.rounds:>3}  RP {rp}  "
            f"winner {winners} ({r.reason})"
        )
    extra = f", Alleyways: {', '.join(alleyways)}" if alleyways else ""
    print(f"{n} games, {args.players} players{extra}")
    for s in range(args.players):
        print(
            f"  guild {s + 1}  wins {wins[s]:>5}  mean RP {totals['mean_rp'][s]:>6.2f}  "
            f"mean Contracts {totals['mean_contracts'][s]:>5.2f}  ({seats[s]})"
        )
    ends = ", ".join(f"{reason} {count}" for reason, count in totals["ends"].items())
    print(
        f"  mean rounds per game {totals['mean_rounds']}, ends: {ends}, refused commands "
        f"{totals['refused_commands']}"
    )
    return 0
