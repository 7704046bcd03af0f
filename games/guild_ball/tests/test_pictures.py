"""The pitch pictures, drawn for the sample scenes (samples.py: a 3'×3' pitch with 12 models and
every kind of terrain, a 2'×2' Introductory game with 6 and the ball loose, a scrum in a corner,
and move previews out of a brawl, of a charge and of a move refused): each is a PNG of a width
Discord shows whole, every base shows its side's colour at its middle, a preview's ghost base is
where its path ends, the same input gives the same bytes, and no text leaves its box or the
picture."""

from __future__ import annotations

import io
import pickle
from collections.abc import Callable

import pytest
from PIL import Image

from bot.render.pictures import canvas as cv
from bot.render.pictures.canvas import Drawn, recording
from games.guild_ball import pictures
from games.guild_ball.pictures import marks, samples
from games.guild_ball.pictures.frame import Frame, around, whole_pitch
from games.guild_ball.pictures.inputs import MovePreview, PitchScene, Zoom
from games.guild_ball.pictures.labels import place, side_chip
from games.guild_ball.pictures.move_image import draw_move_preview, preview_frame
from games.guild_ball.pictures.pitch_image import draw_pitch, frame_for, on_canvas
from games.guild_ball.pictures.style import PATH, SIDES, ghost
from games.guild_ball.pitch import STANDARD_PITCH, MoveKind, Point, TerrainKind

CORNER = Zoom(Point(0.0, 0.0), 5.0)
BRAWL = Zoom(Point(18.0, 17.5), 6.0)

# (name, scene, options): every kind of pitch picture.
PITCHES: list[tuple[str, Callable[[], PitchScene], dict]] = [
    ("standard 12", samples.standard_twelve, {}),
    ("standard 12, melee rings", samples.standard_twelve, {"melee": True}),
    ("introductory 6, deployment", samples.introductory_six, {"deployment": True}),
    ("introductory 6, two rings", samples.introductory_six, {"melee": ("0-esk-hawser",)}),
    ("zoom on the brawl", samples.standard_twelve, {"zoom": BRAWL, "melee": True}),
    ("zoom at a corner", samples.corner_six, {"zoom": CORNER}),
]
PREVIEWS: list[tuple[str, Callable[[], MovePreview]]] = [
    ("jog out of a brawl", samples.jog_preview),
    ("charge", samples.charge_preview),
    ("refused", samples.refused_preview),
]


def check_texts(log: list[Drawn], img: Image.Image, where: str) -> None:
    """Every text drawn inside its box and the picture, whole or shortened with an ellipsis."""
    assert log, f"{where}: nothing was written"
    for d in log:
        assert not d.overflows, f"{where}: {d.shown!r} drawn in {d.ink}, outside {d.box}"
        assert d.shown or not d.text.strip(), f"{where}: {d.text!r} had no room in {d.box}"
        assert d.ink is not None
        left, top, right, bottom = d.ink
        assert left >= 0 and top >= 0, f"{where}: {d.shown!r} leaves the picture at {d.ink}"
        assert right <= img.width and bottom <= img.height, f"{where}: {d.shown!r} at {d.ink}"
        if d.shortened:
            assert d.shown.endswith("…"), f"{where}: {d.text!r} shortened without an ellipsis"


def drawn(fn: Callable[[], Image.Image], where: str) -> tuple[Image.Image, list[Drawn]]:
    with recording() as log:
        img = fn()
    check_texts(log, img, where)
    assert img.mode == "RGB"
    assert 800 <= img.width <= 1100, f"{where}: {img.width} px wide"
    assert 900 <= img.height <= 1800, f"{where}: {img.height} px high"
    return img, log


def pixel(img: Image.Image, frame: Frame, at: Point) -> tuple[int, int, int]:
    x, y = frame.canvas(at.x, at.y)
    return img.getpixel((int(x), int(y)))  # type: ignore[return-value]


def check_bases(img: Image.Image, scene: PitchScene, frame: Frame, where: str) -> int:
    """Every model whose middle is in the frame shows its side's colour there; returns how
    many were checked."""
    checked = 0
    for m in scene.models:
        if frame.shows(m.centre.x, m.centre.y, margin=0.05):  # not on the frame's edge
            assert pixel(img, frame, m.centre) == SIDES[m.side].fill, f"{where}: {m.id}"
            checked += 1
    return checked


def is_png(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.format == "PNG" and img.mode == "RGB"
    return img


@pytest.mark.parametrize(("where", "scene_of", "options"), PITCHES, ids=[p[0] for p in PITCHES])
def test_every_pitch_picture(where, scene_of, options):
    scene = scene_of()
    img, log = drawn(lambda: draw_pitch(scene, **options), where)
    frame = on_canvas(frame_for(scene, options.get("zoom")))
    assert frame.box[2] <= img.width and frame.box[3] <= img.height
    assert check_bases(img, scene, frame, where) >= 6
    written = {d.shown for d in log}
    for m in scene.models:
        if frame.shows(m.centre.x, m.centre.y):
            assert m.label in written, f"{where}: {m.label} is not labelled"
        assert any(w.startswith(m.name) for w in written), f"{where}: no {m.name} in the roster"


def test_the_standard_scene_is_what_the_tests_need():
    scene = samples.standard_twelve()
    assert scene.pitch == STANDARD_PITCH and len(scene.models) == 12
    assert {t.kind for t in scene.terrain} == set(TerrainKind)
    assert sum(m.has_ball for m in scene.models) == 1 and scene.ball is None
    edge = max(m.centre.x + m.base.radius for m in scene.models)
    assert edge == pytest.approx(scene.pitch.size, abs=0.01), "no model stands at the edge"
    intro = samples.introductory_six()
    assert len(intro.models) == 6 and intro.ball is not None


def test_the_whole_pitch_at_readable_scales():
    """ "2'×2' at ~30 px/inch, 3'×3' at ~24 px/inch, zoom ~60 px/inch" (issue 23)."""
    assert whole_pitch(samples.introductory_six().pitch).pixels == 720
    assert whole_pitch(STANDARD_PITCH).pixels == 864
    zoom = frame_for(samples.standard_twelve(), BRAWL)
    assert zoom.scale == 60 and zoom.pixels == 720


def test_the_grid_is_labelled_in_inches_on_every_side():
    scene = samples.standard_twelve()
    _, log = drawn(lambda: draw_pitch(scene), "grid")
    labels = [d.shown for d in log]
    for inch in range(0, 37, 2):
        # x along the top and the bottom, y along the left and the right
        assert labels.count(str(inch)) == 4, f'{inch}" is not labelled on every side'


def test_a_zoom_at_a_corner_stays_on_the_pitch_and_keeps_its_grid():
    scene = samples.corner_six()
    frame = frame_for(scene, CORNER)
    assert (frame.x0, frame.y0, frame.side) == (0.0, 0.0, 10.0)
    img, log = drawn(lambda: draw_pitch(scene, zoom=CORNER), "corner")
    labels = [d.shown for d in log]
    assert all(labels.count(str(i)) >= 4 for i in range(11)), "an inch of the zoom is unlabelled"
    # the pitch's corner is the frame's bottom-left corner: the pitch edge is drawn there
    placed = on_canvas(frame)
    x, y = placed.canvas(0, 0)
    assert img.getpixel((int(x) + 1, int(y) - 1)) == cv.INK


def test_a_zoom_past_the_far_corner_is_moved_back_onto_the_pitch():
    frame = around(STANDARD_PITCH, 35.0, 36.0, 6.0)
    assert (frame.x0, frame.y0) == (24.0, 24.0)


def test_the_ball_loose_and_carried():
    loose = samples.introductory_six()
    img = draw_pitch(loose)
    frame = on_canvas(frame_for(loose, None))
    assert loose.ball is not None
    # the ball's patch is dark, its rim white round it
    x, y = frame.canvas(loose.ball.x, loose.ball.y)
    assert img.getpixel((int(x), int(y))) == cv.INK
    assert img.getpixel((int(x), int(y - 0.45 * 30))) == cv.WHITE
    carried = samples.standard_twelve()
    with recording() as log:
        draw_pitch(carried)
    assert "Ball: carried by BP" in {d.shown for d in log}


@pytest.mark.parametrize(("where", "preview_of"), PREVIEWS, ids=[p[0] for p in PREVIEWS])
def test_every_move_preview(where, preview_of):
    preview = preview_of()
    img, log = drawn(lambda: draw_move_preview(preview), where)
    frame = on_canvas(preview_frame(preview))
    mover = preview.scene.model(preview.mover)
    assert pixel(img, frame, preview.end) == ghost(mover.side), f"{where}: no ghost at the end"
    assert check_bases(img, preview.scene, frame, where) >= 4
    assert frame.shows(mover.centre.x, mover.centre.y) and frame.shows(*preview.end)
    written = " ".join(d.shown for d in log)
    if preview.problem:
        assert f"Not allowed: {preview.problem}" in written


def test_a_jog_out_of_a_brawl_marks_its_parting_blows():
    preview = samples.jog_preview()
    assert preview.parting_blows == ("1-sefa-lanternhold", "1-ivo-brightwick")
    with recording() as log:
        img = draw_move_preview(preview)
    written = [d.shown for d in log]
    assert "PB SL" in written and "PB IB" in written
    assert any("Sefa Lanternhold's melee zone" in w and "parting blow" in w for w in written)
    frame = on_canvas(preview_frame(preview))
    for c in preview.crossings:  # the marks are yellow where the path leaves each zone
        assert pixel(img, frame, c.point) == cv.YELLOW


def test_a_charge_shows_its_target_engaged():
    preview = samples.charge_preview()
    assert preview.kind is MoveKind.CHARGE and preview.engaging
    with recording() as log:
        draw_move_preview(preview)
    assert "Charge target: TC Tamsin Cole, engaged at the end" in {d.shown for d in log}


def test_the_path_is_drawn_leg_by_leg():
    scene = samples.introductory_six()
    preview = samples.plan(
        scene, "0-wenna-cordell", ((5.0, 6.0), (7.0, 6.0), (7.0, 8.0)), MoveKind.SPRINT, 4, 6
    )
    assert not preview.problem and len(preview.path) == 4
    with recording() as log:
        img = draw_move_preview(preview)
    frame = on_canvas(preview_frame(preview))
    legs = list(zip(preview.path, preview.path[1:], strict=False))
    for a, b in legs[:-1]:  # the last leg's middle may be under the ghost base
        middle = Point((a.x + b.x) / 2, (a.y + b.y) / 2)
        assert pixel(img, frame, middle) == PATH
    written = [d.shown for d in log]
    assert {"1", "2", "3"} <= set(written), "the legs are not numbered"
    assert 'Leg 2: 2" to (7.0, 6.0)' in written, "a leg's length and end are not written"


def test_the_same_input_gives_the_same_bytes():
    for make in (
        lambda: pictures.pitch(samples.standard_twelve(), melee=True),
        lambda: pictures.pitch(samples.corner_six(), zoom=CORNER),
        lambda: pictures.move_preview(samples.jog_preview()),
    ):
        first = make()
        cv.clear_caches()
        again = make()
        assert first == again
        is_png(first)


def test_a_change_on_the_pitch_changes_the_picture():
    scene = samples.introductory_six()
    moved = PitchScene(scene.pitch, scene.teams, scene.models, scene.terrain, Point(12.0, 11.0))
    assert pictures.pitch(scene) != pictures.pitch(moved)


def test_labels_stay_in_the_frame_and_off_their_own_base():
    bounds = (100, 100, 400, 400)
    # a base in each corner of the frame, and one in the middle among four others
    chips = [
        side_chip("TL", 0, 110, 110, 10),
        side_chip("BR", 1, 390, 390, 10),
        side_chip("TR", 0, 390, 110, 10),
        side_chip("MID", 1, 250, 250, 12),
        *(
            side_chip(f"N{i}", 0, 250 + dx, 250 + dy, 12)
            for i, (dx, dy) in enumerate(((26, 0), (-26, 0), (0, 26), (0, -26)))
        ),
    ]
    boxes = place(chips, [], bounds)
    for chip, (x0, y0, x1, y1) in zip(chips, boxes, strict=True):
        assert bounds[0] <= x0 and bounds[1] <= y0 and x1 <= bounds[2] and y1 <= bounds[3]
        nearest_x = min(max(chip.x, x0), x1)
        nearest_y = min(max(chip.y, y0), y1)
        assert (nearest_x - chip.x) ** 2 + (nearest_y - chip.y) ** 2 >= chip.r**2, chip.text


def test_the_sides_differ_in_lightness_as_well_as_hue():
    """Colour is never the only cue, and the two fills stay apart in greyscale too."""

    def grey(c: tuple[int, int, int]) -> float:
        return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]

    zero, one = SIDES
    assert abs(grey(zero.fill) - grey(one.fill)) >= 60
    assert zero.inner_ring != one.inner_ring and zero.rounded != one.rounded
    assert zero.dash != one.dash


def test_the_inputs_give_the_engines_scene_and_enemy_zones():
    scene = samples.standard_twelve()
    geometry = pictures.scene_geometry(scene)
    assert len(geometry.figures) == 12
    knocked = geometry.figure("0-ferris-gongmaker")
    assert not knocked.blocks_sight, "a knocked-down model blocks no LOS"
    zones = pictures.enemy_zones(scene, "1-sefa-lanternhold")
    owners = {owner for owner, _, _ in zones}
    assert "0-ferris-gongmaker" not in owners, "a knocked-down model engages nobody"
    assert owners == {m.id for m in scene.models if m.side == 0} - {"0-ferris-gongmaker"}


def test_the_samples_are_written(tmp_path):
    written = samples.write_samples(tmp_path)
    assert len(written) == len(samples.SAMPLES)
    for path in written:
        is_png(path.read_bytes())


def test_the_ball_on_a_carrier_at_the_edge_is_marked_on_the_pitch():
    scene = samples.standard_twelve()
    carrier = next(m for m in scene.models if m.has_ball)
    assert carrier.centre.x + carrier.base.radius == pytest.approx(scene.pitch.size, abs=0.01)
    frame = whole_pitch(scene.pitch)
    at, radius = marks.carried_ball_at(carrier, scene.pitch, frame)
    assert radius * frame.scale >= 4.5, "the ball on its carrier is too small to see"
    assert radius <= at.x <= scene.pitch.size - radius
    assert radius <= at.y <= scene.pitch.size - radius
    # over the base's rim, off its middle
    assert carrier.base.radius * 0.5 < at.distance_to(carrier.centre) < carrier.base.radius * 1.2


def test_a_zoom_keys_only_the_terrain_it_shows():
    scene = samples.standard_twelve()
    with recording() as log:
        draw_pitch(scene, zoom=BRAWL)
    written = {d.shown for d in log}
    assert 'Fast (+2")' in written and 'Rough (−2")' in written
    assert "Barrier" not in written and "Obstruction" not in written


def test_a_model_that_does_not_move_is_its_own_ghost():
    scene = samples.standard_twelve()
    start = scene.model("1-tamsin-cole").centre
    preview = MovePreview(scene, "1-tamsin-cole", (start,), MoveKind.JOG, 5.0, 7.0)
    img, log = drawn(lambda: draw_move_preview(preview), "no move")
    frame = on_canvas(preview_frame(preview))
    assert pixel(img, frame, start) == ghost(1)
    assert 'Jog 0" of 5", ending at (16.6, 18.5)' in {d.shown for d in log}


def test_inputs_travel_to_the_picture_worker():
    """render_async pickles a renderer's arguments to the worker process."""
    preview = samples.jog_preview()
    again = pickle.loads(pickle.dumps(preview))
    assert again == preview
    assert pictures.move_preview(again) == pictures.move_preview(preview)


def test_without_rosters_the_picture_is_shorter_and_keeps_its_key():
    scene = samples.standard_twelve()
    full = draw_pitch(scene)
    short, log = drawn(lambda: draw_pitch(scene, rosters=False), "no rosters")
    assert short.width == full.width and short.height < full.height - 200
    written = {d.shown for d in log}
    assert "Ball: carried by BP" in written and "OT" in written
    assert not any(w.startswith("Oswin Tollbright") for w in written)


@pytest.mark.parametrize("zoom", [None, BRAWL], ids=["whole pitch", "zoom"])
def test_bases_are_drawn_to_scale(zoom):
    """30, 40 and 50 mm bases: the side's colour reaches nearly to the base's edge, and not
    past its rim."""
    scene = samples.standard_twelve()
    img = draw_pitch(scene, zoom=zoom)
    frame = on_canvas(frame_for(scene, zoom))
    sizes = set()
    for m in scene.models:
        if m.side != 0 or m.knocked_down or not frame.shows(m.centre.x, m.centre.y, margin=2.5):
            continue
        x, y = frame.canvas(m.centre.x, m.centre.y)
        r = m.base.radius * frame.scale
        # leftwards, where a label goes last of all
        assert img.getpixel((round(x - r + 4), round(y))) == SIDES[0].fill, m.id
        assert img.getpixel((round(x - r - 3), round(y))) != SIDES[0].fill, m.id
        sizes.add(m.base_mm)
    assert sizes == ({40, 50} if zoom else {30, 40, 50})
