"""What the bot core does for a presentation, done by hand: the kit of a game's presentation
tests. `Table`s and `Seen`s are made from real states of any game through its `view` and
`event_view`, exactly as the core makes them; `FakeAsk` is a player pressing controls on a state
it holds; the message helpers read what a message shows and find its controls.

    kit = Kit(GAME, names=("Ana", "Bo", "Cyrus"))
    first = kit.new_game(players=3, seed=1)
    seen = first.seen(PUBLIC)         # the set-up as the channel sees it
    table = kit.table(first.after, Seat(2))

A game's `presentation/tests/tables.py` names its kit and unpacks the helpers its tests import
(`Kit.helpers`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from bot.presentation import Seen, Table
from bot.render.ids import parse
from bot.render.ui import Button, Message, Select
from engine.core.definition import Seated
from engine.core.game import PUBLIC, Audience, Seat

GAME_ID = 4242


@dataclass(frozen=True)
class Kit:
    """Tables and updates of one game, with the display names of its seats."""

    game: Seated
    names: Sequence[str]
    game_id: int = GAME_ID

    def table(self, state: Any, audience: Audience, names: Sequence[str] | None = None) -> Table:
        """`audience`'s table of `state`, as the core builds it."""
        game = self.game
        seat = audience.seat if isinstance(audience, Seat) else None
        decisions = (
            tuple(d for d in game.pending(state) if d.seat == seat) if seat is not None else ()
        )
        players = game.seats(state)
        return Table(
            game_id=self.game_id,
            game=game.name,
            status="ended" if game.is_over(state) else "running",
            channel_id=1,
            names=tuple((names or self.names)[:players]),
            built_in=(False,) * players,
            view=game.view(state, audience),
            stage=game.stage(state),
            seat=seat,
            decisions=decisions,
        )

    def step(self, before: Any, events: list[Any], by: int | None, command: Any = None) -> Step:
        """The update of `events` applied to `before`."""
        states = []
        state = before
        for e in events:
            state = self.game.evolve(state, e)
            states.append(state)
        return Step(self, before, events, states, by, command)

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> Step:
        """The set-up update of a new game."""
        return self.step(None, self.game.create(players, seed, dict(options or {})), None)

    def playout(
        self,
        players: int,
        seed: int,
        options: Mapping[str, Any] | None = None,
        kind: str = "builtin",
        defaults_every: int = 0,
        limit: int = 20000,
        *,
        choose: Callable[[Any, Sequence[Any]], Any] | None = None,
    ) -> Iterator[Step]:
        """Every update of a game between the game's players of `kind` ("builtin" or "random"),
        the set-up first, the first waiting seat answering each time (or the command
        `choose(state, players)` gives); every `defaults_every` updates a deadline passes
        instead and the first waiting seat's default applies."""
        game = self.game
        first = self.new_game(players, seed, options)
        yield first
        state = first.after
        bots = [game.players[kind](seed * 31 + s) for s in range(players)]
        for n in range(1, limit):
            if game.is_over(state):
                return
            pending = game.pending(state)
            if defaults_every and n % defaults_every == 0:
                command: Any = game.defaults(state, [pending[0].seat])
                events, after = game.execute(state, command)
                yield self.step(state, events, None, command)
                state = after
                continue
            if choose is not None:
                command = choose(state, bots)
            else:
                seat = pending[0].seat
                command = bots[seat].move(state, (seat,))
            events, after = game.execute(state, command)
            yield self.step(state, events, command.seat, command)
            state = after
        raise AssertionError("the game did not end")

    def ask(self, state: Any, seat: int | None, **fields: Any) -> FakeAsk:
        """A player of `seat` (None: a watcher) pressing controls on `state`."""
        return FakeAsk(self, state, seat, **fields)

    def helpers(self) -> Helpers:
        """What a game's presentation tests import from its `tables` module, bound to this kit:
        `GAME_ID, table, step, new_game, playout, FakeAsk = KIT.helpers()`."""
        kit = self

        class BoundAsk(FakeAsk):
            """A player pressing controls on a state of this kit's game: `FakeAsk(state,
            seat, **fields)`."""

            def __init__(self, state: Any, seat: int | None, **fields: Any) -> None:
                super().__init__(kit, state, seat, **fields)

        BoundAsk.__name__ = BoundAsk.__qualname__ = "FakeAsk"
        return Helpers(self.game_id, self.table, self.step, self.new_game, self.playout, BoundAsk)


class Helpers(NamedTuple):
    """A kit's helpers, as a game's `tables` module names them (`Kit.helpers`)."""

    game_id: int
    table: Callable[..., Table]
    step: Callable[..., Step]
    new_game: Callable[..., Step]
    playout: Callable[..., Iterator[Step]]
    fake_ask: type[FakeAsk]


@dataclass
class Step:
    """One update: the state before it (None for the set-up), its events, the states after
    each event, and whose command it was."""

    kit: Kit
    before: Any
    events: list[Any]
    states: list[Any]
    by: int | None
    command: Any = None

    @property
    def after(self) -> Any:
        return self.states[-1]

    def table(self, audience: Audience) -> Table:
        return self.kit.table(self.after, audience)

    def seen(self, audience: Audience) -> Seen:
        """The update as `audience` may know it."""
        game = self.kit.game
        states = self.states
        return Seen(
            table=self.kit.table(self.after, audience),
            before=game.view(self.before, audience) if self.before is not None else None,
            events=tuple(
                (game.event_view(e, audience), game.stage(s))
                for e, s in zip(self.events, states, strict=True)
            ),
            by=self.by,
            replaying=False,
            view_at=lambda i: game.view(states[i], audience),
        )


@dataclass
class FakeAsk:
    """A player pressing controls: `act` carries commands out on the state it holds."""

    kit: Kit
    state: Any
    seat: int | None
    name: str = "Ana"
    user_id: int = 1
    game_id: int = GAME_ID
    pictures: bool = False
    acted: list[Any] = field(default_factory=list)
    events: list[Any] = field(default_factory=list)

    async def table(self) -> Table:
        return self.kit.table(self.state, Seat(self.seat) if self.seat is not None else PUBLIC)

    async def public(self) -> Table:
        return self.kit.table(self.state, PUBLIC)

    async def act(self, command: Any) -> Table:
        events, after = self.kit.game.execute(self.state, command)  # a refusal changes nothing
        self.acted.append(command)
        self.events += events
        self.state = after
        return await self.table()


def texts(message: Message, *, skip: Sequence[str] = ()) -> str:
    """Every text a message shows (content, embeds, labels, options, placeholders), except the
    options of selects whose action is in `skip`."""
    parts = [message.content]
    for e in message.embeds:
        parts += [e.title, e.description, e.footer]
        parts += [f"{f.name}\n{f.value}" for f in e.fields]
    for row in message.rows:
        for c in row:
            if isinstance(c, Button):
                parts.append(c.label)
                continue
            parts.append(c.placeholder)
            if action_of(c) not in skip:
                parts += [f"{o.label}\n{o.description}" for o in c.options]
    return "\n".join(parts)


def controls(message: Message) -> list[Button | Select]:
    """The message's buttons and selects, in order."""
    return [c for row in message.rows for c in row]


def find(message: Message, action: str, kind: type = object) -> Any:
    """The message's one control of `action` (and of type `kind`: Button or Select)."""
    found = [c for c in controls(message) if action_of(c) == action and isinstance(c, kind)]
    assert len(found) == 1, (action, [c.custom_id for c in controls(message)])
    return found[0]


def has(message: Message, action: str) -> bool:
    """Does the message carry a control of `action`?"""
    return any(action_of(c) == action for c in controls(message))


def arg_of(control: Button | Select) -> str:
    """The argument in a control's custom id."""
    return parse(control.custom_id).arg  # type: ignore[union-attr]


def action_of(control: Button | Select) -> str:
    """The action in a control's custom id."""
    return parse(control.custom_id).action  # type: ignore[union-attr]
