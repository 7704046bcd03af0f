"""Messages as plain data: text, embeds, and rows of buttons and selects. Renderers build these
(and tests read them); the Discord adapter turns them into discord.py objects. Discord's limits
are checked here, so a renderer that breaks one fails in tests, not in front of players."""

from __future__ import annotations

from dataclasses import dataclass, field

MAX_CONTENT = 2000
MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_OPTIONS = 25
MAX_LABEL = 80
MAX_OPTION_TEXT = 100
MAX_EMBED_DESCRIPTION = 4096
MAX_FIELD = 1024
MAX_EMBED_TOTAL = 6000


def clip(text: str, limit: int) -> str:
    """`text` shortened with an ellipsis to fit `limit` characters."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


@dataclass(frozen=True)
class Button:
    label: str
    custom_id: str
    style: str = "secondary"  # primary, secondary, success, danger
    disabled: bool = False
    emoji: str | None = None


@dataclass(frozen=True)
class Option:
    label: str
    value: str
    description: str = ""
    default: bool = False


@dataclass(frozen=True)
class Select:
    custom_id: str
    options: tuple[Option, ...]
    placeholder: str = ""
    min_values: int = 1
    max_values: int = 1
    disabled: bool = False


@dataclass(frozen=True)
class EmbedField:
    name: str
    value: str
    inline: bool = False


@dataclass(frozen=True)
class Embed:
    title: str = ""
    description: str = ""
    fields: tuple[EmbedField, ...] = ()
    colour: int | None = None
    footer: str = ""


@dataclass(frozen=True)
class Message:
    content: str = ""
    embeds: tuple[Embed, ...] = ()
    rows: tuple[tuple[Button | Select, ...], ...] = ()
    files: tuple[tuple[str, bytes], ...] = field(default=())  # (file name, PNG bytes)
    # As an edit without files: remove the pictures the message had (a preview answered),
    # instead of keeping them as an edit does by default (a board's picture kept).
    clear_files: bool = False

    def check(self) -> Message:
        """This message, if it fits Discord's limits (else ValueError naming the limit)."""
        if len(self.content) > MAX_CONTENT:
            raise ValueError(f"content has {len(self.content)} characters")
        if len(self.rows) > MAX_ROWS:
            raise ValueError(f"{len(self.rows)} rows of components")
        ids = []
        for row in self.rows:
            selects = [c for c in row if isinstance(c, Select)]
            if selects and len(row) > 1:
                raise ValueError("a select needs a row of its own")
            if len(row) > MAX_BUTTONS_PER_ROW:
                raise ValueError(f"{len(row)} buttons in a row")
            for c in row:
                ids.append(c.custom_id)
                if len(c.custom_id) > 100:
                    raise ValueError(f"custom id {c.custom_id!r} is too long")
                if isinstance(c, Button) and len(c.label) > MAX_LABEL:
                    raise ValueError(f"button label {c.label!r} is too long")
                if isinstance(c, Select):
                    if not 1 <= len(c.options) <= MAX_OPTIONS:
                        raise ValueError(f"select {c.custom_id} has {len(c.options)} options")
                    for o in c.options:
                        if len(o.label) > MAX_OPTION_TEXT or len(o.description) > MAX_OPTION_TEXT:
                            raise ValueError(f"option {o.label!r} is too long")
        if len(ids) != len(set(ids)):
            raise ValueError("two components share a custom id")
        total = 0
        for e in self.embeds:
            if len(e.description) > MAX_EMBED_DESCRIPTION:
                raise ValueError("embed description too long")
            for f in e.fields:
                if len(f.value) > MAX_FIELD or len(f.name) > 256:
                    raise ValueError(f"embed field {f.name!r} too long")
            total += len(e.title) + len(e.description) + len(e.footer)
            total += sum(len(f.name) + len(f.value) for f in e.fields)
        if total > MAX_EMBED_TOTAL:
            raise ValueError(f"embeds hold {total} characters")
        return self
