"""A table to test rules on: a new game, seats changed by hand, commands run, dice scripted."""

from __future__ import annotations

from typing import Any

import pytest
from msgspec.structs import replace

from engine.core.errors import RuleError
from engine.core.game import replay
from engine.core.rng import Rng
from games.winterforge import GAME
from games.winterforge.rules.commands import ChooseRoyal, Command
from games.winterforge.rules.content import load_pack
from games.winterforge.rules.events import Event
from games.winterforge.rules.flow import execute
from games.winterforge.rules.pending import default_royal
from games.winterforge.rules.state import Turn, WinterforgeState

PACK = load_pack()


def new_game(players: int = 3, seed: int = 1, **options: Any) -> WinterforgeState:
    """A game just set up, every Royal Contract chosen by default: the First Player's turn 1."""
    state = replay(GAME, GAME.create(players, seed, options))
    while state.choosing:
        seat = next(s for s, g in enumerate(state.guilds) if g.royal_offer)
        state = execute(state, ChooseRoyal(seat=seat, royal=default_royal(state, seat)))[1]
    return state


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


def events(state: WinterforgeState, command: Command) -> list[Event]:
    return execute(state, command)[0]


def refused(state: WinterforgeState, command: Command, code: str) -> RuleError:
    """The refusal of `command`, checked to carry `code`."""
    with pytest.raises(RuleError) as info:
        execute(state, command)
    assert info.value.code == code, info.value
    return info.value


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
