"""A game survives: closed DMs, double clicks, repeated interactions, a deadline passing while
the bot is down, and the bot process killed in the middle of an Order Phase."""

import asyncio
import signal
from datetime import UTC, datetime, timedelta

from bot.store import EventStore, sqlite_url
from tests.e2e.test_games import lobby
from tests.loopback.botproc import guildmaster_process


async def setup_choices(world, *names):
    fake = world.fake
    for name in names:
        user = world.users[name]
        prompt = await fake.wait_for_dm(user, contains="three contracts", timeout=10)
        select = prompt.selects()[0]
        answer = await fake.select(
            user, prompt, select["custom_id"], [select["options"][0]["value"]]
        )
        await answer.wait_reply(timeout=10)


async def first_team(world, board, seat):
    team = board.component(f"gm:obteam:1:{seat}:1")
    return [o["value"] for o in team["options"][:2]]


async def events_of(world, kind):
    return [e for _, e in await world.bot.store.read(1) if type(e).__name__ == kind]


async def test_closed_dms_do_not_stall_the_game(world):
    fake = world.fake
    chris = world.users["chris"]
    fake.close_dms(chris)
    await lobby(world, "kim", "chris", players=2, bots=False)
    notice = await fake.wait_for_message(
        channel=world.channel, contains="cannot send you DMs", timeout=10
    )
    assert f"<@{chris.id}>" in notice.content and "/gm decide" in notice.content
    decide = await fake.slash(chris, world.channel, "gm decide")
    prompt = await decide.wait_reply(timeout=10)
    assert prompt.ephemeral and "three contracts" in prompt.text()
    select = prompt.selects()[0]
    await (
        await fake.select(chris, prompt, select["custom_id"], [select["options"][0]["value"]])
    ).wait_reply(timeout=10)
    await setup_choices(world, "kim")
    orders = await fake.slash(chris, world.channel, "gm orders")
    board = await orders.wait_reply(timeout=10)
    assert board.ephemeral and "your orders" in board.text()
    team = await first_team(world, board, 1)
    await (await fake.select(chris, board, "gm:obteam:1:1:1", team)).wait_reply(timeout=10)
    board = fake.message(board.id)
    await (await fake.click(chris, board, "gm:obready:1:1:1")).wait_reply(timeout=10)
    kim_board = await fake.wait_for_dm(world.users["kim"], contains="your orders", timeout=10)
    kim_team = await first_team(world, kim_board, 0)
    kim = world.users["kim"]
    await (await fake.select(kim, kim_board, "gm:obteam:1:0:1", kim_team)).wait_reply(timeout=10)
    await (await fake.click(kim, fake.message(kim_board.id), "gm:obready:1:0:1")).wait_reply(
        timeout=10
    )
    await fake.wait_for_message(channel=world.channel, contains="Orders revealed", timeout=10)


async def test_a_double_clicked_ready_and_a_repeated_interaction_apply_once(world):
    fake = world.fake
    kim = world.users["kim"]
    await lobby(world, "kim", "chris", players=2, bots=False)
    await setup_choices(world, "kim", "chris")
    board = await fake.wait_for_dm(kim, contains="your orders", timeout=10)
    select = await fake.select(kim, board, "gm:obteam:1:0:1", await first_team(world, board, 0))
    await select.wait_reply(timeout=10)
    board = fake.message(board.id)
    first = await fake.click(kim, board, "gm:obready:1:0:1")
    second = await fake.click(kim, board, "gm:obready:1:0:1")  # before the first is answered
    await first.wait_reply(timeout=10)
    await second.wait_response(timeout=10)
    await world.settled()
    ready = [e for e in await events_of(world, "ReadyChanged") if e.seat == 0]
    assert [e.ready for e in ready] == [True]
    drafted = len(await events_of(world, "OrdersDrafted"))
    fake.redeliver(select)  # Discord delivers the same interaction again
    await world.settled()
    await asyncio.sleep(0.2)
    assert len(await events_of(world, "OrdersDrafted")) == drafted
    channel = "\n".join(m.text() for m in fake.messages(world.channel))
    assert channel.count("kim is ready") == 1


async def test_a_deadline_that_passed_while_the_bot_was_down(world):
    fake = world.fake
    await lobby(world, "kim", "chris", players=2, bots=False, deadline=30)
    await fake.wait_for_dm(world.users["chris"], contains="three contracts", timeout=10)
    await world.settled()
    await world.stop_bot()
    # Forty minutes go by while the bot is down.
    store = await EventStore.open(sqlite_url(str(world.db)))
    for d in await store.deadlines(1):
        await store.set_deadline(
            1, d.key, datetime.now(UTC) - timedelta(minutes=10), d.version, d.seats
        )
    await store.close()
    mark = fake.mark()
    await world.start_bot()
    await fake.wait_for_message(
        channel=world.channel, contains="Time is up", since=mark, timeout=15
    )
    await fake.wait_for_dm(world.users["kim"], contains="your orders", since=mark, timeout=10)


async def test_the_bot_killed_and_restarted_in_the_middle_of_an_order_phase(world):
    """Orders half submitted, the process SIGKILLed: after a restart nothing is lost and the
    buttons of the messages posted before still work."""
    fake = world.fake
    kim, chris = world.users["kim"], world.users["chris"]
    await world.stop_bot()  # this test runs the bot as a real process
    proc = guildmaster_process(fake, world.db)
    try:
        await fake.wait_until_connected(timeout=30)
        await fake.wait_for_commands("gm", timeout=30)
        rec = await fake.slash(kim, world.channel, "gm create", players=2, bots=False)
        lobby_message = await rec.wait_reply(timeout=10)
        await (await fake.click(chris, lobby_message, "gm:lobby:1:0:join")).wait_reply(timeout=10)
        await (await fake.slash(kim, world.channel, "gm start")).wait_reply(timeout=10)
        await setup_choices(world, "kim", "chris")
        board = await fake.wait_for_dm(kim, contains="your orders", timeout=10)
        team = await first_team(world, board, 0)
        await (await fake.select(kim, board, "gm:obteam:1:0:1", team)).wait_reply(timeout=10)
        chris_board = await fake.wait_for_dm(chris, contains="your orders", timeout=10)
        chris_team = await first_team(world, chris_board, 1)
        await (await fake.select(chris, chris_board, "gm:obteam:1:1:1", chris_team)).wait_reply(
            timeout=10
        )
        await (
            await fake.click(chris, fake.message(chris_board.id), "gm:obready:1:1:1")
        ).wait_reply(timeout=10)
        before = dict(fake.gateway.active)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        proc = guildmaster_process(fake, world.db)
        await fake.wait_for(
            lambda: any(
                s.connected and s not in before.values() for s in fake.gateway.active.values()
            ),
            what="the restarted bot's own gateway session",
            timeout=30,
        )
        board = fake.message(board.id)  # the DM board posted before the kill
        ready = await fake.click(kim, board, "gm:obready:1:0:1")
        reply = await ready.wait_reply(timeout=20)
        assert "revealed" in reply.text()
        revealed = await fake.wait_for_message(
            channel=world.channel, contains="Orders revealed", timeout=10
        )
        for name in team + chris_team:
            assert name.split("-")[0][:3].lower() in revealed.text().lower()
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
