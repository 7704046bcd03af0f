"""What each audience may see: one filter for the public, one for each seat.

"Things To Remember": each guild's Gold, upgrades, adventurers and completed contracts are public,
and so is the board. Orders before the reveal, stances before the reveal, private contracts, the
order of every deck, face-down cards, plans made in advance and the random source are not: they
appear only in their own seat's view, or nowhere. Views are built field by field from the state,
so nothing secret can reach a renderer by accident.

Presentations render from views only, so whatever they show that the rules work out (minimum bids,
the Builder Cost, a guild's odds on its orders, the builds it may choose) is worked out here: the
public parts in `PublicView`, a guild's own in its `SeatView`. Views are built for every update the
bot posts, so the costlier parts of a seat's view are worked out only in the phases that show them.
The value types views carry and the objective codes are imported from here by presentations, which
never import the state's module.
"""

from __future__ import annotations

import msgspec

from engine.core.game import Audience, Decision, Seat
from games.guild_master.rules.abilities import builder_change, min_bid
from games.guild_master.rules.attempt_contract import chance, choose_target
from games.guild_master.rules.content import Pack, load_pack
from games.guild_master.rules.hire_builders import affordable_build, default_builds
from games.guild_master.rules.pending import pending
from games.guild_master.rules.private_and_wander import auto_fallback
from games.guild_master.rules.state import HIRE as HIRE
from games.guild_master.rules.state import NONE as NONE
from games.guild_master.rules.state import (
    ActionStep,
    CompletedContract,
    ContestTask,
    CoopChoice,
    EndStep,
    FameBreakdown,
    FinalScore,
    GameState,
    Order,
    OrderStep,
    OwnedSkillUpgrade,
    PlotStep,
    Proposal,
    SetupStep,
    SplitTerms,
    is_contract,
    is_recruit,
)
from games.guild_master.rules.state import Build as Build
from games.guild_master.rules.state import OrderOutcome as OrderOutcome
from games.guild_master.rules.state import Plan as Plan
from games.guild_master.rules.state import carries_gold as carries_gold
from games.guild_master.rules.treasury import free_gold
from games.guild_master.rules.upgrades import (
    allowed_builds,
    build_problem,
    builder_cost,
    income,
    order_spaces,
    team_size,
)


class _V(msgspec.Struct, frozen=True):
    pass


class AdventurerSpotView(_V):
    letter: str
    used: bool
    face_up: bool
    adventurer: str | None  # None when the top card is face down or the deck is empty
    min_bid: int | None
    cards_left: int


class ContractSpotView(_V):
    number: int
    used: bool
    face_up: bool
    contract: str | None  # None when face down or empty
    level: str  # the deck the card came from (a face-down card's back shows it); "" when empty


class BoardView(_V):
    adventurers: tuple[AdventurerSpotView, ...]
    contracts: tuple[ContractSpotView, ...]
    builder_marker: int
    builder_start: int
    builder_cost: int
    decks: dict[str, int]  # cards left in the common, heroic and legendary decks
    skill_supply: dict[str, int]
    core_supply: dict[str, int]
    prestige_supply: tuple[str, ...]


class GuildView(_V):
    seat: int
    identity: str
    gold: int
    fame: int
    adventurers: tuple[str, ...]
    skill_upgrades: tuple[OwnedSkillUpgrade, ...]
    stables: int
    mess_hall: int
    bar: int
    order_spaces: int
    team_size: int
    income: int
    prestige: str | None
    completed: tuple[CompletedContract, ...]
    private_contracts: int  # how many; which ones is the guild's secret
    fame_from: FameBreakdown
    fame_by_round: tuple[int, ...]


class OrderView(_V):
    """A revealed order: team, objective and Gold (the plan behind it stays secret), and what
    became of it so far (public: the channel tells each as it happens)."""

    space: int
    team: tuple[str, ...]
    objective: str
    gold: int
    status: str
    outcomes: tuple[OrderOutcome, ...] = ()


class ContestView(_V):
    space: int
    spot: int
    contract: str | None
    seats: tuple[int, ...]
    stage: str
    proposals: tuple[Proposal, ...]
    agreed: SplitTerms | None
    chosen: tuple[int, ...]  # seats that have chosen a stance (not which one)
    stances: dict[str, str]  # empty until the stances are revealed
    choices: dict[str, CoopChoice]


class CheckView(_V):
    key: str
    seat: int
    skill: str
    dice: tuple[int, ...]
    bonus: int
    fixers: tuple[int, ...]
    rerolls: int
    boons: tuple[str, ...]
    target: int | None


class Waiting(_V):
    seat: int
    kind: str


class OrderOutlook(_V):
    """What one of the guild's orders would do if it resolved now, for its order board and hand.
    Which fields are set depends on the objective; unset ones keep their defaults."""

    space: int
    build: Build | None = None  # Hire Builders: the first build of the plan its Gold affords
    min_bid: int | None = None  # Recruit: this guild's minimum bid for the face-up adventurer
    # No order card, with a team: the private contract it would attempt, or "wander"
    fallback: str = ""
    # A face-up contract (or that private contract): the target it goes for, and the chance of
    # reaching it alone (None: the team has none of its skills)
    skill: str = ""
    target: int = 0
    chance: float | None = None


class StanceOdds(_V):
    """A contesting guild's chances, for choosing its stance: its team alone with no penalty (as a
    lone cooperator), and conflicting (its target raised by its own dice)."""

    alone: float
    conflict: float
    conflict_target: int  # the card's target the team would conflict on, before the penalty


class PublicView(_V):
    game: str
    pack: str
    players: int
    short: bool
    rounds: int
    round: int
    moon: str
    blood_moon: bool
    phase: str
    board: BoardView
    guilds: tuple[GuildView, ...]
    waiting: tuple[Waiting, ...]
    ready: tuple[bool, ...] = ()  # Order Phase: who has hung the Guild Ribbon
    plot_order: tuple[int, ...] = ()
    orders: tuple[tuple[OrderView, ...], ...] = ()  # after the reveal
    contest: ContestView | None = None
    check: CheckView | None = None
    scores: tuple[FinalScore, ...] = ()
    winners: tuple[int, ...] = ()


class SeatView(_V):
    """One guild's view: the public view plus its own secrets and its own decisions."""

    seat: int
    public: PublicView
    private_contracts: tuple[str, ...]
    dealt: tuple[str, ...] = ()  # setup: the three commons dealt to this guild
    draft: tuple[Order, ...] = ()  # Order Phase: this guild's orders as planned
    orders: tuple[Order, ...] = ()  # Action Phase: this guild's orders, with their plans
    stance: str = ""  # this guild's stance before the reveal
    decisions: tuple[Decision, ...] = ()
    free_gold: int = 0  # Gold not placed on orders
    # Order Phase: this guild's minimum bid for each face-up adventurer, by spot letter
    min_bids: dict[str, int] = msgspec.field(default_factory=dict)
    # Order Phase: one per order of `draft`; Action Phase: one per order of `orders`
    outlook: tuple[OrderOutlook, ...] = ()
    # Builds the guild may choose, the suggested ones first (at most 22), and the documented
    # default builds: in the Order Phase (the options only with a Hire Builders order) and
    # when it is asked what to build
    build_options: tuple[Build, ...] = ()
    default_builds: tuple[Build, ...] = ()
    stance_odds: StanceOdds | None = None  # a contest choosing stances, this guild in it


def view(state: GameState, audience: Audience) -> PublicView | SeatView:
    """What `audience` may see of `state`."""
    _, pack, decisions, public = _shared(state)
    if not isinstance(audience, Seat):
        return public
    return seat_view(state, pack, public, audience.seat, decisions)


# The bot asks for several audiences' views of one state in a row (the channel's, then each
# guild's, as one update is posted): what they share, the pending decisions and the public view,
# is kept for the last few states asked about. By identity, which is sound because states are
# immutable; each entry holds its state, so no other state can take its id meanwhile.
_SHARED: dict[int, tuple[GameState, Pack, tuple[Decision, ...], PublicView]] = {}
_SHARED_SIZE = 64


def _shared(state: GameState) -> tuple[GameState, Pack, tuple[Decision, ...], PublicView]:
    kept = _SHARED.get(id(state))
    if kept is not None:
        return kept
    pack = load_pack(state.pack)
    decisions = pending(state)
    entry = (state, pack, decisions, public_view(state, pack, decisions))
    if len(_SHARED) >= _SHARED_SIZE:
        del _SHARED[next(iter(_SHARED))]  # the oldest
    _SHARED[id(state)] = entry
    return entry


def public_view(
    state: GameState, pack: Pack, decisions: tuple[Decision, ...] | None = None
) -> PublicView:
    """What everybody may see of `state`; `decisions` are its pending ones (worked out when not
    given)."""
    if decisions is None:
        decisions = pending(state)
    step = state.step
    extra: dict[str, object] = {}
    if isinstance(step, OrderStep):
        extra["ready"] = step.ready
    elif isinstance(step, PlotStep):
        extra["plot_order"] = step.order
    elif isinstance(step, ActionStep):
        extra["orders"] = tuple(
            tuple(
                OrderView(
                    space=o.space,
                    team=o.team,
                    objective=o.objective,
                    gold=o.gold,
                    status=o.status,
                    outcomes=o.outcomes,
                )
                for o in orders
            )
            for orders in step.orders
        )
        head = step.queue[0] if step.queue else None
        if isinstance(head, ContestTask):
            extra["contest"] = _contest(state, head)
        if step.check is not None:
            c = step.check
            extra["check"] = CheckView(
                key=c.key,
                seat=c.seat,
                skill=c.skill,
                dice=c.dice,
                bonus=c.bonus,
                fixers=c.fixers,
                rerolls=c.rerolls,
                boons=c.boons,
                target=c.target,
            )
    elif isinstance(step, EndStep):
        extra["scores"] = step.scores
        extra["winners"] = step.winners
    return PublicView(
        game="guild-master",
        pack=state.pack,
        players=state.players,
        short=state.short,
        rounds=state.rounds,
        round=state.round,
        moon=state.moon,
        blood_moon=state.blood_moon,
        phase=state.phase.value,
        board=_board(state, pack),
        guilds=tuple(_guild(state, pack, g.seat) for g in state.guilds),
        waiting=tuple(Waiting(seat=d.seat, kind=d.kind) for d in decisions),
        **extra,  # type: ignore[arg-type]
    )


def seat_view(
    state: GameState,
    pack: Pack,
    public: PublicView,
    seat: int,
    decisions: tuple[Decision, ...],
) -> SeatView:
    """What guild `seat` alone may see, beside `public`."""
    step = state.step
    mine = tuple(d for d in decisions if d.seat == seat)
    extra: dict[str, object] = {}
    asked_builds = any(d.kind == "builds" for d in mine)
    if isinstance(step, SetupStep):
        extra["dealt"] = step.dealt[seat]
    elif isinstance(step, OrderStep):
        draft = step.drafts[seat]
        extra["draft"] = draft
        extra["outlook"] = tuple(_outlook(state, pack, seat, o) for o in draft)
        extra["min_bids"] = {
            a.letter: min_bid(state, pack, a.deck[0], seat)
            for a in state.board.adventurers
            if a.used and a.deck and a.face_up
        }
        extra["default_builds"] = default_builds(state, pack, seat)
        asked_builds = asked_builds or any(o.objective == HIRE for o in draft)
    elif isinstance(step, ActionStep):
        orders = step.orders[seat]
        extra["orders"] = orders
        extra["outlook"] = tuple(_outlook(state, pack, seat, o) for o in orders)
        head = step.queue[0] if step.queue else None
        if isinstance(head, ContestTask):
            extra["stance"] = head.stances.get(str(seat), "")
            if head.stage == "stances" and seat in head.seats:
                extra["stance_odds"] = _stance_odds(state, pack, seat, step, head)
    if asked_builds:
        extra["build_options"] = _build_options(state, pack, seat)
        if "default_builds" not in extra:
            extra["default_builds"] = default_builds(state, pack, seat)
    return SeatView(
        seat=seat,
        public=public,
        private_contracts=state.guilds[seat].private_contracts,
        decisions=mine,
        free_gold=free_gold(state, seat),
        **extra,  # type: ignore[arg-type]
    )


def _outlook(state: GameState, pack: Pack, seat: int, order: Order) -> OrderOutlook:
    space, team, code = order.space, order.team, order.objective
    if code == HIRE:
        build = affordable_build(state, pack, seat, order.gold, order.plan.builds or ())
        return OrderOutlook(space=space, build=build)
    if is_recruit(code):
        spot = state.board.adventurers["ABCDEF".index(code)]
        bid = min_bid(state, pack, spot.deck[0], seat) if spot.deck and spot.face_up else None
        return OrderOutlook(space=space, min_bid=bid)
    if not team:
        return OrderOutlook(space=space)
    fallback = ""
    if is_contract(code):
        card = state.board.contracts[int(code) - 1]
        if not (card.card and card.face_up):
            return OrderOutlook(space=space)
        contract, preferred = pack.contracts[card.card], order.plan.skill
    else:
        fallback = auto_fallback(state, pack, seat, team)
        if fallback == "wander":
            return OrderOutlook(space=space, fallback=fallback)
        contract, preferred = pack.contracts[fallback], ""
    target = choose_target(state, pack, seat, team, contract, preferred)
    if target is None:
        return OrderOutlook(space=space, fallback=fallback)
    return OrderOutlook(
        space=space,
        fallback=fallback,
        skill=target[0],
        target=target[1],
        chance=chance(state, pack, seat, team, *target),
    )


def _stance_odds(
    state: GameState, pack: Pack, seat: int, step: ActionStep, task: ContestTask
) -> StanceOdds | None:
    order = step.order(seat, task.space)
    card = state.board.contracts[task.spot - 1].card
    if order is None or card is None:
        return None
    contract = pack.contracts[card]
    team, skill = order.team, order.plan.skill
    alone = choose_target(state, pack, seat, team, contract, skill)
    hard = choose_target(state, pack, seat, team, contract, skill, conflict=True)
    if alone is None or hard is None:
        return None
    return StanceOdds(
        alone=chance(state, pack, seat, team, *alone),
        conflict=chance(state, pack, seat, team, *hard, conflict=True),
        conflict_target=hard[1],
    )


def _build_options(state: GameState, pack: Pack, seat: int) -> tuple[Build, ...]:
    """Builds the guild may choose now, the suggested ones (the default builds it may build)
    first; a skill and a core upgrade together only among the suggested ones."""
    g = state.guilds[seat]
    suggested = [
        b for b in default_builds(state, pack, seat) if build_problem(state, pack, g, b) is None
    ]
    allowed = allowed_builds(state, pack, seat, combined=False)
    return tuple(dict.fromkeys([*suggested, *allowed]))[:22]


def _board(state: GameState, pack: Pack) -> BoardView:
    b = state.board
    spots = []
    for a in b.adventurers:
        top = a.deck[0] if a.deck and a.face_up else None
        spots.append(
            AdventurerSpotView(
                letter=a.letter,
                used=a.used,
                face_up=a.face_up and bool(a.deck),
                adventurer=top,
                min_bid=min_bid(state, pack, top) if top else None,
                cards_left=len(a.deck),
            )
        )
    contracts = tuple(
        ContractSpotView(
            number=c.number,
            used=c.used,
            face_up=c.face_up and c.card is not None,
            contract=c.card if c.face_up else None,
            level=c.level,
        )
        for c in b.contracts
    )
    return BoardView(
        adventurers=tuple(spots),
        contracts=contracts,
        builder_marker=b.builder_marker,
        builder_start=b.builder_start,
        builder_cost=builder_cost(pack, b, builder_change(state, pack)),
        decks={"common": len(b.common), "heroic": len(b.heroic), "legendary": len(b.legendary)},
        skill_supply=dict(b.skill_supply),
        core_supply=dict(b.core_supply),
        prestige_supply=b.prestige_supply,
    )


def _guild(state: GameState, pack: Pack, seat: int) -> GuildView:
    g = state.guilds[seat]
    return GuildView(
        seat=g.seat,
        identity=g.identity,
        gold=g.gold,
        fame=g.fame,
        adventurers=g.adventurers,
        skill_upgrades=g.skill_upgrades,
        stables=g.stables,
        mess_hall=g.mess_hall,
        bar=g.bar,
        order_spaces=order_spaces(pack, g),
        team_size=team_size(pack, g),
        income=income(pack, g),
        prestige=g.prestige,
        completed=g.completed,
        private_contracts=len(g.private_contracts),
        fame_from=g.fame_from,
        fame_by_round=g.fame_by_round,
    )


def _contest(state: GameState, task: ContestTask) -> ContestView:
    revealed = task.stage != "stances"
    return ContestView(
        space=task.space,
        spot=task.spot,
        contract=state.board.contracts[task.spot - 1].card,
        seats=task.seats,
        stage=task.stage,
        proposals=task.proposals,
        agreed=task.agreed,
        chosen=tuple(s for s in task.seats if str(s) in task.stances),
        stances=dict(task.stances) if revealed else {},
        choices=dict(task.choices),
    )
