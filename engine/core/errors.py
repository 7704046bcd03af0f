"""Typed rule errors: a stable code for programs and a sentence a player can act on."""

from __future__ import annotations

from typing import Any


class RuleError(Exception):
    """A command that breaks a rule. It changes nothing; `message` says what to do instead.

    `code` is stable across releases (adapters and tests match on it); `details` carries the values
    the message was built from, for adapters that want to phrase it their own way.
    """

    def __init__(self, code: str, message: str, **details: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details

    def __repr__(self) -> str:
        return f"RuleError({self.code!r}, {self.message!r})"
