"""The generic decide context (`engine.core.context`): events applied as they are emitted, and a
random source started lazily from the state's `Rng`."""

import msgspec

from engine.core.context import Context
from engine.core.rng import Dice, Rng, seeded


class Counter(msgspec.Struct, frozen=True):
    total: int
    rng: Rng


class Added(msgspec.Struct, frozen=True):
    amount: int


def evolve(state: Counter, event: Added) -> Counter:
    return msgspec.structs.replace(state, total=state.total + event.amount)


def new(total: int = 0, seed: int = 1) -> Context[Counter, Added]:
    return Context(Counter(total=total, rng=seeded(seed)), evolve, lambda s: s.rng)


def test_emit_applies_each_event_at_once_and_records_it():
    ctx = new()
    ctx.emit(Added(2))
    assert ctx.state.total == 2  # a later rule sees the earlier effect
    ctx.emit(Added(3))
    assert ctx.state.total == 5
    assert ctx.events == [Added(2), Added(3)]


def test_the_state_after_deciding_equals_folding_the_events():
    ctx = new(total=10)
    for n in (1, 2, 3):
        ctx.emit(Added(n))
    folded = Counter(total=10, rng=seeded(1))
    for e in ctx.events:
        folded = evolve(folded, e)
    assert folded == ctx.state


def test_dice_start_from_the_states_rng_and_only_when_used():
    calls = []

    def rng_of(state: Counter) -> Rng:
        calls.append(state)
        return state.rng

    ctx = Context(Counter(total=0, rng=seeded(7)), evolve, rng_of)
    ctx.emit(Added(1))
    assert calls == []  # nothing drawn, nothing read
    rolls = ctx.dice.dice(5)
    assert rolls == Dice(seeded(7)).dice(5)
    assert len(calls) == 1
    ctx.dice.die()
    assert len(calls) == 1  # one source for the whole decision


def test_rng_is_the_position_after_the_draws():
    ctx = new(seed=42)
    ctx.dice.below(10)
    reference = Dice(seeded(42))
    reference.below(10)
    assert ctx.rng == reference.rng
    assert ctx.rng != seeded(42)


def test_the_state_it_started_from_is_left_alone():
    """A rule that refuses after emitting throws the context away: the caller's state is as it
    was."""
    start = Counter(total=1, rng=seeded(1))
    ctx = Context(start, evolve, lambda s: s.rng)
    ctx.emit(Added(1))
    assert start.total == 1 and ctx.state.total == 2
