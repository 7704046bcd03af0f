"""Guild Ball's scenarios: a position arranged by hand, scripted dice, the commands of each team,
and what must come of them. The book's worked examples are in `games/guild_ball/scenarios/`; the
runner is the engine's (`engine.scenario`, docs/scenarios.md), found by the game's name.

A table starts as a real game: created for `size` (and `terrain`) from `seed`, both teams
prepared by the game's own commands (each discarding the first two plans dealt), the starting
roll's winner choosing so that `kicking` kicks, and every later decision (deployment, the kick
off, influence) taken by its default until the first Activation Phase. The position is then
arranged as the scenario says, as the rules' tests do (`tests/rules_table.py`): models moved,
taken off the pitch, given HP, influence and conditions; the ball given to a model or put down
free; each team's MP, VP and goals; the dice scripted; and whose activation it is. What a
scenario does not name stays as the game left it, so a scenario that places models places all
of them (a model left where it deployed may stand in the way, and an overlap is refused).

Fields (every one optional):

- `names` (the two teams' names, seat 0 first; "Home" and "Away"), `seed` (1), `size`
  ("introductory", "quick" or "typical"; introductory), `terrain` (a map's number or slug; 0,
  none), `kicking` (the seat or name that kicks off and deploys at y = 0; seat 0);
- `[[scenario.team]]` tables: `seat` (a seat or name), `guild`, `squaddies` (its Squaddies'
  slugs: two in the Introductory game, four in the larger ones; the Captain and, in the larger
  games, the Mascot join them), `mp`, `vp`, `goals`. By default seat 0 plays the Bellfounders
  (Maud Clangwright, Brannock Pike; with Ferris Gongmaker and Jory Slake in the larger games) and
  seat 1 the Linkbearers (Ivo Brightwick, Tamsin Cole; with Nell Farthing and Orrin Glass);
- `[[scenario.model]]` tables: `id` (the seat's digit and the slug, "0-oswin-tollbright"), `at`
  ([x, y] in inches, the base's centre: x along seat 0's table edge, y towards seat 1's),
  `off` (true: taken off the pitch, out of the way, as if never deployed), `hp`, `influence`,
  `conditions` (knocked_down, bleed, burning, poison, snared), `activated` (this turn);
- `ball`: a model's id (it holds the ball) or [x, y] (a free ball there);
- `active`: a model whose activation has begun (its start-of-activation effects skipped, as in
  the rules' tests), or `activating`: the seat or name to select a model next (the scenario's
  first step is then its `Activate`); by default the seat the game left to activate;
- `dice` (scripted: every D6 the rules roll takes the next value first), `allow_unused_dice`.

`finish` fails a scenario whose scripted dice were not all used (unless allowed).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from msgspec.structs import replace

from engine.core.errors import RuleError
from engine.core.rng import Rng
from engine.scenario import (
    ScenarioError,
    flag,
    integer,
    integers,
    strings,
    tables,
    text,
)
from games.guild_ball.pitch.movement import placement
from games.guild_ball.rules import commands as cm
from games.guild_ball.rules.context import base_of, card, scene
from games.guild_ball.rules.evolve import evolve
from games.guild_ball.rules.flow import execute
from games.guild_ball.rules.pending import pending
from games.guild_ball.rules.setup import create
from games.guild_ball.rules.state import (
    ACTIVATION,
    CONDITION_DAMAGE,
    INTRODUCTORY,
    SIZES,
    Activation,
    GuildBallState,
    Team,
    Unit,
)

__all__ = [
    "SEAT_FIELDS",
    "TEAMS",
    "arrange",
    "defaults_until",
    "finish",
    "in_play",
    "new_game",
    "prepared",
]

# Seat-valued fields of commands (`seat`, `seats`), events (`by`, `winner`, `active_seat`,
# `initiative`, `kicking`) and views (`kicking_seat` of an interception, `goal_kick`).
SEAT_FIELDS = (
    "seat",
    "seats",
    "by",
    "winner",
    "active_seat",
    "initiative",
    "kicking",
    "kicking_seat",
    "goal_kick",
)
# The default teams of each game size, seat 0 first: a guild and its Squaddies.
TEAMS: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    INTRODUCTORY: (
        ("bellfounders", ("maud-clangwright", "brannock-pike")),
        ("linkbearers", ("ivo-brightwick", "tamsin-cole")),
    ),
    "larger": (
        ("bellfounders", ("maud-clangwright", "brannock-pike", "ferris-gongmaker", "jory-slake")),
        ("linkbearers", ("ivo-brightwick", "tamsin-cole", "nell-farthing", "orrin-glass")),
    ),
}
DEFAULT_NAMES = ("Home", "Away")
_SETUP = {
    "names",
    "seed",
    "size",
    "terrain",
    "kicking",
    "team",
    "model",
    "ball",
    "active",
    "activating",
    "dice",
    "allow_unused_dice",
}
_TEAM = {"seat", "guild", "squaddies", "mp", "vp", "goals"}
_MODEL = {"id", "at", "off", "hp", "influence", "conditions", "activated"}
# Out of the way: where `off` puts a model taken off the pitch (as the rules' tests do).
_OFF = (-50.0, -50.0)


# --- the game brought to its first Activation Phase by its own commands -------------------------


def new_game(seed: int = 1, size: str = INTRODUCTORY, terrain: int | str = 0) -> GuildBallState:
    """A game just created: the plans dealt, the size and terrain agreed."""
    state = None
    for e in create(2, seed, {"size": size, "terrain": terrain}):
        state = evolve(state, e)
    assert state is not None
    return state


def prepared(
    seed: int = 1,
    teams: tuple[tuple[str, tuple[str, ...]], ...] = TEAMS[INTRODUCTORY],
    size: str = INTRODUCTORY,
    terrain: int | str = 0,
) -> GuildBallState:
    """Both seats prepared (each discarding its first two plans): teams revealed, the starting
    roll made."""
    state = new_game(seed, size, terrain)
    for seat, (guild, squaddies) in enumerate(teams):
        hand = state.teams[seat].hand
        _, state = execute(
            state, cm.Prepare(seat=seat, guild=guild, squaddies=squaddies, discard=hand[:2])
        )
    return state


def defaults_until(state: GuildBallState, phase: str, limit: int = 50) -> GuildBallState:
    """Answer every decision by its default until the game reaches `phase` with no model
    active."""
    for _ in range(limit):
        if state.phase == phase and state.activation is None:
            return state
        seat = pending(state)[0].seat
        _, state = execute(state, cm.ApplyDefaults(seat=-1, seats=(seat,)))
    raise RuntimeError(f"the defaults did not reach the {phase} phase in {limit} decisions")


def in_play(
    seed: int = 1,
    teams: tuple[tuple[str, tuple[str, ...]], ...] = TEAMS[INTRODUCTORY],
    size: str = INTRODUCTORY,
    terrain: int | str = 0,
    kicking: int = 0,
) -> GuildBallState:
    """A game at its first Activation Phase, `kicking` having kicked off (deployed at y = 0)."""
    state = prepared(seed, teams, size, terrain)
    _, state = execute(state, cm.ChooseKicking(seat=state.chooser, kick=state.chooser == kicking))
    return defaults_until(state, ACTIVATION)


# --- the scenario's fields ----------------------------------------------------------------------


def arrange(spec: Mapping[str, Any]) -> tuple[GuildBallState, list[str]]:
    """The state a scenario's steps start from, and the teams' names (seat 0 first)."""
    unknown = set(spec) - _SETUP
    if unknown:
        raise ScenarioError(f"unknown field(s) {', '.join(sorted(unknown))}")
    names = strings(spec, "names") or list(DEFAULT_NAMES)
    if len(names) != 2 or len(set(names)) != 2:
        raise ScenarioError("`names`: two different names, seat 0 first")
    size = text(spec, "size", INTRODUCTORY)
    if size not in SIZES:
        raise ScenarioError(f"`size` must be one of {', '.join(SIZES)}, not {size!r}")
    terrain = spec.get("terrain", 0)
    if not isinstance(terrain, int | str) or isinstance(terrain, bool):
        raise ScenarioError(f"`terrain` must be a map's number or slug, not {terrain!r}")
    raw_teams = tables(spec, "team")
    picks = list(TEAMS[INTRODUCTORY if size == INTRODUCTORY else "larger"])
    for raw in raw_teams:
        _fields(raw, _TEAM, "team")
        seat = _seat(raw.get("seat"), names, "team: `seat`")
        where = f"team {names[seat]}: "
        guild, squaddies = picks[seat]
        chosen = text(raw, "guild", guild, where)
        named = tuple(strings(raw, "squaddies", where))
        if chosen != guild and not named:
            raise ScenarioError(f"{where}name the `squaddies` of {chosen!r}")
        picks[seat] = (chosen, named or squaddies)
    kicking = _seat(spec.get("kicking", 0), names, "`kicking`")
    try:
        state = in_play(integer(spec, "seed", 1), tuple(picks), size, terrain, kicking)
    except RuleError as exc:
        raise ScenarioError(f"the game refused the teams or the game size: {exc.message}") from None
    for raw in raw_teams:
        state = _team(state, raw, names)
    state = _models(state, tables(spec, "model"))
    state = _ball(state, spec.get("ball"))
    state = _turn(state, spec, names)
    dice = tuple(integers(spec, "dice"))
    if any(not 1 <= d <= 6 for d in dice):
        raise ScenarioError("`dice`: scripted dice are 1 to 6")
    if dice:
        state = replace(state, rng=Rng(state.rng.state, dice))
    return state, names


def finish(spec: Mapping[str, Any], state: GuildBallState) -> list[str]:
    """Every scripted die must have been used, unless the scenario allows it."""
    left = state.rng.scripted
    if left and not flag(spec, "allow_unused_dice", False):
        return [f"{len(left)} scripted dice were not used: {list(left)}"]
    return []


def _fields(raw: Mapping[str, Any], known: set[str], where: str) -> None:
    unknown = set(raw) - known
    if unknown:
        raise ScenarioError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")


def _seat(value: Any, names: list[str], where: str) -> int:
    seat = names.index(value) if isinstance(value, str) and value in names else value
    if not isinstance(seat, int) or isinstance(seat, bool) or seat not in (0, 1):
        raise ScenarioError(f"{where}: no seat {value!r} (0, 1 or {' or '.join(names)})")
    return seat


def _point(value: Any, where: str) -> tuple[float, float]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
    ):
        raise ScenarioError(f"{where} must be [x, y] in inches, not {value!r}")
    return float(value[0]), float(value[1])


def _team(state: GuildBallState, raw: Mapping[str, Any], names: list[str]) -> GuildBallState:
    seat = _seat(raw.get("seat"), names, "team: `seat`")
    where = f"team {names[seat]}: "
    old: Team = state.teams[seat]
    new = replace(
        old,
        mp=integer(raw, "mp", old.mp, where, low=0),
        vp=integer(raw, "vp", old.vp, where, low=0),
        goals=integer(raw, "goals", old.goals, where, low=0),
    )
    teams = tuple(new if t.seat == seat else t for t in state.teams)
    return replace(state, teams=teams)


def _models(state: GuildBallState, raws: list[dict[str, Any]]) -> GuildBallState:
    ids = {u.id for u in state.units}
    seen: set[str] = set()
    placed: list[str] = []
    units = {u.id: u for u in state.units}
    for raw in raws:
        model = text(raw, "id", "", "model: ")
        if model not in ids:
            raise ScenarioError(f"model: no model {model!r} (one of {', '.join(sorted(ids))})")
        if model in seen:
            raise ScenarioError(f"model {model}: arranged twice")
        seen.add(model)
        where = f"model {model}: "
        _fields(raw, _MODEL, f"model {model}")
        u: Unit = units[model]
        if "at" in raw:
            if flag(raw, "off", False, where):
                raise ScenarioError(f"{where}`at` and `off` together")
            x, y = _point(raw["at"], f"{where}`at`")
            u = replace(u, x=x, y=y, on_pitch=True, taken_out=False)
            placed.append(model)
        elif flag(raw, "off", False, where):
            u = replace(u, x=_OFF[0], y=_OFF[1], on_pitch=False)
        conditions = strings(raw, "conditions", where)
        for c in conditions:
            if c not in CONDITION_DAMAGE:
                raise ScenarioError(
                    f"{where}`conditions`: {c!r} is not one of {', '.join(CONDITION_DAMAGE)}"
                )
        u = replace(
            u,
            hp=integer(raw, "hp", u.hp, where, low=0, high=card(u).stats.hp),
            influence=integer(
                raw, "influence", u.influence, where, low=0, high=card(u).stats.inf_max
            ),
            conditions=tuple(conditions) if "conditions" in raw else u.conditions,
            activated=flag(raw, "activated", u.activated, where),
        )
        units[model] = u
    state = replace(state, units=tuple(units[u.id] for u in state.units))
    sc = scene(state)
    for model in placed:
        problem = placement(sc, base_of(state.unit(model)), ignore=(model,))
        if problem is not None:
            reason, other = problem
            with_what = f" ({other})" if other else ""
            raise ScenarioError(
                f"model {model}: may not stand there: {reason.value}{with_what}; "
                "place every model the scenario's position needs"
            )
    return state


def _ball(state: GuildBallState, ball: Any) -> GuildBallState:
    if ball is None:
        return state
    if isinstance(ball, str):
        if ball not in {u.id for u in state.units} or not state.unit(ball).on_pitch:
            raise ScenarioError(f"`ball`: no model {ball!r} on the pitch to hold it")
        return replace(state, ball_holder=ball, ball_free=False)
    x, y = _point(ball, "`ball`")
    return replace(state, ball_holder="", ball_free=True, ball_x=x, ball_y=y)


def _turn(state: GuildBallState, spec: Mapping[str, Any], names: list[str]) -> GuildBallState:
    active = text(spec, "active", "")
    if active and "activating" in spec:
        raise ScenarioError("`active` and `activating` together: name one")
    if active:
        if active not in {u.id for u in state.units} or not state.unit(active).on_pitch:
            raise ScenarioError(f"`active`: no model {active!r} on the pitch")
        return replace(
            state,
            phase=ACTIVATION,
            active_seat=state.unit(active).seat,
            activation=Activation(model=active),
        )
    if "activating" in spec:
        seat = _seat(spec["activating"], names, "`activating`")
        return replace(state, phase=ACTIVATION, active_seat=seat, activation=None)
    return state
