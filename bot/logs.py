"""Structured logs: one line per record on standard error, as logfmt or as JSON (`[log] format`).

Every line has `time`, `level`, `logger` and `msg`; `game` and `interaction` when the record
was logged while a game or an interaction was being handled (`context`, or `extra=` on the
call); `exc` with the traceback when there is one. The token is scrubbed from every field,
the exception's text and traceback included, before the line is encoded.

logfmt values are written bare when they hold nothing but printable characters other than
space, `"` and `=`, and otherwise quoted with JSON's string escapes (what go-logfmt, the
reference parser, reads): a message with spaces, quotes, `=` or newlines stays one line that
parses back to the same text.
"""

from __future__ import annotations

import contextlib
import contextvars
import json
import logging
import sys
from collections.abc import Iterator
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Literal

LogFormat = Literal["logfmt", "json"]
FORMATS: tuple[LogFormat, ...] = ("logfmt", "json")
SCRUBBED = "[token]"

# The game and the interaction being handled, for every record logged meanwhile: set by the
# service around a game's work and by the client around an interaction's.
GAME: ContextVar[int | None] = ContextVar("guildmaster_game", default=None)
INTERACTION: ContextVar[int | None] = ContextVar("guildmaster_interaction", default=None)

# Fields a call may give with `extra=`, beside those of the context.
_CONTEXT_FIELDS = (("game", GAME), ("interaction", INTERACTION))


@contextlib.contextmanager
def context(*, game: int | None = None, interaction: int | None = None) -> Iterator[None]:
    """Records logged inside the block carry these ids (those left None are unchanged)."""
    tokens = []
    if game is not None:
        tokens.append((GAME, GAME.set(game)))
    if interaction is not None:
        tokens.append((INTERACTION, INTERACTION.set(interaction)))
    try:
        yield
    finally:
        for var, token in reversed(tokens):
            var.reset(token)


def for_game(game_id: int) -> contextvars.Context:
    """The context for a game's background task: its records name the game, and no
    interaction (the task outlives the interaction that started it and serves later ones)."""
    found = contextvars.copy_context()
    found.run(GAME.set, game_id)
    found.run(INTERACTION.set, None)
    return found


def _bare(value: str) -> bool:
    """Can a logfmt value be written without quotes?"""
    return bool(value) and all(ch.isprintable() and ch not in ' "=' for ch in value)


def logfmt_value(value: object) -> str:
    """One logfmt value: bare if it can be, else quoted with JSON's escapes."""
    text = value if isinstance(value, str) else str(value)
    return text if _bare(text) else json.dumps(text, ensure_ascii=False)


def logfmt(fields: dict[str, object]) -> str:
    """A logfmt line (without the newline) of `fields`, in their order."""
    return " ".join(f"{key}={logfmt_value(value)}" for key, value in fields.items())


class StructuredFormatter(logging.Formatter):
    """Formats a record as a logfmt or JSON line, with the token scrubbed from every field."""

    def __init__(self, fmt: LogFormat = "logfmt", token: str = "") -> None:
        super().__init__()
        if fmt not in FORMATS:
            raise ValueError(f"unknown log format {fmt!r}")
        self.fmt = fmt
        self.token = token

    def scrub(self, text: str) -> str:
        """`text` without the token."""
        return text.replace(self.token, SCRUBBED) if self.token else text

    def fields(self, record: logging.LogRecord) -> dict[str, object]:
        """The record's fields, in the order they are written, the token scrubbed."""
        stamp = datetime.fromtimestamp(record.created, UTC)
        found: dict[str, object] = {
            "time": stamp.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
            "level": record.levelname,
            "logger": record.name,
            "msg": self.scrub(record.getMessage()),
        }
        for name, var in _CONTEXT_FIELDS:
            value = getattr(record, name, None)
            if value is None:
                value = var.get()
            if value is not None:
                found[name] = value
        if record.exc_info:
            found["exc"] = self.scrub(self.formatException(record.exc_info))
        if record.stack_info:
            found["stack"] = self.scrub(self.formatStack(record.stack_info))
        return found

    def format(self, record: logging.LogRecord) -> str:
        fields = self.fields(record)
        if self.fmt == "json":
            return json.dumps(fields, ensure_ascii=False, default=str)
        return logfmt(fields)


class TokenFilter(logging.Filter):
    """Keeps the token out of a record's message, for handlers that are not ours (the
    formatter also scrubs exception text and tracebacks)."""

    def __init__(self, token: str) -> None:
        super().__init__()
        self.token = token

    def filter(self, record: logging.LogRecord) -> bool:
        if self.token and self.token in record.getMessage():
            record.msg = record.getMessage().replace(self.token, SCRUBBED)
            record.args = ()
        return True


def configure_logging(level: str, token: str, fmt: LogFormat = "logfmt") -> None:
    """Structured logs at `level` on standard error, as `fmt` lines that never hold `token`."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(StructuredFormatter(fmt, token))
    handler.addFilter(TokenFilter(token))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
