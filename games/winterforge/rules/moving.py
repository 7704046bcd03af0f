"""The Move Action and Prime Positions.

"You may move your Smith between any linked Precinct as a Move Action." "As an action, a Player
may move their Smith from any Precinct on the Winterforge game board to an Alleyway Expansion and
vice-versa." "If there is no other Player in the Prime Position, you may occupy the Prime Position
of a Precinct, when you move into that Precinct." A Crew's extra Move ("the Transporter crew to
give you the extra movement action") pays for the turn's first Move.
"""

from __future__ import annotations

from engine.core.errors import RuleError
from games.winterforge.rules.commands import Move
from games.winterforge.rules.content import load_pack
from games.winterforge.rules.context import (
    PLACE_NAMES,
    Ctx,
    movers,
    prime_free,
    require_action,
    require_turn,
)
from games.winterforge.rules.events import Moved
from games.winterforge.rules.state import ACTIONS_PER_TURN, LORDS, WinterforgeState


def reachable(state: WinterforgeState, origin: str) -> tuple[str, ...]:
    """Where one Move Action takes a Smith from `origin`: the linked precincts, and any Alleyway
    in play from a precinct; from an Alleyway, any precinct."""
    links = load_pack().links
    if origin not in links:
        return tuple(links)
    return (*links[origin], *state.alleyways)


def free_move(state: WinterforgeState, seat: int) -> bool:
    """Would `seat`'s next Move be paid by a Crew's extra Move?"""
    g = state.guilds[seat]
    return bool(g.crew) and not state.turn.free_move and not movers().isdisjoint(g.crew)


def move(ctx: Ctx, cmd: Move) -> None:
    """Move Action."""
    ctx.emit(moved(ctx.state, cmd))


def moved(state: WinterforgeState, cmd: Move) -> Moved:
    """The Move Action's event, or a `RuleError`. A Move draws nothing and emits this one event,
    so `execute` asks it without a context (half of a random game's commands are Moves)."""
    turn = state.turn
    seat = cmd.seat
    # `require_turn`, `free_move` and `require_action` as they stand for the commonest command,
    # written out; the helpers still answer (and word the refusals) off the common path.
    if seat != turn.seat or not turn.number:
        require_turn(state, seat)
    g = state.guilds[seat]
    if state.variant == LORDS:
        raise RuleError(
            "no_moving",
            "In Lords of Winterforge Smiths are placed, not moved: choose a precinct action.",
        )
    free = bool(g.crew) and not turn.free_move and not movers().isdisjoint(g.crew)
    if not free and (turn.event or turn.actions >= ACTIONS_PER_TURN):
        require_action(state)
    to = cmd.to
    links = load_pack().links
    near = links.get(g.at)
    if near is None or to not in near:  # not the common Move between two linked precincts
        if to not in PLACE_NAMES or (to not in links and to not in state.alleyways):
            raise RuleError("no_place", f"There is no {to!r} to move to in this game.")
        # `reachable`, without building it for every Move.
        if not (to in links if near is None else to in state.alleyways):
            routes = ", ".join(PLACE_NAMES[p] for p in reachable(state, g.at))
            raise RuleError(
                "not_linked",
                f"The {PLACE_NAMES[g.at]} is not linked to the {PLACE_NAMES[to]}; from here you "
                f"can move to: {routes}.",
            )
    return Moved(seat, g.at, to, cmd.prime and prime_free(state, to), free)
