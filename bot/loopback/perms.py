"""Permission bits and how Discord computes a member's permissions in a channel."""

from __future__ import annotations

import enum


class Perm(enum.IntFlag):
    CREATE_INSTANT_INVITE = 1 << 0
    KICK_MEMBERS = 1 << 1
    BAN_MEMBERS = 1 << 2
    ADMINISTRATOR = 1 << 3
    MANAGE_CHANNELS = 1 << 4
    MANAGE_GUILD = 1 << 5
    ADD_REACTIONS = 1 << 6
    VIEW_AUDIT_LOG = 1 << 7
    VIEW_CHANNEL = 1 << 10
    SEND_MESSAGES = 1 << 11
    SEND_TTS_MESSAGES = 1 << 12
    MANAGE_MESSAGES = 1 << 13
    EMBED_LINKS = 1 << 14
    ATTACH_FILES = 1 << 15
    READ_MESSAGE_HISTORY = 1 << 16
    MENTION_EVERYONE = 1 << 17
    USE_EXTERNAL_EMOJIS = 1 << 18
    CONNECT = 1 << 20
    SPEAK = 1 << 21
    CHANGE_NICKNAME = 1 << 26
    MANAGE_NICKNAMES = 1 << 27
    MANAGE_ROLES = 1 << 28
    MANAGE_WEBHOOKS = 1 << 29
    USE_APPLICATION_COMMANDS = 1 << 31
    MANAGE_THREADS = 1 << 34
    CREATE_PUBLIC_THREADS = 1 << 35
    CREATE_PRIVATE_THREADS = 1 << 36
    SEND_MESSAGES_IN_THREADS = 1 << 38
    MODERATE_MEMBERS = 1 << 40


ALL = (1 << 51) - 1

#: What @everyone may do in a new guild.
DEFAULT_EVERYONE = (
    Perm.CREATE_INSTANT_INVITE
    | Perm.ADD_REACTIONS
    | Perm.VIEW_CHANNEL
    | Perm.SEND_MESSAGES
    | Perm.EMBED_LINKS
    | Perm.ATTACH_FILES
    | Perm.READ_MESSAGE_HISTORY
    | Perm.USE_EXTERNAL_EMOJIS
    | Perm.CONNECT
    | Perm.SPEAK
    | Perm.CHANGE_NICKNAME
    | Perm.USE_APPLICATION_COMMANDS
    | Perm.CREATE_PUBLIC_THREADS
    | Perm.CREATE_PRIVATE_THREADS
    | Perm.SEND_MESSAGES_IN_THREADS
)

#: The bot's own managed role when it joins a guild (no Manage Channels, no Manage Roles).
DEFAULT_BOT = (
    Perm.VIEW_CHANNEL
    | Perm.SEND_MESSAGES
    | Perm.SEND_MESSAGES_IN_THREADS
    | Perm.CREATE_PUBLIC_THREADS
    | Perm.CREATE_PRIVATE_THREADS
    | Perm.MANAGE_THREADS
    | Perm.MANAGE_MESSAGES
    | Perm.EMBED_LINKS
    | Perm.ATTACH_FILES
    | Perm.ADD_REACTIONS
    | Perm.READ_MESSAGE_HISTORY
    | Perm.USE_EXTERNAL_EMOJIS
    | Perm.USE_APPLICATION_COMMANDS
)

#: The permissions a bot has in a DM channel (the `app_permissions` of DM interactions).
DM = (
    Perm.ADD_REACTIONS
    | Perm.VIEW_CHANNEL
    | Perm.SEND_MESSAGES
    | Perm.EMBED_LINKS
    | Perm.ATTACH_FILES
    | Perm.READ_MESSAGE_HISTORY
    | Perm.MENTION_EVERYONE
    | Perm.USE_EXTERNAL_EMOJIS
    | Perm.USE_APPLICATION_COMMANDS
)


def base_permissions(*, is_owner: bool, everyone: int, role_permissions: list[int]) -> int:
    if is_owner:
        return ALL
    perms = everyone
    for value in role_permissions:
        perms |= value
    if perms & Perm.ADMINISTRATOR:
        return ALL
    return perms


def apply_overwrites(
    base: int,
    *,
    guild_id: int,
    member_id: int,
    role_ids: list[int],
    overwrites: list[dict],
) -> int:
    """Discord's order: the @everyone overwrite, then all role overwrites together, then the
    member's own."""
    if base & Perm.ADMINISTRATOR or base == ALL:
        return ALL
    by_id = {int(o["id"]): o for o in overwrites}
    perms = base
    everyone = by_id.get(guild_id)
    if everyone is not None:
        perms &= ~int(everyone.get("deny", 0))
        perms |= int(everyone.get("allow", 0))
    allow = deny = 0
    for role_id in role_ids:
        o = by_id.get(role_id)
        if o is not None and int(o.get("type", 0)) == 0:
            allow |= int(o.get("allow", 0))
            deny |= int(o.get("deny", 0))
    perms &= ~deny
    perms |= allow
    mine = by_id.get(member_id)
    if mine is not None and int(mine.get("type", 1)) == 1:
        perms &= ~int(mine.get("deny", 0))
        perms |= int(mine.get("allow", 0))
    if not perms & Perm.VIEW_CHANNEL:
        return 0
    return perms
