"""Operator tools: list games, export one as JSON lines, replay an export round by round, import
an export as a new game, and back the database up."""

from __future__ import annotations

import json
import shlex
import sqlite3
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy.engine import URL, make_url

from bot import hosted
from bot.chronicle import recap
from bot.hosted import Moment, Passage
from bot.service import Seat
from bot.store import EventStore, GameInfo
from engine.core import Codec, get

EXPORT_FORMAT = "guildmaster-export"
EXPORT_VERSION = 1


class ToolError(ValueError):
    """A tool cannot do what was asked; the message says why and what to do."""


async def games_table(store: EventStore, status: str | None = None) -> list[str]:
    """One line per game in the database."""
    rows = await store.list_games(status=status)
    if not rows:
        return ["No games in this database." if status is None else f"No {status} games."]
    lines = [f"{'id':>5}  {'game':<13} {'status':<9} {'guilds':>6} {'events':>6}  updated"]
    for g in rows:
        lines.append(
            f"{g.id:>5}  {g.game:<13} {g.status:<9} {g.players:>6} {g.version:>6}  "
            f"{g.updated_at:%Y-%m-%d %H:%M}"
        )
    return lines


async def export_lines(store: EventStore, game_id: int) -> list[str]:
    """The game as JSON lines: a header line, then one line per event."""
    game = await store.get_game(game_id)
    seats = await store.seats(game_id)
    header = {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "game": {
            "id": game.id,
            "game": game.game,
            "status": game.status,
            "players": game.players,
            "seed": game.seed,
            "options": json.loads(game.options),
        },
        "seats": [{"seat": s.seat, "name": s.name, "built_in": s.user_id is None} for s in seats],
    }
    lines = [json.dumps(header, sort_keys=True)]
    for row in await store.raw_events(game_id):
        lines.append(json.dumps(row, sort_keys=True, separators=(",", ":")))
    return lines


def read_export(lines: Iterable[str]) -> tuple[dict[str, Any], list[Any]]:
    """The header and the decoded events (upcast to today's versions) of an export. Anything
    else is a ToolError saying what is wrong: a header of the wrong shape, an unknown game, an
    event that is not one, and events whose `seq` do not run 1, 2, 3... (one missing, repeated
    or out of order would replay to another game)."""
    it = iter(lines)
    try:
        header = json.loads(next(it))
    except (StopIteration, json.JSONDecodeError, UnicodeDecodeError):
        raise ToolError("this is not a game export: its first line must be the header") from None
    if not isinstance(header, dict) or header.get("format") != EXPORT_FORMAT:
        raise ToolError("this is not a game export (made by `guildmaster export`)")
    version = header.get("version", 0)
    if not isinstance(version, int):
        raise ToolError("the export's header is damaged: its version is not a number")
    if version > EXPORT_VERSION:
        raise ToolError("this export is newer than this program; upgrade to replay it")
    definition = _definition_of(header)
    codec = Codec(definition.event_types, definition.upcasters)
    events = []
    expected = 1
    for n, line in enumerate(it, 2):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            seq = row["seq"] if isinstance(row, dict) else None
            if not isinstance(seq, int):
                raise ValueError("it has no seq")
            events.append(codec.from_builtins(codec.upcast(row["data"], row["version"])))
        except (KeyError, ValueError, TypeError, UnicodeDecodeError) as exc:
            raise ToolError(f"line {n} is not an event of this game: {exc}") from None
        if seq != expected:
            raise ToolError(
                f"line {n} holds event {seq} where event {expected} belongs: the export is "
                "missing, repeating or reordering events; export the game again"
            )
        expected += 1
    return header, events


def _definition_of(header: dict[str, Any]) -> Any:
    """The rules of the export's game, once its header's shape is checked."""
    game = header.get("game")
    seats = header.get("seats", [])
    shaped = (
        isinstance(game, dict)
        and isinstance(game.get("game"), str)
        and isinstance(game.get("id", 0), int)
        and isinstance(game.get("players", 0), int)
        and isinstance(seats, list)
        and all(
            isinstance(s, dict)
            and isinstance(s.get("seat"), int)
            and isinstance(s.get("name"), str)
            for s in seats
        )
    )
    if not shaped:
        raise ToolError("the export's header is damaged: export the game again")
    try:
        return get(game["game"])
    except KeyError:
        raise ToolError(
            f"this bot does not host the game {game['game']!r} of this export"
        ) from None


IMPORTED = "imported"  # the status of an imported game: in no channel, kept for the record


async def import_lines(store: EventStore, lines: Iterable[str]) -> int:
    """Store the game of an export (checked as `replay` checks it) as a new game; returns its
    id. A game already in the database with the same events is refused (ToolError naming it),
    so importing a file twice does not make two copies."""
    header, events = read_export(lines)
    g = header["game"]
    definition = get(g["game"])
    seed, options = g.get("seed", 0), g.get("options", {})
    if not isinstance(seed, int) or not isinstance(options, dict):
        raise ToolError("the export's header is damaged: its seed or options have the wrong type")
    if not events:
        raise ToolError("the export holds no events: there is no game to import")
    try:
        state: Any = None
        for e in events:
            state = definition.evolve(state, e)
    except Exception as exc:  # evolve of a doctored log: the file is wrong, not the program
        raise ToolError(f"the export's events do not replay ({type(exc).__name__})") from None
    for other in await store.list_games():
        same = (other.game, other.seed, other.players, other.version) == (
            definition.name,
            seed,
            g["players"],
            len(events),
        )
        if same and [e for _, e in await store.read(other.id)] == events:
            raise ToolError(
                f"this game is already in the database as game {other.id}; nothing was imported"
            )
    # A person's Discord id is not exported: 0 keeps the seat a person's (None is a built-in).
    seats = [
        (s["seat"], None if s.get("built_in") else 0, s["name"], None)
        for s in header.get("seats", [])
    ]
    # One transaction: a database failing half way leaves no empty game behind.
    return await store.import_game(
        definition.name,
        players=g["players"],
        seed=seed,
        options=options,
        status=IMPORTED,
        seats=seats,
        events=events,
    )


def backup_sqlite(url: str, output: str | None = None) -> Path:
    """Copy the SQLite database of `url` to `output` (by default beside it, named by the time)
    with SQLite's online backup API: a consistent copy even while the bot writes to it."""
    source = Path(make_url(url).database or "")
    if not source.is_file():
        raise ToolError(f"there is no database at {source}: check --database or the config")
    if output is None:
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        target = source.with_name(f"{source.stem}-{stamp}.backup{source.suffix}")
    else:
        target = Path(output)
    if target.exists():
        raise ToolError(f"{target} already exists: name another --output")
    # mode=rw: never create an empty database where the file has just vanished
    src = sqlite3.connect(f"{source.resolve().as_uri()}?mode=rw", uri=True)
    try:
        dst = sqlite3.connect(target)
        try:
            src.backup(dst)
            if dst.execute("PRAGMA quick_check").fetchone() != ("ok",):
                raise ToolError(f"the copy at {target} fails SQLite's check: is {source} damaged?")
        finally:
            dst.close()
    except sqlite3.Error as exc:
        target.unlink(missing_ok=True)
        raise ToolError(f"cannot back up {source}: {exc}") from None
    finally:
        src.close()
    return target


def pg_dump_command(url: str, output: str | None = None) -> str:
    """The pg_dump command that backs up the PostgreSQL database of `url` (its password left
    out: pg_dump reads PGPASSWORD or ~/.pgpass)."""
    parsed = make_url(url)
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    target = output or f"{parsed.database or 'guildmaster'}-{stamp}.dump"
    conn = URL.create(
        "postgresql",
        username=parsed.username,
        host=parsed.host,
        port=parsed.port,
        database=parsed.database,
        query=parsed.query,
    )
    dsn = conn.render_as_string(hide_password=False)
    return shlex.join(["pg_dump", "--format=custom", f"--file={target}", dsn])


def printable(text: str) -> str:
    """`text` without control characters (escape sequences, bells, carriage returns): names
    from a file are printed, never obeyed by the terminal."""
    return "".join(ch for ch in text if ch.isprintable())


def replay_lines(lines: Iterable[str], seat: int | None = None) -> Iterator[str]:
    """The game of an export, event by event, as the public saw it (or as seat `seat` saw it,
    once the game has ended), in the words of the game's presentation."""
    header, events = read_export(lines)
    definition = get(header["game"]["game"])
    shown = hosted.presentation(definition.name)
    word = shown.seat_word
    state: Any = None
    for e in events:
        state = definition.evolve(state, e)
    if state is None:
        raise ToolError("the export holds no events")
    g = header["game"]
    players = g["players"]
    if seat is not None:
        if not definition.is_over(state):
            raise ToolError(
                f"a {word}'s own view is shown only once the game has ended; replay without --seat"
            )
        if not 0 <= seat < players:
            raise ToolError(f"--seat must be a {word} number from 1 to {players}")
    seats = tuple(
        Seat(s["seat"], None if s.get("built_in") else 0, printable(s["name"]))
        for s in sorted(header.get("seats", []), key=lambda s: s["seat"])
    )
    when = datetime.now(UTC)
    info = GameInfo(
        id=g["id"],
        game=definition.name,
        status=g.get("status", "ended"),
        players=players,
        seed=g.get("seed", 0),
        options=json.dumps(g.get("options", {})),
        discord_guild_id=None,
        channel_id=None,
        host_id=None,
        created_at=when,
        updated_at=when,
        version=len(events),
    )
    before: Moment | None = None
    state = None
    for n, e in enumerate(events):
        state = definition.evolve(state, e)
        after = Moment(definition, info, seats, state)
        seen = Passage.of(before, after, (e,)).seen(seat, by=None, replaying=False)
        if n == 0:
            who = "the public" if seat is None else shown.seat_name(seen.table, seat)
            yield f"{definition.title} — game {g['id']}, {players} {word}s, as seen by {who}"
            yield "Setup"
        yield from shown.transcript(seen)
        before = after
    # The recap the channel was given after the final standings, drawn from the same events.
    if definition.is_over(state):
        by_seat = {s.seat: s.name for s in seats}
        lines = recap(definition.name, events, [by_seat.get(i, "") for i in range(players)])
        if lines:
            yield "Recap"
            yield from lines
