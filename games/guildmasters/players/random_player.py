"""The random player: a legal move chosen at random, for the conformance suite, the benchmark and
as the built-in player's sparring partner.

It chooses the kind of a move first and builds only that kind's arguments (`moves.py` builds
every move, for the built-in player): a random game costs a fraction of listing every move at
every decision, and the kinds are played evenly however many ways one of them can be aimed.
"""

from __future__ import annotations

from collections.abc import Collection
from itertools import permutations

from engine.core.rng import Dice, seeded
from games.guildmasters.players.moves import (
    ability_classes,
    ability_moves,
    first_fulfil,
    recruit_classes,
    recruit_move,
)
from games.guildmasters.rules import commands as cm
from games.guildmasters.rules.content import load_pack
from games.guildmasters.rules.pending import waiting
from games.guildmasters.rules.reactions import CLASS_OF_REACTION
from games.guildmasters.rules.state import DRAFT, START, GuildmastersState

# The kinds of a turn's move, tried in a random order (one of every order, drawn at once) until
# one has a legal move.
QUEST, ABILITY, RECRUIT, PASS = "quest", "ability", "recruit", "pass"
START_ORDERS = tuple(permutations((QUEST, ABILITY, RECRUIT, PASS)))
END_ORDERS = tuple(permutations((QUEST, PASS)))


class RandomPlayer:
    """Moves uniformly at random among the kinds of legal move, then among that kind's moves:

    - draft: each card of the first pack, with equal chance;
    - a reaction: "no" or "yes" with equal chance when the guild holds a card of the reaction's
      class and the reaction has something to aim at ("no" otherwise); a yes discards its first
      such card and kills (Behead) or takes back (Heal) one of the quest's adventurer cards, each
      with equal chance;
    - a Scout, Monk or Rogue looking at cards: each card shown with equal chance, and a Rogue
      discards one of the others with equal chance;
    - a turn: each kind of move that has a legal move with equal chance: fulfil a quest,
      activate an ability, recruit, and pass (before the action) or end the turn (after it).
      A quest: each quest it can fulfil with equal chance, sent as `propose` assigns it. An
      ability: each class of action held that can be aimed with equal chance (its first card),
      then each way to aim it (`moves.ability_moves`). A recruit: each class of which it holds
      two cards and the tavern a tile with equal chance (its first two cards).

    It reads what it must decide from the state itself and never builds the defaults.
    """

    def __init__(self, seed: int) -> None:
        self.dice = Dice(seeded(seed))

    def move(self, state: GuildmastersState, seats: Collection[int]) -> cm.Command | None:
        if state.result is not None:
            return None
        below = self.dice.below
        if state.phase == DRAFT:
            for seat in seats:
                packs = state.guilds[seat].packs
                if packs:
                    first = packs[0]
                    return cm.Pick(seat=seat, card=first[below(len(first))])
            return None
        if state.window is not None:
            for seat in waiting(state):
                if seat in seats:
                    return self._react(state, seat)
            return None
        a = state.ability
        if a is not None and a.look:
            if a.seat not in seats:
                return None
            look = a.look
            pick = look[below(len(look))]
            drop = ""
            if a.cls == "rogue" and len(look) > 1:
                rest = [c for c in look if c != pick]
                drop = rest[below(len(rest))]
            return cm.Choose(seat=a.seat, pick=pick, drop=drop)
        seat = state.turn.seat
        if seat not in seats:
            return None
        return self._turn(state, seat)

    def _react(self, state: GuildmastersState, seat: int) -> cm.React:
        w = state.window
        cls = CLASS_OF_REACTION[w.about]
        class_of = load_pack().class_of
        card = ""
        for c in state.guilds[seat].hand:
            if class_of[c] == cls:
                card = c
                break
        if w.about == "behead":
            victims = state.attempt.cards
        elif w.about == "heal":
            victims = state.healing
        else:
            victims = ("",)  # Protect and Ambush name no card
        if not card or not victims:
            return cm.React(seat=seat)
        # One draw: yes, at each victim, in half the cases; no in the other half.
        i = self.dice.below(2 * len(victims))
        if i >= len(victims):
            return cm.React(seat=seat)
        return cm.React(seat=seat, card=card, victim=victims[i])

    def _turn(self, state: GuildmastersState, seat: int) -> cm.Command:
        # The kinds in a random order, the first with a legal move taken: each kind that has
        # one is as likely as any other. Passing (or ending the turn) always has one.
        below = self.dice.below
        start = state.turn.step == START
        orders = START_ORDERS if start else END_ORDERS
        for kind in orders[below(len(orders))]:
            if kind == QUEST:
                if not state.turn.quested:
                    fulfil = first_fulfil(state, seat, below)
                    if fulfil is not None:
                        return fulfil
            elif kind == ABILITY:
                classes = ability_classes(state, seat)
                if classes:
                    options = ability_moves(state, seat, classes[below(len(classes))])
                    return options[below(len(options))]
            elif kind == RECRUIT:
                classes = recruit_classes(state, seat)
                if classes:
                    return recruit_move(state, seat, classes[below(len(classes))])
            else:
                break
        return cm.Pass(seat=seat) if start else cm.EndTurn(seat=seat)
