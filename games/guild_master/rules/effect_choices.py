"""Effects that stop for their owner's choice: contracts drawn to keep as Private Contracts,
cards peeked at to leave or put on the bottom, and free Builders to build with.

While an effect waits (`state.prompt`), nothing else resolves; "Guilds may lobby and negotiate for
effects to be applied in any way they like" meanwhile, and pay each other Gold. The answer
resolves the choice and then the rest of the effect's primitives.
"""

from __future__ import annotations

from itertools import combinations

from engine.core.errors import RuleError
from engine.core.game import Decision
from games.guild_master.rules.abilities import apply_effects
from games.guild_master.rules.commands import ArrangePeek, ChooseFreeBuild, Command, KeepContracts
from games.guild_master.rules.content import Pack
from games.guild_master.rules.context import Ctx
from games.guild_master.rules.effects import DrawPrivate, FreeBuilder, Peek
from games.guild_master.rules.events import DrawnKept, FreeBuildersDeclined, PeekArranged
from games.guild_master.rules.hire_builders import build_free, default_builds
from games.guild_master.rules.state import Build, EffectPrompt, GameState
from games.guild_master.rules.upgrades import allowed_builds, builders_needed


def _prompt(ctx: Ctx, seat: int, kind: type) -> EffectPrompt:
    prompt = ctx.state.prompt
    if prompt is None or prompt.seat != seat or not isinstance(prompt.op, kind):
        raise RuleError("not_asked", "No effect of yours is waiting for that choice.")
    return prompt


def _resume(ctx: Ctx, prompt: EffectPrompt) -> None:
    apply_effects(ctx, prompt.seat, prompt.rest, prompt.cause, prompt.chosen)


def keep_contracts(ctx: Ctx, cmd: KeepContracts) -> None:
    prompt = _prompt(ctx, cmd.seat, DrawPrivate)
    op = prompt.op
    assert isinstance(op, DrawPrivate)
    keep = tuple(cmd.keep)
    if len(set(keep)) != len(keep) or not set(keep) <= set(prompt.drawn) or len(keep) != op.keep:
        raise RuleError(
            "keep",
            f"Keep exactly {op.keep} of the contracts you drew; the others go back on top of "
            "the Common deck.",
        )
    returned = tuple(c for c in prompt.drawn if c not in keep)
    ctx.emit(DrawnKept(seat=cmd.seat, kept=keep, returned=returned))
    _resume(ctx, prompt)


def arrange_peek(ctx: Ctx, cmd: ArrangePeek) -> None:
    prompt = _prompt(ctx, cmd.seat, Peek)
    op = prompt.op
    assert isinstance(op, Peek)
    bottom = tuple(cmd.bottom)
    if len(set(bottom)) != len(bottom) or not set(bottom) <= set(prompt.seen):
        raise RuleError("bottom", "Put only cards you looked at on the bottom of the deck.")
    ctx.emit(PeekArranged(seat=cmd.seat, level=op.level, bottom=bottom))
    _resume(ctx, prompt)


def choose_free_build(ctx: Ctx, cmd: ChooseFreeBuild) -> None:
    prompt = _prompt(ctx, cmd.seat, FreeBuilder)
    op = prompt.op
    assert isinstance(op, FreeBuilder)
    if cmd.build is None:
        ctx.emit(FreeBuildersDeclined(seat=cmd.seat, cause=prompt.cause))
    else:
        if cmd.build not in allowed_builds(ctx.state, ctx.pack, cmd.seat, op.count):
            raise RuleError(
                "free_build",
                f"Choose an upgrade you may build with {op.count} Builder(s), or build nothing.",
            )
        build_free(ctx, cmd.seat, cmd.build, prompt.cause)
    _resume(ctx, prompt)


# --- what the engine asks -----------------------------------------------------------------------


def prompt_decision(state: GameState, pack: Pack, prompt: EffectPrompt) -> Decision:
    """The decision an open prompt puts to its owner, with every legal answer and the default."""
    seat, op = prompt.seat, prompt.op
    options: tuple[Command, ...]
    if isinstance(op, DrawPrivate):
        options = tuple(
            KeepContracts(seat=seat, keep=combo) for combo in combinations(prompt.drawn, op.keep)
        )
        easiest = sorted(
            prompt.drawn, key=lambda c: min(t.value for t in pack.contracts[c].targets)
        )[: op.keep]
        default: Command = KeepContracts(
            seat=seat, keep=tuple(c for c in prompt.drawn if c in easiest)
        )
        return Decision(
            seat=seat,
            kind="keep_contracts",
            prompt=f"Keep {op.keep} of the contracts you drew as private contracts; the others "
            "go back on top of the Common deck.",
            default=default,
            options=options,
            context={"cause": prompt.cause, "drawn": prompt.drawn},
        )
    if isinstance(op, Peek):
        options = tuple(
            ArrangePeek(seat=seat, bottom=combo)
            for n in range(len(prompt.seen) + 1)
            for combo in combinations(prompt.seen, n)
        )
        return Decision(
            seat=seat,
            kind="peek",
            prompt=f"You look at the top of the {op.level} deck. Put any of these cards on the "
            "bottom of the deck, or leave them on top.",
            default=ArrangePeek(seat=seat),
            options=options,
            context={"cause": prompt.cause, "seen": prompt.seen, "level": op.level},
        )
    assert isinstance(op, FreeBuilder)
    allowed = allowed_builds(state, pack, seat, op.count)
    # "Build nothing" first: a chat select shows only the first 25 answers.
    options = (ChooseFreeBuild(seat=seat), *(ChooseFreeBuild(seat=seat, build=b) for b in allowed))
    return Decision(
        seat=seat,
        kind="free_build",
        prompt=f"Build with {op.count} free Builder(s) (the Builder Cost marker still moves up), "
        "or build nothing.",
        default=ChooseFreeBuild(seat=seat, build=default_free_build(state, pack, seat, op.count)),
        options=options,
        context={"cause": prompt.cause, "count": op.count},
    )


def default_free_build(state: GameState, pack: Pack, seat: int, count: int) -> Build | None:
    """The first of the default builds (see `default_builds`) that `count` Builders can build;
    else the first allowed build; None if there is none."""
    allowed = allowed_builds(state, pack, seat, count)
    g = state.guilds[seat]
    for b in default_builds(state, pack, seat):
        if b in allowed and builders_needed(pack, g, b) <= count:
            return b
    return allowed[0] if allowed else None
