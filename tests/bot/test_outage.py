"""The database failing just after a command's events were recorded (issue 8: nothing
acknowledged is lost): the command is reported as done, the channel and DMs are told, and the
deadline bookkeeping that failed is done again once the database answers."""

from bot.store import Unavailable
from tests.bot.fakes import CHANNEL, settle, who
from tests.bot.test_actions import KIM, answer_setup, bot, started, text

__all__ = ["bot"]  # the fixture, shared with the handler tests


async def test_a_failure_after_the_append_neither_hides_the_command_nor_its_posts(bot):
    service, poster, notifier, actions = bot
    service.redo_delays = (0.05, 0.05)
    await started(bot, deadline=30)
    await answer_setup(bot, KIM)
    state, _ = await service.load(1)
    team = list(state.guilds[0].adventurers)[:2]
    await actions.control(who(KIM), "gm:obteam:1:0:1", team)
    await settle(service, notifier)
    real = service.refresh_deadline
    failures = []

    async def failing(game_id, **kwargs):
        if not failures:
            failures.append(game_id)
            raise Unavailable("the database is busy or unreachable: test")
        return await real(game_id, **kwargs)

    service.refresh_deadline = failing
    ready = await actions.control(who(KIM), "gm:obready:1:0:1")
    assert failures and "nothing was changed" not in text(ready)
    assert "revealed" in text(ready), text(ready)
    await settle(service, notifier)
    assert "Orders revealed" in poster.channel_text(CHANNEL)
    deadline = await service.deadline(1)
    assert deadline is not None and deadline.seats == (0,)
