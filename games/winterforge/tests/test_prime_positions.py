"""Prime Position: "Each Precinct has a Prime Position, a special space that only 1 Smith can
occupy at a time. There is an additional Prime Position when playing with 5 or more Players." """

from __future__ import annotations

import pytest

from games.winterforge.rules.commands import EndTurn, Move, RequestFunds
from games.winterforge.rules.events import FundsRequested, Moved
from games.winterforge.tests.table import by_type, play, refused, table


def test_moving_into_a_precinct_occupies_its_free_prime_position():
    """ "If there is no other Player in the Prime Position, you may occupy the Prime Position of a
    Precinct, when you move into that Precinct." """
    state, log = play(table(), Move(seat=0, to="market"))
    assert by_type(log, Moved)[0].prime
    assert state.guilds[0].prime and ("market", 0) in state.primes


def test_a_player_may_move_in_without_taking_it():
    state, _ = play(table(), Move(seat=0, to="market", prime=False))
    assert not state.guilds[0].prime and state.primes == ()


def test_only_one_smith_at_a_time():
    state = table(players=3, guild=[{"seat": 1, "at": "market", "prime": True}])
    state, log = play(state, Move(seat=0, to="market"))
    assert not by_type(log, Moved)[0].prime and state.primes == (("market", 1),)


@pytest.mark.parametrize(("players", "spaces"), [(2, 1), (4, 1), (5, 2)])
def test_an_additional_prime_position_with_5_or_more_players(players, spaces):
    """ "There is an additional Prime Position when playing with 5 or more Players." """
    state = table(players=players, guild=[{"seat": 1, "at": "market", "prime": True}])
    state, _ = play(state, Move(seat=0, to="market"))
    assert state.guilds[0].prime == (spaces == 2)


def test_the_bonus_comes_with_a_precinct_action():
    """ "If you occupy the Prime Position in a Precinct, you may use the bonus for that
    Precinct." Guildhall: "You may receive an additional Coin after performing a Precinct
    action." """
    state = table(guild=[{"seat": 0, "coin": 0, "at": "guildhall", "prime": True}])
    state, log = play(state, RequestFunds(seat=0, prime=True))
    assert by_type(log, FundsRequested)[0].coin == 2 and state.guilds[0].coin == 2


def test_only_once_per_visit():
    """ "You may only use the bonus once … In order to gain this bonus again, you must leave and
    then return to the Prime Position." """
    state = table(guild=[{"seat": 0, "coin": 0, "at": "guildhall", "prime": True}])
    state, _ = play(state, RequestFunds(seat=0, prime=True))
    assert state.guilds[0].prime_used and state.guilds[0].coin == 2
    refused(state, RequestFunds(seat=0, prime=True), "prime_used")


def test_leaving_and_coming_back_gives_it_again():
    """FAQ: "you must leave the precinct via a move action and return using a separate move action
    to get the bonus again." """
    state = table(
        guild=[{"seat": 0, "coin": 0, "at": "guildhall", "prime": True, "prime_used": True}]
    )
    state, _ = play(state, Move(seat=0, to="market"), Move(seat=0, to="guildhall"))
    assert state.guilds[0].prime and not state.guilds[0].prime_used
    state, log = play(state, RequestFunds(seat=0, prime=True))
    assert by_type(log, FundsRequested)[0].coin == 2


def test_not_needed_on_the_first_action_in_the_precinct():
    """ "… but do not need to use it on your first action in that Precinct." """
    state = table(guild=[{"seat": 0, "coin": 0, "at": "guildhall", "prime": True}])
    state, _ = play(state, RequestFunds(seat=0))
    assert state.guilds[0].prime and not state.guilds[0].prime_used
    state, log = play(state, RequestFunds(seat=0, prime=True))
    assert by_type(log, FundsRequested)[0].coin == 2


def test_the_bonus_may_wait_for_a_later_turn():
    """FAQ: "you may delay using the Prime Position on the turn you arrive, and instead use the
    bonus on a subsequent turn." """
    state = table(players=2, guild=[{"seat": 0, "coin": 0}])
    state, _ = play(state, Move(seat=0, to="bank"), Move(seat=0, to="guildhall"), EndTurn(seat=0))
    state, _ = play(state, EndTurn(seat=1))
    assert state.turn.seat == 0 and state.guilds[0].prime
    state, log = play(state, RequestFunds(seat=0, prime=True))
    assert by_type(log, FundsRequested)[0].coin == 2


def test_without_the_prime_position_there_is_no_bonus():
    state = table(guild=[{"seat": 0, "coin": 0, "at": "guildhall"}])
    refused(state, RequestFunds(seat=0, prime=True), "not_prime")


def test_a_vacated_prime_position_is_not_entered_from_inside_the_precinct():
    """FAQ: "If someone leaves the Prime Position, do I automatically move into it from within the
    Precinct? NO. The only way you can enter a Prime Position is by moving into the Precinct from
    another Precinct." """
    state = table(
        players=2,
        guild=[
            {"seat": 0, "at": "guildhall", "prime": True},
            {"seat": 1, "at": "guildhall", "coin": 0},
        ],
    )
    state, _ = play(state, Move(seat=0, to="market"), EndTurn(seat=0))
    assert state.primes == (("market", 0),) and not state.guilds[1].prime
    refused(state, RequestFunds(seat=1, prime=True), "not_prime")


def test_leaving_frees_the_prime_position_for_the_next_arrival():
    state = table(players=2, guild=[{"seat": 1, "at": "market", "prime": True}], current=1)
    state, _ = play(state, Move(seat=1, to="forge"), EndTurn(seat=1))
    state, log = play(state, Move(seat=0, to="market"))
    assert by_type(log, Moved)[0].prime


def test_a_used_prime_position_stays_taken_until_its_smith_leaves():
    """ "a special space that only 1 Smith can occupy at a time": using the bonus does not vacate
    it."""
    state = table(
        players=2,
        guild=[{"seat": 1, "at": "market", "prime": True, "prime_used": True}],
    )
    state, log = play(state, Move(seat=0, to="market"))
    assert not by_type(log, Moved)[0].prime


def test_twice_in_a_turn_with_a_crew_s_extra_move():
    """FAQ: "Does this mean I can use it twice in a turn? Potentially. This would require the
    Transporter crew to give you the extra movement action." """
    state = table(
        guild=[
            {
                "seat": 0,
                "coin": 0,
                "at": "guildhall",
                "prime": True,
                "crew": ["pell-the-tunnel-runner"],
            }
        ]
    )
    state, log = play(
        state,
        RequestFunds(seat=0, prime=True),
        Move(seat=0, to="market"),
        Move(seat=0, to="guildhall"),
        RequestFunds(seat=0, prime=True),
    )
    assert [e.coin for e in by_type(log, FundsRequested)] == [2, 2]
    assert state.guilds[0].coin == 4 and state.turn.seat == 1
