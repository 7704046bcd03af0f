"""Build Phase: "The current player picks one resource category out of the 10 available. If the
player has any cards of that resource in his hand he may 'build' them. 'Built' cards are placed
face up in front of the player. A player 'owns' all the location cards he builds."

A card of two categories ("CI") can be built when either is picked. The player builds any of the
hand's cards of the picked category: all of them by default (`Build.cards` None), or the ones it
names, or none. With an empty hand the phase passes by itself. Building ends the turn.
"""

from __future__ import annotations

from engine.core.errors import RuleError
from games.town.rules.cards import CATEGORIES, CATEGORY_NAMES, Pack, load_cards
from games.town.rules.commands import Build
from games.town.rules.context import Ctx, require_current
from games.town.rules.end_of_game import end_turn
from games.town.rules.events import CardsBuilt
from games.town.rules.hands import check_in_hand
from games.town.rules.scoring import with_built
from games.town.rules.state import TownState


def of_category(pack: Pack, hand: tuple[str, ...], category: str) -> tuple[str, ...]:
    """The cards of `hand` that can be built when `category` is picked, in hand order."""
    members = pack.by_category[category]
    return tuple(c for c in hand if c in members)


def build_gains(state: TownState, seat: int) -> dict[str, int]:
    """Per category, the points `seat` gains by building every card of it in its hand."""
    pack = load_cards()
    town, scores, hand = state.towns[seat], state.scores[seat], state.hands[seat]
    before = sum(scores)
    return {
        c: sum(with_built(pack, town, scores, of_category(pack, hand, c))) - before
        for c in CATEGORIES
    }


def best_category(gains: dict[str, int]) -> str:
    """The default pick: the category that scores most (bonuses included), the earliest in the
    rulebook's category table on a tie. Every card of it is built."""
    return max(CATEGORIES, key=lambda c: (gains[c], -CATEGORIES.index(c)))


def build(ctx: Ctx, cmd: Build) -> None:
    """The current player builds cards of the picked category; then the turn ends."""
    state = ctx.state
    require_current(state, cmd.seat)
    if cmd.category not in CATEGORIES:
        raise RuleError(
            "category",
            f"Pick one of the 10 categories by its letter: {', '.join(CATEGORIES)}.",
            category=cmd.category,
        )
    pack = load_cards()
    hand = state.hands[cmd.seat]
    if cmd.cards is None:
        cards = of_category(pack, hand, cmd.category)
    else:
        cards = cmd.cards
        check_in_hand(state, cmd.seat, cards, "build")
        members = pack.by_category[cmd.category]
        for slug in cards:
            if slug not in members:
                raise RuleError(
                    "not_of_category",
                    f"{pack.name(slug)} is not a {CATEGORY_NAMES[cmd.category]} card; build "
                    "only cards of the category you picked.",
                    card=slug,
                )
    _emit_build(ctx, cmd.seat, cmd.category, cards)


def _emit_build(ctx: Ctx, seat: int, category: str | None, cards: tuple[str, ...]) -> None:
    state = ctx.state
    scores = with_built(load_cards(), state.towns[seat], state.scores[seat], cards)
    ctx.emit(CardsBuilt(seat=seat, category=category, cards=cards, scores=scores))
    end_turn(ctx)


def pass_build(ctx: Ctx) -> bool:
    """With an empty hand there is nothing to build: the turn ends."""
    seat = ctx.state.turn.seat
    if ctx.state.hands[seat]:
        return False
    _emit_build(ctx, seat, None, ())
    return True
