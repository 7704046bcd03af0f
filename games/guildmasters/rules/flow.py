"""`decide`: each command to its rule, then `advance` until somebody must decide; the defaults of
absent guilds; and where the game stands (`stage`). The round structure as a table:

| phase | commands | ends when | next |
|---|---|---|---|
| draft | Pick (every guild with a pack, at once) | every pack is empty | main |
| main, a turn | Fulfil, Activate, Recruit, Pass, EndTurn | pass, end, quest after act | next turn |
| main, a reaction | React (every guild asked, at once) | all asked answered | its effect |
| main, a look | Choose (the user) | chosen | Ambush |
| end of main | — | all (but one) passed | game end, or the next draft |
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.errors import RuleError
from engine.core.game import Stage
from games.guildmasters.rules import commands as cm
from games.guildmasters.rules.abilities import activate, choose, recruit
from games.guildmasters.rules.context import Ctx, name, new_context
from games.guildmasters.rules.draft import pick
from games.guildmasters.rules.events import DefaultsApplied, Event
from games.guildmasters.rules.pending import DRAFT_KIND, REACTION, REACTION_WINDOW, TURN, pending
from games.guildmasters.rules.quests import fulfil
from games.guildmasters.rules.reactions import react
from games.guildmasters.rules.state import DRAFT, GuildmastersState
from games.guildmasters.rules.turns import advance, end_turn, pass_turn

Handler = Callable[[Ctx, Any], None]


def apply_defaults(ctx: Ctx, cmd: cm.ApplyDefaults) -> None:
    """Answer the pending decisions of `cmd.seats` (every waiting seat if empty) by their
    defaults, each as long as it is still pending."""
    state = ctx.state
    for seat in cmd.seats:
        if not 0 <= seat < state.players:
            raise RuleError("seat", f"There is no {name(seat)} at this table.")
    seats = set(cmd.seats) if cmd.seats else set(range(state.players))
    todo = [(d.seat, d.kind) for d in pending(state) if d.seat in seats]
    if not todo:
        raise RuleError("nothing_pending", "None of those guilds has a decision to make now.")
    ctx.emit(
        DefaultsApplied(seats=tuple(sorted({s for s, _ in todo})), kinds=tuple(k for _, k in todo))
    )
    for seat, kind in todo:
        now = next((d for d in pending(ctx.state) if d.seat == seat and d.kind == kind), None)
        if now is None:
            continue
        _DISPATCH[type(now.default)](ctx, now.default)
        advance(ctx)


_DISPATCH: dict[type, Handler] = {
    cm.Pick: lambda ctx, c: pick(ctx, c.seat, c.card),
    cm.Fulfil: fulfil,
    cm.Activate: activate,
    cm.Choose: choose,
    cm.Recruit: recruit,
    cm.Pass: pass_turn,
    cm.EndTurn: end_turn,
    cm.React: react,
    cm.ApplyDefaults: apply_defaults,
}


def execute(state: GuildmastersState, command: cm.Command) -> tuple[list[Event], GuildmastersState]:
    """The events `command` causes and the state they lead to, or a `RuleError`."""
    if state.result is not None:
        raise RuleError("game_over", "The game has ended; start a new game to play again.")
    handler = _DISPATCH[type(command)]
    if handler is not apply_defaults and not 0 <= command.seat < state.players:
        raise RuleError("seat", f"There is no {name(command.seat)} at this table.")
    ctx = new_context(state)
    handler(ctx, command)
    advance(ctx)
    return ctx.events, ctx.state


def decide(state: GuildmastersState, command: cm.Command) -> list[Event]:
    return execute(state, command)[0]


def stage(state: GuildmastersState) -> Stage:
    """Where the game stands; the key changes with every draft, turn step, look and reaction."""
    if state.result is not None:
        winners = " and ".join(name(s) for s in state.result.winners)
        return Stage(key="over", kind=TURN, label=f"Game over — {winners} won")
    if state.phase == DRAFT:
        return Stage(
            key=f"g{state.game_turn}:draft",
            kind=DRAFT_KIND,
            label=f"Game turn {state.game_turn} — draft",
        )
    w = state.window
    if w is not None:
        return Stage(
            key=f"w{state.windows}",
            kind=REACTION,
            label=f"Game turn {state.game_turn} — {w.about}",
            window=REACTION_WINDOW,
        )
    turn = state.turn
    if turn is None:  # the main phase has begun and its first turn not yet
        return Stage(
            key=f"g{state.game_turn}:main",
            kind=TURN,
            label=f"Game turn {state.game_turn} — main phase",
        )
    who = name(turn.seat)
    if state.ability is not None and state.ability.look:
        return Stage(
            key=f"t{turn.number}:look", kind=TURN, label=f"{who} chooses ({state.ability.cls})"
        )
    quested = "q" if turn.quested else ""
    done = ", quest done" if quested else ""
    return Stage(
        key=f"t{turn.number}:{turn.step}{quested}",
        kind=TURN,
        label=f"Game turn {state.game_turn} — {who}'s turn ({turn.step}{done})",
    )
