"""What every game offers the application: decide, evolve, pending decisions and views.

A game is a `GameDefinition`. The application (the bot, the store, the simulators) only ever talks
to a game through this interface, so adding a game never touches another one.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
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


class GameOption(msgspec.Struct, frozen=True):
    """A table option a host may set when creating a game (such as Guild Master's short game).

    `kind` is "bool" or "int"; ints lie in [`low`, `high`]. The bot offers it as a slash-command
    option and passes the chosen value to `create` under `name`.
    """

    name: str
    kind: str
    default: bool | int
    description: str
    low: int = 0
    high: int = 0


# The time bank a game offers live tables by listing it among its `options` (the bot core keeps
# the banks: bot/timebank.py): minutes per player that run down only while the game waits on
# that player; an empty bank gets the player's waits their defaults, as a passed deadline does.
TIME_BANK = GameOption(
    "bank",
    "int",
    0,
    "Time bank per player in minutes, for live games (0: none; when it runs out, defaults apply)",
    low=0,
    high=600,
)


class Stage(msgspec.Struct, frozen=True):
    """Where the game stands, for deadlines and status lines.

    `key` changes whenever a new wait begins (a new round, phase, turn or stage), so a deadline set
    for one wait never fires on the next; `kind` is one of the game's `deadline_kinds` (the
    deadline setting that applies now); `label` names it for people ("Round 3, Order Phase");
    `window`, in minutes, marks a wait short by nature (a reaction out of turn): it ends with
    its default after at most that long, whether the table has deadlines or not (0: no such
    limit). A game may let the host choose it (Guild Ball's `reaction` option, kept in its
    events so that `stage` stays a function of the state).
    """

    key: str
    kind: str
    label: str
    window: int = 0


class Player(Protocol):
    """A built-in player (or a random one, for tests): it moves for some seats."""

    def move(self, state: Any, seats: Collection[int]) -> Any | None:
        """The next command of one of `seats`, or None when none of them has anything to do.
        The command is legal whenever the player is sound; the host falls back on the seat's
        default if it is not."""
        ...


LEVELS = ("easy", "normal", "strong")  # the built-in player strengths a game may offer


class GameDefinition(Protocol):
    """The contract a game implements to be hosted."""

    name: str  # stable: stored with every game; also the `--game` and `/gm create game` value
    title: str  # the display title
    seat_noun: str  # what the rulebook calls a player's seat ("guild"), for messages
    min_players: int
    max_players: int
    options: tuple[GameOption, ...]  # table options offered when a game is created
    deadline_kinds: tuple[str, ...]  # the deadline settings a host may set, one per kind of wait
    # Built-in players by name: "builtin" (fills empty seats) and "random" (random legal moves,
    # for the conformance suite); each takes a seed. A game whose built-in player comes in
    # strengths a host may choose also names them "easy", "normal" (the default for new games)
    # and "strong" (`LEVELS`).
    players: Mapping[str, Callable[[int], Player]]
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

    def stage(self, state: Any) -> Stage:
        """Where the game stands now (for deadlines and status)."""
        ...

    def checkpoint(self, event: Any) -> bool:
        """Is the state after `event` a good snapshot (the end of a round, say)?"""
        ...

    def event_view(self, event: Any, audience: Audience) -> Any | None:
        """`event` as `audience` may know it: the event itself, a copy with the secret parts
        left out, or None when the audience may not even know it happened."""
        ...


def replay(game: GameDefinition, events: Iterable[Any], state: Any = None) -> Any:
    """Fold `events` over `state` (None for a new game) with the game's `evolve`."""
    evolve = game.evolve
    for event in events:
        state = evolve(state, event)
    return state
