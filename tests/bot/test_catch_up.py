"""After a restart (issue 8, the bot SIGKILLed): what the bot had not posted yet is posted when it
starts again, from the events recorded after the game's "notified" marker. Before, a kill
between a command's append and its posts left a player without their next prompt for good."""

import pytest

from bot.chat.notifier import NONCE_LENGTH, Notifier, game_of_nonce
from bot.render.ui import Message
from tests.bot.fakes import CHANNEL, settle, who
from tests.bot.test_actions import CHRIS, KIM, answer_setup, bot, started

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


@pytest.mark.parametrize("cut", ["seed", "deal", "status"])
async def test_a_start_cut_short_by_a_crash_is_finished_alike(bot, cut):
    """The bot dies in the middle of /gm start: after the seed is kept, after the deal is
    appended, or before the status changes. Before, the seats were removed one by one (a crash
    could leave the host without one) and the status was set before the deal (a crash left a
    'running' game without events that nothing could start). Now /gm start again, or the
    start-up (finish_start), finishes it with the same seats and the same deal."""
    service, _poster, notifier, actions = bot
    await actions.create(who(KIM, "Kim"), players=2, bots=False)
    await actions.join(who(CHRIS, "Chris"))
    store = service.store
    real_append, real_update = store.append, store.update_game

    class Killed(Exception):
        pass

    async def append(*args, **kwargs):
        if cut == "seed":
            raise Killed
        done = await real_append(*args, **kwargs)
        if cut == "deal":
            raise Killed
        return done

    async def update_game(game_id, **fields):
        if cut == "status" and "status" in fields:
            raise Killed
        return await real_update(game_id, **fields)

    store.append, store.update_game = append, update_game
    with pytest.raises(Killed):
        await service.start(1, KIM)
    store.append, store.update_game = real_append, real_update
    assert (await store.get_game(1)).status == "lobby"
    seats = [(s.seat, s.user_id) for s in await service.seats(1)]
    assert seats == [(0, KIM), (1, CHRIS)]
    if cut == "seed":  # nothing dealt yet: the host starts again
        reply = await actions.start(who(KIM))
        assert "The game begins" in reply.message.content
    else:
        assert await service.finish_start(1)
    await settle(service, notifier)
    game = await store.get_game(1)
    assert game.status == "running" and game.version > 0
    assert [(s.seat, s.user_id) for s in await service.seats(1)] == seats
    state, _ = await service.load(1)
    assert state.players == 2


@pytest.mark.parametrize("game_id", [1, 35, 36, 123_456, 2**40])
def test_a_posts_nonce_is_the_same_each_time_fits_discord_and_names_its_game(game_id):
    """Posting an update again after a restart gives the same nonces (Discord keeps the posts
    it has); Discord takes nonces of up to 25 characters; a post says which game made it."""
    notifier = Notifier(None, None)  # type: ignore[arg-type]
    notifier._posting[game_id] = 7
    nonce = notifier._nonce(game_id, 99, Message(content="Round 1: the orders, revealed."))
    assert nonce is not None and len(nonce) <= NONCE_LENGTH
    assert game_of_nonce(nonce) == game_id
    assert nonce == notifier._nonce(game_id, 99, Message(content="Round 1: the orders, revealed."))
    assert nonce != notifier._nonce(game_id, 99, Message(content="Round 2: the orders, revealed."))
    assert nonce != notifier._nonce(game_id, 98, Message(content="Round 1: the orders, revealed."))
    notifier._posting[game_id] = 8
    assert nonce != notifier._nonce(game_id, 99, Message(content="Round 1: the orders, revealed."))
    assert game_of_nonce("3f2a9c") is None and game_of_nonce(None) is None
