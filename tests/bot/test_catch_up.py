"""After a restart (issue 8, the bot SIGKILLed): what the bot had not posted yet is posted when it
starts again, from the events recorded after the game's "notified" marker. Before, a kill
between a command's append and its posts left a player without their next prompt for good."""

from bot.chat.notifier import Notifier
from tests.bot.fakes import CHANNEL, settle, who
from tests.bot.test_actions import KIM, answer_setup, bot, started

__all__ = ["bot"]  # the fixture, shared with the handler tests


async def test_what_was_not_posted_before_a_restart_is_posted_after_it(bot):
    service, poster, notifier, actions = bot
    await started(bot)
    await answer_setup(bot, KIM)
    state, _ = await service.load(1)
    team = list(state.guilds[0].adventurers)[:2]
    await actions.control(who(KIM), "gm:obteam:1:0:1", team)
    await settle(service, notifier)
    marked = await service.store.notified(1)
    assert marked == (await service.store.get_game(1)).version
    service.listeners.remove(notifier)  # the process dies before posting what comes next
    await actions.control(who(KIM), "gm:obready:1:0:1")
    await service.settle()
    assert "Orders revealed" not in poster.channel_text(CHANNEL)
    dms_before = len(poster.dms[KIM])

    restarted = Notifier(service, poster)
    service.listeners.append(restarted)
    assert await restarted.catch_up(1)
    await settle(service, restarted)
    assert "Orders revealed" in poster.channel_text(CHANNEL)
    assert len(poster.dms[KIM]) > dms_before  # the next prompt or board came
    assert await service.store.notified(1) == (await service.store.get_game(1)).version
    assert not await restarted.catch_up(1)  # nothing left to post


async def test_a_prompt_answered_just_before_a_restart_loses_its_buttons(bot):
    """The answer was recorded but the bot died before answering the click: the prompt kept
    its buttons (and players kept pressing them). Catching up closes it."""
    service, poster, notifier, _actions = bot
    await started(bot)
    prompt_id = poster.dms[KIM][-1]
    service.listeners.remove(notifier)
    await answer_setup(bot, KIM)
    assert poster.messages[prompt_id].current.rows  # nobody edited it: the buttons are there
    restarted = Notifier(service, poster)
    service.listeners.append(restarted)
    assert await restarted.catch_up(1)
    await settle(service, restarted)
    closed = poster.messages[prompt_id].current
    assert not closed.rows and "Answered" in closed.embeds[0].description
    assert any(
        "your orders" in poster.messages[m].current.embeds[0].title
        for m in poster.dms[KIM]
        if poster.messages[m].current.embeds
    )
