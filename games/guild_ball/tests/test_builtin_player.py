"""The built-in player's choices in set positions: it casts a character play that finishes a
model, charges and attacks the enemy ball carrier in reach, names the play a playbook icon
triggers when it takes the target out, and gives the ball carrier its influence first. Each
command it gives is then played through the rules to show it does what it was chosen for."""

from games.guild_ball.players.odds import chance_of_hits, hits_distribution, playbook_damage
from games.guild_ball.players.strategy import BuiltinPlayer
from games.guild_ball.rules import commands as cm
from games.guild_ball.rules import events as ev
from games.guild_ball.rules.context import pitch_of
from games.guild_ball.rules.pending import default_kick_off, pending
from games.guild_ball.rules.pregame import LANDING, kick_off_short
from games.guild_ball.rules.state import KICK_OFF, MAINTENANCE
from games.guild_ball.rules.turns import pool
from games.guild_ball.tests.rules_table import (
    BELL6,
    LINK,
    LINK6,
    arrange,
    defaults_until,
    in_play,
    prepared,
    run,
)

BELL = ("bellfounders", ("ada-mouldwright", "jory-slake"))
OSWIN, ADA, JORY = "0-oswin-tollbright", "0-ada-mouldwright", "0-jory-slake"
SEFA, IVO, TAMSIN = "1-sefa-lanternhold", "1-ivo-brightwick", "1-tamsin-cole"
APART = {
    OSWIN: (3.0, 3.0),
    ADA: (21.0, 3.0),
    JORY: (12.0, 3.0),
    SEFA: (3.0, 21.0),
    IVO: (12.0, 21.0),
    TAMSIN: (21.0, 21.0),
}


def table(places, active, **kw):
    """`active` activating; the other models apart unless placed; no MP to react with."""
    where = dict(APART)
    where.update(places)
    kw.setdefault("mp", (0, 0))
    kw.setdefault("ball", OSWIN)
    return arrange(in_play(teams=(BELL, LINK)), where, active=active, **kw)


def builtin_move(state, seat=0):
    return BuiltinPlayer(seed=1).move(state, (seat,))


def test_the_odds_of_a_tn_test_are_counted_by_hand() -> None:
    # Two dice at 4+: 1 - (1/2)^2; three dice at 5+, at least two hits: 3·(1/3)²·(2/3) + (1/3)³.
    assert chance_of_hits(2, 4) == 0.75
    assert abs(chance_of_hits(3, 5, at_least=2) - 7 / 27) < 1e-12
    # "not ... greater than 6+": TN 7 rolls one die fewer at 6+.
    assert hits_distribution(3, 7) == hits_distribution(2, 6)
    # Jory's playbook with 3 net hits: Drive It Home (3 DMG) behind the third column's icon.
    assert playbook_damage("jory-slake", 3) == 3


def test_a_play_that_finishes_a_model_is_cast() -> None:
    """Tamsin has 1 HP left within reach of Ada's Molten Splash (1 DMG in a 3" AOE within 6");
    Ada is engaged by Ivo and would otherwise attack him: she casts the play on Tamsin first,
    and it takes her out (2 VP)."""
    state = table(
        {ADA: (6.0, 6.0), IVO: (6.0, 7.3), TAMSIN: (12.0, 10.0)},
        ADA,
        influence={ADA: 4},
        hp={TAMSIN: 1},
        dice=(6,),
    )
    command = builtin_move(state)
    assert command == cm.UsePlay(seat=0, play="molten-splash", spot=(12.0, 10.0))
    _, after = run(state, command)
    assert after.unit(TAMSIN).taken_out and after.teams[0].vp == 2


def test_the_ball_carrier_in_reach_is_charged() -> None:
    """Ivo carries the ball within Jory's charge; Tamsin is nearer and hurt, but the carrier is
    the one to charge (a tackle wins the ball back)."""
    state = table(
        {JORY: (10.0, 10.0), IVO: (10.0, 16.0), TAMSIN: (14.0, 11.0)},
        JORY,
        influence={JORY: 3},
        hp={TAMSIN: 9},
        ball=IVO,
    )
    command = builtin_move(state)
    assert isinstance(command, cm.Charge) and command.target == IVO
    _, after = run(state, command)
    assert after.attack is not None and after.attack.target == IVO


def test_an_engaged_ball_carrier_is_attacked() -> None:
    """Jory engages both the carrier and another enemy: he attacks the carrier."""
    state = table(
        {JORY: (10.0, 10.0), IVO: (10.0, 11.2), TAMSIN: (11.4, 10.0)},
        JORY,
        influence={JORY: 3},
        ball=IVO,
    )
    command = builtin_move(state)
    assert isinstance(command, cm.Attack) and command.target == IVO


def test_the_engaged_enemy_a_swing_may_take_out_is_attacked() -> None:
    """Jory engages Ivo (14 HP) and Tamsin (2 HP); nobody carries the ball: he swings at the
    one he may take out."""
    state = table(
        {JORY: (10.0, 10.0), IVO: (10.0, 11.2), TAMSIN: (11.4, 10.0)},
        JORY,
        influence={JORY: 3},
        hp={TAMSIN: 2},
    )
    command = builtin_move(state)
    assert isinstance(command, cm.Attack) and command.target == TAMSIN


def test_a_playbook_icon_that_takes_the_target_out_is_named() -> None:
    """Jory hits Tamsin (3 HP) with 3 net hits: the default would take the most damage of a
    plain result (2); the player selects the third column's momentous play icon and names Drive
    It Home (3 DMG), which takes her out."""
    state = table(
        {JORY: (10.0, 10.0), TAMSIN: (10.0, 11.4)},
        JORY,
        influence={JORY: 3},
        hp={TAMSIN: 3},
        dice=(6, 6, 6, 6, 1),
    )
    _, state = run(state, cm.Attack(seat=0, target=TAMSIN))
    decision = pending(state)[0]
    assert decision.kind == "playbook"
    command = builtin_move(state)
    assert (command.column, command.row, command.play) == (3, 1, "drive-it-home")
    _, after = run(state, command)
    assert after.unit(TAMSIN).taken_out


def test_the_ball_carrier_gets_its_influence_first() -> None:
    """In the Maintenance Phase the carrier gets all it may hold (a sprint, a shot, a play);
    a model near a hurt enemy gets enough to charge and attack."""
    state = arrange(
        in_play(teams=(BELL, LINK)),
        {**APART, JORY: (10.0, 10.0), TAMSIN: (10.0, 15.0)},
        ball=ADA,
        hp={TAMSIN: 4},
        phase=MAINTENANCE,
        activation=None,
    )
    state = arrange(
        state, teams=tuple(t.__class__(**{**_fields(t), "allocation": None}) for t in state.teams)
    )
    command = builtin_move(state)
    assert isinstance(command, cm.Allocate)
    given = dict(command.influence)
    assert sum(given.values()) == pool(state, 0)
    assert given[ADA] == 4  # Ada's max INF
    assert given.get(JORY, 0) >= 2


def _fields(struct) -> dict:
    return {f: getattr(struct, f) for f in struct.__struct_fields__}


def test_the_builtin_player_completes_quick_and_typical_games_on_terrain_legally() -> None:
    """Quick and Typical games on the 3'x3' pitch with six-model teams, without terrain and on
    every map: the games end, and the rules accept every command the built-in player gives
    (against itself and against the random player)."""
    from games.guild_ball.players.versus import play_sized

    for size in (1, 2):
        for terrain in range(5):
            for seats in (("builtin", "builtin"), ("random", "builtin")):
                seed = 10 * size + terrain
                state, _, refused = play_sized(seed, size, terrain, seats)
                assert state.result is not None
                assert len([u for u in state.units if u.seat == 1]) == 6
                assert refused[1] == 0 and (seats[0] == "random" or refused[0] == 0)


def _at_kick_off(size: str, teams):
    state = prepared(teams=teams, size=size)
    _, state = run(state, cm.ChooseKicking(seat=state.chooser, kick=True))
    return defaults_until(state, KICK_OFF)


def test_the_kick_off_in_a_quick_game_jogs_and_lands_in_the_receivers_half() -> None:
    """ "the kicker may make a jog followed by a pass" and "if the ball ... finishes within the
    kicking player's half of the pitch, then the receiving player may give possession of the
    ball to any model on their team": on the 3'x3' pitch the built-in kicker jogs up the pitch
    first, aims past the halfway line and the ball comes to rest in the receiver's half."""
    state = _at_kick_off("quick", (BELL6, LINK6))
    kicker = state.unit(state.kicker)
    ahead = 1 if state.teams[kicker.seat].side == 0 else -1
    halfway = pitch_of(state).size / 2
    command = BuiltinPlayer(seed=1).move(state, (state.kicking,))
    assert isinstance(command, cm.KickOff) and command.path
    jog_end = command.path[-1]
    assert ahead * (jog_end[1] - kicker.y) > 3.0
    assert ahead * (command.target[1] - halfway) > 2.0
    events, after = run(state, command)
    moved = next(e for e in events if isinstance(e, ev.Moved))
    assert moved.model == kicker.id and moved.how == "jog"
    while after.phase == LANDING:  # the kicker's choice to reroll the scatter
        seat = pending(after)[0].seat
        _, after = run(after, BuiltinPlayer(seed=1).move(after, (seat,)))
    assert after.phase == MAINTENANCE and after.turn == 1
    assert not kick_off_short(after)
    ball_y = after.unit(after.ball_holder).y if after.ball_holder else after.ball_y
    assert ahead * (ball_y - halfway) > 0


def test_the_introductory_kick_off_is_the_default_one() -> None:
    """On the 2'x2' pitch the kick straight up the pitch reaches past the halfway line: the
    built-in player keeps the default kick off (no jog) there."""
    state = _at_kick_off("introductory", (BELL, LINK))
    command = BuiltinPlayer(seed=1).move(state, (state.kicking,))
    assert command == default_kick_off(state) and command.path == ()
