"""A Poster that keeps what would have been posted, and a table of services for handler tests."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from bot.chat.actions import Actions, Who
from bot.chat.notifier import DMClosed, Notifier
from bot.render.ui import Message
from bot.service import GameService
from bot.store import EventStore, sqlite_url

_ids = itertools.count(1000)


@dataclass
class Posted:
    channel_id: int
    message_id: int
    message: Message
    edits: list[Message] = field(default_factory=list)

    @property
    def current(self) -> Message:
        return self.edits[-1] if self.edits else self.message


class FakePoster:
    def __init__(self) -> None:
        self.messages: dict[int, Posted] = {}
        self.dms: dict[int, list[int]] = {}  # user -> message ids
        self.closed: set[int] = set()
        self.mentions: list[int] = []

    async def send(
        self,
        channel_id: int,
        message: Message,
        *,
        mention: int | None = None,
        nonce: str | None = None,
    ) -> int:
        message.check()
        mid = next(_ids)
        self.messages[mid] = Posted(channel_id, mid, message)
        if mention is not None:
            self.mentions.append(mention)
        return mid

    async def edit(self, channel_id: int, message_id: int, message: Message) -> None:
        message.check()
        self.messages[message_id].edits.append(message)

    async def fetch_content(self, channel_id: int, message_id: int) -> str | None:
        posted = self.messages.get(message_id)
        return posted.current.content if posted else None

    async def dm(
        self, user_id: int, message: Message, *, nonce: str | None = None
    ) -> tuple[int, int]:
        if user_id in self.closed:
            raise DMClosed
        channel = 10_000 + user_id
        mid = await self.send(channel, message)
        self.dms.setdefault(user_id, []).append(mid)
        return channel, mid

    async def dm_channel(self, user_id: int) -> int:
        return 10_000 + user_id

    def channel_text(self, channel_id: int) -> str:
        return "\n".join(
            p.current.content for p in self.messages.values() if p.channel_id == channel_id
        )

    def last_dm(self, user_id: int) -> Posted:
        return self.messages[self.dms[user_id][-1]]


CHANNEL = 555
GUILD = 777


def who(user: int, name: str = "", *, admin: bool = False, dm: bool = False) -> Who:
    return Who(
        user_id=user,
        name=name or f"user{user}",
        interaction=str(next(_ids)),
        channel_id=None if dm else CHANNEL,
        guild_id=None if dm else GUILD,
        is_admin=admin,
    )


async def table(tmp_path) -> tuple[EventStore, GameService, FakePoster, Notifier, Actions]:
    store = await EventStore.open(sqlite_url(str(tmp_path / "bot.sqlite3")))
    service = GameService(store)
    poster = FakePoster()
    notifier = Notifier(service, poster)
    service.listeners.append(notifier)
    service.reminders.append(notifier.remind)
    return store, service, poster, notifier, Actions(service, rate_limit=10_000)


async def settle(service: GameService, notifier: Notifier) -> None:
    for _ in range(5):
        await service.settle()
        await notifier.idle()
