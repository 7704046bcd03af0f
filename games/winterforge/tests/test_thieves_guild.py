"""The Thieves' Guild: "You may pay 2 Coin to the Thieves' Guild and take 1 random Component from
another Player's stockpile." and its Bodyguards."""

from __future__ import annotations

import pytest

from games.winterforge import GAME
from games.winterforge.rules.commands import HireThief
from games.winterforge.rules.events import ComponentStolen, GameCreated
from games.winterforge.tests.table import PACK, by_type, play, refused, table

GUARDS = {c for c, card in PACK.crew.items() if card.expansion == "thieves-guild"}


@pytest.mark.parametrize(("players", "guards"), [(2, 1), (3, 1), (4, 1), (5, 2), (6, 2)])
def test_bodyguards_in_the_crew_deck_by_player_count(players, guards):
    """ "If you are playing with 2-4 Players, shuffle 1 Bodyguard Crew card into the Crew deck. If
    you are playing with 5+ Players, shuffle 2 Bodyguard Crew cards into the Crew deck." """
    created = GAME.create(players, 1, {"thieves_guild": True})[0]
    assert isinstance(created, GameCreated)
    assert len(GUARDS & {*created.tavern, *created.crew_deck}) == guards


def thief(victim: dict[str, object] | None = None, coin: int = 2) -> dict[str, object]:
    other = {"seat": 1, "stockpile": ["bog-iron-1", "pine-haft-1", "moonstone-1"]}
    return {
        "players": 3,
        "alleyways": ["thieves-guild"],
        "guild": [{"seat": 0, "at": "thieves-guild", "coin": coin}, {**other, **(victim or {})}],
    }


def test_pay_2_coin_and_take_a_random_component_from_another_player():
    state, log = play(table(**thief(), dice=[]), HireThief(seat=0, victim=1))
    stolen = by_type(log, ComponentStolen)[0]
    assert stolen.cost == 2 and stolen.component in ("bog-iron-1", "pine-haft-1", "moonstone-1")
    assert state.guilds[0].stockpile == (stolen.component,) and state.guilds[0].coin == 0
    assert stolen.component not in state.guilds[1].stockpile
    assert len(state.guilds[1].stockpile) == 2


def test_the_pick_is_random_and_recorded():
    picks = set()
    for seed in range(12):
        spec = thief()
        state = table(seed=seed, **spec)
        picks.add(
            by_type(play(state, HireThief(seat=0, victim=1))[1], ComponentStolen)[0].component
        )
    assert len(picks) > 1


def test_not_from_yourself_nor_from_an_empty_stockpile():
    refused(table(**thief()), HireThief(seat=0, victim=0), "victim")
    refused(table(**thief()), HireThief(seat=0, victim=2), "empty")
    refused(table(**thief(coin=1)), HireThief(seat=0, victim=1), "coin")


def test_a_bodyguard_keeps_thieves_away():
    """The Bodyguards' ability (docs/content.md): the guild's stockpile cannot be stolen from."""
    state = table(**thief({"crew": ["bodyguard-hollin"]}))
    refused(state, HireThief(seat=0, victim=1), "bodyguard")


def test_components_under_a_started_contract_are_not_in_the_stockpile():
    started = [{"contract": "alehouse-cleaver", "components": ["bog-iron-2", "pine-haft-2"]}]
    state = table(**thief({"stockpile": [], "started": started}))
    refused(state, HireThief(seat=0, victim=1), "empty")


def test_in_a_solo_game_there_is_nobody_to_steal_from():
    state = table(
        players=1,
        alleyways=["thieves-guild"],
        guild=[{"seat": 0, "at": "thieves-guild", "coin": 5}],
    )
    refused(state, HireThief(seat=0, victim=0), "victim")
