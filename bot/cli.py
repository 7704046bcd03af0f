"""The `guildmaster` command line.

guildmaster odds DICE TARGET [--fixers N] [--rerolls N]
guildmaster scenario run FILE...
guildmaster simulate --players N --games G --seed S [--seats KINDS] [--short] [--json | --report]
                     [--jobs J]
guildmaster games [--status S]
guildmaster export GAME_ID [--output FILE]
guildmaster replay FILE [--seat N]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

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
        description="Play whole games between built-in players and print each game's result "
        "and the totals, or a balance report. The same arguments give the same output.",
    )
    simulate.add_argument("--players", type=int, default=4, help="guilds per game (2–4)")
    simulate.add_argument("--games", type=int, default=10, help="number of games")
    simulate.add_argument("--seed", type=int, default=1, help="seed of the first game")
    simulate.add_argument(
        "--seats",
        default="builtin",
        metavar="KINDS",
        help="the player of each seat, comma-separated: builtin (the strategic player) or "
        "random (random legal moves); one kind for every seat (default: builtin)",
    )
    simulate.add_argument("--short", action="store_true", help="the 6-round short game")
    output = simulate.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print JSON instead of text")
    output.add_argument(
        "--report",
        action="store_true",
        help="print only a balance report (Markdown): win rates by starting team and seat, "
        "cards in winners' guilds, Fame totals",
    )
    simulate.add_argument(
        "--jobs", type=int, default=1, metavar="J", help="play on J processes (same output)"
    )
    simulate.set_defaults(run=_simulate)

    games = sub.add_parser("games", help="list the games in the database")
    games.add_argument("--status", help="only games with this status (lobby, running, ended…)")
    _database_options(games)
    games.set_defaults(run=_games)

    export = sub.add_parser("export", help="write a game as JSON lines")
    export.add_argument("game_id", type=int, metavar="GAME_ID")
    export.add_argument("--output", "-o", metavar="FILE", help="write here instead of stdout")
    _database_options(export)
    export.set_defaults(run=_export)

    replay = sub.add_parser(
        "replay",
        help="print an exported game round by round",
        description="Print a game exported with `guildmaster export`, round by round, as the "
        "public saw it; with --seat, as that guild saw it (only once the game has ended).",
    )
    replay.add_argument("file", metavar="FILE", help="an export (- for standard input)")
    replay.add_argument("--seat", type=int, metavar="N", help="guild number, 1 to 4")
    replay.set_defaults(run=_replay)

    run = sub.add_parser(
        "run",
        help="start the Discord bot",
        description="Start the bot with config.toml (or --config), the token from DISCORD_TOKEN "
        "or the config. Without a token it says how to get one.",
    )
    run.add_argument("--config", metavar="FILE", help="configuration file (config.toml)")
    run.set_defaults(run=_run)

    demo = sub.add_parser(
        "demo",
        help="watch the bot play a whole game offline",
        description="Start a Discord of our own on 127.0.0.1 and the real bot, and let built-in "
        "players play a game (or play one guild yourself with --play). The channel is printed "
        "as a person would read it; pictures are saved to --out.",
    )
    demo.add_argument("--players", type=int, default=4, choices=(2, 3, 4), help="guilds")
    demo.add_argument("--play", action="store_true", help="play guild 1 from the terminal")
    demo.add_argument("--out", default="demo-out", metavar="DIR", help="where pictures go")
    demo.set_defaults(run=_demo)
    return parser


def _demo(args: argparse.Namespace) -> int:
    from bot.demo import main as demo

    return demo(args.players, args.play, args.out)


def _run(args: argparse.Namespace) -> int:
    from bot.config import ConfigError, load
    from bot.run import run

    try:
        config = load(args.config)
    except ConfigError as exc:
        print(f"guildmaster run: {exc}", file=sys.stderr)
        return 2
    return run(config)


def _database_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", metavar="FILE", help="configuration file (config.toml)")
    parser.add_argument("--database", metavar="URL", help="database URL, overriding the config")


def _store_url(args: argparse.Namespace) -> str:
    from bot.config import load

    if args.database:
        return args.database
    return load(args.config).url


def _with_store(args: argparse.Namespace, work: Callable[[Any], Awaitable[Any]]) -> Any:
    """Run `work(store)` against the configured database; errors become messages (None)."""
    from bot.config import ConfigError
    from bot.store import EventStore, NotFound, StoreError

    async def main() -> Any:
        store = await EventStore.open(_store_url(args))
        try:
            return await work(store)
        finally:
            await store.close()

    try:
        return asyncio.run(main())
    except NotFound as exc:
        print(f"guildmaster: {exc}.", file=sys.stderr)
    except (StoreError, ConfigError) as exc:
        print(f"guildmaster: {exc}", file=sys.stderr)
    return None


def _games(args: argparse.Namespace) -> int:
    from bot.tools import games_table

    lines = _with_store(args, lambda store: games_table(store, args.status))
    if lines is None:
        return 1
    print("\n".join(lines))
    return 0


def _export(args: argparse.Namespace) -> int:
    from bot.tools import export_lines

    lines = _with_store(args, lambda store: export_lines(store, args.game_id))
    if lines is None:
        return 1
    text = "\n".join(lines) + "\n"
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def _replay(args: argparse.Namespace) -> int:
    from bot.tools import ToolError, replay_lines

    try:
        if args.file == "-":
            source = sys.stdin.read().splitlines()
        else:
            source = Path(args.file).read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        print(f"guildmaster replay: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    seat = None if args.seat is None else args.seat - 1
    try:
        for line in replay_lines(source, seat):
            print(line)
    except ToolError as exc:
        print(f"guildmaster replay: {exc}", file=sys.stderr)
        return 2
    return 0


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
    from games.guild_master import scenario

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


def _play_one(job: tuple[int, int, bool, tuple[str, ...]]) -> Any:
    from games.guild_master.players.simulate import play

    players, seed, short, seats = job
    return play(players, seed, short=short, seats=seats)[0]


def _simulate(args: argparse.Namespace) -> int:
    from games.guild_master.players import PLAYER_TYPES, balance
    from games.guild_master.rules.content import load_pack

    if not 2 <= args.players <= 4:
        print("guildmaster simulate: --players must be 2, 3 or 4.", file=sys.stderr)
        return 2
    if args.games < 1:
        print("guildmaster simulate: --games must be at least 1.", file=sys.stderr)
        return 2
    seats = tuple(k.strip() for k in args.seats.split(","))
    if len(seats) == 1:
        seats *= args.players
    unknown = [k for k in seats if k not in PLAYER_TYPES]
    if unknown or len(seats) != args.players:
        kinds = ", ".join(PLAYER_TYPES)
        print(
            f"guildmaster simulate: --seats takes one kind ({kinds}) or one per seat, "
            f"comma-separated ({args.players} here).",
            file=sys.stderr,
        )
        return 2
    if args.jobs < 1:
        print("guildmaster simulate: --jobs must be at least 1.", file=sys.stderr)
        return 2
    pack = load_pack("basic")
    names = [g.name for g in pack.guilds[: args.players]]
    jobs = [(args.players, args.seed + i, args.short, seats) for i in range(args.games)]
    if args.jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            results = pool.map(_play_one, jobs, chunksize=max(1, len(jobs) // (8 * args.jobs)))
    else:
        results = [_play_one(job) for job in jobs]
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


if __name__ == "__main__":
    sys.exit(main())
