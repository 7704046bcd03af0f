"""Events as each audience may know them: the event-side twin of `views.py`'s one filter per
audience.

`event_view(event, audience)` is the event itself when it holds nothing secret; a copy of the same
type with the secret parts blanked for an audience that may not see them; or None when that
audience may not even know the event happened (a guild's draft orders, the answers it gives its
own plan). A blanked card becomes "" and a blanked plan the default `Plan()`, so how many cards
there were stays told, as it is on the table. The random source's state (`rng`) predicts every
future draw, so it is replaced by a neutral value for every audience, the event's own guild too.

Narration dispatches on the event's type, so every view keeps it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from engine.core.game import Audience, Seat
from engine.core.rng import Rng
from games.guild_master.rules import events as ev
from games.guild_master.rules.events import Event
from games.guild_master.rules.state import (
    AttemptTask,
    Board,
    ContestTask,
    Guild,
    Order,
    Plan,
    Task,
)

NO_RNG = Rng(state=0)
NO_PLAN = Plan()
HIDDEN = ""  # a card the audience may not see

Filter = Callable[[Any, Audience], Any]
_FILTERS: dict[type, Filter] = {}


def event_view(event: Event, audience: Audience) -> Event | None:
    """`event` as `audience` may know it (see the module's docstring)."""
    kind = type(event)
    fn = _FILTERS.get(kind)
    if fn is not None:
        return fn(event, audience)
    if kind in _RNG_ONLY:
        return replace(event, rng=NO_RNG)
    return event


def _filter(*kinds: type) -> Callable[[Filter], Filter]:
    def register(fn: Filter) -> Filter:
        for kind in kinds:
            _FILTERS[kind] = fn
        return fn

    return register


def _mine(audience: Audience, seat: int) -> bool:
    return isinstance(audience, Seat) and audience.seat == seat


def _blank(cards: tuple[str, ...]) -> tuple[str, ...]:
    return (HIDDEN,) * len(cards)


def _own_only(
    per_seat: tuple[tuple[str, ...], ...], audience: Audience
) -> tuple[tuple[str, ...], ...]:
    """Cards held per seat, each seat's blanked but the audience's own."""
    return tuple(
        cards if _mine(audience, seat) else _blank(cards) for seat, cards in enumerate(per_seat)
    )


def _board(b: Board) -> Board:
    """The board as everybody sees it: the order of every deck and every face-down card blanked
    (how many cards each deck holds is public). Discards and supplies are face up."""
    spots = tuple(
        replace(a, deck=(a.deck[0], *_blank(a.deck[1:])) if a.face_up else _blank(a.deck))
        if a.deck
        else a
        for a in b.adventurers
    )
    contracts = tuple(
        c if c.face_up or c.card is None else replace(c, card=HIDDEN) for c in b.contracts
    )
    return replace(
        b,
        adventurers=spots,
        contracts=contracts,
        common=_blank(b.common),
        heroic=_blank(b.heroic),
        legendary=_blank(b.legendary),
    )


def _guilds(guilds: tuple[Guild, ...], audience: Audience) -> tuple[Guild, ...]:
    """Guilds with every private contract blanked but the audience's own."""
    return tuple(
        g
        if _mine(audience, g.seat) or not g.private_contracts
        else replace(g, private_contracts=_blank(g.private_contracts))
        for g in guilds
    )


# --- the table: the deal, the decks and the face-down cards ------------------------------------


@_filter(ev.GameCreated)
def _created(e: ev.GameCreated, audience: Audience) -> ev.GameCreated:
    return replace(
        e,
        board=_board(e.board),
        guilds=_guilds(e.guilds, audience),
        dealt=_own_only(e.dealt, audience),
        rng=NO_RNG,
    )


@_filter(ev.ScenarioArranged)
def _arranged(e: ev.ScenarioArranged, audience: Audience) -> ev.ScenarioArranged:
    return replace(e, board=_board(e.board), guilds=_guilds(e.guilds, audience), rng=NO_RNG)


@_filter(ev.ContractReplaced)
def _replaced(e: ev.ContractReplaced, _audience: Audience) -> ev.ContractReplaced:
    """The replacement lies face down: nobody sees which card it is, only its deck."""
    return e if e.card is None else replace(e, card=HIDDEN)


@_filter(ev.ContractsDealt)
def _dealt(e: ev.ContractsDealt, _audience: Audience) -> ev.ContractsDealt:
    """Dealt face down: the spot and the deck are public, the card is not."""
    return replace(e, cards=tuple((spot, level, HIDDEN) for spot, level, _ in e.cards))


# --- one guild's secrets -----------------------------------------------------------------------


@_filter(ev.SetupChosen)
def _setup_chosen(e: ev.SetupChosen, audience: Audience) -> ev.SetupChosen:
    """Both choices are revealed together at the end of setup (`SetupFinished`)."""
    return e if _mine(audience, e.seat) else replace(e, contract=HIDDEN, side=HIDDEN)


@_filter(ev.SetupFinished)
def _setup_finished(e: ev.SetupFinished, audience: Audience) -> ev.SetupFinished:
    """The placed contracts and the sides are revealed; the two commons each guild keeps are its
    private contracts."""
    return replace(e, private=_own_only(e.private, audience))


@_filter(ev.PrivateContractDrawn)
def _drawn(e: ev.PrivateContractDrawn, audience: Audience) -> ev.PrivateContractDrawn:
    return e if _mine(audience, e.seat) else replace(e, contract=HIDDEN)


@_filter(ev.OrdersDrafted, ev.PlanAnswered)
def _own_event(e: ev.OrdersDrafted | ev.PlanAnswered, audience: Audience) -> Event | None:
    """A guild planning its orders, or answering its own plan's open question, does so at its
    order board: nobody else learns that it did, let alone what."""
    return e if _mine(audience, e.seat) else None


@_filter(ev.OrdersRevealed)
def _revealed(e: ev.OrdersRevealed, audience: Audience) -> ev.OrdersRevealed:
    """Team, objective and Gold are revealed; the plan behind each order stays its guild's."""
    return replace(
        e,
        orders=tuple(
            orders if _mine(audience, seat) else tuple(_planless(o) for o in orders)
            for seat, orders in enumerate(e.orders)
        ),
    )


def _planless(order: Order) -> Order:
    return order if order.plan == NO_PLAN else replace(order, plan=NO_PLAN)


@_filter(ev.StanceChosen)
def _stance(e: ev.StanceChosen, audience: Audience) -> ev.StanceChosen:
    """That the guild has chosen is public (its token lies on the table), not which side."""
    return e if _mine(audience, e.seat) else replace(e, stance=HIDDEN)


@_filter(ev.TasksChanged)
def _tasks(e: ev.TasksChanged, audience: Audience) -> ev.TasksChanged:
    """Tasks may name a guild's secrets: the stances chosen so far in a contest still choosing
    them, and the private contract a team falls back on (told to all by the skill check that
    follows). Each guild sees its own."""
    if not any(_secret_task(t) for t in e.push):
        return e
    return replace(e, push=tuple(_task(t, audience) for t in e.push))


def _secret_task(task: Task) -> bool:
    if isinstance(task, ContestTask):
        return task.stage == "stances" and bool(task.stances)
    return isinstance(task, AttemptTask) and bool(task.private)


def _task(task: Task, audience: Audience) -> Task:
    if not _secret_task(task):
        return task
    if isinstance(task, ContestTask):
        stances = {s: v for s, v in task.stances.items() if _mine(audience, int(s))}
        return replace(task, stances=stances)
    assert isinstance(task, AttemptTask)
    return task if _mine(audience, task.seat) else replace(task, private=HIDDEN)


@_filter(ev.EffectPaused)
def _paused(e: ev.EffectPaused, audience: Audience) -> ev.EffectPaused:
    """The cards an effect drew or peeked at are seen by its owner alone; how many is public."""
    p = e.prompt
    if _mine(audience, p.seat):
        return e
    return replace(e, prompt=replace(p, drawn=_blank(p.drawn), seen=_blank(p.seen)))


@_filter(ev.DrawnKept)
def _drawn_kept(e: ev.DrawnKept, audience: Audience) -> ev.DrawnKept:
    if _mine(audience, e.seat):
        return e
    return replace(e, kept=_blank(e.kept), returned=_blank(e.returned))


@_filter(ev.PeekArranged)
def _peek_arranged(e: ev.PeekArranged, audience: Audience) -> ev.PeekArranged:
    return e if _mine(audience, e.seat) else replace(e, bottom=_blank(e.bottom))


# Events that record the random source and hold no other secret: only their `rng` is replaced.
_RNG_ONLY: frozenset[type] = frozenset(
    kind for kind in ev.EVENT_TYPES if "rng" in kind.__struct_fields__ and kind not in _FILTERS
)
