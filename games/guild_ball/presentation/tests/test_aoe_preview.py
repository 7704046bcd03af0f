"""The AOE preview's picture (pictures/aoe_image.py), drawn from a public view as the
presentation draws it: the 3" template lies where the play would be centred (its yellow under
the middle, its centre marked), each model under it that the play affects is named, and a
centre beyond the play's range is said to be not allowed."""

from __future__ import annotations

import io

from PIL import Image

from engine.core.game import PUBLIC
from games.guild_ball import GAME
from games.guild_ball.content.loader import load_pack
from games.guild_ball.pictures import aoe_preview
from games.guild_ball.pictures.aoe_image import aoe_frame, draw_aoe_preview, summary
from games.guild_ball.pictures.pitch_image import on_canvas
from games.guild_ball.pictures.style import WARNING
from games.guild_ball.pitch import Point
from games.guild_ball.presentation import scenes as sc
from games.guild_ball.presentation.tests.test_choices import found

INK_BLOT = next(p for p in load_pack().models["ysolde-vane"].plays if p.slug == "ink-blot")


def _preview(spot: tuple[float, float]):
    state = found("aoe")
    pv = GAME.view(state, PUBLIC)
    return pv, sc.aoe_preview(pv, ("Ana", "Bo"), pv.active_model, INK_BLOT, spot)


def test_the_template_is_drawn_where_the_play_is_centred():
    pv, _ = _preview((0.0, 0.0))
    me = sc.model(pv, pv.active_model)
    preview = sc.aoe_preview(pv, ("Ana", "Bo"), me.id, INK_BLOT, (me.x + 3.0, me.y))
    img = draw_aoe_preview(preview)
    frame = on_canvas(aoe_frame(preview))
    x, y = frame.canvas(me.x + 3.0 + 1.0, me.y)  # inside the template, off its centre mark
    r, g, b = img.getpixel((round(x), round(y)))[:3]
    assert r > b + 40 and g > b + 20, (r, g, b)  # yellow over the pitch's green
    cx, cy = frame.canvas(me.x + 3.0, me.y)
    assert sum(img.getpixel((round(cx), round(cy)))[:3]) < 200  # its centre marked in ink
    assert (r, g, b) != WARNING  # blended: the pitch shows through
    png = aoe_preview(preview)
    assert Image.open(io.BytesIO(png)).size == img.size


def test_the_models_under_it_are_hit_and_named():
    """ "Each model within it is tested in turn": every model whose base the template touches."""
    pv, _ = _preview((0.0, 0.0))
    me = sc.model(pv, pv.active_model)
    _, preview = _preview((me.x, me.y))
    assert me.id in preview.hits and not preview.problem
    words = " ".join(t for t, *_ in summary(preview))
    assert f"Under it: {sc.short_label(me.name)} {me.name}" in words


def test_a_centre_out_of_range_is_not_allowed():
    pv, _ = _preview((0.0, 0.0))
    me = sc.model(pv, pv.active_model)
    far = Point(me.x, 2.0 if me.y > 18 else 34.0)
    _, preview = _preview((far.x, far.y))
    assert preview.problem
    words = " ".join(t for t, *_ in summary(preview))
    assert 'Not allowed: the template must lie within 6"' in words
