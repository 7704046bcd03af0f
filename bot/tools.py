"""Operator tools: list games, export one as JSON lines, replay an export round by round."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from bot.store import EventStore
from engine.core import PUBLIC, Codec, Seat, get
from games.guild_master.presentation.text import Names, narrate
from games.guild_master.rules import events as ev
from games.guild_master.rules.content import load_pack
from games.guild_master.rules.state import GameState, Phase

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
    """The header and the decoded events (upcast to today's versions) of an export."""
    it = iter(lines)
    try:
        header = json.loads(next(it))
    except (StopIteration, json.JSONDecodeError):
        raise ToolError("this is not a game export: its first line must be the header") from None
    if header.get("format") != EXPORT_FORMAT:
        raise ToolError("this is not a game export (made by `guildmaster export`)")
    if header.get("version", 0) > EXPORT_VERSION:
        raise ToolError("this export is newer than this program; upgrade to replay it")
    definition = get(header["game"]["game"])
    codec = Codec(definition.event_types, definition.upcasters)
    events = []
    for n, line in enumerate(it, 2):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            events.append(codec.from_builtins(codec.upcast(row["data"], row["version"])))
        except (KeyError, ValueError, TypeError) as exc:
            raise ToolError(f"line {n} is not an event of this game: {exc}") from None
    return header, events


def replay_lines(lines: Iterable[str], seat: int | None = None) -> Iterator[str]:
    """The game of an export, round by round, as the public saw it (or as guild `seat` saw it,
    once the game has ended)."""
    header, events = read_export(lines)
    definition = get(header["game"]["game"])
    state: Any = None
    for e in events:
        state = definition.evolve(state, e)
    if state is None:
        raise ToolError("the export holds no events")
    if seat is not None:
        if state.phase is not Phase.ENDED:
            raise ToolError(
                "a guild's own view is shown only once the game has ended; replay without --seat"
            )
        if not 0 <= seat < state.players:
            raise ToolError(f"--seat must be a guild number from 1 to {state.players}")
    audience = PUBLIC if seat is None else Seat(seat)
    players = [s["name"] for s in sorted(header.get("seats", []), key=lambda s: s["seat"])]
    names = Names(load_pack(state.pack), players)
    g = header["game"]
    who = "the public" if seat is None else names.guild(seat)
    yield f"{definition.title} — game {g['id']}, {g['players']} guilds, as seen by {who}"
    yield "Setup"
    state = None
    for e in events:
        state = definition.evolve(state, e)
        if isinstance(e, ev.RoundStarted):
            yield ""
        view = definition.view(state, audience)
        line = narrate(definition.event_view(e, audience), view, audience, names)
        if line is not None:
            yield f"  {line}"
        if isinstance(e, ev.RoundEnded | ev.GameEnded):
            yield from standings(state, names)


def standings(state: GameState, names: Names) -> Iterator[str]:
    """Each guild's public position."""
    pack = names.pack
    yield "  Standings:"
    for g in sorted(state.guilds, key=lambda g: -g.fame):
        upgrades = [
            f"Stables {'I' * g.stables}",
            f"Mess Hall {'I' * g.mess_hall}",
            f"Bar {'I' * g.bar}",
        ]
        upgrades += [pack.skill_upgrades[u.slug].name for u in g.skill_upgrades]
        if g.prestige:
            upgrades.append(pack.prestige[g.prestige].name)
        yield (
            f"    {names.guild(g.seat):<20} Fame {g.fame:>3}  Gold {g.gold:>3}  "
            f"adventurers {len(g.adventurers)}  contracts {len(g.completed)}  "
            f"upgrades: {', '.join(upgrades)}"
        )
