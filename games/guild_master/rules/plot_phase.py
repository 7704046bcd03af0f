"""Plot Phase: "Adventurers with a Plot Phase Ability active in this Round's moon may use their
ability now. Guilds resolve their Plot Phase Abilities in descending Fame order."

A guild uses as many of its plot abilities as it likes (each once a round) and discards any of
its completed contracts to use their plot boons, then ends its turn; a guild with nothing it can
use is skipped.
"""

from __future__ import annotations

from engine.core.errors import RuleError
from games.guild_master.rules.abilities import (
    apply_effects,
    can_pay,
    guild_abilities,
    needs_choice,
)
from games.guild_master.rules.cards import Adventurer, ContractEffect
from games.guild_master.rules.commands import EndPlot, UseBoon, UsePlotAbility
from games.guild_master.rules.content import Pack
from games.guild_master.rules.context import Ctx
from games.guild_master.rules.events import (
    GoldAnnounced,
    OrderPhaseStarted,
    PlotAbilityUsed,
    PlotBoonUsed,
    PlotTurnEnded,
)
from games.guild_master.rules.state import GameState, Guild, PlotStep


def usable_plot_abilities(state: GameState, pack: Pack, seat: int) -> list[Adventurer]:
    """The guild's adventurers whose plot ability it can use now."""
    g = state.guilds[seat]
    return [
        adv
        for adv, ab in guild_abilities(state, pack, g, "plot", "use")
        if adv.slug not in g.plot_used and can_pay(g, ab.effects)
    ]


def plot_boons(pack: Pack, guild: Guild) -> list[tuple[str, ContractEffect]]:
    """The guild's completed contracts whose boon it may discard in its Plot Phase turn."""
    out = []
    for done in guild.completed:
        boon = pack.contracts[done.slug].effect("boon") if done.boon else None
        if boon is not None and boon.when == "plot":
            out.append((done.slug, boon))
    return out


def usable_plot_boons(state: GameState, pack: Pack, seat: int) -> list[tuple[str, ContractEffect]]:
    """The plot boons the guild can pay for now."""
    g = state.guilds[seat]
    return [(slug, boon) for slug, boon in plot_boons(pack, g) if can_pay(g, boon.effects)]


def plot_seats(ctx: Ctx) -> list[int]:
    """Guilds with a plot ability active this round or a plot boon: each gets a turn in Fame
    order, even if it cannot afford them yet (a guild before it may pay it Gold)."""
    return [
        g.seat
        for g in ctx.state.guilds
        if any(True for _ in guild_abilities(ctx.state, ctx.pack, g, "plot", "use"))
        or plot_boons(ctx.pack, g)
    ]


def current_plot_seat(state: GameState) -> int | None:
    step = state.step
    if isinstance(step, PlotStep) and step.index < len(step.order):
        return step.order[step.index]
    return None


def _check_turn(ctx: Ctx, seat: int) -> None:
    current = current_plot_seat(ctx.state)
    if current != seat:
        raise RuleError(
            "not_your_turn",
            "It is not your turn to use plot abilities; guilds take turns in descending Fame "
            "order.",
        )


def use_plot_ability(ctx: Ctx, cmd: UsePlotAbility) -> None:
    _check_turn(ctx, cmd.seat)
    g = ctx.state.guilds[cmd.seat]
    adv = ctx.pack.adventurers.get(cmd.adventurer)
    if adv is None or cmd.adventurer not in g.adventurers:
        raise RuleError("not_in_guild", "That adventurer is not in your guild.")
    usable = usable_plot_abilities(ctx.state, ctx.pack, cmd.seat)
    if adv not in usable:
        if adv.ability is None or adv.ability.phase != "plot":
            raise RuleError("no_plot_ability", f"{adv.name} has no plot ability.")
        if cmd.adventurer in g.plot_used:
            raise RuleError("used", f"{adv.name}'s ability was already used this round.")
        if not can_pay(g, adv.ability.effects):
            raise RuleError("cannot_pay", f"You cannot pay the cost of {adv.name}'s ability.")
        raise RuleError(
            "not_this_moon", f"{adv.name}'s ability is not active in this round's moon."
        )
    assert adv.ability is not None
    target = _target(ctx, cmd.seat, cmd.target, adv.ability.effects, "ability")
    ctx.emit(PlotAbilityUsed(seat=cmd.seat, adventurer=adv.slug, target=target))
    apply_effects(ctx, cmd.seat, adv.ability.effects, f"ability:{adv.slug}", target)


def use_boon(ctx: Ctx, cmd: UseBoon) -> None:
    """Discard a completed contract to use its plot boon."""
    _check_turn(ctx, cmd.seat)
    g = ctx.state.guilds[cmd.seat]
    boons = dict(plot_boons(ctx.pack, g))
    boon = boons.get(cmd.contract)
    if boon is None:
        raise RuleError(
            "no_plot_boon", "You have no completed contract with a boon to use in the Plot Phase."
        )
    if not can_pay(g, boon.effects):
        raise RuleError("cannot_pay", "You cannot pay the cost of that boon.")
    target = _target(ctx, cmd.seat, cmd.target, boon.effects, "boon")
    ctx.emit(PlotBoonUsed(seat=cmd.seat, contract=cmd.contract, target=target))
    apply_effects(ctx, cmd.seat, boon.effects, f"boon:{cmd.contract}", target)


def _target(ctx: Ctx, seat: int, target: int | None, effects: tuple, what: str) -> int | None:
    if not needs_choice(effects):
        return None
    if target is None or target == seat or not 0 <= target < ctx.state.players:
        raise RuleError("choose_guild", f"Choose a rival guild for this {what}.")
    return target


def end_plot(ctx: Ctx, cmd: EndPlot) -> None:
    _check_turn(ctx, cmd.seat)
    ctx.emit(PlotTurnEnded(seat=cmd.seat))


def advance_plot(ctx: Ctx) -> bool:
    """Skip a guild whose turn comes but who has nothing it can use; end the phase after the
    last guild."""
    seat = current_plot_seat(ctx.state)
    if seat is None:
        announce_gold(ctx)
        return True
    if not usable_plot_abilities(ctx.state, ctx.pack, seat) and not usable_plot_boons(
        ctx.state, ctx.pack, seat
    ):
        ctx.emit(PlotTurnEnded(seat=seat))
        return True
    return False


def announce_gold(ctx: Ctx) -> None:
    """Plot Phase b: "each Guild must announce their current Gold totals"; then the Order Phase."""
    ctx.emit(GoldAnnounced(gold=tuple(g.gold for g in ctx.state.guilds)))
    ctx.emit(OrderPhaseStarted())
