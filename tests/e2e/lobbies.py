"""Opening a game as its players do, and playing it to its end: what the end-to-end tests of
every game share (the `world` fixture of conftest.py)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

from tests.e2e.people import anything_new


async def open_lobby(
    world: Any,
    game: str,
    title: str,
    *names: str,
    seed: int | None = None,
    game_id: int = 1,
    channel: Any = None,
    **options: Any,
) -> Any:
    """`/gm create game:<game>` by the first of `names` (with `options`, such as `players`),
    the others join with the lobby's button, the game's seed is set if one is given (so the
    game is the same every run), the host starts; returns the lobby message. Built-in players
    fill the empty seats unless `bots=False`."""
    fake = world.fake
    channel = channel or world.channel
    host, *others = names
    rec = await fake.slash(world.users[host], channel, "gm create", game=game, **options)
    lobby = await rec.wait_reply(timeout=10)
    assert f"{title} — game" in lobby.text(), lobby.text()
    for name in others:
        join = await fake.click(
            world.users[name], fake.message(lobby.id), f"gm:lobby:{game_id}:0:join"
        )
        await join.wait_reply(timeout=10)
    if seed is not None:
        await world.bot.store.update_game(game_id, seed=seed)
    start = await fake.slash(world.users[host], channel, "gm start")
    assert "The game begins" in (await start.wait_reply(timeout=10)).text()
    return lobby


async def play_until_ended(
    world: Any, people: Sequence[Any], limit: float, done: Callable[[], bool] | None = None
) -> None:
    """Everybody answers (`act_once`) until game 1 has ended (or until `done()`, when given),
    within `limit` seconds."""
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while not (done() if done is not None else await _ended(world)):
        assert loop.time() < end, "the game did not end in time"
        acted = False
        for p in people:
            acted = await p.act_once() or acted
        if not acted:
            await anything_new(world.fake)
    await world.settled()


async def _ended(world: Any) -> bool:
    return (await world.bot.store.get_game(1)).status == "ended"
