"""Reset Phase: "1. Clear Order Boards. 2. Gain Income. 3. Reset Builder Cost Track. 4. Blood Moon
Reset (Only on Blood Moon Rounds: 3, 6, and 9). 5. Reveal Adventurers and Contracts. 6. Move and
Flip Round Marker" — and after the last round, the End Game.

Gold on orders is part of each guild's Gold all along, so clearing the order boards moves nothing.
"""

from __future__ import annotations

from games.guild_master.rules.abilities import income_change
from games.guild_master.rules.context import Ctx
from games.guild_master.rules.end_game import end_game
from games.guild_master.rules.events import (
    BoardDiscarded,
    BuilderCostReset,
    CardsRevealed,
    ContractsDealt,
    IncomeGained,
    RoundEnded,
    RoundStarted,
)
from games.guild_master.rules.upgrades import income


def reset(ctx: Ctx) -> bool:
    state = ctx.state
    change = income_change(state, ctx.pack)
    ctx.emit(IncomeGained(gold=tuple(max(0, income(ctx.pack, g) + change) for g in state.guilds)))
    ctx.emit(BuilderCostReset(marker=state.board.builder_start))
    if state.blood_moon:
        blood_moon_reset(ctx)
    board = ctx.state.board
    adventurers = tuple(
        (a.letter, a.deck[0]) for a in board.adventurers if a.deck and not a.face_up
    )
    contracts = tuple((c.number, c.card) for c in board.contracts if c.card and not c.face_up)
    ctx.emit(CardsRevealed(adventurers=adventurers, contracts=contracts))
    ctx.emit(RoundEnded(round=state.round, fame=tuple(g.fame for g in ctx.state.guilds)))
    if state.round >= state.rounds:
        end_game(ctx)
    else:
        ctx.emit(RoundStarted(round=state.round + 1))
    return True


def blood_moon_reset(ctx: Ctx) -> None:
    """ "1. Discard all face up Adventurers and Contracts on the Board. Leave any face down cards in
    place. 2. Draw and place a Common Contract face down onto every empty Contract space on the
    Board. If no Common Contracts can be drawn, draw and place Heroic Contracts instead.\""""
    board = ctx.state.board
    ctx.emit(
        BoardDiscarded(
            adventurers=tuple(
                (a.letter, a.deck[0]) for a in board.adventurers if a.deck and a.face_up
            ),
            contracts=tuple((c.number, c.card) for c in board.contracts if c.card and c.face_up),
        )
    )
    board = ctx.state.board
    common, heroic = list(board.common), list(board.heroic)
    dealt = []
    for spot in board.contracts:
        if spot.used and spot.card is None:
            if common:
                dealt.append((spot.number, "common", common.pop(0)))
            elif heroic:
                dealt.append((spot.number, "heroic", heroic.pop(0)))
    if dealt:
        ctx.emit(ContractsDealt(cards=tuple(dealt)))
