"""What the bot core does for a presentation, done by hand for tests: `Table`s and `Seen`s made
from real states of Smiths of Winterforge through `GAME.view` and `GAME.event_view`, a fake
`Ask` that carries commands out on a state it holds, and games played step by step by built-in
or random players.

    for step in playout(players=3, seed=1):
        seen = step.seen(PUBLIC)          # the update as the channel sees it
        table = step.table(Seat(2))       # seat 2's table after it
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.presentation import Seen, Table
from bot.render.ids import parse
from bot.render.ui import Button, Message, Select
from engine.core.game import PUBLIC, Audience, Seat
from games.winterforge import GAME
from games.winterforge.rules.commands import Command
from games.winterforge.rules.events import Event
from games.winterforge.rules.state import WinterforgeState

GAME_ID = 4242
# Display names that are no card's name nor part of one, so a test can look for card names.
NAMES = ("Ana", "Bo", "Cyrus", "Dana", "Eliza", "Fenwick the Fearless of Far Northmarch")


def table(state: WinterforgeState, audience: Audience, names: Sequence[str] = NAMES) -> Table:
    """`audience`'s table of `state`, as the core builds it."""
    seat = audience.seat if isinstance(audience, Seat) else None
    decisions = tuple(d for d in GAME.pending(state) if d.seat == seat) if seat is not None else ()
    return Table(
        game_id=GAME_ID,
        game="winterforge",
        status="ended" if GAME.is_over(state) else "running",
        channel_id=1,
        names=tuple(names[: state.players]),
        built_in=(False,) * state.players,
        view=GAME.view(state, audience),
        stage=GAME.stage(state),
        seat=seat,
        decisions=decisions,
    )


@dataclass
class Step:
    """One update: the state before it (None for the set-up), its events, the states after
    each event, and whose command it was."""

    before: WinterforgeState | None
    events: list[Event]
    states: list[WinterforgeState]
    by: int | None
    command: Command | None = None

    @property
    def after(self) -> WinterforgeState:
        return self.states[-1]

    def table(self, audience: Audience) -> Table:
        return table(self.after, audience)

    def seen(self, audience: Audience) -> Seen:
        """The update as `audience` may know it."""
        states = self.states
        return Seen(
            table=table(self.after, audience),
            before=GAME.view(self.before, audience) if self.before is not None else None,
            events=tuple(
                (GAME.event_view(e, audience), GAME.stage(s))
                for e, s in zip(self.events, states, strict=True)
            ),
            by=self.by,
            replaying=False,
            view_at=lambda i: GAME.view(states[i], audience),
        )


def step(
    before: WinterforgeState | None, events: list[Event], by: int | None, command: Any = None
) -> Step:
    states = []
    state = before
    for e in events:
        state = GAME.evolve(state, e)
        states.append(state)
    return Step(before, events, states, by, command)  # type: ignore[arg-type]


def new_game(players: int, seed: int, options: Mapping[str, Any] | None = None) -> Step:
    """The set-up update of a new game."""
    return step(None, GAME.create(players, seed, dict(options or {})), None)


def playout(
    players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    kind: str = "builtin",
    defaults_every: int = 0,
    limit: int = 20000,
) -> Iterator[Step]:
    """Every update of a game between built-in (or random) players, the set-up first; every
    `defaults_every` updates, a deadline passes instead and the waiting seat's default applies."""
    first = new_game(players, seed, options)
    yield first
    state = first.after
    bots = [GAME.players[kind](seed * 31 + s) for s in range(players)]
    for n in range(1, limit):
        if GAME.is_over(state):
            return
        pending = GAME.pending(state)
        if defaults_every and n % defaults_every == 0:
            command: Any = GAME.defaults(state, [pending[0].seat])
            events, after = GAME.execute(state, command)
            yield step(state, events, None, command)
            state = after
            continue
        seat = pending[0].seat
        command = bots[seat].move(state, (seat,))
        events, after = GAME.execute(state, command)
        yield step(state, events, command.seat, command)
        state = after
    raise AssertionError("the game did not end")


@dataclass
class FakeAsk:
    """A player pressing controls: `act` carries commands out on the state it holds."""

    state: WinterforgeState
    seat: int | None
    name: str = "Ana"
    user_id: int = 1
    game_id: int = GAME_ID
    pictures: bool = False
    acted: list[Command] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)

    async def table(self) -> Table:
        return table(self.state, Seat(self.seat) if self.seat is not None else PUBLIC)

    async def public(self) -> Table:
        return table(self.state, PUBLIC)

    async def act(self, command: Command) -> Table:
        events, after = GAME.execute(self.state, command)  # a RuleError leaves it as it was
        self.acted.append(command)
        self.events += events
        self.state = after
        return await self.table()


def texts(message: Message) -> str:
    """Every text a message shows (content, embeds, labels, options, placeholders)."""
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
            parts += [f"{o.label}\n{o.description}" for o in c.options]
    return "\n".join(parts)


def controls(message: Message) -> list[Button | Select]:
    """The message's buttons and selects, in order."""
    return [c for row in message.rows for c in row]


def find(message: Message, action: str) -> Any:
    """The message's one control of `action`."""
    found = [c for c in controls(message) if action_of(c) == action]
    assert len(found) == 1, (action, [c.custom_id for c in controls(message)])
    return found[0]


def has(message: Message, action: str) -> bool:
    return any(action_of(c) == action for c in controls(message))


def arg_of(control: Button | Select) -> str:
    return parse(control.custom_id).arg  # type: ignore[union-attr]


def action_of(control: Button | Select) -> str:
    return parse(control.custom_id).action  # type: ignore[union-attr]
