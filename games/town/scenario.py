"""Founders' Town's scenarios: a table laid out card by card, the commands of each seat, and what
must come of them. The format is documented in `docs/scenarios.md` ("Founders' Town scenarios");
the rulebook's worked examples are scenarios in `games/town/scenarios/`.

The runner is the engine's (`engine.scenario`); this module is what it needs of Founders' Town
(the `ScenarioSupport` protocol): `arrange` lays the table out from a scenario's fields, as the
rule tests' `table` does — each seat's hand, town and discards, the deck's top cards, the turn
order, whose turn and which stage — `finish` checks that every card of the pack is still in
exactly one place, and `SEAT_FIELDS` are where a player's name may stand for its seat.

Nothing is random: the cards not named follow the named top of the deck in the rulebook's order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine.core.rng import seeded
from engine.core.turns import Turn
from engine.scenario import ScenarioError, integer, strings, tables, text
from games.town.rules.cards import Pack, load_cards
from games.town.rules.context import new_context
from games.town.rules.flow import advance
from games.town.rules.scoring import town_scores
from games.town.rules.setup import MAX_PLAYERS, MIN_PLAYERS
from games.town.rules.state import STAGES, TownState

__all__ = ["SEAT_FIELDS", "arrange", "finish"]

# Seat-valued fields of commands (`seat`, `to`), events (`by`, `taker`, `next_seat`, `seats`,
# `ranking`) and views (`current`, `order`, `leaders`, `winner`).
SEAT_FIELDS = (
    "seat",
    "to",
    "by",
    "taker",
    "next_seat",
    "seats",
    "ranking",
    "current",
    "order",
    "leaders",
    "winner",
)
# The fields of a scenario that lay its table out (docs/scenarios.md, "Founders' Town scenarios").
_SETUP = {"players", "names", "order", "current", "turn", "stage", "deck", "deck_size", "seat"}
_SEAT = {"seat", "hand", "town", "discards"}


def arrange(spec: Mapping[str, Any]) -> tuple[TownState, list[str]]:
    """The state a scenario's steps start from, and its players' names (seat 0 first). Stages in
    which the current player has nothing to decide pass by themselves, as in play."""
    unknown = set(spec) - _SETUP
    if unknown:
        raise ScenarioError(f"unknown field(s) {', '.join(sorted(unknown))}")
    names = strings(spec, "names")
    players = integer(spec, "players", len(names) or 2)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ScenarioError(f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}")
    if len(names) > players or len(set(names)) != len(names):
        raise ScenarioError(f"names: at most {players} different names")
    pack = load_cards()
    state = _table(pack, spec, names, players)
    ctx = new_context(state)
    advance(ctx)
    return ctx.state, names


def finish(spec: Mapping[str, Any], state: TownState) -> list[str]:
    """Every card of the pack must still be in exactly one place: the deck, a hand, a town or a
    seat's discards."""
    pack = load_cards()
    places = Counter(state.deck)
    for rows in (state.hands, state.towns, state.discards):
        for row in rows:
            places.update(row)
    twice = sorted(c for c, n in places.items() if n > 1)
    lost = sorted(set(pack.order) - set(places))
    failures = []
    if twice:
        failures.append(f"cards in two places at once: {', '.join(twice)}")
    if lost:
        failures.append(f"cards lost from the game: {', '.join(lost)}")
    return failures


# --- laying the table out -------------------------------------------------------------------------


def _seat(value: Any, names: list[str], players: int, where: str) -> int:
    seat = names.index(value) if isinstance(value, str) and value in names else value
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise ScenarioError(f"{where}: no seat {value!r}")
    return seat


def _cards(pack: Pack, value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise ScenarioError(f"{where}: a list of card slugs")
    for slug in value:
        if slug not in pack.cards:
            raise ScenarioError(f"{where}: no card {slug!r} (see games/town/content/cards.toml)")
    return tuple(value)


def _table(pack: Pack, spec: Mapping[str, Any], names: list[str], players: int) -> TownState:
    hands: list[tuple[str, ...]] = [()] * players
    towns: list[tuple[str, ...]] = [()] * players
    discards: list[tuple[str, ...]] = [()] * players
    for i, s_spec in enumerate(tables(spec, "seat")):
        unknown = set(s_spec) - _SEAT
        if unknown:
            raise ScenarioError(f"seat {i + 1}: unknown field(s) {', '.join(sorted(unknown))}")
        seat = _seat(s_spec.get("seat", i), names, players, f"seat {i + 1}")
        for key, rows in (("hand", hands), ("town", towns), ("discards", discards)):
            if key in s_spec:
                rows[seat] = _cards(pack, s_spec[key], f"seat {i + 1}: {key}")
    top = _cards(pack, spec.get("deck", []), "deck")
    placed = [c for rows in (hands, towns, discards) for row in rows for c in row] + list(top)
    twice = sorted(c for c, n in Counter(placed).items() if n > 1)
    if twice:
        raise ScenarioError(f"a card is placed twice: {', '.join(twice)}")
    taken = set(placed)
    full = (*top, *(c for c in pack.order if c not in taken))
    size = integer(spec, "deck_size", len(full))
    if not len(top) <= size <= len(full):
        raise ScenarioError(f"deck_size must be {len(top)} (the `deck` given) to {len(full)}")
    # The cards cut off lie face down on the discard pile, as the last seat's discards.
    discards[players - 1] = discards[players - 1] + full[size:]
    order_spec = spec.get("order", list(range(players)))
    if not isinstance(order_spec, list):
        raise ScenarioError(f"`order` must be a list of seats, not {order_spec!r:.40}")
    order = tuple(_seat(s, names, players, "order") for s in order_spec)
    if sorted(order) != list(range(players)):
        raise ScenarioError("order must name every seat once")
    current = _seat(spec.get("current", order[0]), names, players, "current")
    number = integer(spec, "turn", order.index(current) + 1)
    if number < 1:
        raise ScenarioError("turn must be 1 or more")
    stage = text(spec, "stage", STAGES[0])
    if stage not in STAGES:
        raise ScenarioError(f"stage must be one of {', '.join(STAGES)}")
    return TownState(
        players=players,
        turn=Turn(order=order, number=number, seat=current, stage=stage),
        deck=full[:size],
        hands=tuple(hands),
        towns=tuple(towns),
        discards=tuple(discards),
        scores=tuple(town_scores(pack, t) for t in towns),
        rng=seeded(0),
    )
