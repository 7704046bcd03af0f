"""The Quick and Typical games in the prompts: the team pick asks for four Squaddies (the Game
Length table: "Quick Game ... 1 Captain, 4 Squaddies, 1 Mascot"), the lobby says what the host
chose, the pitch picture shows the terrain map, and Glide is offered in an activation. Each
press goes through `PRESENTATION.control` as the core calls it; the rules check every command."""

from __future__ import annotations

import dataclasses
import io
import math
from collections.abc import Callable, Iterator
from typing import Any

import msgspec
from PIL import Image

from bot.presentation_kit import controls, find, has, texts
from bot.render.ui import Select
from engine.core.game import PUBLIC, Seat
from games.guild_ball import GAME
from games.guild_ball.content.loader import load_pack
from games.guild_ball.content.maps import load_maps
from games.guild_ball.pictures import legend, pitch
from games.guild_ball.pictures.frame import whole_pitch
from games.guild_ball.pictures.pitch_image import on_canvas
from games.guild_ball.pictures.style import TERRAIN
from games.guild_ball.pitch import MoveKind, TerrainKind
from games.guild_ball.presentation import PRESENTATION as P
from games.guild_ball.presentation import prompts as pr
from games.guild_ball.presentation import scenes as sc
from games.guild_ball.presentation.tests.test_choices import KIT, press, prompt, refused
from games.guild_ball.rules import commands as cm
from games.guild_ball.rules.state import Piece

PACK = load_pack()
QUICK = {"size": 1, "terrain": 2}  # Chapel Green


def quick(seed: int = 1) -> Any:
    return KIT.new_game(2, seed, QUICK).after


async def test_a_quick_team_is_four_squaddies_picked_with_a_multi_select():
    """ "Quick Game ... 8 [VP] ... 1 Captain, 4 Squaddies, 1 Mascot": the select takes exactly
    four of the guild's Squaddies, and Confirm sends them."""
    state = quick()
    message = prompt(state)
    squad = find(message, "gbsquad", Select)
    assert squad.min_values == squad.max_values == 4 and squad.placeholder == "Four Squaddies"
    assert len([o for o in squad.options if o.default]) == 4
    text = texts(message)
    assert "Quick Game, 8 VP wins" in text and "four of its Squaddies" in text
    assert "Mascot: " in text
    values = [o.value for o in squad.options]
    two, _ = await press(state, message, "gbsquad", values[:2])
    assert "Pick four different Squaddies" in refused(two)
    picked, ask = await press(state, message, "gbsquad", values[2:6])
    assert picked.edit and ask.acted == []
    chosen = find(picked.message, "gbsquad", Select)
    assert [o.value for o in chosen.options if o.default] == values[2:6]
    answer, ask = await press(state, picked.message, "gbprep")
    assert not refused(answer), refused(answer)
    command = ask.acted[-1]
    guild = pr.guilds()[0]
    assert isinstance(command, cm.Prepare) and command.guild == guild
    assert command.squaddies == tuple(pr.squaddies(guild)[2:6])


async def test_a_new_guild_proposes_four_of_its_squaddies():
    state = quick()
    message = prompt(state)
    answer, _ = await press(state, message, "gbguild", ["1"])
    squad = find(answer.message, "gbsquad", Select)
    names = {PACK.models[s].name for s in pr.squaddies(pr.guilds()[1])}
    assert len([o for o in squad.options if o.default]) == 4
    assert {o.label for o in squad.options} == names


async def test_the_introductory_game_still_picks_two():
    state = KIT.new_game(2, 1).after
    squad = find(prompt(state), "gbsquad", Select)
    assert squad.min_values == squad.max_values == 2 and squad.placeholder == "Two Squaddies"


async def test_a_picked_team_stays_secret_until_both_have_picked():
    """ "Your opponent learns your team only when both have picked": after seat 0's pick the
    public status and seat 1's own views name none of its Squaddies."""
    state = quick()
    message = prompt(state)
    values = [o.value for o in find(message, "gbsquad", Select).options]
    picked, _ = await press(state, message, "gbsquad", values[2:6])
    _, ask = await press(state, picked.message, "gbprep")
    after = ask.state
    theirs = texts(P.status(KIT.table(after, PUBLIC)))
    theirs += texts(await P.hand(KIT.table(after, Seat(1)), False))
    for slug in ask.acted[-1].squaddies:
        assert PACK.models[slug].name not in theirs


def test_the_lobby_says_the_size_and_terrain_chosen():
    assert P.lobby_lines({}) == [
        "The Introductory Game: a Captain and two Squaddies a side on a 2'×2' pitch, 6 VP wins."
    ]
    quick_lines = P.lobby_lines(QUICK)
    assert "Quick Game" in quick_lines[0] and "3'×3'" in quick_lines[0]
    assert "Chapel Green" in quick_lines[0] and "8 VP wins" in quick_lines[0]
    assert "12 VP wins" in P.lobby_lines({"size": 2, "terrain": 0})[0]
    assert "without terrain" in P.lobby_lines({"size": 0, "terrain": 1})[0]


# --- the terrain map on the pitch picture ------------------------------------------------------


def _pixel(png: bytes, x: float, y: float, pitch: Any) -> tuple[int, ...]:
    frame = on_canvas(whole_pitch(pitch))
    cx, cy = frame.canvas(x, y)
    return Image.open(io.BytesIO(png)).convert("RGB").getpixel((round(cx), round(cy)))


def test_every_map_is_drawn_on_the_3_foot_pitch_piece_by_piece_with_its_key():
    """ "Players must agree on the position and type of each piece before starting the game":
    the picture of a game on each map shows the 3'×3' pitch with every piece where the map puts
    it (the piece's middle differs from the same picture without terrain), and keys each kind."""
    drawn: set[str] = set()
    for number, terrain_map in enumerate(load_maps(), 1):
        state = KIT.new_game(2, 1, {"size": 1, "terrain": number}).after
        pv = GAME.view(state, PUBLIC)
        scene = sc.picture_scene(pv, ("Ana", "Bo"))
        assert scene.pitch.size == 36 and len(scene.terrain) == len(terrain_map.pieces)
        bare = dataclasses.replace(scene, terrain=())
        with_map, without = pitch(scene), pitch(bare)
        for piece in scene.terrain:
            at = (piece.centre.x, piece.centre.y)
            assert _pixel(with_map, *at, scene.pitch) != _pixel(without, *at, scene.pitch), piece
        words = {i.words for i in legend.scene_items(scene, False, False, None)}
        kinds = {t.kind for t in scene.terrain}
        assert {TERRAIN[k].word for k in kinds} <= words
        drawn |= {str(k) for k in kinds}
    assert drawn == {str(k) for k in TerrainKind}  # barrier, obstruction, forest, rough, fast


async def test_status_and_board_name_the_game_and_its_terrain():
    state = quick()
    pv = GAME.view(state, PUBLIC)
    status = texts(P.status(KIT.table(state, PUBLIC)))
    board = texts(await P.board(KIT.table(state, PUBLIC), False))
    for text in (status, board):
        assert "Quick Game" in text and "8 VP wins" in text and "Chapel Green" in text
        assert all(f"{t.name} ({t.kind})" in text for t in pv.terrain)


# --- Gliding -----------------------------------------------------------------------------------


def states_of(
    options: dict[str, int], seed: int = 1, default_kick_off: bool = False
) -> Iterator[Any]:
    """Every state of a game between built-in players; with `default_kick_off` the kick off is
    the default one (no jog), which on the 3'x3' pitch often falls short."""
    state = KIT.new_game(2, seed, options).after
    bots = [GAME.players["builtin"](seed * 31 + s) for s in (0, 1)]
    while not GAME.is_over(state):
        yield state
        d = GAME.pending(state)[0]
        if default_kick_off and d.kind == "kick_off":
            command = d.default
        else:
            command = bots[d.seat].move(state, (d.seat,))
        state = GAME.execute(state, command)[1]


def activations(options: dict[str, int], seed: int = 1) -> Iterator[Any]:
    """Every state of a game between built-in players where a model is active."""
    return (s for s in states_of(options, seed) if GAME.pending(s)[0].kind == "action")


def first_activation(options: dict[str, int], wanted: Callable[[Any], bool]) -> Any:
    return next(s for s in activations(options) if wanted(s))


def _can_glide(state: Any) -> bool:
    u = state.unit(state.activation.model)
    return u.id not in state.gliding and state.teams[u.seat].mp >= 1


async def test_glide_is_offered_once_a_turn_while_the_team_has_the_mp():
    """ "Once per turn an active model may spend 1 MP to move across rough terrain without
    penalty for the remainder of the current turn. Gliding isn't an action." """
    state = first_activation(QUICK, _can_glide)
    seat = GAME.pending(state)[0].seat
    message = prompt(state)
    assert has(message, "gbglide") and find(message, "gbglide").label == "Glide (1 MP)"
    answer, ask = await press(state, message, "gbglide")
    assert not refused(answer), refused(answer)
    assert ask.acted == [cm.Glide(seat=seat)]
    assert ask.state.teams[seat].mp == state.teams[seat].mp - 1
    assert answer.edit and not has(answer.message, "gbglide")  # the menu again: once a turn
    assert "glides this turn" in texts(answer.message) and has(answer.message, "gbend")


async def test_gliding_leaves_bonus_time_on():
    """Gliding is no action, so Bonus Time switched on before it still waits for the next
    roll."""
    state = first_activation(QUICK, _can_glide)
    seat = GAME.pending(state)[0].seat
    teams = list(state.teams)
    teams[seat] = msgspec.structs.replace(teams[seat], mp=3)
    state = msgspec.structs.replace(state, teams=tuple(teams))
    message = pr.action_menu(KIT.table(state, Seat(seat)), bonus=True)
    answer, ask = await press(state, message, "gbglide")
    assert not refused(answer), refused(answer)
    assert ask.acted == [cm.Glide(seat=seat)]
    assert "Bonus Time is on" in texts(answer.message)


async def test_no_glide_without_the_mp_or_without_rough_terrain():
    state = first_activation(QUICK, _can_glide)
    seat = GAME.pending(state)[0].seat
    teams = list(state.teams)
    teams[seat] = msgspec.structs.replace(teams[seat], mp=0)
    assert not has(prompt(msgspec.structs.replace(state, teams=tuple(teams))), "gbglide")
    bare = first_activation({"size": 1, "terrain": 0}, _can_glide)
    assert not has(prompt(bare), "gbglide")  # a pitch with no rough terrain: nothing to glide


# --- influence for a team of six ---------------------------------------------------------------


async def test_each_of_six_models_can_be_given_influence():
    """ "Allocate influence ... each model up to its max INF": with six models (more than the
    selects a message holds beside its button) a select picks the model, the next its
    influence; Allocate sends every model's."""
    state = next(
        s
        for s in states_of(QUICK)
        if GAME.pending(s)[0].kind == "influence" and GAME.pending(s)[0].seat == 0
    )
    message = prompt(state)
    models = find(message, "gbinfm", Select).options
    assert len(models) == 6
    last = models[-1].value
    chosen, _ = await press(state, message, "gbinfm", [last])
    amounts = find(chosen.message, "gbinfv", Select)
    assert amounts.custom_id.split(":")[-2] == last  # the Mascot's select
    top = amounts.options[-1].value
    given, _ = await press(state, chosen.message, "gbinfv", [top])
    assert find(given.message, "gbinfm", Select).options[-1].default  # it stays in focus
    answer, ask = await press(state, given.message, "gbinf")
    command = ask.acted[-1]
    assert isinstance(command, cm.Allocate) and len(command.influence) == 6
    if not refused(answer):
        assert command.influence[-1][1] == int(top)
    else:  # more than the pool: the rules say so
        assert "influence" in refused(answer).lower(), refused(answer)


# --- activating and deploying a team of six ----------------------------------------------------


def test_every_model_not_yet_activated_is_offered():
    """ "the teams alternate activations, one model at a time": all six buttons, five a row."""
    state = next(s for s in states_of(QUICK) if GAME.pending(s)[0].kind == "activation")
    d = GAME.pending(state)[0]
    message = prompt(state)
    buttons = [c for c in controls(message) if c.custom_id.split(":")[1] == "gbact"]
    assert len(d.options) == 6 and len(buttons) == 6
    assert [len(row) for row in message.rows] == [5, 1]


async def test_six_places_are_typed_two_a_field_and_deployed_on_confirm():
    """ "Deploy every model completely within 10" of the table edge": the form holds six places
    in three fields beside the kicker's; the typed places are shown, then deployed."""
    state = next(s for s in states_of(QUICK) if GAME.pending(s)[0].kind == "deploy")
    d = GAME.pending(state)[0]
    assert len(d.default.places) == 6
    moved = {
        f"m{j}": "; ".join(
            f"{x + 0.5:.1f}, {y:.1f}" for _, x, y in d.default.places[2 * j : 2 * j + 2]
        )
        for j in range(3)
    }
    answer, ask = await press(state, prompt(state), "gbdepadj", fields=moved)
    assert ask.acted == [] and "not deployed yet" in texts(answer.message)
    _, ask = await press(state, answer.message, "gbdepc")
    deployed = ask.acted[-1]
    assert isinstance(deployed, cm.Deploy) and len(deployed.places) == 6
    assert [round(x - 0.5, 1) for _, x, _ in deployed.places] == [
        round(x, 1) for _, x, _ in d.default.places
    ]
    short, ask = await press(state, prompt(state), "gbdepadj", fields={"m0": "4, 4"})
    assert "two places in each field" in refused(short) and ask.acted == []


def test_the_ball_may_be_given_to_any_of_six_models():
    """ "the receiving player may give the ball to one of its models": each of the six, and
    leaving it, offered (the give prompt shown as the kick off falls short)."""
    for seed in range(1, 40):
        for state in states_of(QUICK, seed, default_kick_off=True):
            d = GAME.pending(state)[0]
            if d.kind == "game_plan":  # the kick off is over
                break
            if d.kind == "give_ball":
                message = prompt(state)
                buttons = [c for c in controls(message) if c.custom_id.split(":")[1] == "gbgive"]
                assert len(buttons) == len(d.options) == 7
                return
    raise AssertionError("no kick off fell short")


def test_a_gliding_model_is_planned_across_rough_terrain_without_its_penalty():
    """ "A model that moves within rough terrain at any point during an advance suffers -2"/-2"
    MOV" unless it glides: the jog towards the goal planned for the menu goes 2" farther once
    the model glides."""
    state = first_activation(QUICK, _can_glide)
    pv = GAME.view(state, PUBLIC)
    me = sc.model(pv, pv.active_model)
    puddle = Piece("rough", "puddle", x=me.x, y=me.y, radius=2.0)  # it stands in it
    rough = msgspec.structs.replace(pv, terrain=(puddle,))

    def jogged(view: Any) -> float:
        planned = sc.intention(view, me.id, MoveKind.JOG, "goal")
        assert planned.points and not planned.problem, planned
        x, y = planned.points[-1]
        return math.hypot(x - me.x, y - me.y)

    plain = jogged(rough)
    glided = jogged(msgspec.structs.replace(rough, gliding=(me.id,)))
    assert glided > plain + 1.5, (plain, glided)


def test_the_channel_is_told_the_map_and_who_glides():
    created = KIT.new_game(2, 1, QUICK)
    said = " ".join(P.transcript(created.seen(PUBLIC)))
    assert "The terrain is Chapel Green: 6 pieces (barrier, fast and forest)." in said, said
    assert "Quick Game, 8 VP wins" in said
    state = first_activation(QUICK, _can_glide)
    me = state.unit(state.activation.model)
    glide = cm.Glide(seat=me.seat)
    events, _ = GAME.execute(state, glide)
    said = " ".join(P.transcript(KIT.step(state, events, me.seat, glide).seen(PUBLIC)))
    assert "glides (1 MP)" in said, said
