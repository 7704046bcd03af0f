"""Smiths of Winterforge's scenarios: a table set up by hand, scripted dice, the commands of each
seat, and what must come of them. The rulebook's worked examples are in
`games/winterforge/scenarios/`; the runner is the engine's (`engine.scenario`, docs/scenarios.md).

This module is what the runner needs of the game (the `ScenarioSupport` protocol): `arrange` sets
a table up from a scenario's fields, `finish` checks that every scripted die was used and that no
card was lost or doubled, and `SEAT_FIELDS` are where a player's name may stand for its seat. The
rule tests lay their tables out with the same `arrange` (`tests/table.py`).

A table starts as a new game from `seed` (every Royal Contract chosen by its default), played in
seat order from seat 0. Every card a scenario names is first taken from wherever Set Up put it
(a deck, the job track, the Market, the Tavern, the Bank, a hand, the box) and then placed where
the scenario says; a space it leaves empty on the board is refilled from the top of its deck
(the scenario's named top cards first). A
board row or hand the scenario replaces sends its unnamed cards back: Components and Crew to the
bottom of their decks, Loans to the bottom of the Loan deck, Contracts to the box.

Fields (every one optional):

- `players` (1–6; the number of `names`, else 2), `names`, `seed` (1), `alleyways` (a list of
  "shrine", "auction-house", "thieves-guild", "runesmith");
- `current` (whose turn: a seat or name; seat 0), `actions` (actions already taken this turn),
  `round` (1), `turn` (the turn number; by default the one `current` plays in `round`),
  `hired` (Crew hired this turn, so the Tavern refreshes at its end), `turn_event` (solo: the
  Event of this turn, its lasting effect only), `ending` ("royal" or "contracts": the game ends
  at the end of this round), `first_royal` (a seat);
- `job_track`, `tavern`, `bank` (the cards face up), `market` (up to three rows, level 1 first;
  an empty row is left as dealt), `contract_deck` (its top cards), `deck_size` (cut the Contract
  deck to this many cards, the rest to the box), `component_decks` (the top cards of each level),
  `crew_deck`, `loan_deck`, `rune_deck`, `event_deck` (the top cards), `shrine` (the Faith
  tokens left, in order), `dice` (scripted, used first by every die);
- `[[scenario.guild]]` tables: `seat`, `coin`, `skills` ({ weapons = 4, … }), `at` (a precinct or
  Alleyway), `prime` (on its Prime Position), `prime_used`, `hand`, `royal`, `royal_done`,
  `stockpile`, `runes`, `crew`, `loans` (slugs, or { loan, paid, repaid, at_bank }), `started`
  ({ contract, components, rune, tokens }), `completed`, `held`, `faith` (token values).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from msgspec.structs import replace

from engine.core.errors import RuleError
from engine.core.game import replay
from engine.core.rng import Rng
from engine.scenario import ScenarioError
from games.winterforge.game import GAME
from games.winterforge.rules.commands import ChooseRoyal
from games.winterforge.rules.content import ALLEYWAYS, PRECINCTS, SKILLS, Pack, load_pack
from games.winterforge.rules.flow import execute
from games.winterforge.rules.pending import default_royal
from games.winterforge.rules.setup import MAX_PLAYERS, MIN_PLAYERS
from games.winterforge.rules.state import LORDS, Guild, LoanHeld, Turn, WinterforgeState, Work
from games.winterforge.rules.turns import turns_per_round

__all__ = ["SEAT_FIELDS", "arrange", "finish", "new_game"]

# Seat-valued fields of commands (`seat`, `victim`), events and views (`ranking`, `winners`,
# `first_royal`, `order`).
SEAT_FIELDS = ("seat", "victim", "ranking", "winners", "first_royal", "order")
_SETUP = {
    "players",
    "names",
    "seed",
    "alleyways",
    "current",
    "actions",
    "round",
    "turn",
    "hired",
    "turn_event",
    "ending",
    "first_royal",
    "job_track",
    "tavern",
    "bank",
    "market",
    "contract_deck",
    "deck_size",
    "component_decks",
    "crew_deck",
    "loan_deck",
    "rune_deck",
    "event_deck",
    "shrine",
    "dice",
    "guild",
    "allow_unused_dice",
}
_GUILD = {
    "seat",
    "coin",
    "skills",
    "at",
    "prime",
    "prime_used",
    "hand",
    "royal",
    "royal_done",
    "stockpile",
    "runes",
    "crew",
    "loans",
    "started",
    "completed",
    "held",
    "faith",
}


def new_game(players: int, seed: int, alleyways: Iterable[str] = ()) -> WinterforgeState:
    """A game just set up, every Royal Contract chosen by its default: turn 1 is being played."""
    options = {a.replace("-", "_"): True for a in alleyways}
    try:
        state = replay(GAME, GAME.create(players, seed, options))
    except RuleError as exc:
        raise ScenarioError(exc.message) from None
    while state.choosing:
        seat = next(s for s, g in enumerate(state.guilds) if g.royal_offer)
        state = execute(state, ChooseRoyal(seat=seat, royal=default_royal(state, seat)))[1]
    return state


def arrange(spec: Mapping[str, Any]) -> tuple[WinterforgeState, list[str]]:
    """The state a scenario's steps start from, and its players' names (seat 0 first)."""
    unknown = set(spec) - _SETUP
    if unknown:
        raise ScenarioError(f"unknown field(s) {', '.join(sorted(unknown))}")
    names = [str(n) for n in spec.get("names", ())]
    players = int(spec.get("players", len(names) or 2))
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ScenarioError(f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}")
    if len(names) > players or len(set(names)) != len(names):
        raise ScenarioError(f"names: at most {players} different names")
    alleyways = [str(a) for a in spec.get("alleyways", ())]
    for a in alleyways:
        if a not in ALLEYWAYS:
            raise ScenarioError(f"alleyways: {a!r} is not one of {', '.join(ALLEYWAYS)}")
    state = new_game(players, int(spec.get("seed", 1)), alleyways)
    return _Table(load_pack(), state, names).build(spec), names


def finish(spec: Mapping[str, Any], state: WinterforgeState) -> list[str]:
    """Every scripted die used (unless `allow_unused_dice`), every Component in exactly one place,
    and no Contract or Crew card in two."""
    failures = []
    left = state.rng.scripted
    if left and not spec.get("allow_unused_dice", False):
        failures.append(f"{len(left)} scripted dice were not used: {list(left)}")
    pack = load_pack()
    found: Counter[str] = Counter(c for row in state.market for c in row if c)
    for deck in state.component_decks:
        found.update(deck)
    contracts: Counter[str] = Counter(state.contract_deck)
    contracts.update(c for c in state.job_track if c)
    crew: Counter[str] = Counter((*state.crew_deck, *state.tavern))
    for g in state.guilds:
        found.update(g.stockpile)
        contracts.update((*g.hand, *g.completed, *g.held))
        crew.update(g.crew)
        for w in g.started:
            found.update(w.components)
            contracts[w.contract] += 1
    lost = sorted(set(pack.components) - set(found))
    if lost:
        failures.append(f"Components lost: {', '.join(lost)}")
    for kind, counted in (("Components", found), ("Contracts", contracts), ("Crew", crew)):
        twice = sorted(c for c, n in counted.items() if n > 1)
        if twice:
            failures.append(f"{kind} in two places: {', '.join(twice)}")
    return failures


# --- laying the table out -------------------------------------------------------------------


def _slugs(value: Any, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ScenarioError(f"{where}: a list of slugs")
    return list(value)


def _take(items: Sequence[str], gone: set[str]) -> list[str]:
    return [c for c in items if c not in gone]


class _Table:
    """The new game's cards, moved where the scenario says."""

    def __init__(self, pack: Pack, state: WinterforgeState, names: list[str]) -> None:
        self.pack, self.state, self.names = pack, state, names

    def seat(self, value: Any, where: str) -> int:
        seat = self.names.index(value) if isinstance(value, str) and value in self.names else value
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise ScenarioError(f"{where}: no seat {value!r}")
        if not 0 <= seat < self.state.players:
            raise ScenarioError(f"{where}: no seat {value!r}")
        return seat

    def check(self, slugs: Iterable[str], known: Iterable[str], what: str, where: str) -> None:
        known = set(known)
        for slug in slugs:
            if slug not in known:
                raise ScenarioError(f"{where}: no {what} {slug!r}")

    def build(self, spec: Mapping[str, Any]) -> WinterforgeState:
        guild_specs = list(spec.get("guild", ()))
        specs: dict[int, Mapping[str, Any]] = {}
        for i, g_spec in enumerate(guild_specs):
            unknown = set(g_spec) - _GUILD
            if unknown:
                raise ScenarioError(f"guild {i + 1}: unknown field(s) {', '.join(sorted(unknown))}")
            seat = self.seat(g_spec.get("seat", i), f"guild {i + 1}")
            if seat in specs:
                raise ScenarioError(f"guild {i + 1}: seat {seat} is given twice")
            specs[seat] = g_spec
        self.components(spec, specs)
        self.contracts(spec, specs)
        self.crew(spec, specs)
        self.loans(spec, specs)
        self.others(spec, specs)
        self.guilds(specs)
        return self.turn(spec)

    # Each card family: strip every named card from where it lies, then place it.

    def components(self, spec: Mapping[str, Any], specs: Mapping[int, Mapping[str, Any]]) -> None:
        pack, state = self.pack, self.state
        rows = [_slugs(r, "market") for r in spec.get("market", ())]
        tops = [_slugs(t, "component_decks") for t in spec.get("component_decks", ())]
        if len(rows) > 3 or len(tops) > 3 or any(len(r) > 3 for r in rows):
            raise ScenarioError("market and component_decks: at most three rows of three")
        named = [c for r in (*rows, *tops) for c in r]
        for s in specs.values():
            named += _slugs(s.get("stockpile", []), "stockpile")
            for w in s.get("started", ()):
                named += _slugs(w.get("components", []), "started components")
        self.check(named, pack.components, "Component", "components")
        twice = sorted(c for c, n in Counter(named).items() if n > 1)
        if twice:
            raise ScenarioError(f"a Component is placed twice: {', '.join(twice)}")
        gone = set(named)
        decks = [_take(d, gone) for d in state.component_decks]
        market: list[list[str]] = []
        for level in range(3):
            row = list(state.market[level])
            given = rows[level] if level < len(rows) and rows[level] else None
            if given is not None:
                for card in row:
                    if card and card not in gone:
                        decks[level].append(card)  # back to the bottom of its deck
                row = [*given, *[""] * (3 - len(given))]
            else:
                row = ["" if c in gone else c for c in row]
            for c in row:
                if c and pack.components[c].level != level + 1:
                    raise ScenarioError(f"market: {c!r} is not a level {level + 1} Component")
            if level < len(tops):
                for c in tops[level]:
                    if pack.components[c].level != level + 1:
                        raise ScenarioError(f"component_decks: {c!r} is not level {level + 1}")
                decks[level] = [*tops[level], *decks[level]]
            if given is None:
                for i, c in enumerate(row):
                    if not c and decks[level]:
                        row[i] = decks[level].pop(0)
            market.append(row)
        self.state = replace(
            state,
            market=tuple(tuple(r) for r in market),
            component_decks=tuple(tuple(d) for d in decks),
        )

    def contracts(self, spec: Mapping[str, Any], specs: Mapping[int, Mapping[str, Any]]) -> None:
        pack, state = self.pack, self.state
        track = _slugs(spec["job_track"], "job_track") if "job_track" in spec else None
        top = _slugs(spec.get("contract_deck", []), "contract_deck")
        named = [*(track or []), *top]
        for s in specs.values():
            named += _slugs(s.get("hand", []), "hand")
            named += _slugs(s.get("completed", []), "completed")
            named += _slugs(s.get("held", []), "held")
            named += [w["contract"] for w in s.get("started", ())]
        contracts = [c for c in named if c not in pack.royals]
        self.check(contracts, pack.contracts, "Contract", "contracts")
        twice = sorted(c for c, n in Counter(contracts).items() if n > 1)
        if twice:
            raise ScenarioError(f"a Contract is placed twice: {', '.join(twice)}")
        gone = set(contracts)
        deck = [*top, *_take(state.contract_deck, gone)]
        if track is not None:
            spaces = [*track, *[""] * max(0, len(state.job_track) - len(track))]
            spaces[len(track) :] = [deck.pop(0) if deck else "" for _ in spaces[len(track) :]]
        else:
            spaces = ["" if c in gone else c for c in state.job_track]
            for i, c in enumerate(spaces):
                if not c and deck:
                    spaces[i] = deck.pop(0)
        if "deck_size" in spec:
            size = int(spec["deck_size"])
            if not len(top) <= size <= len(deck):
                raise ScenarioError(f"deck_size must be {len(top)} to {len(deck)}")
            deck = deck[:size]  # the rest go back to the box
        guilds = list(state.guilds)
        for seat, g in enumerate(guilds):
            hand = g.hand if seat not in specs or "hand" not in specs[seat] else ()
            guilds[seat] = replace(g, hand=tuple(_take(hand, gone)))
        self.state = replace(
            state, contract_deck=tuple(deck), job_track=tuple(spaces), guilds=tuple(guilds)
        )

    def crew(self, spec: Mapping[str, Any], specs: Mapping[int, Mapping[str, Any]]) -> None:
        state = self.state
        tavern = _slugs(spec["tavern"], "tavern") if "tavern" in spec else None
        top = _slugs(spec.get("crew_deck", []), "crew_deck")
        named = [*(tavern or []), *top]
        for s in specs.values():
            named += _slugs(s.get("crew", []), "crew")
        self.check(named, self.pack.crew, "Crew", "crew")
        twice = sorted(c for c, n in Counter(named).items() if n > 1)
        if twice:
            raise ScenarioError(f"a Crew card is placed twice: {', '.join(twice)}")
        gone = set(named)
        deck = _take(state.crew_deck, gone)
        deck = [*top, *deck]
        if tavern is not None:
            deck += _take(state.tavern, gone)
            shown = list(tavern)
        else:
            shown = _take(state.tavern, gone)
            while len(shown) < 3 and deck:
                shown.append(deck.pop(0))
        self.state = replace(state, tavern=tuple(shown), crew_deck=tuple(deck))

    def loans(self, spec: Mapping[str, Any], specs: Mapping[int, Mapping[str, Any]]) -> None:
        state = self.state
        bank = _slugs(spec["bank"], "bank") if "bank" in spec else None
        top = _slugs(spec.get("loan_deck", []), "loan_deck")
        named = [*(bank or []), *top]
        for s in specs.values():
            named += [h if isinstance(h, str) else h["loan"] for h in s.get("loans", ())]
        self.check(named, self.pack.loans, "Loan", "loans")
        twice = sorted(c for c, n in Counter(named).items() if n > 1)
        if twice:
            raise ScenarioError(f"a Loan is placed twice: {', '.join(twice)}")
        gone = set(named)
        deck = [*top, *_take(state.loan_deck, gone)]
        if bank is not None:
            deck += _take(state.bank, gone)
            shown = list(bank)
        else:
            shown = _take(state.bank, gone)
            while len(shown) < 2 and deck:
                shown.append(deck.pop(0))
        self.state = replace(state, bank=tuple(shown), loan_deck=tuple(deck))

    def others(self, spec: Mapping[str, Any], specs: Mapping[int, Mapping[str, Any]]) -> None:
        """Runes, Faith tokens and solo Events."""
        state, pack = self.state, self.pack
        top = _slugs(spec.get("rune_deck", []), "rune_deck")
        named = [*top]
        for s in specs.values():
            named += _slugs(s.get("runes", []), "runes")
        self.check(named, pack.runes, "Rune", "runes")
        runes = (*top, *_take(state.rune_deck, set(named)))
        events = _slugs(spec.get("event_deck", []), "event_deck")
        turn_event = str(spec.get("turn_event", ""))
        self.check([*events, *([turn_event] if turn_event else [])], pack.events, "Event", "events")
        event_deck = (*events, *_take(state.event_deck, {*events, turn_event}))
        shrine = tuple(int(v) for v in spec.get("shrine", state.shrine))
        self.state = replace(state, rune_deck=runes, event_deck=event_deck, shrine=shrine)

    def guilds(self, specs: Mapping[int, Mapping[str, Any]]) -> None:
        state, pack = self.state, self.pack
        guilds = list(state.guilds)
        for seat, s in sorted(specs.items()):
            where = f"guild {seat}"
            g: Guild = guilds[seat]
            changes: dict[str, Any] = {}
            for key in ("coin",):
                if key in s:
                    changes[key] = int(s[key])
            if "skills" in s:
                skills = list(g.skills)
                for skill, level in dict(s["skills"]).items():
                    if skill not in SKILLS:
                        raise ScenarioError(f"{where}: skills: {skill!r} is not one of {SKILLS}")
                    skills[SKILLS.index(skill)] = int(level)
                changes["skills"] = tuple(skills)
            if "at" in s:
                if s["at"] not in (*PRECINCTS, *ALLEYWAYS):
                    raise ScenarioError(f"{where}: at: no place {s['at']!r}")
                changes["at"] = s["at"]
            for key in ("prime", "prime_used", "royal_done"):
                if key in s:
                    changes[key] = bool(s[key])
            if "royal" in s:
                if s["royal"] not in pack.royals:
                    raise ScenarioError(f"{where}: royal: no Royal Contract {s['royal']!r}")
                for other, o in enumerate(guilds):
                    if other != seat and o.royal == s["royal"]:
                        guilds[other] = replace(o, royal=g.royal)  # the two swap
                changes["royal"] = s["royal"]
            for key in ("hand", "stockpile", "runes", "crew", "completed", "held"):
                if key in s:
                    changes[key] = tuple(s[key])
            if "loans" in s:
                changes["loans"] = tuple(
                    LoanHeld(h) if isinstance(h, str) else LoanHeld(**h) for h in s["loans"]
                )
            if "started" in s:
                changes["started"] = tuple(
                    Work(
                        contract=w["contract"],
                        components=tuple(w.get("components", ())),
                        rune=str(w.get("rune", "")),
                        tokens=int(w.get("tokens", 0)),
                    )
                    for w in s["started"]
                )
            if "faith" in s:
                changes["faith"] = tuple(int(v) for v in s["faith"])
            guilds[seat] = replace(g, **changes)
        primes = tuple((g.at, seat) for seat, g in enumerate(guilds) if g.prime)
        self.state = replace(state, guilds=tuple(guilds), primes=primes)

    def turn(self, spec: Mapping[str, Any]) -> WinterforgeState:
        state = self.state
        order = tuple(range(state.players))
        current = self.seat(spec.get("current", 0), "current")
        round_ = int(spec.get("round", 1))
        per_round = turns_per_round(replace(state, order=order))
        index = order.index(current)
        number = int(spec.get("turn", (round_ - 1) * per_round + index + 1))
        dice = tuple(int(d) for d in spec.get("dice", ()))
        ending = str(spec.get("ending", ""))
        if ending not in ("", "royal", "contracts"):
            raise ScenarioError('ending must be "royal" or "contracts"')
        first_royal = spec.get("first_royal", -1)
        if first_royal != -1:
            first_royal = self.seat(first_royal, "first_royal")
        turn = Turn(
            seat=current,
            number=number,
            round=round_,
            actions=int(spec.get("actions", 0)),
            hired=bool(spec.get("hired", False)),
            event=str(spec.get("turn_event", "")),
        )
        if state.variant == LORDS and turn.actions:
            raise ScenarioError("actions: a Lords of Winterforge turn is one placement")
        return replace(
            state,
            order=order,
            turn=turn,
            rng=Rng(state=state.rng.state, scripted=dice),
            ending=ending,
            first_royal=first_royal,
        )
