"""Custom ids of buttons, selects and modals: ids only, never state.

    gm:<action>:<game>:<seat>:<arg>

Everything else a click needs is read from the store when it arrives, so every control keeps
working after a restart. Custom ids are at most 100 characters.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import msgspec

PREFIX = "gm"
MAX_LENGTH = 100


@dataclass(frozen=True)
class ControlId:
    action: str
    game: int
    seat: int
    arg: str = ""

    def encode(self) -> str:
        text = f"{PREFIX}:{self.action}:{self.game}:{self.seat}:{self.arg}"
        if len(text) > MAX_LENGTH:
            raise ValueError(f"custom id too long: {text}")
        return text


def parse(custom_id: str) -> ControlId | None:
    """The control behind a custom id, or None for anything that is not ours (or is forged
    badly enough not to parse)."""
    parts = custom_id.split(":", 4)
    if len(parts) != 5 or parts[0] != PREFIX:
        return None
    _, action, game, seat, arg = parts
    if not action.isascii() or not action.replace("_", "").isalnum():
        return None
    try:
        return ControlId(action, int(game), int(seat), arg)
    except ValueError:
        return None


def fingerprint(command: object) -> str:
    """A short, stable digest of a command, so a button names the exact answer it stands for
    and a stale one is recognised."""
    return hashlib.blake2s(msgspec.json.encode(command), digest_size=5).hexdigest()
