"""Founders' Town as a hosted game: the `GameDefinition` the application talks to."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.core.game import Audience, Decision, GameOption, Player, Stage
from games.town.players import BuiltinPlayer, RandomPlayer
from games.town.rules.commands import COMMAND_TYPES, ApplyDefaults, Command
from games.town.rules.events import EVENT_TYPES, Event, GameEnded, TurnEnded
from games.town.rules.evolve import evolve
from games.town.rules.flow import decide, execute, stage
from games.town.rules.pending import pending
from games.town.rules.secrets import event_view
from games.town.rules.setup import MAX_PLAYERS, MIN_PLAYERS, create
from games.town.rules.state import TownState
from games.town.rules.upcasters import UPCASTERS
from games.town.rules.views import PublicView, SeatView, view


class FoundersTown:
    """Founders' Town: a card game of building a medieval town, 2–6 players, one deck of 113
    location cards; the highest score in the most of 10 categories wins."""

    name = "town"
    title = "Founders' Town"
    seat_noun = "player"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options: tuple[GameOption, ...] = ()
    deadline_kinds: tuple[str, ...] = ("draw", "trade", "discard", "build", "offer")
    players: Mapping[str, Callable[[int], Player]] = {
        "builtin": BuiltinPlayer,
        "random": RandomPlayer,
    }
    event_types: tuple[type, ...] = EVENT_TYPES
    command_types: tuple[type, ...] = COMMAND_TYPES
    upcasters = UPCASTERS
    state_type = TownState
    state_version = 1

    def create(self, players: int, seed: int, options: Mapping[str, Any]) -> list[Event]:
        return create(players, seed, options)

    def decide(self, state: TownState, command: Command) -> list[Event]:
        return decide(state, command)

    def execute(self, state: TownState, command: Command) -> tuple[list[Event], TownState]:
        return execute(state, command)

    def evolve(self, state: TownState | None, event: Event) -> TownState:
        return evolve(state, event)

    def pending(self, state: TownState) -> tuple[Decision, ...]:
        return pending(state)

    def defaults(self, state: TownState, seats: Sequence[int] | None = None) -> ApplyDefaults:
        return ApplyDefaults(seat=-1, seats=tuple(seats or ()))

    def view(self, state: TownState, audience: Audience) -> PublicView | SeatView:
        return view(state, audience)

    def is_over(self, state: TownState) -> bool:
        return state.result is not None

    def stage(self, state: TownState) -> Stage:
        return stage(state)

    def checkpoint(self, event: Event) -> bool:
        """The end of every turn (and of the game) is a good snapshot."""
        return isinstance(event, TurnEnded | GameEnded)

    def event_view(self, event: Event, audience: Audience) -> Event:
        return event_view(event, audience)


GAME = FoundersTown()
