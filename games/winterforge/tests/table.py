"""A table to test rules on: a game laid out by hand (the scenarios' `arrange`), commands run,
refusals checked, dice scripted.

    state = table(names=["Ann", "Ben"], guild=[{"seat": 0, "at": "forge", "coin": 5}], dice=[4])
    state, log = play(state, Train(seat=0, skill="weapons"))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec
import pytest
from msgspec.structs import replace

from engine.core.errors import RuleError
from engine.core.game import PUBLIC
from engine.core.rng import Rng
from games.winterforge import scenario
from games.winterforge.rules.commands import Command
from games.winterforge.rules.content import load_pack
from games.winterforge.rules.events import Event
from games.winterforge.rules.flow import execute
from games.winterforge.rules.state import Turn, WinterforgeState
from games.winterforge.rules.views import view

PACK = load_pack()


def new_game(players: int = 3, seed: int = 1, **options: Any) -> WinterforgeState:
    """A game just set up, every Royal Contract chosen by default: the First Player's turn 1."""
    alleyways = [name.replace("_", "-") for name, on in options.items() if on]
    return scenario.new_game(players, seed, alleyways)


def table(**spec: Any) -> WinterforgeState:
    """A game laid out as a scenario's fields say (games/winterforge/scenario.py), in seat order
    from seat 0, seat 0 to play."""
    return scenario.arrange(spec)[0]


def guild(state: WinterforgeState, seat: int, **changes: Any) -> WinterforgeState:
    """`state` with `seat`'s guild changed."""
    guilds = list(state.guilds)
    guilds[seat] = replace(guilds[seat], **changes)
    return replace(state, guilds=tuple(guilds))


def turn_of(state: WinterforgeState, seat: int, **changes: Any) -> WinterforgeState:
    """`state` with the turn handed to `seat`, no action taken yet."""
    turn = Turn(seat=seat, number=state.turn.number, round=state.turn.round, **changes)
    return replace(state, turn=turn)


def dice(state: WinterforgeState, *values: int) -> WinterforgeState:
    """`state` with the next dice scripted."""
    return replace(state, rng=Rng(state=state.rng.state, scripted=values))


def run(state: WinterforgeState, *commands: Command) -> WinterforgeState:
    """The state after `commands`, each accepted."""
    for command in commands:
        state = execute(state, command)[1]
    return state


def play(state: WinterforgeState, *commands: Command) -> tuple[WinterforgeState, list[Event]]:
    """The state after `commands`, each accepted, and every event they caused."""
    log: list[Event] = []
    for command in commands:
        new, state = execute(state, command)
        log += new
    return state, log


def events(state: WinterforgeState, command: Command) -> list[Event]:
    return execute(state, command)[0]


def by_type(log: Sequence[Event], cls: type) -> list[Any]:
    """The events of `log` of type `cls`, in order."""
    return [e for e in log if isinstance(e, cls)]


def refused(state: WinterforgeState, command: Command, code: str) -> RuleError:
    """The refusal of `command`, checked to carry `code` and a message, changing nothing."""
    before = msgspec.json.encode(state)
    with pytest.raises(RuleError) as info:
        execute(state, command)
    assert info.value.code == code, info.value
    assert info.value.message.strip(), "a refusal must say what to do"
    assert msgspec.json.encode(state) == before
    return info.value


def public(state: WinterforgeState) -> dict[str, Any]:
    """The public view as plain data."""
    return msgspec.to_builtins(view(state, PUBLIC))


def components(level: int, material: str | None = None) -> list[str]:
    """Component ids of `level` (and `material`), in pack order."""
    return [
        c.id
        for c in PACK.components.values()
        if c.level == level and (material is None or c.material == material)
    ]


def contract_with(slots: int, royal: bool = False) -> str:
    """A Contract (or Royal) slug needing `slots` components."""
    cards = PACK.royals if royal else PACK.contracts
    return next(c.slug for c in cards.values() if len(c.slots) == slots)
