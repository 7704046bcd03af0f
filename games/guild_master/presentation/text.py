"""Text for people: names of guilds and cards, and one line per event as a given audience may
read it. Each event is narrated from its audience's event view (`event_views.py`), in which the
secret parts it may not see (drafted orders, chosen stances, private contracts, face-down cards,
the deal) are blanked or the whole event is missing; the wording still says "you" to the event's
own guild.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.core.game import Audience, Seat
from games.guild_master.rules import events as ev
from games.guild_master.rules.cards import SKILLS
from games.guild_master.rules.content import Pack, load_pack
from games.guild_master.rules.views import HIRE, NONE, PublicView, SeatView

SKILL_NAMES = {s: s.capitalize() for s in SKILLS}
LEVEL_NAMES = {"common": "Common", "heroic": "Heroic", "legendary": "Legendary"}
CORE_NAMES = {"stables": "Stables", "mess_hall": "Mess Hall", "bar": "Bar"}


class Names:
    """Display names. Guilds are called by their player's name when one is given."""

    def __init__(self, pack: Pack, players: Sequence[str] = ()) -> None:
        self.pack = pack
        self.players = list(players)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled with the pack's name when the pack is a packaged one (pictures are drawn in
        another process): the whole pack takes ~250 µs to pickle and 32 KB, its name nothing,
        and the other process loads the pack once."""
        if _is_packaged(self.pack):
            return (_names_of_pack, (self.pack.name, self.players))
        return (Names, (self.pack, self.players))

    def guild(self, seat: int) -> str:
        identity = self.pack.guilds[seat]
        if seat < len(self.players) and self.players[seat]:
            return f"{identity.symbol} {self.players[seat]}"
        return f"{identity.symbol} {identity.name}"

    def guilds(self, seats: Sequence[int]) -> str:
        names = [self.guild(s) for s in seats]
        if len(names) < 2:
            return names[0] if names else "nobody"
        return ", ".join(names[:-1]) + " and " + names[-1]

    def adventurer(self, slug: str) -> str:
        a = self.pack.adventurers.get(slug)
        return f"{a.name} {a.title}" if a else slug

    def short(self, slug: str) -> str:
        a = self.pack.adventurers.get(slug)
        return a.name if a else slug

    def contract(self, slug: str) -> str:
        c = self.pack.contracts.get(slug)
        return c.name if c else slug

    def upgrade(self, slug: str) -> str:
        for table in (self.pack.skill_upgrades, self.pack.core_upgrades, self.pack.prestige):
            if slug in table:
                return table[slug].name
        return slug

    def objective(self, code: str) -> str:
        if code == HIRE:
            return "Hire Builders"
        if code == NONE:
            return "a private contract or wander"
        if code in "ABCDEF":
            return f"Recruit {code}"
        return f"Contract {code}"

    def team(self, slugs: Sequence[str]) -> str:
        return ", ".join(self.short(s) for s in slugs)


def _is_packaged(pack: Pack) -> bool:
    try:
        return load_pack(pack.name) is pack
    except KeyError:  # a pack made in memory (tests) has no packaged namesake
        return False


def _names_of_pack(pack: str, players: list[str]) -> Names:
    return Names(load_pack(pack), players)


def plural(count: int, word: str, words: str = "") -> str:
    """`count` and the word, in the singular for one ("1 Builder", "2 Builders")."""
    return f"{count} {word if count == 1 else words or word + 's'}"


def article(word: str) -> str:
    """The indefinite article before `word` ("an Arcane", "a Might")."""
    return "an" if word[:1].lower() in "aeiou" else "a"


def _dice(dice: Sequence[int]) -> str:
    return " ".join(f"[{d}]" for d in dice) if dice else "no dice"


def _gold(n: int) -> str:
    return f"{n} Gold"


def _fame(n: int) -> str:
    return f"{n} Fame"


View = PublicView | SeatView
Line = Callable[[Any, PublicView, Audience, Names], str | None]
_LINES: dict[type, Line] = {}


def _line(*classes: type) -> Callable[[Line], Line]:
    def register(fn: Line) -> Line:
        for cls in classes:
            _LINES[cls] = fn
        return fn

    return register


def narrate(event: Any, view: View, audience: Audience, names: Names) -> str | None:
    """One line telling `audience` what an event did, or None when it shows nothing to them.

    `event` is the event as `audience` may know it (`GuildMaster.event_view`; None when it may
    not know it happened), `view` the audience's view after it: the view of the state the update
    ends in will do, as a line reads from it only what no later event of the same update changes
    (the number of rounds, and the event contracts face up at the Start of Round)."""
    fn = _LINES.get(type(event))
    if fn is None:
        return None
    public = view.public if isinstance(view, SeatView) else view
    return fn(event, public, audience, names)


def _own(audience: Audience, seat: int) -> bool:
    return isinstance(audience, Seat) and audience.seat == seat


# --- setup and rounds ---------------------------------------------------------------------------


@_line(ev.GameCreated)
def _created(e: ev.GameCreated, _v: Any, who: Audience, n: Names) -> str:
    kind = "short game (6 rounds)" if e.short else "game of 9 rounds"
    line = f"A {kind} of Guild Master begins for {e.players} guilds."
    if isinstance(who, Seat):
        dealt = ", ".join(n.contract(c) for c in e.dealt[who.seat])
        line += f" You were dealt {dealt}."
    return line


@_line(ev.SetupChosen)
def _setup_chosen(e: ev.SetupChosen, _v: Any, who: Audience, n: Names) -> str:
    if _own(who, e.seat):
        return f"You place {n.contract(e.contract)} on the board, {e.side} side up."
    return f"{n.guild(e.seat)} has made its setup choices."


@_line(ev.SetupFinished)
def _setup_finished(e: ev.SetupFinished, _v: Any, who: Audience, n: Names) -> str:
    placed = "; ".join(f"spot {spot}: {n.contract(c)}" for spot, c in e.placements)
    line = f"The guilds' contracts go on the board — {placed}."
    if isinstance(who, Seat):
        private = ", ".join(n.contract(c) for c in e.private[who.seat])
        line += f" Your private contracts: {private}."
    return line


@_line(ev.RoundStarted)
def _round(e: ev.RoundStarted, v: PublicView, _w: Any, _n: Any) -> str:
    moon = "Half Moon" if e.round % 2 else "Full Moon"
    blood = ", Blood Moon" if e.round % 3 == 0 else ""
    return f"— Round {e.round} of {v.rounds} ({moon}{blood}) —"


@_line(ev.EventsAnnounced)
def _events(e: ev.EventsAnnounced, v: PublicView, _w: Any, n: Names) -> str:
    parts = []
    for spot in e.spots:
        card = v.board.contracts[spot - 1].contract
        if card:
            effect = n.pack.contracts[card].effect("event")
            parts.append(f"{n.contract(card)} (spot {spot}): {effect.text if effect else ''}")
    return "Events on the board: " + " | ".join(parts)


@_line(ev.PrivateContractDrawn)
def _drawn(e: ev.PrivateContractDrawn, _v: Any, who: Audience, n: Names) -> str:
    if _own(who, e.seat):
        return f"You draw a private contract: {n.contract(e.contract)}."
    return f"{n.guild(e.seat)} draws a private contract."


@_line(ev.FameOrderRolled)
def _fame_order(e: ev.FameOrderRolled, _v: Any, _w: Any, n: Names) -> str:
    rolls = "; ".join(", ".join(f"{n.guild(s)} rolls {d}" for s, d in group) for group in e.rolls)
    return f"Tied in Fame for {e.purpose}: {rolls}. Order: {n.guilds(e.order)}."


@_line(ev.PlotPhaseStarted)
def _plot(e: ev.PlotPhaseStarted, _v: Any, _w: Any, n: Names) -> str:
    if not e.order:
        return "Plot Phase: no plot abilities are active this round."
    return f"Plot Phase, in Fame order: {n.guilds(e.order)}."


@_line(ev.PlotAbilityUsed)
def _plot_used(e: ev.PlotAbilityUsed, _v: Any, _w: Any, n: Names) -> str:
    target = f" on {n.guild(e.target)}" if e.target is not None else ""
    return f"{n.guild(e.seat)} uses {n.adventurer(e.adventurer)}'s ability{target}."


@_line(ev.PlotBoonUsed)
def _plot_boon(e: ev.PlotBoonUsed, _v: Any, _w: Any, n: Names) -> str:
    target = f" on {n.guild(e.target)}" if e.target is not None else ""
    return f"{n.guild(e.seat)} discards {n.contract(e.contract)} for its boon{target}."


@_line(ev.EffectPaused)
def _paused(e: ev.EffectPaused, _v: Any, who: Audience, n: Names) -> str:
    p = e.prompt
    if _own(who, p.seat):
        if p.drawn:
            return (
                "You draw " + ", ".join(n.contract(c) for c in p.drawn) + "; choose what to keep."
            )
        if p.seen:
            return "You look at " + ", ".join(n.contract(c) for c in p.seen) + "."
        return "You have free Builders; choose what to build."
    if p.drawn:
        return f"{n.guild(p.seat)} draws {len(p.drawn)} contracts and chooses which to keep."
    if p.seen:
        return f"{n.guild(p.seat)} looks at the top of a contract deck in secret."
    return f"{n.guild(p.seat)} chooses what to build with free Builders."


@_line(ev.DrawnKept)
def _drawn_kept(e: ev.DrawnKept, _v: Any, who: Audience, n: Names) -> str:
    if _own(who, e.seat):
        kept = ", ".join(n.contract(c) for c in e.kept)
        what = "a private contract" if len(e.kept) == 1 else "private contracts"
        return f"You keep {kept} as {what}; the rest go back on top of the deck."
    return (
        f"{n.guild(e.seat)} keeps {plural(len(e.kept), 'private contract')} and puts "
        f"{len(e.returned)} back on top of the Common deck."
    )


@_line(ev.PeekArranged)
def _peek_arranged(e: ev.PeekArranged, _v: Any, who: Audience, n: Names) -> str:
    if _own(who, e.seat):
        if not e.bottom:
            return "You leave the cards on top."
        return "You put " + ", ".join(n.contract(c) for c in e.bottom) + " on the bottom."
    return f"{n.guild(e.seat)} puts {len(e.bottom)} card(s) on the bottom of the {e.level} deck."


@_line(ev.FreeBuildersHired)
def _free_hired(e: ev.FreeBuildersHired, _v: Any, _w: Any, n: Names) -> str:
    builders = plural(e.count, "Builder")
    return f"{n.guild(e.seat)} hires {builders} for free (the marker still moves)."


@_line(ev.FreeBuildersDeclined)
def _free_declined(e: ev.FreeBuildersDeclined, _v: Any, _w: Any, n: Names) -> str:
    return f"{n.guild(e.seat)} builds nothing with its free Builders."


@_line(ev.GoldAnnounced)
def _gold_announced(e: ev.GoldAnnounced, _v: Any, _w: Any, n: Names) -> str:
    return "Gold: " + ", ".join(f"{n.guild(s)} {g}" for s, g in enumerate(e.gold)) + "."


@_line(ev.OrderPhaseStarted)
def _order_phase(_e: Any, _v: Any, _w: Any, _n: Any) -> str:
    return "Order Phase: guilds assign their orders in secret."


@_line(ev.OrdersDrafted)
def _drafted(e: ev.OrdersDrafted, _v: Any, who: Audience, n: Names) -> str | None:
    if not _own(who, e.seat):
        return None
    plan = "; ".join(
        f"{o.space}: {n.team(o.team)} → {n.objective(o.objective)}"
        + (f" with {_gold(o.gold)}" if o.gold else "")
        for o in e.orders
    )
    return f"Your orders: {plan or 'none'}."


@_line(ev.ReadyChanged)
def _ready(e: ev.ReadyChanged, _v: Any, _w: Any, n: Names) -> str:
    return f"{n.guild(e.seat)} is {'ready' if e.ready else 'no longer ready'}."


@_line(ev.OrdersRevealed)
def _revealed(e: ev.OrdersRevealed, _v: Any, _w: Any, n: Names) -> str:
    parts = []
    for seat, orders in enumerate(e.orders):
        placed = "; ".join(
            f"{o.space}. {n.team(o.team)} → {n.objective(o.objective)}"
            + (f" ({_gold(o.gold)})" if o.gold else "")
            for o in orders
        )
        parts.append(f"{n.guild(seat)}: {placed or 'no orders'}")
    return "Orders revealed — " + " | ".join(parts)


@_line(ev.OrderMistaken)
def _mistaken(e: ev.OrderMistaken, _v: Any, _w: Any, n: Names) -> str:
    then = "it may correct it" if e.correctable else "its team will wander"
    return f"{n.guild(e.seat)}'s order {e.space} is mistaken ({e.reason}); {then}."


@_line(ev.OrderCorrected)
def _corrected(e: ev.OrderCorrected, _v: Any, _w: Any, n: Names) -> str:
    return f"{n.guild(e.seat)} corrects order {e.space}: {_gold(e.gold)} on it."


@_line(ev.OrderWithdrawn)
def _withdrawn(e: ev.OrderWithdrawn, _v: Any, _w: Any, n: Names) -> str:
    return f"{n.guild(e.seat)} gives up order {e.space} ({e.reason})."


@_line(ev.OrderDeclined)
def _declined(e: ev.OrderDeclined, _v: Any, _w: Any, n: Names) -> str:
    return f"{n.guild(e.seat)} will not carry out order {e.space}."


@_line(ev.PlanAnswered)
def _answered(e: ev.PlanAnswered, _v: Any, who: Audience, n: Names) -> str | None:
    if not _own(who, e.seat):
        return None
    return f"You answered for order {e.space}: {e.field}."


# --- skill checks -----------------------------------------------------------------------------


@_line(ev.SkillCheckRolled)
def _rolled(e: ev.SkillCheckRolled, _v: Any, _w: Any, n: Names) -> str:
    target = f" against {e.target}" if e.target is not None else ""
    extra = len(e.dice) - e.skill_dice
    more = f" (+{extra} from effects)" if extra > 0 else ""
    why = {
        "contract": f" to complete {n.contract(e.contract)}",
        "conflict": f" in conflict for {n.contract(e.contract)}",
        "cooperate": f" cooperating on {n.contract(e.contract)}",
        "wander": " to wander",
        "hire": " for priority to hire Builders",
        "recruit": " for priority to recruit",
    }.get(e.purpose, "")
    skill = SKILL_NAMES.get(e.skill, e.skill)
    return (
        f"{n.guild(e.seat)} rolls {e.skill_dice} {skill} {'die' if e.skill_dice == 1 else 'dice'}"
        f"{more}{why}{target}: {_dice(e.dice)}"
    )


@_line(ev.DieFixed)
def _fixed(e: ev.DieFixed, _v: Any, _w: Any, _n: Any) -> str:
    return f"  a die is fixed to {e.value}"


@_line(ev.DieRerolled)
def _rerolled(e: ev.DieRerolled, _v: Any, _w: Any, _n: Any) -> str:
    return f"  a die is re-rolled: {e.value}"


@_line(ev.BoonUsed)
def _boon(e: ev.BoonUsed, _v: Any, _w: Any, n: Names) -> str:
    return f"  {n.guild(e.seat)} discards {n.contract(e.contract)} for its boon"


@_line(ev.SkillCheckFinished)
def _finished(e: ev.SkillCheckFinished, _v: Any, _w: Any, _n: Any) -> str:
    if e.success is None:
        return f"  result {e.total}"
    return f"  result {e.total}: {'success' if e.success else 'failure'}"


@_line(ev.TieRerolled)
def _tie(e: ev.TieRerolled, _v: Any, _w: Any, _n: Any) -> str:
    return "Tied: each re-rolls a die — " + ", ".join(f"{o}→{new}" for _k, _i, o, new in e.rerolls)


@_line(ev.ContestedCheckWon)
def _contest_won(e: ev.ContestedCheckWon, _v: Any, _w: Any, n: Names) -> str:
    what = "hire Builders" if e.purpose == "hire" else "recruit"
    return f"Priority to {what}: {n.guilds(e.ranking)}."


# --- orders -----------------------------------------------------------------------------------


@_line(ev.BuildersHired)
def _hired(e: ev.BuildersHired, _v: Any, _w: Any, n: Names) -> str:
    costs = " + ".join(str(c) for c in e.costs)
    return f"{n.guild(e.seat)} hires {len(e.costs)} Builder(s) for {costs} Gold."


@_line(ev.UpgradeBuilt)
def _built(e: ev.UpgradeBuilt, _v: Any, _w: Any, n: Names) -> str:
    side = f" ({e.side} side)" if e.side else ""
    fame = f", +{_fame(e.fame)}" if e.fame else ""
    return f"{n.guild(e.seat)} builds {n.upgrade(e.upgrade)}{side}{fame}."


@_line(ev.GoldReturned)
def _returned(e: ev.GoldReturned, _v: Any, _w: Any, n: Names) -> str:
    return f"{n.guild(e.seat)} takes {_gold(e.amount)} back from order {e.space}."


@_line(ev.AdventurerRecruited)
def _recruited(e: ev.AdventurerRecruited, _v: Any, _w: Any, n: Names) -> str:
    return (
        f"{n.guild(e.seat)} recruits {n.adventurer(e.adventurer)} from {e.spot} for "
        f"{_gold(e.paid)}, +{_fame(e.fame)}."
    )


@_line(ev.RecruitFailed)
def _recruit_failed(e: ev.RecruitFailed, _v: Any, _w: Any, n: Names) -> str:
    return f"{n.guild(e.seat)} cannot recruit from {e.spot}: {e.reason}."


@_line(ev.OrderMissed)
def _missed(e: ev.OrderMissed, _v: Any, _w: Any, n: Names) -> str:
    return f"{n.guild(e.seat)} misses out on order {e.space} ({e.reason})."


@_line(ev.ContestOpened)
def _contest(e: ev.ContestOpened, _v: Any, _w: Any, n: Names) -> str:
    return (
        f"Contest at contract {e.spot}, {n.contract(e.contract)}: {n.guilds(e.seats)}. "
        "Negotiate a split, then choose cooperate or conflict in secret."
    )


@_line(ev.SplitProposed)
def _proposed(e: ev.SplitProposed, v: Any, _w: Any, n: Names) -> str:
    return f"{n.guild(e.by)} proposes a split: {describe_terms(e.terms, n, _contesters(v))}."


def _contesters(view: Any) -> tuple[int, ...] | None:
    """The guilds of the contest being negotiated, in the order a split's Gold shares follow."""
    return view.contest.seats if view.contest is not None else None


def describe_terms(terms: Any, n: Names, seats: Sequence[int] | None = None) -> str:
    """A split in words. Gold shares follow the contesting guilds `seats`; without them (never
    the case while a contest is negotiated) the shares are given without names rather than
    credited to the wrong guilds."""
    parts = []
    if terms.gold is not None and seats is None:
        parts.append("Gold shares " + ", ".join(map(str, terms.gold)))
    elif terms.gold is not None:
        shares = zip(seats, terms.gold, strict=False)
        parts.append("Gold " + ", ".join(f"{n.guild(s)} {g}" for s, g in shares))
    if terms.bonus is not None:
        parts.append(f"bonus to {n.guild(terms.bonus)}")
    if terms.keeper is not None:
        parts.append(f"card to {n.guild(terms.keeper)}")
    return "; ".join(parts) or "the default split"


@_line(ev.SplitAnswered)
def _split_answered(e: ev.SplitAnswered, _v: Any, _w: Any, n: Names) -> str:
    verb = "accepts" if e.accept else "rejects"
    return f"{n.guild(e.seat)} {verb} {n.guild(e.by)}'s proposal."


@_line(ev.SplitAgreed)
def _agreed(e: ev.SplitAgreed, v: Any, _w: Any, n: Names) -> str:
    again = " Stances already chosen are cleared: choose again." if e.stances_cleared else ""
    terms = describe_terms(e.terms, n, _contesters(v))
    return f"Split agreed: {terms} (binding if all cooperate).{again}"


@_line(ev.StanceChosen)
def _stance(e: ev.StanceChosen, _v: Any, who: Audience, n: Names) -> str:
    if _own(who, e.seat):
        return f"You chose to {e.stance}."
    return f"{n.guild(e.seat)} has chosen its stance."


@_line(ev.StancesRevealed)
def _stances(e: ev.StancesRevealed, _v: Any, _w: Any, n: Names) -> str:
    return "Stances revealed: " + ", ".join(f"{n.guild(s)} {st}" for s, st in e.stances) + "."


@_line(ev.ConflictDecided)
def _conflict(e: ev.ConflictDecided, _v: Any, _w: Any, n: Names) -> str:
    if not e.margins:
        return "Nobody conflicts."
    margins = ", ".join(f"{n.guild(s)} {m:+d}" for s, m in e.margins)
    won = f"{n.guild(e.winner)} wins" if e.winner is not None else "no conflictor succeeds"
    return f"Conflict margins: {margins}; {won}."


@_line(ev.CooperationChosen)
def _coop(e: ev.CooperationChosen, _v: Any, _w: Any, n: Names) -> str:
    skill = SKILL_NAMES.get(e.skill, e.skill)
    return f"{n.guild(e.seat)} cooperates on {skill} with {n.team(e.adventurers)}."


@_line(ev.ContractFailed)
def _failed(e: ev.ContractFailed, _v: Any, who: Audience, n: Names) -> str:
    verb = "fails" if len(e.seats) == 1 else "fail"
    return f"{n.guilds(e.seats)} {verb} {n.contract(e.contract)}."


@_line(ev.ContractCompleted)
def _completed(e: ev.ContractCompleted, _v: Any, _w: Any, n: Names) -> str:
    verb = "completes" if len(e.seats) == 1 else "complete"
    return f"{n.guilds(e.seats)} {verb} {n.contract(e.contract)}!"


@_line(ev.ContractRewarded)
def _rewarded(e: ev.ContractRewarded, _v: Any, _w: Any, n: Names) -> str:
    return f"{n.guild(e.seat)} gains {_gold(e.gold)} and {_fame(e.fame)}."


@_line(ev.BonusDiceRolled)
def _bonus_dice(e: ev.BonusDiceRolled, _v: Any, _w: Any, n: Names) -> str:
    return f"Bonus of {n.contract(e.contract)}: {_dice(e.dice)} placed on the card."


@_line(ev.BonusChoiceMade)
def _bonus_choice(e: ev.BonusChoiceMade, _v: Any, _w: Any, n: Names) -> str:
    return f"{n.guild(e.seat)} aims the bonus at {n.guild(e.target)}."


@_line(ev.ContractKept)
def _kept(e: ev.ContractKept, _v: Any, _w: Any, n: Names) -> str:
    boon = " face up (its boon can be used later)" if e.boon else ""
    return f"{n.guild(e.seat)} keeps {n.contract(e.contract)}{boon}."


@_line(ev.ContractReplaced)
def _replaced(e: ev.ContractReplaced, _v: Any, _w: Any, _n: Any) -> str:
    if e.card is None:
        return f"No contract is left to replace spot {e.spot}."
    return f"A {LEVEL_NAMES[e.level]} contract is placed face down on spot {e.spot}."


@_line(ev.Wandered)
def _wandered(e: ev.Wandered, _v: Any, _w: Any, n: Names) -> str:
    fame = f" and {_fame(e.fame)}" if e.fame else ""
    return f"{n.guild(e.seat)} wanders: {e.result} → {_gold(e.gold)}{fame}."


@_line(ev.GoldChanged)
def _gold_changed(e: ev.GoldChanged, _v: Any, _w: Any, n: Names) -> str:
    verb = "gains" if e.amount > 0 else "pays"
    return f"{n.guild(e.seat)} {verb} {_gold(abs(e.amount))} ({_cause(e.cause, n)})."


@_line(ev.FameChanged)
def _fame_changed(e: ev.FameChanged, _v: Any, _w: Any, n: Names) -> str:
    verb = "gains" if e.amount > 0 else "loses"
    return f"{n.guild(e.seat)} {verb} {_fame(abs(e.amount))} ({_cause(e.cause, n)})."


def _cause(cause: str, n: Names) -> str:
    kind, _, slug = cause.partition(":")
    if kind == "ability":
        return f"{n.short(slug)}'s ability"
    if kind in ("bonus", "event"):
        return f"{kind} of {n.contract(slug)}"
    return cause


@_line(ev.GoldPaid)
def _paid(e: ev.GoldPaid, _v: Any, _w: Any, n: Names) -> str:
    return f"{n.guild(e.seat)} pays {_gold(e.amount)} to {n.guild(e.to)}."


# --- reset and end ----------------------------------------------------------------------------


@_line(ev.IncomeGained)
def _income(e: ev.IncomeGained, _v: Any, _w: Any, n: Names) -> str:
    return "Income: " + ", ".join(f"{n.guild(s)} +{g}" for s, g in enumerate(e.gold)) + "."


@_line(ev.BoardDiscarded)
def _discarded(e: ev.BoardDiscarded, _v: Any, _w: Any, n: Names) -> str:
    cards = [n.adventurer(c) for _, c in e.adventurers] + [n.contract(c) for _, c in e.contracts]
    return "Blood Moon: the face-up cards leave the board" + (
        f" ({', '.join(cards)})." if cards else "."
    )


@_line(ev.ContractsDealt)
def _dealt(e: ev.ContractsDealt, _v: Any, _w: Any, _n: Any) -> str:
    spots = ", ".join(f"{spot} ({LEVEL_NAMES[level]})" for spot, level, _ in e.cards)
    return f"New contracts face down on spots {spots}."


@_line(ev.CardsRevealed)
def _cards_revealed(e: ev.CardsRevealed, _v: Any, _w: Any, n: Names) -> str | None:
    cards = [f"{spot}: {n.adventurer(c)}" for spot, c in e.adventurers]
    cards += [f"{spot}: {n.contract(c)}" for spot, c in e.contracts]
    return f"Revealed — {'; '.join(cards)}." if cards else None


@_line(ev.RoundEnded)
def _round_ended(e: ev.RoundEnded, _v: Any, _w: Any, n: Names) -> str:
    return f"End of round {e.round}. Fame: " + ", ".join(
        f"{n.guild(s)} {f}" for s, f in enumerate(e.fame)
    )


@_line(ev.GameEnded)
def _ended(e: ev.GameEnded, _v: Any, _w: Any, n: Names) -> str:
    scores = ", ".join(
        f"{n.guild(s)} {f} (+{e.gold_fame[s]} for Gold, +{e.prestige_fame[s]} prestige)"
        for s, f in enumerate(e.fame)
    )
    joint = "joint winners" if len(e.winners) > 1 else "the winner"
    return f"Final Fame: {scores}. {n.guilds(e.winners)}: {joint}!"


@_line(ev.DefaultsApplied)
def _defaults(e: ev.DefaultsApplied, _v: Any, _w: Any, n: Names) -> str:
    return f"Time is up for {n.guilds(e.seats)}: their defaults are applied."
