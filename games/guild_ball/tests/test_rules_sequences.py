"""The Comprehensive Timing Sequences (and the kicking and AOE sequences of their chapters): one
test per sequence, quoting its steps and checking that the rules pass them in the book's order,
with each effect at its step. `sequences.walk` decides a command keeping the steps it reaches; a
line of the timeline is a step ("attack 2.2"), a trigger resolving at its step ("attack 2.5.1
attack_hit") or an event (its type, and why for momentum)."""

from msgspec.structs import replace

from games.guild_ball.content.schema import TRIGGERS
from games.guild_ball.rules import commands as cm
from games.guild_ball.rules import events as ev
from games.guild_ball.rules.evolve import evolve
from games.guild_ball.rules.sequences import (
    ACTIVATION,
    AOE_PLAY,
    ATTACK,
    CHARACTER_PLAY,
    CHARGE,
    JOG_OR_SPRINT,
    KICK,
    SEQUENCES,
    TAKING_OUT,
    TRIGGERED_AT,
    Mark,
    steps_of,
    walk,
)
from games.guild_ball.rules.state import ACTIVATION as ACTIVATION_PHASE
from games.guild_ball.tests.rules_table import arrange, in_play

OSWIN, MAUD, PIKE = "0-oswin-tollbright", "0-maud-clangwright", "0-brannock-pike"
SEFA, IVO, TAMSIN = "1-sefa-lanternhold", "1-ivo-brightwick", "1-tamsin-cole"
R40 = 0.787402  # a 40 mm base's radius, inches
FAR = {SEFA: (3.0, 21.0), IVO: (21.0, 21.0), PIKE: (21.0, 3.0), MAUD: (3.0, 3.0)}


def line(entry: Mark | ev.Event) -> str:
    if isinstance(entry, Mark):
        return f"{entry.step} {entry.trigger}".strip()
    if isinstance(entry, ev.MomentumSet):
        return f"MomentumSet {entry.why}"
    if isinstance(entry, ev.Rolled):
        return f"Rolled {entry.what}"
    return type(entry).__name__


def timeline(state, *commands) -> tuple[list[str], object]:
    """The lines of every command's timeline, one after the other, and the state after them."""
    lines: list[str] = []
    for command in commands:
        entries, state = walk(state, command)
        lines += [line(e) for e in entries]
    return lines, state


def in_order(lines: list[str], *wanted: str) -> None:
    """`wanted` appear in `lines` in this order (each the first match after the previous)."""
    at = -1
    for w in wanted:
        found = next((i for i in range(at + 1, len(lines)) if lines[i].startswith(w)), None)
        assert found is not None, f"{w!r} not after {lines[at] if at >= 0 else 'the start'}"
        at = found


def steps_of_lines(lines: list[str], slug: str) -> list[str]:
    """The step numbers of the sequence `slug` in `lines` (its triggers' lines too)."""
    return [ln.split()[1] for ln in lines if ln.startswith(slug + " ") and ln.count(" ") >= 2]


def test_the_sequences_are_the_books_steps_in_its_order() -> None:
    """ "The timing sequences are a series of steps that allow a player to pinpoint exactly when
    an ability or effect triggers during the game." The Sequence of an Attack: "1. DECLARE",
    "1.1 RESPONSE", "2. ATTACK PROCESS", "2.1 GENERATE DICE POOL", "2.2 BONUS TIME", "2.3 ROLL
    DICE", "2.3.1 NET HITS", "2.4 CALCULATE DAMAGE MODIFIERS", "2.5 SELECT AND APPLY PLAYBOOK
    RESULTS", "2.5.1 APPLY ANY ADDITIONAL EFFECTS OF THE ATTACK", "3. CHECK FOR TAKEN OUT", "4.
    AFTER THE ATTACK IS RESOLVED"."""
    assert [(s.number, s.name) for s in ATTACK.steps] == [
        ("1", "DECLARE"),
        ("1.1", "RESPONSE"),
        ("2", "ATTACK PROCESS"),
        ("2.1", "GENERATE DICE POOL"),
        ("2.2", "BONUS TIME"),
        ("2.3", "ROLL DICE"),
        ("2.3.1", "NET HITS"),
        ("2.4", "CALCULATE DAMAGE MODIFIERS"),
        ("2.5", "SELECT AND APPLY PLAYBOOK RESULTS"),
        ("2.5.1", "APPLY ANY ADDITIONAL EFFECTS OF THE ATTACK"),
        ("3", "CHECK FOR TAKEN OUT"),
        ("4", "AFTER THE ATTACK IS RESOLVED"),
    ]
    assert [s.name for s in TAKING_OUT.steps] == [
        "A MODEL HAS BEEN REDUCED TO 0 HP",
        "SUFFER THE TAKEN OUT CONDITION",
        "REMOVE MODEL FROM THE PITCH",
        "GENERATE MOMENTUM AND VP",
    ]
    assert [s.number for s in CHARGE.steps] == ["1", "1.1", "2", "2.1", "3", "4"]
    assert CHARGE["4"].meaning == "Refer to step 2, 'Attack process', of 'Sequence of an Attack'."
    assert len({s.slug for s in SEQUENCES}) == len(SEQUENCES) == 8


def test_every_trigger_of_our_content_resolves_at_a_named_step() -> None:
    """ "Noxious Death identifies the step 'suffer the taken out condition', indicating that
    Noxious Death triggers at step 2 in the 'Sequence of Taking a Model Out'." Every trigger a
    card or plan may name has its step, but gaining the ball, which happens at many."""
    assert set(TRIGGERED_AT) == set(TRIGGERS) - {"gains_ball"}
    assert TRIGGERED_AT["taken_out"] is TAKING_OUT["2"]
    assert TRIGGERED_AT["start_of_activation"] is ACTIVATION["1.1"]
    assert TRIGGERED_AT["attack_hit"] is TRIGGERED_AT["charge_hit"] is ATTACK["2.5.1"]


def test_a_sprint_declares_then_advances_then_ends() -> None:
    """Sequence of a Jog or Sprint: "1. DECLARE A player states intention to jog or sprint and
    calculates bonuses, penalties, and restrictions", "2. DURING ADVANCE Effects, abilities,
    bonuses, and penalties that trigger while advancing", "3. END ADVANCE". The sprint's cost is
    paid at its declaration; the free ball snaps to the model during the advance."""
    where = FAR | {OSWIN: (10.0, 4.0)}
    state = arrange(in_play(), where, ball=(10.0, 9.0), active=OSWIN, influence={OSWIN: 2})
    lines, after = timeline(state, cm.Sprint(seat=0, path=((10.0, 11.0),)))
    assert steps_of_lines(lines, "jog_or_sprint") == ["1", "2", "3"]
    in_order(lines, "jog_or_sprint 1", "InfluenceSet", "jog_or_sprint 2", "Moved", "BallHeld")
    in_order(lines, "BallHeld", "Moved", "jog_or_sprint 3")
    assert after.ball_holder == OSWIN


def test_an_activation_starts_resolves_acts_and_ends() -> None:
    """Sequence of an Activation: "1. START OF ACTIVATION Check for any effects that trigger at
    the start of the model's activation", "1.1 RESOLUTION Resolve any effects that triggered",
    "2. DURING ACTIVATION A model may make actions", "3. END OF ACTIVATION". Second Breath ("each
    damaged friendly model recovers 1 HP when its activation starts") heals Oswin at 1.1, before
    his actions; ending the activation passes step 3 before the next player's turn."""
    state = arrange(in_play(), FAR | {OSWIN: (10.0, 4.0)}, hp={OSWIN: 10})
    teams = (replace(state.teams[0], plan="second-breath"), state.teams[1])
    state = replace(state, teams=teams, phase=ACTIVATION_PHASE, active_seat=0, activation=None)
    lines, state = timeline(state, cm.Activate(seat=0, model=OSWIN))
    in_order(
        lines,
        "Activated",
        "activation 1 START OF ACTIVATION",
        "activation 1.1 RESOLUTION start_of_activation",
        "UnitChanged",
        "activation 2 DURING ACTIVATION",
    )
    assert state.unit(OSWIN).hp == 11
    lines, _ = timeline(state, cm.EndActivation(seat=0))
    in_order(lines, "activation 3 END OF ACTIVATION end_of_activation", "Activated", "PhaseBegan")


def test_an_attack_answered_by_a_counter_attack_with_bonus_time() -> None:
    """Sequence of an Attack: "1. DECLARE", "1.1 RESPONSE Opponent's opportunity to declare
    reactions", "2.1 GENERATE DICE POOL", "2.2 BONUS TIME Player may use Bonus Time", "2.3 ROLL
    DICE", "2.3.1 NET HITS", "2.4", "2.5 SELECT AND APPLY PLAYBOOK RESULTS", "2.5.1 APPLY ANY
    ADDITIONAL EFFECTS OF THE ATTACK", "3. CHECK FOR TAKEN OUT", "4. AFTER THE ATTACK IS
    RESOLVED". "After an attack or charge is declared, the target model may respond by spending
    1 MP to declare a Counter-Attack. After the active model resolves its attack, the target
    model may then make an attack". The Counter-Attack is declared at 1.1, before the attack's
    dice; at 2.2 the attack waits for its player's Bonus Time (the response is news to them),
    whose MP is spent then; the Counter-Attack is made at step 4."""
    where = FAR | {OSWIN: (10.0, 12.0), TAMSIN: (10.0, 12.0 + 2 * R40 + 0.5)}
    state = arrange(
        in_play(), where, active=OSWIN, influence={OSWIN: 3}, mp=(1, 1), dice=(6,) * 7 + (1,) * 8
    )
    lines, state = timeline(
        state,
        cm.Attack(seat=0, target=TAMSIN, bonus=True),
        cm.React(seat=1, counter=True),
        cm.BonusTime(seat=0, buy=True),
        cm.ChooseResult(seat=0, column=1, row=0),
    )
    in_order(
        lines,
        "attack 1 DECLARE",
        "InfluenceSet",
        "attack 1.1 RESPONSE",
        "AttackStep",  # the wait for Tamsin's player
        "MomentumSet counter-attack",
        "attack 2 ATTACK PROCESS",
        "attack 2.1",
        "attack 2.2 BONUS TIME",
        "AttackStep",  # Bonus Time bought at the wait for Oswin's player
        "MomentumSet bonus time",
        "attack 2.3 ROLL DICE",
        "attack 2.3.1 NET HITS",
        "Rolled attack",
        "attack 2.4",
        "attack 2.5",
        "UnitChanged",  # the selected result's damage
        "attack 2.5.1",
        "attack 3 CHECK FOR TAKEN OUT",
        "attack 4 AFTER THE ATTACK IS RESOLVED",
        "attack 1 DECLARE",  # the Counter-Attack, made after the attack
        "attack 2.1",
        "Rolled counter",
    )


def test_a_charge_declares_takes_a_response_advances_then_attacks() -> None:
    """Sequence of a Charge: "1. DECLARE", "1.1 RESPONSE Opponent's opportunity to declare
    reactions", "2. DURING ADVANCE", "2.1 RESPONSE Is the charging model engaging the target
    model?", "3. END ADVANCE", "4. MAKE ATTACK Refer to step 2, 'Attack process', of 'Sequence
    of an Attack'." Defensive Stance ("After a charge is declared the target model may choose to
    spend 1 MP") is declared at 1.1, before the advance; the attack then starts at its step 2."""
    where = FAR | {OSWIN: (10.0, 6.0), TAMSIN: (10.0, 12.0)}
    state = arrange(in_play(), where, active=OSWIN, influence={OSWIN: 3}, mp=(0, 1), dice=(1,) * 12)
    end = (10.0, 12.0 - 2 * R40 - 0.5)
    lines, _ = timeline(
        state, cm.Charge(seat=0, target=TAMSIN, end=end), cm.React(seat=1, stance=True)
    )
    in_order(
        lines,
        "charge 1 DECLARE",
        "InfluenceSet",
        "charge 1.1 RESPONSE",
        "MomentumSet defensive stance",
        "charge 2 DURING ADVANCE",
        "Moved",
        "charge 2.1 RESPONSE",
        "charge 3 END ADVANCE",
        "charge 4 MAKE ATTACK",
        "attack 2 ATTACK PROCESS",
        "Rolled charge",
        "attack 4",
    )
    assert not any(ln.startswith("attack 1 ") for ln in lines)


def test_taking_a_model_out_in_the_books_four_steps() -> None:
    """Sequence of Taking a Model Out: "1. A MODEL HAS BEEN REDUCED TO 0 HP", "2. SUFFER THE
    TAKEN OUT CONDITION Effects and abilities that trigger when a model suffers the taken out
    condition", "3. REMOVE MODEL FROM THE PITCH", "4. GENERATE MOMENTUM AND VP Gain any MP for
    inflicting the taken out condition. Gain any VP". No Quarter's MP ("each time a friendly
    model takes out an enemy model") comes at step 2, the take down's MP and the VP at step 4."""
    where = FAR | {OSWIN: (10.0, 12.0), TAMSIN: (10.0, 12.0 + 2 * R40 + 0.5)}
    state = arrange(
        in_play(),
        where,
        active=OSWIN,
        influence={OSWIN: 3},
        mp=(0, 0),
        hp={TAMSIN: 1},
        dice=(6,) * 6,
    )
    teams = (replace(state.teams[0], plan="no-quarter"), state.teams[1])
    lines, after = timeline(
        replace(state, teams=teams),
        cm.Attack(seat=0, target=TAMSIN),
        cm.ChooseResult(seat=0, column=1, row=0),
    )
    assert steps_of_lines(lines, "taking_out") == ["1", "2", "2", "2", "3", "4"]
    in_order(
        lines,
        "attack 2.5",
        "UnitChanged",  # 0 HP
        "taking_out 1 A MODEL HAS BEEN REDUCED TO 0 HP",
        "taking_out 2 SUFFER THE TAKEN OUT CONDITION",
        "taking_out 2 SUFFER THE TAKEN OUT CONDITION taken_out",
        "TakenOut",
        "taking_out 2 SUFFER THE TAKEN OUT CONDITION takes_out",
        "MomentumSet no-quarter",
        "taking_out 3 REMOVE MODEL FROM THE PITCH",
        "taking_out 4 GENERATE MOMENTUM AND VP",
        "MomentumSet take down",
        "Scored",
        "attack 3",
    )
    assert not after.unit(TAMSIN).on_pitch and after.teams[0].vp == 2


def test_a_character_play_declares_tests_and_applies() -> None:
    """Sequence of a Character Play: "1. DECLARE A player states their intention to use a
    character play with a model", "2.1 GENERATE DICE POOL", "2.2 BONUS TIME", "2.3 ROLL DICE",
    "2.3.1 DETERMINE HIT OR MISS", "2.4 CALCULATE DAMAGE MODIFIERS", "2.5 APPLY RESULTS OF THE
    CHARACTER PLAY", "3. CHECK FOR TAKEN OUT", "4. AFTER THE CHARACTER PLAY IS RESOLVED".
    Tamsin's Snuffer's Tap on Maud: its cost is paid at 1, its effect applied at 2.5."""
    where = FAR | {TAMSIN: (10.0, 12.0), MAUD: (14.0, 12.0)}
    state = arrange(in_play(), where, active=TAMSIN, influence={TAMSIN: 3, MAUD: 2}, dice=(6, 6, 6))
    lines, after = timeline(state, cm.UsePlay(seat=1, play="snuffers-tap", target=MAUD))
    assert steps_of_lines(lines, "character_play") == [
        "1",
        "2",
        "2.1",
        "2.2",
        "2.3",
        "2.3.1",
        "2.4",
        "2.5",
        "3",
        "4",
    ]
    in_order(
        lines,
        "character_play 1 DECLARE",
        "InfluenceSet",
        "PlayUsed",
        "character_play 2.1",
        "character_play 2.3 ROLL DICE",
        "Rolled snuffers-tap",
        "character_play 2.5",
        "InfluenceSet",  # Maud loses her influence
        "character_play 4",
    )
    assert after.unit(MAUD).influence == 1


def test_an_aoe_play_tests_each_model_within_the_template_then_marks_it() -> None:
    """Sequence of an AOE Character Play: "1. The active model declares an AOE character play
    and pays the applicable cost." "2. Position a 3" AOE template". "3. ... perform the following
    steps for each model currently within the AOE": "a) Generate a dice pool", "b) ... TN test",
    "c) If the TN test is successful, the model is hit. Apply the effect of the character play
    immediately." "d) If the TN test is unsuccessful, that model ... is unaffected." "4. If the AOE
    character play has an ongoing effect, mark the AOE zone". Ada's Molten Splash over Sefa and
    Ivo: the first die pair hits, the second misses."""
    ada = "0-ada-mouldwright"
    teams = (
        ("bellfounders", ("ada-mouldwright", "brannock-pike")),
        ("linkbearers", ("ivo-brightwick", "tamsin-cole")),
    )
    where = FAR | {ada: (12.0, 8.5), OSWIN: (3.0, 8.0), SEFA: (11.0, 14.0), IVO: (13.0, 14.5)}
    where[TAMSIN] = (21.0, 21.0)
    state = arrange(in_play(teams=teams), where, active=ada, influence={ada: 2}, dice=(6, 6, 1, 1))
    lines, after = timeline(state, cm.UsePlay(seat=0, play="molten-splash", spot=(12.0, 14.0)))
    assert steps_of_lines(lines, "aoe_play") == [
        "1",
        "2",
        "3",
        "3a",
        "3b",
        "3c",
        "3a",
        "3b",
        "3d",
        "4",
    ]
    in_order(
        lines,
        "aoe_play 1 DECLARE",
        "InfluenceSet",
        "aoe_play 2",
        "PlayUsed",
        "aoe_play 3",
        "aoe_play 3b",
        "Rolled molten-splash",
        "aoe_play 3c HIT",
        "UnitChanged",
        "aoe_play 3b",
        "Rolled molten-splash",
        "aoe_play 3d MISS",
        "aoe_play 4",
        "OngoingMarked",
    )
    hit = [m for m in (SEFA, IVO) if "burning" in after.unit(m).conditions]
    assert len(hit) == 1


def test_a_pass_follows_the_kicking_sequence() -> None:
    """Kicking Sequence: "1. The active model declares a pass ... and pays any applicable
    costs." "2. Generate a dice pool using the kicking model's base KICK." "3. A kick is
    resolved as a 4+ TN test." "4. Upon a successful kick: If the target is a friendly model, it
    immediately gains possession of the ball." The pass's MP ("When a model makes a successful
    pass which targets a friendly model, the friendly team gains 1 MP") and the pass_made
    trigger come at step 4."""
    where = FAR | {OSWIN: (10.0, 10.0), MAUD: (10.0, 14.0)}
    state = arrange(
        in_play(),
        where,
        active=OSWIN,
        influence={OSWIN: 2},
        mp=(0, 0),
        ball=OSWIN,
        dice=(6, 6, 6),
    )
    lines, after = timeline(state, cm.Pass(seat=0, target=MAUD))
    assert steps_of_lines(lines, "kick") == ["1", "2", "3", "4", "4"]
    in_order(
        lines,
        "kick 1 DECLARE",
        "InfluenceSet",
        "kick 2",
        "kick 3 TN TEST",
        "Rolled pass",
        "kick 4 RESULT",
        "BallHeld",
        "MomentumSet pass",
        "kick 4 RESULT pass_made",
    )
    assert after.ball_holder == MAUD


def test_a_game_played_normally_keeps_no_steps_and_the_same_events() -> None:
    """The steps change no state and add no event: deciding with the steps kept gives the events
    `flow.execute` gives."""
    from games.guild_ball.rules.flow import execute

    where = FAR | {OSWIN: (10.0, 12.0), TAMSIN: (10.0, 12.0 + 2 * R40 + 0.5)}
    state = arrange(in_play(), where, active=OSWIN, influence={OSWIN: 3}, dice=(6,) * 6)
    command = cm.Attack(seat=0, target=TAMSIN)
    events, after = execute(state, command)
    entries, walked = walk(state, command)
    assert [e for e in entries if not isinstance(e, Mark)] == events
    assert walked == after
    folded = state
    for e in events:
        folded = evolve(folded, e)
    assert folded == after
    assert steps_of(entries, ATTACK)[:3] == ["1", "1.1", "2"]
    assert steps_of(entries, CHARACTER_PLAY) == steps_of(entries, KICK) == []
    assert steps_of(entries, JOG_OR_SPRINT) == steps_of(entries, AOE_PLAY) == []
