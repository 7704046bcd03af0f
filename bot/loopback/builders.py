"""Interaction data built the way the Discord client builds it, from what the bot registered.

A person can only pick a registered command, fill its options with values of the right type
(within choices, lengths and ranges), click an enabled button, pick offered select options
and fill a modal's fields; anything else raises LoopbackError.
"""

from __future__ import annotations

import base64
import pathlib
from typing import TYPE_CHECKING, Any

from . import perms as P
from .errors import LoopbackError
from .model import (
    BUTTON,
    CHANNEL_SELECT,
    MENTIONABLE_SELECT,
    ROLE_SELECT,
    SELECT_TYPES,
    STRING_SELECT,
    TEXT_INPUT,
    USER_SELECT,
    Channel,
    Guild,
    Member,
    Message,
    Role,
    User,
)

if TYPE_CHECKING:
    from .server import FakeDiscord

OPTION_TYPE_NAMES = {
    1: "subcommand",
    2: "subcommand group",
    3: "string",
    4: "integer",
    5: "boolean",
    6: "user",
    7: "channel",
    8: "role",
    9: "mentionable",
    10: "number",
    11: "attachment",
}


class Resolved:
    def __init__(self) -> None:
        self.data: dict[str, dict[str, Any]] = {}

    def add(self, kind: str, key: int, value: dict[str, Any]) -> None:
        self.data.setdefault(kind, {})[str(key)] = value


def check_can_use(fake: FakeDiscord, cmd: dict[str, Any], user: User, channel: Channel) -> None:
    """Raise unless the Discord client would offer this command to this user here."""
    w = fake.world
    name = cmd["name"]
    in_guild = channel.guild_id is not None
    contexts = cmd.get("contexts")
    if cmd.get("_guild") is not None and not in_guild:
        raise LoopbackError(f"/{name} is a guild command; it is not offered in DMs")
    if contexts is not None:
        if (0 if in_guild else 1) not in contexts:
            where = "in servers" if in_guild else "in DMs with the bot"
            raise LoopbackError(f"/{name} is not offered {where} (contexts {contexts})")
    elif not in_guild and cmd.get("dm_permission") is False:
        raise LoopbackError(f"/{name} is not offered in DMs (dm_permission false)")
    if not in_guild:
        return
    guild = w.guilds[channel.guild_id]  # type: ignore[index]
    if user.id not in guild.members:
        raise LoopbackError(f"{user.username} is not a member of {guild.name}")
    have = w.permissions_in(channel, user.id)
    if not have & P.Perm.VIEW_CHANNEL:
        raise LoopbackError(f"{user.username} cannot see #{channel.name}")
    if not have & P.Perm.USE_APPLICATION_COMMANDS:
        raise LoopbackError(f"{user.username} may not use application commands in #{channel.name}")
    need = cmd.get("default_member_permissions")
    if need is not None and have != P.ALL:
        need = int(need)
        if need == 0 or have & need != need:
            missing = P.Perm(need & ~have) if need else "administrator"
            raise LoopbackError(
                f"/{name} is hidden from {user.username}: needs {missing!r}"
                " (default_member_permissions)"
            )


def _coerce_id(value: Any) -> int:
    if isinstance(value, (User, Channel, Role, Guild, Message)):
        return value.id
    if isinstance(value, Member):
        return value.user_id
    if isinstance(value, dict) and "id" in value:
        return int(value["id"])
    return int(value)


def _find_option(schema: list[dict[str, Any]], key: str) -> dict[str, Any] | None:
    for o in schema:
        if o["name"] == key:
            return o
    alt = key.replace("_", "-")
    for o in schema:
        if o["name"] == alt:
            return o
    return None


def _choice(opt: dict[str, Any], value: Any, path: str) -> Any:
    choices = opt.get("choices")
    if not choices:
        return value
    for c in choices:
        if c["value"] == value and type(c["value"]) is type(value):
            return value
    for c in choices:
        if c["name"] == value:
            return c["value"]
    offered = ", ".join(f"{c['name']}={c['value']!r}" for c in choices)
    raise LoopbackError(f"{path}: {value!r} is not one of the choices ({offered})")


def convert_value(
    fake: FakeDiscord,
    opt: dict[str, Any],
    value: Any,
    *,
    path: str,
    user: User,
    channel: Channel,
    resolved: Resolved,
) -> Any:
    """An option value as Discord sends it, filling `resolved` for users, channels, roles..."""
    w = fake.world
    t = opt["type"]
    if t == 3:
        if not isinstance(value, str):
            raise LoopbackError(f"{path} is a string option; got {value!r}")
        value = _choice(opt, value, path)
        lo, hi = opt.get("min_length"), opt.get("max_length")
        if (lo is not None and len(value) < lo) or (hi is not None and len(value) > hi):
            raise LoopbackError(f"{path}: length {len(value)} is outside {lo}..{hi}")
        return value
    if t in (4, 10):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise LoopbackError(
                f"{path} is a{'n integer' if t == 4 else ' number'} option; got {value!r}"
            )
        if t == 4 and not isinstance(value, int):
            if float(value).is_integer():
                value = int(value)
            else:
                raise LoopbackError(f"{path} is an integer option; got {value!r}")
        value = _choice(opt, value, path)
        lo, hi = opt.get("min_value"), opt.get("max_value")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise LoopbackError(f"{path}: {value} is outside {lo}..{hi}")
        return value if t == 4 else float(value)
    if t == 5:
        if not isinstance(value, bool):
            raise LoopbackError(f"{path} is a boolean option; got {value!r}")
        return value
    if t in (6, 9) and not isinstance(value, Role):
        try:
            target = w.users[_coerce_id(value)]
        except (KeyError, TypeError, ValueError):
            if t == 9:
                return _role_value(fake, value, path, channel, resolved)
            raise LoopbackError(f"{path}: {value!r} is not a known user") from None
        add_user(fake, target, channel, resolved)
        return str(target.id)
    if t in (8, 9):
        return _role_value(fake, value, path, channel, resolved)
    if t == 7:
        try:
            ch = w.channels[_coerce_id(value)]
        except (KeyError, TypeError, ValueError):
            raise LoopbackError(f"{path}: {value!r} is not a known channel") from None
        if ch.guild_id != channel.guild_id:
            raise LoopbackError(f"{path}: #{ch.name} is not in this server")
        types = opt.get("channel_types")
        if types and ch.type not in types:
            raise LoopbackError(f"{path}: channel type {ch.type} is not one of {types}")
        add_channel(fake, ch, user, resolved)
        return str(ch.id)
    if t == 11:
        filename, data = _file(value, path)
        att = w.store_attachment(
            channel_id=channel.id, filename=filename, data=data, ephemeral=True
        )
        resolved.add("attachments", att.id, w.attachment_payload(att))
        return str(att.id)
    raise LoopbackError(f"{path}: option type {t} cannot take a value")


def _role_value(
    fake: FakeDiscord, value: Any, path: str, channel: Channel, resolved: Resolved
) -> str:
    w = fake.world
    guild = w.guild_of(channel)
    if guild is None:
        raise LoopbackError(f"{path}: roles exist only in servers")
    try:
        role = guild.roles[_coerce_id(value)]
    except (KeyError, TypeError, ValueError):
        raise LoopbackError(f"{path}: {value!r} is not a role of {guild.name}") from None
    resolved.add("roles", role.id, w.role_payload(role))
    return str(role.id)


def add_user(fake: FakeDiscord, target: User, channel: Channel, resolved: Resolved) -> None:
    w = fake.world
    resolved.add("users", target.id, w.user_payload(target))
    guild = w.guild_of(channel)
    if guild is not None and target.id in guild.members:
        resolved.add(
            "members",
            target.id,
            w.member_payload(
                guild.members[target.id],
                with_user=False,
                permissions=w.permissions_in(channel, target.id),
            ),
        )


def add_channel(fake: FakeDiscord, ch: Channel, user: User, resolved: Resolved) -> None:
    w = fake.world
    payload = w.channel_payload(ch)
    payload["permissions"] = str(w.permissions_in(ch, user.id))
    resolved.add("channels", ch.id, payload)


def _file(value: Any, path: str) -> tuple[str, bytes]:
    if isinstance(value, (bytes, bytearray)):
        return "file.bin", bytes(value)
    if isinstance(value, pathlib.Path):
        return value.name, value.read_bytes()
    if isinstance(value, tuple) and len(value) == 2:
        return str(value[0]), bytes(value[1])
    if isinstance(value, dict) and "filename" in value:
        if "data_b64" in value:
            return value["filename"], base64.b64decode(value["data_b64"])
        return value["filename"], bytes(value.get("data", b""))
    raise LoopbackError(f"{path}: give an attachment as bytes, (filename, bytes) or a Path")


def chat_input_data(
    fake: FakeDiscord,
    cmd: dict[str, Any],
    words: list[str],
    values: dict[str, Any],
    *,
    user: User,
    channel: Channel,
    focused: str | None = None,
) -> dict[str, Any]:
    """`data` of an APPLICATION_COMMAND (or, with `focused`, AUTOCOMPLETE) interaction."""
    schema: list[dict[str, Any]] = cmd.get("options") or []
    path = [cmd["name"]]
    top: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1}
    if cmd.get("_guild") is not None:
        top["guild_id"] = str(cmd["_guild"])
    node = top
    for word in words:
        sub = next((o for o in schema if o["name"] == word and o["type"] in (1, 2)), None)
        if sub is None:
            subs = [o["name"] for o in schema if o["type"] in (1, 2)]
            raise LoopbackError(
                f"/{' '.join(path)} has no subcommand {word!r}"
                + (f"; it has {subs}" if subs else "")
            )
        child: dict[str, Any] = {"name": word, "type": sub["type"]}
        node["options"] = [child]
        node = child
        schema = sub.get("options") or []
        path.append(word)
    subs = [o["name"] for o in schema if o["type"] in (1, 2)]
    if subs:
        raise LoopbackError(f"/{' '.join(path)} needs a subcommand: one of {subs}")
    label = "/" + " ".join(path)
    resolved = Resolved()
    options: list[dict[str, Any]] = []
    given: dict[str, Any] = {}
    for key, value in values.items():
        opt = _find_option(schema, key)
        if opt is None:
            names = [o["name"] for o in schema]
            raise LoopbackError(f"{label} has no option {key!r}; it has {names}")
        given[opt["name"]] = value
    if focused is not None:
        fopt = _find_option(schema, focused)
        if fopt is None:
            raise LoopbackError(f"{label} has no option {focused!r}")
        if not fopt.get("autocomplete"):
            raise LoopbackError(f"{label} option {fopt['name']!r} has no autocomplete")
        focused = fopt["name"]
        given.setdefault(focused, "")
    for opt in schema:  # in schema order, as the client sends them
        name = opt["name"]
        if name not in given:
            if opt.get("required") and focused is None:
                raise LoopbackError(
                    f"{label} needs option {name!r} ({OPTION_TYPE_NAMES[opt['type']]})"
                )
            continue
        value = given[name]
        if value is None:
            continue
        if name == focused:
            options.append(
                {"name": name, "type": opt["type"], "value": str(value), "focused": True}
            )
            continue
        converted = convert_value(
            fake, opt, value, path=f"{label} {name}", user=user, channel=channel, resolved=resolved
        )
        options.append({"name": name, "type": opt["type"], "value": converted})
    if options or node is top:
        node["options"] = options
    if resolved.data:
        top["resolved"] = resolved.data
    return top


def context_menu_data(
    fake: FakeDiscord, cmd: dict[str, Any], target: Any, *, user: User, channel: Channel
) -> dict[str, Any]:
    w = fake.world
    resolved = Resolved()
    data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": cmd["type"]}
    if cmd.get("_guild") is not None:
        data["guild_id"] = str(cmd["_guild"])
    if cmd["type"] == 2:
        target_user = w.users.get(_coerce_id(target))
        if target_user is None:
            raise LoopbackError(f"{target!r} is not a known user")
        add_user(fake, target_user, channel, resolved)
        data["target_id"] = str(target_user.id)
    else:
        msg = w.messages.get(_coerce_id(target))
        if msg is None or msg.deleted:
            raise LoopbackError(f"{target!r} is not a message")
        resolved.add("messages", msg.id, w.message_payload(msg))
        data["target_id"] = str(msg.id)
    data["resolved"] = resolved.data
    return data


def component_data(
    fake: FakeDiscord, user: User, msg: Message, custom_id: str, values: list[Any] | None
) -> dict[str, Any]:
    """`data` of a MESSAGE_COMPONENT interaction: a click on a button or a choice in a select."""
    comp = msg.component(custom_id)
    if comp is None:
        raise LoopbackError(f"{msg!r} has no component {custom_id!r}; it has {msg.custom_ids()}")
    if comp.get("disabled"):
        raise LoopbackError(f"component {custom_id!r} is disabled")
    t = comp.get("type")
    if values is None:
        if t != BUTTON:
            raise LoopbackError(f"component {custom_id!r} is a select (type {t}): use select()")
        if comp.get("style") in (5, 6):
            raise LoopbackError(
                f"button {custom_id!r} is a link/premium button; it sends no interaction"
            )
        return {"custom_id": custom_id, "component_type": BUTTON}
    if t not in SELECT_TYPES:
        raise LoopbackError(f"component {custom_id!r} is not a select (type {t}): use click()")
    channel = fake.world.channels[msg.channel_id]
    return {
        "custom_id": custom_id,
        "component_type": t,
        **select_values(fake, comp, values, user, channel),
    }


def select_values(
    fake: FakeDiscord, comp: dict[str, Any], values: list[Any], user: User, channel: Channel
) -> dict[str, Any]:
    w = fake.world
    t = comp["type"]
    cid = comp.get("custom_id")
    lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
    if not lo <= len(values) <= hi:
        raise LoopbackError(f"select {cid!r} takes {lo}..{hi} values; got {len(values)}")
    resolved = Resolved()
    out: list[str] = []
    if t == STRING_SELECT:
        offered = {o["value"]: o for o in comp.get("options", [])}
        labels = {o["label"]: o["value"] for o in comp.get("options", [])}
        for v in values:
            if v in offered:
                out.append(v)
            elif v in labels:
                out.append(labels[v])
            else:
                raise LoopbackError(f"select {cid!r} offers no {v!r}; it offers {list(offered)}")
    else:
        for v in values:
            vid = _coerce_id(v)
            if t in (USER_SELECT, MENTIONABLE_SELECT) and vid in w.users:
                add_user(fake, w.users[vid], channel, resolved)
            elif t in (ROLE_SELECT, MENTIONABLE_SELECT):
                _role_value(fake, vid, f"select {cid!r}", channel, resolved)
            elif t == CHANNEL_SELECT and vid in w.channels:
                ch = w.channels[vid]
                types = comp.get("channel_types")
                if types and ch.type not in types:
                    raise LoopbackError(
                        f"select {cid!r}: channel type {ch.type} is not one of {types}"
                    )
                add_channel(fake, ch, user, resolved)
            else:
                raise LoopbackError(f"select {cid!r} (type {t}) cannot take {v!r}")
            out.append(str(vid))
    data: dict[str, Any] = {"values": out}
    if resolved.data:
        data["resolved"] = resolved.data
    return data


def modal_components(
    fake: FakeDiscord, modal: dict[str, Any], values: dict[str, Any], user: User, channel: Channel
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The `components` of a MODAL_SUBMIT (each field with what the user entered) and `resolved`."""
    remaining = dict(values)
    out: list[dict[str, Any]] = []
    resolved: dict[str, dict[str, Any]] = {}

    def field(comp: dict[str, Any]) -> dict[str, Any]:
        cid = comp.get("custom_id")
        t = comp.get("type")
        given = cid in remaining
        value = remaining.pop(cid, None)
        item: dict[str, Any] = {"type": t, "custom_id": cid}
        if "id" in comp:
            item["id"] = comp["id"]
        if t == TEXT_INPUT:
            if not given:
                value = comp.get("value") or ""
            if not isinstance(value, str):
                raise LoopbackError(f"modal field {cid!r} takes text; got {value!r}")
            required = comp.get("required", True)
            if required and not value:
                raise LoopbackError(f"modal field {cid!r} is required")
            lo, hi = comp.get("min_length"), comp.get("max_length")
            too_short = lo is not None and len(value) < lo
            too_long = hi is not None and len(value) > hi
            if value and (too_short or too_long):
                raise LoopbackError(
                    f"modal field {cid!r}: length {len(value)} is outside {lo}..{hi}"
                )
            item["value"] = value
        elif t in SELECT_TYPES:
            vals = list(value) if given else []
            if not given and comp.get("required", True) and comp.get("min_values", 1) > 0:
                raise LoopbackError(f"modal select {cid!r} is required")
            picked = select_values(fake, comp, vals, user, channel) if vals else {"values": []}
            item["values"] = picked["values"]
            for kind, entries in picked.get("resolved", {}).items():
                resolved.setdefault(kind, {}).update(entries)
        elif t == 23:  # checkbox
            item["value"] = bool(value)
        elif t == 21:  # radio group
            item["value"] = value
        else:  # checkbox group, file upload and later kinds: a list of values
            item["values"] = list(value or [])
        return item

    for c in modal.get("components", []):
        t = c.get("type")
        if t == 1:
            out.append(
                {
                    "type": 1,
                    **({"id": c["id"]} if "id" in c else {}),
                    "components": [field(x) for x in c.get("components", [])],
                }
            )
        elif t == 18:
            out.append(
                {
                    "type": 18,
                    **({"id": c["id"]} if "id" in c else {}),
                    "component": field(c["component"]),
                }
            )
        elif t == 10:
            out.append({"type": 10, **({"id": c["id"]} if "id" in c else {})})
    if remaining:
        raise LoopbackError(f"the modal has no fields {sorted(remaining)}")
    return out, resolved
