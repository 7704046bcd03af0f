"""For Six Smiths, Lords of Winterforge: "Each day consists of 3 turns for each Player … On their
turn, a Player must place 1 of their 3 Smith Meeples on a Precinct. After this, the Player can
perform just 1 of that Precinct's Actions." """

from __future__ import annotations

from games.winterforge.rules.commands import Buy, EndTurn, Move, RefreshRow, RequestFunds
from games.winterforge.rules.events import GameEnded, Placed
from games.winterforge.rules.state import LORDS
from games.winterforge.tests.table import by_type, play, refused, table

POOR = [{"seat": s, "coin": 0} for s in range(6)]


def lords(**more: object):
    state = table(players=6, guild=POOR, **more)
    assert state.variant == LORDS
    return state


def end_turns(state, count: int):
    for _ in range(count):
        state, _ = play(state, EndTurn(seat=state.turn.seat))
    return state


def test_a_turn_places_one_smith_and_takes_one_precinct_action():
    state, log = play(lords(), RequestFunds(seat=0))
    assert by_type(log, Placed) == [Placed(seat=0, at="guildhall", prime=False)]
    assert state.guilds[0].placed == ("guildhall",) and state.guilds[0].coin == 1
    assert state.turn.seat == 1  # one action, and the turn is over


def test_smiths_are_placed_not_moved():
    """ "in the six-player variant, there is no movement of a Smith from one Precinct to another.
    Instead, Smiths are placed directly by the Players onto the various Precincts." """
    refused(lords(), Move(seat=0, to="market"), "no_moving")


def test_a_day_is_3_turns_for_each_player_18_with_6():
    state = end_turns(lords(), 17)
    assert state.turn.round == 1 and state.turn.number == 18
    state = end_turns(state, 1)
    assert state.turn.round == 2 and state.turn.number == 19


def test_each_player_places_in_turn_three_times_a_day():
    """ "The next Player then places their first Smith in a Precinct, resolves an action, and so
    on with the other Players until that day has ended." """
    state, seats = lords(), []
    for _ in range(18):
        seats.append(state.turn.seat)
        state = end_turns(state, 1)
    assert seats == [0, 1, 2, 3, 4, 5] * 3


def test_at_the_end_of_the_day_smiths_return_and_the_marker_passes_left():
    """ "Each Player then picks up all 3 of their Smiths, and returns them to their Player area.
    The First Player marker is then passed to the left" """
    state, _ = play(lords(), RequestFunds(seat=0, prime=True))
    state = end_turns(state, 17)
    assert state.guilds[0].placed == () and state.guilds[0].at == ""
    assert state.primes == () and state.order == (1, 2, 3, 4, 5, 0)
    assert state.turn.seat == 1


def test_one_prime_position_a_day():
    """ "Each Player may occupy and resolve only 1 Prime Position per day" """
    state, _ = play(lords(), RequestFunds(seat=0, prime=True))
    state = end_turns(state, 5)
    assert state.turn.seat == 0
    refused(state, RequestFunds(seat=0, prime=True), "prime_used_today")
    state, _ = play(state, RequestFunds(seat=0))
    assert state.guilds[0].placed == ("guildhall", "guildhall")


def test_the_prime_position_is_used_on_the_day_it_is_occupied():
    """ "… and the Prime Position must be used on the day it is occupied": the bonus comes with
    the placement's one action."""
    state, log = play(lords(), RequestFunds(seat=0, prime=True))
    assert by_type(log, Placed)[0].prime and state.guilds[0].coin == 2


def test_a_new_day_allows_a_prime_position_again():
    state, _ = play(lords(), RequestFunds(seat=0, prime=True))
    state = end_turns(state, 17)
    state = end_turns(state, 5)  # day 2 begins with seat 1; seat 0 plays sixth
    assert state.turn.seat == 0
    state, log = play(state, RequestFunds(seat=0, prime=True))
    assert by_type(log, Placed)[0].prime


def test_two_prime_positions_a_precinct_with_6_players():
    """ "There is an additional Prime Position when playing with 5 or more Players." """
    state, _ = play(lords(), RequestFunds(seat=0, prime=True), RequestFunds(seat=1, prime=True))
    refused(state, RequestFunds(seat=2, prime=True), "prime_taken")


def test_the_game_ends_with_the_completion_of_the_current_day():
    """ "After one of these conditions is met, the game ends with the completion of the current
    day." """
    state = end_turns(lords(current=5, ending="royal"), 1)
    assert state.result is None
    state = lords(current=5, turn=18, ending="royal")
    state, log = play(state, EndTurn(seat=5))
    assert by_type(log, GameEnded)[0].result.reason == "royal"


def test_a_free_action_needs_a_smith_already_placed_there_today():
    """Refresh Market Row: "When you are in the Market Precinct" — in Lords of Winterforge, a Smith
    placed in the Market on an earlier turn of the day (rules notes)."""
    state = table(players=6, guild=[{"seat": s, "coin": 5} for s in range(6)])
    refused(state, RefreshRow(seat=0, level=1), "wrong_place")
    state, _ = play(state, Buy(seat=0, components=(state.market[0][0],)))
    state = end_turns(state, 5)
    state, _ = play(state, RefreshRow(seat=0, level=1))
    assert state.guilds[0].coin == 5 - 1 - 1 and state.turn.seat == 0


def test_a_player_who_ends_the_turn_without_acting_places_no_smith():
    state = end_turns(lords(), 1)
    assert state.guilds[0].placed == () and state.turn.seat == 1
