"""The Alleyways: the Shrine of Thommag, the Auction House, the Thieves' Guild and the Runesmith.

"There are no Prime Positions on any of the Alleyway Location Tiles, and no limit to the number of
Smiths on any Tile." Each is in play only when chosen at game creation.
"""

from __future__ import annotations

from engine.core.errors import RuleError
from games.winterforge.rules.commands import BuyRune, Donate, HireThief, SellHeld
from games.winterforge.rules.context import (
    Ctx,
    ability,
    contract_card,
    enter,
    pay,
    require_action,
    require_turn,
)
from games.winterforge.rules.events import (
    ComponentStolen,
    FaithTaken,
    HeldSold,
    RuneBought,
)
from games.winterforge.rules.state import WinterforgeState

DONATION = 2  # "Pay 2 Coin to the Shrine of Thommag and take one face-down Faith Token"
THIEF = 2  # "pay 2 Coin to the Thieves' Guild and take 1 random Component"
RUNE = 2  # "pay 2 Coin to add the top card of the Rune deck to your stockpile"


def _in_play(state: WinterforgeState, alleyway: str, name: str) -> None:
    if alleyway not in state.alleyways:
        raise RuleError("not_in_play", f"The {name} is not in play in this game.")


def auction_modifier(roll: int) -> int:
    """The Auction House table: 1: -2, 2-3: -1, 4-7: 0, 8-10: +1, 11: +2, 12: +3."""
    if roll == 1:
        return -2
    if roll <= 3:
        return -1
    if roll <= 7:
        return 0
    if roll <= 10:
        return 1
    return 2 if roll == 11 else 3


def donate(ctx: Ctx, cmd: Donate) -> None:
    """Shrine of Thommag: donate for a Faith token."""
    state = ctx.state
    _in_play(state, "shrine", "Shrine of Thommag")
    g = require_turn(state, cmd.seat)
    require_action(state)
    if not state.shrine:
        raise RuleError("no_faith", "No Faith tokens are left at the Shrine.")
    if not 1 <= cmd.token <= len(state.shrine):
        raise RuleError("no_token", f"Choose a token from 1 to {len(state.shrine)}.")
    enter(ctx, cmd.seat, "shrine", False)
    pay(g, DONATION, "A donation to the Shrine")
    ctx.emit(
        FaithTaken(seat=cmd.seat, token=cmd.token, value=state.shrine[cmd.token - 1], cost=DONATION)
    )


def hire_thief(ctx: Ctx, cmd: HireThief) -> None:
    """Thieves' Guild: a random Component from another Player's stockpile (not from a guild
    with a Bodyguard)."""
    state = ctx.state
    _in_play(state, "thieves-guild", "Thieves' Guild")
    g = require_turn(state, cmd.seat)
    require_action(state)
    if cmd.victim == cmd.seat or not 0 <= cmd.victim < state.players:
        raise RuleError("victim", "Choose another Player's stockpile.")
    victim = state.guilds[cmd.victim]
    if ability(victim, "bodyguard"):
        raise RuleError(
            "bodyguard", f"Player {cmd.victim + 1}'s Bodyguard keeps thieves away; choose another."
        )
    if not victim.stockpile:
        raise RuleError("empty", f"Player {cmd.victim + 1} has no Components to steal.")
    enter(ctx, cmd.seat, "thieves-guild", False)
    pay(g, THIEF, "A thief")
    pick = victim.stockpile[ctx.dice.below(len(victim.stockpile))]
    ctx.emit(
        ComponentStolen(seat=cmd.seat, victim=cmd.victim, component=pick, cost=THIEF, rng=ctx.rng)
    )


def buy_rune(ctx: Ctx, cmd: BuyRune) -> None:
    """Runesmith: the top Rune card."""
    state = ctx.state
    _in_play(state, "runesmith", "Runesmith")
    g = require_turn(state, cmd.seat)
    require_action(state)
    if not state.rune_deck:
        raise RuleError("no_runes", "The Rune deck is empty; none can be purchased.")
    enter(ctx, cmd.seat, "runesmith", False)
    pay(g, RUNE, "A Rune")
    ctx.emit(RuneBought(seat=cmd.seat, rune=state.rune_deck[0], cost=RUNE))


def sell_held(ctx: Ctx, cmd: SellHeld) -> None:
    """Auction House: sell every Held Contract, a d12 each, then Turn them In."""
    state = ctx.state
    _in_play(state, "auction-house", "Auction House")
    g = require_turn(state, cmd.seat)
    require_action(state)
    if not g.held:
        raise RuleError("nothing_held", "You hold no completed Contract to sell.")
    enter(ctx, cmd.seat, "auction-house", False)
    appraise = ability(g, "appraise")
    bonus = ability(g, "turn_in_bonus")
    rolls, modifiers, coins = [], [], []
    for slug in g.held:
        roll = ctx.dice.roll(12)
        modifier = auction_modifier(min(12, roll + appraise))
        rolls.append(roll)
        modifiers.append(modifier)
        coins.append(max(0, contract_card(slug).coin + modifier + bonus))
    ctx.emit(
        HeldSold(
            seat=cmd.seat,
            contracts=g.held,
            rolls=tuple(rolls),
            modifiers=tuple(modifiers),
            coins=tuple(coins),
            rng=ctx.rng,
        )
    )
