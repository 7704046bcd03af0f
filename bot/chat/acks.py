"""Under load, an interaction is acknowledged the moment it arrives, and answered after.

Discord fails an interaction that gets no answer within 3 seconds ("This interaction failed"),
and a player who sees that clicks again. An answer needs the game: the engine decides, the
store records, the board is drawn again, and discord.py and aiohttp build the request, one to
two milliseconds in all. When hundreds of players act at once, the last of them waits for
everybody's answer before theirs. So when an interaction arrives while others already wait for
their answers, or when its handler would wait for a place among those working at once
(bot/chat/backlog.py), the bot first acknowledges it, ahead of everything else it has to do, and
gives the answer after. A lone interaction is answered at once, in one request.

- A click or a form is acknowledged with DEFERRED_UPDATE_MESSAGE ("got it; the message may
  change"); its answer edits the message the control is on, or comes as a follow-up.
- A slash command is acknowledged with a private "thinking…" (DEFERRED_CHANNEL_MESSAGE,
  ephemeral): a private answer fills it in; a public one is posted in the channel and the
  placeholder removed. (Whether an answer is private depends on the command's outcome, and the
  first answer fixes it: so the placeholder is private, the safe side.)
- Controls that answer with a form are never acknowledged first: a modal must be the first
  answer. Autocomplete is answered by discord.py alone.

A presentation's slow controls (`slow_controls`, bot/presentation.py: an answer that draws a
picture, say) are acknowledged on arrival whatever the load: their answer may take longer than
Discord's 3 seconds, and a deferred answer may come within 15 minutes, as an edit of the
message the control is on.

An acknowledgement whose every try failed after one of them may have reached Discord (a try
that timed out, a 5xx) is neither taken nor refused: unknown. Its handler then answers as if
it was not acknowledged, and if Discord says the interaction already has its first answer,
answers after the acknowledgement (bot/chat/client.py). Taking it for refused left the player
with "thinking…" for good whenever the acknowledgement had in fact got through (a try's time
runs out easily when thousands of clicks arrive at once).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

import aiohttp
import discord

from bot.chat.actions import answers_slowly
from bot.chat.priority import AnswersFirst
from bot.jitter import jittered
from bot.render.ids import parse

log = logging.getLogger("guildmaster.acks")

# Acknowledge first when at least this many interactions already wait for their answers: the
# new one would wait for all their work before its own.
ACK_WHEN_WAITING = 4
# The work of an acknowledged click waits while acknowledgements are on their way, at most this
# long (seconds), so that under a steady stream of clicks the answers still come.
MAX_WAIT = 1.0
# Connections kept for acknowledgements, and how long an idle one is kept (seconds): a burst
# reuses warm connections instead of opening one per interaction (a TLS handshake each, with
# Discord), and waits for a free one past CONNECTIONS.
CONNECTIONS = 64
KEEPALIVE = 60.0
# Waits before trying an acknowledgement again after Discord answered 5xx or 429, or the
# connection failed; all within Discord's 3 seconds.
RETRY_DELAYS = (0.1, 0.4)
# How long one try may take, from waiting for a connection to Discord's answer (seconds).
TRY_TIMEOUT = 2.5
# Discord's error code for an interaction that already has its first answer.
ALREADY_ACKNOWLEDGED = 40060

APPLICATION_COMMAND, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE = 5, 6
EPHEMERAL = 1 << 6


class EarlyAcks:
    """Wraps discord.py's INTERACTION_CREATE parser: every interaction's arrival is told to
    `answers`, and a click that would wait behind others is acknowledged before discord.py even
    parses it.

    `opens_form(action)`: does the control of that action answer with a modal?
    `user_agent`: what the requests say they are (discord.py's).
    `slow(action)`: is the control of that action slow to answer (acknowledged at once)?
    `behind()`: would a new interaction wait for its handler's place (bot/chat/backlog.py)?
    Then it is acknowledged first, whatever else waits.
    """

    def __init__(
        self,
        connection: Any,
        answers: AnswersFirst,
        opens_form: Callable[[str], bool],
        user_agent: str,
        *,
        when_waiting: int = ACK_WHEN_WAITING,
        slow: Callable[[str], bool] = answers_slowly,
        behind: Callable[[], bool] = lambda: False,
    ) -> None:
        self._parse = connection.parsers["INTERACTION_CREATE"]
        connection.parsers["INTERACTION_CREATE"] = self.parse
        self.answers = answers
        self.opens_form = opens_form
        self.slow = slow
        self.behind = behind
        self.when_waiting = when_waiting
        self.user_agent = user_agent
        self._acks: dict[int, asyncio.Task[bool | None]] = {}
        self._in_flight = 0
        self._idle = asyncio.Event()
        self._idle.set()
        self._session: aiohttp.ClientSession | None = None
        # Requests on their way at once: the others wait here as a small coroutine, not as an
        # aiohttp request (its headers, URL, timers and frames, about 10 kB) waiting inside the
        # connector: 3,139 of those were the largest part of the bot's peak in the 2,000-game
        # burst (bench/memory_probe.py --every 15).
        self._connections = asyncio.Semaphore(CONNECTIONS)
        self.sent = 0  # acknowledgements made, for logs and tests

    def parse(self, data: dict[str, Any]) -> None:
        interaction_id = int(data["id"])
        if data.get("type") != AUTOCOMPLETE:
            body = self._acknowledgement(data)
            if body is not None:
                self._in_flight += 1
                self._idle.clear()
                self._acks[interaction_id] = asyncio.get_running_loop().create_task(
                    self._acknowledge(interaction_id, str(data["token"]), body)
                )
            self.answers.arrived(interaction_id)
        self._parse(data)

    def _acknowledgement(self, data: dict[str, Any]) -> dict[str, Any] | None:
        """The acknowledgement to send at once, or None to answer the interaction directly."""
        busy = self.answers.waiting >= self.when_waiting or self.behind()
        kind = data.get("type")
        if kind == APPLICATION_COMMAND:
            return (
                {"type": DEFERRED_CHANNEL_MESSAGE, "data": {"flags": EPHEMERAL}} if busy else None
            )
        if kind not in (COMPONENT, MODAL_SUBMIT):
            return None
        cid = parse(str((data.get("data") or {}).get("custom_id", "")))
        # Not ours (or forged): answered at once with a refusal, which costs nothing.
        if cid is None or self.opens_form(cid.action):
            return None
        if not busy and not self.slow(cid.action):
            return None
        return {"type": DEFERRED_UPDATE_MESSAGE}

    def acknowledged_first(self, interaction_id: int) -> bool:
        """Was that interaction acknowledged on arrival (its acknowledgement not yet taken)?"""
        return interaction_id in self._acks

    def take(self, interaction_id: int) -> asyncio.Task[bool | None] | None:
        """The acknowledgement of that interaction (its result: whether Discord took it, None
        if that is not known), or None if it was not acknowledged first. Taken once, by the
        interaction's handler."""
        return self._acks.pop(interaction_id, None)

    async def settled(self, ack: asyncio.Task[bool | None] | None) -> bool | None:
        """For an interaction's handler, before its work: False if it was not acknowledged
        first; else once Discord has answered its acknowledgement and no other is on its way
        (at most MAX_WAIT), whether Discord took it (None: it may have)."""
        if ack is None:
            return False
        taken = await ack
        await self.after_acks()
        return taken

    async def after_acks(self) -> None:
        """Until no acknowledgement is on its way, or MAX_WAIT."""
        if self._in_flight:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(MAX_WAIT):
                    await self._idle.wait()

    async def _acknowledge(
        self, interaction_id: int, token: str, body: dict[str, Any]
    ) -> bool | None:
        try:
            taken = await self._send(interaction_id, token, body)
            self.sent += taken is True
            return taken
        finally:
            self.answers.answered(interaction_id)
            self._in_flight -= 1
            if not self._in_flight:
                self._idle.set()

    async def _send(self, interaction_id: int, token: str, body: dict[str, Any]) -> bool | None:
        """POST the acknowledgement, tried again on 5xx, 429 or a failed connection; whether
        Discord took it, or None when every try failed and one may have got through.

        A try that timed out or failed may still have reached Discord, so "already
        acknowledged" on a later try means it did: taken. On the first try it means the
        interaction was delivered twice, and the other delivery's handler answers it.
        """
        url = f"{discord.http.Route.BASE}/interactions/{interaction_id}/{token}/callback"
        may_have_reached = False
        for delay in (*RETRY_DELAYS, None):
            try:
                # A try's time counts from its wait for a connection, as aiohttp's own timeout
                # did when the requests waited inside its connector.
                async with (
                    asyncio.timeout(TRY_TIMEOUT),
                    self._connections,
                    self.session().post(url, json=body) as response,
                ):
                    if response.status < 300:
                        return True
                    if response.status >= 500:
                        may_have_reached = True
                    elif response.status != 429:
                        if may_have_reached and await _code(response) == ALREADY_ACKNOWLEDGED:
                            return True
                        # Too late, or already answered (an interaction delivered twice).
                        log.warning(
                            "acknowledging interaction %s: HTTP %s", interaction_id, response.status
                        )
                        return False
            except (aiohttp.ClientError, OSError, TimeoutError) as exc:
                may_have_reached = True
                log.warning("acknowledging interaction %s failed: %r", interaction_id, exc)
            if delay is None:
                if may_have_reached:
                    log.warning(
                        "acknowledging interaction %s: no try's answer read; it may have been "
                        "taken, so it is answered as if not, and after it if it was",
                        interaction_id,
                    )
                    return None
                return False
            await asyncio.sleep(jittered(delay))  # not in step with other processes' retries
        return False

    def session(self) -> aiohttp.ClientSession:
        """The HTTP session of the acknowledgements: its own, so that they never queue behind
        discord.py's requests for a connection."""
        if self._session is None or self._session.closed:
            self._session = aiohttp.ClientSession(
                connector=aiohttp.TCPConnector(limit=CONNECTIONS, keepalive_timeout=KEEPALIVE),
                headers={"User-Agent": self.user_agent},
                timeout=aiohttp.ClientTimeout(total=TRY_TIMEOUT),
            )
        return self._session

    async def close(self) -> None:
        for task in list(self._acks.values()):
            task.cancel()
        self._acks.clear()
        if self._session is not None:
            await self._session.close()


async def _code(response: aiohttp.ClientResponse) -> int | None:
    """Discord's error code in an error answer, if it has one."""
    try:
        data = await response.json(content_type=None)
    except (ValueError, aiohttp.ClientError):
        return None
    return data.get("code") if isinstance(data, dict) else None
