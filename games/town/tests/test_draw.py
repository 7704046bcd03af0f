"""Draw Phases: "The current player may draw up to 5 cards. If you already have 5 or more cards
in your hand you can't draw any more cards." """

import pytest

from games.town.rules.commands import Build, Discard, Draw, EndTrading
from games.town.rules.events import CardsDrawn
from games.town.rules.pending import pending
from games.town.rules.state import BUILD, DISCARD, DRAW1, DRAW2, TRADE1, TRADE2
from games.town.tests.table import assert_refused, by_type, play, table

HAND2 = ["quarry", "mason"]
TOP = ["farmland", "irrigation", "grainmill", "vineyard", "orchard", "ranch"]
SIX = ["quarry", "mason", "temple", "shrine", "castle", "moat"]


@pytest.mark.parametrize("count", [0, 1, 2, 3])
def test_the_current_player_draws_up_to_a_hand_of_5(count):
    """ "may draw up to 5 cards": read as up to a hand of 5; with 2 in hand, 0 to 3 cards, from
    the top of the deck, as the player chooses."""
    state = table(hands={0: HAND2}, deck=TOP)
    state, events = play(state, Draw(seat=0, count=count))
    assert state.hands[0] == (*HAND2, *TOP[:count])
    assert state.deck[:2] == tuple(TOP[count : count + 2])
    assert by_type(events, CardsDrawn)[0].deck_left == 113 - 2 - count
    assert state.turn.stage == TRADE1


def test_with_an_empty_hand_a_player_draws_up_to_5():
    state = table(deck=TOP)
    state, _ = play(state, Draw(seat=0, count=5))
    assert state.hands[0] == tuple(TOP[:5])


def test_drawing_past_a_hand_of_5_is_refused():
    state = table(hands={0: HAND2}, deck=TOP)
    assert_refused(state, Draw(seat=0, count=4), "draw_count", "between 0 and 3", "hand of 5")
    assert_refused(state, Draw(seat=0, count=-1), "draw_count")


def test_only_the_current_player_draws():
    state = table(hands={0: HAND2}, deck=TOP)
    assert_refused(state, Draw(seat=1, count=1), "not_your_turn", "Player 1")


def test_the_second_draw_follows_the_discard_phase():
    """Phase 4, Second Draw: the same rule after discarding."""
    state = table(hands={0: SIX[:5]}, deck=TOP, stage=DISCARD)
    state, _ = play(state, Discard(seat=0, cards=("quarry", "mason", "temple")))
    assert state.turn.stage == DRAW2
    assert pending(state)[0].context["max"] == 3
    state, _ = play(state, Draw(seat=0, count=3))
    assert len(state.hands[0]) == 5 and state.turn.stage == TRADE2


def test_with_5_or_more_cards_the_first_draw_passes_by_itself():
    """ "If you already have 5 or more cards in your hand you can't draw any more cards." Nothing
    to decide: the phase passes as soon as it begins, here when the previous turn ends."""
    state = table(hands={0: ["bridge"], 1: SIX}, stage=BUILD)
    state, events = play(state, Build(seat=0, category="T"))
    assert (state.turn.seat, state.turn.stage) == (1, TRADE1)
    assert [(d.seat, d.count) for d in by_type(events, CardsDrawn)] == [(1, 0)]


def test_with_5_or_more_cards_the_second_draw_passes_by_itself():
    state = table(hands={0: SIX}, stage=DISCARD)
    state, events = play(state, Discard(seat=0))
    assert state.turn.stage == TRADE2
    assert [d.count for d in by_type(events, CardsDrawn)] == [0]


def test_a_hand_grown_past_5_by_trading_still_cannot_draw():
    state = table(hands={0: SIX}, stage=TRADE1)
    state, _ = play(state, EndTrading(seat=0), Discard(seat=0, cards=("quarry",)))
    assert state.turn.stage == TRADE2 and len(state.hands[0]) == 5


def test_a_short_deck_limits_the_draw_and_gives_what_is_left():
    """When the deck holds fewer cards than the player may draw, it draws what is left (the game
    then ends at the end of this turn)."""
    state = table(hands={0: HAND2}, deck=TOP[:2], deck_size=2, stage=DRAW1)
    assert pending(state)[0].context["max"] == 2
    assert_refused(state, Draw(seat=0, count=3), "draw_count", "2 card(s) left")
    state, _ = play(state, Draw(seat=0, count=2))
    assert state.deck == () and state.hands[0] == (*HAND2, *TOP[:2])
