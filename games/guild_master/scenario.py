"""Scenarios: a table set up by hand, scripted dice, the commands of each seat, and what must come
of them. The format is documented in `docs/scenarios.md`; `guildmaster scenario run` reads TOML
files of them; the rulebook's worked examples are scenarios in `games/guild_master/scenarios/`.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Union

import msgspec
from msgspec.structs import replace

from engine.core.errors import RuleError
from engine.core.game import PUBLIC, Seat
from engine.core.rng import Rng
from games.guild_master.rules.cards import CORE_KINDS, LEVELS
from games.guild_master.rules.commands import COMMAND_TYPES, ApplyDefaults, Command
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
from games.guild_master.rules.views import view

_COMMAND = Union[COMMAND_TYPES]  # type: ignore[valid-type]  # noqa: UP007
_SEAT_KEYS = ("seat", "by", "to", "target", "winner", "keeper", "bonus")
_KNOWN = {
    "name",
    "rule",
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
    "step",
    "expect",
    "events",
    "absent_events",
    "allow_unused_dice",
}


class ScenarioError(ValueError):
    """The scenario itself is wrong (not the game): an unknown card, field or seat."""


@dataclass
class Outcome:
    """The result of running one scenario."""

    name: str
    failures: list[str] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    state: GameState | None = None

    @property
    def passed(self) -> bool:
        return not self.failures


def load(text: str, source: str = "<scenario>") -> list[dict[str, Any]]:
    """The scenarios of a TOML file: `[[scenario]]` tables."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{source}: not valid TOML: {exc}") from None
    scenarios = data.get("scenario")
    if not isinstance(scenarios, list) or not scenarios:
        raise ScenarioError(f"{source}: no [[scenario]] tables")
    return scenarios


def run(spec: Mapping[str, Any]) -> Outcome:
    """Set the table up, play the steps, and compare what happened with what was expected."""
    name = str(spec.get("name", "unnamed scenario"))
    out = Outcome(name)
    try:
        _run(spec, out)
    except ScenarioError as exc:
        out.failures.append(f"scenario error: {exc}")
    return out


def setup_table(spec: Mapping[str, Any]) -> tuple[GameState, list[Event]]:
    """The game a scenario starts from (its table arranged, its dice scripted), and the events
    that made it. `spec` holds the scenario's set-up fields (see docs/scenarios.md)."""
    unknown = set(spec) - _KNOWN
    if unknown:
        raise ScenarioError(f"unknown field(s) {', '.join(sorted(unknown))}")
    names = [str(n) for n in spec.get("names", ())]
    players = int(spec.get("players", 2))
    options: dict[str, Any] = {"short": bool(spec.get("short", False))}
    if "teams" in spec:
        options["teams"] = list(spec["teams"])
    try:
        events: list[Event] = list(create(players, int(spec.get("seed", 1)), options))
    except RuleError as exc:
        raise ScenarioError(exc.message) from None
    state: GameState | None = None
    for e in events:
        state = evolve(state, e)
    assert state is not None
    if spec.get("phase", "orders") != "setup":
        new = decide(state, ApplyDefaults(seat=-1))
        events += new
        state = _fold(state, new)
    arranged, state = _arrange(state, spec, names)
    return state, events + arranged


def _run(spec: Mapping[str, Any], out: Outcome) -> None:
    names = [str(n) for n in spec.get("names", ())]
    state, _ = setup_table(spec)
    log: list[Event] = []
    for i, raw in enumerate(spec.get("step", ()), 1):
        step = _names_to_seats(dict(raw), names)
        expected_error = step.pop("error", None)
        checks = step.pop("expect", None)
        command = _command(step, i)
        try:
            new = decide(state, command)
        except RuleError as exc:
            if expected_error is None:
                out.failures.append(f"step {i} ({step.get('type')}): refused: {exc.message}")
                return
            if exc.code != expected_error:
                out.failures.append(
                    f"step {i}: expected error {expected_error!r}, got {exc.code!r} ({exc.message})"
                )
            continue
        if expected_error is not None:
            out.failures.append(f"step {i}: expected error {expected_error!r}, but it was accepted")
        state = _fold(state, new)
        log += new
        if checks:
            out.failures += [f"after step {i}: {f}" for f in _compare(state, checks, names)]
    out.events, out.state = log, state
    out.failures += _compare(state, spec.get("expect", {}), names)
    out.failures += _match_events(log, spec.get("events", ()), names)
    for absent in spec.get("absent_events", ()):
        if any(_type(e) == absent for e in log):
            out.failures.append(f"event {absent} happened but should not have")
    left = state.rng.scripted
    if left and not spec.get("allow_unused_dice", False):
        out.failures.append(f"{len(left)} scripted dice were not used: {list(left)}")


def _fold(state: GameState, events: Iterable[Event]) -> GameState:
    for e in events:
        state = evolve(state, e)
    return state


def _command(step: dict[str, Any], i: int) -> Command:
    if "type" not in step:
        raise ScenarioError(f"step {i} has no `type` (a command name such as SetOrders)")
    try:
        return msgspec.convert(step, _COMMAND)
    except msgspec.ValidationError as exc:
        raise ScenarioError(f"step {i} ({step['type']}): {exc}") from None


def _seat(value: Any, names: list[str]) -> Any:
    if isinstance(value, str) and value in names:
        return names.index(value)
    if isinstance(value, list):
        return [_seat(v, names) for v in value]
    return value


def _names_to_seats(raw: dict[str, Any], names: list[str]) -> dict[str, Any]:
    for key in (*_SEAT_KEYS, "seats"):
        if key in raw:
            raw[key] = _seat(raw[key], names)
    return raw


# --- arranging the table ----------------------------------------------------------------------


def _arrange(
    state: GameState, spec: Mapping[str, Any], names: list[str]
) -> tuple[list[Event], GameState]:
    pack = load_pack(state.pack)
    board, guilds = state.board, list(state.guilds)
    board_spec = dict(spec.get("board", {}))
    guild_specs = list(spec.get("guild", ()))
    moved = _mentioned(board_spec, guild_specs)
    for slug in moved:
        _check_card(pack, slug)
    board, guilds = _remove_everywhere(board, guilds, moved)
    board = _arrange_board(pack, board, board_spec)
    for i, g_spec in enumerate(guild_specs):
        seat = _seat(g_spec.get("seat", i), names)
        if not isinstance(seat, int) or not 0 <= seat < state.players:
            raise ScenarioError(f"guild {i + 1}: no seat {g_spec.get('seat')!r}")
        guilds[seat] = _arrange_guild(pack, guilds[seat], g_spec)
    phase = str(spec.get("phase", "orders"))
    if phase not in ("setup", "orders", "start_of_round"):
        raise ScenarioError("phase must be setup, start_of_round or orders")
    if phase == "setup" and (board_spec or guild_specs or "round" in spec):
        raise ScenarioError("a scenario that starts at setup cannot change the table")
    round_ = int(spec.get("round", 1 if phase != "setup" else 0))
    if phase != "setup" and not 1 <= round_ <= state.rounds:
        raise ScenarioError(f"round must be 1 to {state.rounds}")
    dice = tuple(int(d) for d in spec.get("dice", ()))
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
    for deck in board_spec.get("adventurers", {}).values():
        cards += list(deck)
    cards += [c for c in board_spec.get("contracts", {}).values() if c]
    for deck in board_spec.get("decks", {}).values():
        cards += list(deck)
    for g in guild_specs:
        for key in ("adventurers", "private", "completed"):
            cards += [c if isinstance(c, str) else c["slug"] for c in g.get(key, ())]
    return cards


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
    face_down = {str(x) for x in spec.get("face_down", ())}
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
        n = int(number)
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
        changes[level] = (*tops, *board.deck(level))
    if "builder_marker" in spec:
        changes["builder_marker"] = int(spec["builder_marker"])
    return replace(board, **changes)


def _arrange_guild(pack: Pack, g: Guild, spec: Mapping[str, Any]) -> Guild:
    allowed = {"seat", "gold", "fame", "adventurers", "skill_upgrades", "prestige", "private"}
    allowed |= {"completed", *CORE_KINDS}
    unknown = set(spec) - allowed
    if unknown:
        raise ScenarioError(f"guild: unknown field(s) {', '.join(sorted(unknown))}")
    changes: dict[str, Any] = {}
    for key in ("gold", "fame", *CORE_KINDS):
        if key in spec:
            changes[key] = int(spec[key])
    if "adventurers" in spec:
        for slug in spec["adventurers"]:
            if slug not in pack.adventurers:
                raise ScenarioError(f"guild {g.seat}: {slug!r} is not an adventurer")
        changes["adventurers"] = tuple(spec["adventurers"])
    if "skill_upgrades" in spec:
        owned = []
        for item in spec["skill_upgrades"]:
            slug, _, side = str(item).partition(":")
            if slug not in pack.skill_upgrades or side not in ("fixer", "reroll"):
                raise ScenarioError(
                    f"guild {g.seat}: skill upgrade {item!r} must be 'slug:fixer' or "
                    "'slug:reroll' with a slug of the pack"
                )
            owned.append(OwnedSkillUpgrade(slug=slug, side=side))  # type: ignore[arg-type]
        changes["skill_upgrades"] = tuple(owned)
    if "prestige" in spec:
        changes["prestige"] = spec["prestige"] or None
    if "private" in spec:
        changes["private_contracts"] = tuple(spec["private"])
    if "completed" in spec:
        done = []
        for item in spec["completed"]:
            if isinstance(item, str):
                item = {"slug": item}
            boon = pack.contracts[item["slug"]].effect("boon") is not None
            done.append(
                CompletedContract(
                    slug=item["slug"], stored=tuple(item.get("stored", ())), boon=boon
                )
            )
        changes["completed"] = tuple(done)
    return replace(g, **changes)


# --- expectations -----------------------------------------------------------------------------


def _compare(state: GameState, expect: Mapping[str, Any], names: list[str]) -> list[str]:
    failures = []
    docs: dict[str, Any] = {}
    for path, wanted in expect.items():
        parts = [str(_seat(p, names)) for p in path.split(".")]
        if parts[0] == "seat":
            if len(parts) < 2 or not parts[1].isdigit():
                failures.append(f"{path}: `seat.` must be followed by a seat number or name")
                continue
            key = f"seat{parts[1]}"
            if key not in docs:
                docs[key] = msgspec.to_builtins(view(state, Seat(int(parts[1]))))
            doc, rest = docs[key], parts[2:]
        else:
            if "public" not in docs:
                docs["public"] = msgspec.to_builtins(view(state, PUBLIC))
            doc, rest = docs["public"], parts
        found, value = _lookup(doc, rest)
        if not found:
            failures.append(f"{path}: no such value in the view")
        elif _normal(value) != _normal(_seat(wanted, names) if parts[-1] in _SEAT_KEYS else wanted):
            failures.append(f"{path}: expected {wanted!r}, got {value!r}")
    return failures


def _lookup(doc: Any, parts: list[str]) -> tuple[bool, Any]:
    for p in parts:
        if isinstance(doc, dict) and p in doc:
            doc = doc[p]
        elif (
            isinstance(doc, list | tuple)
            and p.lstrip("-").isdigit()
            and -len(doc) <= int(p) < len(doc)
        ):
            doc = doc[int(p)]
        elif isinstance(doc, list | tuple) and p == "len":
            doc = len(doc)
        else:
            return False, None
    return True, doc


def _normal(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_normal(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _normal(v) for k, v in value.items()}
    return value


def _type(event: Event) -> str:
    return type(event).__struct_config__.tag  # type: ignore[attr-defined]


def _match_events(
    log: list[Event], expected: Iterable[Mapping[str, Any]], names: list[str]
) -> list[str]:
    """Each expected event must occur, in the given order (other events may come between)."""
    i = 0
    raw = [msgspec.to_builtins(e) for e in log]
    for n, want in enumerate(expected, 1):
        want = _names_to_seats(dict(want), names)
        while i < len(raw) and not _matches(raw[i], want):
            i += 1
        if i == len(raw):
            return [f"expected event {n} ({_describe(want)}) did not happen in this order"]
        i += 1
    return []


def _matches(event: dict[str, Any], want: Mapping[str, Any]) -> bool:
    return all(k in event and _normal(event[k]) == _normal(v) for k, v in want.items())


def _describe(want: Mapping[str, Any]) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in want.items())
