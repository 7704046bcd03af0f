"""The working context of one `decide` call: the state as it evolves, the events so far, and the
random source. Rules call `ctx.emit(event)`; the event is applied at once so later rules see it."""

from __future__ import annotations

from engine.core.rng import Dice, Rng
from games.guild_master.rules.content import Pack, load_pack
from games.guild_master.rules.events import Event
from games.guild_master.rules.evolve import evolve
from games.guild_master.rules.state import ActionStep, GameState


class Pause(Exception):
    """Resolution stops here until someone answers a pending decision."""


class Ctx:
    __slots__ = ("_dice", "events", "pack", "state")

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.events: list[Event] = []
        self.pack: Pack = load_pack(state.pack)
        self._dice: Dice | None = None

    def emit(self, event: Event) -> None:
        self.state = evolve(self.state, event)
        self.events.append(event)

    @property
    def dice(self) -> Dice:
        """The random source; record `ctx.rng` in the event that uses what you draw."""
        if self._dice is None:
            self._dice = Dice(self.state.rng)
        return self._dice

    @property
    def rng(self) -> Rng:
        return self.dice.rng

    @property
    def action(self) -> ActionStep:
        step = self.state.step
        assert isinstance(step, ActionStep)
        return step
