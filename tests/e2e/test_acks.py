"""Under load the bot acknowledges an interaction on arrival and answers it after
(bot/chat/acks.py). Here every interaction is acknowledged first, as when many wait at once, and
people play as people do: what they see must be what they would have seen without it."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.loopback.records import DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE, MODAL
from tests.e2e.people import Player, final_posted, open_prompt, play_to_the_end

COMPONENT = 3


def channel_message(world: Any, text: str) -> Any:
    return next((m for m in reversed(world.fake.messages(world.channel)) if text in m.text()), None)


async def create_game(world: Any) -> tuple[Any, Any]:
    """Kim's `/gm create` of a 2-player game without built-in players: the interaction, and
    the lobby message it posts in the channel."""
    create = await world.fake.slash(
        world.users["kim"], world.channel, "gm create", players=2, bots=False
    )
    lobby = await world.fake.wait_for(
        lambda: channel_message(world, "Guild Master — game"), what="the lobby", timeout=10
    )
    return create, lobby


async def lobby_under_load(world: Any) -> Any:
    """/gm create, a join and /gm start, each acknowledged first; the lobby message."""
    fake, kim, chris = world.fake, world.users["kim"], world.users["chris"]
    create, lobby = await create_game(world)
    # A private "thinking…" came first, and went once the lobby was posted for all to see.
    assert create.response_type == DEFERRED_CHANNEL_MESSAGE
    await fake.wait_for(lambda: create.original.deleted, what="the placeholder gone")
    assert lobby.components and not lobby.ephemeral
    join = await fake.click(chris, lobby, "gm:lobby:1:0:join")
    edited = await join.wait_reply(timeout=10)
    assert join.response_type == DEFERRED_UPDATE_MESSAGE
    assert edited.id == lobby.id and "chris" in edited.text()
    await fake.slash(kim, world.channel, "gm start")
    await fake.wait_for(
        lambda: channel_message(world, "The game begins"), what="the start", timeout=10
    )
    return lobby


async def test_a_whole_game_with_every_interaction_acknowledged_first(world):
    world.bot.acks.when_waiting = 0
    await lobby_under_load(world)
    players = [Player(world.fake, world.users[n]) for n in ("kim", "chris")]
    await play_to_the_end(world.fake, world.channel, players)
    assert final_posted(world.fake, world.channel)
    sent = [s for p in players for s in p.sent]
    clicks = [s for s in sent if s.record.type == COMPONENT]
    assert len(clicks) > 40
    assert all(s.record.response_type == DEFERRED_UPDATE_MESSAGE for s in clicks)
    assert all(s.text for s in sent)  # every one was answered after its acknowledgement
    assert all(s.record.answer_latency >= s.record.latency for s in clicks)


async def test_refusals_after_an_acknowledgement_stay_private(world):
    world.bot.acks.when_waiting = 0
    fake, chris = world.fake, world.users["chris"]
    _, lobby = await create_game(world)
    start = await fake.slash(chris, world.channel, "gm start")
    refusal = await start.wait_reply(timeout=10)
    assert refusal.ephemeral and "host" in refusal.text()
    before = len(fake.messages(world.channel))
    leave = await fake.click(chris, lobby, "gm:lobby:1:0:leave")
    answer = await leave.wait_reply(timeout=10)
    assert leave.response_type == DEFERRED_UPDATE_MESSAGE
    assert answer.ephemeral and answer.id != lobby.id
    assert len(fake.messages(world.channel)) == before  # nothing new for the channel to see


async def test_a_control_that_opens_a_form_still_opens_it_under_load(world):
    world.bot.acks.when_waiting = 0
    await lobby_under_load(world)
    fake, kim = world.fake, world.users["kim"]
    players = [Player(fake, world.users[n]) for n in ("kim", "chris")]

    def board() -> Any:
        message = open_prompt(fake, kim)
        if message is not None and any(i.startswith("gm:obgoldset:") for i in message.custom_ids()):
            return message
        return None

    async def answered_until_the_board() -> Any:
        for p in players:  # setup and any plot turn, answered the simple way
            if board() is None:
                await p.act_once()
        return board()

    message = None
    for _ in range(200):
        message = await answered_until_the_board()
        if message is not None:
            break
        await asyncio.sleep(0.05)
    assert message is not None
    # Gold goes on Hire Builders and Recruit orders only: a team and the objective first.
    for action, pick in (("gm:obteam:", 0), ("gm:obobj:", None)):
        select = message.component(next(i for i in message.custom_ids() if i.startswith(action)))
        values = [o["value"] for o in select["options"]]
        value = values[pick] if pick is not None else "hire"
        chosen = await fake.select(kim, message, select["custom_id"], [value])
        await chosen.wait_reply(timeout=10)
        message = fake.message(message.id)
    gold = next(i for i in message.custom_ids() if i.startswith("gm:obgoldset:"))
    opened = await fake.click(kim, message, gold)
    form = await opened.wait_modal(timeout=10)
    assert opened.response_type == MODAL and form["title"].startswith("Gold on order")


async def test_a_refused_acknowledgement_gets_no_answer_but_the_click_is_kept(world):
    """Discord refusing the acknowledgement (too late, say) takes no answer after it; the
    command itself was a person's click and is carried out once."""
    world.bot.acks.when_waiting = 0
    fake, chris = world.fake, world.users["chris"]
    _, lobby = await create_game(world)
    fake.fail_requests("POST /interactions/*/callback", status=404, code=10062)
    join = await fake.click(chris, lobby, "gm:lobby:1:0:join")
    store = world.bot.store

    async def seated() -> bool:
        return chris.id in [s.user_id for s in await store.seats(1)]

    for _ in range(100):
        if await seated():
            break
        await asyncio.sleep(0.05)
    await world.settled()
    assert not join.responded and not join.followups
    assert [s.user_id for s in await store.seats(1)].count(chris.id) == 1


async def test_an_acknowledgement_answered_503_is_tried_again(world):
    world.bot.acks.when_waiting = 0
    fake, chris = world.fake, world.users["chris"]
    _, lobby = await create_game(world)
    rule = fake.fail_requests("POST /interactions/*/callback", status=503)
    join = await fake.click(chris, lobby, "gm:lobby:1:0:join")
    assert "chris" in (await join.wait_reply(timeout=10)).text()
    assert rule.hits == 1 and join.response_type == DEFERRED_UPDATE_MESSAGE
