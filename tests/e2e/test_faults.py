"""Faults (issue 8): Discord answering 429 and 5xx for a while, the database stopped and
restarted, and the bot process SIGKILLed at random moments under a load of games."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.e2e.test_games import lobby
from tests.e2e.test_robustness import first_team, setup_choices


def bot_posts(fake, channels) -> list:
    """Every message the bot created in `channels` (channel and DM channels)."""
    return [m for c in channels for m in fake.messages(c) if m.author_id == fake.bot.id]


def duplicates(posts) -> list:
    """Logical posts that appear more than once: the same nonce, or the same text and
    pictures in the same channel."""
    by_nonce = Counter((m.channel_id, m.nonce) for m in posts if m.nonce is not None)
    by_text = Counter(
        (m.channel_id, m.text(), tuple(a.filename for a in m.attachments)) for m in posts
    )
    return [k for k, n in by_nonce.items() if n > 1] + [k for k, n in by_text.items() if n > 1]


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
        assert sum("your orders" in m.text() for m in fake.dms(user)) == 1
    print(f"\n429/5xx answers: {hits}; bot messages: {len(posts)}; duplicates: 0")


async def test_postgresql_stopped_and_restarted_while_commands_arrive(world, pg_server):
    """The bot on PostgreSQL; the server is stopped in the middle of an Order Phase. Clicks and
    commands in that window are answered "try again" and change nothing; what was acknowledged
    before is kept; once the server is back the same clicks go through and the game goes on."""
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
    pg_server.halt()
    try:
        during = [
            await fake.click(kim, fake.message(boards[0].id), "gm:obready:1:0:1"),
            await fake.select(
                chris, boards[1], "gm:obteam:1:1:1", await first_team(world, boards[1], 1)
            ),
            await fake.slash(chris, world.channel, "gm status"),
            await fake.slash(kim, world.channel, "gm pause"),
        ]
        for rec in during:
            reply = await rec.wait_reply(timeout=10)
            assert reply.ephemeral and "Try again in a moment" in reply.text(), reply.text()
    finally:
        pg_server.resume()
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
    print(f"\nPostgreSQL down: {len(during)} commands answered 'try again', 0 written, 0 lost")
