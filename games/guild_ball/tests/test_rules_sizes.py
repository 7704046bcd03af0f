"""The game sizes of the Game Length table: the Quick and Typical games on the 3'×3' pitch with
teams of six, their VP totals and the Mascot's VP; one test per rule, quoting the book."""

import pytest
from msgspec.structs import replace

from engine.core.errors import RuleError
from engine.core.game import PUBLIC
from games.guild_ball.game import GAME
from games.guild_ball.rules import commands as cm
from games.guild_ball.rules import events as ev
from games.guild_ball.rules.context import new_context, pitch_of
from games.guild_ball.rules.state import BLEED, DEPLOY
from games.guild_ball.rules.turns import end_phase
from games.guild_ball.tests.rules_table import (
    BELL,
    BELL6,
    LINK6,
    arrange,
    in_play,
    new_game,
    prepared,
    run,
)

OSWIN, PIKE, CLAPPER = "0-oswin-tollbright", "0-brannock-pike", "0-clapper"
SEFA, FLITTER, TAMSIN = "1-sefa-lanternhold", "1-flitter", "1-tamsin-cole"
# Every model of two Quick teams out of each other's way on the 3'x3' pitch.
APART = {
    OSWIN: (4.0, 4.0),
    "0-maud-clangwright": (10.0, 4.0),
    PIKE: (16.0, 4.0),
    "0-ferris-gongmaker": (22.0, 4.0),
    "0-jory-slake": (28.0, 4.0),
    CLAPPER: (33.0, 4.0),
    SEFA: (4.0, 15.0),
    "1-ivo-brightwick": (10.0, 15.0),
    TAMSIN: (16.0, 15.0),
    "1-nell-farthing": (22.0, 15.0),
    "1-orrin-glass": (28.0, 15.0),
    FLITTER: (33.0, 15.0),
}


def six(size: str = "quick", places=None, **kw):
    """A Quick (or Typical) game in play, arranged: seat 0 kicked off from side 0."""
    where = dict(APART)
    where.update(places or {})
    return arrange(in_play(teams=(BELL6, LINK6), size=size), where, **kw)


def test_the_game_size_is_agreed_at_creation_and_is_introductory_by_default() -> None:
    """ "Players agree to a game size (based on the win condition and expected duration) before
    picking a guild to represent." """
    size = next(o for o in GAME.options if o.name == "size")
    assert (size.name, size.kind, size.default, size.low, size.high) == ("size", "int", 0, 0, 2)
    assert [type(e).__name__ for e in GAME.create(2, 5, {})] == ["GameCreated"]
    assert GAME.create(2, 5, {}) == GAME.create(2, 5, {"size": 0})
    created = GAME.create(2, 5, {"size": 1})
    assert created[0] == GAME.create(2, 5, {})[0]
    assert created[1] == ev.GameSized(size="quick")
    assert new_game(size="typical").size == "typical"
    assert GAME.create(2, 5, {"size": 2})[1] == ev.GameSized(size="typical")
    with pytest.raises(RuleError) as refused:
        GAME.create(2, 5, {"size": 3})
    assert refused.value.code == "size"


def test_the_quick_and_typical_games_are_played_on_a_three_foot_pitch() -> None:
    """ "Quick Game 60 mins 3' x 3'"; "In a typical game of Guild Ball, players play across a
    3' x 3' playing surface"; "deploys their entire team completely within 10" of their chosen
    table edge" and "Goalposts are always positioned in the centre of the deployment zone, with
    the front edge on the goal line." """
    for size in ("quick", "typical"):
        state = prepared(teams=(BELL6, LINK6), size=size)
        pitch = pitch_of(state)
        assert pitch.size == 36.0
        post = pitch.goalpost(1)
        assert post.centre.x == 18.0 and post.centre.y - post.radius == pytest.approx(30.0)
        view = GAME.view(state, PUBLIC)
        assert view.pitch_size == 36.0 and view.size == size
    assert pitch_of(prepared()).size == 24.0
    state = prepared(teams=(BELL6, LINK6), size="quick")
    _, state = run(state, cm.ChooseKicking(seat=state.chooser, kick=state.chooser == 1))
    receiving = 1 - state.kicking
    _, state = run(state, GAME.defaults(state, (state.kicking,)))
    assert state.phase == DEPLOY and state.active_seat == receiving
    own = [u.id for u in state.units if u.seat == receiving]
    line = tuple((m, 3.0 + 5.0 * i, 24.0) for i, m in enumerate(own))  # 12" from the edge
    with pytest.raises(RuleError) as refused:
        run(state, cm.Deploy(seat=receiving, places=line))
    assert refused.value.code == "deploy_zone"
    line = tuple((m, 3.0 + 5.0 * i, 27.0) for i, m in enumerate(own))
    _, after = run(state, cm.Deploy(seat=receiving, places=line))
    assert [after.unit(m).y for m in own] == [27.0] * 6


def test_a_team_of_six_is_a_captain_a_mascot_and_four_squaddies() -> None:
    """ "In a typical game each team has six guild models, including a Captain and a Mascot."
    "1. Pick a model with the Captain type. 2. Pick a model with the Mascot type that may play
    for the same guild as the Captain model. 3. Fill out the team roster with Squaddie
    models" """
    state = new_game(size="quick")
    hand = state.teams[0].hand
    with pytest.raises(RuleError) as refused:
        run(state, cm.Prepare(seat=0, guild=BELL[0], squaddies=BELL[1], discard=hand[:2]))
    assert refused.value.code == "team" and "four" in refused.value.message
    done = prepared(teams=(BELL6, LINK6), size="typical")
    for seat, mascot in ((0, "clapper"), (1, "flitter")):
        team = [u for u in done.units if u.seat == seat]
        roles = [GAME.view(done, PUBLIC).models[done.index(u.id)].role for u in team]
        assert roles == ["captain", "squaddie", "squaddie", "squaddie", "squaddie", "mascot"]
        assert team[-1].slug == mascot and team[-1].hp == 8
    default = GAME.pending(new_game(size="quick"))[0].default
    assert default.squaddies == (
        "maud-clangwright",
        "ferris-gongmaker",
        "ada-mouldwright",
        "brannock-pike",
    )


def test_each_named_character_is_taken_only_once() -> None:
    """ "Each named character is unique and may be taken only once per team." """
    state = new_game(size="quick")
    hand = state.teams[0].hand
    twice = ("maud-clangwright", "maud-clangwright", "brannock-pike", "jory-slake")
    with pytest.raises(RuleError) as refused:
        run(state, cm.Prepare(seat=0, guild="bellfounders", squaddies=twice, discard=hand[:2]))
    assert refused.value.code == "team"


def test_every_model_plays_for_the_captains_guild() -> None:
    """ "The Mascot and all other models selected must be guild models; that is, they must be
    able to play for the same guild as the Captain." """
    state = new_game(size="quick")
    hand = state.teams[0].hand
    mixed = ("maud-clangwright", "brannock-pike", "jory-slake", "ivo-brightwick")
    with pytest.raises(RuleError) as refused:
        run(state, cm.Prepare(seat=0, guild="bellfounders", squaddies=mixed, discard=hand[:2]))
    assert refused.value.code == "team" and "Ivo Brightwick" in refused.value.message


def test_the_quick_game_is_won_at_eight_vp_and_the_typical_at_twelve() -> None:
    """ "Quick Game ... 8 VP"; "Typical Game ... 12 VP"; "the first player to reach 12 VP
    immediately wins the game." """
    shot = {PIKE: (18.0, 25.0)}
    kw = {"ball": PIKE, "mp": (1, 0), "influence": {PIKE: 3}, "active": PIKE, "dice": (6, 1, 1)}
    state = six("quick", shot, **kw)
    state = replace(state, teams=(replace(state.teams[0], vp=4), state.teams[1]))
    _, after = run(state, cm.Shoot(seat=0))
    assert after.teams[0].vp == 8 and after.result is not None and after.result.winner == 0
    assert GAME.view(after, PUBLIC).win_vp == 8
    state = six("typical", shot, **kw)
    state = replace(state, teams=(replace(state.teams[0], vp=4), state.teams[1]))
    _, after = run(state, cm.Shoot(seat=0))
    assert after.teams[0].vp == 8 and after.result is None
    state = six("typical", shot, **kw)
    state = replace(state, teams=(replace(state.teams[0], vp=8), state.teams[1]))
    _, after = run(state, cm.Shoot(seat=0))
    assert after.teams[0].vp == 12 and after.result.winner == 0


def test_a_mascot_taken_out_gives_one_vp() -> None:
    """ "A player gains 2 VP each time an enemy non-Mascot model suffers the taken out condition.
    A player gains 1 VP each time an enemy Mascot model suffers the taken out condition." """
    state = six(
        places={OSWIN: (20.0, 20.0), FLITTER: (20.0, 21.6)},
        hp={FLITTER: 1},
        influence={OSWIN: 3},
        active=OSWIN,
        mp=(0, 0),
        dice=(6, 6, 1, 1, 1, 1, 2, 2),
    )
    _, state = run(state, cm.Attack(seat=0, target=FLITTER))
    _, after = run(state, cm.ChooseResult(seat=0, column=1, row=0))  # 1 DMG
    assert after.unit(FLITTER).taken_out
    assert after.teams[0].vp == 1 and after.teams[0].mp == 1


def test_both_teams_reaching_twelve_at_once_play_on_until_one_has_more() -> None:
    """ "In the unlikely event of both players reaching 12 VP simultaneously, the game continues
    until one player has more VP than the other, at which point that player immediately wins
    the game." The End Phase's condition damage is one moment ("Resolve all damage from
    conditions on models")."""
    state = six("typical", hp={PIKE: 3, TAMSIN: 3}, conditions={PIKE: (BLEED,), TAMSIN: (BLEED,)})
    state = replace(state, teams=tuple(replace(t, vp=10) for t in state.teams))
    ctx = new_context(state)
    end_phase(ctx)
    after = ctx.state
    assert [t.vp for t in after.teams] == [12, 12]
    assert after.result is None and after.turn == state.turn + 1
    # One team alone: it wins at once.
    state = six("typical", hp={TAMSIN: 3}, conditions={TAMSIN: (BLEED,)})
    state = replace(state, teams=tuple(replace(t, vp=10) for t in state.teams))
    ctx = new_context(state)
    end_phase(ctx)
    assert ctx.state.result is not None and ctx.state.result.winner == 0
    # Level at 12, the next VP decides.
    level = six(
        "typical",
        {PIKE: (18.0, 25.0)},
        ball=PIKE,
        mp=(1, 0),
        influence={PIKE: 3},
        active=PIKE,
        dice=(6, 1, 1),
    )
    level = replace(level, teams=tuple(replace(t, vp=12) for t in level.teams))
    _, won = run(level, cm.Shoot(seat=0))
    assert won.teams[0].vp == 16 and won.result.winner == 0
