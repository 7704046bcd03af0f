"""The conformance suite: one generic random-simulation test that every game runs.

Modelled on OpenSpiel's `random_sim_test`: the suite knows nothing of any game; it plays random
games through the `GameDefinition` protocol alone (the game's "random" player, with the game's
defaults mixed in at random moments, as deadlines would) and checks, after every command, what
every game must guarantee. A game's tests call it with what only the game can supply: states
that differ in one seat's secrets (`secret_variants`), its own invariants, and the events by
which its rules reveal a secret that no view keeps (`reveals`).

    report = conformance.check(GAME, players=[2, 3, 4], seeds=range(3),
                               secret_variants=variants, invariants=invariants)

Each check is also a function of its own (`CHECKS`, by name) taking a `Table`, so a test module
may parametrize over them; `checked_execute`, `JsonReplay` and `same_views` are the per-command
checks, for a game's own fuzzers. Everything is pure and deterministic: the choices come from
the seed (never the global `random` module), and a failure is an `AssertionError` naming the
game, the check, the number of players, the seed and the step (the set-up, or the Nth command).

The checks:

- `ends`: the game ends within `max_moves` commands, and `pending` is empty exactly when
  `is_over`.
- `decisions`: every pending decision names a seat of the table, and its `default` (and
  `defaults` for all waiting seats and for a random subset of them) is accepted by `execute` and
  makes progress (events, and a different state).
- `execute`: `execute` returns exactly the events `decide` returns and the state folding them
  with `evolve` gives, and leaves the state it was given as it was; a refusal is a `RuleError`
  with a stable code and a message, the same from `decide`.
- `replay`: the log, each event encoded to JSON with the game's `Codec` and decoded again, folds
  from nothing to the live state (compared as JSON bytes).
- `determinism`: two playouts with the same seeds give byte-identical logs, even with the global
  `random` module seeded differently before each.
- `views`: the public view and every seat's view encode to JSON in every state reached. With
  `secret_variants`: no other audience's view differs between a state and its variants, and no
  other audience's view of the next command's events differs either, unless the command puts the
  difference on the table (that audience's view of the state differs too, after the event or a
  later one of the command, or the event is one the game says `reveals`).
- `event_views`: every event, as every audience may know it, encodes to JSON and never carries
  the random source's state (checked for games whose state has an `rng` with an integer `state`).
- `invariants`: the game's own invariants hold in every state reached.
- `stages`: `stage` gives a `Stage` whose kind is one of the game's `deadline_kinds`; its key
  changes whenever its kind or label does and after every checkpoint event (the end of a round
  or turn), and a key once left never comes back (so a deadline set for one wait can never fire
  on a later one); `checkpoint` answers a bool.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from engine.core.codec import Codec, schema_version
from engine.core.errors import RuleError
from engine.core.game import PUBLIC, Audience, GameDefinition, Seat, Stage, replay
from engine.core.rng import Dice, seeded

SecretVariants = Callable[[Any, int], Iterable[Any]]
"""`(state, seat) -> states` that differ from `state` only in what `seat` alone may know, and
perhaps in what nobody may know (the order of a face-down deck). They keep the random source:
every roll shows something of it."""

Invariants = Callable[[Any], None]
"""`state -> None`, raising `AssertionError` when the state breaks one of the game's rules."""

Reveals = Callable[[Any], bool]
"""`event -> bool`: does the event put a secret on the table by the rules although no view keeps
it afterwards (Guild Master's attempt of a private contract, which its guild keeps if it fails)?"""

DEFAULT_MAX_MOVES = 10_000
# About one command in this many is the game's defaults (a deadline passing) rather than the
# random player's move, so that defaults are played from every kind of state.
DEFAULTS_EVERY = 8
# "Rule errors are typed, with a stable code and a message a player can act on."
ERROR_CODE = re.compile(r"[a-z][a-z0-9_]*\Z")
# A random source whose state is this small cannot be told from an ordinary count in a view; a
# SplitMix64 state after any draw is this small with a chance of 2**-32.
_SMALL = 1 << 32

_encode = msgspec.json.Encoder().encode


def _json(value: Any, what: str) -> bytes:
    """`value` encoded to JSON, or an AssertionError saying that `what` does not encode."""
    try:
        return _encode(value)
    except (TypeError, ValueError, OverflowError) as exc:
        raise AssertionError(f"{what} does not encode to JSON: {exc}") from None


def _who(audience: Audience) -> str:
    return f"seat {audience.seat}" if isinstance(audience, Seat) else "the public"


def _first_difference(ours: list[bytes], theirs: list[bytes]) -> str:
    for i, (a, b) in enumerate(zip(ours, theirs, strict=False)):
        if a != b:
            return f"event {i} is {a.decode()} against {b.decode()}"
    return f"{len(ours)} events against {len(theirs)}"


# --- the checks of one command, for the suite and for a game's own fuzzers -------------------


_NOT_FOLDED = (
    "execute's state for {command!r} is not its events folded with evolve "
    "(does evolve validate, draw a random number or read the global random?)"
)


def checked_execute(game: GameDefinition, state: Any, command: Any) -> tuple[list[Any], Any]:
    """`game.execute(state, command)`, checked: `decide` gives the same events, folding them with
    `evolve` gives the same state, and neither changes `state`. A refusal is re-raised once
    checked: a `RuleError` with a stable code (`ERROR_CODE`) and a message, the same code from
    `decide`, and `state` unchanged. Anything wrong raises `AssertionError`."""
    frozen = _encode(state)
    try:
        events, after = game.execute(state, command)
    except RuleError as error:
        _check_refusal(game, state, command, error, frozen)
        raise
    if _encode(state) != frozen:
        raise AssertionError(f"executing {command!r} changed the state it was given")
    try:
        decided = game.decide(state, command)
    except RuleError as exc:
        raise AssertionError(
            f"decide refuses {command!r} ({exc.code}), execute accepts it"
        ) from None
    if _encode(state) != frozen:
        raise AssertionError(f"deciding {command!r} changed the state it was given")
    ours = [_json(e, f"the event {type(e).__name__}") for e in events]
    theirs = [_json(e, f"the event {type(e).__name__}") for e in decided]
    if ours != theirs:
        raise AssertionError(
            f"execute gives other events than decide for {command!r}: "
            f"{_first_difference(ours, theirs)}"
        )
    if _encode(replay(game, events, state)) != _encode(after):
        raise AssertionError(_NOT_FOLDED.format(command=command))
    return events, after


def _check_refusal(
    game: GameDefinition, state: Any, command: Any, error: RuleError, frozen: bytes
) -> None:
    if not (isinstance(error.code, str) and ERROR_CODE.match(error.code)):
        raise AssertionError(f"the refusal of {command!r} has no stable code: {error!r}")
    if not (isinstance(error.message, str) and error.message.strip()):
        raise AssertionError(f"the refusal of {command!r} has no message: {error!r}")
    if _encode(state) != frozen:
        raise AssertionError(f"the refused {command!r} changed the state")
    try:
        game.decide(state, command)
    except RuleError as exc:
        if exc.code != error.code:
            raise AssertionError(
                f"execute refuses {command!r} with {error.code!r}, decide with {exc.code!r}"
            ) from None
    else:
        raise AssertionError(f"execute refuses {command!r} ({error.code}), decide accepts it")


class JsonReplay:
    """A game's log replayed through JSON as it grows: every event fed is encoded with the
    game's `Codec`, decoded again (at its schema version) and folded from nothing."""

    def __init__(self, game: GameDefinition) -> None:
        self.game = game
        self.codec = Codec(game.event_types, game.upcasters)
        self.state: Any = None

    def feed(self, events: Iterable[Any], live: Any) -> None:
        """Fold `events`; the replayed state must then encode to the same bytes as `live`."""
        names = []
        for event in events:
            raw = _json(event, f"the event {type(event).__name__}")
            try:
                decoded = self.codec.decode(raw, schema_version(event))
            except (ValueError, msgspec.ValidationError) as exc:
                raise AssertionError(f"the event {raw.decode()} does not decode: {exc}") from None
            self.state = self.game.evolve(self.state, decoded)
            names.append(type(event).__name__)
        if _encode(self.state) != _encode(live):
            raise AssertionError(
                f"the log replayed through JSON differs from the live state ({', '.join(names)})"
            )


def same_views(
    game: GameDefinition,
    state: Any,
    variants: Iterable[Any],
    audiences: Iterable[Audience],
    secret: str,
) -> int:
    """Every one of `audiences` sees the same of each variant as of `state`, which differ only
    in `secret` (for the message). Returns the number of views compared."""
    audiences = list(audiences)
    base = {a: _json(game.view(state, a), f"view(state, {a!r})") for a in audiences}
    compared = 0
    for variant in variants:
        for a in audiences:
            compared += 1
            if _encode(game.view(variant, a)) != base[a]:
                raise AssertionError(f"{_who(a)} sees a change in {secret}")
    return compared


# --- the suite --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """One game to check: the definition, the number of seats, the seed, and what the game
    supplies (its table options, its secret variants, its invariants and its reveals)."""

    game: GameDefinition
    players: int
    seed: int
    options: Mapping[str, Any] = field(default_factory=dict)
    secret_variants: SecretVariants | None = None
    invariants: Invariants | None = None
    reveals: Reveals | None = None
    max_moves: int = DEFAULT_MAX_MOVES

    @property
    def audiences(self) -> list[Audience]:
        return [PUBLIC, *(Seat(s) for s in range(self.players))]

    def failure(self, check: str, step: int, message: str) -> AssertionError:
        where = "set-up" if step == 0 else f"step {step}"
        return AssertionError(
            f"{self.game.name} conformance, {check} check ({self.players} players, "
            f"seed {self.seed}, {where}): {message}"
        )


@dataclass
class Report:
    """What the checks went through, for a test to assert on and print."""

    games: int = 0
    commands: int = 0
    refused: int = 0  # random players' moves the game refused (the seat's default was applied)
    compared: int = 0  # views and event views compared across secret variants

    def __iadd__(self, other: Report) -> Report:
        self.games += other.games
        self.commands += other.commands
        self.refused += other.refused
        self.compared += other.compared
        return self


class _Check:
    """One check watching a playout; a hook raises `AssertionError` when the game fails it."""

    name = ""

    def __init__(self, table: Table, report: Report) -> None:
        self.table = table
        self.game = table.game
        self.report = report

    def created(self, events: list[Any], state: Any) -> None:
        """The events of `create`, and the state they fold to."""

    def state(self, state: Any) -> None:
        """A state reached (after set-up or a command), before the next command is chosen."""

    def command(self, before: Any, command: Any, events: list[Any], after: Any) -> None:
        """A command `execute` accepted."""

    def refused(self, before: Any, command: Any, error: RuleError) -> None:
        """A command `execute` refused."""


class _Ends(_Check):
    name = "ends"

    def state(self, state: Any) -> None:
        over = self.game.is_over(state)
        waiting = self.game.pending(state)
        if over and waiting:
            raise AssertionError(f"the game is over but pending lists {len(waiting)} decision(s)")
        if not over and not waiting:
            raise AssertionError("the game waits for nobody but is not over")


class _Decisions(_Check):
    name = "decisions"

    def __init__(self, table: Table, report: Report) -> None:
        super().__init__(table, report)
        self.dice = Dice(seeded(table.seed ^ 0xDEC1DE))

    def state(self, state: Any) -> None:
        decisions = self.game.pending(state)
        if not decisions:
            return
        tried: set[bytes] = set()
        for d in decisions:
            if not (isinstance(d.seat, int) and 0 <= d.seat < self.table.players):
                raise AssertionError(
                    f"a {d.kind!r} decision names seat {d.seat!r}, not a seat here"
                )
            self._progress(state, d.default, f"the default of seat {d.seat}'s {d.kind!r}", tried)
        waiting = sorted({d.seat for d in decisions})
        self._progress(state, self.game.defaults(state, None), "defaults() for all", tried)
        some = [s for s in waiting if self.dice.below(2)] or waiting[:1]
        self._progress(state, self.game.defaults(state, some), f"defaults() for {some}", tried)

    def _progress(self, state: Any, command: Any, what: str, tried: set[bytes]) -> None:
        raw = _json(command, what)
        if raw in tried:
            return
        tried.add(raw)
        try:
            events, after = self.game.execute(state, command)
        except RuleError as exc:
            raise AssertionError(
                f"{what}, {command!r}, is refused: {exc.code}: {exc.message}"
            ) from None
        if not events:
            raise AssertionError(f"{what}, {command!r}, is accepted but causes no event")
        if _encode(after) == _encode(state):
            raise AssertionError(f"{what}, {command!r}, is accepted but changes nothing")


class _Execute(_Check):
    name = "execute"

    def state(self, state: Any) -> None:
        self.frozen = _encode(state)

    def command(self, before: Any, command: Any, events: list[Any], after: Any) -> None:
        if _encode(before) != self.frozen:
            raise AssertionError(f"executing {command!r} changed the state it was given")
        # The playout's own outcome first: an evolve that is not a function of its event shows
        # here, before a second execute would blur it into "two different outcomes".
        if _encode(replay(self.game, events, before)) != _encode(after):
            raise AssertionError(_NOT_FOLDED.format(command=command))
        again, state = checked_execute(self.game, before, command)
        if [_encode(e) for e in again] != [_encode(e) for e in events] or _encode(state) != _encode(
            after
        ):
            raise AssertionError(f"executing {command!r} twice gives two different outcomes")

    def refused(self, before: Any, command: Any, error: RuleError) -> None:
        if _encode(before) != self.frozen:
            raise AssertionError(f"the refused {command!r} changed the state")
        try:
            checked_execute(self.game, before, command)
        except RuleError as again:
            if again.code != error.code:
                raise AssertionError(
                    f"{command!r} is refused with {error.code!r}, then with {again.code!r}"
                ) from None
        else:
            raise AssertionError(f"{command!r} is refused ({error.code}), then accepted")


class _Replay(_Check):
    name = "replay"

    def created(self, events: list[Any], state: Any) -> None:
        self.replay = JsonReplay(self.game)
        self.replay.feed(events, state)

    def command(self, before: Any, command: Any, events: list[Any], after: Any) -> None:
        self.replay.feed(events, after)


class _Views(_Check):
    name = "views"

    def state(self, state: Any) -> None:
        for a in self.table.audiences:
            _json(self.game.view(state, a), f"view(state, {a!r})")
        self.variants: dict[int, list[Any]] = {}
        if self.table.secret_variants is None:
            return
        for seat in range(self.table.players):
            self.variants[seat] = variants = list(self.table.secret_variants(state, seat))
            self.report.compared += same_views(
                self.game, state, variants, self._others(seat), f"seat {seat}'s secrets"
            )

    def _others(self, seat: int) -> list[Audience]:
        return [a for a in self.table.audiences if a != Seat(seat)]

    def command(self, before: Any, command: Any, events: list[Any], after: Any) -> None:
        for seat, variants in self.variants.items():
            for variant in variants:
                try:
                    theirs, _ = self.game.execute(variant, command)
                except RuleError:
                    # The command was chosen for the real state; it may name the very secret the
                    # variant changed. Refusals that signal secrets are the game's tests' to check.
                    continue
                for a in self._others(seat):
                    self._compare(seat, a, before, events, variant, theirs)

    def _compare(
        self, seat: int, a: Audience, real: Any, ours: list[Any], variant: Any, theirs: list[Any]
    ) -> None:
        """The events as `a` knows them must be the same, unless the command puts the difference
        on the table: the first event that differs is one the game says `reveals`, or `a`'s view
        of the state differs too, after it or after a later event (a reveal may be told a few
        events before the state shows it)."""
        event_view, evolve, reveals = self.game.event_view, self.game.evolve, self.table.reveals
        for i, (e, f) in enumerate(zip(ours, theirs, strict=False)):
            real, variant = evolve(real, e), evolve(variant, f)
            self.report.compared += 1
            seen, other = _encode(event_view(e, a)), _encode(event_view(f, a))
            if seen == other:
                continue
            if reveals is not None and (reveals(e) or reveals(f)):
                return
            if self._revealed(a, real, ours[i + 1 :], variant, theirs[i + 1 :]):
                return
            raise AssertionError(
                f"{_who(a)} learns seat {seat}'s secrets from event {i} of the command: it sees "
                f"{seen.decode()} in one variant and {other.decode()} in another, and its view of "
                "the state stays the same to the end of the command"
            )

    def _revealed(
        self, a: Audience, real: Any, ours: list[Any], variant: Any, theirs: list[Any]
    ) -> bool:
        """Does `a`'s view of the state differ now, or after one of the events still to come?"""
        view, evolve = self.game.view, self.game.evolve
        if _encode(view(real, a)) != _encode(view(variant, a)):
            return True
        for e, f in zip(ours, theirs, strict=False):
            real, variant = evolve(real, e), evolve(variant, f)
            if _encode(view(real, a)) != _encode(view(variant, a)):
                return True
        real = replay(self.game, ours[len(theirs) :], real)
        variant = replay(self.game, theirs[len(ours) :], variant)
        return _encode(view(real, a)) != _encode(view(variant, a))


class _EventViews(_Check):
    name = "event_views"

    def created(self, events: list[Any], state: Any) -> None:
        self._look(None, events)

    def command(self, before: Any, command: Any, events: list[Any], after: Any) -> None:
        self._look(before, events)

    def _look(self, state: Any, events: list[Any]) -> None:
        for event in events:
            secret = {_rng_state(state)}
            state = self.game.evolve(state, event)
            secret.add(_rng_state(state))
            secret.discard(None)
            for a in self.table.audiences:
                shown = self.game.event_view(event, a)
                if shown is None:
                    continue
                what = f"event_view({type(event).__name__}, {_who(a)})"
                raw = _json(shown, what)
                if secret and _holds(msgspec.json.decode(raw), secret):
                    raise AssertionError(
                        f"{what} carries the random source's state: {raw.decode()}"
                    )


def _rng_state(state: Any) -> int | None:
    """The integer state of the game's random source, if the game keeps one (`state.rng`) and it
    is large enough to be told from an ordinary number."""
    rng = getattr(state, "rng", None)
    value = getattr(rng, "state", None)
    return value if isinstance(value, int) and abs(value) >= _SMALL else None


def _holds(doc: Any, values: set[int | None]) -> bool:
    """Does the decoded JSON `doc` hold one of `values` anywhere?"""
    if isinstance(doc, dict):
        return any(_holds(v, values) for v in doc.values())
    if isinstance(doc, list):
        return any(_holds(v, values) for v in doc)
    return isinstance(doc, int) and not isinstance(doc, bool) and doc in values


class _Invariants(_Check):
    name = "invariants"

    def state(self, state: Any) -> None:
        if self.table.invariants is not None:
            self.table.invariants(state)


class _Stages(_Check):
    name = "stages"

    def __init__(self, table: Table, report: Report) -> None:
        super().__init__(table, report)
        self.last: Stage | None = None
        self.left: set[str] = set()
        self.turned: str | None = None  # the checkpoint event of the last command, if any

    def created(self, events: list[Any], state: Any) -> None:
        self._checkpoints(events)

    def command(self, before: Any, command: Any, events: list[Any], after: Any) -> None:
        self._checkpoints(events)

    def _checkpoints(self, events: list[Any]) -> None:
        self.turned = None
        for event in events:
            answer = self.game.checkpoint(event)
            if not isinstance(answer, bool):
                raise AssertionError(
                    f"checkpoint({type(event).__name__}) is {answer!r}, not a bool"
                )
            if answer:
                self.turned = type(event).__name__

    def state(self, state: Any) -> None:
        now = self.game.stage(state)
        if not isinstance(now, Stage):
            raise AssertionError(f"stage() gives {now!r}, not a Stage")
        if now.kind not in self.game.deadline_kinds:
            raise AssertionError(
                f"stage kind {now.kind!r} is not one of the deadline kinds "
                f"{self.game.deadline_kinds}"
            )
        if not (isinstance(now.key, str) and now.key):
            raise AssertionError(f"stage key {now.key!r} is not a non-empty string")
        last, self.last = self.last, now
        if last is None:
            return
        if now.key == last.key:
            if (now.kind, now.label) != (last.kind, last.label):
                raise AssertionError(
                    f"the stage went from {last.label!r} ({last.kind}) to {now.label!r} "
                    f"({now.kind}) but its key stayed {now.key!r}"
                )
            if self.turned is not None:
                raise AssertionError(
                    f"{self.turned} is a checkpoint but the stage key stayed {now.key!r}"
                )
            return
        self.left.add(last.key)
        if now.key in self.left:
            raise AssertionError(f"the stage key {now.key!r} came back after it was left")


class _Playout:
    """One random game of `table`, watched by `checks`; `log` is every event encoded."""

    def __init__(self, table: Table, checks: Sequence[type[_Check]], report: Report) -> None:
        self.table = table
        self.game = table.game
        self.report = report
        self.checks = [cls(table, report) for cls in checks]
        self.player = self.game.players["random"](table.seed)
        self.dice = Dice(seeded(table.seed ^ 0x5EED))
        self.step = 0
        self.log: list[bytes] = []
        self.steps: list[int] = []  # the step of each event of the log

    def _fail(self, check: str, message: str) -> AssertionError:
        return self.table.failure(check, self.step, message)

    def _notify(self, hook: str, *args: Any) -> None:
        for check in self.checks:
            try:
                getattr(check, hook)(*args)
            except AssertionError as exc:
                raise self._fail(check.name, str(exc) or repr(exc)) from exc
            except Exception as exc:
                raise self._fail(check.name, f"{type(exc).__name__}: {exc}") from exc

    def run(self) -> None:
        game, table = self.game, self.table
        events = list(game.create(table.players, table.seed, dict(table.options)))
        state = replay(game, events)
        self._record(events)
        self._notify("created", events, state)
        self._notify("state", state)
        while not game.is_over(state) and game.pending(state):
            self.step += 1
            if self.step > table.max_moves:
                raise self._fail("ends", f"the game is not over after {table.max_moves} commands")
            state = self._play(state)
            self._notify("state", state)
        self.report.games += 1

    def _play(self, state: Any) -> Any:
        """Choose a command for `state`, execute it (falling back on the seat's default when the
        random player's move is refused, as the host does) and tell the checks."""
        command, seat = self._choose(state)
        try:
            events, after = self.game.execute(state, command)
        except RuleError as error:
            self._notify("refused", state, command, error)
            if seat is None:
                raise self._fail("decisions", f"{command!r} is refused: {error.code}") from None
            self.report.refused += 1
            command = self.game.defaults(state, [seat])
            try:
                events, after = self.game.execute(state, command)
            except RuleError as again:
                raise self._fail("decisions", f"{command!r} is refused: {again.code}") from None
        self.report.commands += 1
        self._record(events)
        self._notify("command", state, command, events, after)
        return after

    def _record(self, events: list[Any]) -> None:
        self.log += [_encode(e) for e in events]
        self.steps += [self.step] * len(events)

    def _choose(self, state: Any) -> tuple[Any, int | None]:
        """The next command, and the seat it is the random player's move for (None for the
        game's defaults)."""
        dice = self.dice
        waiting = sorted({d.seat for d in self.game.pending(state)})
        if dice.below(DEFAULTS_EVERY) == 0:
            if dice.below(3) == 0:
                return self.game.defaults(state, None), None
            some = [s for s in waiting if dice.below(2)] or [waiting[dice.below(len(waiting))]]
            return self.game.defaults(state, some), None
        seat = waiting[dice.below(len(waiting))]
        move = self.player.move(state, [seat])
        if move is None:
            return self.game.defaults(state, [seat]), None
        return move, seat


def _run(table: Table, checks: Sequence[type[_Check]]) -> Report:
    report = Report()
    _Playout(table, checks, report).run()
    return report


def _twice(table: Table, checks: Sequence[type[_Check]]) -> Report:
    """Play `table` with `checks`, then again bare, the global `random` seeded differently before
    each (and restored after), and compare the logs byte for byte."""
    report = Report()
    saved = random.getstate()
    try:
        random.seed(table.seed ^ 0xA11CE)
        first = _Playout(table, checks, report)
        first.run()
        random.seed(~table.seed)
        random.random()
        second = _Playout(table, [], Report())
        second.run()
    finally:
        random.setstate(saved)
    if first.log != second.log:
        at = next(
            (i for i, (a, b) in enumerate(zip(first.log, second.log, strict=False)) if a != b),
            min(len(first.log), len(second.log)),
        )
        raise table.failure(
            "determinism",
            first.steps[at] if at < len(first.steps) else first.step,
            "two playouts with the same seed give different logs: "
            + _first_difference(first.log, second.log),
        )
    return report


def check_ends(table: Table) -> Report:
    """The game ends within `table.max_moves` commands; `pending` is empty exactly when over."""
    return _run(table, [_Ends])


def check_decisions(table: Table) -> Report:
    """Every pending decision names a seat of the table, and every default is legal and makes
    progress."""
    return _run(table, [_Decisions])


def check_execute(table: Table) -> Report:
    """`execute` agrees with `decide` and with folding `evolve`, and changes nothing it is given."""
    return _run(table, [_Execute])


def check_replay(table: Table) -> Report:
    """The log replays through JSON to the live state."""
    return _run(table, [_Replay])


def check_determinism(table: Table) -> Report:
    """Two playouts with the same seeds give byte-identical logs, whatever the global `random`."""
    return _twice(table, [])


def check_views(table: Table) -> Report:
    """Views encode to JSON; with `secret_variants`, no audience learns another seat's secrets
    from a view or from the next command's events."""
    return _run(table, [_Views])


def check_event_views(table: Table) -> Report:
    """Every event's view encodes to JSON and never carries the random source's state."""
    return _run(table, [_EventViews])


def check_invariants(table: Table) -> Report:
    """The game's invariants hold in every state reached."""
    return _run(table, [_Invariants])


def check_stages(table: Table) -> Report:
    """Stages have a known kind and a key that changes with every new stage and checkpoint."""
    return _run(table, [_Stages])


CHECKS: Mapping[str, Callable[[Table], Report]] = {
    "ends": check_ends,
    "decisions": check_decisions,
    "execute": check_execute,
    "replay": check_replay,
    "determinism": check_determinism,
    "views": check_views,
    "event_views": check_event_views,
    "invariants": check_invariants,
    "stages": check_stages,
}

# Event views are checked before they are compared across variants, for the plainer message.
_ALL = (_Ends, _Decisions, _Execute, _Replay, _EventViews, _Views, _Invariants, _Stages)


def check_all(table: Table) -> Report:
    """Every check on one playout of `table` (and on a second one, for determinism)."""
    return _twice(table, _ALL)


def check(
    game: GameDefinition,
    *,
    players: Sequence[int],
    seeds: Iterable[int],
    options: Mapping[str, Any] | None = None,
    secret_variants: SecretVariants | None = None,
    invariants: Invariants | None = None,
    reveals: Reveals | None = None,
    max_moves: int = DEFAULT_MAX_MOVES,
) -> Report:
    """Every check on a playout for each number of `players` and each of `seeds`."""
    report = Report()
    seeds = list(seeds)
    for n in players:
        for seed in seeds:
            table = Table(
                game,
                n,
                seed,
                options=dict(options or {}),
                secret_variants=secret_variants,
                invariants=invariants,
                reveals=reveals,
                max_moves=max_moves,
            )
            report += check_all(table)
    return report
