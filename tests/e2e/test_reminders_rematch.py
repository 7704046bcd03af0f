"""Issue 25 through the loopback Discord: a player's `/gm notify` (the reminder at the time they
chose, moved out of their quiet hours, only while the game still waits for them), a host's daily
deadline time, and a rematch opened from the button under a finished game's final standings
(the same players and options, each confirming with one click, built-in seats staying
built-in).

Time is the test's: the service reads a clock the test moves, and the test fires what is due
(the bot's own deadline loop, which sleeps in real time, is stopped so the two cannot race)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.service import Options
from tests.e2e.people import anything_new
from tests.e2e.test_town import Townsfolk, channel_text, play_town

NOON = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.now = NOON

    def __call__(self) -> datetime:
        return self.now


def reminders(fake, user) -> list[str]:
    return [m.text() for m in fake.dms(user) if m.text().startswith("Reminder")]


async def test_notify_quiet_hours_and_a_daily_deadline(world):
    fake, users, channel = world.fake, world.users, world.channel
    bot = world.bot
    assert bot is not None and bot.service is not None and bot._deadline_task is not None
    bot._deadline_task.cancel()
    clock = Clock()
    bot.service._now = clock
    rec = await fake.slash(
        users["kim"], channel, "gm create", game="town", players=2, bots=False, deadline=600
    )
    assert "Founders' Town — game 1" in (await rec.wait_reply(timeout=10)).text()
    join = await fake.slash(users["chris"], channel, "gm join")
    await join.wait_reply(timeout=10)
    start = await fake.slash(users["kim"], channel, "gm start")
    assert "The game begins" in (await start.wait_reply(timeout=10)).text()
    await world.settled()
    main = await bot.service.deadline(1)
    assert main is not None and main.due_at == NOON + timedelta(hours=10)  # 22:00 UTC
    (seat,) = main.seats
    names = ["kim", "chris"]
    waited, other = users[names[seat]], users[names[1 - seat]]

    # The status shows the deadline as Discord timestamps, relative and absolute.
    status = await fake.slash(users["kim"], channel, "gm status")
    ts = int(main.due_at.timestamp())
    text = (await status.wait_reply(timeout=10)).text()
    assert f"<t:{ts}:R>" in text and f"<t:{ts}:f>" in text, text

    # So does the prompt in the waited player's DMs.
    prompts = [m.text() for m in fake.dms(waited) if m.custom_ids()]
    assert any(f"<t:{ts}:R> (<t:{ts}:f>)" in p for p in prompts), prompts

    # Both want a reminder 2 hours ahead (20:00 UTC); the waited player's quiet hours,
    # 19:00-23:30 at UTC+01:00, are 18:00-22:30 UTC and outlast the deadline: the reminder
    # comes just before they start.
    ask = await fake.slash(
        waited, channel, "gm notify", hours=2, quiet="19:00-23:30", zone="+01:00"
    )
    answer = (await ask.wait_reply(timeout=10)).text()
    assert "reminded 2 h before" in answer and "Quiet hours 19:00–23:30 (+01:00)" in answer
    ask = await fake.slash(other, channel, "gm notify", hours=2)
    assert "reminded 2 h before" in (await ask.wait_reply(timeout=10)).text()
    shown = await fake.slash(waited, channel, "gm notify")
    assert "Quiet hours 19:00–23:30" in (await shown.wait_reply(timeout=10)).text()

    clock.now = NOON + timedelta(hours=5, minutes=50)  # 17:50 UTC
    assert await bot.service.fire_due_deadlines() == []
    await world.settled()
    assert reminders(fake, waited) == []
    clock.now = NOON + timedelta(hours=5, minutes=56)  # 17:56 UTC, past 17:55
    assert await bot.service.fire_due_deadlines() == []
    await world.settled()
    (sent,) = reminders(fake, waited)
    assert f"<t:{ts}:R>" in sent and f"<t:{ts}:f>" in sent, sent
    assert reminders(fake, other) == []  # the game does not wait for them

    # The host gives the game a daily deadline time: the wait now ends at 09:00 UTC+01:00.
    daily = await fake.slash(users["kim"], channel, "gm extend", daily="09:00 +01:00")
    said = (await daily.wait_reply(timeout=10)).text()
    assert "Every wait now ends at 09:00 +01:00 daily" in said, said
    moved = await bot.service.deadline(1)
    assert moved is not None and moved.due_at == datetime(2030, 1, 2, 8, 0, tzinfo=UTC)
    # Only the host may change it; the landed minutes still move the deadline.
    refused = await fake.slash(users["chris"], channel, "gm extend", daily="10:00")
    assert "Only the host" in (await refused.wait_reply(timeout=10)).text()
    later = await fake.slash(users["kim"], channel, "gm extend", minutes=30)
    assert "Deadline moved" in (await later.wait_reply(timeout=10)).text()
    # The waited player answers: the next wait ends at the daily time as well.
    assert await Townsfolk(fake, waited).act_once()
    await world.settled()
    after = await bot.service.deadline(1)
    assert after is not None and after.key != moved.key
    assert after.due_at == datetime(2030, 1, 2, 8, 0, tzinfo=UTC)


async def test_a_rematch_after_a_finished_town_game(world):
    fake, users, channel = world.fake, world.users, world.channel
    # Two test players finish a whole game in seconds, faster than people click: the flood
    # limiter (tested on its own) would slow the confirmations that follow.
    world.bot.actions.rate_limit = 10_000
    # kim hosts a three-seat town with chris; the third seat is a built-in player.
    create = await fake.slash(users["kim"], channel, "gm create", game="town", players=3)
    lobby = await create.wait_reply(timeout=10)
    join = await fake.click(users["chris"], fake.message(lobby.id), "gm:lobby:1:0:join")
    await join.wait_reply(timeout=10)
    start = await fake.slash(users["kim"], channel, "gm start")
    assert "The game begins" in (await start.wait_reply(timeout=10)).text()
    folk = [Townsfolk(fake, users["kim"]), Townsfolk(fake, users["chris"])]
    await play_town(world, folk, trade=False)
    assert "wins Founders' Town!" in channel_text(fake, channel)

    # The core's Rematch button sits under the final standings.
    offer = next(
        m for m in reversed(fake.messages(channel)) if "gm:rematch:1:0:open" in m.custom_ids()
    )
    assert "Play again?" in offer.text()
    # Nobody outside the game may open it.
    outsider = await fake.click(users["morgan"], offer, "gm:rematch:1:0:open")
    assert "Only the game's players" in (await outsider.wait_reply(timeout=10)).text()

    opened = await fake.click(users["chris"], offer, "gm:rematch:1:0:open")
    new_lobby = await opened.wait_reply(timeout=10)
    text = new_lobby.text()
    assert "asks for a rematch of game 1" in text and f"<@{users['kim'].id}>" in text, text
    assert "Founders' Town — game 2" in text and "To confirm:" in text, text
    info = await world.bot.store.get_game(2)
    old = await world.bot.store.get_game(1)
    assert info.status == "lobby" and info.host_id == users["chris"].id
    again, before = Options.from_json(info.options), Options.from_json(old.options)
    assert (again.players, again.bots, again.deadlines, again.game) == (
        before.players,
        before.bots,
        before.deadlines,
        before.game,
    )
    # A second click finds the lobby open already.
    twice = await fake.click(users["kim"], offer, "gm:rematch:1:0:open")
    assert "already open" in (await twice.wait_reply(timeout=10)).text()

    # The third seat stays built-in: nobody else may take it.
    taken = await fake.click(users["morgan"], fake.message(new_lobby.id), "gm:lobby:2:0:join")
    assert "for the players of the last game" in (await taken.wait_reply(timeout=10)).text()
    # kim confirms with one click; everyone has, so the rematch starts by itself.
    confirm = await fake.click(users["kim"], fake.message(new_lobby.id), "gm:lobby:2:0:join")
    begun = (await confirm.wait_reply(timeout=10)).text()
    assert "Everyone has confirmed; the game begins" in begun, begun
    await world.settled()
    info = await world.bot.store.get_game(2)
    assert info.status == "running"
    seats = await world.bot.store.seats(2)
    assert [s.user_id for s in seats] == [users["chris"].id, users["kim"].id, None]
    await anything_new(fake, timeout=0.5)
    # The lobby says it has begun, without its buttons.
    assert not fake.message(new_lobby.id).custom_ids()
