"""Recruit Adventurer.

"1. Check if you can Recruit the Adventurer... a. The Adventurer you wish to Recruit must still be
face up. b. Your Guild must meet the Recruitment Rank Prerequisites. c. The Gold placed on your
Order Space must meet or exceed the minimum bid. d. Check whether any other Guilds are Recruiting
the same adventurer in the same order space. 2. ...pay all Gold from your Recruit Adventurer Order
to the supply, even if you have more than the minimum bid. 3. Take the recruited face up Adventurer
card... leaving the next card on the deck face down. 4. Immediately receive the Fame..."
"""

from __future__ import annotations

from games.guild_master.rules.abilities import apply_effects, guild_abilities, min_bid
from games.guild_master.rules.cards import RANKS
from games.guild_master.rules.context import Ctx
from games.guild_master.rules.events import AdventurerRecruited, RecruitFailed
from games.guild_master.rules.resolution import (
    declined_for,
    miss,
    order_of,
    orders_for,
    replace_head,
    resolved,
)
from games.guild_master.rules.state import ContestedCheckTask, FallbackTask, Order, RecruitTask
from games.guild_master.rules.team import highest_rank


def recruit_problem(ctx: Ctx, seat: int, order: Order) -> str | None:
    """Why the guild cannot recruit from its order's spot now, or None."""
    spot = ctx.state.board.adventurers["ABCDEF".index(order.objective)]
    if not (spot.deck and spot.face_up):
        return f"there is no face-up adventurer on spot {order.objective} any more"
    adv = ctx.pack.adventurers[spot.deck[0]]
    highest = highest_rank(ctx.pack, ctx.state.guilds[seat].adventurers)
    if adv.rank > highest + 1:
        needed = RANKS[adv.rank - 1]
        article = "an" if needed[0] in "aeiou" else "a"
        return f"recruiting a {RANKS[adv.rank]} needs {article} {needed} in the guild first"
    bid = min_bid(ctx.state, ctx.pack, adv.slug, seat)
    if order.gold < bid:
        return f"{order.gold} Gold is below {adv.name}'s minimum bid of {bid} this round"
    return None


def recruit_task(ctx: Ctx, task: RecruitTask) -> None:
    fallbacks: list[FallbackTask] = declined_for(ctx, task.space, task.spot)
    bids: list[tuple[int, int]] = []
    for seat, order in orders_for(ctx, task.space, task.spot):
        problem = recruit_problem(ctx, seat, order)
        if problem is None:
            bids.append((seat, order.gold))
        else:
            ctx.emit(RecruitFailed(seat=seat, space=task.space, spot=task.spot, reason=problem))
            fallbacks.append(miss(ctx, seat, task.space, problem))
    if not bids:
        replace_head(ctx, *fallbacks)
        return
    top = max(gold for _, gold in bids)
    leaders = [seat for seat, gold in bids if gold == top]
    for seat, gold in bids:
        if gold < top:
            fallbacks.append(miss(ctx, seat, task.space, "outbid"))
    if len(leaders) == 1:
        recruit(ctx, leaders[0], task.space, task.spot)
        replace_head(ctx, *fallbacks)
    else:
        contest = ContestedCheckTask(
            purpose="recruit", space=task.space, seats=tuple(leaders), spot=task.spot
        )
        replace_head(ctx, contest, *fallbacks)


def recruit(ctx: Ctx, seat: int, space: int, letter: str) -> None:
    spot = ctx.state.board.adventurers["ABCDEF".index(letter)]
    adv = ctx.pack.adventurers[spot.deck[0]]
    paid = order_of(ctx, seat, space).gold
    ctx.emit(
        AdventurerRecruited(
            seat=seat, space=space, spot=letter, adventurer=adv.slug, paid=paid, fame=adv.fame
        )
    )
    # The new adventurer's own ability counts: "You may also use Adventurer Abilities on the
    # Round you recruit them."
    guild = ctx.state.guilds[seat]
    for owner, ab in list(guild_abilities(ctx.state, ctx.pack, guild, "action", "recruited")):
        apply_effects(ctx, seat, ab.effects, f"ability:{owner.slug}")
    resolved(ctx, seat, space)


def finish_recruit_contest(ctx: Ctx, task: ContestedCheckTask, ranking: list[int]) -> None:
    """ "The Guild with the highest Skill Check Result recruits the Adventurer. The other Guilds
    each then return their Gold to their Treasury and may Attempt a Private Contract or Wander.\""""
    recruit(ctx, ranking[0], task.space, task.spot)
    losers = [miss(ctx, seat, task.space, "lost the recruit contest") for seat in ranking[1:]]
    replace_head(ctx, *losers)
