"""Returned models: the place a returning model's player gives must be reached by a legal jog
from an edge within the friendly deployment zone; one test per rule, quoting the book.

"A returned model is placed in base contact with an edge of the pitch that's within the
friendly deployment zone and may then make a jog." "The kicking player deploys their entire team
completely within 10" of their chosen table edge." Brannock Pike (seat 0, whose table edge is
y = 0) jogs 6" on a 30 mm base."""

import pytest
from msgspec.structs import replace

from engine.core.errors import RuleError
from games.guild_ball.rules import commands as cm
from games.guild_ball.rules import events as ev
from games.guild_ball.rules.context import base_of
from games.guild_ball.rules.evolve import evolve
from games.guild_ball.rules.state import MAINTENANCE, GuildBallState, Piece
from games.guild_ball.tests.rules_table import BELL6, LINK6, arrange, in_play, run

PIKE = "0-brannock-pike"
# Everybody else far from seat 0's table edge, clear of the jogs tried here.
AWAY = {
    "0-oswin-tollbright": (6.0, 20.0),
    "0-maud-clangwright": (10.0, 20.0),
    "0-ferris-gongmaker": (14.0, 20.0),
    "0-jory-slake": (22.0, 20.0),
    "0-clapper": (26.0, 20.0),
    "1-sefa-lanternhold": (8.0, 30.0),
    "1-ivo-brightwick": (12.0, 30.0),
    "1-tamsin-cole": (16.0, 30.0),
    "1-nell-farthing": (20.0, 30.0),
    "1-orrin-glass": (24.0, 30.0),
    "1-flitter": (28.0, 30.0),
}


def returning(terrain: tuple[Piece, ...] = (), ball: tuple[float, float] = (30.0, 18.0)):
    """A Quick game's Maintenance Phase with Pike taken out, to be returned by seat 0."""
    state = arrange(in_play(teams=(BELL6, LINK6), size="quick"), AWAY, ball=ball)
    units = tuple(
        replace(u, on_pitch=False, taken_out=True, hp=0, x=-50.0, y=-50.0) if u.id == PIKE else u
        for u in state.units
    )
    teams = tuple(replace(t, allocation=None) for t in state.teams)
    return replace(
        state, units=units, teams=teams, phase=MAINTENANCE, activation=None, terrain=terrain
    )


def r_of(state: GuildBallState) -> float:
    return base_of(state.unit(PIKE)).radius


def returned_at(state: GuildBallState, x: float, y: float) -> tuple[float, float]:
    """Return Pike at (x, y) (seat 1 allocating after), and say where he stands."""
    _, state = run(state, cm.Allocate(seat=0, influence=(), returns=((PIKE, x, y),)))
    _, state = run(state, cm.Allocate(seat=1, influence=()))
    pike = state.unit(PIKE)
    assert pike.on_pitch and not pike.taken_out
    return pike.x, pike.y


def refusal(state: GuildBallState, x: float, y: float) -> RuleError:
    with pytest.raises(RuleError) as refused:
        run(state, cm.Allocate(seat=0, influence=(), returns=((PIKE, x, y),)))
    assert refused.value.code == "return_place"
    return refused.value


def test_a_returned_model_jogs_straight_out_from_its_table_edge() -> None:
    """ "A returned model is placed in base contact with an edge of the pitch that's within the
    friendly deployment zone and may then make a jog": touching the own table edge anywhere,
    then a jog of up to its 6" straight out."""
    state = returning()
    r = r_of(state)
    assert returned_at(state, 9.0, r + 6.0) == (9.0, r + 6.0)
    refusal(state, 9.0, r + 6.2)


def test_a_model_returned_at_a_side_edge_may_jog_out_of_the_deployment_zone() -> None:
    """ "in base contact with an edge of the pitch that's within the friendly deployment zone
    and may then make a jog": the side edge is within the zone up to 10" from the own table
    edge, and the jog from there may leave the zone (along the side)."""
    state = returning()
    r = r_of(state)
    # From (r, 10), where the base touches the side edge 10" from the table edge: 3.6" across
    # and 4.8" on is a 6" jog, 14.8" from the table edge.
    assert returned_at(state, r + 3.6, 14.8) == pytest.approx((r + 3.6, 14.8))
    # Further on, the start would have to touch the side edge beyond the zone.
    refusal(state, r + 3.6, 15.0)


def test_a_barrier_in_the_way_of_every_jog_refuses_the_place() -> None:
    """ "A model or marker may not move into or be placed onto a barrier": behind a wall no
    jog from the table edge reaches, the place is refused; without the wall it is reached."""
    wall = Piece(
        kind="barrier", name="wall", points=((3.0, 2.0), (15.0, 2.0), (15.0, 3.0), (3.0, 3.0))
    )
    behind = (9.0, 5.0)
    assert "jog" in str(refusal(returning(terrain=(wall,)), *behind))
    assert returned_at(returning(), *behind) == behind


def test_rough_terrain_on_the_way_costs_the_return_jog_two_inches() -> None:
    """ "A model that moves within rough terrain at any point during an advance suffers -2"/-2"
    MOV": from a table edge in rough terrain Pike's jog is 4"; dodges aside, a jog is an
    advance."""
    mud = Piece(kind="rough", name="mud", points=((4.0, 0.0), (14.0, 0.0), (14.0, 2.0), (4.0, 2.0)))
    state = returning(terrain=(mud,))
    r = r_of(state)
    refusal(state, 9.0, r + 5.0)
    assert returned_at(state, 9.0, r + 4.0) == (9.0, r + 4.0)
    assert returned_at(returning(), 9.0, r + 5.0) == (9.0, r + 5.0)


def test_a_refused_return_says_what_to_do_instead() -> None:
    """The refusal names the edges a returned model starts at and its jog, and asks for a place
    such a jog reaches."""
    state = returning()
    refused = refusal(state, 9.0, 18.0)
    assert str(refused) == (
        'Brannock Pike returns touching your table edge (or a side edge within 10" of it) and '
        'may jog 6" from there, terrain counting as for any jog: pick a place such a jog '
        "reaches, clear of barriers and models on the way."
    )
    on_ball = refusal(returning(ball=(9.0, 3.0)), 9.0, 3.0)
    assert "clear of other models, the ball" in str(on_ball)


def test_models_returned_together_are_each_placed_clear_of_the_others() -> None:
    """ "A model or marker may not be placed on a barrier or an obstruction, or with its base
    overlapping another model or marker's base": two of a team's models returning in one
    Maintenance Phase are placed one after the other, the second clear of the first, by
    default or refused when its place overlaps the first."""
    jory = "0-jory-slake"
    state = returning()
    units = tuple(
        replace(u, on_pitch=False, taken_out=True, hp=0, x=-50.0, y=-50.0) if u.id == jory else u
        for u in state.units
    )
    state = replace(state, units=units)
    r = r_of(state)
    with pytest.raises(RuleError) as refused:
        run(state, cm.Allocate(seat=0, influence=(), returns=((PIKE, 9.0, r), (jory, 9.5, r))))
    assert refused.value.code == "return_place"
    _, after = run(state, cm.Allocate(seat=0, influence=()))
    _, after = run(after, cm.Allocate(seat=1, influence=()))
    pike, slake = after.unit(PIKE), after.unit(jory)
    assert pike.on_pitch and slake.on_pitch
    gap = ((pike.x - slake.x) ** 2 + (pike.y - slake.y) ** 2) ** 0.5
    assert gap >= 2 * r - 1e-6


def returned_events(state: GuildBallState, *returns: tuple[str, float, float]) -> tuple:
    """Return `returns` for seat 0 (seat 1 allocating after): the events and the state."""
    first, state_ = run(state, cm.Allocate(seat=0, influence=(), returns=returns))
    second, after = run(state_, cm.Allocate(seat=1, influence=()))
    return (*first, *second), after


def test_a_return_jog_passing_within_1_inch_of_the_free_ball_takes_it() -> None:
    """ "A model which starts its activation or moves within 1" of a free ball may choose to
    take possession of the ball; the ball will immediately snap to that model": Pike's jog
    from his table edge straight to (9, r + 6) passes 2" from the ball's centre, within 1" of
    its base, and he takes it (the default, as for any jog)."""
    state = returning(ball=(11.0, 3.5))
    r = r_of(state)
    events, after = returned_events(state, (PIKE, 9.0, r + 6.0))
    assert after.ball_holder == PIKE and not after.ball_free
    held = [e for e in events if isinstance(e, ev.BallHeld)]
    assert [(e.model, e.how) for e in held] == [(PIKE, "snap")]
    moved = next(e for e in events if isinstance(e, ev.Moved) and e.model == PIKE)
    assert moved.path == ((9.0, r), (9.0, r + 6.0))


def test_a_return_jog_staying_further_than_1_inch_from_the_ball_leaves_it() -> None:
    """ "moves within 1" of a free ball": the same jog with the ball 2.5" from its line stays
    more than 1" from the ball's base; the ball stays free and the return is a placement, as
    recorded before (no path)."""
    state = returning(ball=(11.5, 3.5))
    r = r_of(state)
    events, after = returned_events(state, (PIKE, 9.0, r + 6.0))
    assert after.ball_free and after.ball_holder == ""
    assert not any(isinstance(e, ev.BallHeld) for e in events)
    moved = next(e for e in events if isinstance(e, ev.Moved) and e.model == PIKE)
    assert moved == ev.Moved(model=PIKE, how="return", x=9.0, y=r + 6.0)


def test_of_two_return_jogs_passing_the_ball_the_first_placed_takes_it() -> None:
    """ "the ball will immediately snap to that model": a team's returns are placed one after
    another in roster order (Pike before Jory), so Pike's jog takes the ball and Jory's, passing
    as near, finds none free."""
    jory = "0-jory-slake"
    state = returning(ball=(10.0, 3.5))
    units = tuple(
        replace(u, on_pitch=False, taken_out=True, hp=0, x=-50.0, y=-50.0) if u.id == jory else u
        for u in state.units
    )
    state = replace(state, units=units)
    r = r_of(state)
    events, after = returned_events(state, (PIKE, 8.0, r + 6.0), (jory, 12.0, r + 6.0))
    assert after.ball_holder == PIKE
    assert [e.model for e in events if isinstance(e, ev.BallHeld)] == [PIKE]


def test_a_gains_ball_trigger_on_the_return_jog_offers_no_dodge() -> None:
    """First to the Ball: "The first time this turn a friendly model gains possession of the
    ball, it may make a 2" dodge." The rules notes ("Returned models"): no dodge is offered in
    the Maintenance Phase, and the plan stays unresolved for a later gain this turn."""
    state = returning(ball=(11.0, 3.5))
    teams = tuple(
        replace(t, plan="first-to-the-ball", plan_done=False) if t.seat == 0 else t
        for t in state.teams
    )
    state = replace(state, teams=teams)
    r = r_of(state)
    events, after = returned_events(state, (PIKE, 9.0, r + 6.0))
    assert after.ball_holder == PIKE
    assert after.dodge is None and not after.teams[0].plan_done
    assert not any(isinstance(e, ev.DodgeStep) for e in events)


def test_the_return_jog_taking_the_ball_replays_to_the_same_state() -> None:
    """Events record everything: folding them gives the state decided."""
    state = returning(ball=(11.0, 3.5))
    r = r_of(state)
    events, after = returned_events(state, (PIKE, 9.0, r + 6.0))
    folded = state
    for e in events:
        folded = evolve(folded, e)
    assert folded == after
