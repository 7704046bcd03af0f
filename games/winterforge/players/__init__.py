"""Built-in players of Smiths of Winterforge. Both implement the core `Player` protocol:
`move(state, seats)` gives the next command of one of `seats`, or None when none of them has
anything to do.

`RandomPlayer` picks at random among the errands the seat could run this turn (a kind of action
here, or in a place its Moves left can reach), from its own seeded source, so a game between
random players is the same for the same seeds. `BuiltinPlayer` (`strategy.py`) plans a route to
Contracts, Components and the Forge, and forges with exact odds.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from typing import TypeVar

from games.winterforge.players.moves import (
    CHECKS,
    FREE_KIND_SET,
    PLACE_OF,
    Kind,
    available,
    build,
    errands_from,
    placements,
    prime_ok,
    routes,
)
from games.winterforge.players.strategy import BuiltinPlayer
from games.winterforge.rules import commands as cm
from games.winterforge.rules.context import (
    actions_allowed,
    closed,
    event_effect,
    movers,
    prime_free,
)
from games.winterforge.rules.moving import reachable
from games.winterforge.rules.state import ACTIONS_PER_TURN, LORDS, WinterforgeState

__all__ = ["BuiltinPlayer", "RandomPlayer"]

T = TypeVar("T")

# One decision in END_EARLY ends the turn while the player could still act, as a person now and
# then does (the first random player's early ends were about 1 in 35 of its decisions).
END_EARLY = 40


class RandomPlayer:
    """A random legal player: every command it gives is legal, drawn as follows.

    - Set Up: one of the two Royal Contracts dealt, each as likely.
    - Its turn, while it can still act or move: with probability 1/`END_EARLY` it ends the
      turn. Otherwise it draws uniformly among its errands, the pairs (place, kind of action)
      open to it: each kind of precinct (or Alleyway) action it may take where its Smith stands
      (with the Prime Position's bonus when it may use it), the free refresh of the Market's rows
      or of the Tavern there (at most one free refresh a turn: the player remembers the turn of
      its last one), and each kind of action of every other place it can still reach this turn
      and act in (its Moves to get there fewer than its actions left, a Crew's free Move
      counted; judged as things stand now, without a Prime bonus). An errand where it stands is
      taken with its arguments drawn uniformly (`moves.build`). One elsewhere gives a Move, the
      first of a shortest route there (onto the Prime Position when that is free), and the
      player keeps to it for the rest of the turn: its next decisions Move on along the route,
      and there take that kind of action, its arguments drawn then (or, should it no longer be
      open, draw afresh). With no errand open it Moves to a place drawn uniformly among those
      one Move away.
    - Lords of Winterforge (Smiths placed, not moved): with probability 1/`END_EARLY` it ends the
      turn, else uniformly among every kind of action open in every place, then its arguments.

    So Moves are means to an errand, not a kind of action of their own: the first random player
    drew uniformly among the kinds of action where it stood, a Move being one of them, so a
    guild with nothing to do there walked at random, back and forth, and random 4-player games
    lasted 65 rounds (835 commands); this one's last about 33 (about 410 commands).
    """

    def __init__(self, seed: int) -> None:
        # The player's own source, seeded: its draws need no record (what it chooses is a command,
        # and commands are logged), only to be the same for the same seed. The standard library's
        # generator, not the rules' `Dice`: a pick costs about a third as much (0.1 against 0.3 us
        # of CPU), and a random game makes about a thousand. A uniform float scaled to `n`
        # choices makes them equally likely to within 2**-53.
        self.random = random.Random(seed).random
        self.refreshed = 0  # the turn of this player's last free refresh
        # The errand elsewhere this player is on its way to: (seat, turn, place, kind).
        self.errand: tuple[int, int, str, Kind] | None = None

    def pick(self, items: Sequence[T]) -> T:
        """One of `items` (not empty), each as likely."""
        return items[int(self.random() * len(items))]

    def ends_early(self) -> bool:
        """Does the player end its turn now though it could act (one time in `END_EARLY`)?"""
        return self.random() * END_EARLY < 1

    def move(self, state: WinterforgeState, seats: Collection[int]) -> cm.Command | None:
        turn = state.turn
        if state.result is not None:
            return None
        if not turn.number and state.choosing:
            for seat, g in enumerate(state.guilds):
                if g.royal_offer and seat in seats:
                    return cm.ChooseRoyal(seat=seat, royal=self.pick(g.royal_offer))
            return None
        seat = turn.seat
        if seat not in seats:
            return None
        if state.variant == LORDS:
            return self._place(state, seat)
        # A turn of the standard game: about 400 decisions a random game, most of them a Move,
        # so the helpers' common cases (`actions_allowed`, `free_move`, `ends_early`, `prime_ok`,
        # `available`, the draw) are written out here.
        event = turn.event
        left = (actions_allowed(state) if event else ACTIONS_PER_TURN) - turn.actions
        g = state.guilds[seat]
        reach = left if left > 0 else 0
        if g.crew and not turn.free_move and not movers().isdisjoint(g.crew):
            reach += 1
        random = self.random
        if not reach or random() * END_EARLY < 1:
            return cm.EndTurn(seat=seat)
        here = g.at
        errand = self.errand
        if errand is not None and (errand[0] != seat or errand[1] != turn.number):
            errand = None  # one of an earlier turn
        if errand is not None and errand[2] != here:
            to = routes(state.alleyways)[here][errand[2]][1]
            return cm.Move(seat, to, prime_free(state, to))
        # `prime_ok` here: may the next action here use the Prime Position's bonus?
        prime = (
            g.prime
            and not g.prime_used
            and not (event and event_effect(state, "no_prime") is not None)
        )
        if errand is not None:
            kind = errand[3]
            self.errand = None
            # It was open when drawn (without the Prime Position's bonus), and the Moves since
            # changed nothing it depends on: the bonus only lowers a cost, but for a Repay, where
            # it lowers what may be paid (a Loan owing 2 or less is then not repayable).
            if kind is not cm.RepayLoan or not prime or CHECKS[kind](state, seat, g, prime):
                return build(state, seat, kind, prime, self.pick)
        act = left > 0
        errands = [
            *errands_from(state.alleyways, here, act, reach, act and self.refreshed != turn.number)
        ]
        # One of the errands open now, each of those as likely: drawn one by one and set aside
        # (swapped out of the first `undrawn`) until one is open, so no kind is checked
        # that was not drawn.
        undrawn = len(errands)
        while undrawn:
            i = int(random() * undrawn)
            place, kind, can = errands[i]
            if not (event and closed(state, PLACE_OF[kind])) and can(
                state, seat, g, prime if place == here else False
            ):
                break
            undrawn -= 1
            errands[i] = errands[undrawn]
        else:
            return self._step(state, seat, self.pick(reachable(state, here)))
        if place != here:
            self.errand = (seat, turn.number, place, kind)
            to = routes(state.alleyways)[here][place][1]
            return cm.Move(seat, to, prime_free(state, to))
        if kind in FREE_KIND_SET:
            self.refreshed = turn.number
        return build(state, seat, kind, prime, self.pick)

    def _place(self, state: WinterforgeState, seat: int) -> cm.Command:
        if state.turn.actions >= actions_allowed(state) or self.ends_early():
            return cm.EndTurn(seat=seat)
        errands = [
            (place, kind, can)
            for place, kind, can in placements(state.alleyways)
            if available(state, seat, kind, prime_ok(state, seat, place))
        ]
        if not errands:
            return cm.EndTurn(seat=seat)
        place, kind, _ = self.pick(errands)
        return build(state, seat, kind, prime_ok(state, seat, place), self.pick)

    def _step(self, state: WinterforgeState, seat: int, to: str) -> cm.Command:
        """A Move to `to`, onto its Prime Position when that is free."""
        return cm.Move(seat=seat, to=to, prime=prime_free(state, to))
