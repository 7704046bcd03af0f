"""Guild Master as a hosted game: the `GameDefinition` the application talks to."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from engine.core.definition import Definition
from engine.core.game import GameOption, Player, Stage
from games.guild_master.players import PLAYER_TYPES, Seats
from games.guild_master.rules import event_views, evolve, flow, pending, setup, views
from games.guild_master.rules.commands import COMMAND_TYPES, ApplyDefaults
from games.guild_master.rules.events import EVENT_TYPES, RoundEnded
from games.guild_master.rules.flow import PHASE_NAMES
from games.guild_master.rules.state import GameState, Phase
from games.guild_master.rules.upcasters import UPCASTERS


class GuildMaster(Definition):
    """Guild Master (Good Games Publishing), 2–4 guilds, 9 rounds (6 in the short game)."""

    name = "guild-master"
    title = "Guild Master"
    seat_noun = "guild"
    min_players = 2
    max_players = 4
    event_types = EVENT_TYPES
    command_types = COMMAND_TYPES
    upcasters: Mapping[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = UPCASTERS
    state_type: type = GameState
    state_version = 3  # 3: orders record their outcomes
    options: tuple[GameOption, ...] = (
        GameOption("short", "bool", False, "The short game: 6 rounds, no prestige upgrades"),
    )
    deadline_kinds: tuple[str, ...] = ("setup", "plot", "orders", "action")
    players: Mapping[str, Callable[[int], Player]] = {
        kind: partial(Seats, cls) for kind, cls in PLAYER_TYPES.items()
    }
    rules = (setup, flow, evolve, pending, views, event_views)
    checkpoints = (RoundEnded,)
    defaults_command = ApplyDefaults

    def is_over(self, state: GameState) -> bool:
        return state.phase is Phase.ENDED

    def stage(self, state: GameState) -> Stage:
        kind = _WAIT_KINDS.get(state.phase, "action")
        where = PHASE_NAMES[state.phase]
        label = f"Round {state.round}, {where}" if state.round else where.capitalize()
        return Stage(key=f"r{state.round}:{state.phase.value}", kind=kind, label=label)


# The deadline setting that applies to what the game waits for in each phase (the Start of Round
# and the Reset Phase wait for nobody; everything in the Action Phase is "action").
_WAIT_KINDS = {Phase.SETUP: "setup", Phase.PLOT: "plot", Phase.ORDERS: "orders"}


GAME = GuildMaster()
