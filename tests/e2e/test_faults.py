"""Faults (issue 8): Discord answering 429 and 5xx for a while, the database stopped and
restarted, and the bot process SIGKILLed at random moments under a load of games."""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
import random
import signal
import time
from bisect import bisect
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest
from sqlalchemy import select

from bot.chat.notifier import game_of_nonce
from bot.loopback import LoopbackError
from bot.store import EventStore, sqlite_url
from bot.store.schema import CommandRow
from games.guild_master import GAME
from tests.e2e.people import Player, Sent
from tests.e2e.test_games import lobby
from tests.e2e.test_robustness import first_team, setup_choices
from tests.loopback.botproc import guildmaster_process
from tests.store.test_faults import check_log


def bot_posts(fake, channels) -> list:
    """Every message the bot created in `channels` (channel and DM channels)."""
    return [m for c in channels for m in fake.messages(c) if m.author_id == fake.bot.id]


def as_made(m) -> str:
    """A message's text as it was first made (before any edit)."""
    first = m.history[0] if m.history else {"content": m.content, "embeds": m.embeds}
    parts = [first["content"] or ""]
    parts += [f"{e.get('title', '')}|{e.get('description', '')}" for e in first["embeds"] or []]
    return "\n".join(parts)


def pictures(m) -> tuple[str, ...]:
    """A message's attachments, by name and content (a picture of a game state is drawn the
    same each time)."""
    return tuple(f"{a.filename}:{hashlib.blake2s(a.data).hexdigest()[:16]}" for a in m.attachments)


def per_game(posts) -> list[list]:
    """A table's channel posts by the notifier (answers to interactions are each their own),
    by the game whose update made them, as their nonces say (a game's last posts may land
    after the next game's first: each game has its own notifier queue)."""
    games: dict[int | None, list] = {}
    for m in posts:
        if m.interaction_id is None:
            games.setdefault(game_of_nonce(m.nonce), []).append(m)
    assert None not in games, [as_made(m)[:60] for m in games[None]]
    return list(games.values())


def duplicates(posts) -> list:
    """Logical posts that were made more than once: (channel, nonce) pairs, or (channel, text
    as first made, pictures) triples seen twice."""
    by_nonce = Counter((m.channel_id, m.nonce) for m in posts if m.nonce is not None)
    by_text = Counter((m.channel_id, as_made(m), pictures(m)) for m in posts)
    return [k for k, n in by_nonce.items() if n > 1] + [k for k, n in by_text.items() if n > 1]


def dm_duplicates(fake, table: Table, person: Player) -> list:
    """DMs the bot made twice to a person within one round of one game at the table: the same
    text and pictures. (Prompts repeat from round to round, so DMs are cut where the table's
    channel starts a game or a round.)"""
    starts = sorted(
        m.created_rev
        for m in bot_posts(fake, [table.channel])
        if m.interaction_id is None
        and (as_made(m).startswith("**Setup**") or "Start of Round" in as_made(m))
    )
    made = Counter(
        (bisect(starts, m.created_rev), as_made(m), pictures(m))
        for m in bot_posts(fake, [fake.dm_channel(person.user)])
        if m.interaction_id is None
    )
    return [(person.user.username, *k) for k, n in made.items() if n > 1]


async def test_discord_answering_429_and_5xx_for_a_while(world):
    """While every post and edit of the bot meets 429s (with retry headers), 503s (which
    discord.py does not retry), and 500s and 503s answered after the message was made, the
    game goes on: every board and the reveal arrive, and no post or DM is made twice."""
    fake = world.fake
    kim, chris = world.users["kim"], world.users["chris"]
    world.bot.notifier.poster.delays = (0.2, 0.5, 1.0, 1.0, 2.0, 2.0, 4.0)
    await lobby(world, "kim", "chris", players=2, bots=False)
    await world.settled()
    rules = [
        fake.rate_limit("POST /channels/*/messages", count=3, retry_after=0.3),
        fake.fail_requests("POST /channels/*/messages", count=2, status=503),
        fake.fail_requests("POST /channels/*/messages", count=2, status=503, after=True),
        fake.fail_requests("POST /channels/*/messages", count=1, status=500, after=True),
        fake.rate_limit("PATCH /channels/*/messages/*", count=2, retry_after=0.3),
        fake.fail_requests("PATCH /channels/*/messages/*", count=2, status=503),
    ]
    await setup_choices(world, "kim", "chris")
    for user, seat in ((kim, 0), (chris, 1)):
        board = await fake.wait_for_dm(user, contains="your orders", timeout=30)
        team = await first_team(world, board, seat)
        picked = await fake.select(user, board, f"gm:obteam:1:{seat}:1", team)
        await picked.wait_reply(timeout=10)
        ready = await fake.click(user, fake.message(board.id), f"gm:obready:1:{seat}:1")
        await ready.wait_reply(timeout=10)
    await fake.wait_for_message(channel=world.channel, contains="Orders revealed", timeout=60)
    await world.settled()
    hits = sum(r.hits for r in rules)
    assert all(r.remaining == 0 for r in rules), [r.snapshot() for r in rules]
    posts = bot_posts(fake, [world.channel, fake.dm_channel(kim), fake.dm_channel(chris)])
    assert duplicates(posts) == []
    for user in (kim, chris):
        boards = [as_made(m) for m in fake.dms(user) if "your orders" in as_made(m)]
        assert sum("Round 1 of" in b for b in boards) == 1  # (the game may be in round 2)
    print(f"\n429/5xx answers: {hits}; bot messages: {len(posts)}; duplicates: 0")


async def test_postgresql_stopped_and_restarted_while_commands_arrive(world, pg_server, caplog):
    """The bot on PostgreSQL; the server is stopped in the middle of an Order Phase. Clicks and
    commands in that window are answered "Not saved: the bot cannot reach its database" (not
    "busy": waiting a moment will not mend it), logged at error level, and change nothing; the
    bot stays up; what was acknowledged before is kept; once the server is back the same clicks
    go through and the game goes on. (A question that writes nothing, /gm status, may be
    answered from the bot's memory.)"""
    if isinstance(pg_server, str):
        pytest.skip(f"PostgreSQL tests skipped: {pg_server}")
    fake = world.fake
    kim, chris = world.users["kim"], world.users["chris"]
    pg_server.psql("CREATE DATABASE bot_outage")
    await world.stop_bot()
    await world.start_bot(database_url=pg_server.url("bot_outage"))
    await lobby(world, "kim", "chris", players=2, bots=False)
    await setup_choices(world, "kim", "chris")
    boards = {}
    for user, seat in ((kim, 0), (chris, 1)):
        boards[seat] = await fake.wait_for_dm(user, contains="your orders", timeout=10)
    team = await first_team(world, boards[0], 0)
    before = await fake.select(kim, boards[0], "gm:obteam:1:0:1", team)
    await before.wait_reply(timeout=10)
    await world.settled()
    caplog.set_level(logging.ERROR)
    pg_server.halt()
    try:
        during = [
            await fake.click(kim, fake.message(boards[0].id), "gm:obready:1:0:1"),
            await fake.select(
                chris, boards[1], "gm:obteam:1:1:1", await first_team(world, boards[1], 1)
            ),
            await fake.slash(kim, world.channel, "gm pause"),
        ]
        for rec in during:
            reply = await rec.wait_reply(timeout=10)
            assert reply.ephemeral and reply.text().startswith(
                "**Not saved:** the bot cannot reach its database, so nothing was changed."
            ), reply.text()
        # A question that writes nothing may be answered from what the bot keeps in memory.
        status = await (await fake.slash(chris, world.channel, "gm status")).wait_reply(timeout=10)
        assert "Order Phase" in status.text() or "cannot reach its database" in status.text()
    finally:
        pg_server.resume()
    refusals = [
        r.getMessage()
        for r in caplog.records
        if r.levelname == "ERROR" and "not saved: cannot reach the database" in r.getMessage()
    ]
    assert {str(rec.id) for rec in during} <= {m.split()[1] for m in refusals}, refusals
    store = world.bot.store
    assert await store.command(1, str(before.id)) is not None  # acknowledged before: kept
    for rec in during:
        assert await store.command(1, str(rec.id)) is None  # refused: nothing written
    for user, seat in ((chris, 1), (kim, 0)):
        board = fake.message(boards[seat].id)
        if seat == 1:
            picked = await fake.select(
                user, board, "gm:obteam:1:1:1", await first_team(world, board, 1)
            )
            await picked.wait_reply(timeout=10)
            board = fake.message(board.id)
        ready = await fake.click(user, board, f"gm:obready:1:{seat}:1")
        await ready.wait_reply(timeout=10)
    await fake.wait_for_message(channel=world.channel, contains="Orders revealed", timeout=20)
    print(f"\nPostgreSQL down: {len(during)} commands answered 'Not saved', 0 written, 0 lost")


@dataclass
class Table:
    """A channel where two people play one game after another."""

    channel: Any
    host: Player
    guest: Player
    games: list[int] = field(default_factory=list)


def applied(sent: Sent) -> bool:
    """Did the answer the player saw say that their command was carried out?"""
    if sent.text is None:
        return False
    data = sent.record.data
    custom_id = data.get("custom_id", "")
    if custom_id.startswith(("gm:optsel:", "gm:opt:", "gm:default:")):
        return "Done:" in sent.text
    if custom_id.startswith("gm:obready:") and custom_id.endswith(":1"):
        game, seat = custom_id.split(":")[2:4]
        return "revealed" in sent.text or f"gm:obready:{game}:{seat}:0" in sent.custom_ids
    if custom_id.startswith("gm:obteam:"):
        if "your orders" not in sent.text:  # the board had closed: nothing was chosen
            return False
        message = sent.record.payload["message"]
        options = next(
            c["options"]
            for row in message["components"]
            for c in row["components"]
            if c.get("custom_id") == custom_id
        )
        before = sorted(o["value"] for o in options if o.get("default"))
        return sorted(data.get("values", [])) != before and "⚠" not in sent.text
    return False


STALL_SECONDS = 90.0  # a table whose game does not move for this long has stalled


def carried_out(sent: list[Sent]) -> list[Sent]:
    """A player's interactions whose answer said they were carried out. A team chosen again
    on a board whose earlier choice went unanswered is left out: that choice may have been
    recorded before the bot died, and then choosing the same team again changes nothing."""
    unanswered: set[int] = set()
    out = []
    for s in sent:
        if s.text is None:
            unanswered.add(s.record.message_id)
        elif applied(s) and not (
            s.record.data.get("custom_id", "").startswith("gm:obteam:")
            and s.record.message_id in unanswered
        ):
            out.append(s)
    return out


@pytest.mark.parametrize("stop", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
async def test_the_bot_killed_and_restarted_under_a_load_of_games(world, stop):
    """GM_KILL_GAMES tables (3) play game after game through the bot run as a process, which
    is killed (SIGKILL) or stopped (SIGTERM, as Heroku, `docker stop` and systemd do) at random
    moments (seeded by GM_KILL_SEED) and restarted, GM_KILL_CYCLES times (3). A stop by SIGTERM
    ends with exit status 0 and nothing left to post in any game. Afterwards every command
    whose answer said it was carried out is in the store (under its interaction id); no
    interaction is recorded twice, in any game, and no batch bears a key
    nobody sent; every log is whole command batches; no channel post is made twice in a game and
    no DM twice in a round; and every game still running goes on: each table sees orders
    revealed again after the last restart."""
    cycles = int(os.environ.get("GM_KILL_CYCLES", "3"))
    tables_n = int(os.environ.get("GM_KILL_GAMES", "3"))
    rng = random.Random(int(os.environ.get("GM_KILL_SEED", "8")))
    fake = world.fake
    await world.stop_bot()  # this test runs the bot as a real process
    tables = []
    for i in range(tables_n):
        channel = fake.create_channel(world.guild, f"table-{i}")
        people = []
        for role in ("host", "guest"):
            user = fake.create_user(f"{role}{i}")
            fake.add_member(world.guild, user)
            people.append(Player(fake, user, patient=True, timeout=6.0))
        tables.append(Table(channel, *people))
    proc = guildmaster_process(fake, world.db)
    store = None
    killer_done = asyncio.Event()
    final_mark: list[int] = []
    unposted: list[int] = []  # games with events not yet posted when a SIGTERM stop ended
    survived = 0
    started = time.monotonic()

    async def restarted(before: dict) -> None:
        await fake.wait_for(
            lambda: any(
                s.connected and s not in before.values() for s in fake.gateway.active.values()
            ),
            what="the restarted bot's own gateway session",
            timeout=60,
        )

    async def killer() -> None:
        nonlocal proc, survived
        for _ in range(cycles):
            await asyncio.sleep(rng.uniform(0.5, 3.0))
            before = dict(fake.gateway.active)
            proc.send_signal(stop)
            code = await asyncio.to_thread(proc.wait, 30)
            if stop == signal.SIGTERM:
                assert code == 0, f"exit status {code} after SIGTERM"
                for game in await store.list_games():
                    posted = await store.notified(game.id)
                    if posted is not None and posted < game.version:
                        unposted.append(game.id)
            proc = guildmaster_process(fake, world.db)
            await restarted(before)
            survived += 1
        final_mark.append(fake.mark())
        killer_done.set()

    def revealed_since(table: Table, mark: int) -> bool:
        return any(
            m.created_rev > mark and "Orders revealed" in m.text()
            for m in fake.messages(table.channel)
        )

    async def step(table: Table) -> tuple | None:
        """One move at the table: open a game, join it, start it, or answer a prompt. Returns
        where the table's game was (to see that it moves on)."""
        games = await store.list_games(channel_id=table.channel.id)
        current = games[-1] if games else None
        where = None if current is None else (current.id, current.status, current.version)
        host, guest = table.host, table.guest
        if current is None or current.status in ("ended", "abandoned"):
            rec = await fake.slash(host.user, table.channel, "gm create", players=2, bots=False)
            await host.wait(rec)
        elif current.status == "lobby":
            seats = await store.seats(current.id)
            if len(seats) < 2:
                await guest.wait(await fake.slash(guest.user, table.channel, "gm join"))
            else:
                await host.wait(await fake.slash(host.user, table.channel, "gm start"))
        else:
            if current.id not in table.games:
                table.games.append(current.id)
            acted = [await p.act_once() for p in (host, guest)]
            if not any(acted):
                await asyncio.sleep(0.3)
        return where

    async def stalled(table: Table) -> str:
        """What a stalled table shows, for the failure message."""
        games = await store.list_games(channel_id=table.channel.id)
        lines = [f"table {table.channel.name} stalled: games {[(g.id, g.status) for g in games]}"]
        if games and games[-1].status == "running":
            state = (await store.load(games[-1].id)).state
            lines.append(f"waiting for: {[(d.seat, d.kind) for d in GAME.pending(state)]}")
        for p in (table.host, table.guest):
            for m in fake.dms(p.user)[-3:]:
                lines.append(f"{p.user.username} DM: {m.text()[:80]!r} {m.custom_ids()[:3]}")
        return "\n".join(lines)

    async def play(table: Table) -> None:
        where, moved = None, time.monotonic()
        while not (killer_done.is_set() and revealed_since(table, final_mark[0])):
            assert time.monotonic() - moved < STALL_SECONDS, await stalled(table)
            try:
                now = await step(table)
            except LoopbackError:  # the bot is down, or a message changed under the person
                await asyncio.sleep(0.3)
                continue
            if now != where:
                where, moved = now, time.monotonic()

    try:
        await fake.wait_until_connected(timeout=30)
        await fake.wait_for_commands("gm", timeout=30)
        store = await EventStore.open(sqlite_url(str(world.db)), migrate=False)
        await asyncio.gather(killer(), *(play(t) for t in tables))
        sent = [s for t in tables for p in (t.host, t.guest) for s in p.sent]
        acknowledged = [s for s in sent if s.text is not None]
        carried = [s for t in tables for p in (t.host, t.guest) for s in carried_out(p.sent)]
        lost = []
        game_ids = {g for t in tables for g in t.games}
        for s in carried:
            game = int(s.record.data["custom_id"].split(":")[2])
            if await store.command(game, str(s.record.id)) is None:
                lost.append(s)
        async with store.engine.connect() as conn:
            rows = (await conn.execute(select(CommandRow.game_id, CommandRow.key))).all()
        # A command is applied once: no interaction is recorded in two games, and no batch
        # bears a key that no person sent (a command replayed on its own after a restart).
        sent_ids = {str(s.record.id) for s in sent}
        keys = Counter(r.key for r in rows)
        duplicated = [k for k, n in keys.items() if n > 1]
        phantom = [
            (r.game_id, r.key)
            for r in rows
            if r.key not in sent_ids and not r.key.startswith(("start:", "deadline:"))
        ]
        doubled = [
            d for t in tables for g in per_game(bot_posts(fake, [t.channel])) for d in duplicates(g)
        ]
        doubled += [d for t in tables for p in (t.host, t.guest) for d in dm_duplicates(fake, t, p)]
        for game in game_ids:
            await check_log(sqlite_url(str(world.db)), 0, game)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        if store is not None:
            await store.close()
    print(
        f"\n{signal.Signals(stop).name} restart cycles survived: {survived}; "
        f"games: {len(game_ids)}; interactions: "
        f"{len(sent)}, acknowledged {len(acknowledged)}, carried out {len(carried)}; "
        f"lost {len(lost)}, duplicated {len(duplicated)}, replayed unasked {len(phantom)}; "
        f"posts and DMs made twice {len(doubled)}; "
        f"{time.monotonic() - started:.0f} s"
    )
    assert survived == cycles
    assert not unposted, unposted
    assert not lost, [s.record.describe() for s in lost]
    assert not duplicated, duplicated
    assert not phantom, phantom
    assert not doubled, doubled
