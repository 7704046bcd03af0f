"""Guildmasters' scenarios: a table set up by hand, the commands of each guild, and what must come
of them. The manual's rules are in `games/guildmasters/scenarios/`; the runner is the engine's
(`engine.scenario`, docs/scenarios.md). The rule tests lay their tables out with the same
`arrange`.

A table is built from its fields; every card, quest and recruit tile a scenario does not place
is put where setup would: cards on the deck (below the named top cards), quests in their rows
and then their decks (level by level, in number order), recruit tiles in the tavern (the first
two of each class) and the reward area.

Fields (every one optional):

- `players` (2–4; the number of `names`, else 2), `names`, `seed` (1: the random source);
- `phase` ("main", the default, or "draft"), `game_turn` (1), `order` (seats, first player
  first), `current` (whose turn: a seat or name; the first of the order), `step` ("start" or
  "end"), `quested`, `ending`;
- `rows` (up to three lists of quests, level 1 first), `quest_decks` (their top quests),
  `deck` (its top cards), `discard` (bottom first), `tavern` (the recruit tiles in it);
- `[[scenario.guild]]` tables: `seat`, `hand`, `packs` (lists of cards), `quests`, `held`,
  `tiles`, `used`, `cycles`, `influence`, `points`, `passed`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine.core.rng import seeded
from engine.scenario import ScenarioError, flag, integer, strings, tables, text
from games.guildmasters.rules.content import FORCES, LEVELS, SHOWN_PER_LEVEL, load_pack
from games.guildmasters.rules.setup import MAX_PLAYERS, MIN_PLAYERS
from games.guildmasters.rules.state import (
    DRAFT,
    MAIN,
    START,
    Guild,
    GuildmastersState,
    Turn,
    answer_card,
)

__all__ = ["SEAT_FIELDS", "arrange", "conservation", "finish"]

SEAT_FIELDS = ("seat", "to", "target", "turn", "ranking", "winners", "order", "current", "seats")
_SETUP = {
    "players",
    "names",
    "seed",
    "phase",
    "game_turn",
    "order",
    "current",
    "step",
    "quested",
    "ending",
    "rows",
    "quest_decks",
    "deck",
    "discard",
    "tavern",
    "guild",
}
_GUILD = {
    "seat",
    "hand",
    "packs",
    "quests",
    "held",
    "tiles",
    "used",
    "cycles",
    "influence",
    "points",
    "passed",
}


class _Placer:
    """Places every named card, quest and tile once, refusing one placed twice or unknown."""

    def __init__(self) -> None:
        self.pack = load_pack()
        self.placed: set[str] = set()

    def take(self, items: list[str], kind: str, where: str) -> tuple[str, ...]:
        known = {
            "card": self.pack.class_of.keys() - set(self.pack.tiles),
            "quest": self.pack.quests.keys(),
            "tile": set(self.pack.tiles),
        }[kind]
        for item in items:
            if item not in known:
                raise ScenarioError(f"{where}: no {kind} {item!r}")
            if item in self.placed:
                raise ScenarioError(f"{where}: {item!r} placed twice")
            self.placed.add(item)
        return tuple(items)


def _seat(value: Any, names: list[str], players: int, where: str) -> int:
    seat = names.index(value) if isinstance(value, str) and value in names else value
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise ScenarioError(f"{where}: no seat {value!r}")
    return seat


def arrange(spec: Mapping[str, Any]) -> tuple[GuildmastersState, list[str]]:
    """The state a scenario's steps start from, and its players' names (seat 0 first)."""
    unknown = set(spec) - _SETUP
    if unknown:
        raise ScenarioError(f"unknown field(s) {', '.join(sorted(unknown))}")
    names = strings(spec, "names")
    players = integer(spec, "players", len(names) or 2, low=MIN_PLAYERS, high=MAX_PLAYERS)
    if len(names) > players or len(set(names)) != len(names):
        raise ScenarioError(f"names: at most {players} different names")
    names = names + [f"Guild {i + 1}" for i in range(len(names), players)]
    phase = text(spec, "phase", MAIN)
    if phase not in (MAIN, DRAFT):
        raise ScenarioError("phase: 'main' or 'draft'")
    placer = _Placer()
    pack = placer.pack
    guilds: list[Guild] = [Guild() for _ in range(players)]
    for raw in tables(spec, "guild"):
        bad = set(raw) - _GUILD
        if bad:
            raise ScenarioError(f"guild: unknown field(s) {', '.join(sorted(bad))}")
        seat = _seat(raw.get("seat"), names, players, "guild: seat")
        where = f"guild {names[seat]}"
        packs = raw.get("packs", [])
        if not isinstance(packs, list) or not all(isinstance(p, list) for p in packs):
            raise ScenarioError(f"{where}: packs: a list of lists of cards")
        cycles = strings(raw, "cycles", where + ": ")
        for f in cycles:
            if f not in FORCES:
                raise ScenarioError(f"{where}: cycles: {f!r} is not a force")
        tiles = placer.take(strings(raw, "tiles", where + ": "), "tile", where)
        used = strings(raw, "used", where + ": ")
        if not set(used) <= set(tiles):
            raise ScenarioError(f"{where}: used: only tiles the guild holds")
        guilds[seat] = Guild(
            hand=placer.take(strings(raw, "hand", where + ": "), "card", where),
            packs=tuple(placer.take(p, "card", where) for p in packs),
            quests=placer.take(strings(raw, "quests", where + ": "), "quest", where),
            held=placer.take(strings(raw, "held", where + ": "), "quest", where),
            tiles=tiles,
            used=tuple(used),
            cycles=tuple(cycles),
            influence=integer(raw, "influence", 0, where + ": ", low=0),
            points=integer(raw, "points", 0, where + ": ", low=0),
            passed=flag(raw, "passed", False, where + ": "),
        )
    discard = placer.take(strings(spec, "discard"), "card", "discard")
    top = placer.take(strings(spec, "deck"), "card", "deck")
    deck = top + tuple(c for c in pack.cards if c not in placer.placed)
    placer.placed.update(deck)
    rows_raw = spec.get("rows", [])
    decks_raw = spec.get("quest_decks", [])
    if not isinstance(rows_raw, list) or not isinstance(decks_raw, list):
        raise ScenarioError("rows and quest_decks: lists of lists of quests")
    named_rows = [placer.take(list(r), "quest", "rows") for r in rows_raw]
    named_decks = [placer.take(list(d), "quest", "quest_decks") for d in decks_raw]
    rows: list[tuple[str, ...]] = []
    decks: list[tuple[str, ...]] = []
    for level in LEVELS:
        for q in (*_at(named_rows, level), *_at(named_decks, level)):
            if pack.quests[q].level != level:
                raise ScenarioError(f"rows: {q!r} is not a level {level} quest")
        rest = [
            q.slug
            for q in sorted(pack.quests.values(), key=lambda q: q.number)
            if q.level == level and q.slug not in placer.placed
        ]
        row = list(_at(named_rows, level)) if level <= len(named_rows) else []
        while len(row) < SHOWN_PER_LEVEL and rest and level > len(named_rows):
            row.append(rest.pop(0))
        rows.append(tuple(row) + ("",) * (SHOWN_PER_LEVEL - len(row)))
        decks.append(_at(named_decks, level) + tuple(rest))
    held_tiles = {t for g in guilds for t in g.tiles}
    if "tavern" in spec:
        tavern = placer.take(strings(spec, "tavern"), "tile", "tavern")
    else:
        tavern = tuple(
            t
            for t in pack.tiles
            if int(t.rsplit("-", 1)[1]) <= pack.tavern_per_class and t not in held_tiles
        )
    rewards = tuple(t for t in pack.tiles if t not in held_tiles and t not in set(tavern))
    supply = [pack.cycles[f] for f in FORCES]
    for g in guilds:
        for f in g.cycles:
            supply[FORCES.index(f)] -= 1
    if min(supply) < 0:
        raise ScenarioError("cycles: more cycle tokens than the supply holds")
    order = tuple(
        _seat(s, names, players, "order") for s in spec.get("order", list(range(players)))
    )
    if sorted(order) != list(range(players)):
        raise ScenarioError("order: every seat once")
    current = _seat(spec.get("current", order[0]), names, players, "current")
    step = text(spec, "step", START)
    state = GuildmastersState(
        players=players,
        order=order,
        guilds=tuple(guilds),
        deck=deck,
        discard=discard,
        rows=tuple(rows),
        quest_decks=tuple(decks),
        tavern=tavern,
        rewards=rewards,
        cycle_supply=(supply[0], supply[1], supply[2]),
        rng=seeded(integer(spec, "seed", 1)),
        phase=phase,
        game_turn=integer(spec, "game_turn", 1, low=1),
        turn=Turn(seat=current, number=1, step=step, quested=flag(spec, "quested", False))
        if phase == MAIN
        else None,
        ending=flag(spec, "ending", False),
    )
    return state, names


def _at(lists: list[tuple[str, ...]], level: int) -> tuple[str, ...]:
    return lists[level - 1] if level <= len(lists) else ()


def conservation(state: GuildmastersState) -> list[str]:
    """Every adventurer card, quest, recruit tile and cycle token in exactly one place."""
    pack = load_pack()
    cards: Counter[str] = Counter((*state.deck, *state.discard))
    quests: Counter[str] = Counter(q for row in state.rows for q in row if q)
    for d in state.quest_decks:
        quests.update(d)
    tiles: Counter[str] = Counter((*state.tavern, *state.rewards))
    cycles = list(state.cycle_supply)
    for g in state.guilds:
        cards.update(g.hand)
        for p in g.packs:
            cards.update(p)
        quests.update((*g.quests, *g.held))
        tiles.update(g.tiles)
        for f in g.cycles:
            cycles[FORCES.index(f)] += 1
    if state.attempt is not None:
        cards.update(state.attempt.cards)
        if state.attempt.held:
            quests[state.attempt.quest] += 1
    if state.window is not None:
        cards.update(c for _, a in state.window.answers if (c := answer_card(a)))
    if state.ability is not None:
        cards.update(state.ability.give)
        (quests if state.ability.cls == "monk" else cards).update(state.ability.look)
    failures = []
    if cards != Counter(pack.cards):
        failures.append(
            f"cards lost or doubled: {sorted((cards ^ Counter(pack.cards)).elements())}"
        )
    if quests != Counter(list(pack.quests)):
        failures.append("quests lost or doubled")
    if tiles != Counter(pack.tiles):
        failures.append("recruit tiles lost or doubled")
    if tuple(cycles) != tuple(pack.cycles[f] for f in FORCES):
        failures.append("cycle tokens lost or doubled")
    return failures


def finish(spec: Mapping[str, Any], state: GuildmastersState) -> list[str]:
    """The game's own checks of a scenario's last state: nothing lost or doubled."""
    return conservation(state)
