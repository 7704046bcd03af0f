"""Guild Master's command-line tools, added to the `guildmaster` command by the core:
`guildmaster odds`, and what `guildmaster simulate --game guild-master` plays and prints."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from bot.cli import columns, mean, per_seat, show_simulated

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


def play_options(args: argparse.Namespace) -> dict[str, Any]:
    """The keywords of `play` that `--short` gives."""
    return {"short": args.short}


def simulate(args: argparse.Namespace, seats: tuple[str, ...], results: Sequence[Any]) -> int:
    """Print the games (text, --json or --report)."""
    from games.guild_master.players import balance
    from games.guild_master.rules.content import load_pack

    if args.report:
        print(balance.render(balance.report(list(results))))
        return 0
    names = [g.name for g in load_pack("basic").guilds[: args.players]]
    wins = [0.0] * args.players
    for r in results:
        for w in r.winners:
            wins[w] += 1 / len(r.winners)
    fame = per_seat(results, "fame", args.players)
    totals = {"wins": [round(w, 3) for w in wins], "mean_fame": fame}
    totals["mean_events"] = mean(results, "events")
    short = ", short game" if args.short else ""
    text = (
        f"{len(results)} games, {args.players} players{short}",
        [
            f"{name:<16} wins {wins[s]:>7.2f}  mean Fame {fame[s]:>6.2f}"
            for s, name in enumerate(names)
        ],
        f"mean events per game {totals['mean_events']}",
    )
    return show_simulated(
        args,
        seats,
        results,
        totals,
        FIELDS,
        lambda r: _line(r, names),
        text,
        options={"short": args.short},
        head={"guilds": names},
    )


# A game's own fields in --json, and the result's attribute each shows.
FIELDS = {name: name for name in ("rounds", "teams", "fame", "gold", "winners")}


def _line(r: Any, names: Sequence[str]) -> str:
    winners = ", ".join(names[w] for w in r.winners)
    return f"rounds {r.rounds}  fame {columns(r.fame, 3)}  events {r.events:>5}  winner {winners}"
