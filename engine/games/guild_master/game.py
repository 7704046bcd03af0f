"""Guild Master as a hosted game: the `GameDefinition` the application talks to."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.game import Audience, Decision
from engine.games.guild_master.commands import COMMAND_TYPES, ApplyDefaults, Command
from engine.games.guild_master.events import EVENT_TYPES, Event
from engine.games.guild_master.evolve import evolve
from engine.games.guild_master.flow import decide, execute
from engine.games.guild_master.pending import pending
from engine.games.guild_master.setup import create
from engine.games.guild_master.state import GameState, Phase
from engine.games.guild_master.upcasters import UPCASTERS
from engine.games.guild_master.views import PublicView, SeatView, view


class GuildMaster:
    """Guild Master (Good Games Publishing), 2–4 guilds, 9 rounds (6 in the short game)."""

    name = "guild-master"
    title = "Guild Master"
    min_players = 2
    max_players = 4
    event_types: tuple[type, ...] = EVENT_TYPES
    command_types: tuple[type, ...] = COMMAND_TYPES
    upcasters = UPCASTERS
    state_type = GameState
    state_version = 2

    def create(self, players: int, seed: int, options: Mapping[str, Any]) -> list[Event]:
        return list(create(players, seed, options))

    def decide(self, state: GameState, command: Command) -> list[Event]:
        return decide(state, command)

    def execute(self, state: GameState, command: Command) -> tuple[list[Event], GameState]:
        return execute(state, command)

    def evolve(self, state: GameState | None, event: Event) -> GameState:
        return evolve(state, event)

    def pending(self, state: GameState) -> tuple[Decision, ...]:
        return pending(state)

    def defaults(self, state: GameState, seats: Sequence[int] | None = None) -> ApplyDefaults:
        return ApplyDefaults(seat=-1, seats=tuple(seats or ()))

    def view(self, state: GameState, audience: Audience) -> PublicView | SeatView:
        return view(state, audience)

    def is_over(self, state: GameState) -> bool:
        return state.phase is Phase.ENDED


GAME = GuildMaster()
