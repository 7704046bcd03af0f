"""The fake's objects: users, guilds, roles, members, channels, messages, attachments.

They are plain records; `state.World` turns them into the JSON payloads Discord sends.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

# Channel types
GUILD_TEXT = 0
DM = 1
GUILD_VOICE = 2
GUILD_CATEGORY = 4
GUILD_ANNOUNCEMENT = 5
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
GUILD_FORUM = 15
THREAD_TYPES = (10, PUBLIC_THREAD, PRIVATE_THREAD)

# Message flags
FLAG_SUPPRESS_EMBEDS = 1 << 2
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_SUPPRESS_NOTIFICATIONS = 1 << 12
FLAG_COMPONENTS_V2 = 1 << 15

# Component types
ACTION_ROW = 1
BUTTON = 2
STRING_SELECT = 3
TEXT_INPUT = 4
USER_SELECT = 5
ROLE_SELECT = 6
MENTIONABLE_SELECT = 7
CHANNEL_SELECT = 8
SELECT_TYPES = (STRING_SELECT, USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT)


@dataclass(eq=False)
class User:
    id: int
    username: str
    global_name: str | None = None
    bot: bool = False
    dms_open: bool = True
    locale: str = "en-US"

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    @property
    def display_name(self) -> str:
        return self.global_name or self.username

    def snapshot(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "username": self.username,
            "global_name": self.global_name,
            "bot": self.bot,
            "dms_open": self.dms_open,
            "locale": self.locale,
        }

    def __repr__(self) -> str:
        return f"<User {self.username} {self.id}>"


@dataclass(eq=False)
class Role:
    id: int
    guild_id: int
    name: str
    permissions: int = 0
    position: int = 0
    color: int = 0
    hoist: bool = False
    managed: bool = False
    mentionable: bool = False
    bot_id: int | None = None

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"

    def snapshot(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "guild_id": self.guild_id,
            "name": self.name,
            "permissions": self.permissions,
            "position": self.position,
        }

    def __repr__(self) -> str:
        return f"<Role {self.name} {self.id}>"


@dataclass(eq=False)
class Member:
    guild_id: int
    user_id: int
    roles: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = ""

    def snapshot(self) -> dict[str, Any]:
        return {
            "guild_id": self.guild_id,
            "user_id": self.user_id,
            "roles": list(self.roles),
            "nick": self.nick,
        }


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    owner_id: int
    locale: str = "en-US"
    roles: dict[int, Role] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)
    channel_ids: list[int] = field(default_factory=list)
    joined_at: str = ""
    features: list[str] = field(default_factory=list)

    @property
    def everyone(self) -> Role:
        return self.roles[self.id]

    def snapshot(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "owner_id": self.owner_id,
            "roles": [r.snapshot() for r in self.roles.values()],
            "members": [m.snapshot() for m in self.members.values()],
            "channel_ids": list(self.channel_ids),
        }

    def __repr__(self) -> str:
        return f"<Guild {self.name} {self.id}>"


@dataclass(eq=False)
class Channel:
    id: int
    type: int
    name: str | None = None
    guild_id: int | None = None
    position: int = 0
    topic: str | None = None
    parent_id: int | None = None
    nsfw: bool = False
    overwrites: list[dict[str, Any]] = field(default_factory=list)
    recipient_ids: list[int] = field(default_factory=list)
    # threads
    owner_id: int | None = None
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    auto_archive_duration: int = 4320
    thread_member_ids: set[int] = field(default_factory=set)
    created_at: str = ""
    # messages, oldest first (ids)
    message_ids: list[int] = field(default_factory=list)
    last_message_id: int | None = None

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def snapshot(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "type": self.type,
            "name": self.name,
            "guild_id": self.guild_id,
            "parent_id": self.parent_id,
            "recipient_ids": list(self.recipient_ids),
            "archived": self.archived,
            "locked": self.locked,
        }

    def __repr__(self) -> str:
        return f"<Channel {self.name or 'DM'} type={self.type} {self.id}>"


@dataclass(eq=False)
class Attachment:
    id: int
    filename: str
    data: bytes
    content_type: str | None
    url: str
    description: str | None = None
    ephemeral: bool = False
    width: int | None = None
    height: int | None = None

    @property
    def size(self) -> int:
        return len(self.data)

    def snapshot(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "filename": self.filename,
            "size": self.size,
            "content_type": self.content_type,
            "url": self.url,
            "description": self.description,
        }


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component, depth first, including those inside rows, sections and containers."""
    for c in components or ():
        yield c
        for key in ("components",):
            if isinstance(c.get(key), list):
                yield from walk_components(c[key])
        for key in ("accessory", "component"):
            if isinstance(c.get(key), dict):
                yield from walk_components([c[key]])


@dataclass(eq=False)
class Message:
    id: int
    channel_id: int
    guild_id: int | None
    author_id: int
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    timestamp: str = ""
    edited_timestamp: str | None = None
    tts: bool = False
    mention_ids: list[int] = field(default_factory=list)
    mention_role_ids: list[int] = field(default_factory=list)
    mention_everyone: bool = False
    pinned: bool = False
    pinned_at: str | None = None
    reactions: dict[str, set[int]] = field(default_factory=dict)
    reference: dict[str, Any] | None = None
    nonce: str | int | None = None
    webhook_id: int | None = None
    application_id: int | None = None
    #: the interaction whose response or follow-up this is
    interaction_id: int | None = None
    #: for ephemeral messages: the only user who sees it
    ephemeral_to: int | None = None
    thread_id: int | None = None
    poll: dict[str, Any] | None = None
    deleted: bool = False
    #: the World revision at creation and at the last change (see FakeDiscord.mark())
    created_rev: int = 0
    rev: int = 0
    #: earlier versions, oldest first: {"content", "embeds", "components", "attachments", "flags"}
    history: list[dict[str, Any]] = field(default_factory=list)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred ("Bot is thinking...") response that has not been filled yet."""
        return bool(self.flags & FLAG_LOADING)

    @property
    def edited(self) -> bool:
        return self.edited_timestamp is not None

    def text(self) -> str:
        """Content, then each embed's title, description, fields and footer, one per line."""
        parts = [self.content] if self.content else []
        for e in self.embeds:
            for key in ("title", "description"):
                if e.get(key):
                    parts.append(str(e[key]))
            for f in e.get("fields", []) or []:
                parts.append(f"{f.get('name', '')}: {f.get('value', '')}")
            if (e.get("footer") or {}).get("text"):
                parts.append(e["footer"]["text"])
        for c in walk_components(self.components):
            if c.get("type") == 10 and c.get("content"):
                parts.append(c["content"])
        return "\n".join(parts)

    def all_components(self) -> list[dict[str, Any]]:
        return list(walk_components(self.components))

    def component(self, custom_id: str) -> dict[str, Any] | None:
        for c in walk_components(self.components):
            if c.get("custom_id") == custom_id:
                return c
        return None

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in walk_components(self.components) if c.get("type") == BUTTON]

    def selects(self) -> list[dict[str, Any]]:
        return [c for c in walk_components(self.components) if c.get("type") in SELECT_TYPES]

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in walk_components(self.components) if "custom_id" in c]

    def snapshot(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "channel_id": self.channel_id,
            "guild_id": self.guild_id,
            "author_id": self.author_id,
            "content": self.content,
            "text": self.text(),
            "embeds": self.embeds,
            "components": self.components,
            "attachments": [a.snapshot() for a in self.attachments],
            "flags": self.flags,
            "type": self.type,
            "ephemeral": self.ephemeral,
            "ephemeral_to": self.ephemeral_to,
            "loading": self.loading,
            "edited": self.edited,
            "deleted": self.deleted,
            "interaction_id": self.interaction_id,
            "reference": self.reference,
            "thread_id": self.thread_id,
            "rev": self.rev,
            "created_rev": self.created_rev,
        }

    def __repr__(self) -> str:
        text = self.text().replace("\n", " | ")
        if len(text) > 60:
            text = text[:57] + "..."
        extra = " ephemeral" if self.ephemeral else ""
        extra += " loading" if self.loading else ""
        extra += " deleted" if self.deleted else ""
        return f"<Message {self.id} in {self.channel_id} by {self.author_id}{extra}: {text!r}>"
