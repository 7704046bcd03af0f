"""The decide context of Guildmasters and the checks the rules share: whose turn it is, what a
guild that has passed may no longer do, and drawing from the adventurer deck."""

from __future__ import annotations

from engine.core.context import Context
from engine.core.errors import RuleError
from engine.core.rng import Rng
from games.guildmasters.rules.events import Drew, Event, Reshuffled
from games.guildmasters.rules.evolve import APPLY, evolve
from games.guildmasters.rules.state import MAIN, GuildmastersState


class Ctx(Context[GuildmastersState, Event]):
    """The engine's decide context, applying each event by its own rule in `evolve.APPLY`: one
    call fewer for every event (a random game emits some 730)."""

    __slots__ = ()

    def emit(self, event: Event) -> None:
        """Record `event` and apply it to `state` at once."""
        self.state = APPLY[type(event)](self.state, event)
        self.events.append(event)


def _rng_of(state: GuildmastersState) -> Rng:
    return state.rng


def new_context(state: GuildmastersState) -> Ctx:
    """A context that applies this game's events as they are emitted."""
    return Ctx(state, evolve, _rng_of)


def name(seat: int) -> str:
    return f"Guild {seat + 1}"


def require_turn(state: GuildmastersState, seat: int) -> None:
    """Refuse anything but the current guild's own move in the main phase, with nothing else
    (a reaction, a choice, a quest) still open."""
    if state.phase != MAIN or state.turn is None:
        raise RuleError("not_main_phase", "The draft is on: pick a card from your pack first.")
    if state.window is not None:
        raise RuleError(
            "reaction_open", f"Wait until every guild has answered the {state.window.about}."
        )
    if seat != state.turn.seat:
        raise RuleError(
            "not_your_turn",
            f"It is {name(state.turn.seat)}'s turn; wait for yours.",
            current=state.turn.seat,
        )
    if state.ability is not None or state.attempt is not None:
        raise RuleError("finish_first", "Finish the ability you are using first.")
    if state.guilds[seat].passed:
        raise RuleError(
            "passed",
            "You have passed: you draw a card each turn, and act again after the next draft.",
        )


def ensure_deck(ctx: Ctx) -> None:
    """When the adventurer deck runs out (our ruling), the discard pile shuffled is the new
    deck."""
    state = ctx.state
    if not state.deck and state.discard:
        deck = ctx.dice.shuffled(state.discard)
        ctx.emit(Reshuffled(deck=deck, rng=ctx.rng))


def draw(ctx: Ctx, seat: int) -> None:
    """`seat` draws the top card of the deck (reshuffling the discard pile if it is empty)."""
    ensure_deck(ctx)
    if ctx.state.deck:
        ctx.emit(Drew(seat=seat, card=ctx.state.deck[0]))
