"""The preview of an AOE play, sent privately before the player confirms it: the pitch round
the model using it and the template, the range shaded where the template's centre may go, the
3" template where it would lie, and a reticle on each model under it that the play affects;
below, the play in words: where the template lies, whether it is in range, whom it hits.
"""

from __future__ import annotations

from PIL import Image

from bot.render.pictures import canvas as cv
from bot.render.pictures.canvas import BODY, INK, MUTED, SMALL, Colour
from games.guild_ball.pictures import legend, marks
from games.guild_ball.pictures.frame import Frame, fitted
from games.guild_ball.pictures.inputs import AoePreview, PitchModel
from games.guild_ball.pictures.legend import KeyItem
from games.guild_ball.pictures.pitch_image import MARGIN, canvas_width, compose
from games.guild_ball.pictures.style import BAD, SIDES, inches
from games.guild_ball.pitch import Point

MARGIN_INCHES = 1.5  # of pitch shown round the range and the template


def aoe_preview(preview: AoePreview) -> bytes:
    """The preview of an AOE play as a PNG."""
    return cv.picture(("guild_ball.aoe_preview", preview), lambda: draw_aoe_preview(preview))


def aoe_frame(preview: AoePreview) -> Frame:
    """The square round the range of the play and the template."""
    user = preview.scene.model(preview.user)
    c, t = user.centre, preview.centre
    far = centre_reach(preview)
    points = [(c.x - far, c.y - far), (c.x + far, c.y + far)]
    points += [
        (t.x - preview.radius, t.y - preview.radius),
        (t.x + preview.radius, t.y + preview.radius),
    ]
    return fitted(preview.scene.pitch, points, MARGIN_INCHES)


def centre_reach(preview: AoePreview) -> float:
    """How far from the user's centre the template's centre may lie: the range, from base edge
    to template edge, plus the base's and the template's radii."""
    user = preview.scene.model(preview.user)
    return preview.reach + user.base.radius + preview.radius


def draw_aoe_preview(preview: AoePreview) -> Image.Image:
    """The preview of an AOE play as an image (see `aoe_preview`)."""
    scene = preview.scene
    user = scene.model(preview.user)
    frame = aoe_frame(preview)
    width = canvas_width(frame)
    lines = summary(preview)
    items = key_items(preview)
    below = legend.words_height(lines, items, width - 2 * MARGIN)
    hit = [m for m in scene.models if m.id in preview.hits]

    def under(layer: marks.Layer) -> None:
        far = centre_reach(preview) - user.base.radius  # shaded lightly, a dashed rim
        marks.reach(layer, user.centre, user.side, 0.0, far, user.base.radius)

    def over(layer: marks.Layer) -> None:
        marks.template(layer, preview.centre, preview.radius)
        for m in hit:
            marks.target(layer, m)

    words = legend.words_and_key(lines, items, MARGIN, width - MARGIN)

    return compose(
        scene,
        frame,
        f"{preview.play}: {user.label} {user.name}",
        (),
        False,
        below,
        words,
        under=under,
        over=over,
    )


def summary(preview: AoePreview) -> list[tuple[str, int, bool, Colour]]:
    """The play in words, line by line: (text, size, bold, colour)."""
    scene = preview.scene
    c = preview.centre
    out: list[tuple[str, int, bool, Colour]] = [
        (
            f"{preview.play}: the {inches(2 * preview.radius)} template centred at "
            f"({c.x:.1f}, {c.y:.1f}), range {inches(preview.reach)}",
            BODY,
            True,
            INK,
        )
    ]
    hit = [scene.model(m) for m in preview.hits]
    if hit:
        names = ", ".join(f"{m.label} {m.name}" for m in hit)
        out.append((f"Under it: {names}", SMALL, False, INK))
    else:
        out.append(("No model under it.", SMALL, False, MUTED))
    if preview.problem:
        out.append((f"Not allowed: {preview.problem}", BODY, True, BAD))
    return out


def key_items(preview: AoePreview) -> list[KeyItem]:
    """The key: both sides, the range, the template and the models it hits."""
    scene = preview.scene
    user = scene.model(preview.user)
    mid = Point(legend.ICON_INCHES / 2, legend.ICON_INCHES / 2)
    items = [
        legend.side_item(scene, 0),
        legend.side_item(scene, 1),
        KeyItem(
            lambda layer: marks.blend(
                layer[0], SIDES[user.side].fill, Image.new("L", layer[0].size, 34)
            ),
            "Where the template's centre may go",
        ),
        KeyItem(
            lambda layer: marks.template(layer, mid, 0.55),
            f"The {inches(2 * preview.radius)} template",
        ),
    ]
    if preview.hits:
        aim = PitchModel("key", "", "", 1 - user.side, mid, 30)

        def reticle(layer: marks.Layer) -> None:
            marks.base(layer, aim)
            marks.target(layer, aim)

        items.append(KeyItem(reticle, "Hit by the play"))
    return items
