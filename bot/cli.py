"""The `guildmaster` command line.

guildmaster scenario run FILE...
guildmaster simulate [--game G] --players N --games G --seed S [--seats KINDS] [--json]
                     [--jobs J] [the game's own options]
guildmaster games [--status S]
guildmaster export GAME_ID [--output FILE]
guildmaster replay FILE [--seat N]
guildmaster run [--config FILE]
guildmaster demo [--players N] [--play] [--out DIR]

and each game's own tools (`games/<game>/cli.py`), such as Guild Master's
guildmaster odds DICE TARGET [--fixers N] [--rerolls N]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import select
import sys
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

DEFAULT_GAME = "guild-master"
# The status of a command whose reader went away (`guildmaster simulate | head -1`): what a
# shell reports for a program ended by SIGPIPE (128 + 13), as for `seq` or `cat` in the same
# pipe, so `set -o pipefail` scripts treat it alike; and apart from 1, which `scenario run`
# gives when a scenario failed, and 2, a setting that cannot work.
STDOUT_CLOSED = 141


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (STDOUT_CLOSED, quietly, when standard
    output is a pipe whose reader has gone)."""
    parser = _parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "run"):
        parser.print_help()
        return 2
    try:
        code = int(args.run(args) or 0)
        sys.stdout.flush()  # here, not at the interpreter's exit, where it could not be caught
    except BrokenPipeError:
        if not _stdout_closed():
            raise  # another pipe (a socket of the bot's): a fault to show, not to hide
        # The Python docs' recipe: what is still buffered goes to devnull, so that the
        # interpreter's last flush has nowhere to fail.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return STDOUT_CLOSED
    return code


def _stdout_closed() -> bool:
    """Whether standard output is a pipe (or socket) whose reader has gone: poll reports an
    error on its writing end. Where poll is missing (Windows), a broken pipe is taken as it."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, ValueError, OSError):  # replaced by an object that is no file
        return False
    if not hasattr(select, "poll"):
        return True
    watch = select.poll()
    watch.register(fd, 0)  # errors and hang-ups are reported whatever is asked for
    return any(events & (select.POLLERR | select.POLLHUP) for _, events in watch.poll(0))


def win_rate_main(
    play: Callable[..., tuple[Any, ...]],
    kinds: Iterable[str],
    description: str | None,
    argv: Sequence[str] | None,
    *,
    games: int,
    players: int | None = None,
) -> int:
    """The command line of a game's simulator (`python -m games.<game>.players.simulate`): the
    win rate of one kind of the game's players (`kinds`) against random players, its seat
    rotated, over `--games` games (`games` by default) of `--players` players (`players`, when
    the game is always played by that many)."""
    import time

    from engine.simulation import win_rate

    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--games", type=int, default=games)
    if players is None:
        parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--kind", default="builtin", choices=sorted(kinds))
    args = parser.parse_args(argv)
    table = players or args.players
    against = "a random player" if players == 2 else f"{table - 1} random players"
    start = time.process_time()
    rate = win_rate(play, args.kind, args.games, table)
    print(
        f"{args.kind} player against {against}, seat rotated: won {rate:.1%} of {args.games} "
        f"games ({time.process_time() - start:.0f} s CPU)."
    )
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="guildmaster", description="Board games played by chat: the bot and its tools."
    )
    parser.add_argument("--version", action="version", version=f"guildmaster {_version()}")
    sub = parser.add_subparsers(metavar="COMMAND")

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
        "and the totals. The same arguments give the same output.",
    )
    _game_option(simulate)
    simulate.add_argument("--players", type=int, help="players per game (default: up to 4)")
    simulate.add_argument("--games", type=int, default=10, help="number of games")
    simulate.add_argument("--seed", type=int, default=1, help="seed of the first game")
    simulate.add_argument(
        "--seats",
        default="builtin",
        metavar="KINDS",
        help="the player of each seat, comma-separated: builtin (the strategic player) or "
        "random (random legal moves); one kind for every seat (default: builtin)",
    )
    output = simulate.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print JSON instead of text")
    simulate.add_argument(
        "--jobs", type=int, default=1, metavar="J", help="play on J processes (same output)"
    )
    # Each game's own options, remembered by game so that one given to another game is refused.
    owners: dict[str, str] = {}
    for name, tools in _game_clis().items():
        known = {a.dest for a in simulate._actions}
        if hasattr(tools, "add_simulate_options"):
            tools.add_simulate_options(simulate, output)
        owners |= {a.dest: name for a in simulate._actions if a.dest not in known}
    simulate.set_defaults(run=_simulate, owners=owners)

    games = _command(sub, "games", _games, help="list the games in the database")
    games.add_argument("--status", help="only games with this status (lobby, running, ended…)")
    _database_options(games)

    export = _command(sub, "export", _export, help="write a game as JSON lines")
    export.add_argument("game_id", type=_game_id, metavar="GAME_ID")
    export.add_argument("--output", "-o", metavar="FILE", help="write here instead of stdout")
    _database_options(export)

    imported = _command(
        sub,
        "import",
        _import,
        help="store an exported game as a new game",
        description="Store a game exported with `guildmaster export` (checked as replay checks "
        "it) as a new game, with a new id and the status `imported`; a game already in the "
        "database is refused.",
    )
    imported.add_argument("file", metavar="FILE", help="an export (- for standard input)")
    _database_options(imported)

    backup = _command(
        sub,
        "backup",
        _backup,
        help="copy the database while the bot runs",
        description="SQLite: a consistent copy made with SQLite's online backup API, beside the "
        "database unless --output names the file. PostgreSQL: prints the pg_dump command to run.",
    )
    backup.add_argument("--output", "-o", metavar="FILE", help="where the copy goes")
    _database_options(backup)

    replay = _command(
        sub,
        "replay",
        _replay,
        help="print an exported game round by round",
        description="Print a game exported with `guildmaster export`, round by round, as the "
        "public saw it; with --seat, as that seat saw it (only once the game has ended).",
    )
    replay.add_argument("file", metavar="FILE", help="an export (- for standard input)")
    replay.add_argument("--seat", type=int, metavar="N", help="seat (guild, player) number")

    run = _command(
        sub,
        "run",
        _run,
        help="start the Discord bot",
        description="Start the bot with config.toml (or --config), the token from DISCORD_TOKEN "
        "or the config. Without a token it says how to get one.",
    )
    run.add_argument("--config", metavar="FILE", help="configuration file (config.toml)")

    demo = _command(
        sub,
        "demo",
        _demo,
        help="watch the bot play a whole game offline",
        description="Start a Discord of our own on 127.0.0.1 and the real bot, and let built-in "
        "players play a game (or play one guild yourself with --play). The channel is printed "
        "as a person would read it; pictures are saved to --out.",
    )
    _game_option(demo)
    demo.add_argument("--players", type=int, help="players (default: up to 4)")
    demo.add_argument("--play", action="store_true", help="play seat 1 from the terminal")
    demo.add_argument("--out", default="demo-out", metavar="DIR", help="where pictures go")
    for tools in _game_clis().values():
        if hasattr(tools, "add_commands"):
            tools.add_commands(sub)
    return parser


def _command(
    sub: Any, name: str, run: Callable[[argparse.Namespace], int], **words: str
) -> argparse.ArgumentParser:
    """A subcommand of `guildmaster` (its `help` and `description` in `words`) that `run`s."""
    parser: argparse.ArgumentParser = sub.add_parser(name, **words)
    parser.set_defaults(run=run)
    return parser


def _game_option(parser: argparse.ArgumentParser) -> None:
    """--game, the game a command plays (Guild Master by default)."""
    parser.add_argument(
        "--game",
        default=DEFAULT_GAME,
        choices=_game_names(),
        help=f"the game to play (default: {DEFAULT_GAME})",
    )


def _version() -> str:
    """The installed package's version (pyproject.toml's)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("guildmaster-bot")
    except PackageNotFoundError:  # run from a source tree that was never pip-installed
        return "(not installed: pip install -e .)"


def _game_names() -> list[str]:
    from engine.core import registry

    return registry.names()


def _game_clis() -> dict[str, Any]:
    """Each game's command-line tools (the `cli` module of its package), by game name: its own
    subcommands (`add_commands(sub)`, if any), its `simulate` options (`add_simulate_options(
    parser, output)`, if any, and `play_options(args)`, the keywords its simulator's `play`
    takes from them) and its `simulate(args, seats, results)`, which prints the games played."""
    from importlib import import_module
    from importlib.util import find_spec

    import games

    tools = {}
    for name in _game_names():
        module = f"{games.package(name)}.cli"
        if find_spec(module) is not None:
            tools[name] = import_module(module)
    return tools


def _players(args: argparse.Namespace, command: str) -> int | None:
    """The number of players asked for (or the default), if the game allows it."""
    from engine.core import registry

    rules = registry.get(args.game)
    players = args.players if args.players is not None else min(4, rules.max_players)
    if not rules.min_players <= players <= rules.max_players:
        print(
            f"guildmaster {command}: --players must be {rules.min_players} to "
            f"{rules.max_players} for {rules.title}.",
            file=sys.stderr,
        )
        return None
    return players


def _demo(args: argparse.Namespace) -> int:
    from bot.demo import main as demo

    players = _players(args, "demo")
    if players is None:
        return 2
    return demo(players, args.play, args.out, args.game)


def _run(args: argparse.Namespace) -> int:
    from bot.config import ConfigError, load
    from bot.run import run

    try:
        config = load(args.config)
    except ConfigError as exc:
        print(f"guildmaster run: {exc}", file=sys.stderr)
        return 2
    return run(config)


MAX_ID = 2**63 - 1  # the largest id a database row can hold


def _game_id(text: str) -> int:
    """A game id as typed: a whole number from 1 up to what a database id can hold."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a game id (a whole number)") from None
    if not 1 <= value <= MAX_ID:
        raise argparse.ArgumentTypeError(f"{text} is not a game id: `guildmaster games` lists them")
    return value


def _database_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", metavar="FILE", help="configuration file (config.toml)")
    parser.add_argument("--database", metavar="URL", help="database URL, overriding the config")


def _store_url(args: argparse.Namespace) -> str:
    from bot.config import ConfigError, load
    from bot.store.preflight import DatabaseProblem, database_url

    if args.database:
        try:
            return database_url(args.database, "--database")
        except DatabaseProblem as exc:
            raise ConfigError(str(exc)) from None
    return load(args.config).url


def _missing_sqlite_file(url: str) -> str:
    """The path of a SQLite database URL whose file does not exist ("" otherwise)."""
    from sqlalchemy.engine import make_url

    from bot.store.store import is_sqlite

    if not is_sqlite(url):
        return ""
    path = make_url(url).database or ""
    if not path or path == ":memory:" or Path(path).exists():
        return ""
    return path


def _with_store(args: argparse.Namespace, work: Callable[[Any], Awaitable[Any]]) -> tuple[Any, int]:
    """Run `work(store)` against the configured database: (its result, 0), or after a message
    (None, 1) when the database refuses, (None, 2) when the configuration cannot be used."""
    from bot.config import ConfigError
    from bot.store import EventStore, NotFound, StoreError
    from bot.store.preflight import SETTINGS, problem

    try:
        url = _store_url(args)
    except ConfigError as exc:
        print(f"guildmaster: {exc}", file=sys.stderr)
        return None, 2
    # A missing folder, a damaged file, an unreachable server, a newer schema: one sentence.
    setting = "--database" if args.database else SETTINGS
    found = asyncio.run(problem(url, create=False, setting=setting))
    if found:
        print(f"guildmaster: {found}", file=sys.stderr)
        return None, 2
    missing = _missing_sqlite_file(url)
    if missing:
        # Only `guildmaster run` creates a database: a tool given a mistyped path says so.
        print(
            f"guildmaster: there is no database at {missing}: check --database or the config "
            "(`guildmaster run` creates it on its first start)",
            file=sys.stderr,
        )
        return None, 1

    async def main() -> Any:
        store = await EventStore.open(url)
        try:
            return await work(store)
        finally:
            await store.close()

    try:
        return asyncio.run(main()), 0
    except NotFound as exc:
        print(f"guildmaster: {exc}.", file=sys.stderr)
    except StoreError as exc:
        print(f"guildmaster: {exc}", file=sys.stderr)
    return None, 1


def _games(args: argparse.Namespace) -> int:
    from bot.tools import games_table

    lines, code = _with_store(args, lambda store: games_table(store, args.status))
    if lines is None:
        return code
    print("\n".join(lines))
    return 0


def _export(args: argparse.Namespace) -> int:
    from bot.tools import export_lines

    lines, code = _with_store(args, lambda store: export_lines(store, args.game_id))
    if lines is None:
        return code
    text = "\n".join(lines) + "\n"
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def _import(args: argparse.Namespace) -> int:
    from bot.tools import ToolError, import_lines

    async def work(store: Any) -> int:
        if args.file == "-":
            return await import_lines(store, sys.stdin)
        with Path(args.file).open(encoding="utf-8") as source:
            return await import_lines(store, source)

    try:
        game_id, code = _with_store(args, work)
    except OSError as exc:
        print(f"guildmaster import: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    except ToolError as exc:
        print(f"guildmaster import: {exc}", file=sys.stderr)
        return 2
    if game_id is None:
        return code
    print(f"imported {args.file} as game {game_id}")
    return 0


def _backup(args: argparse.Namespace) -> int:
    from bot.config import ConfigError
    from bot.store.store import is_sqlite
    from bot.tools import ToolError, backup_sqlite, pg_dump_command

    try:
        url = _store_url(args)
    except ConfigError as exc:
        print(f"guildmaster: {exc}", file=sys.stderr)
        return 2
    if not is_sqlite(url):
        # A PostgreSQL server is backed up by its own tool, which knows its versions and roles.
        print("guildmaster backup: PostgreSQL is backed up with pg_dump; run:", file=sys.stderr)
        print(pg_dump_command(url, args.output))
        return 1
    try:
        target = backup_sqlite(url, args.output)
    except ToolError as exc:
        print(f"guildmaster backup: {exc}", file=sys.stderr)
        return 1
    print(f"backed up to {target}")
    return 0


def _replay(args: argparse.Namespace) -> int:
    from bot.tools import ToolError, printable, replay_lines

    seat = None if args.seat is None else args.seat - 1
    try:
        # Read line by line (an export can be large), and the whole replay made before any of
        # it is printed: a damaged file prints its one sentence and nothing else.
        if args.file == "-":
            text = list(replay_lines(sys.stdin, seat))
        else:
            with Path(args.file).open(encoding="utf-8") as source:
                text = list(replay_lines(source, seat))
    except OSError as exc:
        print(f"guildmaster replay: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    except ToolError as exc:
        print(f"guildmaster replay: {exc}", file=sys.stderr)
        return 2
    for line in text:
        print(printable(line))  # nothing from the file drives the terminal
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
    from engine import scenario

    files = _scenario_files(args.files)
    if isinstance(files, str):
        print(f"guildmaster scenario run: {files}", file=sys.stderr)
        return 2
    # the engine's runner: one failure per bad file, whatever the file holds
    return scenario.run_files(files).status


def _simulate(args: argparse.Namespace) -> int:
    from engine.core import registry

    players = _players(args, "simulate")
    if players is None:
        return 2
    args.players = players
    rules = registry.get(args.game)
    foreign = sorted(
        f"--{dest.replace('_', '-')} ({registry.get(owner).title})"
        for dest, owner in args.owners.items()
        if owner != args.game and getattr(args, dest)
    )
    if foreign:
        print(
            f"guildmaster simulate: {', '.join(foreign)} is not an option of {rules.title}; "
            "leave it out.",
            file=sys.stderr,
        )
        return 2
    if args.games < 1:
        print("guildmaster simulate: --games must be at least 1.", file=sys.stderr)
        return 2
    seats = tuple(k.strip() for k in args.seats.split(","))
    if len(seats) == 1:
        seats *= args.players
    unknown = [k for k in seats if k not in rules.players]
    if unknown or len(seats) != args.players:
        kinds = ", ".join(rules.players)
        print(
            f"guildmaster simulate: --seats takes one kind ({kinds}) or one per seat, "
            f"comma-separated ({args.players} here).",
            file=sys.stderr,
        )
        return 2
    if args.jobs < 1:
        print("guildmaster simulate: --jobs must be at least 1.", file=sys.stderr)
        return 2

    def pool(play: Callable[[Any], Any], jobs: list[Any]) -> list[Any]:
        from bot.progress import progress

        def bar(results: Iterable[Any]) -> list[Any]:
            # on stderr, and only on a terminal: stdout stays the same bytes
            return list(progress(results, total=len(jobs), what=rules.title, unit=" games"))

        if args.jobs == 1:
            return bar(play(job) for job in jobs)
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(args.jobs) as processes:
            chunks = max(1, len(jobs) // (8 * args.jobs))
            return bar(processes.imap(play, jobs, chunksize=chunks))  # imap keeps the order

    import games

    tools = _game_clis()[args.game]
    options = tools.play_options(args) if hasattr(tools, "play_options") else {}
    module = f"{games.package(args.game)}.players.simulate"
    jobs = [(module, args.players, args.seed + i, seats, options) for i in range(args.games)]
    return int(tools.simulate(args, seats, pool(_play_one, jobs)))


def _play_one(job: tuple[str, int, int, tuple[str, ...], dict[str, Any]]) -> Any:
    """One simulated game's result (a process pool's unit of work): the game's simulator
    (`module`) plays it."""
    from importlib import import_module

    module, players, seed, seats, options = job
    return import_module(module).play(players, seed, seats=seats, **options)[0]


def show_simulated(
    args: argparse.Namespace,
    seats: Sequence[str],
    results: Sequence[Any],
    totals: Mapping[str, Any],
    fields: Mapping[str, str],
    line: Callable[[Any], str],
    text: tuple[str, Sequence[str], str],
    *,
    options: Mapping[str, Any] | None = None,
    head: Mapping[str, Any] | None = None,
) -> int:
    """Print what `guildmaster simulate` shows of `results`, in the game's words.

    With --json: `head`'s fields, each game (its seed, its `fields`, each the result's attribute
    it names, and its counts), and the totals: the games, players, the table `options`, the
    seats' player kinds, the game's own `totals` and the refused commands. Otherwise a line a
    game (its number, seed and `line(result)`), then `text`: a heading, a line a seat (followed
    by the seat's player kind) and a last line (followed by the refused commands)."""
    import json

    refused = sum(r.refused for r in results)
    if args.json:
        played = [
            {
                "seed": r.seed,
                **{key: _plain(getattr(r, name)) for key, name in fields.items()},
                "commands": r.commands,
                "refused": r.refused,
                "events": r.events,
            }
            for r in results
        ]
        everything = {
            "games": len(results),
            "players": args.players,
            **(options or {}),
            "seats": list(seats),
            **totals,
            "refused_commands": refused,
        }
        print(json.dumps({**(head or {}), "games": played, "totals": everything}, indent=2))
        return 0
    heading, seat_lines, last = text
    for i, r in enumerate(results, 1):
        print(f"game {i:>4}  seed {r.seed:<8} {line(r)}")
    print(heading)
    for words, kind in zip(seat_lines, seats, strict=True):
        print(f"  {words}  ({kind})")
    print(f"  {last}, refused commands {refused}")
    return 0


def per_seat(results: Sequence[Any], name: str, players: int) -> list[float]:
    """Each seat's mean of the results' per-seat attribute `name`, to 2 decimals."""
    return [
        round(sum(getattr(r, name)[s] for r in results) / len(results), 2) for s in range(players)
    ]


def mean(results: Sequence[Any], name: str) -> float:
    """The mean of the results' attribute `name`, to 1 decimal."""
    return round(sum(getattr(r, name) for r in results) / len(results), 1)


def columns(numbers: Iterable[int], width: int) -> str:
    """Numbers right-aligned in columns `width` wide, a space apart (a game's line)."""
    return " ".join(f"{n:>{width}}" for n in numbers)


def _plain(value: Any) -> Any:
    """A result's field as JSON shows it (a tuple as a list)."""
    return list(value) if isinstance(value, tuple) else value


if __name__ == "__main__":
    sys.exit(main())
