"""At most so many interactions handled at once; the others wait their turn.

When thousands of players click at once, every click's handler used to start its work at once:
each held its game's state, the answer it was drawing and the request it was building while it
waited for the loop, the store and Discord. In the load bench's 2,000-game burst that backlog of
work in progress was most of the bot's peak memory (docs/performance.md, "S6"). Now a handler
takes a place before its work; past HANDLING_AT_ONCE the others wait, holding no more than their
interaction, and are let in first come, first served.

Waiting must not break Discord's 3 seconds: a click that would wait for a place is acknowledged
on arrival (bot/chat/acks.py asks `behind`), and its answer may then come within 15 minutes. A
handler whose interaction is not acknowledged (it came while the bot was not behind, or it opens
a form, or its acknowledgement's outcome is unknown) is `urgent`: it is let in at once, beside
the others even past the bound, as every handler was before. Such interactions come only while
few wait, so they add a few places at most.

A handler that keeps its place longer than HOLD seconds (a request Discord keeps rate limiting,
say) gives it to the next one and goes on, so that a few stuck answers cannot stop all the others.

A click acknowledged on arrival is not even parsed until its turn (`in_turn`): while it waits
it is its raw payload, not discord.py's Interaction with its Member and Message and the
handler's task (5.1 against 6.8 kB a click: bench/waiting_click.py, 2,000 board clicks). At its
turn its place is kept for it and it is parsed; its handler claims the place (`claim`).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
from collections import deque
from collections.abc import AsyncIterator, Callable

log = logging.getLogger("guildmaster.backlog")

# Handlers doing their work at once. Each is some milliseconds of the loop's work and a request
# to Discord; this many keep the loop and Discord's connections busy without a backlog of
# drawn answers (HTTP_CONNECTIONS, bot/chat/client.py, is 64).
HANDLING_AT_ONCE = 32
# Seconds a handler keeps its place before the next one is let in beside it.
HOLD = 10.0


class _Place:
    """One handler's place, given back once (at its end, or when held past HOLD)."""

    __slots__ = ("given_back",)

    def __init__(self) -> None:
        self.given_back = False


class _Later:
    """A click waiting for its turn before it is parsed: its id and its parse."""

    __slots__ = ("interaction_id", "start")

    def __init__(self, interaction_id: int, start: Callable[[], None]) -> None:
        self.interaction_id = interaction_id
        self.start = start


class Backlog:
    """The places of handlers working at once, and the queue of those waiting for one (first
    come, first served)."""

    def __init__(self, limit: int = HANDLING_AT_ONCE, hold: float = HOLD) -> None:
        self.limit = limit
        self.hold = hold
        self.handling = 0  # places taken (urgent ones may take more than `limit`)
        self._queue: deque[asyncio.Future[None] | _Later] = deque()
        # Places kept for clicks parsed at their turn, until their handlers claim them; each
        # given back after `hold` seconds if its handler never comes (discord.py dropped it).
        self._kept: dict[int, asyncio.TimerHandle] = {}

    @property
    def waiting(self) -> int:
        """Handlers waiting for a place."""
        return len(self._queue)

    def behind(self, arriving: int = 0) -> bool:
        """Would a handler arriving now wait for a place, with `arriving` others arrived and
        not yet placed ahead of it?"""
        return self.handling + self.waiting + arriving >= self.limit

    def in_turn(self, interaction_id: int, start: Callable[[], None]) -> None:
        """For a click acknowledged on arrival: `start` (its parse, which starts its handler) at
        its turn, now if a place is free, with its place kept for it; until then it waits
        unparsed. Every acknowledged click takes its place in the order it came (a click parsed
        at once and placed only after its handler had begun would let a later one by)."""
        later = _Later(interaction_id, start)
        if self.handling < self.limit and not self._queue:
            self.handling += 1
            self._start(later)
        else:
            self._queue.append(later)

    def claim(self, interaction_id: int) -> bool:
        """For a click's handler: was a place kept for it at its turn (`in_turn`)? Then it is
        the handler's, to enter with `place(kept=True)`."""
        timer = self._kept.pop(interaction_id, None)
        if timer is None:
            return False
        timer.cancel()
        return True

    @contextlib.asynccontextmanager
    async def place(self, *, urgent: bool = False, kept: bool = False) -> AsyncIterator[None]:
        """A place for the work inside; `urgent`: the interaction is not acknowledged, so its
        answer is due within Discord's 3 seconds: in at once; `kept`: the place claimed."""
        if not kept:
            await self._take(urgent)
        place = _Place()
        timer = asyncio.get_running_loop().call_later(self.hold, self._give_back, place)
        try:
            yield
        finally:
            timer.cancel()
            self._give_back(place)

    async def _take(self, urgent: bool) -> None:
        if urgent or (self.handling < self.limit and not self._queue):
            self.handling += 1
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.append(turn)
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self._next()  # the place was handed over as this handler was cancelled
            else:
                with contextlib.suppress(ValueError):  # not already skipped by `_next`
                    self._queue.remove(turn)
            raise

    def _give_back(self, place: _Place) -> None:
        if not place.given_back:
            place.given_back = True
            self._next()

    def _next(self) -> None:
        """A place freed: handed to the next handler waiting (unless urgent ones hold more
        than the bound), or counted free."""
        while self.handling <= self.limit and self._queue:
            turn = self._queue.popleft()
            if isinstance(turn, _Later):
                self._start(turn)
                return
            if not turn.done():
                turn.set_result(None)
                return
        self.handling -= 1

    def _start(self, later: _Later) -> None:
        """A click's turn: its place kept for it, and parsed. In a context of its own: its
        handler's task must not inherit the context of the handler whose place it takes."""
        place = _Place()
        self._kept[later.interaction_id] = asyncio.get_running_loop().call_later(
            self.hold, self._unclaimed, later.interaction_id, place
        )
        try:
            contextvars.Context().run(later.start)
        except Exception:
            log.exception("interaction %s could not be parsed at its turn", later.interaction_id)
            if self.claim(later.interaction_id):
                self._give_back(place)

    def _unclaimed(self, interaction_id: int, place: _Place) -> None:
        if self._kept.pop(interaction_id, None) is not None:
            self._give_back(place)
