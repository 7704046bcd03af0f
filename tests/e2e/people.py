"""People playing through the loopback Discord: they only read what they see (channel, DMs,
ephemeral answers) and act as a person acts (slash commands, clicks, selects, modals)."""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field
from typing import Any

from bot.loopback import FakeDiscord, LoopbackTimeout

WAIT = 20.0


def open_prompt(
    fake: FakeDiscord, user: Any, skip: set[int] | frozenset[int] = frozenset()
) -> Any | None:
    """The newest DM from the bot that still has controls, if any (but those in `skip`)."""
    for message in reversed(fake.dms(user)):
        if message.id in skip:
            continue
        if message.author_id == fake.bot.id and message.custom_ids() and not message.loading:
            return message
    return None


def final_posted(fake: FakeDiscord, channel: Any) -> bool:
    return any(
        "share the victory" in m.text() or " wins!" in m.text() for m in fake.messages(channel)
    )


@dataclass(frozen=True)
class Sent:
    """An interaction a player sent, and the answer they saw (text None: no answer came)."""

    record: Any
    text: str | None
    custom_ids: tuple[str, ...] = ()


@dataclass
class Player:
    """A player who answers every decision in their DMs the simple way: a team of their first
    adventurers, no order card (private contract or wander), Ready; otherwise the button that
    stands for the default, or the first answer offered.

    `patient`: an interaction nobody answers (the bot is down) is noted in `sent` instead of
    failing the test; `sent` keeps every interaction and its answer either way."""

    fake: FakeDiscord
    user: Any
    patient: bool = False
    timeout: float = WAIT
    sent: list[Sent] = field(default_factory=list)
    closed: set[int] = field(default_factory=set)  # prompts the bot said are closed

    async def act_once(self) -> bool:
        """Answer one open prompt; False if there is none."""
        message = open_prompt(self.fake, self.user, self.closed)
        if message is None:
            return False
        ids = message.custom_ids()
        if any(i.startswith("gm:obready:") for i in ids):
            return await self.orders(message)
        for prefix in ("gm:default:", "gm:rollgo:", "gm:opt:"):
            button = next((i for i in ids if i.startswith(prefix)), None)
            if button:
                await self.wait(await self.fake.click(self.user, message, button))
                return True
        for select in message.selects():
            if select["custom_id"].startswith(("gm:optsel:", "gm:builds:")):
                value = select["options"][0]["value"]
                await self.wait(
                    await self.fake.select(self.user, message, select["custom_id"], [value])
                )
                return True
        return False

    async def orders(self, message: Any) -> bool:
        ready = next(i for i in message.custom_ids() if i.startswith("gm:obready:"))
        if ready.endswith(":0"):  # already ready: waiting for the others
            return False
        team = message.component(
            next(i for i in message.custom_ids() if i.startswith("gm:obteam:"))
        )
        chosen = [o["value"] for o in team["options"][: min(2, team.get("max_values", 1))]]
        await self.wait(await self.fake.select(self.user, message, team["custom_id"], chosen))
        message = self.fake.message(message.id)
        if ready not in message.custom_ids():  # the board closed meanwhile
            return True
        await self.wait(await self.fake.click(self.user, message, ready))
        return True

    async def wait(self, record: Any) -> Any:
        try:
            reply = await record.wait_reply(timeout=self.timeout)
        except LoopbackTimeout:
            self.sent.append(Sent(record, None))
            if not self.patient:
                raise
            return None
        self.sent.append(Sent(record, reply.text(), tuple(reply.custom_ids())))
        if "already closed" in reply.text() and record.message_id is not None:
            self.closed.add(record.message_id)  # as a person would, they stop pressing it
        return reply


async def play_to_the_end(
    fake: FakeDiscord, channel: Any, players: list[Player], limit: float = 240.0
) -> None:
    """Everybody answers until the final standings are posted."""
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while not final_posted(fake, channel):
        if loop.time() > end:
            raise AssertionError("the game did not end in time")
        acted = False
        for p in players:
            acted = await p.act_once() or acted
        if not acted:
            await anything_new(fake)


async def anything_new(fake: FakeDiscord, timeout: float = 2.0) -> None:
    """Wait (at most `timeout` seconds) until anything new happens on the loopback Discord."""
    mark = fake.mark()
    with contextlib.suppress(LoopbackTimeout):
        await fake.wait_for(lambda: fake.mark() != mark, what="anything new", timeout=timeout)
