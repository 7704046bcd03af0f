"""The random player: a legal move chosen at random, for the conformance suite and as the
built-in player's sparring partner."""

from __future__ import annotations

from collections.abc import Collection

from engine.core.rng import Dice, seeded
from games.guildmasters.players.moves import action_moves, quest_moves
from games.guildmasters.rules import commands as cm
from games.guildmasters.rules.pending import pending, reaction_options
from games.guildmasters.rules.state import START, GuildmastersState


class RandomPlayer:
    """Moves at random: any card of a pack, any answer to a reaction, any card shown, and in a
    turn any quest it can fulfil, ability, recruit, pass or end of turn."""

    def __init__(self, seed: int) -> None:
        self.dice = Dice(seeded(seed))

    def _one(self, items: list[cm.Command]) -> cm.Command:
        return items[self.dice.below(len(items))]

    def move(self, state: GuildmastersState, seats: Collection[int]) -> cm.Command | None:
        for d in pending(state):
            if d.seat not in seats:
                continue
            if d.kind == "draft":
                return self._one(list(d.options))
            if d.kind in ("behead", "protect", "ambush", "heal"):
                return self._one(list(reaction_options(state, d.seat)))
            if d.kind == "choose":
                look = state.ability.look
                pick = look[self.dice.below(len(look))]
                rest = [c for c in look if c != pick]
                drop = (
                    rest[self.dice.below(len(rest))]
                    if state.ability.cls == "rogue" and rest
                    else ""
                )
                return cm.Choose(seat=d.seat, pick=pick, drop=drop)
            seat = d.seat
            moves: list[cm.Command] = [*quest_moves(state, seat), *action_moves(state, seat)]
            moves.append(cm.Pass(seat=seat) if state.turn.step == START else cm.EndTurn(seat=seat))
            return self._one(moves)
        return None
