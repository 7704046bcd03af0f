"""Set Up: "Shuffle the Deck thoroughly. Each player is dealt 5 cards. Determine player turn order
by any convenient method."

The shuffle and the first player are drawn from the game's seed and recorded in `GameCreated`
(the deck, top first, and the random source after it); the turn order is the seat order starting
from that first player. Each seat is then dealt the next five cards from the top.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.errors import RuleError
from engine.core.rng import Dice, seeded
from games.town.rules.cards import load_cards
from games.town.rules.context import new_context
from games.town.rules.events import CardsDealt, Event, GameCreated
from games.town.rules.evolve import evolve
from games.town.rules.flow import advance
from games.town.rules.state import TownState

MIN_PLAYERS = 2
MAX_PLAYERS = 6
DEALT = 5


def create(players: int, seed: int, options: Mapping[str, Any]) -> list[Event]:
    """The events of a new game, up to the first decision: the set-up, then the first player's
    First Draw passes by itself (a hand of 5 cannot draw)."""
    events = setup_events(players, seed, options)
    state: TownState | None = None
    for event in events:
        state = evolve(state, event)
    assert state is not None
    ctx = new_context(state)
    advance(ctx)
    return events + ctx.events


def setup_events(players: int, seed: int, options: Mapping[str, Any]) -> list[Event]:
    """The shuffle, the turn order and the deal of a new game."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RuleError(
            "players",
            f"Founders' Town is played by {MIN_PLAYERS} to {MAX_PLAYERS} players.",
            players=players,
        )
    if options:
        raise RuleError(
            "option",
            f"Founders' Town has no table options (got {', '.join(sorted(options))}).",
        )
    pack = load_cards()
    dice = Dice(seeded(seed))
    deck = dice.shuffled(pack.order)
    first = dice.below(players)
    order = tuple((first + i) % players for i in range(players))
    events: list[Event] = [
        GameCreated(players=players, order=order, deck=deck, deck_size=len(deck), rng=dice.rng)
    ]
    for i, seat in enumerate(order):
        hand = deck[i * DEALT : (i + 1) * DEALT]
        events.append(CardsDealt(seat=seat, cards=hand, count=len(hand)))
    return events
