"""The Pre-Game Sequence of the Introductory game, one test per rule, quoting the book."""

import pytest
from msgspec.structs import replace

from engine.core.errors import RuleError
from engine.core.game import PUBLIC, Seat
from engine.core.rng import Rng
from games.guild_ball.game import GAME
from games.guild_ball.rules import commands as cm
from games.guild_ball.rules import events as ev
from games.guild_ball.rules.context import kick_dice
from games.guild_ball.rules.pregame import GIVE
from games.guild_ball.rules.state import CHOOSE, DEPLOY, KICK_OFF, MAINTENANCE
from games.guild_ball.tests.rules_table import (
    BELL,
    LINK,
    defaults_until,
    kinds,
    new_game,
    prepared,
    run,
)


def test_seven_game_plans_are_dealt_face_down() -> None:
    """ "Deal seven game plans to each player, face down." """
    state = new_game()
    assert [len(t.hand) for t in state.teams] == [7, 7]
    assert not set(state.teams[0].hand) & set(state.teams[1].hand)
    other = GAME.view(state, Seat(1))
    assert other.hand == state.teams[1].hand
    assert "hand" not in type(GAME.view(state, PUBLIC)).__struct_fields__


def test_two_plans_are_discarded_face_down_and_five_kept() -> None:
    """ "Each player discards two game plans face down and retains five cards." """
    state = prepared()
    for t in state.teams:
        assert len(t.hand) == 5 and len(t.discarded) == 2
    events, _ = run(
        new_game(),
        cm.Prepare(
            seat=0, guild="bellfounders", squaddies=BELL[1], discard=new_game().teams[0].hand[:2]
        ),
    )
    prepared_event = next(e for e in events if isinstance(e, ev.Prepared))
    assert GAME.event_view(prepared_event, Seat(1)).pick == ()
    assert GAME.event_view(prepared_event, PUBLIC).pick == ()


def test_an_introductory_team_is_a_captain_and_two_squaddies() -> None:
    """ "Introductory Game ... 1 Captain 2 Squaddie"; "Pick a model with the Mascot type ...
    Skip this step if playing an Introductory Game." """
    state = new_game()
    hand = state.teams[0].hand
    with pytest.raises(RuleError) as refused:
        run(
            state,
            cm.Prepare(
                seat=0,
                guild="bellfounders",
                squaddies=("clapper", "maud-clangwright"),
                discard=hand[:2],
            ),
        )
    assert refused.value.code == "team"
    done = prepared()
    assert [len([u for u in done.units if u.seat == s]) for s in (0, 1)] == [3, 3]
    assert done.units[0].slug == "oswin-tollbright"


def test_the_starting_roll_is_rerolled_on_a_tie() -> None:
    """ "Players each make a starting roll of 1D6. Reroll any tied results. The player with the
    higher roll chooses which player will be the kicking player" """
    state = new_game()
    state = replace(state, rng=Rng(state.rng.state, (4, 4, 2, 5)))
    for seat, (guild, squaddies) in enumerate((BELL, LINK)):
        events, state = run(
            state,
            cm.Prepare(
                seat=seat, guild=guild, squaddies=squaddies, discard=state.teams[seat].hand[:2]
            ),
        )
    rolled = next(e for e in events if isinstance(e, ev.StartingRolled))
    assert rolled.rolls == ((4, 4), (2, 5)) and rolled.winner == 1
    assert state.phase == CHOOSE and state.chooser == 1
    with pytest.raises(RuleError):
        run(state, cm.ChooseKicking(seat=0, kick=True))


def test_the_winner_chooses_kicking_or_receiving_and_the_kicker_deploys_first() -> None:
    """ "The kicking player completely deploys their team." first; "The receiving player takes
    the opposite table edge" """
    state = prepared()
    _, state = run(state, cm.ChooseKicking(seat=state.chooser, kick=False))
    kicking = 1 - state.chooser
    assert state.kicking == kicking and state.phase == DEPLOY and state.active_seat == kicking
    assert state.teams[kicking].side == 0 and state.teams[1 - kicking].side == 1


def test_deployment_is_completely_within_ten_inches_of_the_own_edge() -> None:
    """ "The kicking player deploys their entire team completely within 10" of their chosen
    table edge. They declare one model as the kicker, and the kicker is given possession of the
    ball." """
    state = prepared()
    _, state = run(state, cm.ChooseKicking(seat=state.chooser, kick=True))
    seat = state.kicking
    own = [u.id for u in state.units if u.seat == seat]
    too_far = tuple((m, 4.0 + 6 * i, 9.5) for i, m in enumerate(own))  # a 40 mm base reaches 10.3
    with pytest.raises(RuleError) as refused:
        run(state, cm.Deploy(seat=seat, places=too_far, kicker=own[0]))
    assert refused.value.code == "deploy_zone"
    overlapping = tuple((m, 10.0 + 0.5 * i, 5.0) for i, m in enumerate(own))
    with pytest.raises(RuleError):
        run(state, cm.Deploy(seat=seat, places=overlapping, kicker=own[0]))
    good = tuple((m, 4.0 + 6 * i, 8.5) for i, m in enumerate(own))
    _, after = run(state, cm.Deploy(seat=seat, places=good, kicker=own[1]))
    assert after.ball_holder == own[1]
    assert after.active_seat == 1 - seat


def test_the_kicker_jogs_then_kicks_within_its_range() -> None:
    """ "After both players have deployed their teams, the kicker may make a jog followed by a
    pass." "If making a pass to a target spot, the active model positions the ball anywhere
    within its kick range." """
    state = prepared()
    _, state = run(state, cm.ChooseKicking(seat=state.chooser, kick=True))
    state = defaults_until(state, KICK_OFF)
    kicker = state.unit(state.kicker)
    with pytest.raises(RuleError) as refused:
        run(state, cm.KickOff(seat=state.kicking, path=(), target=(kicker.x, kicker.y + 12)))
    assert refused.value.code == "kick_off_target"
    with pytest.raises(RuleError):
        run(
            state, cm.KickOff(seat=state.kicking, path=((kicker.x, kicker.y + 9),), target=(12, 12))
        )
    events, _ = run(
        state,
        cm.KickOff(
            seat=state.kicking, path=((kicker.x, kicker.y + 3),), target=(kicker.x + 2.0, 17.0)
        ),
    )
    assert kinds(events)[:2] == ["Moved", "PhaseBegan"]
    assert any(isinstance(e, ev.Scattered) and e.kind == "kick" for e in events)


def test_the_kick_off_ball_may_not_snap_to_the_kicker() -> None:
    """ "After the kick off scatter is resolved, the ball may not snap to the kicker." """
    state = prepared()
    _, state = run(state, cm.ChooseKicking(seat=state.chooser, kick=True))
    state = defaults_until(state, KICK_OFF)
    kicker = state.unit(state.kicker)
    # the kick misses (1, 1); its scatter: direction 4 (-10° off the kick's line), 1"
    state = replace(state, rng=Rng(state.rng.state, (1, 1, 4, 1)))
    _, after = run(
        state, cm.KickOff(seat=state.kicking, path=(), target=(kicker.x, kicker.y + 2.2))
    )
    assert after.ball_holder != kicker.id


def test_a_short_kick_off_lets_the_receiver_give_the_ball() -> None:
    """ "if the ball leaves the pitch or finishes within the kicking player's half of the pitch,
    then the receiving player may give possession of the ball to any model on their team." """
    state = prepared()
    _, state = run(state, cm.ChooseKicking(seat=state.chooser, kick=True))
    state = defaults_until(state, KICK_OFF)
    kicker = state.unit(state.kicker)
    # Every kick die a 1 (a miss), then the scatter: direction 6, 1".
    misses = (1,) * kick_dice(state, kicker)
    state = replace(state, rng=Rng(state.rng.state, (*misses, 6, 1)))
    _, after = run(
        state, cm.KickOff(seat=state.kicking, path=(), target=(kicker.x - 3, kicker.y + 1.0))
    )
    assert after.phase == GIVE and after.active_seat == 1 - after.kicking
    receiver = next(u for u in after.units if u.seat != after.kicking)
    _, given = run(after, cm.GiveBallTo(seat=1 - after.kicking, model=receiver.id))
    assert given.ball_holder == receiver.id


def test_the_receiver_has_the_first_initiative_and_the_kicking_team_gains_one_mp() -> None:
    """ "The receiving player automatically has the initiative for the first turn. The kicking
    player's team gains 1 MP, and then the game begins." "The game continues from the
    Maintenance Phase" """
    state = prepared()
    _, state = run(state, cm.ChooseKicking(seat=state.chooser, kick=True))
    state = defaults_until(state, MAINTENANCE)
    assert state.turn == 1 and state.initiative == 1 - state.kicking
    assert state.teams[state.kicking].mp == 1 and state.teams[1 - state.kicking].mp == 0


def test_the_kick_off_is_rolled_and_a_success_may_reroll_its_scatter() -> None:
    """The kick off is "a pass" to a target spot: "A kick is resolved as a 4+ TN test" and on a
    success "The player may choose to reroll the entire kick scatter once"."""
    state = prepared()
    _, state = run(state, cm.ChooseKicking(seat=state.chooser, kick=True))
    state = defaults_until(state, KICK_OFF)
    kicker = state.unit(state.kicker)
    state = replace(state, rng=Rng(state.rng.state, (5, 2, 3, 4)))
    events, after = run(state, cm.KickOff(seat=state.kicking, path=(), target=(kicker.x, 14.0)))
    roll = next(e for e in events if isinstance(e, ev.Rolled))
    assert roll.what == "kick off" and roll.hits == 1
    assert after.intercept is not None and after.intercept.may_reroll
