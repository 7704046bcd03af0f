"""Faults on demand: 429s with Discord's headers, or 5xx answers, for the next K requests
that match a route."""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass
from typing import Any


@dataclass(eq=False)
class FaultRule:
    """Answer the next `remaining` requests matching `route` with `status`.

    `route` is "METHOD PATH" where PATH is a template as the fake counts routes
    ("POST /channels/{channel_id}/messages") or a glob over the real path
    ("POST /channels/123/messages", "* /webhooks/*"); the method may be "*" or left out.
    `after`: the request is carried out first and only its answer is the fault, as when
    Discord's edge times out after the message was created (a retry then risks a duplicate).
    """

    route: str
    remaining: int
    status: int
    retry_after: float = 0.0
    is_global: bool = False
    scope: str = "user"
    code: int = 0
    message: str = ""
    after: bool = False
    hits: int = 0

    def matches(self, method: str, template: str, path: str) -> bool:
        want_method, _, pattern = self.route.partition(" ")
        if not pattern:
            want_method, pattern = "*", want_method
        if want_method not in ("*", method.upper()):
            return False
        return (
            pattern == template
            or fnmatch.fnmatchcase(path, pattern)
            or fnmatch.fnmatchcase(template, pattern)
        )

    def snapshot(self) -> dict[str, Any]:
        return {
            "route": self.route,
            "remaining": self.remaining,
            "status": self.status,
            "retry_after": self.retry_after,
            "global": self.is_global,
            "after": self.after,
            "hits": self.hits,
        }


class Faults:
    def __init__(self) -> None:
        self.rules: list[FaultRule] = []

    def add(self, rule: FaultRule) -> FaultRule:
        self.rules.append(rule)
        return rule

    def take(self, method: str, template: str, path: str) -> FaultRule | None:
        for rule in self.rules:
            if rule.remaining > 0 and rule.matches(method, template, path):
                rule.remaining -= 1
                rule.hits += 1
                return rule
        return None

    def clear(self) -> None:
        self.rules.clear()
