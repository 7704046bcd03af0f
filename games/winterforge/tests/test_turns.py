"""Your Turn and the Move Action: "Beginning with the First Player and continuing clockwise around
the table, each Player takes up to 3 actions. Each available action can be performed more than once
in a turn." """

from __future__ import annotations

import pytest

from games.winterforge.rules.commands import EndTurn, Move, RefreshRow, RequestFunds, Train
from games.winterforge.rules.content import PRECINCTS
from games.winterforge.rules.events import Moved, TurnBegan, TurnEnded
from games.winterforge.rules.moving import reachable
from games.winterforge.rules.turns import STALLED_ROUNDS
from games.winterforge.tests.table import PACK, by_type, play, refused, table


def test_three_actions_then_the_turn_passes_clockwise():
    state = table(players=3, guild=[{"seat": 0, "coin": 0}])
    state, log = play(
        state, RequestFunds(seat=0), Move(seat=0, to="market"), Move(seat=0, to="forge")
    )
    assert by_type(log, TurnEnded) == [TurnEnded(seat=0, number=1)]
    assert state.turn.seat == 1 and state.turn.actions == 0


def test_the_same_action_more_than_once_in_a_turn():
    """ "Each available action can be performed more than once in a turn." """
    state = table(guild=[{"seat": 0, "coin": 20, "at": "forge", "skills": {"jewellery": 1}}])
    state, _ = play(state, *(Train(seat=0, skill="jewellery") for _ in range(3)))
    assert state.guilds[0].skills[2] == 4


def test_no_fourth_action():
    state = table(actions=3, guild=[{"seat": 0, "coin": 0}])
    refused(state, RequestFunds(seat=0), "no_actions")


def test_up_to_3_a_player_may_end_the_turn_early():
    """ "up to 3 actions" """
    state, log = play(table(players=2), EndTurn(seat=0))
    assert state.turn.seat == 1 and log[-1] == TurnBegan(seat=1, number=2, round=1)


def test_only_the_current_player_acts():
    refused(table(players=2), EndTurn(seat=1), "not_your_turn")


def test_a_new_round_begins_with_the_first_player_again():
    state = table(players=2)
    state, _ = play(state, EndTurn(seat=0), EndTurn(seat=1))
    assert (state.turn.seat, state.turn.round, state.turn.number) == (0, 2, 3)


def test_a_move_follows_a_movement_line():
    """ "You may move your Smith between any linked Precinct as a Move Action." """
    state = table()
    linked = PACK.links["guildhall"][0]
    state, _ = play(state, Move(seat=0, to=linked))
    assert state.guilds[0].at == linked and state.turn.actions == 1
    far = next(p for p in PRECINCTS if p not in (*PACK.links["guildhall"], "guildhall"))
    refused(table(), Move(seat=0, to=far), "not_linked")


@pytest.mark.parametrize("origin", PRECINCTS)
def test_two_moves_reach_any_precinct(origin):
    """ "You can perform two move actions in a row to move to any Precinct on the board." """
    state = table(guild=[{"seat": 0, "at": origin}])
    for target in PRECINCTS:
        if target == origin:
            continue
        step = target if target in PACK.links[origin] else None
        if step is None:
            step = next(p for p in PACK.links[origin] if target in PACK.links[p])
        after, _ = play(state, Move(seat=0, to=step))
        if step != target:
            after, _ = play(after, Move(seat=0, to=target))
        assert after.guilds[0].at == target


def test_every_link_runs_both_ways():
    for precinct, links in PACK.links.items():
        assert all(precinct in PACK.links[other] for other in links)


def test_a_crew_extra_move_costs_no_action_once_a_turn():
    """FAQ: "This would require the Transporter crew to give you the extra movement action." """
    state = table(guild=[{"seat": 0, "crew": ["pell-the-tunnel-runner"]}])
    state, log = play(state, Move(seat=0, to="market"), Move(seat=0, to="forge"))
    moves = by_type(log, Moved)
    assert [m.free for m in moves] == [True, False] and state.turn.actions == 1


def test_a_turn_with_a_free_move_left_does_not_end_by_itself():
    state = table(actions=2, guild=[{"seat": 0, "coin": 0, "crew": ["pell-the-tunnel-runner"]}])
    state, _ = play(state, RequestFunds(seat=0))
    assert state.turn.seat == 0 and state.turn.actions == 3
    state, _ = play(state, Move(seat=0, to="market"))
    assert state.turn.seat == 1


def test_nobody_acting_for_two_rounds_ends_the_game_stalled():
    """The engine's own end (rules notes, "stalled"): a table gone quiet is over."""
    state = table(players=2)
    for _ in range(STALLED_ROUNDS):
        state, _ = play(state, EndTurn(seat=0), EndTurn(seat=1))
    assert state.result is not None and state.result.reason == "stalled"


def test_one_action_in_a_round_keeps_the_game_going():
    state = table(players=2, guild=[{"seat": 0, "coin": 0}])
    state, _ = play(state, RequestFunds(seat=0), EndTurn(seat=0), EndTurn(seat=1))
    state, _ = play(state, EndTurn(seat=0), EndTurn(seat=1))
    assert state.result is None


def test_reachable_from_an_alleyway_is_every_precinct():
    state = table(alleyways=["shrine"])
    assert set(reachable(state, "shrine")) == set(PRECINCTS)


def test_a_free_action_comes_before_the_last_action():
    """The turn ends by itself when its actions are spent (rules notes): a Market row can no
    longer be refreshed after the third action."""
    state = table(actions=2, guild=[{"seat": 0, "at": "market", "coin": 0}])
    state, _ = play(state, Move(seat=0, to="guildhall"))
    refused(state, RefreshRow(seat=0, level=1), "not_your_turn")


def test_the_solo_game_does_not_stall():
    state = table(players=1)
    for _ in range(STALLED_ROUNDS + 1):
        state, _ = play(state, EndTurn(seat=0))
    assert state.result is None
