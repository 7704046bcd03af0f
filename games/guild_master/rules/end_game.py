"""End Game: "The game ends at the conclusion of Round 9, after Income is earned. Guilds then gain
additional Fame as follows: 1 Fame for every 5 Gold they own, rounded down. Fame from any Prestige
Upgrade they built during the game... If Guilds' Fame totals are tied, those Guilds share a joint
victory.\""""

from __future__ import annotations

from games.guild_master.rules.abilities import prestige_fame
from games.guild_master.rules.context import Ctx
from games.guild_master.rules.events import GameEnded

GOLD_PER_FAME = 5


def end_game(ctx: Ctx) -> None:
    state = ctx.state
    gold_fame = tuple(g.gold // GOLD_PER_FAME for g in state.guilds)
    prestige = tuple(prestige_fame(state, ctx.pack, g) for g in state.guilds)
    fame = tuple(g.fame + gold_fame[g.seat] + prestige[g.seat] for g in state.guilds)
    top = max(fame)
    winners = tuple(s for s, f in enumerate(fame) if f == top)
    ctx.emit(GameEnded(gold_fame=gold_fame, prestige_fame=prestige, fame=fame, winners=winners))
