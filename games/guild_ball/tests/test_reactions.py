"""Reactions out of turn: the parting blow offered to the engaging enemy's player, and the
table's reaction window; one test per rule, quoting the book."""

import pytest
from msgspec.structs import replace

from engine.core.errors import RuleError
from games.guild_ball.game import GAME
from games.guild_ball.players import BuiltinPlayer, RandomPlayer
from games.guild_ball.rules import commands as cm
from games.guild_ball.rules import events as ev
from games.guild_ball.rules.evolve import evolve
from games.guild_ball.rules.pending import REACTION_WINDOW, REACTION_WINDOW_MAX, pending
from games.guild_ball.rules.setup import create
from games.guild_ball.rules.state import KD
from games.guild_ball.tests.rules_table import (
    APART,
    IVO,
    OSWIN,
    PIKE,
    TAMSIN,
    arrange,
    in_play,
    run,
)

# Oswin engaged by Tamsin (her 2" melee zone) jogs straight away from her, 5" down the pitch.
BRAWL = {OSWIN: (10.0, 10.0), TAMSIN: (10.0, 12.0)}
AWAY = cm.Jog(seat=0, path=((10.0, 5.0),))


def ready(places=None, active=OSWIN, **kw):
    where = dict(APART)
    where.update(places or {})
    kw.setdefault("ball", (23.0, 12.0))
    kw.setdefault("mp", (0, 0))
    return arrange(in_play(), where, active=active, **kw)


def test_leaving_an_engaging_melee_zone_asks_the_enemy_player() -> None:
    """ "When performing an advance, if an active model leaves the melee zone or LOS of an enemy
    model that's engaging it, that enemy model may immediately declare a parting blow": the
    advance stops where it leaves, and the enemy's player is asked."""
    events, waiting = run(ready(BRAWL, dice=(1,) * 7), AWAY)
    assert not any(isinstance(e, ev.Rolled) for e in events)
    oswin = waiting.unit(OSWIN)
    assert oswin.x == 10.0 and 5.0 < oswin.y < 10.0  # at the edge of Tamsin's zone
    (decision,) = pending(waiting)
    assert decision.seat == 1 and decision.kind == "parting_blow"
    assert decision.context["model"] == TAMSIN and decision.context["mover"] == OSWIN
    assert set(decision.options) == {
        cm.PartingBlow(seat=1),
        cm.PartingBlow(seat=1, strike=False),
    }


def test_a_melee_zone_entered_and_left_in_one_advance_asks_the_enemy_player() -> None:
    """ "When performing an advance, if an active model leaves the melee zone or LOS of an enemy
    model that's engaging it, that enemy model may immediately declare a parting blow." Oswin
    jogs past Tamsin: engaged by neither end of the jog, he is engaged halfway, in her 2" zone,
    and leaving it asks her player."""
    state = ready({OSWIN: (7.5, 10.0), TAMSIN: (10.0, 13.0)}, dice=(1,) * 7)
    _, waiting = run(state, cm.Jog(seat=0, path=((12.5, 10.0),)))
    oswin = waiting.unit(OSWIN)
    assert 10.0 < oswin.x < 12.5 and oswin.y == 10.0  # where he leaves Tamsin's zone
    (decision,) = pending(waiting)
    assert decision.kind == "parting_blow" and decision.context["model"] == TAMSIN
    _, after = run(waiting, cm.PartingBlow(seat=1, strike=False))
    assert (after.unit(OSWIN).x, after.unit(OSWIN).y) == (12.5, 10.0)


def test_a_declared_parting_blow_is_resolved_where_the_model_leaves() -> None:
    """ "A parting blow is an attack which doesn't cost influence and is triggered and resolved
    immediately at the point the active model leaves the melee zone or LOS of the enemy model."
    "A parting blow attack gains +2 TAC." """
    _, waiting = run(ready(BRAWL, dice=(1,) * 7), AWAY)
    left_at = waiting.unit(OSWIN).y
    events, after = run(waiting, cm.PartingBlow(seat=1))
    blow = next(e for e in events if isinstance(e, ev.Rolled))
    assert blow.what == "parting" and blow.model == TAMSIN and blow.pool == 5 + 2
    moves = [e for e in events if isinstance(e, ev.Moved)]
    assert events.index(blow) < events.index(moves[0])  # struck before the advance goes on
    assert waiting.unit(TAMSIN).influence == after.unit(TAMSIN).influence
    assert after.unit(OSWIN).y == 5.0 < left_at and after.advance is None


def test_a_declined_parting_blow_lets_the_model_go_on() -> None:
    """ "that enemy model may immediately declare a parting blow": it may also not. The
    advance goes on to its end, and the active model's player acts again."""
    _, waiting = run(ready(BRAWL, dice=(6,) * 7), AWAY)
    events, after = run(waiting, cm.PartingBlow(seat=1, strike=False))
    assert not any(isinstance(e, ev.Rolled) for e in events)
    assert (after.unit(OSWIN).x, after.unit(OSWIN).y) == (10.0, 5.0)
    assert after.advance is None and pending(after)[0].kind == "action"


def test_bonus_time_on_a_parting_blow() -> None:
    """ "When resolving a TN test, a model may spend 1 MP to add one die to the dice pool before
    rolling" ("2.2 Bonus Time: Player may use Bonus Time", any attack's step): a parting blow is
    an attack, so its player may buy the die, 1 MP, spent at the blow's 2.2."""
    _, waiting = run(ready(BRAWL, dice=(1,) * 8, mp=(0, 1)), AWAY)
    events, after = run(waiting, cm.PartingBlow(seat=1, bonus=True))
    blow = next(e for e in events if isinstance(e, ev.Rolled))
    assert blow.what == "parting" and blow.pool == 5 + 2 + 1
    spent = next(e for e in events if isinstance(e, ev.MomentumSet))
    assert (spent.mp, spent.why) == (0, "bonus time") and events.index(spent) < events.index(blow)
    assert after.teams[1].mp == 0


def test_bonus_time_on_a_parting_blow_needs_the_mp_and_the_blow() -> None:
    """ "a model may spend 1 MP to add one die": not without the MP, and not on a blow let go
    (no TN test). The default answer strikes without Bonus Time."""
    _, waiting = run(ready(BRAWL, dice=(1,) * 8), AWAY)
    with pytest.raises(RuleError) as refused:
        run(waiting, cm.PartingBlow(seat=1, bonus=True))
    assert refused.value.code == "no_momentum"
    with pytest.raises(RuleError) as refused:
        run(waiting, cm.PartingBlow(seat=1, strike=False, bonus=True))
    assert refused.value.code == "bonus_needs_blow"
    assert pending(waiting)[0].default == cm.PartingBlow(seat=1)


def test_the_striking_player_selects_the_parting_blows_results() -> None:
    """ "A parting blow is an attack" whose "Damage, knocked down, and tackle are the only valid
    results", and in an attack "the active model selects" its results: the blow's player (the
    enemy's) selects them, from those three; its default is the engine's pick. Tamsin's 3 net
    hits reach column 3: her player takes 2 DMG instead of the knock-down the engine would pick,
    and Oswin, still standing, goes on to the end of his jog."""
    _, waiting = run(ready(BRAWL, dice=(6, 6, 6, 6, 1, 1, 1)), AWAY)
    _, choosing = run(waiting, cm.PartingBlow(seat=1))
    (decision,) = pending(choosing)
    assert decision.kind == "playbook" and decision.seat == 1
    assert decision.default == cm.ChooseResult(seat=1, column=3, row=1)  # the engine's KD
    assert cm.ChooseResult(seat=1, column=2, row=1) not in decision.options  # a play: invalid
    with pytest.raises(RuleError):
        run(choosing, cm.ChooseResult(seat=0, column=3, row=0))  # not the mover's player
    hp = choosing.unit(OSWIN).hp
    _, after = run(choosing, cm.ChooseResult(seat=1, column=3, row=0))
    oswin = after.unit(OSWIN)
    assert oswin.hp == hp - 2 and KD not in oswin.conditions
    assert (oswin.x, oswin.y) == (10.0, 5.0) and after.advance is None


def test_an_unanswered_parting_blow_is_struck() -> None:
    """Our default (rules notes): the blow is free and can only help the side that strikes it,
    so a window nobody answers strikes it ("Damage, knocked down, and tackle are the only valid
    results for a parting blow": unanswered too, the engine's pick selects them)."""
    _, waiting = run(ready(BRAWL, dice=(6, 6, 6, 6, 1, 1, 1)), AWAY)
    events, choosing = run(waiting, GAME.defaults(waiting, (1,)))
    assert any(isinstance(e, ev.Rolled) and e.what == "parting" for e in events)
    assert pending(choosing)[0].kind == "playbook" and pending(choosing)[0].seat == 1
    _, after = run(choosing, GAME.defaults(choosing, (1,)))
    oswin = after.unit(OSWIN)
    # Knocked down, Oswin is not "able to" continue: "After a parting blow is resolved, the
    # active model may continue its advance if able to do so."
    assert KD in oswin.conditions and oswin.y > 5.0 and after.advance is None


def test_each_melee_zone_left_is_asked_in_turn() -> None:
    """ "A model may suffer multiple parting blows if leaving multiple melee zones and/or LOS":
    each enemy's player is asked where the model leaves that enemy, nearest first."""
    places = {OSWIN: (10.0, 10.0), TAMSIN: (10.0, 12.0), IVO: (11.6, 10.0)}
    _, first = run(ready(places, dice=(1,) * 14), cm.Jog(seat=0, path=((5.0, 10.0),)))
    assert first.advance.offered == IVO  # Ivo's zone ends first, to the left
    _, second = run(first, cm.PartingBlow(seat=1, strike=False))
    assert second.advance.offered == TAMSIN and second.unit(OSWIN).x < first.unit(OSWIN).x
    _, after = run(second, cm.PartingBlow(seat=1, strike=False))
    assert after.unit(OSWIN).x == 5.0 and after.advance is None


def test_nobody_acts_before_the_parting_blow_is_answered() -> None:
    """The parting blow "is triggered and resolved immediately": the active player waits for
    the answer, and only the enemy's player gives it."""
    _, waiting = run(ready(BRAWL), AWAY)
    with pytest.raises(RuleError) as refused:
        run(waiting, cm.EndActivation(seat=0))
    assert refused.value.code == "finish_first"
    with pytest.raises(RuleError) as refused:
        run(waiting, cm.PartingBlow(seat=0))
    assert refused.value.code == "not_your_parting_blow"
    with pytest.raises(RuleError) as refused:
        run(ready(BRAWL), cm.PartingBlow(seat=1))
    assert refused.value.code == "not_now"  # the game waits for the action first


def test_the_parting_blow_is_a_reaction_wait_with_the_tables_window() -> None:
    """The question is answered out of turn: a wait of the `reaction` kind whose window is the
    table's (2 minutes unless the host chose another)."""
    state = ready(BRAWL)
    _, waiting = run(state, AWAY)
    stage = GAME.stage(waiting)
    assert stage.kind == "reaction" and stage.window == REACTION_WINDOW == 2
    assert stage.key != GAME.stage(state).key
    assert GAME.stage(replace(waiting, reaction=90)).window == 90  # a slow table's choice


def test_a_reactions_results_are_chosen_in_the_reaction_window() -> None:
    """Issue 24: "reactions offered to the opponent ... with a short window and a documented
    default ... so a live game flows and an asynchronous one does not stall". A parting blow's
    results ("Damage, knocked down, and tackle are the only valid results for a parting blow")
    and a Counter-Attack's ("After the active model resolves its attack, the target model may
    then make an attack against the origin model") are selected by the player who is not
    active: the playbook wait is of the `reaction` kind with the table's window, its default
    the engine's pick; the active player's own playbook stays a turn wait."""
    _, waiting = run(ready(BRAWL, dice=(6, 6, 6, 6, 1, 1, 1)), AWAY)
    _, choosing = run(waiting, cm.PartingBlow(seat=1))
    (decision,) = pending(choosing)
    assert decision.kind == "playbook" and decision.context["attack"] == "parting"
    stage = GAME.stage(choosing)
    assert stage.kind == "reaction" and stage.window == REACTION_WINDOW
    assert GAME.stage(replace(choosing, reaction=90)).window == 90
    places = {PIKE: (10.0, 10.0), TAMSIN: (10.0, 11.8)}
    # Pike's four dice miss; Tamsin's Counter-Attack hits with her six.
    state = ready(places, active=PIKE, dice=(1,) * 4 + (6,) * 6, mp=(0, 1), influence={PIKE: 3})
    _, attacked = run(state, cm.Attack(seat=0, target=TAMSIN))
    _, countering = run(attacked, cm.React(seat=1, counter=True))
    (decision,) = pending(countering)
    assert decision.kind == "playbook" and decision.seat == 1
    assert decision.context["attack"] == "counter"
    assert decision.default in decision.options
    stage = GAME.stage(countering)
    assert stage.kind == "reaction" and stage.window == REACTION_WINDOW
    _, own = run(
        ready(places, active=PIKE, dice=(6,) * 10, influence={PIKE: 3}),
        cm.Attack(seat=0, target=TAMSIN),
    )
    assert pending(own)[0].kind == "playbook" and pending(own)[0].seat == 0
    assert GAME.stage(own).kind == "turn" and not GAME.stage(own).window


def test_the_host_chooses_the_reaction_window() -> None:
    """The `reaction` option (minutes) is recorded when it is not the default, so a game
    created without it has the events it always had."""
    plain = create(2, 7, {})
    assert not any(isinstance(e, ev.ReactionWindow) for e in plain)
    assert create(2, 7, {"reaction": REACTION_WINDOW}) == plain
    slow = create(2, 7, {"reaction": 240})
    assert slow[-1] == ev.ReactionWindow(minutes=240) and slow[:-1] == plain
    state = None
    for e in slow:
        state = evolve(state, e)
    assert state.reaction == 240
    for bad in (0, REACTION_WINDOW_MAX + 1):
        with pytest.raises(RuleError) as refused:
            create(2, 7, {"reaction": bad})
        assert refused.value.code == "reaction"


def test_the_answer_replays_to_the_same_state() -> None:
    """Events record everything: folding the pause and the answer gives the state decided."""
    state = ready(BRAWL, dice=(6, 6, 6, 6, 1, 1, 1))
    paused, waiting = run(state, AWAY)
    answered, after = run(waiting, cm.PartingBlow(seat=1))
    folded = state
    for e in (*paused, *answered):
        folded = evolve(folded, e)
    assert folded == after


def test_the_players_answer_the_parting_blow_through_its_decision() -> None:
    """The built-in player strikes (the blow is free and only helps its side); the random
    player gives one of the decision's answers; both are legal."""
    _, waiting = run(ready(BRAWL, dice=(1,) * 7), AWAY)
    (decision,) = pending(waiting)
    builtin = BuiltinPlayer(3).move(waiting, (1,))
    assert builtin == cm.PartingBlow(seat=1, strike=True)
    for seed in range(6):
        answer = RandomPlayer(seed).move(waiting, (1,))
        assert answer in decision.options
        run(waiting, answer)
    assert BuiltinPlayer(3).move(waiting, (0,)) is None  # the mover's player waits
