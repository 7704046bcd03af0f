"""Games dropped from memory (issue 26): the service keeps the states of the games used last
only (`StateCache`); a game it dropped is loaded from its snapshot and the events after it at
the next click. Players never see the difference: the same click gets the same answer, a
repeated click is still applied once, two clicks at once are one move, and a new process plays
on where the old one stopped."""

from __future__ import annotations

import asyncio

from bot.chat.actions import Actions, Who
from bot.chat.notifier import Notifier
from bot.service import GameService, StateCache
from bot.store import EventStore, sqlite_url
from games.guild_master import GAME
from games.guild_master.rules.state import Phase
from tests.bot.fakes import CHANNEL, GUILD, FakePoster, settle, who
from tests.bot.test_actions import controls, text

KIM, CHRIS, MORGAN = 1, 2, 3
SEED = 26
OTHER_CHANNEL = 556


class Table:
    """A service, its notifier and handlers over one database file."""

    def __init__(self, store: EventStore, cache: StateCache, poster: FakePoster) -> None:
        self.store = store
        self.cache = cache
        self.service = GameService(store, cache=cache)
        self.poster = poster
        self.notifier = Notifier(self.service, poster)
        self.service.listeners.append(self.notifier)
        self.actions = Actions(self.service, rate_limit=10_000)

    @classmethod
    async def open(cls, path: str, cache: StateCache, poster: FakePoster | None = None) -> Table:
        return cls(await EventStore.open(sqlite_url(path)), cache, poster or FakePoster())

    async def settle(self) -> None:
        await settle(self.service, self.notifier)

    async def close(self) -> None:
        await self.service.settle()
        await self.notifier.idle()
        await self.store.close()


def elsewhere(user: int, name: str) -> Who:
    """A member in the other channel, where the second game is played."""
    return Who(
        user_id=user,
        name=name,
        interaction=f"{user}-{OTHER_CHANNEL}-{name}",
        channel_id=OTHER_CHANNEL,
        guild_id=GUILD,
        is_admin=False,
    )


async def start(table: Table, host: Who, seed: int) -> int:
    """A 2-player game, the host against a built-in player, dealt from `seed`."""
    reply = await table.actions.create(host, players=2)
    game_id = max(g for g, _ in await table.store.games_of_user(host.user_id))
    await table.store.update_game(game_id, seed=seed)
    assert "The game begins" in text(await table.actions.start(host)), text(reply)
    await table.settle()
    return game_id


async def kims_move(table: Table, game_id: int) -> str | None:
    """Kim answers what the game asks of her through the controls a player would use (orders:
    two adventurers on order 1, then Ready); the answers' texts, or None once the game ended."""
    state, _ = await table.service.load(game_id)
    if state.phase is Phase.ENDED:
        return None
    mine = [d for d in GAME.pending(state) if d.seat == 0]
    assert mine, "the game waits for nobody"
    if mine[0].kind == "orders":
        team = list(state.guilds[0].adventurers[:2])
        first = await table.actions.control(who(KIM), f"gm:obteam:{game_id}:0:1", team)
        ready = await table.actions.control(who(KIM), f"gm:obready:{game_id}:0:1")
        return text(first) + "\n" + text(ready)
    prompt = table.poster.last_dm(KIM).current
    for c in controls(prompt):
        if any(k in c.custom_id for k in (":default:", ":opt:", ":rollgo:")):
            return text(await table.actions.control(who(KIM), c.custom_id))
    select = next(c for c in controls(prompt) if ":optsel:" in c.custom_id)
    return text(await table.actions.control(who(KIM), select.custom_id, [select.options[0].value]))


async def test_a_game_dropped_from_memory_between_clicks_plays_on_with_the_same_answers(tmp_path):
    """Two tables deal the same game; one keeps its state, the other keeps one game only and
    plays a second game between every two clicks of the first, so the first is loaded from the
    store at every click, in every phase. Every answer, every post and every state agree."""
    keeping = await Table.open(str(tmp_path / "keep.sqlite3"), StateCache())
    dropping = await Table.open(str(tmp_path / "drop.sqlite3"), StateCache(size=1))
    try:
        game = await start(keeping, who(KIM, "Kim"), SEED)
        assert await start(dropping, who(KIM, "Kim"), SEED) == game
        other = await start(dropping, elsewhere(MORGAN, "Morgan"), SEED + 1)
        phases = set()
        for _ in range(120):
            await dropping.service.load(other)  # the other game is used: this one is dropped
            assert game not in dropping.cache
            answer = await kims_move(dropping, game)
            assert answer == await kims_move(keeping, game)
            await keeping.settle()
            await dropping.settle()
            kept, version = await keeping.service.load(game)
            assert await dropping.service.load(game) == (kept, version)
            phases.add(kept.phase)
            if answer is None:
                break
        assert {Phase.ORDERS, Phase.PLOT} <= phases
        assert dropping.poster.channel_text(CHANNEL) == keeping.poster.channel_text(CHANNEL)
        kim_dms = [dropping.poster.messages[m].current for m in dropping.poster.dms[KIM]]
        assert kim_dms == [keeping.poster.messages[m].current for m in keeping.poster.dms[KIM]]
    finally:
        await keeping.close()
        await dropping.close()


async def test_a_game_idle_for_a_while_is_dropped_and_its_next_click_works(tmp_path):
    now = [0.0]
    cache = StateCache(size=100, idle=60.0, clock=lambda: now[0])
    table = await Table.open(str(tmp_path / "idle.sqlite3"), cache)
    try:
        game = await start(table, who(KIM, "Kim"), SEED)
        other = await start(table, elsewhere(MORGAN, "Morgan"), SEED + 1)
        assert game in cache and other in cache
        now[0] = 30.0
        await table.service.load(other)
        now[0] = 61.0  # the first game idle for a minute: the next use of the cache drops it
        await table.service.load(other)
        assert game not in cache and other in cache
        assert await kims_move(table, game)  # setup's choice, from the store
        await table.settle()
        assert game in cache
        state, _ = await table.service.load(game)
        assert state.phase is not Phase.SETUP or not any(
            d.seat == 0 for d in GAME.pending(state)
        ), "Kim's setup answer was not recorded"
    finally:
        await table.close()


async def test_a_repeated_click_across_a_drop_is_applied_once(tmp_path):
    """The same interaction delivered twice (Discord retries), the game dropped from memory in
    between: it is applied once, and both deliveries get the answers they get when the game
    stays in memory."""

    async def twice(table: Table, drop: bool) -> tuple[str, str, int, int]:
        game = await start(table, who(KIM, "Kim"), SEED)
        other = await start(table, elsewhere(MORGAN, "Morgan"), SEED + 1)
        prompt = table.poster.last_dm(KIM).current
        select = next(c for c in controls(prompt) if ":optsel:" in c.custom_id)
        click = who(KIM)
        first = await table.actions.control(click, select.custom_id, [select.options[0].value])
        await table.settle()  # the built-in rival's answer too
        _, version = await table.service.load(game)
        await table.service.load(other)
        assert (game in table.cache) is not drop
        again = await table.actions.control(click, select.custom_id, [select.options[0].value])
        return text(first), text(again), version, (await table.service.load(game))[1]

    keeping = await Table.open(str(tmp_path / "keep.sqlite3"), StateCache())
    dropping = await Table.open(str(tmp_path / "drop.sqlite3"), StateCache(size=1))
    try:
        kept = await twice(keeping, drop=False)
        dropped = await twice(dropping, drop=True)
        assert dropped == kept
        assert dropped[2] == dropped[3]  # the second delivery recorded nothing
    finally:
        await keeping.close()
        await dropping.close()


async def test_two_clicks_at_once_on_a_dropped_game_are_one_move_and_a_clean_refusal(tmp_path):
    """Kim's Ready pressed twice at once (two interactions) on a game not in memory: the game's
    lock orders them; the first reveals, the second finds the board closed."""
    cache = StateCache(size=1)
    table = await Table.open(str(tmp_path / "race.sqlite3"), cache)
    try:
        game = await start(table, who(KIM, "Kim"), SEED)
        other = await start(table, elsewhere(MORGAN, "Morgan"), SEED + 1)
        for _ in range(10):
            state, _ = await table.service.load(game)
            if state.phase is Phase.ORDERS:
                break
            await kims_move(table, game)
            await table.settle()
        assert state.phase is Phase.ORDERS
        team = list(state.guilds[0].adventurers[:2])
        await table.actions.control(who(KIM), f"gm:obteam:{game}:0:1", team)
        await table.settle()
        _, version = await table.service.load(game)
        await table.service.load(other)
        assert game not in cache
        ready = f"gm:obready:{game}:0:1"
        one, two = await asyncio.gather(
            table.actions.control(who(KIM), ready), table.actions.control(who(KIM), ready)
        )
        await table.settle()
        answers = sorted([text(one), text(two)])
        assert sum("⚠" in a for a in answers) <= 1
        after, later = await table.service.load(game)
        assert later > version and (after.phase is not Phase.ORDERS or after.round > state.round)
    finally:
        await table.close()


async def test_after_a_restart_the_game_plays_on_from_the_store_with_the_same_answers(tmp_path):
    """The process stops mid-game and a new one starts over the same database with nothing in
    memory: it plays on as the old process would have (a twin table that never stopped)."""
    keeping = await Table.open(str(tmp_path / "keep.sqlite3"), StateCache())
    path = str(tmp_path / "restart.sqlite3")
    before = await Table.open(path, StateCache())
    try:
        game = await start(keeping, who(KIM, "Kim"), SEED)
        assert await start(before, who(KIM, "Kim"), SEED) == game
        for _ in range(3):  # setup, then into round 1
            assert await kims_move(before, game) == await kims_move(keeping, game)
            await before.settle()
            await keeping.settle()
    finally:
        await before.close()
    after = await Table.open(path, StateCache(), before.poster)
    try:
        assert game not in after.cache
        assert await after.service.load(game) == await keeping.service.load(game)
        for _ in range(6):
            answer = await kims_move(after, game)
            assert answer == await kims_move(keeping, game)
            await after.settle()
            await keeping.settle()
            assert await after.service.load(game) == await keeping.service.load(game)
    finally:
        await after.close()
        await keeping.close()


def test_a_load_that_ends_after_an_append_does_not_put_back_the_older_state():
    """A load outside the game's lock (an answer, the notifier) read the store before an
    append; it ends after the append kept the newer state, which may have been dropped since."""
    cache = StateCache(size=1)
    cache.put(1, "after the append", 5)
    cache.put(2, "another game", 3)  # the first is dropped
    assert 1 not in cache
    cache.offer(1, "read before the append", 4)
    assert 1 not in cache
    cache.offer(1, "read after it", 5)
    assert cache.get(1) == ("read after it", 5)
