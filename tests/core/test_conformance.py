"""The conformance suite (`engine/conformance.py`) catches what it is meant to catch.

A small sound game, High Card, passes every check; each broken copy of it (one subclass per
fault: an `evolve` that rolls dice, a view that leaks a hand, an illegal default, an event that
does not round-trip, ...) fails the check meant for that fault, with a message naming the game,
the check, the number of players, the seed and the step.

High Card: every seat holds cards from a shuffled deck; each round every seat secretly plays one
card, all at once; when all have played, the cards are revealed, the highest card wins the round
and a die (recorded with the random source, as every game's randomness is) gives its points;
then every seat draws a card. The deck, the hands and the cards played before the reveal are
secret.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

import msgspec
import pytest
from msgspec.structs import replace

from engine import conformance
from engine.conformance import Table
from engine.core.errors import RuleError
from engine.core.game import Audience, Decision, Player, Seat, Stage, replay
from engine.core.rng import Dice, Rng, seeded

NO_RNG = Rng(state=0)

# --- the game ---------------------------------------------------------------------------------


class Created(msgspec.Struct, frozen=True, tag="Created"):
    players: int
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    rng: Rng


class Played(msgspec.Struct, frozen=True, tag="Played"):
    seat: int
    card: int


class Revealed(msgspec.Struct, frozen=True, tag="Revealed"):
    cards: tuple[int, ...]
    winner: int
    points: int
    rng: Rng


class Drew(msgspec.Struct, frozen=True, tag="Drew"):
    seat: int
    card: int


class RoundEnded(msgspec.Struct, frozen=True, tag="RoundEnded"):
    round: int


class Play(msgspec.Struct, frozen=True, tag="Play"):
    seat: int
    card: int


class ApplyDefaults(msgspec.Struct, frozen=True, tag="ApplyDefaults"):
    seat: int = -1
    seats: tuple[int, ...] = ()


class State(msgspec.Struct, frozen=True):
    players: int
    round: int
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]  # top first
    played: tuple[int, ...]  # 0: not yet this round
    scores: tuple[int, ...]
    last: tuple[int, ...]  # the cards of the last reveal
    rng: Rng


class PublicView(msgspec.Struct, frozen=True):
    round: int
    scores: tuple[int, ...]
    ready: tuple[bool, ...]
    last: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    deck_size: int


class SeatView(msgspec.Struct, frozen=True):
    public: PublicView
    hand: tuple[int, ...]
    played: int


def _put(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])


class RandomPlayer:
    """Plays a random card for one of `seats` that has not played this round."""

    def __init__(self, seed: int) -> None:
        self.dice = Dice(seeded(seed))

    def move(self, state: State, seats: Collection[int]) -> Any | None:
        waiting = [s for s in sorted(seats) if not state.played[s]]
        if not waiting:
            return None
        seat = waiting[self.dice.below(len(waiting))]
        hand = state.hands[seat]
        return Play(seat=seat, card=hand[self.dice.below(len(hand))])


class HighCard:
    """The sound game."""

    name = "high-card"
    title = "High Card"
    seat_noun = "player"
    min_players = 2
    max_players = 4
    options = ()
    rounds = 4
    hand_size = 3
    deadline_kinds: tuple[str, ...] = ("play",)
    players: Mapping[str, Callable[[int], Player]] = {
        "random": RandomPlayer,
        "builtin": RandomPlayer,
    }
    event_types: tuple[type, ...] = (Created, Played, Revealed, Drew, RoundEnded)
    command_types: tuple[type, ...] = (Play, ApplyDefaults)
    state_type = State
    state_version = 1
    upcasters: Mapping[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = {}

    def create(self, players: int, seed: int, options: Mapping[str, Any]) -> list[Any]:
        dice = Dice(seeded(seed))
        cards = self.shuffle(dice, list(range(1, self.cards(players) + 1)))
        size = self.hand_size
        hands = tuple(cards[i * size : (i + 1) * size] for i in range(players))
        return [Created(players, hands, cards[players * size :], dice.rng)]

    def cards(self, players: int) -> int:
        """Enough for the hands and a draw each round, and a spare."""
        return players * (self.hand_size + self.rounds) + 2

    def shuffle(self, dice: Dice, cards: list[int]) -> tuple[int, ...]:
        for i in range(len(cards) - 1, 0, -1):
            j = dice.below(i + 1)
            cards[i], cards[j] = cards[j], cards[i]
        return tuple(cards)

    def decide(self, state: State, command: Any) -> list[Any]:
        if state.round > self.rounds:
            raise RuleError("game_over", "The game is over.")
        if isinstance(command, Play):
            if not 0 <= command.seat < state.players or state.played[command.seat]:
                raise RuleError("not_waiting", "You have played this round already.")
            if command.card not in state.hands[command.seat]:
                raise RuleError("not_in_hand", "Play a card from your hand.")
            plays = [Played(command.seat, command.card)]
        else:
            waiting = [s for s in range(state.players) if not state.played[s]]
            chosen = [s for s in waiting if not command.seats or s in command.seats]
            if not chosen:
                raise RuleError("nothing_pending", "Nobody to apply defaults for.")
            plays = [Played(s, min(state.hands[s])) for s in chosen]
        after = replay(self, plays, state)
        if not all(after.played):
            return plays
        dice = Dice(after.rng)
        winner = max(range(after.players), key=lambda s: after.played[s])
        points = dice.die()
        drawn = [Drew(s, c) for s, c in zip(range(after.players), after.deck, strict=False)]
        return [
            *plays,
            Revealed(after.played, winner, points, dice.rng),
            *drawn,
            RoundEnded(state.round),
        ]

    def execute(self, state: State, command: Any) -> tuple[list[Any], State]:
        events = self.decide(state, command)
        return events, replay(self, events, state)

    def evolve(self, state: State | None, event: Any) -> State:
        if isinstance(event, Created):
            n = event.players
            return State(n, 1, event.hands, event.deck, (0,) * n, (0,) * n, (), event.rng)
        assert state is not None
        if isinstance(event, Played):
            return self.played(state, event)
        if isinstance(event, Revealed):
            return self.revealed(state, event)
        if isinstance(event, Drew):
            hand = (*state.hands[event.seat], event.card)
            return replace(state, hands=_put(state.hands, event.seat, hand), deck=state.deck[1:])
        return replace(state, round=state.round + 1, played=(0,) * state.players)

    def played(self, state: State, event: Played) -> State:
        hand = tuple(c for c in state.hands[event.seat] if c != event.card)
        return replace(
            state,
            hands=_put(state.hands, event.seat, hand),
            played=_put(state.played, event.seat, event.card),
        )

    def revealed(self, state: State, event: Revealed) -> State:
        score = state.scores[event.winner] + event.points
        return replace(
            state, scores=_put(state.scores, event.winner, score), last=event.cards, rng=event.rng
        )

    def pending(self, state: State) -> tuple[Decision, ...]:
        if state.round > self.rounds:
            return ()
        return tuple(
            Decision(
                seat=s,
                kind="play",
                prompt="Play a card.",
                default=self.default(state, s),
                options=tuple(Play(s, c) for c in state.hands[s]),
            )
            for s in range(state.players)
            if not state.played[s]
        )

    def default(self, state: State, seat: int) -> Any:
        return Play(seat, min(state.hands[seat]))

    def defaults(self, state: State, seats: Sequence[int] | None = None) -> Any:
        return ApplyDefaults(seats=tuple(seats or ()))

    def view(self, state: State, audience: Audience) -> Any:
        public = PublicView(
            round=state.round,
            scores=state.scores,
            ready=tuple(bool(p) for p in state.played),
            last=state.last,
            hand_sizes=tuple(len(h) for h in state.hands),
            deck_size=len(state.deck),
        )
        if isinstance(audience, Seat):
            return SeatView(public, state.hands[audience.seat], state.played[audience.seat])
        return public

    def event_view(self, event: Any, audience: Audience) -> Any:
        seat = audience.seat if isinstance(audience, Seat) else None
        if isinstance(event, Created):
            hands = tuple(h if s == seat else (0,) * len(h) for s, h in enumerate(event.hands))
            return replace(event, hands=hands, deck=(0,) * len(event.deck), rng=NO_RNG)
        if isinstance(event, Played | Drew):
            return event if event.seat == seat else replace(event, card=0)
        if isinstance(event, Revealed):
            return replace(event, rng=NO_RNG)
        return event

    def is_over(self, state: State) -> bool:
        return state.round > self.rounds

    def stage(self, state: State) -> Stage:
        return Stage(key=f"r{state.round}", kind="play", label=f"Round {state.round}")

    def checkpoint(self, event: Any) -> bool:
        return isinstance(event, RoundEnded)


def secret_variants(state: State, seat: int) -> list[State]:
    """The deck in another order; the seat's lowest card exchanged with the top of the deck; the
    card it played before the reveal exchanged with the top of the deck."""
    out = [replace(state, deck=state.deck[::-1])]
    hand = state.hands[seat]
    if state.deck and hand:
        low = min(hand)
        changed = tuple(state.deck[0] if c == low else c for c in hand)
        out.append(
            replace(state, hands=_put(state.hands, seat, changed), deck=(*state.deck[1:], low))
        )
    if state.deck and state.played[seat]:
        deck = (*state.deck[1:], state.played[seat])
        out.append(replace(state, played=_put(state.played, seat, state.deck[0]), deck=deck))
    return out


def every_card_once(state: State) -> None:
    """No card is in two places (played cards are spent at the reveal)."""
    held = [c for h in state.hands for c in h] + list(state.deck) + [c for c in state.played if c]
    assert len(held) == len(set(held)), f"a card in two places: {sorted(held)}"


def table(game: HighCard, **fields: Any) -> Table:
    return Table(
        game,
        players=fields.pop("players", 3),
        seed=fields.pop("seed", 1),
        secret_variants=secret_variants,
        invariants=every_card_once,
        **fields,
    )


def fails(check: str, game: HighCard, **fields: Any) -> str:
    """The message with which `check` fails `game` (a broken High Card); all the checks run
    together fail it with that check too."""
    with pytest.raises(AssertionError) as caught:
        conformance.CHECKS[check](table(game, **fields))
    message = str(caught.value)
    assert re.match(rf"{game.name} conformance, {check} check \(3 players, seed 1, ", message)
    with pytest.raises(AssertionError, match=rf"conformance, {check} check"):
        conformance.check_all(table(game, **fields))
    return message


# --- a sound game passes ----------------------------------------------------------------------


def test_a_sound_game_passes_every_check() -> None:
    report = conformance.check(
        HighCard(),
        players=[2, 3, 4],
        seeds=range(4),
        secret_variants=secret_variants,
        invariants=every_card_once,
    )
    assert report.games == 12
    assert report.commands >= 12 * HighCard.rounds
    assert report.compared > 1000
    assert report.refused == 0


@pytest.mark.parametrize("name", sorted(conformance.CHECKS))
def test_each_check_passes_the_sound_game_on_its_own(name: str) -> None:
    report = conformance.CHECKS[name](table(HighCard()))
    assert report.games >= 1 and report.commands >= HighCard.rounds


def test_the_global_random_is_left_as_it_was() -> None:
    random.seed(5)
    expected = random.random()
    random.seed(5)
    conformance.check_determinism(table(HighCard()))
    assert random.random() == expected


class SloppyPlayer(RandomPlayer):
    """Now and then plays a card it does not hold."""

    def move(self, state: State, seats: Collection[int]) -> Any | None:
        move = super().move(state, seats)
        if move is not None and self.dice.below(3) == 0:
            return replace(move, card=999)
        return move


class Sloppy(HighCard):
    name = "sloppy"
    players: Mapping[str, Callable[[int], Player]] = {
        "random": SloppyPlayer,
        "builtin": RandomPlayer,
    }


def test_a_refused_random_move_falls_back_on_the_default_as_the_host_does() -> None:
    report = conformance.check_all(table(Sloppy()))
    assert report.refused > 0


# --- ends ---------------------------------------------------------------------------------------


class NeverOver(HighCard):
    name = "never-over"

    def is_over(self, state: State) -> bool:
        return False


def test_a_game_that_waits_for_nobody_but_is_not_over_fails() -> None:
    assert "waits for nobody but is not over" in fails("ends", NeverOver())


class OverButWaiting(HighCard):
    name = "over-but-waiting"

    def is_over(self, state: State) -> bool:
        return state.round > 1


def test_a_game_over_with_decisions_pending_fails() -> None:
    assert "over but pending lists 3 decision(s)" in fails("ends", OverButWaiting())


class Endless(HighCard):
    """The played cards go back to their hands, and there is no last round."""

    name = "endless"
    rounds = 10**9

    def cards(self, players: int) -> int:
        return players * self.hand_size

    def evolve(self, state: State | None, event: Any) -> State:
        if isinstance(event, RoundEnded) and state is not None:
            hands = tuple((*h, p) for h, p in zip(state.hands, state.played, strict=True))
            state = replace(state, hands=hands)
        return super().evolve(state, event)


def test_a_game_that_does_not_end_within_the_bound_fails() -> None:
    assert "not over after 40 commands" in fails("ends", Endless(), max_moves=40)


# --- decisions --------------------------------------------------------------------------------


class NoSuchSeat(HighCard):
    name = "no-such-seat"

    def pending(self, state: State) -> tuple[Decision, ...]:
        return tuple(replace(d, seat=d.seat + 10) for d in super().pending(state))


def test_a_decision_for_a_seat_not_at_the_table_fails() -> None:
    assert "names seat 10, not a seat here" in fails("decisions", NoSuchSeat())


class IllegalDefault(HighCard):
    name = "illegal-default"

    def default(self, state: State, seat: int) -> Any:
        return Play(seat, 999)


def test_an_illegal_default_fails() -> None:
    message = fails("decisions", IllegalDefault())
    assert "the default of seat 0's 'play'" in message and "is refused: not_in_hand" in message


class IdleDefaults(HighCard):
    """Defaults for some seats only are accepted and do nothing."""

    name = "idle-defaults"

    def decide(self, state: State, command: Any) -> list[Any]:
        if isinstance(command, ApplyDefaults) and command.seats:
            return []
        return super().decide(state, command)


def test_defaults_that_make_no_progress_fail() -> None:
    assert "is accepted but causes no event" in fails("decisions", IdleDefaults())


# --- execute ----------------------------------------------------------------------------------


class ShortExecute(HighCard):
    """`execute` forgets to apply the last event of a round (its end)."""

    name = "short-execute"

    def execute(self, state: State, command: Any) -> tuple[list[Any], State]:
        events = self.decide(state, command)
        if isinstance(events[-1], RoundEnded):
            return events, replay(self, events[:-1], state)
        return events, replay(self, events, state)


def test_an_execute_that_does_not_fold_its_events_fails() -> None:
    assert "is not its events folded with evolve" in fails("execute", ShortExecute())


class ChattyExecute(HighCard):
    """`execute` tells the last event twice; `decide` once."""

    name = "chatty-execute"

    def execute(self, state: State, command: Any) -> tuple[list[Any], State]:
        events = self.decide(state, command)
        events += events[-1:]
        return events, replay(self, events, state)


def test_an_execute_that_tells_other_events_than_decide_fails() -> None:
    assert "execute gives other events than decide" in fails("execute", ChattyExecute())


class DiceInEvolve(HighCard):
    """`evolve` rolls the winner's points itself, with the global `random`."""

    name = "dice-in-evolve"

    def revealed(self, state: State, event: Revealed) -> State:
        return super().revealed(state, replace(event, points=random.randint(1, 6)))


def test_an_evolve_that_rolls_dice_fails() -> None:
    random.seed(3)  # the global random is this fault's: seeded, the test always sees it
    assert "is not its events folded with evolve" in fails("execute", DiceInEvolve())


class Stubborn(HighCard):
    """`execute` refuses to play a seat's highest card, which `decide` accepts."""

    name = "stubborn"

    def execute(self, state: State, command: Any) -> tuple[list[Any], State]:
        if isinstance(command, Play) and command.card == max(state.hands[command.seat]):
            raise RuleError("stubborn", "Not that one.")
        return super().execute(state, command)


def test_an_execute_that_refuses_what_decide_accepts_fails() -> None:
    assert "decide accepts it" in fails("execute", Stubborn())


class BadCode(Sloppy):
    """A refusal without a stable code."""

    name = "bad-code"

    def decide(self, state: State, command: Any) -> list[Any]:
        try:
            return super().decide(state, command)
        except RuleError as exc:
            raise RuleError("Not In Hand!", exc.message) from None


def test_a_refusal_without_a_stable_code_fails() -> None:
    assert "has no stable code" in fails("execute", BadCode())


# --- replay -----------------------------------------------------------------------------------


class Unlisted(HighCard):
    """`Drew` is missing from the game's event types: stored, it cannot be read back."""

    name = "unlisted"
    event_types = (Created, Played, Revealed, RoundEnded)


def test_an_event_that_does_not_round_trip_fails() -> None:
    assert '{"type":"Drew"' in fails("replay", Unlisted())


# --- determinism ------------------------------------------------------------------------------


class GlobalShuffle(HighCard):
    """The deck is shuffled with the global `random`."""

    name = "global-shuffle"

    def shuffle(self, dice: Dice, cards: list[int]) -> tuple[int, ...]:
        random.shuffle(cards)
        return tuple(cards)


def test_a_game_that_reads_the_global_random_fails() -> None:
    message = fails("determinism", GlobalShuffle())
    assert "set-up" in message and "two playouts with the same seed give different logs" in message


# --- views ------------------------------------------------------------------------------------


class Unencodable(HighCard):
    name = "unencodable"

    def view(self, state: State, audience: Audience) -> Any:
        return {"round": state.round, "table": object()}


def test_a_view_that_does_not_encode_fails() -> None:
    assert "does not encode to JSON" in fails("views", Unencodable())


class LeakyView(HighCard):
    """The public view shows every hand."""

    name = "leaky-view"

    def view(self, state: State, audience: Audience) -> Any:
        seen = super().view(state, audience)
        return {"view": seen, "hands": state.hands} if not isinstance(audience, Seat) else seen


def test_a_view_that_shows_a_seats_secret_fails() -> None:
    assert "the public sees a change in seat 0's secrets" in fails("views", LeakyView())


class LeakyDraw(HighCard):
    """Everybody is told which card each seat draws."""

    name = "leaky-draw"

    def event_view(self, event: Any, audience: Audience) -> Any:
        return event if isinstance(event, Drew) else super().event_view(event, audience)


def test_an_event_that_tells_a_seats_secret_fails() -> None:
    message = fails("views", LeakyDraw())
    assert re.search(r"the public learns seat \d's secrets from event \d+", message)
    assert '{"type":"Drew"' in message


class ForgetsReveals(HighCard):
    """The public view does not show the cards of the last reveal."""

    name = "forgets-reveals"

    def view(self, state: State, audience: Audience) -> Any:
        return super().view(replace(state, last=()), audience)


def test_a_reveal_is_no_leak_if_the_view_shows_it_too() -> None:
    """Played cards are secret until the reveal, which tells them: the sound game passes
    because its views show them too (`last`); a game whose views do not fails."""
    assert conformance.check_views(table(HighCard())).compared > 0
    message = fails("views", ForgetsReveals())
    assert "learns seat" in message and '{"type":"Revealed"' in message


class TellsTooSoon(HighCard):
    """Everybody is told which card each seat plays, before the reveal."""

    name = "tells-too-soon"

    def event_view(self, event: Any, audience: Audience) -> Any:
        return event if isinstance(event, Played) else super().event_view(event, audience)


def test_an_event_may_tell_a_secret_no_view_keeps_only_if_the_game_says_it_reveals() -> None:
    assert '{"type":"Played"' in fails("views", TellsTooSoon())
    declared = dataclasses.replace(table(TellsTooSoon()), reveals=lambda e: isinstance(e, Played))
    assert conformance.check_views(declared).compared > 0


# --- event views ------------------------------------------------------------------------------


class RngInEvents(HighCard):
    """The reveal is told with the random source."""

    name = "rng-in-events"

    def event_view(self, event: Any, audience: Audience) -> Any:
        return event if isinstance(event, Revealed) else super().event_view(event, audience)


def test_an_event_view_with_the_random_source_fails() -> None:
    message = fails("event_views", RngInEvents())
    assert "event_view(Revealed, the public) carries the random source's state" in message


class UnencodableEvents(HighCard):
    name = "unencodable-events"

    def event_view(self, event: Any, audience: Audience) -> Any:
        if isinstance(event, RoundEnded):
            return {"event": object()}
        return super().event_view(event, audience)


def test_an_event_view_that_does_not_encode_fails() -> None:
    assert "does not encode to JSON" in fails("event_views", UnencodableEvents())


# --- invariants -------------------------------------------------------------------------------


class CardInTwoPlaces(HighCard):
    """A played card stays in its hand too."""

    name = "card-in-two-places"

    def played(self, state: State, event: Played) -> State:
        return replace(state, played=_put(state.played, event.seat, event.card))


def test_a_broken_invariant_fails() -> None:
    assert "a card in two places" in fails("invariants", CardInTwoPlaces())


# --- stages -----------------------------------------------------------------------------------


class UnknownKind(HighCard):
    name = "unknown-kind"

    def stage(self, state: State) -> Stage:
        return replace(super().stage(state), kind="turn")


def test_a_stage_kind_that_is_no_deadline_kind_fails() -> None:
    assert "stage kind 'turn' is not one of the deadline kinds" in fails("stages", UnknownKind())


class SameKey(HighCard):
    name = "same-key"

    def stage(self, state: State) -> Stage:
        return Stage(key="playing", kind="play", label="Playing")


def test_a_key_that_stays_across_rounds_fails() -> None:
    message = fails("stages", SameKey())
    assert "RoundEnded is a checkpoint but the stage key stayed 'playing'" in message


class KeyComesBack(HighCard):
    name = "key-comes-back"

    def stage(self, state: State) -> Stage:
        return replace(super().stage(state), key=f"r{state.round % 2}")


def test_a_key_that_comes_back_fails() -> None:
    assert "the stage key 'r1' came back" in fails("stages", KeyComesBack())


class LabelWithoutKey(HighCard):
    """The label counts the cards played, the key does not change with it."""

    name = "label-without-key"

    def stage(self, state: State) -> Stage:
        done = sum(1 for p in state.played if p)
        return replace(super().stage(state), label=f"Round {state.round}, {done} played")


def test_a_new_stage_with_the_same_key_fails() -> None:
    assert "but its key stayed 'r1'" in fails("stages", LabelWithoutKey())


class VagueCheckpoint(HighCard):
    name = "vague-checkpoint"

    def checkpoint(self, event: Any) -> Any:
        return event if isinstance(event, RoundEnded) else None


def test_a_checkpoint_that_is_not_a_bool_fails() -> None:
    assert "checkpoint(Created) is None, not a bool" in fails("stages", VagueCheckpoint())
