"""When a guild's sheet is sent again (issue 26): with round 1's order board, then only when its
adventurers, upgrades or contracts changed; Gold and Fame alone, which its order board and the
channel tell, do not send it."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from engine.core.game import Seat
from games.guild_master import GAME
from games.guild_master.players import RandomPlayer
from games.guild_master.presentation.updates import sheet_news
from games.guild_master.rules.views import SeatView


def _played(seed: int, round_: int, phase: str) -> SeatView:
    """Guild 0's view of a 2-player game played by random players to `round_`'s `phase`."""
    state = None
    for e in GAME.create(2, seed, {}):
        state = GAME.evolve(state, e)
    player = RandomPlayer(seed)
    while state.round < round_ or state.phase.value != phase:
        _, state = GAME.execute(state, player.answer(state, GAME.pending(state)[0]))
    return GAME.view(state, Seat(0))


def _with_guild(view: SeatView, **changes: object) -> SeatView:
    guilds = list(view.public.guilds)
    guilds[view.seat] = replace(guilds[view.seat], **changes)
    return replace(view, public=replace(view.public, guilds=tuple(guilds)))


@pytest.fixture(scope="module")
def round_2() -> SeatView:
    return _played(3, 2, "orders")


def test_gold_and_fame_alone_do_not_send_the_sheet(round_2):
    g = round_2.public.guilds[0]
    richer = _with_guild(round_2, gold=g.gold + 4, fame=g.fame + 2)
    assert sheet_news(round_2, richer) is None
    assert sheet_news(round_2, round_2) is None


def test_a_new_adventurer_sends_the_sheet(round_2):
    g = round_2.public.guilds[0]
    fewer = _with_guild(round_2, adventurers=g.adventurers[:-1])
    assert sheet_news(fewer, round_2) == "adventurers"


def test_an_upgrade_or_a_contract_sends_the_sheet(round_2):
    g = round_2.public.guilds[0]
    bar = _with_guild(round_2, bar=g.bar + 1, income=g.income + 1)
    assert sheet_news(round_2, bar) == "upgrades"
    drawn = replace(round_2, private_contracts=(*round_2.private_contracts, "x"))
    assert sheet_news(round_2, drawn) == "contracts"


def test_nothing_is_sent_before_the_first_orders_nor_after_the_end(round_2):
    """Round 1's order board carries the first sheet: changes in setup send nothing apart."""
    setup = _played(3, 0, "setup")
    g = round_2.public.guilds[0]
    fewer = _with_guild(round_2, adventurers=g.adventurers[:-1])
    assert sheet_news(setup, round_2) is None
    assert sheet_news(None, round_2) is None
    ended = replace(round_2, public=replace(round_2.public, phase="ended"))
    assert sheet_news(fewer, ended) is None
