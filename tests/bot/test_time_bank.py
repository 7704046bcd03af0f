"""Time banks for live games (bot/timebank.py): each seat's bank runs down only while the game
waits on that seat; an empty bank gets the seat's waits their defaults, once; the banks outlive
a restart; a bank's deadline fired twice is applied once."""

from datetime import UTC, datetime, timedelta

from bot import timebank
from bot.chat.actions import Actions
from bot.service import GameService, Options
from bot.store import EventStore, sqlite_url
from games.guild_ball import GAME
from games.guild_ball.rules import events as ev
from tests.bot.fakes import CHANNEL, GUILD, who

KIM, CHRIS = 1, 2
MINUTES = 10


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, minutes: float) -> None:
        self.now += timedelta(minutes=minutes)


async def open_bot(url: str, clock: Clock) -> tuple[EventStore, GameService]:
    store = await EventStore.open(url)
    return store, GameService(store, now=clock)


async def live_game(service: GameService, bank: int = MINUTES) -> int:
    """Two people at a live Guild Ball table: no deadlines, a time bank of `bank` minutes."""
    info = await service.create_game(
        discord_guild_id=GUILD,
        channel_id=CHANNEL,
        host_id=KIM,
        host_name="Kim",
        options=Options(players=2, bots=False, game={"bank": bank}),
        game="guild-ball",
    )
    await service.join(info.id, CHRIS, "Chris")
    await service.start(info.id, KIM)
    await service.settle()
    return info.id


async def banks(service: GameService, game_id: int) -> timebank.Banks:
    game = await service.store.get_game(game_id)
    found = timebank.of(game_id, timebank.options_of(game.options))
    assert found is not None
    return found


async def answer(service: GameService, game_id: int, seat: int) -> None:
    """`seat` answers what it is asked with the decision's own default command."""
    state, _ = await service.load(game_id)
    decision = next(d for d in GAME.pending(state) if d.seat == seat)
    await service.act(game_id, decision.default, by=seat)
    await service.settle()


async def test_a_bank_runs_down_only_while_the_game_waits_on_its_seat(tmp_path):
    clock = Clock()
    store, service = await open_bot(sqlite_url(str(tmp_path / "b.sqlite3")), clock)
    try:
        game = await live_game(service)
        rows = {d.key.split(":")[1]: d for d in await store.deadlines(game)}
        assert set(rows) == {"0", "1"}  # both pick their teams at once; no deadline but banks
        assert all(d.due_at == clock.now + timedelta(minutes=MINUTES) for d in rows.values())
        clock.advance(3)
        await answer(service, game, 0)  # Kim has picked: only Chris is waited on
        clock.advance(2)
        now = (await banks(service, game)).seconds
        assert now(0, clock.now) == 7 * 60 and now(1, clock.now) == 5 * 60
        (row,) = await store.deadlines(game)
        assert row.seats == (1,) and row.due_at == clock.now + timedelta(minutes=5)
        shown = await service.deadline(game)
        assert shown is not None and shown.due_at == row.due_at  # what prompts show
        status = await Actions(service, rate_limit=10_000).status(who(KIM))
        assert "Time bank: Kim 7:00, Chris 5:00 (running)." in status.message.content
    finally:
        await service.settle()
        await store.close()


async def test_a_paused_game_stops_the_banks(tmp_path):
    clock = Clock()
    store, service = await open_bot(sqlite_url(str(tmp_path / "p.sqlite3")), clock)
    try:
        game = await live_game(service)
        clock.advance(1)
        await service.set_paused(game, True)
        assert await store.deadlines(game) == []
        clock.advance(30)
        await service.set_paused(game, False)
        clock.advance(1)
        now = (await banks(service, game)).seconds
        assert now(0, clock.now) == now(1, clock.now) == (MINUTES - 2) * 60
    finally:
        await service.settle()
        await store.close()


async def test_a_restart_keeps_the_banks(tmp_path):
    url = sqlite_url(str(tmp_path / "r.sqlite3"))
    clock = Clock()
    store, service = await open_bot(url, clock)
    game = await live_game(service)
    clock.advance(4)
    await answer(service, game, 1)
    await service.settle()
    await store.close()  # the bot goes down while Kim is waited on
    clock.advance(2)
    store, service = await open_bot(url, clock)
    try:
        now = (await banks(service, game)).seconds
        assert now(1, clock.now) == 6 * 60 and now(0, clock.now) == 4 * 60
        (row,) = await store.deadlines(game)
        assert row.key.startswith("bank:0:") and row.due_at == clock.now + timedelta(minutes=4)
    finally:
        await service.settle()
        await store.close()


async def test_an_empty_bank_applies_the_default_once_and_twice_fired_is_one(tmp_path):
    clock = Clock()
    store, service = await open_bot(sqlite_url(str(tmp_path / "e.sqlite3")), clock)
    try:
        game = await live_game(service)
        await answer(service, game, 0)
        (row,) = await store.deadlines(game)
        clock.advance(MINUTES - 1)
        assert await service.fire_due_deadlines() == []  # a minute left
        clock.advance(1)
        assert await service.fire_due_deadlines() == [game]
        await service.settle()
        _, version = await service.load(game)
        prepared = [e for _, e in await store.read(game) if isinstance(e, ev.Prepared)]
        assert [e.seat for e in prepared] == [0, 1]  # Chris's team picked by its default
        assert (await banks(service, game)).seconds(1, clock.now) == 0
        # The same bank row fired again (another process, a retry): a clean duplicate.
        await store.set_deadline(game, row.key, row.due_at, row.version, row.seats)
        await service.fire_due_deadlines()
        await service.settle()
        again = [e for _, e in await store.read(game) if isinstance(e, ev.Prepared)]
        assert again == prepared
        assert not [d for d in await store.deadlines(game) if d.key == row.key]
        assert (await service.load(game))[1] >= version
    finally:
        await service.settle()
        await store.close()


def test_the_banks_move_on_only_at_a_new_wait() -> None:
    start = datetime(2030, 1, 1, tzinfo=UTC)
    banks = timebank.Banks(1, 600.0).moved_on("w1:0", (0,), start)
    later = start + timedelta(minutes=4)
    assert banks.moved_on("w1:0", (0,), later) is banks  # the same wait goes on
    after = banks.moved_on("w2:1", (1,), later)
    assert after.seconds(0) == 360 and after.seconds(1, later + timedelta(minutes=1)) == 540
    stopped = after.moved_on("", (), later + timedelta(minutes=20))
    assert stopped.seconds(1) == 0 and stopped.wait == "" and stopped.seats == ()
    other = timebank.of(2, {"bank": 10, timebank.RECORD: after.to_json()})
    assert other == timebank.Banks(2, 600.0)  # a rematch's copied record is not its own
    assert timebank.of(1, {"bank": 10, timebank.RECORD: after.to_json()}) == after
    assert timebank.of(1, {}) is None
    names = timebank.describe(after, ("Kim", "Chris"), later + timedelta(seconds=30))
    assert names == "Time bank: Kim 6:00, Chris 9:30 (running)."
