"""Smiths of Winterforge as a hosted game: the `GameDefinition` the application talks to."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.core.game import Audience, Decision, GameOption, Player, Stage
from games.winterforge.players import BuiltinPlayer, RandomPlayer
from games.winterforge.rules.commands import COMMAND_TYPES, ApplyDefaults, Command
from games.winterforge.rules.events import EVENT_TYPES, Event, GameEnded, TurnEnded
from games.winterforge.rules.evolve import evolve
from games.winterforge.rules.flow import decide, execute, stage
from games.winterforge.rules.pending import KINDS, pending
from games.winterforge.rules.secrets import event_view
from games.winterforge.rules.setup import ALLEYWAY_OPTIONS, MAX_PLAYERS, MIN_PLAYERS, create
from games.winterforge.rules.state import WinterforgeState
from games.winterforge.rules.views import PublicView, SeatView, view

_ALLEYWAY_TEXT = {
    "shrine": "Alleyway: the Shrine of Thommag (Faith tokens, 3 and 2 RP for the most Faith)",
    "auction_house": "Alleyway: the Auction House (Hold completed Contracts, sell them on a d12)",
    "thieves_guild": "Alleyway: the Thieves' Guild (steal a Component; Bodyguard Crew)",
    "runesmith": "Alleyway: the Runesmith (Rune cards that help a forge)",
}


class SmithsOfWinterforge:
    """Smiths of Winterforge: guilds of smiths take Contracts, buy Components and forge them for
    Reputation; 2–5 players, Lords of Winterforge for 6, and a solo game."""

    name = "winterforge"
    title = "Smiths of Winterforge"
    seat_noun = "guild"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options: tuple[GameOption, ...] = tuple(
        GameOption(name=name, kind="bool", default=False, description=_ALLEYWAY_TEXT[name])
        for name in ALLEYWAY_OPTIONS
    )
    deadline_kinds: tuple[str, ...] = KINDS
    players: Mapping[str, Callable[[int], Player]] = {
        "builtin": BuiltinPlayer,
        "random": RandomPlayer,
    }
    event_types: tuple[type, ...] = EVENT_TYPES
    command_types: tuple[type, ...] = COMMAND_TYPES
    upcasters: Mapping[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = {}
    state_type = WinterforgeState
    state_version = 1

    def create(self, players: int, seed: int, options: Mapping[str, Any]) -> list[Event]:
        return create(players, seed, options)

    def decide(self, state: WinterforgeState, command: Command) -> list[Event]:
        return decide(state, command)

    def execute(
        self, state: WinterforgeState, command: Command
    ) -> tuple[list[Event], WinterforgeState]:
        return execute(state, command)

    def evolve(self, state: WinterforgeState | None, event: Event) -> WinterforgeState:
        return evolve(state, event)

    def pending(self, state: WinterforgeState) -> tuple[Decision, ...]:
        return pending(state)

    def defaults(
        self, state: WinterforgeState, seats: Sequence[int] | None = None
    ) -> ApplyDefaults:
        return ApplyDefaults(seat=-1, seats=tuple(seats or ()))

    def view(self, state: WinterforgeState, audience: Audience) -> PublicView | SeatView:
        return view(state, audience)

    def is_over(self, state: WinterforgeState) -> bool:
        return state.result is not None

    def stage(self, state: WinterforgeState) -> Stage:
        return stage(state)

    def checkpoint(self, event: Event) -> bool:
        """The end of every turn (and of the game) is a good snapshot."""
        return isinstance(event, TurnEnded | GameEnded)

    def event_view(self, event: Event, audience: Audience) -> Event:
        return event_view(event, audience)


GAME = SmithsOfWinterforge()
