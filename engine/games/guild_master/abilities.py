"""Timing windows for adventurer abilities, contract effects and events.

"Unless otherwise stated, Adventurer Abilities affect your entire Guild during the relevant Rounds
and Phases, regardless of whether they are on an Order Space or in your hand. You may also use
Adventurer Abilities on the Round you recruit them." Events are active while their contract is
face up on the board. The effect primitives are in `effects.py`.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.games.guild_master.cards import LEVELS, RANKS, Ability, Adventurer, ContractEffect
from engine.games.guild_master.content import Pack
from engine.games.guild_master.context import Ctx
from engine.games.guild_master.effects import (
    AddDice,
    AddStored,
    BidChange,
    Effect,
    FixDie,
    GainFame,
    GainGold,
    GiveGold,
    LoseFame,
    PayGold,
    Reroll,
)
from engine.games.guild_master.fame import change_fame, change_gold, least_fame, most_fame
from engine.games.guild_master.state import GameState, Guild


def ability_active(state: GameState, ability: Ability) -> bool:
    """Is the ability's moon this round's? ("blood": only Blood Moon rounds; "any": every round)."""
    moon = ability.moon
    if moon == "any":
        return True
    if moon == "blood":
        return state.blood_moon
    return moon == state.moon


def guild_abilities(
    state: GameState, pack: Pack, guild: Guild, phase: str, trigger: str
) -> Iterator[tuple[Adventurer, Ability]]:
    """The guild's abilities active now in `phase` with `trigger`."""
    for slug in guild.adventurers:
        adv = pack.adventurers[slug]
        ab = adv.ability
        if ab and ab.phase == phase and ab.trigger == trigger and ability_active(state, ab):
            yield adv, ab


def board_events(
    state: GameState, pack: Pack, when: str
) -> Iterator[tuple[int, str, ContractEffect]]:
    """Event effects of the face-up contracts on the board, in spot order."""
    events = pack.events
    for spot in state.board.contracts:
        if spot.face_up and spot.card in events:
            effect = events[spot.card]
            if effect.when == when:
                yield spot.number, spot.card, effect


# --- skill check window -----------------------------------------------------------------------


class CheckModifiers:
    __slots__ = ("add", "boons", "fixers", "rerolls")

    def __init__(self) -> None:
        self.add = 0
        self.fixers: list[int] = []
        self.rerolls = 0
        self.boons: list[str] = []


def _applies(op_skill: str, skill: str) -> bool:
    return not op_skill or op_skill == skill


def check_modifiers(state: GameState, pack: Pack, seat: int, skill: str) -> CheckModifiers:
    """Everything that changes a `skill` check of guild `seat` in the Action Phase: skill
    upgrades, action abilities, board events, and the boons it could discard."""
    g = state.guilds[seat]
    mods = CheckModifiers()
    for owned in g.skill_upgrades:
        if pack.skill_upgrades[owned.slug].skill == skill:
            if owned.side == "fixer":
                mods.fixers.append(5)
            else:
                mods.rerolls += 2
    for _adv, ab in guild_abilities(state, pack, g, "action", "check"):
        _add_modifiers(mods, ab.effects, skill)
    for _spot, _card, effect in board_events(state, pack, "while_face_up"):
        _add_modifiers(mods, effect.effects, skill)
    for done in g.completed:
        boon = pack.contracts[done.slug].effect("boon") if done.boon else None
        if boon is not None and boon_applies(boon, skill, done.stored):
            mods.boons.append(done.slug)
    mods.fixers.sort(reverse=True)
    return mods


def _add_modifiers(mods: CheckModifiers, effects: tuple[Effect, ...], skill: str) -> None:
    for op in effects:
        if isinstance(op, AddDice) and _applies(op.skill, skill):
            mods.add += op.amount
        elif isinstance(op, FixDie) and _applies(op.skill, skill):
            mods.fixers.append(op.value)
        elif isinstance(op, Reroll) and _applies(op.skill, skill):
            mods.rerolls += op.dice


def boon_applies(boon: ContractEffect, skill: str, stored: tuple[int, ...]) -> bool:
    for op in boon.effects:
        if isinstance(op, AddStored):
            return _applies(op.skill, skill) and bool(stored)
        if isinstance(op, FixDie | Reroll):
            return _applies(op.skill, skill)
    return False


def boon_gain(boon: ContractEffect, stored: tuple[int, ...]) -> tuple[int, tuple[int, ...], int]:
    """(flat bonus, fixer values, re-rolls) that discarding the boon gives a check."""
    bonus, fixers, rerolls = 0, (), 0
    for op in boon.effects:
        if isinstance(op, AddStored):
            bonus += sum(stored)
        elif isinstance(op, FixDie):
            fixers = (*fixers, op.value)
        elif isinstance(op, Reroll):
            rerolls += op.dice
    return bonus, fixers, rerolls


# --- recruiting window ------------------------------------------------------------------------


def min_bid(state: GameState, pack: Pack, slug: str) -> int:
    """The adventurer's minimum bid this round (its moon's value, changed by board events)."""
    adv = pack.adventurers[slug]
    bid = adv.bid_half if state.moon == "half" else adv.bid_full
    for _spot, _card, effect in board_events(state, pack, "while_face_up"):
        for op in effect.effects:
            if isinstance(op, BidChange):
                bid += op.amount
    return max(1, bid)


# --- effects that resolve now -----------------------------------------------------------------


def needs_choice(effects: tuple[Effect, ...]) -> bool:
    """Does resolving these effects need the owner to choose a guild?"""
    return any(getattr(op, "who", "") == "chosen" for op in effects)


def can_pay(guild: Guild, effects: tuple[Effect, ...]) -> bool:
    return guild.gold >= sum(op.amount for op in effects if isinstance(op, PayGold))


def _targets(ctx: Ctx, who: str, owner: int, chosen: int | None) -> tuple[int, ...]:
    if who == "self":
        return (owner,)
    if who == "chosen":
        return () if chosen is None else (chosen,)
    if who == "others":
        return tuple(s for s in range(ctx.state.players) if s != owner)
    if who == "all":
        return tuple(range(ctx.state.players))
    if who == "most_fame":
        return most_fame(ctx)
    return least_fame(ctx)


def apply_effects(
    ctx: Ctx, owner: int, effects: tuple[Effect, ...], cause: str, chosen: int | None = None
) -> None:
    """Resolve the resource effects (Gold, Fame) of an ability, bonus or event, in card order.
    Check modifiers, stored dice and bid changes act in their own windows and are skipped."""
    for op in effects:
        if isinstance(op, PayGold):
            change_gold(ctx, owner, -op.amount, cause)
        elif isinstance(op, GainGold):
            for seat in _targets(ctx, op.who, owner, chosen):
                change_gold(ctx, seat, op.amount, cause)
        elif isinstance(op, GainFame):
            for seat in _targets(ctx, op.who, owner, chosen):
                change_fame(ctx, seat, op.amount, cause)
        elif isinstance(op, LoseFame):
            for seat in _targets(ctx, op.who, owner, chosen):
                change_fame(ctx, seat, -op.amount, cause)
        elif isinstance(op, GiveGold):
            for seat in _targets(ctx, op.who, owner, chosen):
                amount = min(op.amount, ctx.state.guilds[owner].gold)
                if amount:
                    change_gold(ctx, owner, -amount, cause)
                    change_gold(ctx, seat, amount, cause)


def default_target(state: GameState, owner: int) -> int:
    """The default "chosen" guild: the rival with the most Fame (the lowest seat on a tie)."""
    rivals = [g for g in state.guilds if g.seat != owner]
    return max(rivals, key=lambda g: (g.fame, -g.seat)).seat


# --- end of game window -----------------------------------------------------------------------


def prestige_fame(state: GameState, pack: Pack, guild: Guild) -> int:
    """The Fame a guild's prestige upgrade scores at the end of the game."""
    if guild.prestige is None:
        return 0
    rule = pack.prestige[guild.prestige].scoring
    if rule.per == "contract":
        floor = LEVELS.index(rule.level) if rule.level else 0
        count = sum(
            1 for c in guild.completed if LEVELS.index(pack.contracts[c.slug].level) >= floor
        )
    elif rule.per == "adventurer":
        floor = RANKS.index(rule.rank) if rule.rank else 0
        count = sum(1 for a in guild.adventurers if pack.adventurers[a].rank >= floor)
    elif rule.per == "skill_upgrade":
        count = len(guild.skill_upgrades)
    elif rule.per == "core_level":
        count = guild.stables + guild.mess_hall + guild.bar - 3
    elif rule.per == "gold":
        count = guild.gold // rule.step
    else:  # recruit_fame
        count = guild.fame_from.recruits // rule.step
    return rule.fame * count + rule.flat
