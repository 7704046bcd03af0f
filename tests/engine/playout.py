"""Random playouts with invariants checked after every event, and junk commands thrown in.

Used by the playout tests and the hardening fuzzers: `Playout(players, seed).run()` plays a whole
game between random players; every command is decided, every event folded and checked.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import msgspec

from engine.core.codec import Codec
from engine.core.errors import RuleError
from engine.core.game import PUBLIC, Seat
from engine.core.rng import Dice, seeded
from engine.games.guild_master import GAME
from engine.games.guild_master.commands import COMMAND_TYPES, Command
from engine.games.guild_master.content import load_pack
from engine.games.guild_master.events import Event
from engine.games.guild_master.evolve import evolve
from engine.games.guild_master.flow import decide
from engine.games.guild_master.pending import pending
from engine.games.guild_master.players import RandomPlayer
from engine.games.guild_master.setup import create
from engine.games.guild_master.state import (
    OBJECTIVES,
    ActionStep,
    Build,
    GameState,
    Order,
    OrderStep,
    Phase,
    Plan,
    SetupStep,
    SplitTerms,
)

PACK = load_pack("basic")
CODEC = Codec(GAME.event_types, GAME.upcasters)


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
    """The invariants of every reachable state."""
    for g in state.guilds:
        assert g.gold >= 0, f"guild {g.seat} has {g.gold} Gold"
        assert g.fame >= 0, f"guild {g.seat} has {g.fame} Fame"
    now = cards(state)
    twice = [c for c, n in now.items() if n > 1]
    assert not twice, f"cards in two places: {twice}"
    assert now == known, f"cards appeared or vanished: {set(now) ^ set(known)}"
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

    def submit(self, command: Command) -> None:
        self.commands += 1
        before = self.state
        try:
            events = decide(self.state, command)
        except RuleError as exc:
            assert exc.code and exc.message, "a refusal needs a code and a message"
            assert self.state is before
            self.refusals[exc.code] += 1
            return
        for e in events:
            self.state = evolve(self.state, e)
            check_invariants(self.state, self.known)
        self.log += events

    def run(self, *, secrets_every: int = 5) -> GameState:
        n = 0
        while self.state.phase is not Phase.ENDED:
            self.step()
            n += 1
            if n % secrets_every == 0:
                check_secrets(self.state)
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
