"""The Normal Turn Sequence: initiative, maintenance and influence, activations, the End Phase;
one test per rule, quoting the book."""

import pytest
from msgspec.structs import replace

from engine.core.errors import RuleError
from engine.core.game import PUBLIC, Seat
from games.guild_ball.game import GAME
from games.guild_ball.rules import commands as cm
from games.guild_ball.rules import events as ev
from games.guild_ball.rules.context import new_context, pack
from games.guild_ball.rules.evolve import evolve
from games.guild_ball.rules.pending import REACTION_WINDOW
from games.guild_ball.rules.state import ACTIVATION, BLEED, INITIATIVE, MAINTENANCE, PLANS
from games.guild_ball.rules.turns import end_phase, pool
from games.guild_ball.rules.views import event_view
from games.guild_ball.tests.rules_table import arrange, in_play, run


def _to_plans(state):
    """Play out the turn by defaults until the next Initiative Phase."""
    for _ in range(60):
        if state.phase == PLANS:
            return state
        _, state = run(state, cm.ApplyDefaults(seat=-1))
    raise AssertionError("no Initiative Phase")


def test_initiative_is_the_plan_value_plus_unspent_mp() -> None:
    """ "compare the initiative values of those cards. Each player additionally adds +1 to their
    initiative value for each of their unspent MP from the previous turn." """
    state = _to_plans(in_play())
    plans = pack().plans
    a, b = state.teams[0].hand[0], state.teams[1].hand[0]
    state = arrange(state, mp=(3, 0))
    _, state = run(state, cm.ChoosePlan(seat=0, plan=a))
    events, _ = run(state, cm.ChoosePlan(seat=1, plan=b))
    revealed = next(e for e in events if isinstance(e, ev.PlansRevealed))
    assert revealed.totals == (plans[a].initiative + 3, plans[b].initiative)


def test_a_tied_initiative_is_rolled_off() -> None:
    """ "In the event of a tie, both players roll 1D6. The player who rolls higher decides ...
    In the event of a tie, reroll until one player rolls higher." """
    state = _to_plans(in_play())
    plans = pack().plans
    a, b = state.teams[0].hand[0], state.teams[1].hand[0]
    ia, ib = plans[a].initiative, plans[b].initiative
    state = arrange(state, mp=(max(ib - ia, 0), max(ia - ib, 0)), dice=(3, 3, 1, 6))
    _, state = run(state, cm.ChoosePlan(seat=0, plan=a))
    events, after = run(state, cm.ChoosePlan(seat=1, plan=b))
    revealed = next(e for e in events if isinstance(e, ev.PlansRevealed))
    assert revealed.rolls == ((3, 3), (1, 6)) and revealed.winner == 1
    assert after.phase == INITIATIVE and after.active_seat == 1


def test_plans_are_secret_until_both_are_chosen() -> None:
    """ "Both players look at their chosen game plans and secretly select one to play. Players
    reveal their chosen cards simultaneously" """
    state = _to_plans(in_play())
    events, state = run(state, cm.ChoosePlan(seat=0, plan=state.teams[0].hand[0]))
    chosen = next(e for e in events if isinstance(e, ev.PlansChosen))
    assert GAME.event_view(chosen, Seat(1)).plan == "" and GAME.event_view(chosen, Seat(0)).plan
    assert GAME.view(state, PUBLIC).teams[0].chosen and GAME.view(state, PUBLIC).teams[0].plan == ""


def test_the_higher_total_decides_who_has_the_initiative() -> None:
    """ "The player with the highest net initiative decides which team has the initiative." """
    state = _to_plans(in_play())
    state = arrange(state, mp=(9, 0))
    _, state = run(state, cm.ChoosePlan(seat=0, plan=state.teams[0].hand[0]))
    _, state = run(state, cm.ChoosePlan(seat=1, plan=state.teams[1].hand[0]))
    assert state.phase == INITIATIVE and state.active_seat == 0
    with pytest.raises(RuleError):
        run(state, cm.ChooseInitiative(seat=1))
    _, given = run(state, cm.ChooseInitiative(seat=0, take=False))
    assert given.initiative == 1 and given.phase == MAINTENANCE


def test_mp_resets_and_the_player_without_initiative_gains_one() -> None:
    """ "MP is then reset to 0 for each player. After this, the player who doesn't have
    initiative gains 1 MP." """
    state = _to_plans(in_play())
    state = arrange(state, mp=(4, 2))
    _, state = run(state, cm.ChoosePlan(seat=0, plan=state.teams[0].hand[0]))
    _, state = run(state, cm.ChoosePlan(seat=1, plan=state.teams[1].hand[0]))
    _, after = run(state, cm.ChooseInitiative(seat=0))
    assert after.phase == MAINTENANCE and after.initiative == 0
    assert [t.mp for t in after.teams] == [0, 1]


def test_seize_the_moment_gains_its_mp_after_the_reset() -> None:
    """ "Then, starting with the player whose team has initiative this turn, resolve any effects
    of the chosen game plans. MP is then reset to 0 for each player. After this, the player who
    doesn't have initiative gains 1 MP." Seize the Moment: "Your team gains 1 MP." Gained before
    the reset it would be wiped at once; the engine gains it after (rules notes)."""
    state = _to_plans(in_play())
    teams = list(state.teams)
    teams[0] = replace(teams[0], hand=("seize-the-moment", *teams[0].hand[1:]))
    teams[1] = replace(teams[1], hand=("seize-the-moment", *teams[1].hand[1:]))
    state = arrange(state, mp=(4, 2), teams=tuple(teams))
    _, state = run(state, cm.ChoosePlan(seat=0, plan="seize-the-moment"))
    _, state = run(state, cm.ChoosePlan(seat=1, plan="seize-the-moment"))
    events, after = run(state, cm.ChooseInitiative(seat=0))
    assert after.initiative == 0 and [t.mp for t in after.teams] == [0 + 1, 1 + 1]
    whys = [e.why for e in events if isinstance(e, ev.MomentumSet)]
    assert whys == ["new turn", "new turn", "seize-the-moment", "seize-the-moment"]


def test_the_influence_pool_is_base_inf_plus_goals_plus_the_plan() -> None:
    """ "an influence pool is generated ... using the combined total of base INF from each of the
    team's models ... Each team may add 1 influence to the influence pool for each goal they
    have scored ... Apply any influence modifier listed on that player's chosen game plan" """
    state = in_play()
    base = sum(pack().models[u.slug].stats.inf_base for u in state.units if u.seat == 0)
    assert pool(state, 0) == base
    plan = next(p for p in pack().plans.values() if p.influence == -1)
    teams = list(state.teams)
    teams[0] = replace(teams[0], goals=2, plan=plan.slug)
    assert pool(replace(state, teams=tuple(teams)), 0) == base + 2 - 1


def test_influence_is_allocated_up_to_max_inf_and_secretly() -> None:
    """ "A player may allocate influence to a model up to that model's max INF." """
    state = _to_plans(in_play())
    _, state = run(state, cm.ChoosePlan(seat=0, plan=state.teams[0].hand[0]))
    _, state = run(state, cm.ChoosePlan(seat=1, plan=state.teams[1].hand[0]))
    _, state = run(state, cm.ChooseInitiative(seat=state.active_seat))
    captain = state.units[0]
    over = pack().models[captain.slug].stats.inf_max + 1
    with pytest.raises(RuleError) as refused:
        run(state, cm.Allocate(seat=0, influence=((captain.id, over),)))
    assert refused.value.code == "over_max_inf"
    events, state = run(state, cm.Allocate(seat=0, influence=((captain.id, 2),)))
    allocated = next(e for e in events if isinstance(e, ev.Allocated))
    assert GAME.event_view(allocated, Seat(1)).allocation == ()
    assert state.units[0].influence == 0  # not given until both have allocated
    _, state = run(state, cm.Allocate(seat=1, influence=()))
    assert state.unit(captain.id).influence == 2 and state.phase == ACTIVATION


def test_activations_alternate_starting_with_the_initiative() -> None:
    """ "Starting with the player who has the initiative, alternate selecting a friendly model
    currently on the pitch to take its activation." "Each model must take an activation once
    per turn." """
    state = in_play()
    first = state.initiative
    assert state.active_seat == first
    own = [u for u in state.units if u.seat == first]
    _, state = run(state, cm.Activate(seat=first, model=own[0].id))
    with pytest.raises(RuleError):
        run(state, cm.Activate(seat=first, model=own[1].id))
    _, state = run(state, cm.EndActivation(seat=first))
    assert state.active_seat == 1 - first
    with pytest.raises(RuleError) as refused:
        run(state, cm.Activate(seat=first, model=own[1].id))
    assert refused.value.code == "not_your_turn"
    other = [u for u in state.units if u.seat == 1 - first]
    _, state = run(state, cm.Activate(seat=1 - first, model=other[0].id))
    _, state = run(state, cm.EndActivation(seat=1 - first))
    with pytest.raises(RuleError) as again:
        run(state, cm.Activate(seat=first, model=own[0].id))
    assert again.value.code == "cannot_activate"


def test_a_player_with_no_model_left_to_activate_is_passed_over() -> None:
    """Alternate activations, "Once all models on both teams have completed all possible
    activations, the current turn ends": a player with none left has no turn to take."""
    state = in_play()
    first = state.initiative
    off = tuple(u.id for u in state.units if u.seat == first)[1:]
    state = arrange(state, off=off)
    only = next(u for u in state.units if u.seat == first and u.on_pitch)
    _, state = run(state, cm.Activate(seat=first, model=only.id))
    _, state = run(state, cm.EndActivation(seat=first))
    other = [u for u in state.units if u.seat == 1 - first]
    for u in other:
        assert state.active_seat == 1 - first
        _, state = run(state, cm.Activate(seat=1 - first, model=u.id))
        _, state = run(state, cm.EndActivation(seat=1 - first))
    assert state.phase == PLANS and state.turn == 2


def test_the_end_phase_discards_influence_and_effects_but_not_conditions() -> None:
    """ "Players then remove all current ongoing effects and sustain effects, but not
    conditions. Resolve all damage from conditions on models and discard all influence" """
    state = in_play()
    m = state.units[0]
    state = arrange(state, influence={m.id: 2}, conditions={m.id: ("snared",)})
    ctx = new_context(state)
    end_phase(ctx)
    after = ctx.state
    assert after.unit(m.id).influence == 0 and after.unit(m.id).conditions == ("snared",)


def test_bleed_deals_three_and_is_removed() -> None:
    """ "BLEED [3] Remove the bleed condition after it inflicts damage in the End Phase." """
    state = in_play()
    m = state.units[1]
    state = arrange(state, conditions={m.id: (BLEED, "burning", "poison")})
    ctx = new_context(state)
    end_phase(ctx)
    after = ctx.state.unit(m.id)
    assert after.hp == m.hp - 3 - 1 - 2 and after.conditions == ("burning", "poison")


def test_played_plans_are_discarded_and_picked_up_when_the_hand_is_empty() -> None:
    """ "Both current game plans are removed from the pitch and discarded. If a player no longer
    has any game plan cards in their hand, they pick up all their discarded game plans to form
    a new hand." """
    state = in_play()
    teams = list(state.teams)
    teams[0] = replace(teams[0], hand=(), used=("dig-in",), plan="no-quarter", discarded=())
    teams[1] = replace(teams[1], plan="quick-feet")
    ctx = new_context(replace(state, teams=tuple(teams)))
    end_phase(ctx)
    t0, t1 = ctx.state.teams
    assert sorted(t0.hand) == ["dig-in", "no-quarter"] and t0.used == ()
    assert "quick-feet" in t1.used and "quick-feet" not in t1.hand


def test_the_new_hand_takes_the_plans_discarded_face_down_at_the_start_too() -> None:
    """ "After review, each player must discard two cards, leaving them with five game plans in
    hand. Discarded game plan cards aren't revealed." "If a player no longer has any game plan
    cards in their hand, they pick up all their discarded game plans to form a new hand": all of
    them, the two discarded face down before the game with the five played, seven cards. The
    other player is told how many, not which."""
    state = in_play()
    t0 = state.teams[0]
    assert len(t0.discarded) == 2 and len(t0.hand) == 5
    played = t0.hand
    teams = list(state.teams)
    teams[0] = replace(t0, hand=(), used=played[:4], plan=played[4])
    ctx = new_context(replace(state, teams=tuple(teams)))
    end_phase(ctx)
    after = ctx.state.teams[0]
    assert sorted(after.hand) == sorted((*played, *t0.discarded)) and len(after.hand) == 7
    assert after.discarded == () and after.used == ()
    assert ctx.state.teams[1].discarded == state.teams[1].discarded
    refreshed = next(e for e in ctx.events if isinstance(e, ev.PlansRefreshed))
    assert evolve(state, refreshed).teams[0].discarded == ()
    seen = event_view(refreshed, Seat(1))
    assert seen.hands[0] == ("",) * 7 and seen.discarded[1] == state.teams[1].discarded
    assert event_view(refreshed, Seat(0)).discarded[1] == ("", "")


def test_an_answer_out_of_turn_is_a_short_reaction_wait() -> None:
    """ "After an attack or charge is declared, the target model may respond": the target's
    player answers out of turn, in a wait of its own with a short window and "no" by default."""
    state = in_play()
    attacker = next(u for u in state.units if u.seat == 0)
    target = next(u for u in state.units if u.seat == 1)
    state = arrange(
        state,
        {attacker.id: (10.0, 10.0), target.id: (10.0, 11.5)},
        active=attacker.id,
        influence={attacker.id: 2},
        mp=(0, 1),
        ball=(23.0, 2.0),
    )
    before = GAME.stage(state)
    _, waiting = run(state, cm.Attack(seat=0, target=target.id))
    stage = GAME.stage(waiting)
    assert stage.kind == "reaction" and stage.window == REACTION_WINDOW == 2
    assert stage.key != before.key
    decision = GAME.pending(waiting)[0]
    assert decision.seat == 1 and decision.default == cm.React(seat=1)


def test_an_absent_players_model_activates_and_ends_at_once() -> None:
    """ "Each model must take an activation once per turn." "A model may choose to end its
    activation at any time." An absent player's default takes both steps in one."""
    state = in_play()
    seat = state.active_seat
    decision = GAME.pending(state)[0]
    assert isinstance(decision.default, cm.SkipActivation)
    _, after = run(state, GAME.defaults(state, [seat]))
    model = after.unit(decision.default.model)
    assert model.activated and after.activation is None and after.active_seat == 1 - seat
