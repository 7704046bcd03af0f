"""The Bank Precinct: Take Loans, Pay Loans and its Prime Position; the Loan cards."""

from __future__ import annotations

from games.winterforge.rules.bank import owed
from games.winterforge.rules.commands import RepayLoan, TakeLoan
from games.winterforge.rules.events import LoanRepaid, LoanTaken
from games.winterforge.tests.table import PACK, by_type, play, refused, table

SMALL = "stonecount-hearth-note"  # take 4, repay 6
MIDDLE = "stonecount-anvil-note"  # take 5, repay 7
OTHER = "vaultmere-pocket-loan"  # take 4, repay 6
HELD = "dunholt-small-advance"  # take 4, repay 6


def bank(coin: int = 0, loans: list[object] | None = None, **more: object) -> dict[str, object]:
    return {
        "guild": [{"seat": 0, "at": "bank", "coin": coin, "loans": loans or [], **more}],
        "bank": [SMALL, MIDDLE],
        "loan_deck": [OTHER],
    }


def test_a_loan_card_shows_the_coin_taken_and_the_higher_coin_repaid():
    """ "1. Coin gained when the Loan is taken from the Bank 2. Coin that must be repaid to pay off
    the Loan" (the third field is lost from the text: see the rules notes)."""
    assert len(PACK.loans) == 13
    assert all(loan.repay > loan.take for loan in PACK.loans.values())


def test_take_a_face_up_loan_for_its_lower_value_and_replenish():
    """ "Take 1 of the face-up Loans from the Bank, placing it in front of you and taking the lower
    value of Coin shown on the card." "At the end of your action, replenish any open Loan
    spaces." """
    state, log = play(table(**bank()), TakeLoan(seat=0, loan=SMALL))
    assert by_type(log, LoanTaken)[0].coin == 4 and state.guilds[0].coin == 4
    assert state.bank == (OTHER, MIDDLE)
    assert [h.loan for h in state.guilds[0].loans] == [SMALL]


def test_never_more_than_2_unpaid_loans():
    """ "You can never have more than 2 unpaid Loans at a time." """
    state = table(**bank(loans=["orlgrim-guild-advance", "dunholt-bellows-loan"]))
    refused(state, TakeLoan(seat=0, loan=SMALL), "loan_limit")
    paid = {"loan": "orlgrim-guild-advance", "paid": 8, "repaid": True, "at_bank": True}
    state = table(**bank(loans=[paid, "dunholt-bellows-loan"]))
    state, _ = play(state, TakeLoan(seat=0, loan=SMALL))
    assert len(state.guilds[0].loans) == 3


def test_the_bank_prime_position_gives_a_coin_more_on_a_loan():
    """ "Prime Position: Receive 1 extra Coin when you Take a Loan OR pay 2 less Coin when you Repay
    a Loan." """
    state, log = play(table(**bank(prime=True)), TakeLoan(seat=0, loan=SMALL, prime=True))
    assert by_type(log, LoanTaken)[0].coin == 5
    refused(state, RepayLoan(seat=0, loan=SMALL, amount=2, prime=True), "prime_used")


def test_pay_back_any_amount_left_owing():
    """ "Pay back any amount of Coin left owing on a Loan. Place this amount of Coin on the
    relevant Loan card to indicate how much of the Loan has been paid back." """
    state, _ = play(table(**bank(coin=10, loans=[HELD])), RepayLoan(seat=0, loan=HELD, amount=2))
    g = state.guilds[0]
    assert g.coin == 8 and g.loans[0].paid == 2 and not g.loans[0].repaid and owed(g, HELD) == 4


def test_paid_in_full_the_loan_is_turned_face_down():
    """ "If the Coin placed on the Loan is equal to the higher value on the card, keep the Loan
    face-down in your play area." """
    state = table(**bank(coin=10, loans=[{"loan": HELD, "paid": 2}]))
    state, _ = play(state, RepayLoan(seat=0, loan=HELD, amount=4))
    held = state.guilds[0].loans[0]
    assert held.repaid and held.at_bank and state.guilds[0].coin == 6


def test_a_repayment_is_never_more_than_is_owed():
    """FAQ: "Can you overpay a loan repayment? NO." """
    state = table(**bank(coin=10, loans=[{"loan": HELD, "paid": 2}]))
    refused(state, RepayLoan(seat=0, loan=HELD, amount=5), "overpay")


def test_the_prime_position_repays_2_coin_less():
    state = table(**bank(coin=10, loans=[HELD], prime=True))
    state, log = play(state, RepayLoan(seat=0, loan=HELD, amount=4, prime=True))
    assert by_type(log, LoanRepaid)[0] == LoanRepaid(
        seat=0, loan=HELD, paid=4, credited=6, prime=True
    )
    assert state.guilds[0].loans[0].repaid and state.guilds[0].coin == 6


def test_with_the_prime_position_a_repayment_never_overpays_either():
    state = table(**bank(coin=10, loans=[HELD], prime=True))
    refused(state, RepayLoan(seat=0, loan=HELD, amount=5, prime=True), "overpay")


def test_a_repayment_needs_the_coin_and_an_unpaid_loan():
    refused(table(**bank(coin=1, loans=[HELD])), RepayLoan(seat=0, loan=HELD, amount=2), "coin")
    refused(table(**bank(coin=5)), RepayLoan(seat=0, loan=HELD, amount=2), "no_loan")
    refused(table(**bank(coin=5, loans=[HELD])), RepayLoan(seat=0, loan=HELD, amount=0), "amount")


def test_on_the_prime_position_paying_0_credits_2():
    """ "pay 2 less Coin when you Repay a Loan": 2 credited for nothing (rules notes)."""
    state = table(**bank(coin=0, loans=[HELD], prime=True))
    state, log = play(state, RepayLoan(seat=0, loan=HELD, amount=0, prime=True))
    assert by_type(log, LoanRepaid)[0].credited == 2 and owed(state.guilds[0], HELD) == 4
