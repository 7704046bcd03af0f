"""Discard Phase: "The current player may discard from zero to three cards into the discard
pile." """

import pytest

from games.town.rules.commands import Discard, EndTrading
from games.town.rules.events import CardsDiscarded
from games.town.rules.state import DISCARD, DRAW2, TRADE1, TRADE2
from games.town.tests.table import assert_refused, by_type, play, public, seat_view, table

HAND = ["quarry", "mason", "temple", "shrine"]


@pytest.mark.parametrize("count", [0, 1, 2, 3])
def test_the_current_player_discards_zero_to_three_cards(count):
    state = table(hands={0: HAND}, stage=DISCARD)
    state, events = play(state, Discard(seat=0, cards=tuple(HAND[:count])))
    assert state.hands[0] == tuple(HAND[count:])
    assert state.discards[0] == tuple(HAND[:count])
    assert by_type(events, CardsDiscarded)[0].count == count
    assert state.turn.stage in (DRAW2, TRADE2)  # the Second Draw passes with a full hand


def test_more_than_three_is_refused():
    state = table(hands={0: HAND}, stage=DISCARD)
    assert_refused(state, Discard(seat=0, cards=tuple(HAND)), "discard_count", "at most 3")


def test_only_cards_in_hand_are_discarded():
    state = table(hands={0: HAND, 1: ["castle"]}, stage=DISCARD)
    assert_refused(state, Discard(seat=0, cards=("castle",)), "not_in_hand", "Castle")
    assert_refused(state, Discard(seat=0, cards=("quarry", "quarry")), "card_twice")
    assert_refused(state, Discard(seat=1, cards=("castle",)), "not_your_turn")


def test_discards_are_face_down():
    """ "A player never has to show his cards": everybody sees how many cards were discarded,
    only the discarding player sees which."""
    state = table(hands={0: HAND}, stage=DISCARD, deck_size=80)
    state, _ = play(state, Discard(seat=0, cards=("quarry", "mason")))
    view = public(state)
    assert view["seats"][0]["discarded"] == 2
    assert view["discard_pile"] == 2 + (113 - 80 - 4)
    assert "quarry" not in str(view) and "quarry" not in str(seat_view(state, 1))
    assert [c["slug"] for c in seat_view(state, 0)["discarded"]] == ["quarry", "mason"]


def test_with_an_empty_hand_the_discard_phase_passes_by_itself():
    state = table(hands={1: ["castle"]}, stage=TRADE1)
    state, events = play(state, EndTrading(seat=0))
    assert by_type(events, CardsDiscarded)[0].count == 0
    assert state.turn.stage == DRAW2
