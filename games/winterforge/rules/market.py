"""The Market Precinct: Purchase Components, Refresh Market Row, and the Market's upkeep.

"You may purchase up to 2 separate Components from any of the 9 available Components in the
Market." "Once you have finished your action, replenish any open Component spaces with cards from
the relevant Component deck." "At any time, if there are 3 Components of the same type along a
Market row, the entire row is shuffled into the relevant Component deck and 3 new Components are
placed along the row. Repeat this process as necessary."
"""

from __future__ import annotations

from functools import lru_cache

from engine.core.errors import RuleError
from games.winterforge.rules.commands import Buy, RefreshRow
from games.winterforge.rules.content import load_pack
from games.winterforge.rules.context import (
    Ctx,
    ability,
    discount,
    enter,
    pay,
    present,
    require_action,
    require_open,
    require_turn,
)
from games.winterforge.rules.events import ComponentsBought, RowRefreshed
from games.winterforge.rules.state import WinterforgeState

BUY_LIMIT = 2  # "up to 2 separate Components"
REFRESH_COST = 1  # "spend 1 Coin to refresh any Component row"
# Rows refreshed in a row before the rules give up on a deck that cannot deal three different
# materials (never with the shipped pack; it keeps a thin deck from looping forever).
MAX_AUTO_REFRESH = 20


def purchase_cost(state: WinterforgeState, seat: int, components: tuple[str, ...]) -> int:
    """The Coin a purchase costs: the cards' costs, less a Crew's and an Event's discount."""
    cards = load_pack().components
    cost = 0
    for c in components:
        cost += cards[c].cost
    g = state.guilds[seat]
    # The discounts asked only when there may be one: a Crew, a solo Event.
    off = (ability(g, "market_discount") if g.crew else 0) + (
        discount(state, "market") if state.turn.event else 0
    )
    return max(0, cost - off)


def buy(ctx: Ctx, cmd: Buy) -> None:
    """Purchase Components (the Prime Position: "an extra Component")."""
    state = ctx.state
    g = require_turn(state, cmd.seat)
    require_action(state)
    limit = BUY_LIMIT + (1 if cmd.prime else 0)
    if not cmd.components:
        raise RuleError("nothing", "Choose at least one Component to buy.")
    if len(cmd.components) > limit:
        raise RuleError(
            "too_many",
            f"You may buy up to {limit} Components in one action"
            + ("." if cmd.prime else " (3 with the Prime Position)."),
        )
    if len(set(cmd.components)) != len(cmd.components):
        raise RuleError("twice", "Each Component card can be bought once.")
    for cid in cmd.components:
        for row in state.market:
            if cid and cid in row:
                break
        else:
            raise RuleError("not_in_market", f"{cid!r} is not in the Market now.")
    enter(ctx, cmd.seat, "market", cmd.prime)
    cost = purchase_cost(ctx.state, cmd.seat, cmd.components)
    pay(g, cost, "These Components")
    pack = load_pack()
    decks = ctx.state.component_decks
    drawn = [0] * len(decks)  # cards drawn from the top of each level's deck so far
    refills: list[tuple[int, str]] = []
    for cid in cmd.components:
        level = pack.components[cid].level
        if drawn[level - 1] < len(decks[level - 1]):
            refills.append((level, decks[level - 1][drawn[level - 1]]))
            drawn[level - 1] += 1
    ctx.emit(
        ComponentsBought(
            seat=cmd.seat,
            components=tuple(cmd.components),
            cost=cost,
            prime=cmd.prime,
            refills=tuple(refills),
        )
    )
    settle(ctx)


def refresh_row(ctx: Ctx, cmd: RefreshRow) -> None:
    """Refresh Market Row (free action)."""
    state = ctx.state
    g = require_turn(state, cmd.seat)
    if not present(state, cmd.seat, "market"):
        raise RuleError("wrong_place", "Refreshing a Market row needs your Smith in the Market.")
    require_open(state, "market")
    if cmd.level not in (1, 2, 3):
        raise RuleError("no_row", "The Market has rows of level 1, 2 and 3.")
    cost = 0 if ability(g, "refresh_free") else REFRESH_COST
    pay(g, cost, "Refreshing a row")
    reshuffle(ctx, cmd.level, cmd.seat, cost)
    settle(ctx)


def reshuffle(ctx: Ctx, level: int, seat: int, cost: int) -> None:
    """Shuffle row `level` into its deck and deal three new Components along it."""
    state = ctx.state
    row = tuple(c for c in state.market[level - 1] if c)
    deck = ctx.dice.shuffled((*state.component_decks[level - 1], *row))
    drawn, rest = deck[:3], deck[3:]
    ctx.emit(
        RowRefreshed(
            seat=seat, level=level, returned=row, drawn=drawn, cost=cost, deck=rest, rng=ctx.rng
        )
    )


@lru_cache(maxsize=16)
def _three_alike(row: tuple[str, ...]) -> bool:
    # Asked of every row after every purchase and refresh: worked out once per row of cards. A
    # few recent rows kept: a game's rows come back, another game's seldom (see
    # `players.moves.RECENT`).
    pack = load_pack()
    materials = [pack.components[c].material for c in row if c]
    return len(materials) == 3 and len(set(materials)) == 1


def settle(ctx: Ctx) -> None:
    """Refresh every row showing three Components of one type, until none does."""
    for _ in range(MAX_AUTO_REFRESH):
        for level, row in enumerate(ctx.state.market, 1):
            if _three_alike(row):
                reshuffle(ctx, level, -1, 0)
                break
        else:
            return
