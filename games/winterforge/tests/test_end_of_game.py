"""Ending the Game: "If either of the following conditions below are met, the game is over at the
end of the current round, so that everyone has completed the same number of turns throughout the
game. In other words, the game will end with the Player before the First Player." """

from __future__ import annotations

from games.winterforge.rules.commands import EndTurn, Forge, TakeContracts
from games.winterforge.rules.events import GameEnded, LoansSettled
from games.winterforge.tests.table import by_type, play, table

ROYAL = "centenary-champions-panoply"
STOCK = ["bog-iron-1", "bog-iron-2", "goat-leather-1", "pine-haft-1"]


def test_a_royal_contract_completed_ends_the_game_after_the_player_before_the_first():
    """ "A Player completes their Royal Contract" """
    smith = {
        "seat": 1,
        "at": "forge",
        "royal": ROYAL,
        "stockpile": STOCK,
        "skills": {"weapons": 10, "armour": 10},
    }
    state = table(players=3, current=1, guild=[smith], dice=[4, 4, 4, 4])
    state, _ = play(state, Forge(seat=1, contract=ROYAL, components=tuple(STOCK)))
    assert state.ending == "royal" and state.result is None
    state, _ = play(state, EndTurn(seat=1))
    assert state.turn.seat == 2 and state.result is None
    state, log = play(state, EndTurn(seat=2))
    assert by_type(log, GameEnded)[0].result.reason == "royal"
    assert state.turn.number == 3  # everyone played the same number of turns


def test_an_empty_contract_deck_ends_the_game_at_the_end_of_the_round():
    """ "There are no Contracts left in the Contract deck" """
    guild = {"seat": 0, "at": "guildhall"}
    state = table(players=2, guild=[guild], job_track=["miners-helm"], deck_size=1)
    state, _ = play(state, TakeContracts(seat=0, contracts=("miners-helm",)), EndTurn(seat=0))
    assert state.result is None and state.turn.seat == 1
    state, _ = play(state, EndTurn(seat=1))
    assert state.result is not None and state.result.reason == "contracts"


def test_the_last_player_of_the_round_ending_it_ends_the_game_at_once():
    state = table(players=2, current=1, ending="contracts")
    state, _ = play(state, EndTurn(seat=1))
    assert state.result is not None


def test_outstanding_loans_may_be_paid_off_now_without_rp():
    """ "If a Player is able, they may pay back any outstanding Loans to the Bank now, without
    needing to be in the Bank Precinct. Loans paid off at this time do not grant additional RP, but
    do prevent the penalty of -2 RP per unpaid Loan." """
    loans = [{"loan": "stonecount-hearth-note", "paid": 3}]  # 3 of 6 owing
    state = table(
        players=2,
        current=1,
        ending="contracts",
        guild=[{"seat": 0, "at": "market", "coin": 5, "loans": loans}],
    )
    state, log = play(state, EndTurn(seat=1))
    assert by_type(log, LoansSettled) == [
        LoansSettled(seat=0, loans=("stonecount-hearth-note",), paid=3)
    ]
    lines = dict(state.result.lines[0])
    assert lines["loans repaid"] == 0 and lines["unpaid loans"] == 0
    assert state.guilds[0].coin == 2


def test_the_end_of_game_payoff_clears_the_smallest_debts_first():
    """Paying the smallest debt first clears the most Loans (-2 RP each), see the rules notes."""
    loans = ["orlgrim-guild-advance", {"loan": "stonecount-hearth-note", "paid": 2}]  # 8 and 4
    state = table(
        players=2, current=1, ending="contracts", guild=[{"seat": 0, "coin": 9, "loans": loans}]
    )
    state, log = play(state, EndTurn(seat=1))
    assert by_type(log, LoansSettled)[0].loans == ("stonecount-hearth-note",)
    assert dict(state.result.lines[0])["unpaid loans"] == -2 and state.guilds[0].coin == 5


def test_a_loan_that_cannot_be_paid_in_full_is_not_paid_at_all():
    loans = ["orlgrim-guild-advance"]  # 8 owing
    state = table(
        players=2, current=1, ending="contracts", guild=[{"seat": 0, "coin": 7, "loans": loans}]
    )
    state, log = play(state, EndTurn(seat=1))
    assert not by_type(log, LoansSettled) and state.guilds[0].coin == 7
