"""The Auction House: "when a Contract is completed, you can either Turn In or Hold that Contract.
All Contracts which you have Held can be sold at the Auction House as a single action. For each
Contract you are selling, roll 1 twelve-sided die and apply results according to the table on the
Location Tile. Then Turn In each Contract sold." """

from __future__ import annotations

import pytest

from games.winterforge import GAME
from games.winterforge.rules.alleyways import auction_modifier
from games.winterforge.rules.commands import Forge, SellHeld
from games.winterforge.rules.events import ContractCompleted, GameCreated, HeldSold
from games.winterforge.tests.table import PACK, by_type, play, refused, table


def test_the_appraiser_joins_the_crew_deck():
    """ "Shuffle The Appraiser Crew card into the Crew deck." """
    created = GAME.create(3, 1, {"auction_house": True})[0]
    assert isinstance(created, GameCreated)
    assert "the-appraiser" in (*created.tavern, *created.crew_deck)


def test_a_completed_contract_may_be_held_face_up_for_no_coin():
    """ "If you Hold your completed Contract, leave it face-up. It can later be sold while your
    Smith is in the Auction House." """
    smith = {
        "seat": 0,
        "at": "forge",
        "coin": 2,
        "hand": ["alehouse-cleaver"],
        "stockpile": ["bog-iron-1", "pine-haft-1"],
        "skills": {"weapons": 3},
    }
    state = table(alleyways=["auction-house"], guild=[smith], dice=[4, 4])
    cmd = Forge(
        seat=0, contract="alehouse-cleaver", components=("bog-iron-1", "pine-haft-1"), hold=True
    )
    state, log = play(state, cmd)
    done = by_type(log, ContractCompleted)[0]
    assert done.held and done.coin == 0
    assert state.guilds[0].held == ("alehouse-cleaver",) and state.guilds[0].completed == ()


def test_holding_needs_the_auction_house():
    """ "This can only be done if you are playing with the Auction House" """
    smith = {
        "seat": 0,
        "at": "forge",
        "hand": ["alehouse-cleaver"],
        "stockpile": ["bog-iron-1", "pine-haft-1"],
    }
    cmd = Forge(
        seat=0, contract="alehouse-cleaver", components=("bog-iron-1", "pine-haft-1"), hold=True
    )
    refused(table(guild=[smith]), cmd, "no_hold")


@pytest.mark.parametrize(
    ("roll", "modifier"),
    [(1, -2), (2, -1), (3, -1), (4, 0), (7, 0), (8, 1), (10, 1), (11, 2), (12, 3)],
)
def test_the_d12_table(roll, modifier):
    """ "1: -2; 2-3: -1; 4-7: 0; 8-10: +1; 11: +2; 12: +3" """
    assert auction_modifier(roll) == modifier


def test_every_held_contract_is_sold_in_one_action_a_d12_each_then_turned_in():
    held = ["miners-helm", "amber-torc"]  # 4 and 5 Coin
    state = table(
        alleyways=["auction-house"],
        dice=[12, 1],
        guild=[{"seat": 0, "at": "auction-house", "coin": 0, "held": held}],
    )
    state, log = play(state, SellHeld(seat=0))
    sold = by_type(log, HeldSold)[0]
    assert (sold.rolls, sold.modifiers, sold.coins) == ((12, 1), (3, -2), (7, 3))
    g = state.guilds[0]
    assert g.coin == 10 and g.held == () and g.completed == tuple(held)
    assert state.turn.actions == 1


def test_selling_needs_a_held_contract_and_the_smith_there():
    refused(
        table(alleyways=["auction-house"], guild=[{"seat": 0, "at": "auction-house"}]),
        SellHeld(seat=0),
        "nothing_held",
    )
    state = table(alleyways=["auction-house"], guild=[{"seat": 0, "held": ["miners-helm"]}])
    refused(state, SellHeld(seat=0), "wrong_place")


def test_held_contracts_count_at_the_end():
    """ "Contracts Held at the end of the game still count towards your Reputation." (scored in
    test_scoring.py); their RP is the card's."""
    assert PACK.contracts["miners-helm"].rp == 1


def test_the_appraiser_adds_to_the_roll():
    """The Appraiser's +2 (docs/content.md) reads a 10 as a 12: +3 Coin."""
    held = ["miners-helm"]  # 4 Coin
    guild = {"seat": 0, "at": "auction-house", "held": held, "crew": ["the-appraiser"]}
    state = table(alleyways=["auction-house"], dice=[10], guild=[guild])
    sold = by_type(play(state, SellHeld(seat=0))[1], HeldSold)[0]
    assert (sold.rolls, sold.modifiers, sold.coins) == ((10,), (3,), (7,))


def test_a_1_takes_2_coin_off_the_contract_s_value():
    guild = {"seat": 0, "at": "auction-house", "coin": 0, "held": ["alehouse-cleaver"]}  # 3 Coin
    state = table(alleyways=["auction-house"], dice=[1], guild=[guild])
    state, log = play(state, SellHeld(seat=0))
    assert by_type(log, HeldSold)[0].coins == (1,) and state.guilds[0].coin == 1
