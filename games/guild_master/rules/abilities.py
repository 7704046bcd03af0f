"""Timing windows for adventurer abilities, contract effects and events.

"Unless otherwise stated, Adventurer Abilities affect your entire Guild during the relevant Rounds
and Phases, regardless of whether they are on an Order Space or in your hand. You may also use
Adventurer Abilities on the Round you recruit them." Events are active while their contract is
face up on the board. The effect primitives are in `effects.py`; the primitives that stop for a
choice (draw, peek, free Builders) are opened here and answered in `effect_choices.py`.
"""

from __future__ import annotations

from collections.abc import Iterator

from games.guild_master.rules.cards import LEVELS, RANKS, Ability, Adventurer, ContractEffect
from games.guild_master.rules.content import Pack
from games.guild_master.rules.context import Ctx
from games.guild_master.rules.effects import (
    AddDice,
    AddStored,
    BidChange,
    BuilderChange,
    DrawPrivate,
    Effect,
    FixDie,
    FreeBuilder,
    GainFame,
    GainGold,
    GiveGold,
    IncomeChange,
    LoseFame,
    PayGold,
    Peek,
    PenaltyChange,
    Reroll,
    TakeGold,
)
from games.guild_master.rules.events import EffectPaused, PrivateContractDrawn
from games.guild_master.rules.fame import change_fame, change_gold, least_fame, most_fame
from games.guild_master.rules.state import EffectPrompt, GameState, Guild
from games.guild_master.rules.treasury import free_gold
from games.guild_master.rules.upgrades import allowed_builds

# The kind of check each purpose of a skill check is, for modifiers limited with `on`.
CHECK_KINDS = {
    "contract": "contract",
    "conflict": "contract",
    "cooperate": "contract",
    "hire": "contest",
    "recruit": "contest",
    "wander": "wander",
}


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


def _standing(state: GameState, pack: Pack, seat: int | None, kind: type) -> int:
    """The sum of the standing modifiers of `kind`: face-up events for everyone, plus the
    guild's own passive abilities when `seat` is given."""
    total = 0
    for _spot, _card, effect in board_events(state, pack, "while_face_up"):
        total += sum(op.amount for op in effect.effects if isinstance(op, kind))  # type: ignore[attr-defined]
    if seat is not None:
        for _adv, ab in guild_abilities(state, pack, state.guilds[seat], "action", "passive"):
            total += sum(op.amount for op in ab.effects if isinstance(op, kind))  # type: ignore[attr-defined]
    return total


# --- skill check window -----------------------------------------------------------------------


class CheckModifiers:
    __slots__ = ("add", "boons", "fixers", "rerolls")

    def __init__(self) -> None:
        self.add = 0
        self.fixers: list[int] = []
        self.rerolls = 0
        self.boons: list[str] = []


def _applies(op: AddDice | FixDie | Reroll, skill: str, kind: str) -> bool:
    return (not op.skill or op.skill == skill) and (not op.on or op.on == kind)


def check_modifiers(
    state: GameState, pack: Pack, seat: int, skill: str, purpose: str = "contract"
) -> CheckModifiers:
    """Everything that changes a `skill` check of guild `seat` in the Action Phase, for a check
    of `purpose` (contract, conflict, cooperate, hire, recruit, wander): skill upgrades, passive
    abilities, board events, and the boons it could discard."""
    kind = CHECK_KINDS[purpose]
    g = state.guilds[seat]
    mods = CheckModifiers()
    for owned in g.skill_upgrades:
        if pack.skill_upgrades[owned.slug].skill == skill:
            if owned.side == "fixer":
                mods.fixers.append(5)
            else:
                mods.rerolls += 2
    for _adv, ab in guild_abilities(state, pack, g, "action", "passive"):
        _add_modifiers(mods, ab.effects, skill, kind)
    for _spot, _card, effect in board_events(state, pack, "while_face_up"):
        _add_modifiers(mods, effect.effects, skill, kind)
    for done in g.completed:
        boon = pack.contracts[done.slug].effect("boon") if done.boon else None
        if boon is not None and boon_applies(boon, skill, done.stored):
            mods.boons.append(done.slug)
    mods.fixers.sort(reverse=True)
    return mods


def _add_modifiers(
    mods: CheckModifiers, effects: tuple[Effect, ...], skill: str, kind: str
) -> None:
    for op in effects:
        if isinstance(op, AddDice) and _applies(op, skill, kind):
            mods.add += op.amount
        elif isinstance(op, FixDie) and _applies(op, skill, kind):
            mods.fixers.append(op.value)
        elif isinstance(op, Reroll) and _applies(op, skill, kind):
            mods.rerolls += op.dice


def boon_applies(boon: ContractEffect, skill: str, stored: tuple[int, ...]) -> bool:
    """Can this boon be used on a `skill` check? (Plot boons never can.)"""
    if boon.when == "plot":
        return False
    for op in boon.effects:
        if isinstance(op, AddStored):
            return (not op.skill or op.skill == skill) and bool(stored)
        if isinstance(op, FixDie | Reroll):
            return not op.skill or op.skill == skill
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


# --- standing rules: recruiting, Builders, income, conflict -----------------------------------


def min_bid(state: GameState, pack: Pack, slug: str, seat: int | None = None) -> int:
    """The adventurer's minimum bid this round: its moon's value, changed by board events and,
    for guild `seat`, by its own abilities; never below 1."""
    adv = pack.adventurers[slug]
    bid = adv.bid_half if state.moon == "half" else adv.bid_full
    return max(1, bid + _standing(state, pack, seat, BidChange))


def builder_change(state: GameState, pack: Pack, seat: int | None = None) -> int:
    """How much more (or less) each Builder costs now: board events, and for guild `seat` its
    own abilities."""
    return _standing(state, pack, seat, BuilderChange)


def income_change(state: GameState, pack: Pack) -> int:
    """How much the board's events change every guild's income this round."""
    return _standing(state, pack, None, IncomeChange)


def conflict_penalty(state: GameState, pack: Pack, seat: int, dice: int) -> int:
    """The Skill Check Penalty of a conflictor rolling `dice` skill dice: "equal to their
    Adventurer team's total dice", changed by the guild's own abilities; never below 0."""
    return max(0, dice + _standing(state, pack, seat, PenaltyChange))


# --- effects that resolve now -----------------------------------------------------------------


def needs_choice(effects: tuple[Effect, ...]) -> bool:
    """Does resolving these effects need the owner to choose a guild?"""
    return any(getattr(op, "who", "") == "chosen" for op in effects)


def can_pay(guild: Guild, effects: tuple[Effect, ...]) -> bool:
    """Can the guild pay the effects' costs? (Plot abilities and boons are used in the Plot
    Phase, when no Gold is on orders.)"""
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
    """Resolve the resource effects of an ability, bonus, boon or event, in card order. A
    primitive that needs its owner's choice opens a prompt (`state.prompt`) and stops here; the
    answer resolves the rest. Check and standing modifiers act in their own windows and are
    skipped."""
    for i, op in enumerate(effects):
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
        elif isinstance(op, GiveGold | TakeGold):
            for seat in _targets(ctx, op.who, owner, chosen):
                giver, taker = (owner, seat) if isinstance(op, GiveGold) else (seat, owner)
                amount = min(op.amount, free_gold(ctx.state, giver))
                if amount and giver != taker:
                    change_gold(ctx, giver, -amount, cause)
                    change_gold(ctx, taker, amount, cause)
        elif isinstance(op, DrawPrivate | Peek | FreeBuilder) and _open_choice(
            ctx, owner, op, effects[i + 1 :], cause, chosen
        ):
            return


def _open_choice(
    ctx: Ctx,
    owner: int,
    op: DrawPrivate | Peek | FreeBuilder,
    rest: tuple[Effect, ...],
    cause: str,
    chosen: int | None,
) -> bool:
    """Open the prompt for a primitive that needs a choice; False when there is nothing to
    choose (an empty deck, nothing to build, or as few cards drawn as are kept)."""
    state = ctx.state
    drawn: tuple[str, ...] = ()
    seen: tuple[str, ...] = ()
    if isinstance(op, DrawPrivate):
        drawn = state.board.common[: op.draw]
        if len(drawn) <= op.keep:
            for card in drawn:
                ctx.emit(PrivateContractDrawn(seat=owner, contract=card))
            return False
    elif isinstance(op, Peek):
        seen = state.board.deck(op.level)[: op.count]
        if not seen:
            return False
    elif not allowed_builds(state, ctx.pack, owner, op.count):
        return False
    prompt = EffectPrompt(
        seat=owner, cause=cause, op=op, rest=rest, chosen=chosen, drawn=drawn, seen=seen
    )
    ctx.emit(EffectPaused(prompt=prompt))
    return True


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
