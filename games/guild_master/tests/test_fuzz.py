"""Engine fuzzing: a hypothesis state machine throws valid, invalid and hostile commands from
every seat at 2-, 3- and 4-player games, and checks the invariants after every command.

Valid commands come from `pending` (every option and every default must be accepted) and from the
random player; hostile ones are sent from the wrong seat, in the wrong phase, with numbers out of
range, unknown slugs, other guilds' adventurers or negative Gold, repeated at once or replayed
later, and built with msgspec (as the bot decodes stored commands) from arbitrary values of every
field of every command type, or from a valid command with one value changed.

After every command (the checks are `Playout.submit`'s and `check_non_interference`'s, shared with
the playout tests, and built on the conformance suite's per-command checks, `engine.conformance`):
a refusal is a `RuleError` with a stable code and a message, the same from `decide`, and leaves
the state as it was, to the byte; anything else raised is a bug. `execute` agrees with `decide`
and with folding `evolve`, Gold and Fame never go negative, every card is in exactly one place,
the log replays through JSON to the live state, no view shows a hidden card, no audience's view
changes when only another seat's secrets change, and whether a seat's command is refused, and
why, does not depend on another seat's secrets either.

`HYPOTHESIS_PROFILE=ci` (the default) is a short run; `HYPOTHESIS_PROFILE=long` runs over 100,000
commands (see docs/reliability.md). Run with `-s` to see the figures.
"""

from __future__ import annotations

import os
from collections import Counter
from typing import Any

import msgspec
import msgspec.inspect as mi
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    precondition,
    rule,
    run_state_machine_as_test,
)
from msgspec.structs import replace

from engine.core.errors import RuleError
from games.guild_master import GAME
from games.guild_master.rules.cards import LEVELS, SKILLS
from games.guild_master.rules.commands import (
    COMMAND_TYPES,
    ApplyDefaults,
    ChooseCooperation,
    Command,
    CorrectOrder,
    PayGold,
    SetOrders,
    SetReady,
)
from games.guild_master.rules.flow import RULES
from games.guild_master.rules.pending import pending
from games.guild_master.rules.state import OBJECTIVES, ActionStep, Order, Phase, Plan
from games.guild_master.tests.playout import (
    COMMANDS,
    PACK,
    Playout,
    check_non_interference,
    check_secrets,
    secret_variants,
)

LONG = os.environ.get("HYPOTHESIS_PROFILE") == "long"
# Examples times steps: the long profile is sized to pass 100,000 commands (asserted below).
STEPS = 100 if LONG else 50
MIN_COMMANDS = 100_000 if LONG else 1_000

FIGURES: Counter[str] = Counter()

# Strings a command may carry: every slug and keyword of the game, and some that mean nothing.
WORDS = sorted(
    {
        *PACK.adventurers,
        *PACK.contracts,
        *PACK.skill_upgrades,
        *PACK.core_upgrades,
        *PACK.prestige,
        *SKILLS,
        *LEVELS,
        *OBJECTIVES,
        "stables",
        "mess_hall",
        "bar",
        "auto",
        "ask",
        "wander",
        "same",
        "",
        "nope",
        "Z",
        "0",
        "7",
        "-1",
    }
)
STRINGS = st.one_of(st.sampled_from(WORDS), st.text(max_size=6))
INTS = st.one_of(
    st.integers(-3, 12),
    st.sampled_from([-(2**63), -1000, 99, 1000, 2**31, 2**63 - 1, 2**64]),
)
# A value of the wrong type, which the decoder must refuse before the engine sees it.
ANYTHING = st.one_of(
    st.none(), st.booleans(), INTS, STRINGS, st.floats(allow_nan=False), st.lists(INTS, max_size=2)
)


def values(t: mi.Type) -> st.SearchStrategy[Any]:
    """Arbitrary builtins for a field of type `t` (as JSON would carry them)."""
    if isinstance(t, mi.IntType):
        return INTS
    if isinstance(t, mi.StrType):
        return STRINGS
    if isinstance(t, mi.BoolType):
        return st.booleans()
    if isinstance(t, mi.NoneType):
        return st.none()
    if isinstance(t, mi.LiteralType):
        return st.sampled_from(t.values)
    if isinstance(t, mi.UnionType):
        return st.one_of(*(values(u) for u in t.types))
    if isinstance(t, mi.VarTupleType | mi.ListType):
        return st.lists(values(t.item_type), max_size=5)
    if isinstance(t, mi.StructType):
        required = {f.encode_name: values(f.type) for f in t.fields if f.required}
        optional = {f.encode_name: values(f.type) for f in t.fields if not f.required}
        if t.tag_field is not None:
            required[t.tag_field] = st.just(t.tag)
        return st.fixed_dictionaries(required, optional=optional)
    # A command with a new kind of field: teach the fuzzer its values rather than skip it.
    raise TypeError(f"no strategy for {t!r}")


RAW_COMMANDS = {cls: values(mi.type_info(cls)) for cls in COMMAND_TYPES}


def mutate(raw: Any, data: st.DataObject) -> Any:
    """`raw` with one value somewhere inside it replaced by an arbitrary one."""
    if isinstance(raw, dict) and any(k != "type" for k in raw):
        key = data.draw(st.sampled_from(sorted(k for k in raw if k != "type")))
        return {**raw, key: mutate(raw[key], data)}
    if isinstance(raw, list) and raw and data.draw(st.booleans()):
        i = data.draw(st.integers(0, len(raw) - 1))
        return [*raw[:i], mutate(raw[i], data), *raw[i + 1 :]]
    if isinstance(raw, list) and data.draw(st.booleans()):
        return [*raw, *raw[-1:]] if raw else [data.draw(ANYTHING)]  # a repeated item
    return data.draw(st.one_of(INTS, STRINGS, ANYTHING))


class GuildMasterMachine(RuleBasedStateMachine):
    """One game, started at a random point by random players, then driven by the rules below."""

    game: Playout

    @initialize(
        players=st.integers(2, 4),
        seed=st.integers(0, 2**32 - 1),
        short=st.booleans(),
        warmup=st.integers(0, 120),
    )
    def start(self, players: int, seed: int, short: bool, warmup: int) -> None:
        self.new_game(players, seed, short)
        for _ in range(warmup):
            if self.over:
                break
            before = self.game.commands
            self.game.step()  # valid commands, checked like any other
            FIGURES["commands"] += self.game.commands - before
            FIGURES["accepted"] += self.game.commands - before
            self.check_secrecy()

    def new_game(self, players: int, seed: int, short: bool) -> None:
        self.game = Playout(players, seed, junk=0.0, short=short)
        self.accepted: list[Command] = []
        FIGURES["games"] += 1

    @precondition(lambda self: self.over)
    @rule(players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1), short=st.booleans())
    def next_game(self, players: int, seed: int, short: bool) -> None:
        """Once a game is over (and its log replays), the fuzzing goes on with a new one."""
        self.teardown()
        self.new_game(players, seed, short)

    @property
    def over(self) -> bool:
        return self.game.state.phase is Phase.ENDED

    @property
    def players(self) -> int:
        return self.game.players

    # --- submitting and checking -------------------------------------------------------------

    def submit(self, command: Command, *, legal: bool | None = None) -> RuleError | None:
        """Submit through the shared checks; `legal` says what the rules require of it."""
        before = self.game.state
        for kind in {d.kind for d in pending(before)} or {"nothing (game over)"}:
            FIGURES[f"at {kind}"] += 1  # where the fuzzing happens, for the report
        error = self.game.submit(command)
        FIGURES["commands"] += 1
        if error is None:
            FIGURES["accepted"] += 1
            self.accepted.append(command)
            self.check_secrecy()
        else:
            FIGURES["refused"] += 1
            FIGURES[f"code {error.code}"] += 1
            self.check_refusal_is_not_a_signal(before, command, error)
        if legal is True:
            assert error is None, f"{command!r} was refused: {error!r}"
        if legal is False:
            assert error is not None, f"{command!r} was accepted"
        return error

    def check_secrecy(self) -> None:
        check_secrets(self.game.state)
        FIGURES["views compared"] += check_non_interference(self.game.state)

    def check_refusal_is_not_a_signal(self, state: Any, command: Command, error: RuleError) -> None:
        """A seat could probe another guild's secrets with commands bound to be refused if the
        refusal, or its wording, depended on them: it must not."""
        if isinstance(command, ApplyDefaults) or not 0 <= command.seat < state.players:
            return
        for other in range(state.players):
            if other == command.seat:
                continue
            for variant in secret_variants(state, other):
                try:
                    GAME.decide(variant, command)
                except RuleError as again:
                    assert (again.code, again.message) == (error.code, error.message), (
                        f"the refusal of {command!r} depends on seat {other}'s secrets"
                    )
                else:
                    raise AssertionError(f"{command!r} is refused only for some of seat {other}'s")

    def decode(self, raw: Any) -> Command | None:
        """A command decoded as the bot decodes one, or None if the decoder refuses it."""
        try:
            return COMMANDS.from_builtins(raw)
        except msgspec.ValidationError:
            FIGURES["undecodable"] += 1
            return None

    def valid(self, data: st.DataObject) -> Command:
        """A valid command: an option or the default of a pending decision, or the random
        player's answer."""
        state = self.game.state
        d = data.draw(st.sampled_from(pending(state)))
        how = data.draw(st.sampled_from(["option", "default", "player"]))
        if how == "option" and d.options:
            return data.draw(st.sampled_from(d.options))
        if how == "default":
            if d.kind == "orders" and d.context.get("draft"):
                # A draft may hold an order that cannot be carried out as placed (Hire Builders
                # with no Gold): sent as the guild's own orders it is refused, while its default
                # reveals it as placed, to be corrected ("Reveal Orders"). So the default is
                # taken as the rules apply it.
                return ApplyDefaults(seat=d.seat, seats=(d.seat,))
            return d.default
        return self.game.bots[d.seat].answer(state, d)

    # --- valid commands ----------------------------------------------------------------------

    @precondition(lambda self: not self.over)
    @rule(data=st.data())
    def answer(self, data: st.DataObject) -> None:
        """ "The engine always answers whom are we waiting for, to decide what": each listed
        option, each default and the random player's answer is legal."""
        self.submit(self.valid(data), legal=True)

    @precondition(lambda self: not self.over)
    @rule(n=st.integers(1, 8))
    def play_on(self, n: int) -> None:
        """Several turns of the random players (with negotiation and declined orders)."""
        for _ in range(n):
            if self.over:
                return
            before = self.game.commands
            self.game.step()
            FIGURES["commands"] += self.game.commands - before
            FIGURES["accepted"] += self.game.commands - before
            self.check_secrecy()

    @precondition(lambda self: not self.over)
    @rule(data=st.data())
    def extra(self, data: st.DataObject) -> None:
        """What a player may do besides answering: propose or answer a split, decline an
        order."""
        seat = data.draw(st.integers(0, self.players - 1))
        command = self.game.bots[seat].extra(self.game.state, seat)
        if command is not None:
            self.submit(command)

    @precondition(lambda self: not self.over)
    @rule(data=st.data())
    def defaults(self, data: st.DataObject) -> None:
        """A deadline passes for some seats (or the host forces the phase on)."""
        seats = data.draw(st.lists(st.integers(-1, self.players), max_size=3, unique=True))
        actor = data.draw(st.integers(-1, self.players - 1))
        self.submit(ApplyDefaults(seat=actor, seats=tuple(seats)))

    @precondition(lambda self: self.game.state.phase is Phase.ORDERS)
    @rule(data=st.data())
    def steer_to_a_contest(self, data: st.DataObject) -> None:
        """Every guild orders its first team to the same face-up contract, so that a contest
        (negotiation, secret stances, conflict and cooperation) follows; sometimes with rolls and
        cooperation decided by hand."""
        state = self.game.state
        spots = [c.number for c in state.board.contracts if c.used and c.card and c.face_up]
        if not spots:
            return
        spot = str(data.draw(st.sampled_from(spots)))
        for g in state.guilds:
            plan = Plan(
                builds=(),
                rolls=data.draw(st.sampled_from(["auto", "ask"])),
                cooperation=data.draw(st.sampled_from(["auto", "ask"])),
            )
            order = Order(space=1, team=g.adventurers[:2], objective=spot, plan=plan)
            self.submit(SetOrders(seat=g.seat, orders=(order,), ready=False), legal=True)
        for g in state.guilds:
            self.submit(SetReady(seat=g.seat), legal=True)

    @precondition(lambda self: self.game.state.phase is Phase.ORDERS)
    @rule(data=st.data())
    def steer_to_a_mistake(self, data: st.DataObject) -> None:
        """A guild leaves a Hire Builders order without Gold in its draft and the host forces the
        phase on: at the reveal, the mistaken-order rule asks it to correct the order."""
        seat = data.draw(st.integers(0, self.players - 1))
        g = self.game.state.guilds[seat]
        order = Order(space=1, team=g.adventurers[:1], objective="hire", plan=Plan(builds=()))
        self.submit(SetOrders(seat=seat, orders=(order,), ready=False), legal=True)
        self.submit(ApplyDefaults(seat=-1), legal=True)

    # --- hostile commands --------------------------------------------------------------------

    @precondition(lambda self: not self.over)
    @rule(data=st.data())
    def wrong_seat(self, data: st.DataObject) -> None:
        """A valid command sent as another seat, or as a seat that does not exist."""
        command = self.valid(data)
        seat = data.draw(
            st.one_of(st.integers(0, self.players - 1), st.sampled_from([-1, self.players, 99]))
        )
        out_of_range = not 0 <= seat < self.players
        self.submit(replace(command, seat=seat), legal=False if out_of_range else None)

    @precondition(lambda self: not self.over)
    @rule(data=st.data())
    def wrong_phase(self, data: st.DataObject) -> None:
        """A command the current phase does not take: "each phase lists the commands it
        accepts"."""
        accepted = RULES[self.game.state.phase]
        cls = data.draw(st.sampled_from([c for c in COMMAND_TYPES if c not in accepted]))
        command = self.decode(data.draw(RAW_COMMANDS[cls]))
        if command is not None:
            error = self.submit(command, legal=False)
            assert error is not None and error.code in ("wrong_phase", "game_over"), error

    @precondition(lambda self: not self.over)
    @rule(data=st.data())
    def arbitrary(self, data: st.DataObject) -> None:
        """Any command type with arbitrary field values, decoded with msgspec."""
        cls = data.draw(st.sampled_from(COMMAND_TYPES))
        raw = data.draw(RAW_COMMANDS[cls])
        if data.draw(st.integers(0, 9)) == 0:
            raw = mutate(raw, data)  # sometimes a value of the wrong type, too
        command = self.decode(raw)
        if command is not None:
            self.submit(command)

    @precondition(lambda self: not self.over)
    @rule(data=st.data())
    def nearly_valid(self, data: st.DataObject) -> None:
        """A valid command with one value changed, decoded with msgspec."""
        command = self.decode(mutate(msgspec.to_builtins(self.valid(data)), data))
        if command is not None:
            self.submit(command)

    @precondition(lambda self: not self.over)
    @rule()
    def junk(self) -> None:
        """A command built directly, without validation, as a buggy adapter might."""
        self.submit(self.game.junk_command())

    @precondition(lambda self: bool(self.accepted) and not self.over)
    @rule()
    def repeat_last(self) -> None:
        """The same command twice in a row (a double click, a redelivered interaction)."""
        self.submit(self.accepted[-1])

    @precondition(lambda self: bool(self.accepted) and not self.over)
    @rule(data=st.data())
    def stale(self, data: st.DataObject) -> None:
        """A command accepted earlier, sent again later (an old button)."""
        self.submit(data.draw(st.sampled_from(self.accepted)))

    @precondition(lambda self: self.game.state.phase is Phase.ORDERS)
    @rule(data=st.data())
    def orders_with_rivals_adventurers(self, data: st.DataObject) -> None:
        """ "Assign Adventurers from your Guild to teams": never another guild's."""
        state = self.game.state
        seat = data.draw(st.integers(0, self.players - 1))
        theirs = [a for g in state.guilds if g.seat != seat for a in g.adventurers]
        stolen = data.draw(st.lists(st.sampled_from(theirs), min_size=1, max_size=2, unique=True))
        mine = list(state.guilds[seat].adventurers[:1])
        order = Order(
            space=1, team=(*mine, *stolen), objective=data.draw(st.sampled_from(OBJECTIVES))
        )
        self.submit(SetOrders(seat=seat, orders=(order,)), legal=False)

    @precondition(lambda self: isinstance(self.game.state.step, ActionStep))
    @rule(data=st.data())
    def cooperate_with_rivals_adventurers(self, data: st.DataObject) -> None:
        """Cooperating brings adventurers of one's own team only."""
        state = self.game.state
        seat = data.draw(st.integers(0, self.players - 1))
        theirs = [a for g in state.guilds if g.seat != seat for a in g.adventurers]
        skill = data.draw(st.sampled_from(SKILLS))
        self.submit(
            ChooseCooperation(
                seat=seat, skill=skill, adventurers=(data.draw(st.sampled_from(theirs)),)
            ),
            legal=False,
        )

    @precondition(lambda self: not self.over)
    @rule(data=st.data(), gold=st.integers(-(2**63), -1))
    def negative_gold(self, data: st.DataObject, gold: int) -> None:
        """Negative Gold on an order, in a correction or in a payment: never accepted."""
        state = self.game.state
        seat = data.draw(st.integers(0, self.players - 1))
        g = state.guilds[seat]
        kind = data.draw(st.sampled_from(["order", "correct", "pay"]))
        command: Command
        if kind == "order":
            objective = data.draw(st.sampled_from(OBJECTIVES))
            order = Order(space=1, team=g.adventurers[:1], objective=objective, gold=gold)
            command = SetOrders(seat=seat, orders=(order,), ready=data.draw(st.booleans()))
        elif kind == "correct":
            command = CorrectOrder(seat=seat, space=data.draw(st.integers(1, 4)), gold=gold)
        else:
            to = data.draw(st.integers(0, self.players - 1))
            command = PayGold(seat=seat, to=to, amount=gold)
        self.submit(command, legal=False)

    @precondition(lambda self: self.over)
    @rule(data=st.data())
    def after_the_end(self, data: st.DataObject) -> None:
        """Anything sent once the game has ended is refused."""
        cls = data.draw(st.sampled_from(COMMAND_TYPES))
        command = self.decode(data.draw(RAW_COMMANDS[cls]))
        if command is not None:
            error = self.submit(command, legal=False)
            assert error is not None and error.code == "game_over", error

    def teardown(self) -> None:
        """The whole log, replayed from scratch through JSON, gives the live state."""
        if hasattr(self, "game"):
            assert self.game.replayed() == self.game.state


def test_the_engine_survives_random_and_hostile_commands() -> None:
    run_state_machine_as_test(
        GuildMasterMachine, settings=settings(stateful_step_count=STEPS, deadline=None)
    )
    codes = {k.removeprefix("code "): v for k, v in FIGURES.items() if k.startswith("code ")}
    at = {k.removeprefix("at "): v for k, v in FIGURES.items() if k.startswith("at ")}
    print(
        f"\nengine fuzzing: {FIGURES['commands']} commands fuzzed in {FIGURES['games']} games "
        f"({FIGURES['accepted']} accepted, {FIGURES['refused']} refused with a RuleError, "
        f"{FIGURES['undecodable']} more refused by the decoder); {FIGURES['views compared']} "
        f"views compared for non-interference; 0 invariant violations. Refusals by code: "
        f"{dict(sorted(codes.items()))}. Single commands sent while the game waited for: "
        f"{dict(sorted(at.items()))}"
    )
    assert FIGURES["commands"] >= MIN_COMMANDS
    assert FIGURES["refused"] > 0 and FIGURES["accepted"] > 0
