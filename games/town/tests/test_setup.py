"""Set Up: "Shuffle the Deck thoroughly. Each player is dealt 5 cards. Determine player turn order
by any convenient method." """

import pytest

from engine.core.errors import RuleError
from games.town.rules.events import CardsDealt, CardsDrawn, GameCreated
from games.town.rules.setup import create
from games.town.rules.state import TRADE1
from games.town.tests.table import PACK, by_type, new_game


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_deck_is_every_card_once_shuffled(players):
    """ "Shuffle the Deck thoroughly." """
    _, events = new_game(players, seed=5)
    created = by_type(events, GameCreated)[0]
    assert sorted(created.deck) == sorted(PACK.order)
    assert created.deck != PACK.order
    assert created.deck_size == 113


def test_the_shuffle_comes_from_the_seed():
    """The shuffle is recorded; the same seed gives the same deck, another seed another deck."""
    deck = by_type(new_game(4, seed=1)[1], GameCreated)[0].deck
    assert by_type(new_game(4, seed=1)[1], GameCreated)[0].deck == deck
    assert by_type(new_game(4, seed=2)[1], GameCreated)[0].deck != deck


@pytest.mark.parametrize("players", [2, 4, 6])
def test_each_player_is_dealt_5_cards(players):
    """ "Each player is dealt 5 cards." From the top of the deck."""
    state, events = new_game(players, seed=3)
    created = by_type(events, GameCreated)[0]
    dealt = by_type(events, CardsDealt)
    assert [len(h) for h in state.hands] == [5] * players
    assert len(state.deck) == 113 - 5 * players
    assert [c for d in dealt for c in d.cards] == list(created.deck[: 5 * players])
    assert state.deck == created.deck[5 * players :]


def test_turn_order_is_seat_order_from_a_first_player_drawn_at_random():
    """ "Determine player turn order by any convenient method." The first player is drawn from
    the seed; play goes on in seat order from there."""
    firsts = set()
    for seed in range(30):
        state, _ = new_game(4, seed)
        order = state.turn.order
        assert sorted(order) == [0, 1, 2, 3]
        assert all(order[(i + 1) % 4] == (order[i] + 1) % 4 for i in range(4))
        assert state.turn.seat == order[0] and state.turn.number == 1
        firsts.add(order[0])
    assert firsts == {0, 1, 2, 3}


def test_the_first_draw_of_the_first_turn_passes_with_a_full_hand():
    """ "If you already have 5 or more cards in your hand you can't draw any more cards": with 5
    dealt cards the first player's First Draw passes by itself and the game waits in the First
    Trade Phase."""
    state, events = new_game(4, seed=9)
    drawn = by_type(events, CardsDrawn)
    assert [(d.seat, d.count) for d in drawn] == [(state.turn.seat, 0)]
    assert state.turn.stage == TRADE1


@pytest.mark.parametrize("players", [1, 7])
def test_two_to_six_players(players):
    """The rulebook gives no player count; 113 cards and hands of 5 suit 2 to 6 players."""
    with pytest.raises(RuleError) as err:
        create(players, 1, {})
    assert err.value.code == "players" and "2 to 6" in err.value.message


def test_there_are_no_table_options():
    with pytest.raises(RuleError) as err:
        create(4, 1, {"short": True})
    assert err.value.code == "option" and "short" in err.value.message
