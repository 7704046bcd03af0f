"""A presentation's slow controls (`slow_controls`, bot/presentation.py): acknowledged on arrival
whatever the load, so an answer that waits for a picture still reaches the player. Discord
fails an interaction that gets no first answer within 3 seconds; a deferred one may be answered
within 15 minutes."""

from __future__ import annotations

import asyncio
import io
from typing import Any

from PIL import Image

from bot import hosted
from bot.chat import acks
from bot.chat.actions import answers_slowly, forms, slow_controls
from bot.loopback.records import DEFERRED_UPDATE_MESSAGE
from bot.presentation import Reply
from bot.render.ui import Message
from tests.bot.test_acks import Acks, click
from tests.e2e.conftest import world  # noqa: F401  (the loopback Discord and the real bot)

DISCORD_FIRST_ANSWER = 3.0  # seconds Discord waits for an interaction's first answer
SLOW = 3.5  # seconds the slow answer below takes: past Discord's first-answer limit


def test_slow_controls_are_the_games_own_and_never_open_a_form():
    """Each hosted game's slow controls are among its controls; none answers with a form (a
    modal must be the first answer, so it cannot follow an acknowledgement)."""
    found: set[str] = set()
    for game in hosted.games():
        shown = hosted.presentation(game.name)
        mine = getattr(shown, "slow_controls", frozenset())
        assert mine <= shown.controls, game.name
        found |= mine
    assert slow_controls() == found
    assert not found & forms()
    assert answers_slowly("gbintent")  # Guild Ball's move preview draws a picture


async def test_a_slow_control_is_acknowledged_at_once_while_nothing_waits():
    early = Acks(acks.AnswersFirst(), when_waiting=100)
    early.slow = lambda action: action == "slowone"
    early.parse(click(1, "gm:slowone:1:0:"))
    early.parse(click(2, "gm:quickone:1:0:"))
    ack = early.take(1)
    assert ack is not None and await ack is True
    assert early.bodies == {1: {"type": acks.DEFERRED_UPDATE_MESSAGE}}
    assert early.take(2) is None  # answered directly, as before


def png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (8, 8), "green").save(out, "PNG")
    return out.getvalue()


async def test_a_slow_answer_with_a_picture_arrives_after_the_deferral(world):  # noqa: F811
    """The lobby's Join made slow: its answer takes 3.5 s and carries a picture. The player
    sees the bot's "got it" within Discord's 3 s, then the message edited, picture included."""
    fake, kim, chris = world.fake, world.users["kim"], world.users["chris"]
    create = await fake.slash(kim, world.channel, "gm create", players=2, bots=False)
    lobby = await create.wait_reply(timeout=10)
    picture = png()

    async def slow_answer(who: Any, custom_id: str, *args: Any, **kwargs: Any) -> Reply:
        await asyncio.sleep(SLOW)  # a picture worker busy with others' pictures
        return Reply(Message(content="Drawn late.", files=(("late.png", picture),)), edit=True)

    world.bot.actions.control = slow_answer
    world.bot.acks.slow = lambda action: action == "lobby"
    join = await fake.click(chris, fake.message(lobby.id), "gm:lobby:1:0:join")
    answer = await join.wait_reply(timeout=10)
    assert join.response_type == DEFERRED_UPDATE_MESSAGE
    assert join.latency is not None and join.latency < DISCORD_FIRST_ANSWER
    assert join.answer_latency is not None and join.answer_latency >= SLOW
    assert not join.errors
    assert answer.id == lobby.id and "Drawn late." in answer.text()
    assert [a.filename for a in answer.attachments] == ["late.png"]


async def test_the_same_slow_answer_unmarked_fails_the_interaction(world):  # noqa: F811
    """Why the mark matters: answered directly after 3.5 s, Discord refuses the answer."""
    fake, kim, chris = world.fake, world.users["kim"], world.users["chris"]
    create = await fake.slash(kim, world.channel, "gm create", players=2, bots=False)
    lobby = await create.wait_reply(timeout=10)

    async def slow_answer(who: Any, custom_id: str, *args: Any, **kwargs: Any) -> Reply:
        await asyncio.sleep(SLOW)
        return Reply(Message(content="Drawn late."), edit=True)

    world.bot.actions.control = slow_answer
    world.bot.acks.slow = lambda action: False
    join = await fake.click(chris, fake.message(lobby.id), "gm:lobby:1:0:join")
    await fake.wait_for(lambda: join.errors or None, what="the refused answer", timeout=10)
    assert not join.responded
