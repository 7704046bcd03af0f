"""The shared body of a game's `GameDefinition`: its verbs are its rules' functions.

Every game's rules hold a function for each verb of the contract (`create`, `decide`,
`execute`, `evolve`, `pending`, `view`, `event_view`, `stage`), in whichever of its modules
suits it. A game's definition is then a `Definition` subclass that states only what is its own:
its names, player counts, options, deadline kinds, players, types, upcasters and state version,
the modules its verbs live in, the events after which a snapshot is worth keeping, the command
that applies defaults, and any verb it answers differently (a method of the same name).

    class FoundersTown(Definition):
        name = "town"
        ...
        rules = (setup, flow, evolve, pending, secrets, views)
        checkpoints = (TurnEnded, GameEnded)
        defaults_command = ApplyDefaults
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType, ModuleType
from typing import Any, Protocol

from engine.core.game import Audience, Decision, GameDefinition, GameOption, Player, Stage

# The verbs of `GameDefinition` that are the rules' functions of the same names.
VERBS = ("create", "decide", "execute", "evolve", "pending", "view", "event_view", "stage")


class Seated(GameDefinition, Protocol):
    """A game that can tell how many seats a state has (the players it was created with)."""

    def seats(self, state: Any) -> int: ...


class Definition:
    """A `GameDefinition` (and `Seated`) whose verbs are bound to its rules' functions.

    Each verb of `VERBS` that the subclass does not define itself is the function of that name
    defined in one of `rules`, bound as it is: calling `GAME.evolve` calls the rules' `evolve`
    directly, with no delegating method between.
    """

    name: str
    title: str
    seat_noun: str
    min_players: int
    max_players: int
    options: tuple[GameOption, ...] = ()
    deadline_kinds: tuple[str, ...]
    players: Mapping[str, Callable[[int], Player]]
    event_types: tuple[type, ...]
    command_types: tuple[type, ...]
    state_type: type
    state_version: int = 1
    upcasters: Mapping[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = (
        MappingProxyType({})
    )
    rules: tuple[ModuleType, ...]  # the rules' modules that define the verbs
    checkpoints: tuple[type, ...]  # events after which the state is a good snapshot
    # The command that answers pending decisions with their defaults: `(seat=-1, seats=...)`.
    defaults_command: Callable[..., Any]

    create: Callable[[int, int, Mapping[str, Any]], list[Any]]
    decide: Callable[[Any, Any], list[Any]]
    execute: Callable[[Any, Any], tuple[list[Any], Any]]
    evolve: Callable[[Any, Any], Any]
    pending: Callable[[Any], tuple[Decision, ...]]
    view: Callable[[Any, Audience], Any]
    event_view: Callable[[Any, Audience], Any | None]
    stage: Callable[[Any], Stage]

    def __init__(self) -> None:
        cls = type(self)
        for verb in VERBS:
            if not hasattr(cls, verb):
                setattr(self, verb, _defined(verb, cls.rules, cls.__name__))

    def defaults(self, state: Any, seats: Sequence[int] | None = None) -> Any:
        """The command that answers every pending decision (of `seats`) with its default."""
        return self.defaults_command(seat=-1, seats=tuple(seats or ()))

    def is_over(self, state: Any) -> bool:
        """Has the game ended? (Its state holds a result once it has.)"""
        return state.result is not None

    def checkpoint(self, event: Any) -> bool:
        """Is the state after `event` a good snapshot (one of the game's `checkpoints`)?"""
        return isinstance(event, self.checkpoints)

    def seats(self, state: Any) -> int:
        """How many seats `state` has: the number of players the game was created with."""
        return int(state.players)


def _defined(verb: str, modules: tuple[ModuleType, ...], game: str) -> Callable[..., Any]:
    """The function called `verb` defined in one of `modules` (not merely imported there)."""
    found = [
        fn
        for module in modules
        if callable(fn := getattr(module, verb, None)) and fn.__module__ == module.__name__
    ]
    if len(found) != 1:
        where = ", ".join(m.__name__ for m in modules)
        raise TypeError(f"{game}: {len(found)} functions `{verb}` defined in {where}; need one")
    return found[0]
