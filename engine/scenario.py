"""Scenarios: a table set up by hand, the commands each seat sends, and what must come of them.

The format is documented in `docs/scenarios.md`. This module is the game-agnostic part: reading
TOML files and folders of them, the `[[scenario]]` tables, the steps (one command each, or a
refusal with its code), the expectations (dotted paths into the public and seat views, events
present in order and events absent) and the report, one line per scenario and a total.

A scenario names its game with `game = "<name>"`, at the top of its file or in its own table;
the default is "guild-master", the first game, so that older files keep working. What a table
looks like is the game's own: each game that has scenarios has a module `scenario` in its package
implementing `ScenarioSupport`. `builtin` finds it by the game's name through the list of built-in
games (`games.package`), so this module imports no game itself.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from typing import Any, Protocol, cast

import msgspec

from engine.core import registry
from engine.core.codec import Codec, type_name
from engine.core.errors import RuleError
from engine.core.game import PUBLIC, GameDefinition, Seat, replay

DEFAULT_GAME = "guild-master"
# The fields of a scenario the runner reads; every other one is the game's, for `arrange`.
RUNNER_FIELDS = frozenset({"game", "name", "rule", "step", "expect", "events", "absent_events"})


class ScenarioError(ValueError):
    """The scenario itself is wrong (not the game): an unknown game, card, field or seat."""


# --- reading fields of the right type ----------------------------------------------------------
# A scenario file is anybody's TOML: a field of the wrong type must be one sentence naming it, never
# an exception from deep in a game's set-up. `where` prefixes the field's name ("guild 2: ").


def _shown(value: Any) -> str:
    """`value` as the message quotes it: its repr, cut short (a file may hold megabytes)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _wrong(where: str, key: str, wanted: str, value: Any) -> ScenarioError:
    return ScenarioError(f"{where}`{key}` must be {wanted}, not {_shown(value)}")


def integer(
    spec: Mapping[str, Any],
    key: str,
    default: int,
    where: str = "",
    *,
    low: int | None = None,
    high: int | None = None,
) -> int:
    """The whole number `spec[key]` (TOML's booleans are not numbers here), or `default`; if
    given, from `low` to `high`."""
    value = spec.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise _wrong(where, key, "a whole number", value)
    if (low is not None and value < low) or (high is not None and value > high):
        span = f"{low} to {high}" if low is not None and high is not None else None
        wanted = span or (f"at least {low}" if low is not None else f"at most {high}")
        raise _wrong(where, key, wanted, value)
    return value


def flag(spec: Mapping[str, Any], key: str, default: bool, where: str = "") -> bool:
    """The boolean `spec[key]`, or `default`."""
    value = spec.get(key, default)
    if not isinstance(value, bool):
        raise _wrong(where, key, "true or false", value)
    return value


def text(spec: Mapping[str, Any], key: str, default: str, where: str = "") -> str:
    """The string `spec[key]`, or `default`."""
    value = spec.get(key, default)
    if not isinstance(value, str):
        raise _wrong(where, key, "a string", value)
    return value


def strings(spec: Mapping[str, Any], key: str, where: str = "") -> list[str]:
    """The list of strings `spec[key]`, or an empty list."""
    value = spec.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _wrong(where, key, "a list of strings", value)
    return value


def integers(spec: Mapping[str, Any], key: str, where: str = "") -> list[int]:
    """The list of whole numbers `spec[key]`, or an empty list."""
    value = spec.get(key, [])
    if not isinstance(value, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        raise _wrong(where, key, "a list of whole numbers", value)
    return value


def table(spec: Mapping[str, Any], key: str, where: str = "") -> dict[str, Any]:
    """The table `spec[key]` (`[...key]` or `key = { ... }`), or an empty one."""
    value = spec.get(key, {})
    if not isinstance(value, dict):
        raise _wrong(where, key, "a table", value)
    return value


def tables(spec: Mapping[str, Any], key: str, where: str = "") -> list[dict[str, Any]]:
    """The list of tables `spec[key]` (`[[...key]]`), or an empty list."""
    value = spec.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise _wrong(where, key, "a list of tables ([[...]])", value)
    return value


class ScenarioSupport(Protocol):
    """What a game offers the scenario runner: its package's `scenario` module.

    `SEAT_FIELDS` are the fields of commands and events (and the last parts of expectation paths)
    whose values are seats, where a player's name may stand for its seat number. `arrange` sets
    the table up from the scenario's own fields (all but `RUNNER_FIELDS`): the state the steps
    start from, and the players' names, seat 0 first; it raises `ScenarioError` for a table it
    cannot set. `finish` gives the failures of the game's own checks of the final state (such as
    scripted dice left unused)."""

    SEAT_FIELDS: tuple[str, ...]

    def arrange(self, spec: Mapping[str, Any]) -> tuple[Any, list[str]]: ...

    def finish(self, spec: Mapping[str, Any], state: Any) -> list[str]: ...


@dataclass(frozen=True)
class Hosted:
    """A game and its scenario support."""

    game: GameDefinition
    support: ScenarioSupport


Finder = Callable[[str], Hosted]


def builtin(name: str) -> Hosted:
    """The built-in game called `name` and its package's `scenario` module."""
    import games  # here, as the registry does: the games import the engine

    try:
        game = registry.get(name)
    except KeyError as exc:
        raise ScenarioError(exc.args[0]) from None
    module = f"{games.package(name)}.scenario"
    try:
        support = import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name != module:
            raise
        raise ScenarioError(f"the game {name!r} has no scenario support ({module})") from None
    return Hosted(game, cast(ScenarioSupport, support))


@dataclass
class Outcome:
    """The result of running one scenario."""

    name: str
    failures: list[str] = field(default_factory=list)
    events: list[Any] = field(default_factory=list)
    state: Any = None

    @property
    def passed(self) -> bool:
        return not self.failures


def load(text: str, source: str = "<scenario>", *, find: Finder = builtin) -> list[dict[str, Any]]:
    """The scenarios of a TOML file: its `[[scenario]]` tables, each with its `game` (its own,
    the file's, or the default), which must be a game `find` knows."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{source}: not valid TOML: {exc}") from None
    except RecursionError:
        # tomllib parses nested arrays and tables recursively
        raise ScenarioError(f"{source}: arrays or tables nested too deeply") from None
    scenarios = data.get("scenario")
    if not isinstance(scenarios, list) or not scenarios:
        raise ScenarioError(f"{source}: no [[scenario]] tables")
    for n, spec in enumerate(scenarios, 1):
        if not isinstance(spec, dict):
            raise ScenarioError(f"{source}: scenario {n} must be a table, not {_shown(spec)}")
    default = data.get("game", DEFAULT_GAME)
    specs = [{"game": default, **spec} for spec in scenarios]
    for spec in specs:
        if not isinstance(name := spec["game"], str):
            raise ScenarioError(f"{source}: `game` must be a game's name, not {_shown(name)}")
    for name in dict.fromkeys(spec["game"] for spec in specs):
        try:
            find(name)
        except ScenarioError as exc:
            raise ScenarioError(f"{source}: {exc}") from None
    return specs


def run(spec: Mapping[str, Any], *, find: Finder = builtin) -> Outcome:
    """Set the table up, play the steps, and compare what happened with what was expected."""
    out = Outcome(str(spec.get("name", "unnamed scenario")))
    try:
        _check(spec)
        _run(find(str(spec.get("game", DEFAULT_GAME))), spec, out)
    except ScenarioError as exc:
        out.failures.append(f"scenario error: {exc}")
    return out


def _check(spec: Mapping[str, Any]) -> None:
    """The runner's own fields have the shapes docs/scenarios.md gives them."""
    text(spec, "name", "")
    text(spec, "rule", "")
    for i, step in enumerate(tables(spec, "step"), 1):
        where = f"step {i}: "
        text(step, "type", "", where)
        text(step, "error", "", where)
        table(step, "expect", where)
    table(spec, "expect")
    for i, event in enumerate(tables(spec, "events"), 1):
        text(event, "type", "", f"event {i}: ")
    strings(spec, "absent_events")


def files(names: Iterable[str | Path]) -> list[Path]:
    """The scenario files named: a file itself, a folder every `*.toml` under it (sorted)."""
    found: list[Path] = []
    for name in names:
        path = Path(name)
        if path.is_dir():
            found += sorted(path.rglob("*.toml"))
        elif path.is_file():
            found.append(path)
        else:
            raise ScenarioError(f"no such file or folder: {name}")
    return found


@dataclass
class Summary:
    """How many scenarios passed and failed (a file that cannot be read counts as one failure)."""

    passed: int = 0
    failed: int = 0

    @property
    def status(self) -> int:
        """The exit status of a command line that ran them: 1 if anything failed, else 0."""
        return 1 if self.failed else 0


def run_files(
    paths: Iterable[Path], *, find: Finder = builtin, write: Callable[[str], None] = print
) -> Summary:
    """Run every scenario of `paths`, writing `PASS file: name` or `FAIL file: name — reasons`
    for each and then `N passed, N failed`."""
    summary = Summary()
    for path in paths:
        try:
            specs = load(path.read_text(encoding="utf-8"), str(path), find=find)
        except ScenarioError as exc:
            write(f"FAIL {path}: {exc}")
            summary.failed += 1
            continue
        except (UnicodeDecodeError, OSError) as exc:
            write(f"FAIL {path}: cannot be read as UTF-8 text: {exc}")
            summary.failed += 1
            continue
        for spec in specs:
            try:
                outcome = run(spec, find=find)
            except Exception as exc:  # one bad scenario must not end the whole run
                outcome = Outcome(str(spec.get("name", "unnamed scenario")))
                outcome.failures.append(
                    f"the game failed on this scenario ({type(exc).__name__}: {exc}); "
                    "a field it does not check may have the wrong type"
                )
            if outcome.passed:
                summary.passed += 1
                write(f"PASS {path}: {outcome.name}")
            else:
                summary.failed += 1
                write(f"FAIL {path}: {outcome.name} — {'; '.join(outcome.failures)}")
    write(f"{summary.passed} passed, {summary.failed} failed")
    return summary


# --- running one scenario -----------------------------------------------------------------------


def _run(hosted: Hosted, spec: Mapping[str, Any], out: Outcome) -> None:
    game, support = hosted.game, hosted.support
    table = {k: v for k, v in spec.items() if k not in RUNNER_FIELDS}
    state, names = support.arrange(table)
    seats = _Seats(names, support.SEAT_FIELDS)
    commands = Codec(game.command_types, {})
    log: list[Any] = []
    for i, raw in enumerate(spec.get("step", ()), 1):
        step = seats.fields(dict(raw))
        expected_error = step.pop("error", None)
        checks = step.pop("expect", None)
        command = _command(commands, step, i)
        try:
            new = game.decide(state, command)
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
        state = replay(game, new, state)
        log += new
        if checks:
            out.failures += [f"after step {i}: {f}" for f in _compare(game, state, checks, seats)]
    out.events, out.state = log, state
    out.failures += _compare(game, state, spec.get("expect", {}), seats)
    out.failures += _match_events(log, spec.get("events", ()), seats)
    for absent in spec.get("absent_events", ()):
        if any(type_name(e) == absent for e in log):
            out.failures.append(f"event {absent} happened but should not have")
    out.failures += support.finish(table, state)


def _command(commands: Codec, step: dict[str, Any], i: int) -> Any:
    if "type" not in step:
        raise ScenarioError(f"step {i} has no `type` (a command name such as SetOrders)")
    try:
        return commands.from_builtins(step)
    except msgspec.ValidationError as exc:
        raise ScenarioError(f"step {i} ({step['type']}): {exc}") from None


class _Seats:
    """Players' names where seats are expected: `names[n]` stands for seat n."""

    def __init__(self, names: Sequence[str], seat_fields: Iterable[str]) -> None:
        self.names = list(names)
        self.seat_fields = frozenset(seat_fields)

    def seat(self, value: Any) -> Any:
        if isinstance(value, str) and value in self.names:
            return self.names.index(value)
        if isinstance(value, list):
            return [self.seat(v) for v in value]
        return value

    def fields(self, raw: dict[str, Any]) -> dict[str, Any]:
        """`raw` (a command or an event) with the names in its seat fields made seats."""
        for key in self.seat_fields & raw.keys():
            raw[key] = self.seat(raw[key])
        return raw


# --- expectations -------------------------------------------------------------------------------


def _compare(
    game: GameDefinition, state: Any, expect: Mapping[str, Any], seats: _Seats
) -> list[str]:
    failures = []
    docs: dict[str, Any] = {}
    for path, wanted in expect.items():
        parts = [str(seats.seat(p)) for p in path.split(".")]
        if parts[0] == "seat":
            if len(parts) < 2 or not parts[1].isdigit():
                failures.append(f"{path}: `seat.` must be followed by a seat number or name")
                continue
            key = f"seat{parts[1]}"
            if key not in docs:
                docs[key] = msgspec.to_builtins(game.view(state, Seat(int(parts[1]))))
            doc, rest = docs[key], parts[2:]
        else:
            if "public" not in docs:
                docs["public"] = msgspec.to_builtins(game.view(state, PUBLIC))
            doc, rest = docs["public"], parts
        found, value = _lookup(doc, rest)
        target = seats.seat(wanted) if parts[-1] in seats.seat_fields else wanted
        if not found:
            failures.append(f"{path}: no such value in the view")
        elif _normal(value) != _normal(target):
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


def _match_events(
    log: list[Any], expected: Iterable[Mapping[str, Any]], seats: _Seats
) -> list[str]:
    """Each expected event must occur, in the given order (other events may come between)."""
    i = 0
    raw = [msgspec.to_builtins(e) for e in log]
    for n, want in enumerate(expected, 1):
        want = seats.fields(dict(want))
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
