"""Fulfilling quests: "Quests can be fulfilled at the beginning or at the end of a players turn, as
he chooses. ... a player can use a combination of adventurer cards, recruitment tokens (once per
game turn), reward tokens (once per game turn) and cycle tokens (discarded when used)."

Each requisite is met by one unit: an adventurer card of its class or of a class that stands in
for it (Monk, Necromancer, Hunter), a recruit tile of such a class not used this game turn, or a
cycle token of its force. Bards are added on top, 2 influence each. `propose` finds an assignment
for a quest (the cheapest units first), as the presentation offers it and the players use it.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from engine.core.errors import RuleError
from games.guildmasters.rules.commands import Fulfil
from games.guildmasters.rules.content import FORCES, Pack, load_pack
from games.guildmasters.rules.context import Ctx, require_turn
from games.guildmasters.rules.events import (
    AttemptClosed,
    Killed,
    QuestAttempted,
    QuestFailed,
    QuestFulfilled,
    ReactionOpened,
)
from games.guildmasters.rules.state import END_LEVEL3, GuildmastersState

BARD = "bard"
INFLUENCE_PER_BARD = 2  # "Add it to a quest fulfillment to earn 2 extra prestige point"

Unit = tuple[str, str]  # ("card" | "tile" | "cycle", a class or, for a cycle token, a force)
NONE: frozenset[str] = frozenset()


def _fits(pack: Pack, unit: Unit, need: str) -> bool:
    kind, what = unit
    if kind == "cycle":
        return pack.force(need) == what
    return pack.fills(what, need)


@functools.cache
def _force_needs() -> dict[str, frozenset[str]]:
    """Per force, the needs a cycle token of that force meets."""
    pack = load_pack()
    return {f: frozenset(c for c in pack.classes if pack.force(c) == f) for f in FORCES}


def _greedy(requires: Sequence[str], meets: list[frozenset[str]]) -> bool:
    """Does the first free unit that fits each requisite, in order, meet them all, none left
    over? (`meets`: the needs each unit can meet; used up.) Mostly it does when any way does:
    only when it does not is every way searched."""
    if len(meets) != len(requires):
        return False
    for need in requires:
        for j, m in enumerate(meets):
            if need in m:
                del meets[j]
                break
        else:
            return False
    return True


def matches(pack: Pack, requires: Sequence[str], units: Sequence[Unit]) -> bool:
    """Can `units` meet `requires`, one unit each, none left over?"""
    if len(units) != len(requires):
        return False
    if pack is load_pack():
        force_needs, serves = _force_needs(), pack.serves
        meets = [force_needs.get(w, NONE) if k == "cycle" else serves[w] for k, w in units]
        asked = set(requires)
        for m in meets:
            if m.isdisjoint(asked):
                return False  # a unit that meets no requisite is left over, whatever the way
        if _greedy(requires, meets):
            return True
    taken = [False] * len(units)

    def place(i: int) -> bool:
        if i == len(requires):
            return True
        for j, unit in enumerate(units):
            if not taken[j] and _fits(pack, unit, requires[i]):
                taken[j] = True
                if place(i + 1):
                    return True
                taken[j] = False
        return False

    return place(0)


def _units(pack: Pack, cmd: Fulfil) -> list[Unit]:
    units: list[Unit] = [("card", pack.class_of[c]) for c in cmd.cards]
    units += [("tile", pack.class_of[t]) for t in cmd.tiles]
    units += [("cycle", f) for f in cmd.cycles]
    return [u for u in units if u[1] != BARD]


def bards(pack: Pack, cards: Sequence[str], tiles: Sequence[str] = ()) -> int:
    return sum(1 for c in (*cards, *tiles) if pack.class_of[c] == BARD)


def available(state: GuildmastersState, seat: int) -> tuple[str, ...]:
    """The quests `seat` may try: those on the board and those it keeps."""
    return (*(q for row in state.rows for q in row if q), *state.guilds[seat].held)


def _offered(state: GuildmastersState, seat: int, quest: str) -> bool:
    """Is `quest` one of `available(state, seat)`?"""
    if not quest:
        return False  # an empty place of the board is no quest
    for row in state.rows:
        if quest in row:
            return True
    return quest in state.guilds[seat].held


def check_fulfil(state: GuildmastersState, cmd: Fulfil) -> None:
    """Refuse a quest `cmd.seat` may not fulfil with what it sends."""
    require_turn(state, cmd.seat)
    if state.turn.quested:
        raise RuleError("one_quest", "You have fulfilled a quest this turn already.")
    pack = load_pack()
    g = state.guilds[cmd.seat]
    if not _offered(state, cmd.seat, cmd.quest):
        raise RuleError("no_quest", "Choose a quest shown on the board or one you keep.")
    cards = set(cmd.cards)
    if len(cards) != len(cmd.cards) or not cards.issubset(g.hand):
        raise RuleError("not_in_hand", "Send only adventurers from your hand, each once.")
    if cmd.tiles:
        tiles = set(cmd.tiles)
        if len(tiles) != len(cmd.tiles) or not tiles.issubset(g.tiles):
            raise RuleError("not_your_tile", "Send only your own recruits, each once.")
        if not tiles.isdisjoint(g.used):
            raise RuleError(
                "tile_used",
                "A recruit works once per game turn; it is turned up after the next draft.",
            )
    if cmd.cycles and Counter(cmd.cycles) - Counter(g.cycles):
        raise RuleError("no_cycle", "Use only cycle tokens you hold.")
    requires = pack.quests[cmd.quest].requires
    class_of, serves, force_needs = pack.class_of, pack.serves, _force_needs()
    meets = [serves[class_of[c]] for c in (*cmd.cards, *cmd.tiles) if class_of[c] != BARD]
    meets += [force_needs.get(f, NONE) for f in cmd.cycles]
    if not _greedy(requires, meets) and not matches(pack, requires, _units(pack, cmd)):
        raise RuleError(
            "requisites",
            "Those do not meet the quest's requisites: one adventurer (or stand-in, recruit or "
            "cycle token of its force) per requisite, nothing more but Bards.",
            quest=cmd.quest,
        )


def fulfil(ctx: Ctx, cmd: Fulfil) -> None:
    """Send the adventurers; every other guild still playing may then behead one."""
    check_fulfil(ctx.state, cmd)
    state = ctx.state
    at_start = state.turn.step == "start"
    ctx.emit(
        QuestAttempted(
            seat=cmd.seat,
            quest=cmd.quest,
            cards=cmd.cards,
            tiles=cmd.tiles,
            cycles=cmd.cycles,
            at_start=at_start,
        )
    )
    others = rivals(ctx.state, cmd.seat)
    if others:
        ctx.emit(ReactionOpened(about="behead", seats=others))
    else:
        succeed(ctx)


def rivals(state: GuildmastersState, seat: int) -> tuple[int, ...]:
    """The other guilds that have not passed, in turn order from `seat`: those a reaction to
    `seat` is offered to (a guild that has passed activates no ability)."""
    order = state.order
    i = order.index(seat)
    after = order[i + 1 :] + order[:i]
    guilds = state.guilds
    return tuple([s for s in after if not guilds[s].passed])


def succeed(ctx: Ctx) -> None:
    """The quest is fulfilled: rewards, the place refilled, the end perhaps triggered; then its
    guild may Heal."""
    state = ctx.state
    pack = load_pack()
    a = state.attempt
    quest = pack.quests[a.quest]
    g = state.guilds[a.seat]
    refill = ""
    level = quest.level - 1
    if a.quest in state.rows[level] and state.quest_decks[level]:
        refill = state.quest_decks[level][0]
    tile = ""
    if quest.recruit:
        tile = next((t for t in state.rewards if pack.class_of[t] == quest.recruit), "")
    cycle = ""
    if quest.cycle and state.cycle_supply[FORCES.index(quest.cycle)]:
        cycle = quest.cycle
    level3 = sum(1 for q in (*g.quests, a.quest) if pack.quests[q].level == 3)
    ctx.emit(
        QuestFulfilled(
            seat=a.seat,
            quest=a.quest,
            points=quest.points,
            influence=INFLUENCE_PER_BARD * bards(pack, a.cards, a.tiles),
            tile=tile,
            cycle=cycle,
            refill=refill,
            ending=not state.ending and level3 >= END_LEVEL3,
        )
    )
    ctx.emit(ReactionOpened(about="heal", seats=(a.seat,)))


def kill(ctx: Ctx) -> None:
    """The Assassin's blow lands: "kill 1 of those adventurers. If it cannot be replaced, the quest
    fails." The replacement is taken from the guild's hand: a card of the victim's class first,
    else the first that keeps the requisites met (a Bard killed needs none)."""
    state = ctx.state
    pack = load_pack()
    a = state.attempt
    victim = a.victim
    quest = pack.quests[a.quest]
    rest = list(a.cards)
    rest.remove(victim)
    replacement = ""
    if pack.class_of[victim] != BARD:
        hand = state.guilds[a.seat].hand
        class_of = pack.class_of
        vcls = class_of[victim]
        ordered = [c for c in hand if class_of[c] == vcls] + [
            c for c in hand if class_of[c] != vcls
        ]
        sent = _units(
            pack,
            Fulfil(seat=a.seat, quest=a.quest, cards=tuple(rest), tiles=a.tiles, cycles=a.cycles),
        )
        fits: dict[str, bool] = {}  # whether a card of each class would do: tried once a class
        for card in ordered:
            cls = class_of[card]
            if cls == BARD:
                continue
            fit = fits.get(cls)
            if fit is None:
                fit = fits[cls] = matches(pack, quest.requires, [*sent, ("card", cls)])
            if fit:
                replacement = card
                break
        ctx.emit(Killed(seat=a.seat, victim=victim, replacement=replacement))
        if not replacement:
            ctx.emit(QuestFailed(seat=a.seat, quest=a.quest))
            ctx.emit(AttemptClosed(seat=a.seat))
            return
    else:
        ctx.emit(Killed(seat=a.seat, victim=victim, replacement=""))
    succeed(ctx)


class _Counts(NamedTuple):
    """The quick test of `Supply.could` as whole numbers: one field of `FIELD` bits per class,
    each unit adding 1 to the field of every class it can stand for, so that one subtraction
    compares every need of a quest at once."""

    # Per card, recruit tile and force (a cycle token): the fields it adds 1 to.
    adds: dict[str, int]
    needs: dict[str, int]  # per quest, how many units each class needs, in its field
    guards: int  # the top bit of every field


FIELD = 16  # bits per class: far more units than a guild can hold, and a guard bit


@functools.cache
def _counts() -> _Counts:
    """The tables of the quick test, worked out from the pack once."""
    pack = load_pack()
    field = {c: FIELD * i for i, c in enumerate(pack.classes)}
    of_class = {u: sum(1 << field[need] for need in pack.serves[u]) for u in pack.classes}
    adds = {unit: of_class[cls] for unit, cls in pack.class_of.items()}
    for force in FORCES:
        adds[force] = sum(1 << field[c] for c in pack.classes if pack.force(c) == force)
    needs = {
        slug: sum(n << field[need] for need, n in counts.items())
        for slug, counts in pack.needs.items()
    }
    guards = sum(1 << (field[c] + FIELD - 1) for c in pack.classes)
    return _Counts(adds=adds, needs=needs, guards=guards)


@functools.cache
def _stand_ins() -> dict[str, tuple[str, ...]]:
    """Per class, the other classes that may stand in for it."""
    pack = load_pack()
    return {need: tuple(c for c in pack.served_by[need] if c != need) for need in pack.classes}


class Supply:
    """What a guild can send on quests now, with the units that can meet each need listed once,
    cheapest first: recruit tiles (they come back next game turn), cards of the very class,
    stand-ins, then cycle tokens (worth points in sets at the end)."""

    def __init__(self, state: GuildmastersState, seat: int) -> None:
        pack = load_pack()
        g = state.guilds[seat]
        self.pack, self.seat = pack, seat
        self.tiles = [t for t in g.tiles if t not in g.used] if g.used else list(g.tiles)
        self.hand, self.cycles = g.hand, g.cycles
        self.options: dict[str, list[tuple[str, str]]] = {}
        # How many units could meet each need, each need counted alone (`_Counts`): a quick
        # test that rules most quests out before any unit is listed.
        adds = _counts().adds
        capacity = 0
        for unit in self.hand:
            capacity += adds[unit]
        for unit in self.tiles:
            capacity += adds[unit]
        for unit in g.cycles:
            capacity += adds[unit]
        self.capacity = capacity
        self._by_class: dict[str, list[str]] | None = None  # listed on first use
        self.bards: tuple[tuple[str, ...], tuple[str, ...]] | None = None  # on first use

    def could(self, quest_slug: str) -> bool:
        """Are there enough units for each need of `quest_slug`, each need counted alone? (A
        quick test that rules most quests out; `propose` says whether they are enough.) Every
        field of the capacity, its guard bit set, keeps it after the need is taken away exactly
        when the capacity is at least the need."""
        counts = _counts()
        guards = counts.guards
        return ((self.capacity | guards) - counts.needs[quest_slug]) & guards == guards

    @property
    def by_class(self) -> dict[str, list[str]]:
        """The hand's cards of each class, in hand order."""
        if self._by_class is None:
            class_of = self.pack.class_of
            by_class: dict[str, list[str]] = {}
            for card in self.hand:
                cls = class_of[card]
                if cls in by_class:
                    by_class[cls].append(card)
                else:
                    by_class[cls] = [card]
            self._by_class = by_class
        return self._by_class

    def units(self, need: str) -> list[tuple[str, str]]:
        found = self.options.get(need)
        if found is None:
            pack, by_class = self.pack, self.by_class
            found = []
            if self.tiles:
                class_of, serves = pack.class_of, pack.serves
                found += [("tile", t) for t in self.tiles if need in serves[class_of[t]]]
            cards = by_class.get(need)
            if cards:
                found += [("card", c) for c in cards]
            stand_ins = [c for c in _stand_ins()[need] if c in by_class]
            if len(stand_ins) == 1:
                found += [("card", c) for c in by_class[stand_ins[0]]]
            elif stand_ins:  # several classes stand in: their cards in hand order
                class_of = pack.class_of
                found += [("card", c) for c in self.hand if class_of[c] in stand_ins]
            force = pack.force(need)
            if force in self.cycles:
                found += [
                    ("cycle", f"{force}#{i}") for i, f in enumerate(self.cycles) if f == force
                ]
            self.options[need] = found
        return found

    def first_free(self, need: str, taken: set[str]) -> tuple[str, str] | None:
        """The first of `units(need)` not in `taken`, or None, without listing them all."""
        pack = self.pack
        if self.tiles:
            serves, class_of = pack.serves, pack.class_of
            for t in self.tiles:
                if t not in taken and need in serves[class_of[t]]:
                    return ("tile", t)
        by_class = self.by_class
        cards = by_class.get(need)
        if cards:
            for c in cards:
                if c not in taken:
                    return ("card", c)
        stand_ins = [c for c in _stand_ins()[need] if c in by_class]
        if len(stand_ins) > 1:  # their cards in hand order: as listed
            return next((u for u in self.units(need) if u[1] not in taken), None)
        for cls in stand_ins:
            for c in by_class[cls]:
                if c not in taken:
                    return ("card", c)
        if self.cycles:
            force = pack.force(need)
            for i, f in enumerate(self.cycles):
                if f == force and f"{force}#{i}" not in taken:
                    return ("cycle", f"{force}#{i}")
        return None

    def propose(self, quest_slug: str) -> Fulfil | None:
        """An assignment that fulfils `quest_slug`, or None; every Bard is added: the first, in
        the order of each need's units, of one unit to each requisite (the first unit still
        free for each is mostly it; `_first_fit` searches when it is not)."""
        if not self.could(quest_slug):
            return None
        pack = self.pack
        requires = pack.quests[quest_slug].requires
        taken: set[str] = set()
        chosen: list[tuple[str, str]] | None = []
        for need in requires:
            unit = self.first_free(need, taken)
            if unit is None:
                chosen = _first_fit([self.units(n) for n in requires])
                break
            taken.add(unit[1])
            chosen.append(unit)
        if chosen is None:
            return None
        if self.bards is None:
            class_of = pack.class_of
            self.bards = (
                tuple(self.by_class.get(BARD, ())),
                tuple([t for t in self.tiles if class_of[t] == BARD]) if self.tiles else (),
            )
        cards: list[str] = []
        tiles: list[str] = []
        cycles: list[str] = []
        for kind, item in chosen:
            if kind == "card":
                cards.append(item)
            elif kind == "tile":
                tiles.append(item)
            else:
                cycles.append(item.partition("#")[0])
        return Fulfil(
            seat=self.seat,
            quest=quest_slug,
            cards=(*cards, *self.bards[0]),
            tiles=(*tiles, *self.bards[1]),
            cycles=tuple(cycles),
        )


def _first_fit(options: list[list[tuple[str, str]]]) -> list[tuple[str, str]] | None:
    """The first assignment, in the order of the options, of one unit to each requirement (its
    list of options), no unit twice; None when there is none."""
    taken: set[str] = set()
    chosen: list[tuple[str, str]] = []

    def place(i: int) -> bool:
        if i == len(options):
            return True
        for kind, item in options[i]:
            if item in taken:
                continue
            taken.add(item)
            chosen.append((kind, item))
            if place(i + 1):
                return True
            chosen.pop()
            taken.discard(item)
        return False

    return chosen if place(0) else None


def propose(state: GuildmastersState, seat: int, quest_slug: str) -> Fulfil | None:
    """An assignment that fulfils `quest_slug` for `seat` (`Supply.propose`), or None."""
    return Supply(state, seat).propose(quest_slug)
