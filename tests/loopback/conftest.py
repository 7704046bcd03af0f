"""Fixtures: a fake Discord per test, and the small test bot connected to it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from types import SimpleNamespace

import pytest

from bot.loopback import FakeDiscord

from .testbot import LoopbackTestBot, running


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    fake = await FakeDiscord.start()
    with fake.patch_discord():
        yield fake
    await fake.stop()
    assert not fake.internal_errors, fake.internal_errors


@pytest.fixture
def people(fake: FakeDiscord):
    """alice owns the guild "Tavern"; bob is a plain member; carol has Manage Server."""
    from bot.loopback import Perm

    alice = fake.create_user("alice")
    bob = fake.create_user("bob")
    carol = fake.create_user("carol")
    guild = fake.create_guild("Tavern", owner=alice, channels=("general", "game"))
    mods = fake.create_role(guild, "Mods", Perm.MANAGE_GUILD)
    fake.add_member(guild, bob)
    fake.add_member(guild, carol, roles=[mods])
    general, game = fake.text_channels(guild)
    return SimpleNamespace(
        alice=alice, bob=bob, carol=carol, guild=guild, mods=mods, general=general, game=game
    )


@pytest.fixture
async def bot(fake: FakeDiscord, people) -> AsyncIterator[LoopbackTestBot]:
    client = LoopbackTestBot()
    async with running(client, fake.bot_token, fake):
        yield client
