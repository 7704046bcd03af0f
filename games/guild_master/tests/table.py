"""A small language for rule tests: set a table up, give orders, play commands.

    state = table(players=2, guilds=[{"gold": 7, "adventurers": ["brask"]}], dice=[6, 5])
    state, events = play(state, orders(0, order(1, ["brask"], "1")), orders(1))

`table` takes the same fields as a scenario file (docs/scenarios.md); seats are numbers.
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine.core.errors import RuleError
from engine.core.game import PUBLIC, Seat
from games.guild_master.rules.commands import Command, SetOrders
from games.guild_master.rules.content import load_pack
from games.guild_master.rules.events import Event
from games.guild_master.rules.evolve import evolve
from games.guild_master.rules.flow import decide
from games.guild_master.rules.state import Build, GameState, Order, Plan
from games.guild_master.rules.views import view
from games.guild_master.scenario import setup_table

PACK = load_pack("basic")


def table(**spec: Any) -> GameState:
    """The game state a scenario with these fields starts from."""
    state, _ = setup_table(spec)
    return state


def play(state: GameState, *commands: Command) -> tuple[GameState, list[Event]]:
    """Decide and apply each command in turn; a refused command raises its RuleError."""
    log: list[Event] = []
    for command in commands:
        events = decide(state, command)
        for e in events:
            state = evolve(state, e)
        log += events
    return state, log


def refused(state: GameState, command: Command) -> RuleError:
    """The error `command` is refused with (the test fails if it is accepted)."""
    try:
        decide(state, command)
    except RuleError as exc:
        return exc
    raise AssertionError(f"{command!r} was accepted")


def order(
    space: int,
    team: list[str] | tuple[str, ...],
    objective: str = "none",
    gold: int = 0,
    builds: list[Build] | None = None,
    **plan: Any,
) -> Order:
    """An order; `plan` fields (skill, fallback, replace, rolls, cooperation) are answers given
    in advance. `builds` defaults to building nothing."""
    return Order(
        space=space,
        team=tuple(team),
        objective=objective,
        gold=gold,
        plan=Plan(builds=tuple(builds) if builds is not None else (), **plan),
    )


def orders(seat: int, *placed: Order, ready: bool = True) -> SetOrders:
    return SetOrders(seat=seat, orders=placed, ready=ready)


def everyone_else_ready(state: GameState, *seats: int) -> list[SetOrders]:
    """Empty, ready orders for every seat not in `seats`."""
    return [orders(s) for s in range(state.players) if s not in seats]


def of_type(events: list[Event], name: str) -> list[Event]:
    return [e for e in events if type(e).__name__ == name]


def public(state: GameState) -> dict[str, Any]:
    return msgspec.to_builtins(view(state, PUBLIC))


def seat_view(state: GameState, seat: int) -> dict[str, Any]:
    return msgspec.to_builtins(view(state, Seat(seat)))
