"""The decide context of Smiths of Winterforge, and the checks the actions share: whose turn it
is, where the Smith stands, what a Prime Position allows, and the Crew abilities and solo Events
that change a number."""

from __future__ import annotations

from functools import cache

from engine.core.context import Context
from engine.core.errors import RuleError
from engine.core.rng import Dice
from games.winterforge.rules.content import Contract, load_pack
from games.winterforge.rules.events import Event, Placed
from games.winterforge.rules.evolve import HANDLERS
from games.winterforge.rules.state import ACTIONS_PER_TURN, LORDS, Guild, WinterforgeState

Ctx = Context[WinterforgeState, Event]

PLACE_NAMES: dict[str, str] = {
    "guildhall": "Guildhall",
    "market": "Market",
    "forge": "Forge",
    "tavern": "Tavern",
    "bank": "Bank",
    "shrine": "Shrine of Thommag",
    "auction-house": "Auction House",
    "thieves-guild": "Thieves' Guild",
    "runesmith": "Runesmith",
}


class WinterforgeContext(Context[WinterforgeState, Event]):
    """The engine's context, each event applied by its `evolve` handler straight away: a call
    fewer per event, and made without the generic constructor's arguments (one per command);
    the random source is read from the state's `rng` directly."""

    __slots__ = ()

    def __init__(self, state: WinterforgeState) -> None:
        self.state = state
        self.events = []
        self._dice = None

    def emit(self, event: Event) -> None:
        """Record `event` and apply it to `state` at once."""
        self.state = HANDLERS[type(event)](self.state, event)
        self.events.append(event)

    @property
    def dice(self) -> Dice:
        """The random source, started from the state's `Rng` the first time it is used."""
        if self._dice is None:
            self._dice = Dice(self.state.rng)
        return self._dice


def new_context(state: WinterforgeState) -> Ctx:
    """A context that applies this game's events as they are emitted."""
    return WinterforgeContext(state)


def contract_card(slug: str) -> Contract:
    """A Contract or Royal Contract by slug."""
    pack = load_pack()
    return pack.royals.get(slug) or pack.contracts[slug]


def require_turn(state: WinterforgeState, seat: int) -> Guild:
    """Refuse anything but the current Player's turn (and anything before the Royal Contracts are
    chosen); return the Player's guild."""
    if not state.turn.number and state.choosing:  # no Royal to choose once a turn has begun
        raise RuleError(
            "choosing_royal", "Every Player must first choose the Royal Contract to keep."
        )
    if seat != state.turn.seat:
        raise RuleError(
            "not_your_turn",
            f"It is Player {state.turn.seat + 1}'s turn; wait for yours.",
            current=state.turn.seat,
        )
    return state.guilds[seat]


def actions_allowed(state: WinterforgeState) -> int:
    """The actions of this turn: 3 (1 in Lords of Winterforge), a solo Event's change added."""
    base = 1 if state.variant == LORDS else ACTIONS_PER_TURN
    if not state.turn.event:  # no solo Event (asked at every command: the common case first)
        return base
    event = event_effect(state, "actions")
    return base + (event.amount if event is not None else 0)


def require_action(state: WinterforgeState) -> None:
    """Refuse an action when the turn's actions are spent."""
    turn = state.turn
    # `actions_allowed`, its common case (no solo Event) without the call.
    if turn.event:
        allowed = actions_allowed(state)
    else:
        allowed = 1 if state.variant == LORDS else ACTIONS_PER_TURN
    if turn.actions >= allowed:
        raise RuleError("no_actions", "You have used every action of this turn; end your turn.")


def prime_capacity(state: WinterforgeState) -> int:
    """ "There is an additional Prime Position when playing with 5 or more Players." """
    return 2 if state.players >= 5 else 1


def prime_free(state: WinterforgeState, place: str) -> bool:
    """Is a Prime Position of `place` free (precincts only: Alleyways have none)?"""
    # Asked by every Move and by the random player before it: no count and no capacity looked up
    # for the common single Prime Position.
    if place not in load_pack().links:
        return False
    primes = state.primes
    if state.players < 5:
        for p in primes:  # noqa: SIM110 (a loop, not `all` of a generator: cheaper)
            if p[0] == place:
                return False
        return True
    taken = 0
    for p in primes:
        taken += p[0] == place
    return taken < prime_capacity(state)


def enter(ctx: Ctx, seat: int, place: str, prime: bool) -> None:
    """Check that `seat` may take an action of `place` now, and in Lords of Winterforge place one
    of its Smiths there (on the Prime Position when `prime`)."""
    state = ctx.state
    g = state.guilds[seat]
    if state.turn.event:  # only a solo Event closes a place
        require_open(state, place)
    if state.variant == LORDS:
        if prime:
            if seat in state.day_primes:
                raise RuleError(
                    "prime_used_today",
                    "You have already occupied a Prime Position today; place this Smith "
                    "without it.",
                )
            if not prime_free(state, place):
                raise RuleError(
                    "prime_taken",
                    f"The Prime Position of the {PLACE_NAMES[place]} is taken; place this "
                    "Smith without it.",
                )
        ctx.emit(Placed(seat=seat, at=place, prime=prime))
        return
    if g.at != place:
        raise RuleError(
            "wrong_place",
            f"That is done in the {PLACE_NAMES[place]}; your Smith is in the "
            f"{PLACE_NAMES.get(g.at, g.at)}. Move there first.",
            place=place,
        )
    if prime:
        check_prime(state, seat)


def require_open(state: WinterforgeState, place: str) -> None:
    """Refuse any action of `place`, free actions included, while this turn's Event closes
    it."""
    if closed(state, place):
        raise RuleError(
            "closed",
            f"This turn's Event closes the {PLACE_NAMES[place]}; act somewhere else.",
            place=place,
        )


def check_prime(state: WinterforgeState, seat: int) -> None:
    """Refuse a Prime Position bonus `seat` may not use now."""
    g = state.guilds[seat]
    if state.turn.event and event_effect(state, "no_prime") is not None:
        raise RuleError("no_prime", "This turn's Event allows no Prime Position bonus.")
    if not g.prime:
        raise RuleError(
            "not_prime",
            "Your Smith is not on the Prime Position; only a move into a precinct can take it.",
        )
    if g.prime_used:
        raise RuleError(
            "prime_used",
            "You have used this Prime Position's bonus; leave and come back to use it again.",
        )


def present(state: WinterforgeState, seat: int, place: str) -> bool:
    """Is one of `seat`'s Smiths in `place` (for free actions)?"""
    g = state.guilds[seat]
    return place in g.placed if state.variant == LORDS else g.at == place


def ability(g: Guild, kind: str, skill: str | None = None) -> int:
    """The total `amount` of `g`'s Crew abilities of `kind` (for `forge_bonus`, those that apply
    to `skill` or to any)."""
    if not g.crew:
        return 0
    return _crew_ability(g.crew, kind, skill)


@cache
def _crew_ability(crew: tuple[str, ...], kind: str, skill: str | None) -> int:
    # Asked at almost every command (a free Move, a discount, a bonus) of a few Crew at a time:
    # worked out once per set of Crew.
    cards = load_pack().crew
    total = 0
    for slug in crew:
        a = cards[slug].ability
        if a.kind != kind:
            continue
        if skill is not None and a.skill not in ("any", skill):
            continue
        total += max(a.amount, 1)
    return total


@cache
def movers() -> frozenset[str]:
    """The Crew whose ability is an extra Move: a guild has one when its Crew are not disjoint
    from these (asked at every Move and every decision of a guild with Crew, so without
    `ability`'s call and key)."""
    return frozenset(
        slug for slug, card in load_pack().crew.items() if card.ability.kind == "extra_move"
    )


def event_effect(state: WinterforgeState, kind: str):
    """This turn's solo Event if it is of `kind`, else None."""
    if not state.turn.event:
        return None
    event = load_pack().events[state.turn.event]
    return event if event.kind == kind else None


def closed(state: WinterforgeState, place: str) -> bool:
    """Does this turn's Event close `place`?"""
    if not state.turn.event:
        return False
    event = event_effect(state, "closed")
    return event is not None and event.precinct == place


def discount(state: WinterforgeState, place: str) -> int:
    """This turn's Event discount on `place`'s costs."""
    if not state.turn.event:
        return 0
    event = event_effect(state, "discount")
    return event.amount if event is not None and event.precinct == place else 0


def pay(g: Guild, cost: int, what: str) -> None:
    """Refuse a payment `g` cannot make."""
    if cost > g.coin:
        raise RuleError(
            "coin",
            f"{what} costs {cost} Coin and you have {g.coin}.",
            cost=cost,
            coin=g.coin,
        )
