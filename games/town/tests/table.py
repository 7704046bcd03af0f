"""A small language for rule tests: lay a table out card by card, play commands, check refusals.

    state = table(hands={0: ["trade-route"], 1: ["quarry"]}, towns={0: ["cross-roads"]},
                  stage=BUILD)
    state, events = play(state, Build(seat=0, category="T"))

`table` puts every card somewhere, as in a real game: the cards named go where they are named,
`deck` on top of the deck, and the rest follow in the rulebook's order (or, with `deck_size`,
the deck is cut to that size and the rest lie face down on the last seat's discards).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from engine.core.errors import RuleError
from engine.core.game import PUBLIC, Seat
from engine.core.rng import seeded
from engine.core.turns import Turn
from games.town.rules.cards import load_cards
from games.town.rules.commands import Command
from games.town.rules.events import Event
from games.town.rules.evolve import evolve
from games.town.rules.flow import decide
from games.town.rules.scoring import town_scores
from games.town.rules.setup import create
from games.town.rules.state import DRAW1, TownState
from games.town.rules.views import view

PACK = load_cards()


def table(
    players: int = 3,
    *,
    hands: Mapping[int, Sequence[str]] | None = None,
    towns: Mapping[int, Sequence[str]] | None = None,
    deck: Sequence[str] = (),
    deck_size: int | None = None,
    current: int = 0,
    stage: str = DRAW1,
    turn: int = 1,
    **fields: Any,
) -> TownState:
    """A state at `stage` of turn `turn`, played by `current`, in seat order from seat 0."""
    hands = {s: tuple(c) for s, c in (hands or {}).items()}
    towns = {s: tuple(c) for s, c in (towns or {}).items()}
    placed = [c for cards in (*hands.values(), *towns.values()) for c in cards] + list(deck)
    assert len(placed) == len(set(placed)), "a card is placed twice"
    rest = [c for c in PACK.order if c not in set(placed)]
    full = (*deck, *rest)
    size = len(full) if deck_size is None else deck_size
    discards = [()] * players
    discards[players - 1] = full[size:]
    town_rows = tuple(towns.get(s, ()) for s in range(players))
    return TownState(
        players=players,
        turn=Turn(order=tuple(range(players)), number=turn, seat=current, stage=stage),
        deck=full[:size],
        hands=tuple(hands.get(s, ()) for s in range(players)),
        towns=town_rows,
        discards=tuple(discards),
        scores=tuple(town_scores(PACK, t) for t in town_rows),
        rng=seeded(0),
        **fields,
    )


def new_game(players: int = 4, seed: int = 1) -> tuple[TownState, list[Event]]:
    """A new game after its set-up."""
    events = create(players, seed, {})
    state: TownState | None = None
    for e in events:
        state = evolve(state, e)
    assert state is not None
    return state, events


def play(state: TownState, *commands: Command) -> tuple[TownState, list[Event]]:
    """Decide and apply each command in turn; a refused command raises its RuleError."""
    log: list[Event] = []
    for command in commands:
        events = decide(state, command)
        for e in events:
            state = evolve(state, e)
        log += events
    return state, log


def assert_refused(state: TownState, command: Command, code: str, *hints: str) -> RuleError:
    """`command` is refused with `code`, its message says what to do (it contains every hint),
    and the state is left exactly as it was."""
    before = msgspec.json.encode(state)
    try:
        decide(state, command)
    except RuleError as exc:
        error = exc
    else:
        raise AssertionError(f"{command!r} was accepted")
    assert error.code == code, (error.code, error.message)
    assert error.message.strip(), "a refusal must tell the player what to do"
    for hint in hints:
        assert hint.lower() in error.message.lower(), (hint, error.message)
    assert msgspec.json.encode(state) == before, "a refused command changed the state"
    return error


def public(state: TownState) -> dict[str, Any]:
    """The public view as plain data, as JSON gives it."""
    return msgspec.json.decode(msgspec.json.encode(view(state, PUBLIC)))


def seat_view(state: TownState, seat: int) -> dict[str, Any]:
    """Seat `seat`'s view as plain data, as JSON gives it."""
    return msgspec.json.decode(msgspec.json.encode(view(state, Seat(seat))))


def by_type(events: Sequence[Event], cls: type) -> list[Any]:
    return [e for e in events if isinstance(e, cls)]
