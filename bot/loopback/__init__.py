"""A fake Discord on 127.0.0.1 for end-to-end tests and `guildmaster demo`.

The real discord.py client talks to it over real HTTP and a real websocket; only two URLs
change (see FakeDiscord.patch_discord and point_discord_at). Summary: README.md here.
"""

from .control import RemoteFakeDiscord
from .errors import ApiError, LoopbackError, LoopbackTimeout, NotConnected
from .faults import FaultRule
from .ids import shard_of
from .model import Attachment, Channel, Guild, Member, Message, Role, User
from .perms import Perm
from .records import InteractionRecord
from .server import FakeDiscord, point_discord_at
from .stats import Stats, percentile

__all__ = [
    "ApiError",
    "Attachment",
    "Channel",
    "FakeDiscord",
    "FaultRule",
    "Guild",
    "InteractionRecord",
    "LoopbackError",
    "LoopbackTimeout",
    "Member",
    "Message",
    "NotConnected",
    "Perm",
    "RemoteFakeDiscord",
    "Role",
    "Stats",
    "User",
    "percentile",
    "point_discord_at",
    "shard_of",
]
