"""Guild Master as a hosted game: the `GameDefinition` the application talks to."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

from engine.core.game import Audience, Decision, GameOption, Player, Stage
from games.guild_master.players import PLAYER_TYPES, Seats
from games.guild_master.rules.commands import COMMAND_TYPES, ApplyDefaults, Command
from games.guild_master.rules.event_views import event_view
from games.guild_master.rules.events import EVENT_TYPES, Event, RoundEnded
from games.guild_master.rules.evolve import evolve
from games.guild_master.rules.flow import PHASE_NAMES, decide, execute
from games.guild_master.rules.pending import pending
from games.guild_master.rules.setup import create
from games.guild_master.rules.state import GameState, Phase
from games.guild_master.rules.upcasters import UPCASTERS
from games.guild_master.rules.views import PublicView, SeatView, view


class GuildMaster:
    """Guild Master (Good Games Publishing), 2–4 guilds, 9 rounds (6 in the short game)."""

    name = "guild-master"
    title = "Guild Master"
    seat_noun = "guild"
    min_players = 2
    max_players = 4
    event_types: tuple[type, ...] = EVENT_TYPES
    command_types: tuple[type, ...] = COMMAND_TYPES
    upcasters = UPCASTERS
    state_type = GameState
    state_version = 3  # 3: orders record their outcomes
    options = (
        GameOption("short", "bool", False, "The short game: 6 rounds, no prestige upgrades"),
    )
    deadline_kinds = ("setup", "plot", "orders", "action")
    players: Mapping[str, Callable[[int], Player]] = {
        kind: partial(Seats, cls) for kind, cls in PLAYER_TYPES.items()
    }

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

    def event_view(self, event: Event, audience: Audience) -> Event | None:
        return event_view(event, audience)

    def is_over(self, state: GameState) -> bool:
        return state.phase is Phase.ENDED

    def stage(self, state: GameState) -> Stage:
        kind = _WAIT_KINDS.get(state.phase, "action")
        where = PHASE_NAMES[state.phase]
        label = f"Round {state.round}, {where}" if state.round else where.capitalize()
        return Stage(key=f"r{state.round}:{state.phase.value}", kind=kind, label=label)

    def checkpoint(self, event: Event) -> bool:
        return isinstance(event, RoundEnded)


# The deadline setting that applies to what the game waits for in each phase (the Start of Round
# and the Reset Phase wait for nobody; everything in the Action Phase is "action").
_WAIT_KINDS = {Phase.SETUP: "setup", Phase.PLOT: "plot", Phase.ORDERS: "orders"}


GAME = GuildMaster()
