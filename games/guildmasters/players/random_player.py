"""The random player: a legal move chosen at random, for the conformance suite and as the
built-in player's sparring partner."""

from __future__ import annotations

from collections.abc import Collection

from engine.core.rng import Dice, seeded
from engine.core.turns import waiting_on
from games.guildmasters.players.moves import action_moves, quest_moves
from games.guildmasters.rules import commands as cm
from games.guildmasters.rules.pending import reaction_options
from games.guildmasters.rules.state import DRAFT, START, GuildmastersState


class RandomPlayer:
    """Moves at random: any card of a pack, any answer to a reaction, any card shown, and in a
    turn any quest it can fulfil, ability, recruit, pass or end of turn. It reads what it must
    decide from the state itself (the cheaper way: it never builds the defaults)."""

    def __init__(self, seed: int) -> None:
        self.dice = Dice(seeded(seed))

    def _one(self, items: list[cm.Command]) -> cm.Command:
        return items[self.dice.below(len(items))]

    def move(self, state: GuildmastersState, seats: Collection[int]) -> cm.Command | None:
        if state.result is not None:
            return None
        if state.phase == DRAFT:
            for seat in seats:
                packs = state.guilds[seat].packs
                if packs:
                    return cm.Pick(seat=seat, card=packs[0][self.dice.below(len(packs[0]))])
            return None
        if state.window is not None:
            for seat in waiting_on(state.window):
                if seat in seats:
                    return self._one(list(reaction_options(state, seat)))
            return None
        a = state.ability
        if a is not None and a.look:
            if a.seat not in seats:
                return None
            pick = a.look[self.dice.below(len(a.look))]
            rest = [c for c in a.look if c != pick]
            drop = rest[self.dice.below(len(rest))] if a.cls == "rogue" and rest else ""
            return cm.Choose(seat=a.seat, pick=pick, drop=drop)
        seat = state.turn.seat
        if seat not in seats:
            return None
        moves: list[cm.Command] = [*quest_moves(state, seat), *action_moves(state, seat)]
        moves.append(cm.Pass(seat=seat) if state.turn.step == START else cm.EndTurn(seat=seat))
        return self._one(moves)
