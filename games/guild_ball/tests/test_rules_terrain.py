"""Terrain in a game: the map agreed at creation, cover, forests and kicks, rough terrain and
Gliding, obstructions and barriers; one test per rule, quoting the book. (The pitch engine's own
measures are tested in test_pitch_*.py; these run through the rules.)"""

import pytest

from engine.core.errors import RuleError
from engine.core.game import PUBLIC
from games.guild_ball.content.maps import load_maps, map_problems, turned
from games.guild_ball.game import GAME
from games.guild_ball.rules import commands as cm
from games.guild_ball.rules import events as ev
from games.guild_ball.rules.context import new_context
from games.guild_ball.rules.turns import end_phase
from games.guild_ball.tests.rules_table import BELL6, LINK6, arrange, in_play, new_game, run

OSWIN, MAUD, PIKE = "0-oswin-tollbright", "0-maud-clangwright", "0-brannock-pike"
SEFA, IVO = "1-sefa-lanternhold", "1-ivo-brightwick"
MARKET, CHAPEL = 1, 2  # the `terrain` option's maps used here
# Every model of two Quick teams at its own table edge, clear of all terrain.
EDGES = {
    **{f"0-{s}": (3.0 + 6 * i, 2.0) for i, s in enumerate(("oswin-tollbright", *BELL6[1]))},
    "0-clapper": (33.0, 2.0),
    **{f"1-{s}": (3.0 + 6 * i, 34.0) for i, s in enumerate(("sefa-lanternhold", *LINK6[1]))},
    "1-flitter": (33.0, 34.0),
}


def on_map(terrain: int, places: dict, active: str, **kw):
    """A Quick game on a map, arranged, with `active`'s activation begun."""
    where = dict(EDGES)
    where.update(places)
    kw.setdefault("mp", (0, 0))
    kw.setdefault("influence", {active: 3})
    kw.setdefault("ball", (18.0, 18.0))
    state = in_play(teams=(BELL6, LINK6), size="quick", terrain=terrain)
    return arrange(state, where, active=active, **kw)


def rolled(events):
    return next(e for e in events if isinstance(e, ev.Rolled))


def test_terrain_is_defined_and_agreed_before_the_game() -> None:
    """ "1. Define and agree on terrain." "Players must agree on the position and type of each
    piece before starting the game." "For the first few games we recommend that you don't use
    any terrain pieces" """
    terrain = next(o for o in GAME.options if o.name == "terrain")
    assert (terrain.name, terrain.default, terrain.high) == ("terrain", 0, len(load_maps()))
    created = GAME.create(2, 3, {"size": 1, "terrain": MARKET})
    placed = created[-1]
    assert isinstance(placed, ev.TerrainPlaced) and placed.map == "market-square"
    assert {p.kind for p in placed.pieces} == {"obstruction", "rough", "barrier"}
    state = new_game(size="quick", terrain=MARKET)
    assert state.map == "market-square" and len(state.terrain) == 6
    # "Players are obliged to allow their opponent full access to all game information"
    public = GAME.view(state, PUBLIC)
    assert public.map == "market-square" and public.terrain == state.terrain
    assert new_game(size="quick").terrain == ()
    with pytest.raises(RuleError) as refused:
        GAME.create(2, 3, {"terrain": MARKET})
    assert refused.value.code == "terrain"


def test_every_map_keeps_our_limits_and_both_halves_alike() -> None:
    """ "There are no set rules for how much terrain to use": our limits (content/maps.py) keep
    the deployment zones and the centre spot clear; each half is the other turned about the
    centre spot, so "The kicking player chooses a table edge" chooses between equals."""
    maps = load_maps()
    assert len(maps) >= 4
    for m in maps:
        assert map_problems(m) == []
        half = len(m.pieces) // 2
        assert m.pieces[half:] == tuple(turned(p) for p in m.pieces[:half])


def test_cover_costs_the_attacker_one_tac() -> None:
    """ "When attacking a model that is benefitting from cover, the attacking model suffers -1
    TAC for the duration of the attack." "A model in an obstruction or within 1" of the edge of
    an obstruction benefits from cover." """
    # Sefa 0.61" from the fish stall (an obstruction from y 12 to 14), Oswin (TAC 6) above him.
    near = {SEFA: (7.0, 15.2), OSWIN: (7.0, 17.08)}
    state = on_map(MARKET, near, OSWIN, dice=(1,) * 8)
    events, _ = run(state, cm.Attack(seat=0, target=SEFA))
    assert rolled(events).pool == 6 - 1
    clear = {SEFA: (7.0, 16.2), OSWIN: (7.0, 18.08)}
    events, _ = run(on_map(MARKET, clear, OSWIN, dice=(1,) * 8), cm.Attack(seat=0, target=SEFA))
    assert rolled(events).pool == 6


def test_the_introductory_game_is_played_without_cover() -> None:
    """ "For the first few games we recommend that you don't use any terrain pieces, in order to
    get used to the basic rules": the Introductory game plays without the terrain rules, so a
    model by a goalpost (a barrier) has no cover there (our ruling, rules notes)."""
    state = in_play()
    post_y = 24 - 6 + 0.984252  # the goalpost of side 1, its front edge on the goal line
    near = {
        SEFA: (12.0, post_y - 0.984252 - 0.59 - 0.3),
        OSWIN: (12.0, 15.5),
        IVO: (4.0, 20.0),
        "1-tamsin-cole": (20.0, 20.0),
        MAUD: (20.0, 4.0),
        PIKE: (12.0, 3.0),
    }
    state = arrange(state, near, active=OSWIN, influence={OSWIN: 3}, dice=(1,) * 8, ball=(3.0, 3.0))
    events, _ = run(state, cm.Attack(seat=0, target=SEFA))
    assert rolled(events).pool == 6


def test_a_kick_within_or_into_a_forest_loses_one_die_once() -> None:
    """ "A model making a kick while within a forest, or one making a kick to a target spot or
    target model that's within a forest, suffers -1 dice pool. This penalty is incurred only
    once per kick." """
    # The copse: a forest of radius 2.5" at (9, 17). Pike kicks 3 dice.
    dice = (1, 1, 1, 1, 1, 1)
    inside = on_map(CHAPEL, {PIKE: (9.0, 17.0)}, PIKE, ball=PIKE, dice=dice)
    events, _ = run(inside, cm.Pass(seat=0, spot=(9.0, 22.0)))
    assert rolled(events).pool == 3 - 1
    outside = on_map(CHAPEL, {PIKE: (9.0, 23.0)}, PIKE, ball=PIKE, dice=dice)
    events, _ = run(outside, cm.Pass(seat=0, spot=(9.0, 17.0)))
    assert rolled(events).pool == 3 - 1
    both = on_map(CHAPEL, {PIKE: (9.0, 16.0)}, PIKE, ball=PIKE, dice=dice)
    events, _ = run(both, cm.Pass(seat=0, spot=(9.0, 18.5)))
    assert rolled(events).pool == 3 - 1
    events, _ = run(outside, cm.Pass(seat=0, spot=(14.0, 23.0)))
    assert rolled(events).pool == 3


def test_a_target_spot_is_where_the_ball_may_be_placed() -> None:
    """ "A target spot is any point on the pitch where the ball may be legally placed." "A model
    or marker may not be placed on a barrier or an obstruction, or with its base overlapping
    another model or marker's base or the edge of the pitch." On Market Square, Pike may not pass
    into the fountain (a barrier), onto the fish stall (an obstruction) or onto Sefa's base."""
    state = on_map(MARKET, {PIKE: (11.0, 17.0), SEFA: (15.0, 19.0)}, PIKE, ball=PIKE)
    said = []
    for spot in ((13.0, 12.5), (8.0, 13.0), (15.0, 19.0)):
        with pytest.raises(RuleError) as refused:
            run(state, cm.Pass(seat=0, spot=spot))
        assert refused.value.code == "spot_not_placeable"
        said.append(refused.value.message)
    # The refusal says what stands there, a model by the name its player reads.
    assert "on a barrier" in said[0] and "on an obstruction" in said[1]
    assert "this one is on a model's base (Sefa Lanternhold). Pick a spot clear of" in said[2]
    events, _ = run(state, cm.Pass(seat=0, spot=(13.0, 15.5)))
    assert rolled(events).what == "pass"


def test_rough_terrain_ends_a_charge_early() -> None:
    """ "A model that moves within rough terrain at any point during an advance suffers -2"/-2"
    MOV." "If a model's MOV is reduced during an advance and the distance it has already moved
    is greater than its reduced MOV stat, the advance ends immediately." "if the active model
    doesn't end its advance engaging the target enemy model, the charge has been unsuccessful" """
    # The puddle: rough terrain of radius 2" at (26, 13.5). Pike sprints 8", 6" once in it: he
    # reaches it after 7.41", more than 6", and stops there, short of engaging Sefa.
    state = on_map(MARKET, {PIKE: (26.0, 3.5), SEFA: (26.0, 13.3)}, PIKE)
    events, after = run(state, cm.Charge(seat=0, target=SEFA, end=(26.0, 11.5)))
    assert after.unit(PIKE).y == pytest.approx(13.5 - 2.0 - 0.590551, abs=0.02)
    assert after.activation is None and not any(isinstance(e, ev.Rolled) for e in events)


def test_gliding_crosses_rough_terrain_without_penalty_for_the_turn() -> None:
    """ "Once per turn an active model may spend 1 MP to move across rough terrain without
    penalty for the remainder of the current turn. Gliding isn't an action." """
    # Pike sprints 8" across the puddle (rough terrain at (26, 13.5)): 6" without Gliding.
    state = on_map(MARKET, {PIKE: (26.0, 9.0)}, PIKE, mp=(2, 0))
    with pytest.raises(RuleError) as refused:
        run(state, cm.Sprint(seat=0, path=((26.0, 17.0),)))
    assert refused.value.code == "move_too_long"
    _, slowed = run(state, cm.Sprint(seat=0, path=((26.0, 15.0),)))
    assert slowed.unit(PIKE).y == 15.0
    events, gliding = run(state, cm.Glide(seat=0))
    assert gliding.teams[0].mp == 1 and gliding.gliding == (PIKE,)
    action = next(d for d in GAME.pending(gliding) if d.kind == "action")
    assert action.context["gliding"] and not GAME.pending(state)[0].context["gliding"]
    assert not any(isinstance(e, ev.Activated) for e in events)
    with pytest.raises(RuleError) as refused:
        run(gliding, cm.Glide(seat=0))
    assert refused.value.code == "gliding"
    _, glided = run(gliding, cm.Sprint(seat=0, path=((26.0, 17.0),)))
    assert glided.unit(PIKE).y == pytest.approx(17.0)
    ctx = new_context(glided)
    end_phase(ctx)
    assert ctx.state.gliding == ()


def test_an_obstruction_may_be_jogged_over_but_not_sprinted_over() -> None:
    """ "A model may move over an obstruction. Models may not end their movement on top of an
    obstruction or be placed on one. Models may not advance over an obstruction during a sprint
    or charge." """
    # The fish stall: an obstruction from (5, 12) to (9, 14).
    state = on_map(MARKET, {PIKE: (7.0, 10.5)}, PIKE)
    with pytest.raises(RuleError) as refused:
        run(state, cm.Sprint(seat=0, path=((7.0, 15.5),)))
    assert refused.value.code == "move_over_obstruction"
    with pytest.raises(RuleError) as refused:
        run(state, cm.Jog(seat=0, path=((7.0, 13.0),)))
    assert refused.value.code == "move_ends_on_obstruction"
    _, after = run(state, cm.Jog(seat=0, path=((7.0, 15.5),)))
    assert after.unit(PIKE).y == 15.5


def test_a_barrier_blocks_line_of_sight() -> None:
    """ "A barrier blocks LOS. A model or marker may not move into or be placed onto a
    barrier." "To perform a charge, the active model selects a target enemy model that's in its
    LOS" """
    # The chapel wall: a barrier from (16, 11.5) to (20, 12.5).
    state = on_map(CHAPEL, {OSWIN: (18.0, 10.2), SEFA: (18.0, 13.8)}, OSWIN)
    with pytest.raises(RuleError) as refused:
        run(state, cm.Charge(seat=0, target=SEFA, end=(18.0, 12.0)))
    assert refused.value.code == "no_los"
    with pytest.raises(RuleError):
        run(state, cm.Jog(seat=0, path=((18.0, 14.5),)))
