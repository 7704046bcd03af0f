"""The hosted games as the bot core meets them: each game's rules and presentation, found by the
game's stored name, and the `Table`s and `Seen`s the core makes for a presentation.

A presentation is the `PRESENTATION` of the `presentation` module of the game's package (the
package comes from the registry, `games.package`), so the core names no game. Everything a
presentation is given is made here, from views and event views of one audience: a state never
leaves this module.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from importlib import import_module
from typing import Any

from bot.presentation import Presentation, Seen, Table
from bot.service import Seat
from bot.store import GameInfo
from engine.core import PUBLIC, GameDefinition, registry
from engine.core.game import Audience, Decision, Stage
from engine.core.game import Seat as SeatAudience


@cache
def presentation(game: str) -> Presentation:
    """The Discord presentation of the game called `game` (KeyError if none is hosted)."""
    from games import package

    return import_module(f"{package(game)}.presentation").PRESENTATION  # type: ignore[no-any-return]


def rules(game: str) -> GameDefinition:
    """The rules of the game called `game`."""
    return registry.get(game)


def games() -> list[GameDefinition]:
    """Every hosted game, by title."""
    return sorted((registry.get(n) for n in registry.names()), key=lambda g: g.title)


def audience_of(seat: int | None) -> Audience:
    return PUBLIC if seat is None else SeatAudience(seat)


def seat_count(info: GameInfo, seats: Sequence[Seat]) -> int:
    """How many seats the game has (a seat row may run past the stored count in a lobby)."""
    return max([info.players, *(s.seat + 1 for s in seats)])


def names_of(info: GameInfo, seats: Sequence[Seat]) -> tuple[str, ...]:
    """The players' display names by seat."""
    by_seat = {s.seat: s.name for s in seats}
    count = seat_count(info, seats)
    return tuple(by_seat.get(i, "") for i in range(count))


def built_in_of(info: GameInfo, seats: Sequence[Seat]) -> tuple[bool, ...]:
    by_seat = {s.seat: s.built_in for s in seats}
    count = seat_count(info, seats)
    return tuple(by_seat.get(i, True) for i in range(count))


@dataclass
class Made:
    """What has been worked out of one state of a game: its views by audience (a seat, None for
    the public), its pending decisions and its stage."""

    state: Any
    views: dict[int | None, Any] = field(default_factory=dict)
    pending: tuple[Decision, ...] | None = None
    stage: Stage | None = None


# What was worked out of the last two states of each game asked about (its newest ones, as a
# rule: the state before an update and the state after it), for the MADE_GAMES games asked
# about last. A click's answer and the notifier's posts of the update it made are made from the
# same views, and the next click's answer from those the notifier made, instead of each making
# them again (a Guild Master guild's view is some 0.2 ms). An answer and the posts of its update
# come within moments of each other, so the bound is small, and not the service's: the older
# of a game's two states is one the service no longer keeps. By the state's identity, which is
# sound because states are immutable; each entry holds its state, so its id cannot be taken by
# another meanwhile. A state reloaded from the store is another object: its views are made again.
MADE_PER_GAME = 2
MADE_GAMES = 256
_made: OrderedDict[int, list[Made]] = OrderedDict()


def made_of(game_id: int, state: Any) -> Made:
    """What has been worked out so far of `state`, a state of the game `game_id` (nothing if it
    is not one of the game's last two states asked about, and from now on it is)."""
    kept = _made.get(game_id)
    if kept is None:
        kept = _made[game_id] = []
    else:
        _made.move_to_end(game_id)
    for made in kept:
        if made.state is state:
            return made
    made = Made(state)
    kept.append(made)
    if len(kept) > MADE_PER_GAME:
        del kept[0]
    while len(_made) > MADE_GAMES:
        _made.popitem(last=False)
    return made


@dataclass
class Moment:
    """One state of a game, as the core knows it, with what every audience's table shares: the
    views are made once per audience and kept (`made_of`), so one update's channel post and
    DMs, the answer to the click that made it, and the next update's "before", do not make
    them twice."""

    rules: GameDefinition
    info: GameInfo
    seats: tuple[Seat, ...]
    state: Any
    paused: bool = False
    _made: Made | None = None

    @property
    def made(self) -> Made:
        if self._made is None:
            self._made = made_of(self.info.id, self.state)
        return self._made

    def view(self, seat: int | None) -> Any:
        views = self.made.views
        if seat not in views:
            views[seat] = self.rules.view(self.state, audience_of(seat))
        return views[seat]

    @property
    def pending(self) -> tuple[Decision, ...]:
        made = self.made
        if made.pending is None:
            made.pending = tuple(self.rules.pending(self.state))
        return made.pending

    @property
    def stage(self) -> Stage:
        made = self.made
        if made.stage is None:
            made.stage = self.rules.stage(self.state)
        return made.stage

    def table(self, seat: int | None, due: datetime | None = None) -> Table:
        """The table of `seat` (None: the public one)."""
        info = self.info
        return Table(
            game_id=info.id,
            game=info.game,
            status=info.status,
            channel_id=info.channel_id,
            names=names_of(info, self.seats),
            built_in=built_in_of(info, self.seats),
            view=self.view(seat),
            stage=self.stage,
            seat=seat,
            decisions=tuple(d for d in self.pending if d.seat == seat) if seat is not None else (),
            due=due,
            paused=self.paused,
        )


@dataclass
class Passage:
    """An update worked out once for all its audiences: the states it passes through (the
    last is `after`'s) and the stage after each event."""

    before: Moment | None
    after: Moment
    events: tuple[Any, ...]
    states: tuple[Any, ...]
    stages: tuple[Stage, ...]

    @classmethod
    def of(cls, before: Moment | None, after: Moment, events: Sequence[Any]) -> Passage:
        rules = after.rules
        states: list[Any] = []
        state = before.state if before is not None else None
        for e in events[:-1]:
            state = rules.evolve(state, e)
            states.append(state)
        if events:
            states.append(after.state)
        stages = tuple(after.stage if s is after.state else rules.stage(s) for s in states)
        return cls(before, after, tuple(events), tuple(states), stages)

    def seen(
        self, seat: int | None, *, by: int | None, replaying: bool, due: datetime | None = None
    ) -> Seen:
        """The update as `seat` (None: the public) may know it: its event views (those it may
        not know of left out), the stage after each, and its views."""
        rules = self.after.rules
        audience = audience_of(seat)
        told: list[tuple[Any, Stage]] = []
        states: list[Any] = []
        for e, state, stage in zip(self.events, self.states, self.stages, strict=True):
            shown = rules.event_view(e, audience)
            if shown is not None:
                told.append((shown, stage))
                states.append(state)
        after = self.after

        def view_at(i: int) -> Any:
            state = states[i]
            return after.view(seat) if state is after.state else rules.view(state, audience)

        return Seen(
            table=after.table(seat, due),
            before=self.before.view(seat) if self.before is not None else None,
            events=tuple(told),
            by=by,
            replaying=replaying,
            view_at=view_at,
        )
