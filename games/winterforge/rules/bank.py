"""The Bank Precinct: Take Loans and Pay Loans.

"Take 1 of the face-up Loans from the Bank, placing it in front of you and taking the lower value
of Coin shown on the card. You can never have more than 2 unpaid Loans at a time." "Pay back any
amount of Coin left owing on a Loan." "Prime Position: Receive 1 extra Coin when you Take a Loan
OR pay 2 less Coin when you Repay a Loan."
"""

from __future__ import annotations

from engine.core.errors import RuleError
from games.winterforge.rules.commands import RepayLoan, TakeLoan
from games.winterforge.rules.content import load_pack
from games.winterforge.rules.context import Ctx, ability, enter, require_action, require_turn
from games.winterforge.rules.events import LoanRepaid, LoanTaken
from games.winterforge.rules.state import Guild

UNPAID_LIMIT = 2  # "You can never have more than 2 unpaid Loans at a time."
PRIME_LOAN_COIN = 1
PRIME_REPAY_OFF = 2


def owed(g: Guild, loan: str) -> int:
    """The Coin still owing on `g`'s unpaid `loan`."""
    # Loops, not generators: asked at every Repay, by the rules and by the random player.
    for held in g.loans:
        if held.loan == loan and not held.repaid:
            return load_pack().loans[loan].repay - held.paid
    raise ValueError(f"{loan!r} is not an unpaid Loan of this guild.")


def unpaid(g: Guild) -> tuple[str, ...]:
    """The Loans `g` has not paid off."""
    return tuple([h.loan for h in g.loans if not h.repaid])


def take_loan(ctx: Ctx, cmd: TakeLoan) -> None:
    """Take Loans."""
    state = ctx.state
    g = require_turn(state, cmd.seat)
    require_action(state)
    if cmd.loan not in state.bank:
        raise RuleError("not_at_bank", f"{cmd.loan!r} is not one of the Loans at the Bank.")
    if len(unpaid(g)) >= UNPAID_LIMIT:
        raise RuleError(
            "loan_limit",
            f"You already have {UNPAID_LIMIT} unpaid Loans; pay one off before taking another.",
        )
    enter(ctx, cmd.seat, "bank", cmd.prime)
    coin = (
        load_pack().loans[cmd.loan].take
        + ability(g, "loan_bonus")
        + (PRIME_LOAN_COIN if cmd.prime else 0)
    )
    refill = ctx.state.loan_deck[0] if ctx.state.loan_deck else ""
    ctx.emit(LoanTaken(seat=cmd.seat, loan=cmd.loan, coin=coin, prime=cmd.prime, refill=refill))


def repay_loan(ctx: Ctx, cmd: RepayLoan) -> None:
    """Pay Loans ("Can you overpay a loan repayment? NO.")."""
    state = ctx.state
    g = require_turn(state, cmd.seat)
    require_action(state)
    if cmd.loan not in unpaid(g):
        raise RuleError("no_loan", "Choose one of your unpaid Loans to pay.")
    left = owed(g, cmd.loan)
    off = PRIME_REPAY_OFF if cmd.prime else 0
    if cmd.amount < 1 and not (cmd.prime and cmd.amount == 0):
        raise RuleError("amount", "Pay at least 1 Coin.")
    if cmd.amount > max(0, left - off):
        raise RuleError(
            "overpay",
            f"{left} Coin is owing on that Loan; pay at most {max(0, left - off)}.",
            owed=left,
        )
    if cmd.amount > g.coin:
        raise RuleError("coin", f"You have {g.coin} Coin.", coin=g.coin)
    enter(ctx, cmd.seat, "bank", cmd.prime)
    credited = min(left, cmd.amount + off)
    ctx.emit(
        LoanRepaid(
            seat=cmd.seat, loan=cmd.loan, paid=cmd.amount, credited=credited, prime=cmd.prime
        )
    )
