"""The Tavern Precinct: Hire Crew and Refresh Tavern, and its end-of-turn refresh.

"As an action, you may hire 1 of the face-up Crew cards for your Guild. … You can never have more
than 2 Crew in your Guild at a time. As part of your Hire Crew action, you can fire Crew,
returning them to the bottom of the Crew deck." "When you are in the Tavern, you may pay 1 Coin to
refresh it. Place the current Crew on the bottom of the Crew deck, and draw 3 new crew cards."
"Instead of replenishing the Tavern at the end of an action, it is refreshed at the end of your
turn." "Prime Position: You may pay one less Coin when you perform the Hire Crew action."
"""

from __future__ import annotations

from engine.core.errors import RuleError
from games.winterforge.rules.commands import Hire, RefreshTavern
from games.winterforge.rules.content import load_pack
from games.winterforge.rules.context import (
    Ctx,
    ability,
    discount,
    enter,
    pay,
    present,
    require_action,
    require_open,
    require_turn,
)
from games.winterforge.rules.events import CrewHired, TavernRefreshed
from games.winterforge.rules.state import WinterforgeState

CREW_LIMIT = 2  # "You can only ever have a maximum of 2 Crew working for your Guild."
TAVERN_SIZE = 3
REFRESH_COST = 1


def hire_cost(state: WinterforgeState, crew: str, prime: bool) -> int:
    """The Hire Cost, less the Prime Position's 1 and an Event's discount (never below 0)."""
    cost = load_pack().crew[crew].cost - (discount(state, "tavern") if state.turn.event else 0)
    return max(0, cost - (1 if prime else 0))


def hire(ctx: Ctx, cmd: Hire) -> None:
    """Hire Crew (firing some first)."""
    state = ctx.state
    g = require_turn(state, cmd.seat)
    require_action(state)
    if cmd.crew not in state.tavern:
        raise RuleError("not_in_tavern", f"{cmd.crew!r} is not in the Tavern now.")
    for slug in cmd.fire:
        if slug not in g.crew:
            raise RuleError("no_crew", f"{slug!r} does not work for your guild.")
    if len(set(cmd.fire)) != len(cmd.fire):
        raise RuleError("twice", "Fire each Crew once.")
    if len(g.crew) - len(cmd.fire) >= CREW_LIMIT:
        raise RuleError(
            "crew_limit",
            f"You already have {CREW_LIMIT} Crew; fire one as part of this hire to make room.",
        )
    enter(ctx, cmd.seat, "tavern", cmd.prime)
    cost = hire_cost(ctx.state, cmd.crew, cmd.prime)
    pay(g, cost, "Hiring that Crew")
    ctx.emit(CrewHired(seat=cmd.seat, crew=cmd.crew, fired=cmd.fire, cost=cost, prime=cmd.prime))


def refresh_tavern(ctx: Ctx, cmd: RefreshTavern) -> None:
    """Refresh Tavern (free action)."""
    state = ctx.state
    g = require_turn(state, cmd.seat)
    if not present(state, cmd.seat, "tavern"):
        raise RuleError("wrong_place", "Refreshing the Tavern needs your Smith in the Tavern.")
    require_open(state, "tavern")
    cost = 0 if ability(g, "refresh_free") else REFRESH_COST
    pay(g, cost, "Refreshing the Tavern")
    redeal(ctx, cmd.seat, cost)


def redeal(ctx: Ctx, seat: int, cost: int) -> None:
    """The Crew in the Tavern to the bottom of the Crew deck, and three drawn from its top."""
    state = ctx.state
    pool = (*state.crew_deck, *state.tavern)
    ctx.emit(TavernRefreshed(seat=seat, returned=state.tavern, drawn=pool[:TAVERN_SIZE], cost=cost))
