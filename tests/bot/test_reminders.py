"""Issue 25: when a player is reminded (lead time, quiet hours across midnight and time zones),
a game's daily deadline time, and reminders kept in the database across a restart."""

from datetime import UTC, datetime, timedelta

import pytest

from bot.chat.actions import Actions
from bot.chat.notifier import Notifier
from bot.reminders import Prefs, clock, daily_of, next_daily, quiet_window, remind_at, zone_of
from bot.service import GameService
from bot.store import EventStore, sqlite_url
from tests.bot.fakes import FakePoster, settle, who

KIM, CHRIS = 1, 2
NOON = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)


def at(hour: int, minute: int = 0, day: int = 1) -> datetime:
    return datetime(2030, 1, day, hour, minute, tzinfo=UTC)


# --- the timing rules -----------------------------------------------------------------------


def test_without_a_choice_the_reminder_comes_when_a_quarter_of_the_wait_is_left():
    assert remind_at(at(12), at(16), Prefs(), at(12)) == at(15)
    # A wait under four minutes is too short to remind of.
    assert remind_at(at(12), at(12, 3), Prefs(), at(12)) is None


def test_a_chosen_lead_time_and_off():
    assert remind_at(at(12), at(20), Prefs(lead=120), at(12)) == at(18)
    assert remind_at(at(12), at(20), Prefs(off=True), at(12)) is None
    # A lead longer than the wait: the prompt has just told the player; no reminder.
    assert remind_at(at(12), at(14), Prefs(lead=180), at(12)) is None


def test_quiet_hours_across_midnight_move_the_reminder_to_their_end():
    night = Prefs(lead=8 * 60, quiet=(clock("22:00"), clock("07:00")))
    # Deadline 09:00 on the 2nd: reminder due 01:00, in the quiet hours; they end at 07:00.
    assert remind_at(at(12), at(9, day=2), night, at(12)) == at(7, day=2)
    # Early morning and late evening both fall in the window; noon does not.
    assert quiet_window(at(23, 30), night) == (at(22), at(7, day=2))
    assert quiet_window(at(3, day=2), night) == (at(22), at(7, day=2))
    assert quiet_window(at(12), night) is None


def test_quiet_hours_that_outlast_the_deadline_send_it_just_before_they_start():
    night = Prefs(lead=60, quiet=(clock("22:00"), clock("07:00")))
    # Deadline 23:30: the reminder at 22:30 is quiet and the quiet hours end after the
    # deadline, so it comes just before 22:00.
    assert remind_at(at(12), at(23, 30), night, at(12)) == at(21, 55)
    # Already inside them when the wait begins: no reminder at all.
    assert remind_at(at(22, 10), at(23, 30), night, at(22, 10)) is None


def test_quiet_hours_are_in_the_players_time_zone():
    # 22:00-07:00 in UTC+02:00 is 20:00-05:00 UTC.
    plus_two = Prefs(lead=60, quiet=(clock("22:00"), clock("07:00")), zone="+02:00")
    assert remind_at(at(12), at(22), plus_two, at(12)) == at(19, 55)
    # New York in January is UTC-5: quiet 22:00-07:00 there is 03:00-12:00 UTC.
    new_york = Prefs(lead=4 * 60, quiet=(clock("22:00"), clock("07:00")), zone="America/New_York")
    assert remind_at(at(0), at(13), new_york, at(0)) == at(12)
    assert remind_at(at(0), at(13), Prefs(lead=4 * 60), at(0)) == at(9)


def test_time_zones_and_clock_times_as_players_type_them():
    assert zone_of("UTC-5").utcoffset(None) == timedelta(hours=-5)
    assert zone_of("+0530").utcoffset(None) == timedelta(hours=5, minutes=30)
    assert zone_of("Europe/Paris").utcoffset(datetime(2030, 7, 1)) == timedelta(hours=2)
    for wrong in ("Mars/Olympus", "+15:00"):
        with pytest.raises(ValueError):
            zone_of(wrong)
    with pytest.raises(ValueError):
        clock("25:00")
    assert daily_of("18:30 +01:00") == (18 * 60 + 30, "+01:00")
    assert daily_of("07:00") == (7 * 60, "UTC")


def test_a_daily_deadline_is_the_next_such_time():
    assert next_daily(at(12), clock("18:00"), "UTC") == at(18)
    assert next_daily(at(19), clock("18:00"), "UTC") == at(18, day=2)
    # 18:00 in UTC+02:00 is 16:00 UTC; exactly then, the next one is a day later.
    assert next_daily(at(16), clock("18:00"), "+02:00") == at(16, day=2)
    assert next_daily(at(12), clock("18:00"), "Asia/Tokyo") == at(9, day=2)
    assert next_daily(at(12), clock("00:30"), str(UTC)) == at(0, 30, day=2)


# --- through the service --------------------------------------------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = NOON

    def __call__(self) -> datetime:
        return self.now


async def bot(url, clock, poster):
    store = await EventStore.open(url)
    service = GameService(store, now=clock)
    notifier = Notifier(service, poster)
    service.listeners.append(notifier)
    service.reminders.append(notifier.remind)
    return store, service, notifier, Actions(service, rate_limit=10_000)


def reminders(poster: FakePoster, user: int) -> list[str]:
    texts = [poster.messages[m].current.content or "" for m in poster.dms.get(user, [])]
    return [t for t in texts if t.startswith("Reminder")]


async def test_a_players_reminder_survives_a_restart_and_goes_only_to_the_missing(tmp_path):
    url = sqlite_url(str(tmp_path / "r.sqlite3"))
    clock, poster = Clock(), FakePoster()
    store, service, notifier, actions = await bot(url, clock, poster)
    await actions.notify(who(KIM, "Kim"), hours=1)
    await actions.notify(who(CHRIS, "Chris"), hours=2)
    # Guild Master's setup waits for both guilds at once.
    await actions.create(who(KIM, "Kim"), players=2, deadline=600)
    await actions.join(who(CHRIS, "Chris"))
    await actions.start(who(KIM))
    await settle(service, notifier)
    main = await service.deadline(1)
    assert main is not None and main.due_at == NOON + timedelta(hours=10)
    planned = sorted((d.key.split(":")[1], d.due_at) for d in await store.deadlines(1))
    assert planned[:2] == [("0", NOON + timedelta(hours=9)), ("1", NOON + timedelta(hours=8))]
    # Kim answers; Chris does not (the wait is now for Chris alone: its reminders are planned
    # again, for Chris only).
    select = poster.last_dm(KIM).current.rows[0][0]
    await actions.control(who(KIM), select.custom_id, [select.options[0].value])
    await settle(service, notifier)
    await store.close()  # the bot goes down; the reminders are in the database
    clock.now = NOON + timedelta(hours=9, minutes=10)  # both reminders' times have passed
    store, service, notifier, actions = await bot(url, clock, poster)
    try:
        assert await service.fire_due_deadlines() == []
        await settle(service, notifier)
        assert reminders(poster, KIM) == []
        (sent,) = reminders(poster, CHRIS)
        ts = int(main.due_at.timestamp())
        assert f"<t:{ts}:R>" in sent and f"<t:{ts}:f>" in sent
        # What is left is the deadline of the wait for Chris alone, at the same time.
        (left,) = await store.deadlines(1)
        assert left.key != main.key and left.due_at == main.due_at and left.seats == (1,)
    finally:
        await service.settle()
        await store.close()


async def test_a_daily_deadline_time_and_quiet_hours_through_the_service(tmp_path):
    clock, poster = Clock(), FakePoster()
    store, service, notifier, actions = await bot(
        sqlite_url(str(tmp_path / "q.sqlite3")), clock, poster
    )
    try:
        answer = await actions.notify(who(KIM, "Kim"), hours=3, quiet="04:00-09:00", zone="+01:00")
        assert "Quiet hours 04:00–09:00 (+01:00)" in answer.message.content
        await actions.create(
            who(KIM, "Kim"), game="town", players=2, bots=True, daily="06:00 +01:00"
        )
        await actions.start(who(KIM))
        await settle(service, notifier)
        main = await service.deadline(1)
        # 06:00 at UTC+01:00 is 05:00 UTC, the next morning.
        assert main is not None and main.due_at == datetime(2030, 1, 2, 5, 0, tzinfo=UTC)
        # Reminder due 02:00 UTC = 03:00 local, before quiet hours (04:00 local): kept.
        (remind,) = [d for d in await store.deadlines(1) if d.key != main.key]
        assert remind.due_at == datetime(2030, 1, 2, 2, 0, tzinfo=UTC)
        # Quiet from 02:00 local: the reminder moves to just before it (00:55 UTC).
        await actions.notify(who(KIM, "Kim"), quiet="02:00-09:00")
        (remind,) = [d for d in await store.deadlines(1) if d.key != main.key]
        assert remind.due_at == datetime(2030, 1, 2, 0, 55, tzinfo=UTC)
        # The host turns the daily time off: the game has no other deadline, so none is left.
        reply = await actions.extend(who(KIM, "Kim"), None, "off")
        assert "No daily deadline time" in reply.message.content
        assert await store.deadlines(1) == []
    finally:
        await service.settle()
        await store.close()
