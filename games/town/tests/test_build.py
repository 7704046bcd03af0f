"""Build Phase: "The current player picks one resource category out of the 10 available. If the
player has any cards of that resource in his hand he may 'build' them. 'Built' cards are placed
face up in front of the player. A player 'owns' all the location cards he builds." """

from typing import Any

import pytest

from games.town.rules.cards import CATEGORIES
from games.town.rules.commands import Build, EndTrading
from games.town.rules.events import CardsBuilt
from games.town.rules.state import BUILD, TRADE2, TownState
from games.town.tests.table import PACK, assert_refused, by_type, play, public, table

# Trade Route (TT), Inn (AT), Carpenter (CI), Quarry (CC), Temple (RR)
HAND = ["trade-route", "inn", "carpenter", "quarry", "temple"]


def building(**kw: Any) -> TownState:
    return table(hands={0: HAND}, stage=BUILD, **kw)


def test_picking_a_category_builds_every_card_of_it_by_default():
    state, events = play(building(), Build(seat=0, category="T"))
    built = by_type(events, CardsBuilt)[0]
    assert (built.category, built.cards) == ("T", ("trade-route", "inn"))
    assert state.towns[0] == ("trade-route", "inn")
    assert state.hands[0] == ("carpenter", "quarry", "temple")


def test_the_player_may_build_some_of_them_or_none():
    """ "he may 'build' them": any of the hand's cards of the category, or none."""
    state, _ = play(building(), Build(seat=0, category="T", cards=("inn",)))
    assert state.towns[0] == ("inn",)
    state, _ = play(building(), Build(seat=0, category="T", cards=()))
    assert state.towns[0] == () and len(state.hands[0]) == 5


@pytest.mark.parametrize("category", ["C", "I"])
def test_a_card_of_two_categories_is_built_when_either_is_picked(category):
    """Carpenter gives "CI": it belongs to Construction & Materials and Industry & Crafts."""
    state, _ = play(building(), Build(seat=0, category=category))
    assert "carpenter" in state.towns[0]
    assert ("quarry" in state.towns[0]) == (category == "C")


def test_only_cards_of_the_picked_category_are_built():
    assert_refused(
        building(),
        Build(seat=0, category="T", cards=("temple",)),
        "not_of_category",
        "Temple",
        "Trade & Transportation",
    )
    assert_refused(building(), Build(seat=0, category="T", cards=("bridge",)), "not_in_hand")


def test_one_of_the_10_categories():
    assert len(CATEGORIES) == 10
    assert_refused(building(), Build(seat=0, category="X"), "category", "F, T, C")


def test_a_category_with_no_card_in_hand_builds_nothing():
    state, events = play(building(), Build(seat=0, category="M"))
    assert by_type(events, CardsBuilt)[0].cards == () and state.towns[0] == ()


def test_built_cards_are_face_up_and_owned():
    """ "'Built' cards are placed face up in front of the player." Everyone sees them, grouped
    by category, in the owner's town."""
    state, _ = play(building(), Build(seat=0, category="C"))
    town = public(state)["seats"][0]["town"]
    groups = {g["category"]: [c["slug"] for c in g["cards"]] for g in town}
    assert groups == {"C": ["carpenter", "quarry"], "I": ["carpenter"]}


def test_building_ends_the_turn():
    state, _ = play(building(), Build(seat=0, category="R"))
    assert (state.turn.number, state.turn.seat) == (2, 1)


def test_with_an_empty_hand_the_build_phase_passes_and_the_turn_ends():
    state = table(hands={1: ["castle"]}, stage=TRADE2)
    state, events = play(state, EndTrading(seat=0))
    built = by_type(events, CardsBuilt)[0]
    assert (built.category, built.cards) == (None, ())
    assert state.turn.seat == 1


def test_only_the_current_player_builds():
    state = table(hands={0: HAND, 1: ["castle"]}, stage=BUILD)
    assert_refused(state, Build(seat=1, category="M"), "not_your_turn")
    assert PACK.cards["castle"].resources == "MG"
