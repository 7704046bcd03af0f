"""Interactions are answered before the notifier posts.

A player who clicks waits for the answer, and Discord fails the interaction after 3 seconds; the
notifier's posts and DMs (narration, pictures, order boards) can come a moment later. Both share
one event loop and one Discord, so under load a click's answer used to queue behind the posts
of every game that had just moved. Now each request of the notifier first waits until no
interaction is waiting for its answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

from bot.render.ui import Message

# An interaction not answered this long after it arrived has failed for its user anyway (or was
# answered without us, as autocomplete is): the notifier stops waiting for it.
STALE = 3.0
# While interactions keep waiting, the notifier still makes one request per this many seconds,
# so that a steady stream of clicks slows the notifier down but never stops it.
MAX_WAIT = 0.5


class AnswersFirst:
    """The interactions waiting for their answer, and a turn for everything else after them.

    The notifier's requests take their turns one after the other (a lock, first come first
    served). A turn is given at once while no interaction waits; otherwise when they have all
    been answered, or MAX_WAIT after the last turn given. The wait is counted from the last
    turn, not from each request's own arrival: hundreds of games' notifiers queueing at once
    would otherwise all be let through together after MAX_WAIT, ahead of the clicks.
    """

    def __init__(self) -> None:
        self._waiting: dict[int, float] = {}  # interaction id -> when it arrived (monotonic)
        self._idle = asyncio.Event()
        self._idle.set()
        self._turns = asyncio.Lock()
        self._last_turn = 0.0

    def arrived(self, interaction_id: int) -> None:
        """An interaction arrived; it is to be answered before the notifier's next request."""
        self._waiting.setdefault(interaction_id, time.monotonic())
        self._idle.clear()

    def answered(self, interaction_id: int) -> None:
        """The interaction has its answer (or will never get one)."""
        self._waiting.pop(interaction_id, None)
        if not self._waiting:
            self._idle.set()

    @property
    def waiting(self) -> int:
        """How many interactions wait for their answer."""
        return len(self._waiting)

    async def turn(self) -> None:
        """Until no interaction waits for its answer, or MAX_WAIT after the last turn."""
        async with self._turns:
            while self._waiting:
                now = time.monotonic()
                oldest, since = next(iter(self._waiting.items()))  # in order of arrival
                if now - since >= STALE:
                    self.answered(oldest)
                    continue
                give_up = self._last_turn + MAX_WAIT
                if now >= give_up:
                    break
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(min(give_up, since + STALE) - now):
                        await self._idle.wait()
            self._last_turn = time.monotonic()


class AnswersFirstPoster:
    """The notifier's Poster, each request of which waits for its turn after interactions."""

    def __init__(self, poster: Any, answers: AnswersFirst) -> None:
        self.poster = poster
        self.answers = answers

    async def send(self, channel_id: int, message: Message, **options: Any) -> int:
        await self.answers.turn()
        return await self.poster.send(channel_id, message, **options)

    async def edit(self, channel_id: int, message_id: int, message: Message) -> None:
        await self.answers.turn()
        await self.poster.edit(channel_id, message_id, message)

    async def fetch_content(self, channel_id: int, message_id: int) -> str | None:
        await self.answers.turn()
        return await self.poster.fetch_content(channel_id, message_id)

    async def dm(self, user_id: int, message: Message, **options: Any) -> tuple[int, int]:
        await self.answers.turn()
        return await self.poster.dm(user_id, message, **options)

    async def dm_channel(self, user_id: int) -> int:
        await self.answers.turn()
        return await self.poster.dm_channel(user_id)
