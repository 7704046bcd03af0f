"""Guildmasters as a hosted game: the `GameDefinition` the application talks to."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.core.game import Audience, Decision, GameOption, Player, Stage
from games.guildmasters.players import BuiltinPlayer, RandomPlayer
from games.guildmasters.rules.commands import COMMAND_TYPES, ApplyDefaults, Command
from games.guildmasters.rules.events import EVENT_TYPES, Event, GameEnded, PhaseEnded, TurnEnded
from games.guildmasters.rules.evolve import evolve
from games.guildmasters.rules.flow import decide, execute, stage
from games.guildmasters.rules.pending import KINDS, pending
from games.guildmasters.rules.secrets import event_view
from games.guildmasters.rules.setup import MAX_PLAYERS, MIN_PLAYERS, create
from games.guildmasters.rules.state import GuildmastersState
from games.guildmasters.rules.views import PublicView, SeatView, view


class Guildmasters:
    """Guildmasters: guilds draft adventurers, use their abilities and send them on quests for
    prestige; 2–4 players."""

    name = "guildmasters"
    title = "Guildmasters"
    seat_noun = "guild"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options: tuple[GameOption, ...] = ()
    deadline_kinds: tuple[str, ...] = KINDS
    players: Mapping[str, Callable[[int], Player]] = {
        "builtin": BuiltinPlayer,
        "random": RandomPlayer,
    }
    event_types: tuple[type, ...] = EVENT_TYPES
    command_types: tuple[type, ...] = COMMAND_TYPES
    upcasters: Mapping[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = {}
    state_type = GuildmastersState
    state_version = 1

    def create(self, players: int, seed: int, options: Mapping[str, Any]) -> list[Event]:
        return create(players, seed, options)

    def decide(self, state: GuildmastersState, command: Command) -> list[Event]:
        return decide(state, command)

    def execute(
        self, state: GuildmastersState, command: Command
    ) -> tuple[list[Event], GuildmastersState]:
        return execute(state, command)

    def evolve(self, state: GuildmastersState | None, event: Event) -> GuildmastersState:
        return evolve(state, event)

    def pending(self, state: GuildmastersState) -> tuple[Decision, ...]:
        return pending(state)

    def defaults(
        self, state: GuildmastersState, seats: Sequence[int] | None = None
    ) -> ApplyDefaults:
        return ApplyDefaults(seat=-1, seats=tuple(seats or ()))

    def view(self, state: GuildmastersState, audience: Audience) -> PublicView | SeatView:
        return view(state, audience)

    def is_over(self, state: GuildmastersState) -> bool:
        return state.result is not None

    def stage(self, state: GuildmastersState) -> Stage:
        return stage(state)

    def checkpoint(self, event: Event) -> bool:
        """The end of every turn, of every main phase and of the game is a good snapshot."""
        return isinstance(event, TurnEnded | PhaseEnded | GameEnded)

    def event_view(self, event: Event, audience: Audience) -> Event:
        return event_view(event, audience)


GAME = Guildmasters()
