"""Errors: the Discord-style API errors the fake answers with, and the test-facing ones."""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """An HTTP error answered the way Discord does: `{"message": ..., "code": ...[, "errors"]}`."""

    def __init__(
        self, status: int, code: int, message: str, errors: dict[str, Any] | None = None
    ) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            out["errors"] = self.errors
        return out


def form_error(problems: list[tuple[str, str, str]]) -> ApiError:
    """A 400 Invalid Form Body (50035) from (dotted path, error code, message) triples."""
    errors: dict[str, Any] = {}
    for path, code, message in problems:
        node = errors
        for part in path.split("."):
            node = node.setdefault(part, {})
        node.setdefault("_errors", []).append({"code": code, "message": message})
    return ApiError(400, 50035, "Invalid Form Body", errors)


def unknown(what: str, code: int) -> ApiError:
    return ApiError(404, code, f"Unknown {what}")


UNKNOWN_GUILD = 10004
UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008
UNKNOWN_USER = 10013
UNKNOWN_MEMBER = 10007
UNKNOWN_ROLE = 10011
UNKNOWN_WEBHOOK = 10015
UNKNOWN_APPLICATION = 10002
UNKNOWN_COMMAND = 10063
UNKNOWN_INTERACTION = 10062
ALREADY_ACKNOWLEDGED = 40060
MISSING_ACCESS = 50001
CANNOT_EDIT_OTHERS = 50005
EMPTY_MESSAGE = 50006
CANNOT_DM = 50007
MISSING_PERMISSIONS = 50013
INVALID_FORM_BODY = 50035
THREAD_ARCHIVED = 50083


class LoopbackError(Exception):
    """Something a person could not do in Discord (an unknown command, a disabled button...)."""


class LoopbackTimeout(LoopbackError, TimeoutError):
    """A wait helper ran out of time; the message says what was awaited and what was there."""


class NotConnected(LoopbackError):
    """An event was meant for a shard that no bot session has identified on."""
