"""What the bot core does for a presentation, done by hand for tests: `Table`s and `Seen`s made
from real states of Founders' Town through `GAME.view` and `GAME.event_view`, a fake `Ask` that
carries commands out on a state it holds, and random games played step by step.

    for step in playout(players=4, seed=1):
        seen = step.seen(PUBLIC)          # the update as the channel sees it
        table = step.table(Seat(2))       # seat 2's table after it
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.presentation import Seen, Table
from bot.render.ids import parse
from bot.render.ui import Button, Message, Select
from engine.core.game import PUBLIC, Audience, Seat
from games.town import GAME
from games.town.rules.commands import Command
from games.town.rules.events import Event
from games.town.rules.state import TRADE1, TRADE2, TownState

GAME_ID = 4242
# Display names that are no card's name nor part of one, so a test can look for card names.
NAMES = ("Ana", "Bo", "Cyrus", "Dana", "Eliza", "Fenwick the Fearless of Far Northmarch")


def audiences(state: TownState) -> list[Audience]:
    return [PUBLIC, *(Seat(s) for s in range(state.players))]


def table(state: TownState, audience: Audience, names: Sequence[str] = NAMES) -> Table:
    """`audience`'s table of `state`, as the core builds it."""
    seat = audience.seat if isinstance(audience, Seat) else None
    decisions = tuple(d for d in GAME.pending(state) if d.seat == seat) if seat is not None else ()
    return Table(
        game_id=GAME_ID,
        game="town",
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

    before: TownState | None
    events: list[Event]
    states: list[TownState]
    by: int | None
    command: Command | None = None

    @property
    def after(self) -> TownState:
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
    before: TownState | None, events: list[Event], by: int | None, command: Any = None
) -> Step:
    states = []
    state = before
    for e in events:
        state = GAME.evolve(state, e)
        states.append(state)
    return Step(before, events, states, by, command)


def new_game(players: int, seed: int) -> Step:
    """The set-up update of a new game."""
    return step(None, GAME.create(players, seed, {}), None)


def playout(players: int, seed: int, defaults_every: int = 0, limit: int = 5000) -> Iterator[Step]:
    """Every update of a game between random players (each also making offers out of turn, as
    the built-in random player does), the set-up first; every `defaults_every` updates, a
    deadline passes instead and the waiting seat's default applies."""
    first = new_game(players, seed)
    yield first
    state = first.after
    bots = [GAME.players["random"](seed * 31 + s) for s in range(players)]
    for n in range(1, limit):
        if GAME.is_over(state):
            return
        if defaults_every and n % defaults_every == 0:
            command = GAME.defaults(state, [GAME.pending(state)[0].seat])
            events, after = GAME.execute(state, command)
            yield step(state, events, None, command)
            state = after
            continue
        command = None
        asked = {d.seat for d in GAME.pending(state)}
        if state.turn.stage in (TRADE1, TRADE2):
            for seat in state.turn.order:
                if seat not in asked:
                    command = bots[seat].move(state, (seat,))
                    if command is not None:
                        break
        if command is None:
            seat = GAME.pending(state)[0].seat
            command = bots[seat].move(state, (seat,))
        events, after = GAME.execute(state, command)
        yield step(state, events, command.seat, command)
        state = after
    raise AssertionError("the game did not end")


@dataclass
class FakeAsk:
    """A player pressing controls: `act` carries commands out on the state it holds."""

    state: TownState
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
            if parse(c.custom_id).action not in skip:  # type: ignore[union-attr]
                parts += [f"{o.label}\n{o.description}" for o in c.options]
    return "\n".join(parts)


def controls(message: Message) -> list[Button | Select]:
    """The message's buttons and selects, in order."""
    return [c for row in message.rows for c in row]


def find(message: Message, action: str, kind: type = object) -> Any:
    """The message's one control of `action` (and of type `kind`: Button or Select)."""
    found = [
        c
        for c in controls(message)
        if parse(c.custom_id).action == action and isinstance(c, kind)  # type: ignore[union-attr]
    ]
    assert len(found) == 1, (action, [c.custom_id for c in controls(message)])
    return found[0]


def arg_of(control: Button | Select) -> str:
    return parse(control.custom_id).arg  # type: ignore[union-attr]


def action_of(control: Button | Select) -> str:
    return parse(control.custom_id).action  # type: ignore[union-attr]
