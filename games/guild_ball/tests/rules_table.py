"""A table for the rules' tests: a game brought to its first Activation Phase by the game's own
commands (the scenario support's `in_play` and its steps, shared with the scenarios), then
arranged as a test needs (models placed, the ball given, conditions, influence, MP, dice
scripted). Arranging edits the state directly, as a scenario would; every rule under test then
runs through `execute`."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from engine.core.rng import Rng
from games.guild_ball.rules import commands as cm
from games.guild_ball.rules.flow import execute
from games.guild_ball.rules.state import ACTIVATION, Activation, GuildBallState
from games.guild_ball.scenario import defaults_until, in_play, new_game, prepared

__all__ = [
    "APART",
    "APART_IVO_BACK",
    "BELL",
    "BELL6",
    "IVO",
    "LINK",
    "LINK6",
    "MAUD",
    "OSWIN",
    "PIKE",
    "SEFA",
    "TAMSIN",
    "arrange",
    "defaults_until",
    "in_play",
    "kinds",
    "new_game",
    "prepared",
    "run",
    "unit_id",
]

BELL = ("bellfounders", ("maud-clangwright", "brannock-pike"))
LINK = ("linkbearers", ("ivo-brightwick", "tamsin-cole"))
# Teams of the Quick and Typical games: four Squaddies (the guild's Mascot joins them).
BELL6 = ("bellfounders", ("maud-clangwright", "brannock-pike", "ferris-gongmaker", "jory-slake"))
LINK6 = ("linkbearers", ("ivo-brightwick", "tamsin-cole", "nell-farthing", "orrin-glass"))

# The Introductory teams' models (BELL and LINK, with their Captains), and a placing of them
# where nobody engages anybody.
OSWIN, MAUD, PIKE = "0-oswin-tollbright", "0-maud-clangwright", "0-brannock-pike"
SEFA, IVO, TAMSIN = "1-sefa-lanternhold", "1-ivo-brightwick", "1-tamsin-cole"
APART = {
    OSWIN: (4.0, 4.0),
    MAUD: (20.0, 4.0),
    PIKE: (12.0, 3.0),
    SEFA: (4.0, 20.0),
    IVO: (12.0, 21.0),
    TAMSIN: (20.0, 20.0),
}
# The same with Ivo half an inch further back (the ball and conditions tests' placing).
APART_IVO_BACK = {**APART, IVO: (12.0, 21.5)}


def unit_id(state: GuildBallState, seat: int, slug: str) -> str:
    return f"{seat}-{slug}"


def arrange(
    state: GuildBallState,
    places: dict[str, tuple[float, float]] | None = None,
    *,
    off: tuple[str, ...] = (),
    ball: str | tuple[float, float] | None = None,
    influence: dict[str, int] | None = None,
    conditions: dict[str, tuple[str, ...]] | None = None,
    hp: dict[str, int] | None = None,
    mp: tuple[int, int] | None = None,
    dice: tuple[int, ...] = (),
    active: str = "",
    **changes: Any,
) -> GuildBallState:
    """The state with models moved (those in `off` taken off the pitch out of the way), the
    ball held by a model or free at a spot, influence, conditions, HP, MP, scripted dice, and
    `active`'s activation begun."""
    units = []
    for u in state.units:
        if places and u.id in places:
            x, y = places[u.id]
            u = replace(u, x=x, y=y, on_pitch=True)
        if u.id in off:
            u = replace(u, on_pitch=False, x=-50.0, y=-50.0)
        if influence and u.id in influence:
            u = replace(u, influence=influence[u.id])
        if conditions and u.id in conditions:
            u = replace(u, conditions=conditions[u.id])
        if hp and u.id in hp:
            u = replace(u, hp=hp[u.id])
        units.append(u)
    state = replace(state, units=tuple(units))
    if isinstance(ball, str):
        state = replace(state, ball_holder=ball, ball_free=False)
    elif ball is not None:
        state = replace(state, ball_holder="", ball_free=True, ball_x=ball[0], ball_y=ball[1])
    if mp is not None:
        teams = tuple(replace(t, mp=m) for t, m in zip(state.teams, mp, strict=True))
        state = replace(state, teams=teams)
    if dice:
        state = replace(state, rng=Rng(state.rng.state, tuple(dice)))
    if active:
        seat = state.unit(active).seat
        state = replace(
            state, phase=ACTIVATION, active_seat=seat, activation=Activation(model=active)
        )
    return replace(state, **changes)


def run(state: GuildBallState, command: cm.Command) -> tuple[list, GuildBallState]:
    return execute(state, command)


def kinds(events: list) -> list[str]:
    return [type(e).__name__ for e in events]
