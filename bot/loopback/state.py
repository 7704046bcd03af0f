"""The fake's world: every object it knows, permissions, and the JSON payloads Discord sends."""

from __future__ import annotations

import mimetypes
import re
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from . import perms as P
from .errors import (
    UNKNOWN_CHANNEL,
    UNKNOWN_GUILD,
    UNKNOWN_MESSAGE,
    UNKNOWN_ROLE,
    UNKNOWN_USER,
    ApiError,
    unknown,
)
from .ids import Snowflakes, iso
from .model import (
    DM,
    GUILD_CATEGORY,
    Attachment,
    Channel,
    Guild,
    Member,
    Message,
    Role,
    User,
)

if TYPE_CHECKING:
    from .records import InteractionRecord

USER_MENTION = re.compile(r"<@!?(\d+)>")
ROLE_MENTION = re.compile(r"<@&(\d+)>")


def _png_size(data: bytes) -> tuple[int, int] | None:
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    return None


class World:
    """All state. Mutations bump `revision`; waiters in FakeDiscord look at it."""

    def __init__(self, *, bot_name: str = "Loopback Bot") -> None:
        self.ids = Snowflakes()
        self.revision = 0
        self.cdn_base = "http://127.0.0.1"
        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.attachments: dict[int, Attachment] = {}
        self.commands: dict[int, dict[str, Any]] = {}
        self.dm_by_user: dict[int, int] = {}
        self.interactions: dict[int, InteractionRecord] = {}
        self.interactions_by_token: dict[str, InteractionRecord] = {}
        app_id = self.ids.next()
        self.application_id = app_id
        self.bot = User(id=app_id, username=bot_name, bot=True)
        self.users[app_id] = self.bot
        self.owner = User(id=self.ids.next(), username="app-owner")
        self.users[self.owner.id] = self.owner

    # -- bookkeeping ---------------------------------------------------------------------

    def touch(self) -> int:
        self.revision += 1
        return self.revision

    # -- lookups (raise ApiError, as the REST API would) ---------------------------------

    def user(self, user_id: int) -> User:
        try:
            return self.users[int(user_id)]
        except (KeyError, ValueError):
            raise unknown("User", UNKNOWN_USER) from None

    def guild(self, guild_id: int) -> Guild:
        try:
            return self.guilds[int(guild_id)]
        except (KeyError, ValueError):
            raise unknown("Guild", UNKNOWN_GUILD) from None

    def channel(self, channel_id: int) -> Channel:
        try:
            return self.channels[int(channel_id)]
        except (KeyError, ValueError):
            raise unknown("Channel", UNKNOWN_CHANNEL) from None

    def message(self, channel_id: int, message_id: int) -> Message:
        try:
            msg = self.messages[int(message_id)]
        except (KeyError, ValueError):
            raise unknown("Message", UNKNOWN_MESSAGE) from None
        if msg.channel_id != int(channel_id) or msg.deleted:
            raise unknown("Message", UNKNOWN_MESSAGE)
        return msg

    def role(self, guild: Guild, role_id: int) -> Role:
        try:
            return guild.roles[int(role_id)]
        except (KeyError, ValueError):
            raise unknown("Role", UNKNOWN_ROLE) from None

    def guild_of(self, channel: Channel) -> Guild | None:
        return self.guilds.get(channel.guild_id) if channel.guild_id is not None else None

    def dm_recipient(self, channel: Channel) -> User | None:
        for uid in channel.recipient_ids:
            if uid != self.bot.id:
                return self.users.get(uid)
        return None

    # -- permissions ---------------------------------------------------------------------

    def base_permissions(self, guild: Guild, user_id: int) -> int:
        member = guild.members.get(user_id)
        if member is None:
            return 0
        return P.base_permissions(
            is_owner=guild.owner_id == user_id,
            everyone=guild.everyone.permissions,
            role_permissions=[guild.roles[r].permissions for r in member.roles if r in guild.roles],
        )

    def permissions_in(self, channel: Channel, user_id: int) -> int:
        """A user's permissions in a channel, overwrites included; DMs give the DM set."""
        if channel.is_dm:
            return int(P.DM) if user_id in channel.recipient_ids else 0
        guild = self.guild_of(channel)
        if guild is None or user_id not in guild.members:
            return 0
        base = self.base_permissions(guild, user_id)
        target = channel
        if channel.is_thread and channel.parent_id in self.channels:
            target = self.channels[channel.parent_id]
        overwrites = list(target.overwrites)
        if target.parent_id in self.channels and not overwrites:
            # a channel with no overwrites of its own, in a category, is synced with it
            overwrites = list(self.channels[target.parent_id].overwrites)
        member = guild.members[user_id]
        return P.apply_overwrites(
            base,
            guild_id=guild.id,
            member_id=user_id,
            role_ids=list(member.roles),
            overwrites=overwrites,
        )

    # -- creation ------------------------------------------------------------------------

    def add_user(self, user: User) -> User:
        self.users[user.id] = user
        self.touch()
        return user

    def dm_channel_for(self, user: User) -> Channel:
        """The DM channel between a user and the bot (made on first use, then always the same)."""
        cid = self.dm_by_user.get(user.id)
        if cid is not None:
            return self.channels[cid]
        ch = Channel(
            id=self.ids.next(), type=DM, recipient_ids=[user.id, self.bot.id], created_at=iso()
        )
        self.channels[ch.id] = ch
        self.dm_by_user[user.id] = ch.id
        self.touch()
        return ch

    def store_attachment(
        self,
        *,
        channel_id: int,
        filename: str,
        data: bytes,
        content_type: str | None = None,
        description: str | None = None,
        ephemeral: bool = False,
    ) -> Attachment:
        aid = self.ids.next()
        if content_type in (None, "", "application/octet-stream"):
            content_type = mimetypes.guess_type(filename)[0] or content_type or None
        size = _png_size(data)
        att = Attachment(
            id=aid,
            filename=filename,
            data=data,
            content_type=content_type,
            url=f"{self.cdn_base}/attachments/{channel_id}/{aid}/{quote(filename)}",
            description=description,
            ephemeral=ephemeral,
            width=size[0] if size else None,
            height=size[1] if size else None,
        )
        self.attachments[aid] = att
        return att

    def add_message(self, msg: Message) -> Message:
        ch = self.channels[msg.channel_id]
        msg.timestamp = msg.timestamp or iso()
        rev = self.touch()
        msg.created_rev = msg.rev = rev
        self.messages[msg.id] = msg
        ch.message_ids.append(msg.id)
        if msg.ephemeral_to is None:
            ch.last_message_id = msg.id
        return msg

    def parse_mentions(self, msg: Message, allowed: dict[str, Any] | None = None) -> None:
        """The mentions Discord records (and notifies) for `msg`: those in its content that its
        `allowed_mentions` lets through (all of them when it sends none)."""
        parse = None if allowed is None else set(allowed.get("parse") or ())
        users = {int(u) for u in (allowed or {}).get("users") or ()}
        roles = {int(r) for r in (allowed or {}).get("roles") or ()}

        def let(kind: str, ids: set[int], x: int) -> bool:
            return parse is None or kind in parse or x in ids

        msg.mention_ids = [
            int(m)
            for m in dict.fromkeys(USER_MENTION.findall(msg.content))
            if int(m) in self.users and let("users", users, int(m))
        ]
        guild = self.guilds.get(msg.guild_id) if msg.guild_id else None
        msg.mention_role_ids = (
            [
                int(r)
                for r in dict.fromkeys(ROLE_MENTION.findall(msg.content))
                if int(r) in guild.roles and let("roles", roles, int(r))
            ]
            if guild
            else []
        )
        msg.mention_everyone = ("@everyone" in msg.content or "@here" in msg.content) and (
            parse is None or "everyone" in parse
        )

    # -- payloads ------------------------------------------------------------------------

    def user_payload(self, user: User) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": str(user.id),
            "username": user.username,
            "global_name": user.global_name,
            "discriminator": "0",
            "avatar": None,
            "public_flags": 0,
            "flags": 0,
            "banner": None,
            "accent_color": None,
            "avatar_decoration_data": None,
        }
        if user.bot:
            out["bot"] = True
        return out

    def bot_user_payload(self) -> dict[str, Any]:
        out = self.user_payload(self.bot)
        out.update(verified=True, mfa_enabled=False, email=None, locale="en-US", bio="")
        return out

    def member_payload(
        self, member: Member, *, with_user: bool = True, permissions: int | None = None
    ) -> dict[str, Any]:
        out: dict[str, Any] = {
            "roles": [str(r) for r in member.roles],
            "nick": member.nick,
            "avatar": None,
            "banner": None,
            "joined_at": member.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }
        if with_user:
            out["user"] = self.user_payload(self.users[member.user_id])
        if permissions is not None:
            out["permissions"] = str(permissions)
        return out

    def role_payload(self, role: Role) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": str(role.id),
            "name": role.name,
            "color": role.color,
            "colors": {
                "primary_color": role.color,
                "secondary_color": None,
                "tertiary_color": None,
            },
            "hoist": role.hoist,
            "icon": None,
            "unicode_emoji": None,
            "position": role.position,
            "permissions": str(role.permissions),
            "managed": role.managed,
            "mentionable": role.mentionable,
            "flags": 0,
        }
        if role.bot_id is not None:
            out["tags"] = {"bot_id": str(role.bot_id)}
        return out

    def channel_payload(self, ch: Channel) -> dict[str, Any]:
        if ch.is_dm:
            return {
                "id": str(ch.id),
                "type": DM,
                "last_message_id": str(ch.last_message_id) if ch.last_message_id else None,
                "recipients": [
                    self.user_payload(self.users[u]) for u in ch.recipient_ids if u != self.bot.id
                ],
                "flags": 0,
            }
        out: dict[str, Any] = {
            "id": str(ch.id),
            "type": ch.type,
            "guild_id": str(ch.guild_id),
            "name": ch.name,
            "parent_id": str(ch.parent_id) if ch.parent_id else None,
            "rate_limit_per_user": 0,
            "flags": 0,
        }
        if ch.is_thread:
            visible = [m for m in ch.message_ids if self.messages[m].ephemeral_to is None]
            out.update(
                owner_id=str(ch.owner_id) if ch.owner_id else None,
                last_message_id=str(ch.last_message_id) if ch.last_message_id else None,
                message_count=len(visible),
                total_message_sent=len(visible),
                member_count=len(ch.thread_member_ids),
                thread_metadata={
                    "archived": ch.archived,
                    "auto_archive_duration": ch.auto_archive_duration,
                    "archive_timestamp": ch.created_at,
                    "locked": ch.locked,
                    "invitable": ch.invitable,
                    "create_timestamp": ch.created_at,
                },
            )
            if self.bot.id in ch.thread_member_ids:
                out["member"] = {
                    "id": str(ch.id),
                    "user_id": str(self.bot.id),
                    "join_timestamp": ch.created_at,
                    "flags": 0,
                }
            return out
        out.update(
            position=ch.position,
            permission_overwrites=[
                {
                    "id": str(o["id"]),
                    "type": int(o.get("type", 0)),
                    "allow": str(int(o.get("allow", 0))),
                    "deny": str(int(o.get("deny", 0))),
                }
                for o in ch.overwrites
            ],
            nsfw=ch.nsfw,
        )
        if ch.type != GUILD_CATEGORY:
            out.update(
                topic=ch.topic,
                last_message_id=str(ch.last_message_id) if ch.last_message_id else None,
            )
        return out

    def guild_payload(
        self, guild: Guild, *, full: bool, with_members: bool = True
    ) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(guild.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [self.role_payload(r) for r in guild.roles.values()],
            "emojis": [],
            "stickers": [],
            "features": list(guild.features),
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": guild.locale,
            "nsfw_level": 0,
            "nsfw": False,
            "premium_progress_bar_enabled": False,
            "max_members": 500000,
            "max_video_channel_users": 25,
        }
        if full:
            channels = [self.channels[c] for c in guild.channel_ids]
            members = (
                list(guild.members.values())
                if with_members
                else [m for m in guild.members.values() if m.user_id == self.bot.id]
            )
            out.update(
                joined_at=guild.members[self.bot.id].joined_at
                if self.bot.id in guild.members
                else iso(),
                large=False,
                unavailable=False,
                member_count=len(guild.members),
                voice_states=[],
                members=[self.member_payload(m) for m in members],
                channels=[self.channel_payload(c) for c in channels if not c.is_thread],
                threads=[
                    self.channel_payload(c) for c in channels if c.is_thread and not c.archived
                ],
                presences=[],
                stage_instances=[],
                guild_scheduled_events=[],
                soundboard_sounds=[],
                embedded_activities=[],
            )
        return out

    def attachment_payload(self, att: Attachment) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": str(att.id),
            "filename": att.filename,
            "size": att.size,
            "url": att.url,
            "proxy_url": att.url,
            "content_type": att.content_type,
        }
        if att.description is not None:
            out["description"] = att.description
        if att.width is not None:
            out["width"] = att.width
            out["height"] = att.height
        if att.ephemeral:
            out["ephemeral"] = True
        return out

    def message_payload(self, msg: Message, *, gateway: bool = False) -> dict[str, Any]:
        author = self.users[msg.author_id]
        out: dict[str, Any] = {
            "id": str(msg.id),
            "channel_id": str(msg.channel_id),
            "author": self.user_payload(author),
            "content": msg.content,
            "timestamp": msg.timestamp,
            "edited_timestamp": msg.edited_timestamp,
            "tts": msg.tts,
            "mention_everyone": msg.mention_everyone,
            "mentions": [self.user_payload(self.users[u]) for u in msg.mention_ids],
            "mention_roles": [str(r) for r in msg.mention_role_ids],
            "attachments": [self.attachment_payload(a) for a in msg.attachments],
            "embeds": msg.embeds,
            "pinned": msg.pinned,
            "type": msg.type,
            "flags": msg.flags,
            "components": msg.components,
        }
        if msg.nonce is not None:
            out["nonce"] = msg.nonce
        if msg.webhook_id is not None:
            out["webhook_id"] = str(msg.webhook_id)
        if msg.application_id is not None:
            out["application_id"] = str(msg.application_id)
        if msg.poll is not None:
            out["poll"] = msg.poll
        if msg.reactions:
            out["reactions"] = [
                {
                    "count": len(users),
                    "count_details": {"burst": 0, "normal": len(users)},
                    "me": self.bot.id in users,
                    "me_burst": False,
                    "burst_colors": [],
                    "emoji": _emoji_payload(emoji),
                }
                for emoji, users in msg.reactions.items()
                if users
            ]
        if msg.reference is not None:
            out["message_reference"] = msg.reference
            ref_id = msg.reference.get("message_id")
            ref = self.messages.get(int(ref_id)) if ref_id else None
            if ref is not None and not ref.deleted:
                out["referenced_message"] = self.message_payload(ref)
        if msg.thread_id is not None and msg.thread_id in self.channels:
            out["thread"] = self.channel_payload(self.channels[msg.thread_id])
        if msg.interaction_id is not None and msg.interaction_id in self.interactions:
            rec = self.interactions[msg.interaction_id]
            user = self.user_payload(self.users[rec.user_id])
            owners = rec.payload.get("authorizing_integration_owners", {})
            out["interaction_metadata"] = {
                "id": str(rec.id),
                "type": rec.type,
                "user": user,
                "authorizing_integration_owners": owners,
            }
            if rec.type == 3 and rec.message_id is not None:
                out["interaction_metadata"]["interacted_message_id"] = str(rec.message_id)
            out["interaction"] = {
                "id": str(rec.id),
                "type": rec.type,
                "name": rec.command_name or "",
                "user": user,
            }
        if gateway and msg.guild_id is not None:
            out["guild_id"] = str(msg.guild_id)
            guild = self.guilds.get(msg.guild_id)
            if guild is not None and msg.webhook_id is None and msg.author_id in guild.members:
                out["member"] = self.member_payload(guild.members[msg.author_id], with_user=False)
        return out

    # -- application commands ------------------------------------------------------------

    def commands_in(self, guild_id: int | None) -> list[dict[str, Any]]:
        return [c for c in self.commands.values() if c.get("_guild") == guild_id]

    def normalize_command(
        self, data: dict[str, Any], guild_id: int | None, old: dict | None
    ) -> dict[str, Any]:
        t = int(data.get("type", 1))
        perms = data.get("default_member_permissions")
        out: dict[str, Any] = {
            "id": old["id"] if old else str(self.ids.next()),
            "application_id": str(self.application_id),
            "version": str(self.ids.next()),
            "type": t,
            "name": data["name"],
            "name_localizations": data.get("name_localizations"),
            "description": data.get("description", "") if t == 1 else "",
            "description_localizations": data.get("description_localizations"),
            "default_member_permissions": None if perms is None else str(perms),
            "nsfw": bool(data.get("nsfw", False)),
            "integration_types": data.get("integration_types") or [0],
            "contexts": data.get("contexts"),
        }
        if guild_id is None:
            out["dm_permission"] = data.get("dm_permission", True)
        else:
            out["guild_id"] = str(guild_id)
        if t == 1:
            out["options"] = data.get("options") or []
        out["_guild"] = guild_id
        if old is not None and _public(old) | {"version": None} == _public(out) | {"version": None}:
            out["version"] = old["version"]
        return out

    def put_commands(
        self, guild_id: int | None, payload: list[dict[str, Any]]
    ) -> list[dict[str, Any]]:
        old = {(c["type"], c["name"]): c for c in self.commands_in(guild_id)}
        for c in old.values():
            del self.commands[int(c["id"])]
        result = []
        for data in payload:
            key = (int(data.get("type", 1)), data["name"])
            cmd = self.normalize_command(data, guild_id, old.get(key))
            self.commands[int(cmd["id"])] = cmd
            result.append(cmd)
        self.touch()
        return result

    def find_command(
        self, name: str, guild_id: int | None, type_: int = 1
    ) -> dict[str, Any] | None:
        for scope in (guild_id, None) if guild_id is not None else (None,):
            for c in self.commands_in(scope):
                if c["name"] == name and c["type"] == type_:
                    return c
        return None


def _public(cmd: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in cmd.items() if not k.startswith("_")}


def public_command(cmd: dict[str, Any]) -> dict[str, Any]:
    """A stored command as the API shows it (without the fake's private keys)."""
    return _public(cmd)


def _emoji_payload(emoji: str) -> dict[str, Any]:
    name, _, eid = emoji.partition(":")
    return {"id": eid or None, "name": name}


def check_snowflake(value: Any, what: str = "id") -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise ApiError(
            400,
            50035,
            "Invalid Form Body",
            {
                what: {
                    "_errors": [
                        {
                            "code": "NUMBER_TYPE_COERCE",
                            "message": f'Value "{value}" is not snowflake.',
                        }
                    ]
                }
            },
        ) from None
