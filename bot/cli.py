"""The `guildmaster` command line.

guildmaster odds DICE TARGET [--fixers N] [--rerolls N]
guildmaster scenario run FILE...
guildmaster simulate --players N --games G --seed S [--short] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

MAX_ODDS_DICE = 20


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "run"):
        parser.print_help()
        return 2
    return int(args.run(args) or 0)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="guildmaster", description="Guild Master, played by chat: tools and the bot."
    )
    sub = parser.add_subparsers(metavar="COMMAND")

    odds = sub.add_parser(
        "odds",
        help="the exact chance that a skill check succeeds",
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

    scenario = sub.add_parser("scenario", help="run scenario files (docs/scenarios.md)")
    scenario_sub = scenario.add_subparsers(metavar="ACTION")
    scenario_run = scenario_sub.add_parser(
        "run", help="run the scenarios in FILE (a .toml file or a folder of them)"
    )
    scenario_run.add_argument("files", nargs="+", metavar="FILE")
    scenario_run.set_defaults(run=_scenario_run)

    simulate = sub.add_parser(
        "simulate",
        help="play whole games between built-in players",
        description="Play whole games between random legal players and print each game's result "
        "and the totals. The same arguments give the same output.",
    )
    simulate.add_argument("--players", type=int, default=4, help="guilds per game (2–4)")
    simulate.add_argument("--games", type=int, default=10, help="number of games")
    simulate.add_argument("--seed", type=int, default=1, help="seed of the first game")
    simulate.add_argument("--short", action="store_true", help="the 6-round short game")
    simulate.add_argument("--json", action="store_true", help="print JSON instead of text")
    simulate.set_defaults(run=_simulate)
    return parser


def _odds(args: argparse.Namespace) -> int:
    from engine.games.guild_master.dice_math import odds

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


def _scenario_files(names: Sequence[str]) -> list[Path] | str:
    files: list[Path] = []
    for name in names:
        path = Path(name)
        if path.is_dir():
            files += sorted(path.rglob("*.toml"))
        elif path.is_file():
            files.append(path)
        else:
            return f"no such file or folder: {name}"
    return files


def _scenario_run(args: argparse.Namespace) -> int:
    from engine.games.guild_master import scenario

    files = _scenario_files(args.files)
    if isinstance(files, str):
        print(f"guildmaster scenario run: {files}", file=sys.stderr)
        return 2
    passed = failed = 0
    for path in files:
        try:
            specs = scenario.load(path.read_text(encoding="utf-8"), str(path))
        except (scenario.ScenarioError, UnicodeDecodeError) as exc:
            print(f"FAIL {path}: {exc}")
            failed += 1
            continue
        for spec in specs:
            outcome = scenario.run(spec)
            if outcome.passed:
                passed += 1
                print(f"PASS {path}: {outcome.name}")
            else:
                failed += 1
                print(f"FAIL {path}: {outcome.name} — {'; '.join(outcome.failures)}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def _simulate(args: argparse.Namespace) -> int:
    from engine.games.guild_master.content import load_pack
    from engine.games.guild_master.simulate import play

    if not 2 <= args.players <= 4:
        print("guildmaster simulate: --players must be 2, 3 or 4.", file=sys.stderr)
        return 2
    if args.games < 1:
        print("guildmaster simulate: --games must be at least 1.", file=sys.stderr)
        return 2
    pack = load_pack("basic")
    names = [g.name for g in pack.guilds[: args.players]]
    results = [play(args.players, args.seed + i, short=args.short)[0] for i in range(args.games)]
    wins = [0.0] * args.players
    for r in results:
        for w in r.winners:
            wins[w] += 1 / len(r.winners)
    totals = {
        "games": len(results),
        "players": args.players,
        "short": args.short,
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
        print(f"  {name:<16} wins {wins[s]:>7.2f}  mean Fame {totals['mean_fame'][s]:>6.2f}")
    print(
        f"  mean events per game {totals['mean_events']}, refused commands "
        f"{totals['refused_commands']}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
