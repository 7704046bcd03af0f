"""Memory bounds of the bot (issue 26): what it keeps per game in play is bounded, and what it
drops is read back from the store when needed, with the same result for the players.

- Updates that wait for their turn are queued without their states (`_Waiting`): their states
  are read back when their turn comes, and the posts are those of updates that kept theirs.
- The store reads back the state after any event (`EventStore.load_at`), from its snapshot when
  taken at or before that event, else from the first event.
- discord.py's rate-limit buckets are dropped once spent (bot/chat/ratelimits.py).
"""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from discord.http import Ratelimit

from bot.chat.notifier import HANDLING_AT_ONCE, _Waiting
from bot.chat.ratelimits import SPENT_AFTER, drop_spent
from bot.service import StateCache
from games.guild_master import GAME
from games.guild_master.rules.state import Phase
from tests.bot.fakes import CHANNEL, who
from tests.bot.test_evicted_games import KIM, MORGAN, SEED, Table, elsewhere, kims_move, start


async def test_updates_queued_without_their_states_make_the_same_posts(tmp_path):
    """Two tables deal the same game. On one, every update waits for its turn (all the
    notifier's places are taken while Kim and the built-in rival move) and the service keeps
    one game's state (another game is used in between), so the waiting updates' states are read
    back, from the kept moment, the service or the store, when their turn comes. Every post,
    every DM and every state agree with the table whose updates kept their states."""
    keeping = await Table.open(str(tmp_path / "keep.sqlite3"), StateCache())
    waiting = await Table.open(str(tmp_path / "wait.sqlite3"), StateCache(size=1))
    try:
        game = await start(keeping, who(KIM, "Kim"), SEED)
        assert await start(waiting, who(KIM, "Kim"), SEED) == game
        other = await start(waiting, elsewhere(MORGAN, "Morgan"), SEED + 1)
        places = waiting.notifier._handling
        phases = set()
        queued = 0
        for n in range(120):
            for _ in range(HANDLING_AT_ONCE):
                await places.acquire()
            answer = await kims_move(waiting, game)
            assert answer == await kims_move(keeping, game)
            await waiting.service.settle()  # the rival's moves, queued too
            await waiting.service.load(other)  # this game's state is dropped
            queue = waiting.notifier._queues.get(game)
            items = list(queue) if queue is not None else []
            assert all(isinstance(item, _Waiting) for item in items)
            queued += len(items)
            if n % 3 == 0:  # as if other games' updates had pushed out its last moment
                waiting.notifier._last.clear()
            for _ in range(HANDLING_AT_ONCE):
                places.release()
            await keeping.settle()
            await waiting.settle()
            kept = await keeping.service.load(game)
            assert await waiting.service.load(game) == kept
            phases.add(kept[0].phase)
            if answer is None:
                break
        assert {Phase.ORDERS, Phase.PLOT} <= phases
        assert queued >= 20
        assert waiting.poster.channel_text(CHANNEL) == keeping.poster.channel_text(CHANNEL)
        kim_dms = [waiting.poster.messages[m].current for m in waiting.poster.dms[KIM]]
        assert kim_dms == [keeping.poster.messages[m].current for m in keeping.poster.dms[KIM]]
    finally:
        await keeping.close()
        await waiting.close()


async def test_the_store_reads_back_the_state_after_any_event(tmp_path):
    """`load_at(version)` is the fold of the game's events up to `version`, for every version
    of a game played into its rounds: before and after each snapshot (one at every round's end)."""
    table = await Table.open(str(tmp_path / "states.sqlite3"), StateCache())
    try:
        game = await start(table, who(KIM, "Kim"), SEED)
        for _ in range(40):
            if await kims_move(table, game) is None:
                break
            await table.settle()
        state, version = await table.service.load(game)
        assert state.round >= 2
        folded = None
        for seq, event in await table.store.read(game):
            folded = GAME.evolve(folded, event)
            assert await table.store.load_at(game, seq) == folded
        assert seq == version and folded == state
    finally:
        await table.close()


async def test_spent_rate_limit_buckets_are_dropped_and_busy_ones_kept():
    """discord.py's table of rate-limit buckets keeps a bucket while a request is in flight or
    waits, while its window is not over, and for SPENT_AFTER seconds after its last request;
    a bucket past all three is dropped at the next scan (a new one is made at its next use)."""
    loop = asyncio.get_running_loop()
    http = SimpleNamespace(_buckets={})
    now = loop.time()

    def bucket(**changes: Any) -> Ratelimit:
        b = Ratelimit(None)
        b._last_request = now - SPENT_AFTER - 1
        for name, value in changes.items():
            setattr(b, name, value)
        return b

    http._buckets = {
        "spent": bucket(),
        "window over": bucket(expires=now - 1),
        "used just now": bucket(_last_request=now),
        "in flight": bucket(outgoing=1),
        "window not over": bucket(remaining=0, expires=now + 60),
    }
    waiting = bucket()
    waiting._pending_requests.append(loop.create_future())
    http._buckets["a request waits"] = waiting
    drop_spent(http)  # type: ignore[arg-type]
    assert sorted(http._buckets) == [
        "a request waits",
        "in flight",
        "used just now",
        "window not over",
    ]
