"""Guild Ball's Introductory game as a hosted game: the `GameDefinition` the application talks
to."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.core.game import Audience, Decision, GameOption, Player, Stage
from games.guild_ball.players import BuiltinPlayer, RandomPlayer
from games.guild_ball.rules.commands import COMMAND_TYPES, ApplyDefaults, Command
from games.guild_ball.rules.events import EVENT_TYPES, Event, GameEnded, TurnEnded
from games.guild_ball.rules.evolve import evolve
from games.guild_ball.rules.flow import decide, execute, stage
from games.guild_ball.rules.pending import KINDS, pending
from games.guild_ball.rules.setup import PLAYERS, create
from games.guild_ball.rules.state import GuildBallState
from games.guild_ball.rules.views import PublicView, SeatView, event_view, view


class GuildBall:
    """Guild Ball, the Introductory game: two teams of a Captain and two Squaddies on a 2'×2'
    pitch; the first to 6 VP wins."""

    name = "guild-ball"
    title = "Guild Ball"
    seat_noun = "team"
    min_players = PLAYERS
    max_players = PLAYERS
    options: tuple[GameOption, ...] = (
        GameOption(
            "size",
            "int",
            0,
            "Game size: 0 Introductory (6 VP, 2'x2'), 1 Quick (8 VP, 3'x3'), 2 Typical (12 VP)",
            low=0,
            high=2,
        ),
        GameOption(
            "terrain",
            "int",
            0,
            "Terrain (3'x3' only): 0 none, 1 Market Square, 2 Chapel Green, 3 Tannery Yard, "
            "4 Frozen Canal",
            low=0,
            high=4,
        ),
    )
    deadline_kinds: tuple[str, ...] = KINDS
    players: Mapping[str, Callable[[int], Player]] = {
        "builtin": BuiltinPlayer,
        "random": RandomPlayer,
    }
    event_types: tuple[type, ...] = EVENT_TYPES
    command_types: tuple[type, ...] = COMMAND_TYPES
    upcasters: Mapping[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = {}
    state_type = GuildBallState
    state_version = 1

    def create(self, players: int, seed: int, options: Mapping[str, Any]) -> list[Event]:
        return create(players, seed, options)

    def decide(self, state: GuildBallState, command: Command) -> list[Event]:
        return decide(state, command)

    def execute(
        self, state: GuildBallState, command: Command
    ) -> tuple[list[Event], GuildBallState]:
        return execute(state, command)

    def evolve(self, state: GuildBallState | None, event: Event) -> GuildBallState:
        return evolve(state, event)

    def pending(self, state: GuildBallState) -> tuple[Decision, ...]:
        return pending(state)

    def defaults(self, state: GuildBallState, seats: Sequence[int] | None = None) -> ApplyDefaults:
        return ApplyDefaults(seat=-1, seats=tuple(seats or ()))

    def view(self, state: GuildBallState, audience: Audience) -> PublicView | SeatView:
        return view(state, audience)

    def is_over(self, state: GuildBallState) -> bool:
        return state.result is not None

    def stage(self, state: GuildBallState) -> Stage:
        return stage(state)

    def checkpoint(self, event: Event) -> bool:
        """The end of every turn and of the game is a good snapshot."""
        return isinstance(event, TurnEnded | GameEnded)

    def event_view(self, event: Event, audience: Audience) -> Event:
        return event_view(event, audience)


GAME = GuildBall()
