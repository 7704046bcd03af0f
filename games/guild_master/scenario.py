"""Guild Master's scenarios: a table set up by hand, scripted dice, the commands of each seat, and
what must come of them. The format is documented in `docs/scenarios.md`; the rulebook's worked
examples are scenarios in `games/guild_master/scenarios/`.

The runner is the engine's (`engine.scenario`); this module is what it needs of Guild Master (the
`ScenarioSupport` protocol): `arrange` sets a table up from a scenario's fields, `finish` checks
that every scripted die was used, and `SEAT_FIELDS` are where a player's name may stand for its
seat. `load`, `run`, `Outcome` and `ScenarioError` are the engine's, kept here for `guildmaster
scenario run`; `setup_table` is for the rule tests' tables.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from msgspec.structs import replace

from engine.core.errors import RuleError
from engine.core.rng import Rng
from engine.scenario import (
    Outcome,
    ScenarioError,
    flag,
    integer,
    integers,
    load,
    run,
    strings,
    table,
    tables,
    text,
)
from games.guild_master.rules.cards import CORE_KINDS, LEVELS
from games.guild_master.rules.commands import ApplyDefaults
from games.guild_master.rules.content import Pack, load_pack
from games.guild_master.rules.context import Ctx
from games.guild_master.rules.events import Event, ScenarioArranged
from games.guild_master.rules.evolve import evolve
from games.guild_master.rules.flow import advance, decide
from games.guild_master.rules.setup import create
from games.guild_master.rules.state import (
    SPOT_LETTERS,
    Board,
    CompletedContract,
    GameState,
    Guild,
    OwnedSkillUpgrade,
    Phase,
)

__all__ = [
    "SEAT_FIELDS",
    "Outcome",
    "ScenarioError",
    "arrange",
    "finish",
    "load",
    "run",
    "setup_table",
]

SEAT_FIELDS = ("seat", "by", "to", "target", "winner", "keeper", "bonus", "seats")
# The fields of a scenario that set its table up (docs/scenarios.md).
_SETUP = {
    "players",
    "seed",
    "short",
    "teams",
    "names",
    "round",
    "phase",
    "dice",
    "board",
    "guild",
    "allow_unused_dice",
}


def arrange(spec: Mapping[str, Any]) -> tuple[GameState, list[str]]:
    """The state a scenario's steps start from, and its players' names (seat 0 first)."""
    state, _ = setup_table(spec)
    return state, _names(spec)


def finish(spec: Mapping[str, Any], state: GameState) -> list[str]:
    """Every scripted die must have been used, unless the scenario allows it."""
    left = state.rng.scripted
    if left and not flag(spec, "allow_unused_dice", False):
        return [f"{len(left)} scripted dice were not used: {list(left)}"]
    return []


def setup_table(spec: Mapping[str, Any]) -> tuple[GameState, list[Event]]:
    """The game a scenario starts from (its table arranged, its dice scripted), and the events
    that made it. `spec` holds the scenario's set-up fields (see docs/scenarios.md)."""
    unknown = set(spec) - _SETUP
    if unknown:
        raise ScenarioError(f"unknown field(s) {', '.join(sorted(unknown))}")
    names = _names(spec)
    players = integer(spec, "players", 2)
    options: dict[str, Any] = {"short": flag(spec, "short", False)}
    if "teams" in spec:
        options["teams"] = strings(spec, "teams")
        if len(set(options["teams"])) != len(options["teams"]):
            raise ScenarioError("`teams`: each starting team can be dealt to one guild only")
    try:
        events: list[Event] = list(create(players, integer(spec, "seed", 1), options))
    except RuleError as exc:
        raise ScenarioError(exc.message) from None
    state: GameState | None = None
    for e in events:
        state = evolve(state, e)
    assert state is not None
    if text(spec, "phase", "orders") != "setup":
        new = decide(state, ApplyDefaults(seat=-1))
        events += new
        state = _fold(state, new)
    arranged, state = _arrange(state, spec, names)
    return state, events + arranged


def _names(spec: Mapping[str, Any]) -> list[str]:
    return strings(spec, "names")


def _fold(state: GameState, events: Iterable[Event]) -> GameState:
    for e in events:
        state = evolve(state, e)
    return state


def _seat(value: Any, names: list[str]) -> Any:
    return names.index(value) if isinstance(value, str) and value in names else value


# --- arranging the table ----------------------------------------------------------------------


def _arrange(
    state: GameState, spec: Mapping[str, Any], names: list[str]
) -> tuple[list[Event], GameState]:
    pack = load_pack(state.pack)
    board, guilds = state.board, list(state.guilds)
    board_spec = table(spec, "board")
    guild_specs = tables(spec, "guild")
    moved = _mentioned(board_spec, guild_specs)
    for slug in moved:
        _check_card(pack, slug)
    board, guilds = _remove_everywhere(board, guilds, moved)
    board = _arrange_board(pack, board, board_spec)
    for i, g_spec in enumerate(guild_specs):
        seat = _seat(g_spec.get("seat", i), names)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
            raise ScenarioError(f"guild {i + 1}: no seat {g_spec.get('seat')!r}")
        guilds[seat] = _arrange_guild(pack, guilds[seat], g_spec)
    phase = text(spec, "phase", "orders")
    if phase not in ("setup", "orders", "start_of_round"):
        raise ScenarioError("phase must be setup, start_of_round or orders")
    if phase == "setup" and (board_spec or guild_specs or "round" in spec):
        raise ScenarioError("a scenario that starts at setup cannot change the table")
    round_ = integer(spec, "round", 1 if phase != "setup" else 0)
    if phase != "setup" and not 1 <= round_ <= state.rounds:
        raise ScenarioError(f"round must be 1 to {state.rounds}")
    dice = tuple(integers(spec, "dice"))
    if any(not 1 <= d <= 6 for d in dice):
        raise ScenarioError("scripted dice must be 1 to 6")
    ctx = Ctx(state)
    ctx.emit(
        ScenarioArranged(
            round=round_,
            phase={"orders": Phase.ORDERS, "setup": Phase.SETUP}.get(phase, Phase.START).value,
            board=board,
            guilds=tuple(guilds),
            rng=Rng(state.rng.state, dice),
        )
    )
    advance(ctx)
    return ctx.events, ctx.state


def _mentioned(board_spec: Mapping[str, Any], guild_specs: list[Mapping[str, Any]]) -> list[str]:
    cards: list[str] = []
    for key in ("adventurers", "decks"):
        decks = table(board_spec, key, "board: ")
        for name in decks:
            cards += strings(decks, name, f"board.{key}: ")
    contracts = table(board_spec, "contracts", "board: ")
    cards += [c for n in contracts if (c := text(contracts, n, "", "board.contracts: "))]
    for i, g in enumerate(guild_specs, 1):
        where = f"guild {i}: "
        cards += strings(g, "adventurers", where) + strings(g, "private", where)
        cards += [_completed(item, where)[0] for item in _list(g, "completed", where)]
    return cards


def _list(spec: Mapping[str, Any], key: str, where: str) -> list[Any]:
    value = spec.get(key, [])
    if not isinstance(value, list):
        raise ScenarioError(f"{where}`{key}` must be a list")
    return value


def _completed(item: Any, where: str) -> tuple[str, tuple[int, ...]]:
    """A completed contract's slug and stored dice: a slug, or `{ slug = "...", stored = [4] }`."""
    if isinstance(item, str):
        return item, ()
    if not isinstance(item, dict) or set(item) - {"slug", "stored"}:
        raise ScenarioError(f"{where}`completed`: a slug or {{ slug = ..., stored = [...] }}")
    slug = text(item, "slug", "", f"{where}completed: ")
    if not slug:
        raise ScenarioError(f"{where}`completed`: every table needs its `slug`")
    stored = tuple(integers(item, "stored", f"{where}completed: "))
    if any(not 1 <= d <= 6 for d in stored):
        raise ScenarioError(f"{where}`completed`: stored dice must be 1 to 6")
    return slug, stored


def _check_card(pack: Pack, slug: str) -> None:
    if slug not in pack.adventurers and slug not in pack.contracts:
        raise ScenarioError(f"no card {slug!r} in the {pack.name} pack")


def _remove_everywhere(
    board: Board, guilds: list[Guild], cards: Iterable[str]
) -> tuple[Board, list[Guild]]:
    gone = set(cards)

    def keep(t: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(c for c in t if c not in gone)

    spots = tuple(replace(a, deck=keep(a.deck)) for a in board.adventurers)
    contracts = tuple(
        replace(c, card=None, face_up=False, level="") if c.card in gone else c
        for c in board.contracts
    )
    board = replace(
        board,
        adventurers=spots,
        contracts=contracts,
        common=keep(board.common),
        heroic=keep(board.heroic),
        legendary=keep(board.legendary),
        contract_discard=keep(board.contract_discard),
        adventurer_discard=keep(board.adventurer_discard),
    )
    guilds = [
        replace(
            g,
            adventurers=keep(g.adventurers),
            private_contracts=keep(g.private_contracts),
            completed=tuple(c for c in g.completed if c.slug not in gone),
        )
        for g in guilds
    ]
    return board, guilds


def _arrange_board(pack: Pack, board: Board, spec: Mapping[str, Any]) -> Board:
    unknown = set(spec) - {"builder_marker", "adventurers", "contracts", "decks", "face_down"}
    if unknown:
        raise ScenarioError(f"board: unknown field(s) {', '.join(sorted(unknown))}")
    face_down = {str(x) for x in _list(spec, "face_down", "board: ")}
    spots = list(board.adventurers)
    for letter, deck in spec.get("adventurers", {}).items():
        if letter not in SPOT_LETTERS:
            raise ScenarioError(f"board.adventurers: no spot {letter!r} (A–F)")
        i = SPOT_LETTERS.index(letter)
        for slug in deck:
            if slug not in pack.adventurers:
                raise ScenarioError(f"board.adventurers.{letter}: {slug!r} is not an adventurer")
        new = (*deck, *spots[i].deck)
        spots[i] = replace(spots[i], deck=new, face_up=bool(new) and letter not in face_down)
    contracts = list(board.contracts)
    for number, slug in spec.get("contracts", {}).items():
        n = int(number) if number.isascii() and number.isdigit() else 0
        if not 1 <= n <= 6:
            raise ScenarioError(f"board.contracts: no spot {number!r} (1–6)")
        if slug and slug not in pack.contracts:
            raise ScenarioError(f"board.contracts.{number}: {slug!r} is not a contract")
        contracts[n - 1] = replace(
            contracts[n - 1],
            card=slug or None,
            face_up=bool(slug) and str(n) not in face_down,
            level=pack.contracts[slug].level if slug else "",
        )
    changes: dict[str, Any] = {"adventurers": tuple(spots), "contracts": tuple(contracts)}
    for level, tops in spec.get("decks", {}).items():
        if level not in LEVELS:
            raise ScenarioError(f"board.decks: no deck {level!r} (common, heroic, legendary)")
        for slug in tops:
            if slug not in pack.contracts or pack.contracts[slug].level != level:
                raise ScenarioError(f"board.decks.{level}: {slug!r} is not a {level} contract")
        changes[level] = (*tops, *board.deck(level))
    if "builder_marker" in spec:
        top = len(pack.board.builder_track) - 1
        changes["builder_marker"] = integer(spec, "builder_marker", 0, "board: ", low=0, high=top)
    return replace(board, **changes)


def _arrange_guild(pack: Pack, g: Guild, spec: Mapping[str, Any]) -> Guild:
    allowed = {"seat", "gold", "fame", "adventurers", "skill_upgrades", "prestige", "private"}
    allowed |= {"completed", *CORE_KINDS}
    unknown = set(spec) - allowed
    if unknown:
        raise ScenarioError(f"guild: unknown field(s) {', '.join(sorted(unknown))}")
    changes: dict[str, Any] = {}
    for key in ("gold", "fame"):
        if key in spec:
            changes[key] = integer(spec, key, 0, f"guild {g.seat}: ", low=0)
    for key in CORE_KINDS:  # Stables, Mess Hall and Bar have levels I to III
        if key in spec:
            changes[key] = integer(spec, key, 1, f"guild {g.seat}: ", low=1, high=3)
    if "adventurers" in spec:
        for slug in spec["adventurers"]:
            if slug not in pack.adventurers:
                raise ScenarioError(f"guild {g.seat}: {slug!r} is not an adventurer")
        changes["adventurers"] = tuple(spec["adventurers"])
    if "skill_upgrades" in spec:
        owned = []
        for item in strings(spec, "skill_upgrades", f"guild {g.seat}: "):
            slug, _, side = str(item).partition(":")
            if slug not in pack.skill_upgrades or side not in ("fixer", "reroll"):
                raise ScenarioError(
                    f"guild {g.seat}: skill upgrade {item!r} must be 'slug:fixer' or "
                    "'slug:reroll' with a slug of the pack"
                )
            owned.append(OwnedSkillUpgrade(slug=slug, side=side))  # type: ignore[arg-type]
        changes["skill_upgrades"] = tuple(owned)
    if "prestige" in spec:
        changes["prestige"] = text(spec, "prestige", "", f"guild {g.seat}: ") or None
    for key in ("private", "completed"):
        for slug in _mentioned({}, [{key: spec.get(key, [])}]):
            if slug not in pack.contracts:
                raise ScenarioError(f"guild {g.seat}: {key}: {slug!r} is not a contract")
    if "private" in spec:
        changes["private_contracts"] = tuple(spec["private"])
    if "completed" in spec:
        done = []
        for item in spec["completed"]:
            slug, stored = _completed(item, f"guild {g.seat}: ")
            boon = pack.contracts[slug].effect("boon") is not None
            done.append(CompletedContract(slug=slug, stored=stored, boon=boon))
        changes["completed"] = tuple(done)
    return replace(g, **changes)
