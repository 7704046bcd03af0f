"""Random playouts with invariants checked after every event, and junk commands thrown in.

Used by the playout tests and the hardening fuzzers: `Playout(players, seed).run()` plays a whole
game between random players; every command is decided, every event folded and checked. The
generic checks of a command are the conformance suite's (`engine.conformance`): `checked_execute`
(a refused command is a typed `RuleError` with a stable code and changes nothing; `execute` agrees
with `decide` and with folding `evolve`), `JsonReplay` (the log replays through JSON to the live
state) and `same_views`. Guild Master's own are here: `check_invariants` (Gold, Fame, cards,
teams), `check_secrets` (no hidden card in a view) and `check_non_interference` (changing one
seat's secrets, or what nobody knows, changes no other audience's view), with the
`secret_variants` and `hidden_variants` it compares, which the conformance test uses too.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import msgspec
from msgspec.structs import replace

from engine.conformance import JsonReplay, checked_execute, same_views
from engine.core.codec import Codec
from engine.core.errors import RuleError
from engine.core.game import PUBLIC, Audience, Seat
from engine.core.rng import Dice, Rng, seeded
from games.guild_master import GAME
from games.guild_master.players import RandomPlayer
from games.guild_master.rules.commands import COMMAND_TYPES, Command
from games.guild_master.rules.content import load_pack
from games.guild_master.rules.events import Event
from games.guild_master.rules.evolve import evolve
from games.guild_master.rules.pending import pending
from games.guild_master.rules.setup import create
from games.guild_master.rules.state import (
    OBJECTIVES,
    ActionStep,
    Board,
    Build,
    ContestTask,
    GameState,
    Guild,
    Order,
    OrderStep,
    Phase,
    Plan,
    SetupStep,
    SplitTerms,
)

PACK = load_pack("basic")
CODEC = Codec(GAME.event_types, GAME.upcasters)
COMMANDS = Codec(GAME.command_types, {})


def cards(state: GameState) -> Counter[str]:
    """Every card of the game wherever it is (the box aside)."""
    b = state.board
    found: Counter[str] = Counter()
    for spot in b.adventurers:
        found.update(spot.deck)
    for c in b.contracts:
        if c.card:
            found[c.card] += 1
    for pile in (b.common, b.heroic, b.legendary, b.contract_discard, b.adventurer_discard):
        found.update(pile)
    for g in state.guilds:
        found.update(g.adventurers)
        found.update(g.private_contracts)
        found.update(c.slug for c in g.completed)
    if isinstance(state.step, SetupStep):
        for dealt in state.step.dealt:
            found.update(dealt)
    if state.prompt is not None:
        found.update(state.prompt.drawn)
    return found


def check_invariants(state: GameState, known: Counter[str]) -> None:
    """The invariants of every reachable state, `known` being every card of the game."""
    check_state(state)
    now = cards(state)
    assert now == known, f"cards appeared or vanished: {set(now) ^ set(known)}"


def check_state(state: GameState) -> None:
    """The invariants a state holds on its own: no negative Gold or Fame, no card in two places,
    each adventurer in at most one team, of its own guild."""
    for g in state.guilds:
        assert g.gold >= 0, f"guild {g.seat} has {g.gold} Gold"
        assert g.fame >= 0, f"guild {g.seat} has {g.fame} Fame"
    twice = [c for c, n in cards(state).items() if n > 1]
    assert not twice, f"cards in two places: {twice}"
    step = state.step
    teams: list[tuple[Order, ...]] = []
    if isinstance(step, OrderStep):
        teams = list(step.drafts)
    elif isinstance(step, ActionStep):
        teams = list(step.orders)
    for seat, placed in enumerate(teams):
        members = [a for o in placed for a in o.team]
        assert len(members) == len(set(members)), f"guild {seat}: adventurer in two teams"
        assert set(members) <= set(state.guilds[seat].adventurers)


def visible(state: GameState) -> list[bytes]:
    """The public view and every seat's view, encoded."""
    out = [msgspec.json.encode(GAME.view(state, PUBLIC))]
    out += [msgspec.json.encode(GAME.view(state, Seat(s))) for s in range(state.players)]
    return out


def secrets(state: GameState) -> dict[str, set[str]]:
    """Card slugs nobody may see ("all") and those only one seat may see ("seat N")."""
    b = state.board
    hidden: set[str] = set()
    for spot in b.adventurers:
        hidden.update(spot.deck[1:] if spot.face_up else spot.deck)
    hidden.update(c.card for c in b.contracts if c.card and not c.face_up)
    for deck in (b.common, b.heroic, b.legendary):
        hidden.update(deck)
    prompt = state.prompt
    if prompt is not None:  # its owner looks at these cards while it chooses
        hidden -= set(prompt.seen)
    out = {"all": hidden}
    for g in state.guilds:
        own = set(g.private_contracts)
        if isinstance(state.step, SetupStep):
            own.update(state.step.dealt[g.seat])
        if prompt is not None and prompt.seat == g.seat:
            own.update(prompt.seen + prompt.drawn)
        out[f"seat {g.seat}"] = own
    return out


def check_secrets(state: GameState) -> None:
    """No view shows a hidden card, and no seat's secrets reach the public or another seat."""
    views = visible(state)
    found = secrets(state)
    for i, doc in enumerate(views):
        audience = "public" if i == 0 else f"seat {i - 1}"
        for owner, slugs in found.items():
            if owner == audience:
                continue
            for slug in slugs:
                assert f'"{slug}"'.encode() not in doc, f"{audience} sees {owner}'s {slug}"


def _audiences(state: GameState) -> list[Audience]:
    return [PUBLIC, *(Seat(s) for s in range(state.players))]


def _swap_hidden(state: GameState, cards_: tuple[str, ...]) -> tuple[dict[str, str], Board] | None:
    """A one-to-one exchange of `cards_` with cards of the face-down contract decks, whose order
    nobody knows: (old -> new, the board after it), or None when the decks are too thin."""
    b = state.board
    decks = {level: list(b.deck(level)) for level in ("common", "heroic", "legendary")}
    swap: dict[str, str] = {}
    for card in cards_:
        level = next((lvl for lvl, deck in decks.items() if deck), None)
        if level is None:
            return None
        swap[card] = decks[level].pop(0)
        decks[level].append(card)
    return swap, replace(b, **{level: tuple(deck) for level, deck in decks.items()})


def secret_variants(state: GameState, seat: int) -> list[GameState]:
    """States that differ from `state` only in what `seat` alone may know: its private contracts
    (and the setup deal), its orders before the reveal, the plans behind its revealed orders, and
    its contest stance before the reveal. Each one keeps what is public (how many private
    contracts, who is ready, who has chosen a stance) and what resolution is asking right now
    (the plan of the order at the head of the queue), so any difference another audience sees is
    a leak. An effect waiting for this seat's choice holds cards only it sees: the ones it drew
    are exchanged too."""
    out: list[GameState] = []
    g = state.guilds[seat]
    step = state.step
    prompt = state.prompt
    if prompt is not None and prompt.seat == seat and prompt.drawn:
        swapped = _swap_hidden(state, prompt.drawn)
        if swapped is not None:
            swap, board = swapped
            drawn = tuple(swap[c] for c in prompt.drawn)
            out.append(replace(state, board=board, prompt=replace(prompt, drawn=drawn)))
    swapped = _swap_hidden(state, g.private_contracts) if g.private_contracts else None
    if swapped is not None:
        swap, board = swapped
        private = tuple(swap[c] for c in g.private_contracts)
        out.append(_with_guild(replace(state, board=board), replace(g, private_contracts=private)))
    if isinstance(step, SetupStep):
        swapped = _swap_hidden(state, step.dealt[seat])
        if swapped is not None:
            swap, board = swapped
            choice = step.choices[seat]
            if choice is not None:
                flip = "reroll" if choice.side == "fixer" else "fixer"
                choice = replace(choice, contract=swap[choice.contract], side=flip)
            dealt = tuple(swap[c] for c in step.dealt[seat])
            changed = replace(
                step,
                dealt=_put(step.dealt, seat, dealt),
                choices=_put(step.choices, seat, choice),
            )
            out.append(replace(state, board=board, step=changed))
    elif isinstance(step, OrderStep):
        draft = step.drafts[seat]
        other: list[tuple[Order, ...]] = [tuple(_other_order(o) for o in draft)] if draft else []
        other.append(() if draft else (Order(space=1, team=g.adventurers[:1], objective="hire"),))
        out += [
            replace(state, step=replace(step, drafts=_put(step.drafts, seat, d))) for d in other
        ]
    elif isinstance(step, ActionStep):
        head = step.queue[0] if step.queue else None
        busy = getattr(head, "space", None)  # the order space resolving now
        orders = tuple(
            o if o.space == busy else replace(o, plan=_other_plan(o.plan))
            for o in step.orders[seat]
        )
        if orders != step.orders[seat]:
            out.append(replace(state, step=replace(step, orders=_put(step.orders, seat, orders))))
        if isinstance(head, ContestTask) and head.stage == "stances":
            mine = head.stances.get(str(seat))
            for stance in ("cooperate", "conflict", "withdraw"):
                if mine is not None and stance != mine:
                    task = replace(head, stances={**head.stances, str(seat): stance})
                    queue = (task, *step.queue[1:])
                    out.append(replace(state, step=replace(step, queue=queue)))
    return out


def hidden_variants(state: GameState, *, rng: bool = True) -> list[GameState]:
    """States that differ from `state` only in what nobody may know: the order of every deck,
    the face-down cards and (unless `rng` is false) the random source. The conformance suite's
    variants keep the random source: the next command's dice show it."""
    b = state.board
    spots = tuple(
        replace(a, deck=(a.deck[:1] + a.deck[:0:-1]) if a.face_up else a.deck[::-1])
        for a in b.adventurers
    )
    board = replace(
        b,
        adventurers=spots,
        common=b.common[::-1],
        heroic=b.heroic[::-1],
        legendary=b.legendary[::-1],
    )
    out = [replace(state, board=board)]
    if rng:
        out.append(replace(state, rng=Rng(state.rng.state ^ 0x5EC12E7)))
    for c in b.contracts:
        deck = b.deck(c.level) if c.level in ("common", "heroic", "legendary") else ()
        if c.card and not c.face_up and deck:
            spot = replace(c, card=deck[0])
            contracts = tuple(spot if x.number == c.number else x for x in b.contracts)
            moved = replace(b, contracts=contracts, **{c.level: (c.card, *deck[1:])})
            out.append(replace(state, board=moved))
    return out


def check_non_interference(state: GameState) -> int:
    """No audience's view changes when only a secret it may not see changes: another seat's
    (`secret_variants`) or nobody's (`hidden_variants`). Returns the number of views compared."""
    audiences = _audiences(state)
    compared = 0
    for seat in range(state.players):
        others = [a for a in audiences if a != Seat(seat)]
        variants = secret_variants(state, seat)
        compared += same_views(GAME, state, variants, others, f"seat {seat}'s secrets")
    return compared + same_views(
        GAME,
        state,
        hidden_variants(state),
        audiences,
        "the order of a deck, a face-down card or the random source",
    )


def _put(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])


def _with_guild(state: GameState, guild: Guild) -> GameState:
    return replace(state, guilds=_put(state.guilds, guild.seat, guild))


def _other_order(o: Order) -> Order:
    """Another order on the same space: next objective, more Gold, another plan."""
    objective = OBJECTIVES[(OBJECTIVES.index(o.objective) + 1) % len(OBJECTIVES)]
    return replace(
        o, team=o.team[::-1], objective=objective, gold=o.gold + 1, plan=_other_plan(o.plan)
    )


def _other_plan(plan: Plan) -> Plan:
    return Plan(
        skill="" if plan.skill else "might",
        builds=None if plan.builds is not None else (),
        replace="ask" if plan.replace != "ask" else "",
        fallback="wander" if plan.fallback != "wander" else "auto",
        rolls="auto" if plan.rolls == "ask" else "ask",
        cooperation="auto" if plan.cooperation == "ask" else "ask",
    )


class Playout:
    """One random game, with junk commands mixed in at rate `junk`."""

    def __init__(self, players: int, seed: int, *, junk: float = 0.3, short: bool = False):
        self.players = players
        self.seed = seed
        self.junk = junk
        self.log: list[Event] = list(create(players, seed, {"short": short}))
        state = None
        for e in self.log:
            state = evolve(state, e)
        assert state is not None
        self.state: GameState = state
        self.replay = JsonReplay(GAME)  # kept up to date from the log, through JSON
        self.replay.feed(self.log, state)
        self.known = cards(state)
        self.bots = [RandomPlayer(seed * 1000 + i) for i in range(players)]
        self.rng = Dice(seeded(seed ^ 0x5EED))
        self.commands = 0
        self.refusals: Counter[str] = Counter()

    def step(self) -> None:
        """Answer one pending decision (and maybe throw junk first)."""
        if self.rng.below(1000) < self.junk * 1000:
            self.submit(self.junk_command())
            if self.state.phase is Phase.ENDED:
                return
        decisions = pending(self.state)
        assert decisions, f"nobody to wait for in {self.state.phase}"
        d = decisions[self.rng.below(len(decisions))]
        bot = self.bots[d.seat]
        self.submit(bot.extra(self.state, d.seat) or bot.answer(self.state, d))

    def submit(self, command: Command) -> RuleError | None:
        """Execute `command` through the conformance suite's `checked_execute` and apply its
        events, checking the invariants after each one and the JSON replay after all of them;
        returns the `RuleError` of a refused command (checked: a stable code, a message, nothing
        changed). Any other exception is a bug and propagates."""
        self.commands += 1
        try:
            events, after = checked_execute(GAME, self.state, command)
        except RuleError as exc:
            self.refusals[exc.code] += 1
            return exc
        state = self.state
        for e in events:
            state = evolve(state, e)
            check_invariants(state, self.known)
        self.replay.feed(events, after)
        self.state = after
        self.log += events
        return None

    def run(self, *, secrets_every: int = 5) -> GameState:
        n = 0
        while self.state.phase is not Phase.ENDED:
            self.step()
            n += 1
            if n % secrets_every == 0:
                check_secrets(self.state)
                check_non_interference(self.state)
            assert n < 20_000, "the game does not end"
        return self.state

    def replayed(self) -> GameState:
        """The state rebuilt from the log encoded to JSON and decoded again."""
        data = [CODEC.encode(e) for e in self.log]
        state: Any = None
        for raw in data:
            state = evolve(state, CODEC.decode(raw, CODEC.version_of(_tag(raw))))
        return state

    def junk_command(self) -> Command:
        """A command of any type with random, often wrong, fields."""
        r = self.rng
        cls = COMMAND_TYPES[r.below(len(COMMAND_TYPES))]
        advs = list(PACK.adventurers)
        contracts = list(PACK.contracts)
        fields: dict[str, Any] = {"seat": r.below(self.players + 2) - 1}
        choices = {
            "contract": [*contracts, "nope"],
            "side": ["fixer", "reroll", "sideways"],
            "adventurer": [*advs, ""],
            "stance": ["cooperate", "conflict", "withdraw", "maybe"],
            "skill": ["might", "arcane", "guile", "logic", "charm", "spirit", "luck"],
            "level": ["common", "heroic", "legendary", "mythic"],
            "choice": ["wander", *contracts[:5]],
            "action": ["fix", "reroll", "boon", "done", "auto", "cheat"],
        }
        for name, _kind in cls.__annotations__.items():
            if name == "seat":
                continue
            if name in choices:
                fields[name] = choices[name][r.below(len(choices[name]))]
            elif name in ("space", "die", "value", "to", "by", "target", "gold", "amount"):
                fields[name] = r.below(9) - 2
            elif name in ("ready", "accept"):
                fields[name] = bool(r.below(2))
            elif name == "orders":
                fields[name] = tuple(
                    Order(
                        space=r.below(6),
                        team=tuple(advs[r.below(len(advs))] for _ in range(r.below(4))),
                        objective=[*OBJECTIVES, "Z"][r.below(len(OBJECTIVES) + 1)],
                        gold=r.below(12) - 1,
                        plan=Plan(),
                    )
                    for _ in range(r.below(5))
                )
            elif name in ("keep", "bottom"):
                fields[name] = tuple(contracts[r.below(len(contracts))] for _ in range(r.below(3)))
            elif name == "build":
                fields[name] = [None, Build(core="bar"), Build(core="moat")][r.below(3)]
            elif name == "adventurers":
                fields[name] = tuple(advs[r.below(len(advs))] for _ in range(r.below(3)))
            elif name == "seats":
                fields[name] = tuple(r.below(self.players) for _ in range(r.below(3)))
            elif name == "builds":
                kinds = [
                    Build(core="stables"),
                    Build(core="bar", skill="weapon-rack"),
                    Build(skill="weapon-rack", side="fixer"),
                    Build(prestige="great-keep"),
                    Build(core="moat"),
                    Build(prestige="great-keep", core="bar"),
                ]
                fields[name] = tuple(kinds[r.below(len(kinds))] for _ in range(r.below(3)))
            elif name == "terms":
                fields[name] = SplitTerms(
                    gold=tuple(r.below(5) - 1 for _ in range(r.below(4))) or None,
                    bonus=r.below(self.players + 1) - 1 if r.below(2) else None,
                    keeper=r.below(self.players + 1) - 1 if r.below(2) else None,
                )
        # Built directly (no validation), as an adapter bug or a forged id could: decide must
        # refuse whatever it cannot use.
        return cls(**fields)


def _tag(raw: bytes) -> str:
    return msgspec.json.decode(raw)["type"]
