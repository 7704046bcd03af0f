"""Time: phase deadlines, reminders to those who have not acted, defaults at the deadline, and
deadlines that pass while the bot is down."""

from datetime import UTC, datetime, timedelta

from bot.chat.actions import Actions
from bot.chat.notifier import Notifier
from bot.service import GameService, wait_minutes
from bot.store import EventStore, sqlite_url
from engine.core.game import Stage
from games.guild_master import GAME
from games.guild_master.rules.state import Phase
from tests.bot.fakes import FakePoster, settle, who

KIM, CHRIS = 1, 2


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, minutes: float) -> None:
        self.now += timedelta(minutes=minutes)


async def bot(url, clock, poster):
    store = await EventStore.open(url)
    service = GameService(store, now=clock)
    notifier = Notifier(service, poster)
    service.listeners.append(notifier)
    service.reminders.append(notifier.remind)
    return store, service, notifier, Actions(service, rate_limit=10_000)


async def test_reminders_then_defaults_at_the_deadline(tmp_path):
    clock, poster = Clock(), FakePoster()
    store, service, notifier, actions = await bot(
        sqlite_url(str(tmp_path / "d.sqlite3")), clock, poster
    )
    try:
        await actions.create(who(KIM, "Kim"), players=2, deadline=60)
        await actions.join(who(CHRIS, "Chris"))
        await actions.start(who(KIM))
        await settle(service, notifier)
        first = await service.deadline(1)
        assert first is not None and first.due_at == clock.now + timedelta(minutes=60)
        assert set(first.seats) == {0, 1}
        # Kim answers; only Chris is reminded.
        prompt = poster.last_dm(KIM).current
        select = prompt.rows[0][0]
        await actions.control(who(KIM), select.custom_id, [select.options[0].value])
        await settle(service, notifier)
        clock.advance(46)
        assert await service.fire_due_deadlines() == []
        await settle(service, notifier)
        assert "Reminder" in poster.last_dm(CHRIS).current.content
        assert "Reminder" not in (poster.last_dm(KIM).current.content or "")
        clock.advance(15)
        assert await service.fire_due_deadlines() == [1]
        await settle(service, notifier)
        state, _ = await service.load(1)
        assert state.phase is Phase.ORDERS
        assert "Time is up for" in poster.channel_text(555)
        # the Order Phase has its own deadline now, for both guilds
        orders = await service.deadline(1)
        assert orders is not None and orders.due_at == clock.now + timedelta(minutes=60)
        due = await service.extend(1, 30)
        assert due == clock.now + timedelta(minutes=90)
    finally:
        await service.settle()
        await store.close()


async def test_a_deadline_that_passed_while_the_bot_was_down_fires_at_start(tmp_path):
    url = sqlite_url(str(tmp_path / "down.sqlite3"))
    clock, poster = Clock(), FakePoster()
    store, service, notifier, actions = await bot(url, clock, poster)
    await actions.create(who(KIM, "Kim"), players=2, deadline=30)
    await actions.start(who(KIM))
    await settle(service, notifier)
    await store.close()  # the bot goes down with the setup deadline pending
    clock.advance(600)
    store, service, notifier, actions = await bot(url, clock, poster)
    try:
        assert await service.fire_due_deadlines() == [1]
        await settle(service, notifier)
        state, _ = await service.load(1)
        assert state.phase is Phase.ORDERS and not [
            d for d in GAME.pending(state) if d.kind == "setup"
        ]
    finally:
        await service.settle()
        await store.close()


async def test_a_paused_game_has_no_deadline(tmp_path):
    clock, poster = Clock(), FakePoster()
    store, service, notifier, actions = await bot(
        sqlite_url(str(tmp_path / "p.sqlite3")), clock, poster
    )
    try:
        await actions.create(who(KIM, "Kim"), players=2, deadline=30)
        await actions.start(who(KIM))
        await settle(service, notifier)
        await actions.admin(who(KIM), "pause")
        assert await service.deadline(1) is None
        clock.advance(100)
        assert await service.fire_due_deadlines() == []
        await actions.admin(who(KIM), "resume")
        await settle(service, notifier)
        resumed = await service.deadline(1)
        assert resumed is not None and resumed.due_at == clock.now + timedelta(minutes=30)
    finally:
        await service.settle()
        await store.close()


def test_a_wait_with_a_window_of_its_own_is_never_longer():
    """A wait short by nature (a reaction) gets its window with no table deadline, and the
    table's deadline for its kind when that is shorter; other waits get the table's."""
    reaction = Stage(key="w1", kind="reaction", label="a reaction", window=15)
    turn = Stage(key="t1", kind="turn", label="a turn")
    assert wait_minutes(reaction, {}) == 15
    assert wait_minutes(reaction, {"reaction": 1440}) == 15
    assert wait_minutes(reaction, {"reaction": 5}) == 5
    assert wait_minutes(turn, {"turn": 1440, "reaction": 5}) == 1440
    assert wait_minutes(turn, {}) == 0
