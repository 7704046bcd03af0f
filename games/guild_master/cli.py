"""Guild Master's command-line tools, added to the `guildmaster` command by the core:
`guildmaster odds`, and what `guildmaster simulate --game guild-master` plays and prints."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

MAX_ODDS_DICE = 20


def add_commands(sub: Any) -> None:
    """Guild Master's own subcommands: `odds`."""
    odds = sub.add_parser(
        "odds",
        help="the exact chance that a Guild Master skill check succeeds",
        description="The exact chance that DICE dice reach TARGET, with skill-upgrade fixers and "
        "re-rolls used as well as possible. Printed as a percentage with one decimal.",
    )
    odds.add_argument("dice", type=int, help=f"number of dice (0–{MAX_ODDS_DICE})")
    odds.add_argument("target", type=int, help="the Skill Check Target")
    odds.add_argument(
        "--fixers", type=int, default=0, metavar="N", help="dice fixers (each sets one die to 5)"
    )
    odds.add_argument(
        "--rerolls",
        type=int,
        default=0,
        metavar="N",
        help="re-roll upgrades (each re-rolls up to 2 dice, or 1 die twice)",
    )
    odds.set_defaults(run=_odds)


def add_simulate_options(parser: argparse.ArgumentParser, output: Any) -> None:
    """`guildmaster simulate`'s Guild Master options; `output` is the group of output forms."""
    parser.add_argument("--short", action="store_true", help="Guild Master: the 6-round game")
    output.add_argument(
        "--report",
        action="store_true",
        help="Guild Master: print only a balance report (Markdown): win rates by starting team "
        "and seat, cards in winners' guilds, Fame totals",
    )


def _odds(args: argparse.Namespace) -> int:
    from games.guild_master.rules.dice_math import odds

    problems = []
    if not 0 <= args.dice <= MAX_ODDS_DICE:
        problems.append(f"DICE must be 0 to {MAX_ODDS_DICE}")
    if args.fixers < 0 or args.rerolls < 0:
        problems.append("--fixers and --rerolls cannot be negative")
    if args.fixers > max(args.dice, 0):
        problems.append("there cannot be more fixers than dice")
    if problems:
        print(f"guildmaster odds: {'; '.join(problems)}.", file=sys.stderr)
        return 2
    chance = odds(args.dice, args.target, args.fixers, args.rerolls)
    print(f"{chance * 100:.1f}%")
    return 0


def play_one(job: tuple[int, int, bool, tuple[str, ...]]) -> Any:
    """One simulated game (a process pool's unit of work)."""
    from games.guild_master.players.simulate import play

    players, seed, short, seats = job
    return play(players, seed, short=short, seats=seats)[0]


def simulate(args: argparse.Namespace, seats: tuple[str, ...], pool: Any) -> int:
    """Play `args.games` games and print them (text, --json or --report); `pool(fn, jobs)` maps
    the games over the processes asked for."""
    from games.guild_master.players import balance
    from games.guild_master.rules.content import load_pack

    pack = load_pack("basic")
    names = [g.name for g in pack.guilds[: args.players]]
    jobs = [(args.players, args.seed + i, args.short, seats) for i in range(args.games)]
    results = pool(play_one, jobs)
    if args.report:
        print(balance.render(balance.report(results)))
        return 0
    wins = [0.0] * args.players
    for r in results:
        for w in r.winners:
            wins[w] += 1 / len(r.winners)
    totals = {
        "games": len(results),
        "players": args.players,
        "short": args.short,
        "seats": list(seats),
        "wins": [round(w, 3) for w in wins],
        "mean_fame": [
            round(sum(r.fame[s] for r in results) / len(results), 2) for s in range(args.players)
        ],
        "mean_events": round(sum(r.events for r in results) / len(results), 1),
        "refused_commands": sum(r.refused for r in results),
    }
    if args.json:
        games = [
            {
                "seed": r.seed,
                "rounds": r.rounds,
                "teams": list(r.teams),
                "fame": list(r.fame),
                "gold": list(r.gold),
                "winners": list(r.winners),
                "commands": r.commands,
                "refused": r.refused,
                "events": r.events,
            }
            for r in results
        ]
        print(json.dumps({"guilds": names, "games": games, "totals": totals}, indent=2))
        return 0
    for i, r in enumerate(results, 1):
        winners = ", ".join(names[w] for w in r.winners)
        fame = " ".join(f"{f:>3}" for f in r.fame)
        print(
            f"game {i:>4}  seed {r.seed:<8} rounds {r.rounds}  fame {fame}  "
            f"events {r.events:>5}  winner {winners}"
        )
    print(f"{len(results)} games, {args.players} players{', short game' if args.short else ''}")
    for s, name in enumerate(names):
        print(
            f"  {name:<16} wins {wins[s]:>7.2f}  mean Fame {totals['mean_fame'][s]:>6.2f}  "
            f"({seats[s]})"
        )
    print(
        f"  mean events per game {totals['mean_events']}, refused commands "
        f"{totals['refused_commands']}"
    )
    return 0
