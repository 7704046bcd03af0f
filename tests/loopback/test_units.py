"""The fake's pieces without a bot: ids, permissions, limits, faults, percentiles."""

from __future__ import annotations

import pytest

from bot.loopback import (
    FakeDiscord,
    FaultRule,
    LoopbackError,
    NotConnected,
    Perm,
    percentile,
    shard_of,
)
from bot.loopback.ids import Snowflakes, snowflake_time
from bot.loopback.perms import ALL, apply_overwrites
from bot.loopback.validate import check_commands, check_modal


def test_snowflakes_increase_and_can_be_placed_on_a_shard() -> None:
    ids = Snowflakes()
    made = [ids.next() for _ in range(5000)]
    assert made == sorted(set(made))
    for shard in range(3):
        assert shard_of(ids.next(shard=(shard, 3)), 3) == shard
    assert abs(snowflake_time(made[0]).timestamp() - snowflake_time(made[-1]).timestamp()) < 5


def test_overwrites_apply_in_discords_order() -> None:
    base = int(Perm.VIEW_CHANNEL | Perm.SEND_MESSAGES)
    guild_id, me, role = 1, 2, 3
    deny_everyone = [{"id": guild_id, "type": 0, "deny": int(Perm.SEND_MESSAGES)}]
    allow_role = [{"id": role, "type": 0, "allow": int(Perm.SEND_MESSAGES)}]
    deny_member = [{"id": me, "type": 1, "deny": int(Perm.SEND_MESSAGES)}]
    ow = apply_overwrites
    assert (
        not ow(base, guild_id=guild_id, member_id=me, role_ids=[role], overwrites=deny_everyone)
        & Perm.SEND_MESSAGES
    )
    assert (
        ow(
            base,
            guild_id=guild_id,
            member_id=me,
            role_ids=[role],
            overwrites=deny_everyone + allow_role,
        )
        & Perm.SEND_MESSAGES
    )
    assert (
        not ow(
            base,
            guild_id=guild_id,
            member_id=me,
            role_ids=[role],
            overwrites=deny_everyone + allow_role + deny_member,
        )
        & Perm.SEND_MESSAGES
    )
    hidden = [{"id": guild_id, "type": 0, "deny": int(Perm.VIEW_CHANNEL)}]
    assert ow(base, guild_id=guild_id, member_id=me, role_ids=[], overwrites=hidden) == 0
    assert ow(ALL, guild_id=guild_id, member_id=me, role_ids=[], overwrites=hidden) == ALL


def test_command_and_modal_limits() -> None:
    ok = [
        {
            "name": "gm",
            "description": "d",
            "options": [
                {
                    "type": 2,
                    "name": "g",
                    "description": "d",
                    "options": [
                        {
                            "type": 1,
                            "name": "s",
                            "description": "d",
                            "options": [
                                {"type": 4, "name": "n", "description": "d", "required": True}
                            ],
                        }
                    ],
                }
            ],
        }
    ]
    assert check_commands(ok) == []
    nested = [
        {
            "name": "gm",
            "description": "d",
            "options": [
                {
                    "type": 2,
                    "name": "g",
                    "description": "d",
                    "options": [{"type": 2, "name": "h", "description": "d"}],
                }
            ],
        }
    ]
    assert check_commands(nested)
    order = [
        {
            "name": "gm",
            "description": "d",
            "options": [
                {"type": 3, "name": "a", "description": "d"},
                {"type": 3, "name": "b", "description": "d", "required": True},
            ],
        }
    ]
    assert any("REQUIRED" in code for _, code, _ in check_commands(order))
    assert check_commands([{"name": "x", "description": "d"}] * 2)
    modal = {
        "custom_id": "m",
        "title": "t" * 46,
        "components": [
            {"type": 1, "components": [{"type": 4, "custom_id": "a", "label": "A", "style": 1}]}
        ],
    }
    assert [p for p, _, _ in check_modal(modal)] == ["data.title"]


def test_fault_rules_match_templates_and_globs() -> None:
    rule = FaultRule(route="POST /channels/{channel_id}/messages", remaining=1, status=429)
    assert rule.matches("POST", "/channels/{channel_id}/messages", "/channels/9/messages")
    assert not rule.matches("GET", "/channels/{channel_id}/messages", "/channels/9/messages")
    glob = FaultRule(route="* /channels/9/*", remaining=1, status=500)
    assert glob.matches(
        "PATCH", "/channels/{channel_id}/messages/{message_id}", "/channels/9/messages/1"
    )
    assert not glob.matches(
        "PATCH", "/channels/{channel_id}/messages/{message_id}", "/channels/8/messages/1"
    )


def test_percentile() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 50) == pytest.approx(50.5)
    assert percentile(values, 99) == pytest.approx(99.01)
    assert percentile([], 50) is None


async def test_people_cannot_act_on_what_they_cannot_see() -> None:
    fake = FakeDiscord()
    alice, bob, eve = (fake.create_user(n) for n in ("alice", "bob", "eve"))
    guild = fake.create_guild("Tavern", owner=alice)
    fake.add_member(guild, bob)
    general = fake.text_channels(guild)[0]
    secret = fake.create_channel(guild, "secret")
    fake.set_overwrite(secret, guild, deny=Perm.VIEW_CHANNEL)
    fake.world.put_commands(None, [{"name": "ping", "description": "Ping"}])
    with pytest.raises(NotConnected):
        await fake.slash(alice, general, "ping")
    with pytest.raises(LoopbackError, match="cannot see #secret"):
        await fake.slash(bob, secret, "ping")
    with pytest.raises(LoopbackError, match="not a member"):
        await fake.slash(eve, general, "ping")
    with pytest.raises(LoopbackError, match="cannot post"):
        await fake.say(bob, secret, "hello?")
    msg = await fake.say(alice, secret, "owner sees everything")
    with pytest.raises(LoopbackError, match="no component"):
        await fake.click(alice, msg, "nope")
