"""What each audience may see: one filter for the public, one for each seat.

"Things To Remember": each guild's Gold, upgrades, adventurers and completed contracts are public,
and so is the board. Orders before the reveal, stances before the reveal, private contracts, the
order of every deck, face-down cards, plans made in advance and the random source are not: they
appear only in their own seat's view, or nowhere. Views are built field by field from the state,
so nothing secret can reach a renderer by accident.
"""

from __future__ import annotations

import msgspec

from engine.core.game import Audience, Decision, Seat
from games.guild_master.rules.abilities import builder_change, min_bid
from games.guild_master.rules.content import Pack, load_pack
from games.guild_master.rules.pending import pending
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
)
from games.guild_master.rules.upgrades import builder_cost, income, order_spaces, team_size


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
    level: str  # the deck a face-down card came from (its back shows it)


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
    """A revealed order: team, objective and Gold (the plan behind it stays secret)."""

    space: int
    team: tuple[str, ...]
    objective: str
    gold: int
    status: str


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


def view(state: GameState, audience: Audience) -> PublicView | SeatView:
    """What `audience` may see of `state`."""
    pack = load_pack(state.pack)
    decisions = pending(state)
    public = public_view(state, pack, decisions)
    if not isinstance(audience, Seat):
        return public
    return seat_view(state, pack, public, audience.seat, decisions)


def public_view(
    state: GameState, pack: Pack, decisions: tuple[Decision, ...] | None = None
) -> PublicView:
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
                    space=o.space, team=o.team, objective=o.objective, gold=o.gold, status=o.status
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
    step = state.step
    extra: dict[str, object] = {}
    if isinstance(step, SetupStep):
        extra["dealt"] = step.dealt[seat]
    elif isinstance(step, OrderStep):
        extra["draft"] = step.drafts[seat]
    elif isinstance(step, ActionStep):
        extra["orders"] = step.orders[seat]
        head = step.queue[0] if step.queue else None
        if isinstance(head, ContestTask):
            extra["stance"] = head.stances.get(str(seat), "")
    return SeatView(
        seat=seat,
        public=public,
        private_contracts=state.guilds[seat].private_contracts,
        decisions=tuple(d for d in decisions if d.seat == seat),
        **extra,  # type: ignore[arg-type]
    )


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
