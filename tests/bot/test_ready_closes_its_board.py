"""The Ready that reveals the orders closes its own board (issue 26): the click's answer is the
closed board every guild gets at the reveal, and the notifier makes no second edit of it (one
REST call less a round; an interaction answer is outside Discord's rate limit)."""

from games.guild_master.presentation.updates import revealed_board
from games.guild_master.rules.state import Phase
from tests.bot.fakes import settle, who
from tests.bot.test_actions import KIM, answer_setup, bot, started

__all__ = ["bot"]  # the fixture, shared with the handler tests


async def test_the_ready_that_reveals_closes_its_board_by_its_answer(bot):
    service, poster, notifier, actions = bot
    await started(bot)
    await answer_setup(bot, KIM)
    state, _ = await service.load(1)
    assert state.phase is Phase.ORDERS
    team = list(state.guilds[0].adventurers[:2])
    await actions.control(who(KIM), "gm:obteam:1:0:1", team)
    await settle(service, notifier)
    board = next(
        m
        for m in reversed(poster.dms[KIM])
        if poster.messages[m].current.embeds
        and "your orders" in (poster.messages[m].current.embeds[0].title or "")
    )
    edits = len(poster.messages[board].edits)
    reply = await actions.control(who(KIM), "gm:obready:1:0:1")
    await settle(service, notifier)
    revealed, _ = await service.load(1)
    assert revealed.phase is not Phase.ORDERS or revealed.round > state.round
    assert reply.edit and reply.message == revealed_board()
    assert len(poster.messages[board].edits) == edits  # the notifier left it to the answer
