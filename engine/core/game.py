"""What every game offers the application: decide, evolve, pending decisions and views.

A game is a `GameDefinition`. The application (the bot, the store, the simulators) only ever talks
to a game through this interface, so adding a game never touches another one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol

import msgspec


class Public(msgspec.Struct, frozen=True):
    """The audience that may see only public information (the channel, spectators)."""


class Seat(msgspec.Struct, frozen=True):
    """The audience of one seat: public information plus that seat's own secrets."""

    seat: int


Audience = Public | Seat

PUBLIC = Public()


class Decision(msgspec.Struct, frozen=True):
    """Someone the game waits for.

    `kind` names the decision (stable, used by adapters to pick a control). `options` lists every
    legal answer as a ready-made command when there are few of them; decisions with too many
    answers to list (such as a whole set of orders) leave it empty and describe their bounds in
    `context`. `default` is the command applied when the seat does not answer in time; it is
    documented and never random.
    """

    seat: int
    kind: str
    prompt: str
    default: Any
    options: tuple[Any, ...] = ()
    context: Mapping[str, Any] = msgspec.field(default_factory=dict)


class GameDefinition(Protocol):
    """The contract a game implements to be hosted."""

    name: str
    title: str
    min_players: int
    max_players: int
    event_types: tuple[type, ...]
    command_types: tuple[type, ...]
    state_type: type
    state_version: int  # bumped when the state's shape changes: older snapshots are ignored
    upcasters: Mapping[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]]

    def create(self, players: int, seed: int, options: Mapping[str, Any]) -> list[Any]:
        """The events that set up a new game (every shuffle recorded)."""
        ...

    def decide(self, state: Any, command: Any) -> list[Any]:
        """Validate `command` against `state` and return the events it causes.

        Raises `RuleError` when the command breaks a rule; the state is then unchanged.
        """
        ...

    def execute(self, state: Any, command: Any) -> tuple[list[Any], Any]:
        """`decide`, and the state its events lead to: equal to folding them with `evolve`, but
        without applying them a second time."""
        ...

    def evolve(self, state: Any, event: Any) -> Any:
        """Apply one event. Never validates, never draws a random number."""
        ...

    def pending(self, state: Any) -> tuple[Decision, ...]:
        """Whom the game waits for, to decide what, and what happens by default."""
        ...

    def defaults(self, state: Any, seats: Sequence[int] | None = None) -> Any:
        """The command that answers every pending decision (of `seats`) with its default."""
        ...

    def view(self, state: Any, audience: Audience) -> Any:
        """What `audience` may see of `state`."""
        ...

    def is_over(self, state: Any) -> bool: ...


def replay(game: GameDefinition, events: Iterable[Any], state: Any = None) -> Any:
    """Fold `events` over `state` (None for a new game) with the game's `evolve`."""
    evolve = game.evolve
    for event in events:
        state = evolve(state, event)
    return state
