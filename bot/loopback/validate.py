"""Discord's limits on what a bot sends, checked so that a bot's mistakes show in tests.

Each check returns a list of (dotted path, error code, message); an empty list is fine.
"""

from __future__ import annotations

import re
from typing import Any

from .model import (
    ACTION_ROW,
    BUTTON,
    FLAG_COMPONENTS_V2,
    SELECT_TYPES,
    STRING_SELECT,
    TEXT_INPUT,
)

Problem = tuple[str, str, str]

COMMAND_NAME = re.compile(r"^[-_'\w]{1,32}$", re.UNICODE)


def _too_long(path: str, value: Any, limit: int) -> list[Problem]:
    if isinstance(value, str) and len(value) > limit:
        return [(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")]
    return []


def _required_text(path: str, value: Any, limit: int) -> list[Problem]:
    if not isinstance(value, str) or not value.strip():
        return [(path, "BASE_TYPE_REQUIRED", "This field is required")]
    return _too_long(path, value, limit)


def check_embeds(embeds: Any) -> list[Problem]:
    if embeds is None:
        return []
    if not isinstance(embeds, list):
        return [("embeds", "LIST_TYPE_CONVERT", "Must be a list.")]
    out: list[Problem] = []
    if len(embeds) > 10:
        out.append(("embeds", "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length."))
    total = 0
    for i, e in enumerate(embeds):
        p = f"embeds.{i}"
        if not isinstance(e, dict):
            out.append((p, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType"))
            continue
        for key, limit in (("title", 256), ("description", 4096)):
            out += _too_long(f"{p}.{key}", e.get(key), limit)
            total += len(e.get(key) or "")
        footer = e.get("footer") or {}
        out += _too_long(f"{p}.footer.text", footer.get("text"), 2048)
        total += len(footer.get("text") or "")
        author = e.get("author") or {}
        out += _too_long(f"{p}.author.name", author.get("name"), 256)
        total += len(author.get("name") or "")
        fields = e.get("fields") or []
        if len(fields) > 25:
            out.append((f"{p}.fields", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."))
        for j, f in enumerate(fields):
            out += _required_text(f"{p}.fields.{j}.name", f.get("name"), 256)
            out += _required_text(f"{p}.fields.{j}.value", f.get("value"), 1024)
            total += len(f.get("name") or "") + len(f.get("value") or "")
    if total > 6000:
        out.append(("embeds", "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000"))
    return out


def _check_button(p: str, c: dict[str, Any], seen: set[str]) -> list[Problem]:
    out: list[Problem] = []
    style = c.get("style")
    if style not in (1, 2, 3, 4, 5, 6):
        out.append((f"{p}.style", "BASE_TYPE_CHOICES", f"Value must be one of (1..6), got {style}"))
    if style == 5:
        if not c.get("url"):
            out.append((f"{p}.url", "BASE_TYPE_REQUIRED", "This field is required"))
    elif style != 6:
        out += _check_custom_id(f"{p}.custom_id", c.get("custom_id"), seen)
    out += _too_long(f"{p}.label", c.get("label"), 80)
    if not c.get("label") and not c.get("emoji") and style != 6:
        out.append((f"{p}.label", "BASE_TYPE_REQUIRED", "A button needs a label or an emoji"))
    return out


def _check_custom_id(p: str, custom_id: Any, seen: set[str]) -> list[Problem]:
    if not isinstance(custom_id, str) or not custom_id:
        return [(p, "BASE_TYPE_REQUIRED", "This field is required")]
    out = _too_long(p, custom_id, 100)
    if custom_id in seen:
        out.append(
            (p, "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
        )
    seen.add(custom_id)
    return out


def _check_select(p: str, c: dict[str, Any], seen: set[str]) -> list[Problem]:
    out = _check_custom_id(f"{p}.custom_id", c.get("custom_id"), seen)
    out += _too_long(f"{p}.placeholder", c.get("placeholder"), 150)
    min_values = c.get("min_values", 1)
    max_values = c.get("max_values", 1)
    if not 0 <= min_values <= 25:
        out.append((f"{p}.min_values", "NUMBER_TYPE_MAX", "Must be between 0 and 25."))
    if not 1 <= max_values <= 25:
        out.append((f"{p}.max_values", "NUMBER_TYPE_MAX", "Must be between 1 and 25."))
    if c.get("type") == STRING_SELECT:
        options = c.get("options") or []
        if not 1 <= len(options) <= 25:
            out.append(
                (f"{p}.options", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length.")
            )
        values: set[str] = set()
        for k, o in enumerate(options):
            out += _required_text(f"{p}.options.{k}.label", o.get("label"), 100)
            out += _required_text(f"{p}.options.{k}.value", o.get("value"), 100)
            out += _too_long(f"{p}.options.{k}.description", o.get("description"), 100)
            if o.get("value") in values:
                out.append(
                    (
                        f"{p}.options.{k}.value",
                        "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                        "Select component option values must be unique",
                    )
                )
            values.add(o.get("value"))
        if max_values > max(len(options), 1):
            out.append(
                (f"{p}.max_values", "NUMBER_TYPE_MAX", "Must be at most the number of options.")
            )
    return out


def check_components(components: Any, flags: int = 0) -> list[Problem]:
    if components is None:
        return []
    if not isinstance(components, list):
        return [("components", "LIST_TYPE_CONVERT", "Must be a list.")]
    out: list[Problem] = []
    seen: set[str] = set()
    if flags & FLAG_COMPONENTS_V2:
        count = 0

        def visit(c: dict[str, Any], p: str) -> None:
            nonlocal count, out
            count += 1
            if c.get("type") == BUTTON:
                out += _check_button(p, c, seen)
            elif c.get("type") in SELECT_TYPES:
                out += _check_select(p, c, seen)
            for i, child in enumerate(c.get("components") or []):
                visit(child, f"{p}.components.{i}")
            if isinstance(c.get("accessory"), dict):
                visit(c["accessory"], f"{p}.accessory")

        for i, c in enumerate(components):
            visit(c, f"components.{i}")
        if count > 40:
            out.append(("components", "BASE_TYPE_MAX_LENGTH", "Must be 40 or fewer in total."))
        return out
    if len(components) > 5:
        out.append(("components", "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length."))
    for i, row in enumerate(components):
        p = f"components.{i}"
        if row.get("type") != ACTION_ROW:
            out.append(
                (
                    f"{p}.type",
                    "UNION_TYPE_CHOICES",
                    "Top-level components must be action rows (or set the components v2 flag)",
                )
            )
            continue
        children = row.get("components") or []
        if not children:
            out.append(
                (f"{p}.components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
            )
        selects = [c for c in children if c.get("type") in SELECT_TYPES]
        if selects and len(children) > 1:
            out.append(
                (
                    f"{p}.components",
                    "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                    "A select menu must be alone in its action row",
                )
            )
        if len(children) > 5:
            out.append(
                (f"{p}.components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
            )
        for j, c in enumerate(children):
            cp = f"{p}.components.{j}"
            if c.get("type") == BUTTON:
                out += _check_button(cp, c, seen)
            elif c.get("type") in SELECT_TYPES:
                out += _check_select(cp, c, seen)
            else:
                out.append(
                    (
                        f"{cp}.type",
                        "UNION_TYPE_CHOICES",
                        f"Component type {c.get('type')} cannot be used in a message action row",
                    )
                )
    return out


def check_message(body: dict[str, Any], *, creating: bool, has_files: bool) -> list[Problem]:
    out: list[Problem] = []
    content = body.get("content")
    if content is not None and not isinstance(content, str):
        out.append(("content", "BASE_TYPE_STRING", "Must be a string."))
    out += _too_long("content", content, 2000)
    out += check_embeds(body.get("embeds"))
    out += check_components(body.get("components"), int(body.get("flags") or 0))
    return out


def is_empty_message(body: dict[str, Any], has_files: bool) -> bool:
    return not (
        body.get("content")
        or body.get("embeds")
        or body.get("components")
        or body.get("sticker_ids")
        or body.get("poll")
        or has_files
    )


def check_modal(data: Any) -> list[Problem]:
    if not isinstance(data, dict):
        return [("data", "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")]
    out: list[Problem] = []
    seen: set[str] = set()
    out += _required_text("data.title", data.get("title"), 45)
    out += _check_custom_id("data.custom_id", data.get("custom_id"), set())
    comps = data.get("components") or []
    if not 1 <= len(comps) <= 5:
        out.append(
            ("data.components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
        )
    for i, c in enumerate(comps):
        p = f"data.components.{i}"
        if c.get("type") == ACTION_ROW:
            inner = c.get("components") or []
            if len(inner) != 1 or inner[0].get("type") != TEXT_INPUT:
                out.append(
                    (
                        f"{p}.components",
                        "BASE_TYPE_BAD_LENGTH",
                        "A modal action row holds exactly one text input",
                    )
                )
                continue
            out += _check_text_input(f"{p}.components.0", inner[0], seen, labelled=False)
        elif c.get("type") == 18:  # Label
            out += _required_text(f"{p}.label", c.get("label"), 45)
            inner = c.get("component") or {}
            if inner.get("type") == TEXT_INPUT:
                out += _check_text_input(f"{p}.component", inner, seen, labelled=True)
            elif inner.get("type") in SELECT_TYPES:
                out += _check_select(f"{p}.component", inner, seen)
            else:
                out += _check_custom_id(f"{p}.component.custom_id", inner.get("custom_id"), seen)
        elif c.get("type") == 10:  # Text display
            out += _required_text(f"{p}.content", c.get("content"), 4000)
        else:
            out.append(
                (
                    f"{p}.type",
                    "UNION_TYPE_CHOICES",
                    f"Component type {c.get('type')} is not allowed in a modal",
                )
            )
    return out


def _check_text_input(
    p: str, c: dict[str, Any], seen: set[str], *, labelled: bool
) -> list[Problem]:
    out = _check_custom_id(f"{p}.custom_id", c.get("custom_id"), seen)
    if not labelled:
        out += _required_text(f"{p}.label", c.get("label"), 45)
    if c.get("style") not in (1, 2):
        out.append((f"{p}.style", "BASE_TYPE_CHOICES", "Value must be one of (1, 2)."))
    out += _too_long(f"{p}.placeholder", c.get("placeholder"), 100)
    out += _too_long(f"{p}.value", c.get("value"), 4000)
    min_length, max_length = c.get("min_length"), c.get("max_length")
    if min_length is not None and not 0 <= min_length <= 4000:
        out.append((f"{p}.min_length", "NUMBER_TYPE_MAX", "Must be between 0 and 4000."))
    if max_length is not None and not 1 <= max_length <= 4000:
        out.append((f"{p}.max_length", "NUMBER_TYPE_MAX", "Must be between 1 and 4000."))
    return out


def check_choices(choices: Any) -> list[Problem]:
    if not isinstance(choices, list):
        return [("data.choices", "LIST_TYPE_CONVERT", "Must be a list.")]
    out: list[Problem] = []
    if len(choices) > 25:
        out.append(("data.choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."))
    for i, c in enumerate(choices):
        out += _required_text(f"data.choices.{i}.name", c.get("name"), 100)
        if "value" not in c:
            out.append((f"data.choices.{i}.value", "BASE_TYPE_REQUIRED", "This field is required"))
        elif isinstance(c["value"], str):
            out += _too_long(f"data.choices.{i}.value", c["value"], 100)
    return out


def _check_option(p: str, o: dict[str, Any], depth: int) -> list[Problem]:
    out: list[Problem] = []
    name = o.get("name")
    if not isinstance(name, str) or not COMMAND_NAME.match(name) or name != name.lower():
        out.append((f"{p}.name", "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid"))
    out += _required_text(f"{p}.description", o.get("description"), 100)
    t = o.get("type")
    if t not in range(1, 12):
        out.append((f"{p}.type", "BASE_TYPE_CHOICES", f"Value must be one of 1..11, got {t}"))
        return out
    if t in (1, 2):
        if t == 2 and depth > 0:
            out.append(
                (
                    f"{p}.type",
                    "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                    "Subcommand groups cannot be nested",
                )
            )
        if depth > 1:
            out.append(
                (
                    f"{p}.type",
                    "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                    "Subcommands can be nested at most two levels deep",
                )
            )
        out += _check_options(f"{p}.options", o.get("options") or [], depth + 1, group=t == 2)
        return out
    choices = o.get("choices")
    if choices:
        if o.get("autocomplete"):
            out.append(
                (
                    f"{p}.autocomplete",
                    "APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_AND_CHOICES",
                    "Autocomplete cannot be set with choices",
                )
            )
        if len(choices) > 25:
            out.append((f"{p}.choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."))
        for i, c in enumerate(choices):
            out += _required_text(f"{p}.choices.{i}.name", c.get("name"), 100)
    return out


def _check_options(
    p: str, options: list[dict[str, Any]], depth: int, *, group: bool = False
) -> list[Problem]:
    out: list[Problem] = []
    if len(options) > 25:
        out.append((p, "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."))
    names: set[str] = set()
    seen_optional = False
    kinds = {("sub" if o.get("type") in (1, 2) else "value") for o in options}
    if len(kinds) > 1:
        out.append(
            (
                p,
                "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                "Subcommands and value options cannot be mixed",
            )
        )
    for i, o in enumerate(options):
        out += _check_option(f"{p}.{i}", o, depth)
        if group and o.get("type") != 1:
            out.append(
                (
                    f"{p}.{i}.type",
                    "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                    "A subcommand group may hold only subcommands",
                )
            )
        if o.get("name") in names:
            out.append(
                (
                    f"{p}.{i}.name",
                    "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                    "Option names must be unique",
                )
            )
        names.add(o.get("name"))
        if o.get("type") not in (1, 2):
            if o.get("required"):
                if seen_optional:
                    out.append(
                        (
                            f"{p}.{i}.required",
                            "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                            "Required options must be placed before non-required options",
                        )
                    )
            else:
                seen_optional = True
    return out


def check_command(c: Any, p: str = "0") -> list[Problem]:
    if not isinstance(c, dict):
        return [(p, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")]
    out: list[Problem] = []
    t = c.get("type", 1)
    name = c.get("name")
    if t == 1:
        if not isinstance(name, str) or not COMMAND_NAME.match(name) or name != name.lower():
            out.append((f"{p}.name", "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid"))
        out += _required_text(f"{p}.description", c.get("description"), 100)
        out += _check_options(f"{p}.options", c.get("options") or [], 0)
    elif t in (2, 3):
        if not isinstance(name, str) or not 1 <= len(name) <= 32:
            out.append((f"{p}.name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 32 in length."))
    else:
        out.append((f"{p}.type", "BASE_TYPE_CHOICES", f"Value must be one of (1, 2, 3), got {t}"))
    return out


def check_commands(commands: Any) -> list[Problem]:
    if not isinstance(commands, list):
        return [("_", "LIST_TYPE_CONVERT", "Must be a list.")]
    out: list[Problem] = []
    keys: set[tuple[int, str]] = set()
    for i, c in enumerate(commands):
        out += check_command(c, str(i))
        if isinstance(c, dict):
            key = (c.get("type", 1), c.get("name"))
            if key in keys:
                out.append(
                    (
                        f"{i}.name",
                        "APPLICATION_COMMANDS_DUPLICATE_NAME",
                        f"Application command names must be unique: {c.get('name')}",
                    )
                )
            keys.add(key)
    per_type: dict[int, int] = {}
    for t, _ in keys:
        per_type[t] = per_type.get(t, 0) + 1
    if per_type.get(1, 0) > 100:
        out.append(("_", "BASE_TYPE_MAX_LENGTH", "At most 100 slash commands"))
    if per_type.get(2, 0) > 15 or per_type.get(3, 0) > 15:
        out.append(("_", "BASE_TYPE_MAX_LENGTH", "At most 15 user and 15 message commands"))
    return out
