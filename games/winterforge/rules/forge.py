"""The Forge Precinct: Training and Forging a Contract.

"Training: Pay to increase a Skill by 1 point." "Prime Position: You may place 1 Work Token on the
Contract you are about to forge with the Forge a Contract action, or, you may pay 1 less Coin when
you perform the Training action."
"""

from __future__ import annotations

from engine.core.errors import RuleError
from games.winterforge.rules.commands import Forge, Train
from games.winterforge.rules.content import MAX_SKILL, SKILLS, load_pack
from games.winterforge.rules.context import (
    Ctx,
    ability,
    contract_card,
    discount,
    enter,
    event_effect,
    pay,
    require_action,
    require_turn,
)
from games.winterforge.rules.events import ContractCompleted, EndTriggered, Forged, Trained
from games.winterforge.rules.forging import dice_of, fits, parts
from games.winterforge.rules.state import Guild, WinterforgeState


def training_cost(state: WinterforgeState, seat: int, skill: str, prime: bool) -> int:
    """ "pay the Coin value indicated on the Guild Board for the Skill you are increasing", less
    the Prime Position's 1, a Crew's and an Event's discount (never below 0)."""
    g = state.guilds[seat]
    board = load_pack().guilds[g.board]
    level = g.skills[SKILLS.index(skill)]
    # The discounts asked only when there may be one: a Crew, a solo Event.
    cost = board.train_cost[level]
    if g.crew:
        cost -= ability(g, "train_discount")
    if state.turn.event:
        cost -= discount(state, "forge")
    return max(0, cost - (1 if prime else 0))


def train(ctx: Ctx, cmd: Train) -> None:
    """Training."""
    state = ctx.state
    g = require_turn(state, cmd.seat)
    require_action(state)
    if cmd.skill not in SKILLS:
        raise RuleError("no_skill", f"Train one of: {', '.join(SKILLS)}.")
    level = g.skills[SKILLS.index(cmd.skill)]
    if level >= MAX_SKILL:
        raise RuleError("skill_max", f"Your {cmd.skill} skill is at the top of its track.")
    enter(ctx, cmd.seat, "forge", cmd.prime)
    cost = training_cost(ctx.state, cmd.seat, cmd.skill, cmd.prime)
    pay(g, cost, f"Training {cmd.skill} to {level + 1}")
    ctx.emit(Trained(seat=cmd.seat, skill=cmd.skill, level=level + 1, cost=cost, prime=cmd.prime))


def _commit(g: Guild, cmd: Forge) -> tuple[tuple[str, ...], str, int]:
    """The components, Rune and Work tokens of the forge: those locked to a face-up Contract, or
    the ones `cmd` commits to a Contract from the hand (checked against its requirements)."""
    pack = load_pack()
    work = next((w for w in g.started if w.contract == cmd.contract), None)
    if work is not None:
        if cmd.components and tuple(sorted(cmd.components)) != tuple(sorted(work.components)):
            raise RuleError(
                "locked",
                "Components committed to a Contract cannot be removed or replaced until it is "
                "completed; forge it again with the ones already under it.",
            )
        if cmd.rune and cmd.rune != work.rune:
            raise RuleError("locked", "A Contract already started keeps the Rune committed to it.")
        return work.components, work.rune, work.tokens
    if cmd.contract not in g.hand and cmd.contract != g.royal:
        raise RuleError(
            "no_contract", "Forge a Contract you hold: one in your hand or your Royal Contract."
        )
    if cmd.contract == g.royal and g.royal_done:
        raise RuleError("no_contract", "Your Royal Contract is already complete.")
    if len(set(cmd.components)) != len(cmd.components):
        raise RuleError("twice", "Commit each Component once.")
    for cid in cmd.components:
        if cid not in g.stockpile:
            raise RuleError("no_component", f"{cid!r} is not in your stockpile.")
    if cmd.rune and cmd.rune not in g.runes:
        raise RuleError("no_rune", f"{cmd.rune!r} is not among your Rune cards.")
    contract = contract_card(cmd.contract)
    wilds = 1 if cmd.rune and pack.runes[cmd.rune].kind == "wild" else 0
    materials = [pack.components[c].material for c in cmd.components]
    if not fits(contract.slots, materials, wilds):
        raise RuleError(
            "components",
            f"{contract.name} needs exactly: {', '.join(contract.slots)}; commit those "
            "Components, no more and no fewer.",
        )
    return tuple(cmd.components), cmd.rune, 0


def forge(ctx: Ctx, cmd: Forge) -> None:
    """Forge a Contract: commit, roll, and either fail (a Work token) or succeed."""
    state = ctx.state
    g = require_turn(state, cmd.seat)
    require_action(state)
    components, rune, tokens = _commit(g, cmd)
    if cmd.hold and "auction-house" not in state.alleyways:
        raise RuleError("no_hold", "Holding a Contract needs the Auction House in play.")
    for slug in cmd.dismiss:
        if slug not in g.crew:
            raise RuleError("no_crew", f"{slug!r} does not work for your guild.")
    enter(ctx, cmd.seat, "forge", cmd.prime)
    contract = contract_card(cmd.contract)
    bonus = event_effect(state, "forge_bonus")
    fixed = parts(g, contract, components, rune, tokens + (1 if cmd.prime else 0),
                  bonus.amount if bonus is not None else 0)  # fmt: skip
    target = contract.forge
    dice_roll = ctx.dice
    rolled = []
    fixed_total = total = 0
    for _, value in fixed:
        fixed_total += value
    for sides in dice_of(components, rune):
        value = dice_roll.roll(sides)
        rolled.append((sides, value))
        total += value
    total += fixed_total
    rerolled: tuple[int, ...] = ()
    pack = load_pack()
    may_reroll = ability(g, "reroll") > 0 or (rune and pack.runes[rune].kind == "reroll")
    if total < target and may_reroll and rolled:
        # The die furthest below its highest face is rerolled, only when the roll falls short, so it
        # never costs a success.
        low = min(range(len(rolled)), key=lambda i: (rolled[i][1] - rolled[i][0], i))
        sides, first = rolled[low]
        rolled[low] = (sides, dice_roll.roll(sides))
        rerolled = (low, first)
        total = sum([v for _, v in rolled]) + fixed_total
    success = total >= target
    ctx.emit(
        Forged(
            seat=cmd.seat,
            contract=cmd.contract,
            components=components,
            rune=rune,
            dice=tuple(rolled),
            rerolled=rerolled,
            parts=fixed,
            total=total,
            target=target,
            success=success,
            prime=cmd.prime,
            tokens=0 if success else 1 + ability(g, "work_bonus"),
            rng=ctx.rng,
        )
    )
    if success:
        _complete(ctx, cmd, components)


def _complete(ctx: Ctx, cmd: Forge, components: tuple[str, ...]) -> None:
    """ "Success": return the components, raise the skill, pay the Crew (not for the Royal
    Contract), and Turn In (or Hold) the Contract."""
    state = ctx.state
    g = state.guilds[cmd.seat]
    contract = contract_card(cmd.contract)
    dismissed = list(cmd.dismiss)
    upkeep = 0
    if not contract.royal:
        coin_after = g.coin + (0 if cmd.hold else contract.coin + ability(g, "turn_in_bonus"))
        for slug in g.crew:
            if slug in dismissed:
                continue
            if upkeep < coin_after:
                upkeep += 1
            else:
                dismissed.append(slug)
    coin = 0 if cmd.hold else contract.coin + ability(g, "turn_in_bonus")
    raised = tuple(t for t in contract.types if g.skills[SKILLS.index(t)] < MAX_SKILL)
    first_royal = contract.royal and state.first_royal < 0
    ctx.emit(
        ContractCompleted(
            seat=cmd.seat,
            contract=cmd.contract,
            coin=coin,
            held=cmd.hold,
            raised=raised,
            returned=components,
            upkeep=upkeep,
            dismissed=tuple(dismissed) if not contract.royal else (),
            first_royal=first_royal,
        )
    )
    if contract.royal and not ctx.state.ending:
        ctx.emit(EndTriggered(reason="royal"))
