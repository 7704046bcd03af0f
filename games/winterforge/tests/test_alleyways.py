"""The Alleyways: "There are no Prime Positions on any of the Alleyway Location Tiles, and no limit
to the number of Smiths on any Tile." "As an action, a Player may move their Smith from any
Precinct on the Winterforge game board to an Alleyway Expansion and vice-versa." """

from __future__ import annotations

import pytest

from games.winterforge.rules.commands import Donate, Move
from games.winterforge.rules.content import ALLEYWAYS, PRECINCTS
from games.winterforge.rules.events import Moved
from games.winterforge.tests.table import by_type, play, refused, table


@pytest.mark.parametrize("precinct", PRECINCTS)
def test_any_precinct_to_an_alleyway_is_one_move_action(precinct):
    state = table(alleyways=["shrine"], guild=[{"seat": 0, "at": precinct}])
    state, _ = play(state, Move(seat=0, to="shrine"))
    assert state.guilds[0].at == "shrine" and state.turn.actions == 1


@pytest.mark.parametrize("precinct", PRECINCTS)
def test_an_alleyway_to_any_precinct_is_one_move_action(precinct):
    """ "… and vice-versa." """
    state = table(alleyways=["shrine"], guild=[{"seat": 0, "at": "shrine"}])
    state, _ = play(state, Move(seat=0, to=precinct))
    assert state.guilds[0].at == precinct and state.turn.actions == 1


def test_no_prime_position_on_an_alleyway():
    state = table(alleyways=["shrine"])
    state, log = play(state, Move(seat=0, to="shrine"))
    assert not by_type(log, Moved)[0].prime and state.primes == ()


def test_no_limit_to_the_smiths_on_a_tile():
    state = table(
        players=3,
        alleyways=["shrine"],
        current=2,
        guild=[{"seat": 0, "at": "shrine"}, {"seat": 1, "at": "shrine"}],
    )
    state, _ = play(state, Move(seat=2, to="shrine"))
    assert [g.at for g in state.guilds] == ["shrine"] * 3


def test_an_alleyway_not_chosen_is_not_in_play():
    """Each Alleyway is an expansion chosen at game creation."""
    refused(table(), Move(seat=0, to="shrine"), "no_place")
    refused(
        table(guild=[{"seat": 0, "at": "shrine", "coin": 5}]),
        Donate(seat=0, token=1),
        "not_in_play",
    )


def test_from_one_alleyway_to_another_goes_through_a_precinct():
    """ "from any Precinct … to an Alleyway Expansion and vice-versa": not alleyway to alleyway
    (rules notes)."""
    state = table(alleyways=list(ALLEYWAYS), guild=[{"seat": 0, "at": "shrine"}])
    refused(state, Move(seat=0, to="runesmith"), "not_linked")
