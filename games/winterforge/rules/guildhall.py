"""The Guildhall Precinct: Take Contracts and Request Funds.

"Take up to 2 face-up Contracts from the job track. If you are holding more than 3 Contracts (not
including your Royal Contract), you must return any extra Contracts to the job track. This can be
a Contract that you have acquired in a previous action. Once you have finished this action,
replenish any open spaces on the job track with Contracts from the top of the Contract deck."
"If you have less than 3 Coin, you may receive 1 Coin for free from your Guild." "Prime Position:
You may receive an additional Coin after performing a Precinct action."
"""

from __future__ import annotations

from engine.core.errors import RuleError
from games.winterforge.rules.commands import RequestFunds, TakeContracts
from games.winterforge.rules.context import Ctx, ability, enter, require_action, require_turn
from games.winterforge.rules.events import ContractsTaken, EndTriggered, FundsRequested
from games.winterforge.rules.state import Guild

TAKE_LIMIT = 2  # "Take up to 2 face-up Contracts"
CONTRACT_LIMIT = 3  # "You can not have more than 3 Contracts, not including your Royal Contract."
FUNDS_BELOW = 3  # "If you have less than 3 Coin"
PRIME_COIN = 1


def take_contracts(ctx: Ctx, cmd: TakeContracts) -> None:
    """Take Contracts."""
    state = ctx.state
    g = require_turn(state, cmd.seat)
    require_action(state)
    limit = TAKE_LIMIT
    if not cmd.contracts:
        raise RuleError("nothing", "Choose at least one Contract from the job track.")
    if len(cmd.contracts) > limit:
        raise RuleError("too_many", f"You may take up to {limit} Contracts in one action.")
    if len(set(cmd.contracts)) != len(cmd.contracts):
        raise RuleError("twice", "Each Contract can be taken once.")
    for slug in cmd.contracts:
        if not slug or slug not in state.job_track:
            raise RuleError("not_on_track", f"{slug!r} is not on the job track.")
    holding = [*g.hand, *cmd.contracts]
    for slug in cmd.returns:
        if slug in holding:
            holding.remove(slug)
        elif any(w.contract == slug for w in g.started):
            raise RuleError(
                "started",
                "A Contract you have started to forge stays in front of you until completed.",
            )
        else:
            raise RuleError("not_held", f"You do not hold {slug!r} to return it.")
    most = contract_limit(g)
    # "you must return any extra Contracts": exactly those over the limit (a guild already over
    # it, its Crew gone, returns as many as it takes).
    extra = min(max(0, held_count(g) + len(cmd.contracts) - most), len(cmd.contracts))
    if len(cmd.returns) < extra:
        count = len(holding) + started_count(g)
        raise RuleError(
            "contract_limit",
            f"You would hold {count} Contracts; the limit is {most} (not counting your Royal "
            f"Contract). Return {extra - len(cmd.returns)} more of them to the job track.",
            over=extra - len(cmd.returns),
        )
    if len(cmd.returns) > extra:
        raise RuleError(
            "returns",
            f"Return only the Contracts over the limit of {most}: {extra} of them this time.",
        )
    enter(ctx, cmd.seat, "guildhall", cmd.prime)
    open_spaces = len(cmd.contracts) - len(cmd.returns)
    refills = ctx.state.contract_deck[:open_spaces]
    ctx.emit(
        ContractsTaken(
            seat=cmd.seat,
            contracts=tuple(cmd.contracts),
            returns=tuple(cmd.returns),
            refills=refills,
            coin=PRIME_COIN if cmd.prime else 0,
            prime=cmd.prime,
        )
    )
    if not ctx.state.contract_deck and not ctx.state.ending:
        ctx.emit(EndTriggered(reason="contracts"))


def started_count(g: Guild) -> int:
    """Contracts face-up in front of `g` that count towards the limit (not the Royal)."""
    # A loop, not `sum` of a generator: asked at every Take Contracts the random player weighs.
    count = 0
    for w in g.started:
        count += w.contract != g.royal
    return count


def held_count(g: Guild) -> int:
    """The Contracts `g` holds towards its limit: in hand and face-up, the Royal not counted."""
    return len(g.hand) + (started_count(g) if g.started else 0)


def contract_limit(g: Guild) -> int:
    """3 Contracts, and more with a Crew that keeps the order book (`contract_extra`). A guild
    over its limit after that Crew leaves keeps its Contracts but takes none without returning as
    many (see the rules notes)."""
    return CONTRACT_LIMIT + (ability(g, "contract_extra") if g.crew else 0)


def request_funds(ctx: Ctx, cmd: RequestFunds) -> None:
    """Request Funds."""
    state = ctx.state
    g = require_turn(state, cmd.seat)
    require_action(state)
    if g.coin >= FUNDS_BELOW:
        raise RuleError(
            "not_poor",
            f"The Guild gives funds only to a Smith with less than {FUNDS_BELOW} Coin; you have "
            f"{g.coin}.",
        )
    enter(ctx, cmd.seat, "guildhall", cmd.prime)
    coin = 1 + (ability(g, "funds_bonus") if g.crew else 0) + (PRIME_COIN if cmd.prime else 0)
    ctx.emit(FundsRequested(seat=cmd.seat, coin=coin, prime=cmd.prime))
