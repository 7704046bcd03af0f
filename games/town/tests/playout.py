"""Random playouts with invariants checked after every command, and junk commands thrown in.

`Playout(players, seed).run()` plays a whole game between random players through `GAME`; each
command is executed and checked: a refused command is a typed `RuleError` and changes nothing;
`execute` agrees with folding `evolve` over its events; the invariants hold (every card in
exactly one place, hands drawn to at most 5, scores equal to the towns' recomputed, open offers
kept by their proposers, somebody to wait for); and, every `defaults_every` commands, the default
of every pending decision is accepted. `replayed()` folds the log again after a JSON round trip.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

import msgspec
from msgspec.structs import replace

from engine.core import offers as of
from engine.core.codec import Codec
from engine.core.errors import RuleError
from engine.core.rng import Dice, Rng, seeded
from games.town import GAME
from games.town.players import BuiltinPlayer, RandomPlayer
from games.town.rules.commands import (
    AcceptOffer,
    ApplyDefaults,
    Build,
    Command,
    CounterOffer,
    Discard,
    Draw,
    EndTrading,
    Propose,
    WithdrawOffer,
)
from games.town.rules.draw import HAND_SIZE
from games.town.rules.events import CardsDrawn, Event
from games.town.rules.evolve import evolve
from games.town.rules.scoring import town_scores
from games.town.rules.state import TRADE1, TRADE2, TownState
from games.town.tests.table import PACK

CODEC = Codec(GAME.event_types, GAME.upcasters)
# "Rule errors are typed, with a stable code and a message a player can act on."
ERROR_CODE = re.compile(r"[a-z][a-z0-9_]*\Z")


def places(state: TownState) -> Counter[str]:
    """Every card wherever it is: the deck, a hand, a town or the discard pile."""
    found: Counter[str] = Counter(state.deck)
    for rows in (state.hands, state.towns, state.discards):
        for row in rows:
            found.update(row)
    return found


EVERY_CARD = Counter(PACK.order)


def check_invariants(state: TownState, events: Sequence[Event] = ()) -> None:
    """The invariants of every reachable state (`events`: the ones that led to it)."""
    assert places(state) == EVERY_CARD, "a card is missing or in two places"
    for seat, town in enumerate(state.towns):
        assert state.scores[seat] == town_scores(PACK, town), f"seat {seat}: scores"
    for e in events:
        if isinstance(e, CardsDrawn) and e.count:
            assert len(state.hands[e.seat]) <= HAND_SIZE, "drew past a hand of 5"
    for offer in state.offers:
        if offer.status == of.OPEN:
            assert of.holds(state.hands[offer.by], offer.gives), "open offer not kept"
            assert state.turn.seat in (offer.by, *offer.to), "a trade without the current player"
    if state.result is None:
        assert GAME.pending(state), "nobody to wait for"
    else:
        assert sorted(state.result.ranking) == list(range(state.players))


def swap_with_deck(state: TownState, seat: int) -> TownState | None:
    """`state` with one card of `seat`'s hand exchanged for a deck card (neither in an offer),
    or None when there is no such pair: a difference only `seat` may know."""
    in_offers = {c for o in state.offers for c in (*o.gives, *o.asks)}
    hand = [c for c in state.hands[seat] if c not in in_offers]
    deck = [c for c in state.deck if c not in in_offers]
    if not hand or not deck:
        return None
    old, new = hand[0], deck[-1]
    hands = list(state.hands)
    hands[seat] = tuple(new if c == old else c for c in state.hands[seat])
    return replace(
        state, hands=tuple(hands), deck=tuple(old if c == new else c for c in state.deck)
    )


def secret_variants(state: TownState, seat: int) -> list[TownState]:
    """States that differ from `state` only in what `seat` alone may know (its hand) or nobody
    may (the deck's order and the random source)."""
    out = [replace(state, deck=state.deck[::-1], rng=Rng(state=state.rng.state ^ 0xFFFF_FFFF_FFFF))]
    swapped = swap_with_deck(state, seat)
    if swapped is not None:
        out.append(swapped)
    return out


class Playout:
    def __init__(
        self,
        players: int,
        seed: int,
        *,
        junk: float = 0.0,
        defaults_every: int = 0,
        seats: tuple[str, ...] | None = None,
    ) -> None:
        self.players = players
        self.seed = seed
        self.junk = junk
        self.defaults_every = defaults_every
        kinds = seats or ("random",) * players
        types = {"random": RandomPlayer, "builtin": BuiltinPlayer}
        self.bots = [types[k](seed * 101 + i) for i, k in enumerate(kinds)]
        self.dice = Dice(seeded(seed * 7 + 3))
        self.log: list[Event] = list(GAME.create(players, seed, {}))
        state = None
        for e in self.log:
            state = evolve(state, e)
        assert state is not None
        self.state: TownState = state
        self.commands = 0
        self.refusals: Counter[str] = Counter()
        self.defaults_checked = 0

    def submit(self, command: Command) -> bool:
        """Execute `command` and check it; False when it was refused."""
        before = msgspec.json.encode(self.state)
        try:
            events, after = GAME.execute(self.state, command)
        except RuleError as exc:
            assert ERROR_CODE.match(exc.code), exc.code
            assert exc.message.strip()
            assert msgspec.json.encode(self.state) == before, "a refusal changed the state"
            self.refusals[exc.code] += 1
            return False
        folded = self.state
        for e in events:
            folded = GAME.evolve(folded, e)
        assert folded == after, "execute disagrees with folding evolve"
        check_invariants(after, events)
        self.state = after
        self.log += events
        self.commands += 1
        return True

    def check_defaults(self) -> None:
        """Every pending decision's default is legal, and so is `ApplyDefaults` for its seat."""
        for d in GAME.pending(self.state):
            GAME.decide(self.state, d.default)
            GAME.decide(self.state, GAME.defaults(self.state, [d.seat]))
            for option in d.options:
                GAME.decide(self.state, option)
            self.defaults_checked += 1

    def junk_command(self) -> Command:
        """A command picked at random, mostly illegal."""
        d = self.dice
        seat = d.below(self.players + 1) - (1 if d.below(4) == 0 else 0)
        cards = PACK.order
        card = cards[d.below(len(cards))]
        other = cards[d.below(len(cards))]
        options: list[Command] = [
            Draw(seat=seat, count=d.below(9) - 2),
            Discard(seat=seat, cards=(card, other)),
            Build(seat=seat, category="FTXI"[d.below(4)], cards=(card,)),
            EndTrading(seat=seat),
            Propose(seat=seat, to=(d.below(self.players),), gives=(card,), asks=(other,)),
            AcceptOffer(seat=seat, offer=d.below(5)),
            CounterOffer(seat=seat, offer=d.below(5), gives=(card,), asks=(other,)),
            WithdrawOffer(seat=seat, offer=d.below(5)),
            ApplyDefaults(seat=-1, seats=(self.players,)),
        ]
        return options[d.below(len(options))]

    def next_command(self) -> Command:
        """In a trade phase the other players may first make an offer; then the earliest
        pending decision is answered."""
        state = self.state
        turn = state.turn
        decisions = GAME.pending(state)
        asked = {d.seat for d in decisions}
        if turn.stage in (TRADE1, TRADE2):
            for seat in turn.order:
                if seat not in asked:
                    extra = self.bots[seat].move(state, (seat,))
                    if extra is not None:
                        return extra
        seat = decisions[0].seat
        command = self.bots[seat].move(state, (seat,))
        assert command is not None, f"player {seat} had nothing to do at {turn.stage}"
        return command

    def run(self, limit: int = 20_000) -> TownState:
        """Play to the end; return the final state."""
        while self.state.result is None:
            assert self.commands < limit, "the game did not end"
            if self.defaults_every and self.commands % self.defaults_every == 0:
                self.check_defaults()
            if self.junk and self.dice.below(1000) < self.junk * 1000:
                self.submit(self.junk_command())
                continue
            self.submit(self.next_command())
        return self.state

    def replayed(self) -> TownState:
        """The log encoded to JSON, decoded with its schema versions and folded again."""
        state = None
        for e in self.log:
            raw = CODEC.encode(e)
            decoded = CODEC.decode(raw, CODEC.version_of(type(e).__struct_config__.tag))
            assert decoded == e
            state = evolve(state, decoded)
        assert state is not None
        return state
