"""The decide context of Guild Ball and what every rule asks of the table: a model's card and
current stats, the scene the pitch engine measures, engagement, the ball's place, and the
shared checks (whose activation it is, what the active model may do)."""

from __future__ import annotations

from functools import cache

from engine.core.context import Context
from engine.core.errors import RuleError
from engine.core.rng import Rng
from games.guild_ball.content.cards import Check, Model, Pack
from games.guild_ball.content.loader import load_pack
from games.guild_ball.pitch import (
    BALL_RADIUS,
    INTRODUCTORY_PITCH,
    STANDARD_PITCH,
    Base,
    Figure,
    Pitch,
    Point,
    Scene,
    Terrain,
    TerrainKind,
    within,
)
from games.guild_ball.pitch.field import GAME_SIZES, GameSize
from games.guild_ball.rules.events import Event
from games.guild_ball.rules.evolve import APPLY, evolve
from games.guild_ball.rules.state import (
    ACTIVATION,
    BURNING,
    KD,
    SNARED,
    TURN_LIMITS,
    GuildBallState,
    Piece,
    Unit,
)

# The Introductory game's pitch ("Introductory Game ... 2' x 2'"), kept for readers that only
# know that game; the rules ask `pitch_of(state)`, which knows the game size.
PITCH: Pitch = INTRODUCTORY_PITCH
_PITCHES = {p.size: p for p in (INTRODUCTORY_PITCH, STANDARD_PITCH)}


def game_size(state: GuildBallState) -> GameSize:
    """The game's row of the Game Length table: pitch, team and the VP that win."""
    return GAME_SIZES[state.size]


def pitch_of(state: GuildBallState) -> Pitch:
    """The pitch of this game: 2'×2' for the Introductory game, 3'×3' for the Quick and Typical
    games ("In a typical game of Guild Ball, players play across a 3' x 3' playing surface")."""
    return _PITCHES[game_size(state).pitch_inches]


def turn_limit(state: GuildBallState) -> int:
    """The turn after whose End Phase the game ends whatever the score (our safety net): the
    host's `turns` option, or the game size's default; 0 for none (the book's game, which only
    VP end)."""
    return TURN_LIMITS[state.size] if state.turn_limit < 0 else state.turn_limit


class Ctx(Context[GuildBallState, Event]):
    """The engine's decide context, applying each event by its own rule in `evolve.APPLY`."""

    __slots__ = ()

    def emit(self, event: Event) -> None:
        """Record `event` and apply it to `state` at once."""
        self.state = APPLY[type(event)](self.state, event)
        self.events.append(event)


def _rng_of(state: GuildBallState) -> Rng:
    return state.rng


def new_context(state: GuildBallState) -> Ctx:
    """A context that applies this game's events as they are emitted."""
    return Ctx(state, evolve, _rng_of)


@cache
def pack() -> Pack:
    """The content pack (loaded once)."""
    return load_pack()


def card(unit: Unit) -> Model:
    """The model's card."""
    return pack().models[unit.slug]


def model_id(seat: int, slug: str) -> str:
    """A model's id at the table: the seat's digit and the slug."""
    return f"{seat}-{slug}"


def name(seat: int) -> str:
    return f"Player {seat + 1}"


def label(unit: Unit) -> str:
    return card(unit).name


# --- current stats ------------------------------------------------------------------------------


def _mod(state: GuildBallState, unit: Unit, stat: str) -> int:
    """The sum of the model's stat changes for `stat`: its own (plays, until the End Phase) and
    its team's game plan for the turn (a plan that applies to every friendly model meeting its
    tests). Same-named sources don't add."""
    seen: dict[str, int] = {}
    for m in unit.mods:
        if m.stat == stat:
            seen[m.source] = m.amount
    for trait in card(unit).traits:
        if trait.kind == "passive" and trait.area is None:
            for effect in trait.effects:
                if (
                    effect.do == "modify"
                    and effect.arg("stat") == stat
                    and passes(state, unit, trait.checks)
                ):
                    seen[trait.slug] = int(effect.arg("amount"))
    for owner, trait, amount in _auras(stat):
        if trait in seen:
            continue
        for o in state.units:
            if o.slug != owner or not (o.on_pitch and unit.on_pitch):
                continue
            side = pack().traits[trait].area.side
            if (side == "friendly") != (o.seat == unit.seat) and side != "all":
                continue
            if o.id != unit.id and not within(
                base_of(unit), base_of(o), float(pack().traits[trait].area.size)
            ):
                continue
            if passes(state, unit, pack().traits[trait].checks):
                seen[trait] = amount
                break
    plan_slug = state.teams[unit.seat].plan
    if plan_slug:
        plan = pack().plans[plan_slug]
        if plan.timing == "turn" and not plan.when and plan.affects == "team":
            for effect in plan.effects:
                if (
                    effect.do == "modify"
                    and effect.arg("stat") == stat
                    and passes(state, unit, plan.checks)
                ):
                    seen[plan.slug] = int(effect.arg("amount"))
    return sum(seen.values())


@cache
def _auras(stat: str) -> tuple[tuple[str, str, int], ...]:
    """(model slug, trait slug, amount) of every passive aura in the pack that changes `stat`:
    "Models within an aura are immediately affected by it ... A model is affected by its own
    aura"."""
    out = []
    for model in pack().models.values():
        for trait in model.traits:
            if trait.kind == "passive" and trait.area is not None and trait.area.kind == "aura":
                for effect in trait.effects:
                    if effect.do == "modify" and effect.arg("stat") == stat:
                        out.append((model.slug, trait.slug, int(effect.arg("amount"))))
    return tuple(out)


def passes(state: GuildBallState, unit: Unit, checks: tuple[Check, ...]) -> bool:
    """Whether the model meets every test (`if`) of an effect."""
    for check in checks:
        args = dict(check.args)
        t = check.test
        if t == "has_ball" and state.ball_holder != unit.id:
            return False
        if t == "no_ball" and state.ball_holder == unit.id:
            return False
        if t == "engaged" and not engaged_by(state, unit):
            return False
        if t == "not_engaged" and engaged_by(state, unit):
            return False
        if t == "damaged" and unit.hp >= card(unit).stats.hp:
            return False
        # "while charging": during the model's charge (its advance and its attack, held by the
        # advance while a parting blow pauses it), not the attacks it makes after the charge in
        # the same activation.
        charge = state.advance.charge if state.advance is not None else None
        charge = charge or state.attack
        if t == "charging" and not (
            charge is not None and charge.kind == "charge" and charge.attacker == unit.id
        ):
            return False
        if t == "in_enemy_half":
            side = 1 - state.teams[unit.seat].side
            r = base_of(unit).radius
            half = pitch_of(state).halfway
            inside = unit.y + r <= half if side == 0 else unit.y - r >= half
            if not inside:
                return False
        if t == "near_captain":
            captain = state.units[[u.seat for u in state.units].index(unit.seat)]
            if captain.id == unit.id or not captain.on_pitch:
                return False
            if not within(base_of(unit), base_of(captain), float(args.get("distance", 0))):
                return False
        if t in ("target_has_ball", "target_has"):
            continue  # tests of a target are checked where the target is known
    return True


def defence(state: GuildBallState, unit: Unit) -> int:
    """DEF, the TN an attack rolls against: "-1 DEF" (knocked down, snared) lowers it."""
    value = card(unit).stats.defence + _mod(state, unit, "def")
    value -= (KD in unit.conditions) + (SNARED in unit.conditions)
    return value


def armour(state: GuildBallState, unit: Unit) -> int:
    return max(card(unit).stats.armour + _mod(state, unit, "arm"), 0)


def tac(state: GuildBallState, unit: Unit) -> int:
    return card(unit).stats.tac + _mod(state, unit, "tac")


def kick_dice(state: GuildBallState, unit: Unit) -> int:
    return card(unit).stats.kick_dice + _mod(state, unit, "kick_dice")


def kick_range(state: GuildBallState, unit: Unit) -> float:
    return float(card(unit).stats.kick_distance + _mod(state, unit, "kick_distance"))


def melee_zone(state: GuildBallState, unit: Unit) -> float:
    return float(max(card(unit).stats.melee_zone + _mod(state, unit, "melee_zone"), 0))


def moves(state: GuildBallState, unit: Unit) -> tuple[float, float]:
    """Jog and sprint after changes: burning and snared each "-2"/-2" MOV"."""
    stats = card(unit).stats
    delta = _mod(state, unit, "mov") - 2 * (BURNING in unit.conditions)
    delta -= 2 * (SNARED in unit.conditions)
    return float(max(stats.jog + delta, 0)), float(max(stats.sprint + delta, 0))


# --- the pitch ------------------------------------------------------------------------------


def base_of(unit: Unit) -> Base:
    return Base.at(unit.x, unit.y, card(unit).stats.base)


def scene(state: GuildBallState) -> Scene:
    """The pitch of the game's size with every model on it ("A model suffering the knocked down
    condition doesn't block LOS"), the terrain map's pieces (none in the Introductory game: rules
    notes) and what an AOE's ongoing effect makes of its template ("until the End Phase the AOE
    is rough terrain")."""
    return Scene(
        pitch_of(state),
        terrain(state),
        tuple(Figure(u.id, base_of(u), KD not in u.conditions) for u in state.units if u.on_pitch),
    )


AOE_RADIUS = 1.5  # "a circular template that's 3" in diameter"


@cache
def _piece(piece: Piece) -> Terrain:
    kind = TerrainKind(piece.kind)
    if piece.points:
        return Terrain.polygon(kind, piece.points, piece.name)
    return Terrain.circle(kind, piece.x, piece.y, piece.radius, piece.name)


def terrain(state: GuildBallState) -> tuple[Terrain, ...]:
    """The map's pieces and the terrain the ongoing AOEs make."""
    out = [_piece(p) for p in state.terrain]
    for o in state.ongoing:
        for effect in pack().plays[o.play].ongoing:
            if effect.do == "terrain":
                kind = TerrainKind(str(effect.arg("kind")))
                out.append(Terrain.circle(kind, o.x, o.y, AOE_RADIUS, o.play))
    return tuple(out)


def on_pitch(state: GuildBallState, seat: int | None = None) -> list[Unit]:
    return [u for u in state.units if u.on_pitch and (seat is None or u.seat == seat)]


def engages(state: GuildBallState, a: Unit, b: Unit, sc: Scene | None = None) -> bool:
    """Whether `a` engages the enemy `b`: within its melee zone and LOS; a knocked-down model
    "May not engage" an enemy."""
    if a.seat == b.seat or not (a.on_pitch and b.on_pitch) or KD in a.conditions:
        return False
    sc = sc or scene(state)
    return sc.engaging(a.id, melee_zone(state, a), b.id)


def engaged_by(state: GuildBallState, unit: Unit, sc: Scene | None = None) -> list[Unit]:
    """The enemy models engaging `unit`."""
    sc = sc or scene(state)
    return [e for e in on_pitch(state, 1 - unit.seat) if engages(state, e, unit, sc)]


def goalpost_centre(side: int, pitch: Pitch = PITCH) -> Point:
    """The centre of the goalpost at `side` of `pitch` (the Introductory one unless named)."""
    return pitch.goalpost(side).centre


def own_goalpost(state: GuildBallState, seat: int) -> Point:
    return goalpost_centre(state.teams[seat].side, pitch_of(state))


def ball_base(state: GuildBallState) -> Base:
    return Base(Point(state.ball_x, state.ball_y), BALL_RADIUS)


# --- checks shared by the activation's commands ----------------------------------------------


def waiting_step(state: GuildBallState) -> str:
    """What is open before the active seat may act again ("" if nothing)."""
    if state.attack is not None:
        return "an attack"
    if state.advance is not None:
        return "the parting blow's answer"
    if state.intercept is not None:
        return "an interception"
    if state.follow is not None:
        return "a pass's follow-up"
    if state.dodge is not None:
        return "a dodge"
    if state.goal_kick >= 0:
        return "the goal kick"
    return ""


def active_unit(state: GuildBallState, seat: int) -> Unit:
    """The model activating now for `seat`, or a RuleError saying what to do instead."""
    if state.phase != ACTIVATION:
        raise RuleError("not_activation_phase", "Models act only in the Activation Phase.")
    if seat != state.active_seat:
        raise RuleError("not_your_turn", f"It is {name(state.active_seat)}'s activation; wait.")
    open_ = waiting_step(state)
    if open_:
        raise RuleError("finish_first", f"Finish {open_} first.")
    if state.activation is None:
        raise RuleError("no_active_model", "Activate a model first (Activate with its id).")
    return state.unit(state.activation.model)


def unit_of(state: GuildBallState, model: str) -> Unit:
    try:
        return state.unit(model)
    except KeyError:
        raise RuleError("no_such_model", f"There is no model {model!r} at this table.") from None
