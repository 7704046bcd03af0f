"""End of Game: "The game ends at the end of the turn the last card is drawn from the deck." """

from games.town.rules.commands import Build, Command, Discard, Draw, EndTrading
from games.town.rules.events import CardsDrawn, GameEnded, TurnEnded
from games.town.rules.pending import pending
from games.town.rules.state import BUILD, DISCARD, DRAW1, DRAW2, TRADE1, TRADE2
from games.town.tests.table import assert_refused, by_type, play, table

TOP = ["farmland", "irrigation", "grainmill"]


def test_the_game_ends_at_the_end_of_the_turn_the_last_card_is_drawn():
    """The rest of that turn is played: trade, discard, the Second Draw (nothing left to draw),
    trade and build; then the game ends, before the next player's turn."""
    state = table(hands={0: ["quarry"]}, deck=TOP, deck_size=3, stage=DRAW1)
    state, _ = play(state, Draw(seat=0, count=3))
    assert state.deck == () and state.result is None
    assert state.turn.stage == TRADE1
    state, events = play(
        state, EndTrading(seat=0), Discard(seat=0, cards=("quarry",)), EndTrading(seat=0)
    )
    assert [d.count for d in by_type(events, CardsDrawn)] == [0]  # the Second Draw passed
    assert state.turn.stage == BUILD and state.result is None
    state, events = play(state, Build(seat=0, category="F"))
    assert by_type(events, GameEnded)[0].reason == "deck"
    assert not by_type(events, TurnEnded)
    assert state.result is not None and pending(state) == ()


def test_the_last_card_may_be_drawn_in_the_second_draw():
    state = table(hands={0: ["quarry", "mason"]}, deck=TOP[:1], deck_size=1, stage=DISCARD)
    state, _ = play(state, Discard(seat=0), Draw(seat=0, count=1))
    assert state.deck == () and state.turn.stage == TRADE2
    state, events = play(state, EndTrading(seat=0), Build(seat=0, category="C"))
    assert by_type(events, GameEnded)


def test_a_turn_that_leaves_cards_in_the_deck_hands_over_to_the_next_player():
    state = table(hands={0: ["quarry"], 1: ["moat"]}, deck=TOP, deck_size=3, stage=DRAW2)
    state, events = play(state, Draw(seat=0, count=1), EndTrading(seat=0))
    state, events = play(state, Build(seat=0, category="C"))
    ended = by_type(events, TurnEnded)[0]
    assert (ended.turn, ended.seat, ended.next_seat, ended.idle) == (1, 0, 1, False)
    assert (state.turn.number, state.turn.seat, state.turn.stage) == (2, 1, DRAW1)


def idle_turn(seat: int) -> list[Command]:
    """A turn of a player with a full hand who trades nothing, discards nothing and builds
    nothing."""
    return [
        EndTrading(seat=seat),
        Discard(seat=seat),
        EndTrading(seat=seat),
        Build(seat=seat, category="L", cards=()),
    ]


FULL = {
    0: ["quarry", "mason", "temple", "shrine", "castle"],
    1: ["moat", "bakery", "granary", "palace", "docks"],
}


def test_a_round_in_which_no_card_moves_ends_the_game():
    """The text has no end for a table that stops drawing: after a whole round of turns in which
    no card was drawn, discarded or built, the game ends (reason "stalled"). Those moves are the
    only progress, so every game ends."""
    state = table(2, hands=FULL, stage=TRADE1)
    state, events = play(state, *idle_turn(0))
    assert by_type(events, TurnEnded)[0].idle and state.idle_turns == 1
    state, events = play(state, *idle_turn(1))
    assert by_type(events, GameEnded)[0].reason == "stalled"


def test_a_card_moved_starts_the_count_again():
    state = table(2, hands=FULL, stage=TRADE1)
    state, _ = play(state, *idle_turn(0))
    state, _ = play(
        state,
        EndTrading(seat=1),
        Discard(seat=1, cards=("moat",)),
        Draw(seat=1, count=0),
        EndTrading(seat=1),
        Build(seat=1, category="L", cards=()),
    )
    assert state.idle_turns == 0 and state.result is None


def test_nothing_can_be_done_once_the_game_is_over():
    state = table(hands={0: ["quarry"]}, deck_size=0, stage=BUILD)
    state, _ = play(state, Build(seat=0, category="C"))
    assert state.result is not None
    assert_refused(state, Draw(seat=1, count=1), "game_over", "new game")
