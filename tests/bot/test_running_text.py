"""The channel's running text (issue 26): the blocks one update begins share one message while
they fit, each under its heading; a block already posted is edited, not posted again."""

from bot.presentation import Line
from tests.bot.fakes import CHANNEL, table


async def test_blocks_begun_in_one_update_share_one_message(tmp_path):
    store, _service, poster, notifier, _actions = await table(tmp_path)
    try:
        await notifier._post_lines(
            1,
            CHANNEL,
            [
                Line("1:action", "Round 1 — Action Phase", "Kim recruits."),
                Line("1:reset", "Round 1 — Reset Phase", "Income is paid."),
                Line("2:start", "Round 2 — Start of Round", "The moon is full."),
            ],
        )
        (posted,) = poster.messages.values()
        assert posted.message.content == (
            "**Round 1 — Action Phase**\nKim recruits.\n**Round 1 — Reset Phase**\n"
            "Income is paid.\n**Round 2 — Start of Round**\nThe moon is full."
        )
        # Every block is kept where it is, so a restart finds it.
        for key in ("1:action", "1:reset", "2:start"):
            assert await store.message(1, f"block:{key}:1") == (CHANNEL, posted.message_id)
        # A later line of the last block edits that message.
        await notifier._post_lines(1, CHANNEL, [Line("2:start", "x", "Chris plots.")])
        assert len(poster.messages) == 1
        assert posted.current.content.endswith("The moon is full.\nChris plots.")
    finally:
        await store.close()


async def test_blocks_that_do_not_fit_together_are_posted_apart(tmp_path):
    store, _service, poster, notifier, _actions = await table(tmp_path)
    try:
        long = "x" * 1200
        await notifier._post_lines(
            1,
            CHANNEL,
            [Line("1:action", "Action", long), Line("1:reset", "Reset", long)],
        )
        first, second = poster.messages.values()
        assert first.message.content == f"**Action**\n{long}"
        assert second.message.content == f"**Reset**\n{long}"
    finally:
        await store.close()
