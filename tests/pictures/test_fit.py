"""The fitted-text helper: text is shrunk, then shortened with an ellipsis, and never drawn outside
its box, checked on the recorded boxes and on the pixels themselves."""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageDraw

from bot.render.pictures import canvas as cv
from bot.render.pictures.canvas import paragraph, recording, text

LONG = "Bartholomew-Maximilian Featherstonehaugh of the Very Long Guild Name " * 3


def blank(w: int = 600, h: int = 200) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGB", (w, h), cv.WHITE)
    return img, ImageDraw.Draw(img)


def inked(img: Image.Image) -> tuple[int, int, int, int] | None:
    """The box of every pixel that is not the white background."""
    return ImageChops.difference(img, Image.new("RGB", img.size, cv.WHITE)).getbbox()


def inside(inner, outer) -> bool:
    return (
        inner[0] >= outer[0]
        and inner[1] >= outer[1]
        and inner[2] <= outer[2]
        and inner[3] <= outer[3]
    )


def test_text_that_fits_is_drawn_whole():
    img, draw = blank()
    with recording() as log:
        text(draw, (10, 10, 590, 60), "Azure Wardens", cv.BODY, bold=True)
    [d] = log
    assert d.shown == d.text == "Azure Wardens"
    assert d.size == cv.BODY and not d.overflows
    assert inside(inked(img), d.box)


def test_a_very_long_name_is_shortened_with_an_ellipsis_inside_its_box():
    img, draw = blank()
    box = (20, 20, 260, 60)
    with recording() as log:
        text(draw, box, LONG, cv.LARGE, bold=True, min_size=cv.SMALL)
    [d] = log
    assert d.shown.endswith("…") and d.shown != LONG
    assert LONG.startswith(d.shown[:-1])
    assert d.size == cv.SMALL  # shrunk as far as allowed before shortening
    assert not d.overflows and inside(d.ink, box)
    assert inside(inked(img), box)
    assert d.ink[2] - d.ink[0] > (box[2] - box[0]) * 0.8  # the box is used, not left empty


def test_text_shrinks_before_it_is_shortened():
    img, draw = blank()
    name = "Outwit the Thousand-Eyed Council"
    width = cv._width(name, cv.LARGE, True) - 20
    with recording() as log:
        text(draw, (0, 0, width, 60), name, cv.LARGE, bold=True, min_size=cv.SMALL)
    [d] = log
    assert d.shown == name and cv.SMALL <= d.size < cv.LARGE
    assert inside(inked(img), d.box)


def test_no_room_draws_nothing():
    img, draw = blank()
    with recording() as log:
        text(draw, (10, 10, 300, 20), "Too tall for this box", cv.BODY)  # 10 px high
        text(draw, (10, 40, 14, 90), "Too wide", cv.BODY)  # 4 px wide: not even "…"
    assert [d.shown for d in log] == ["", ""]
    assert all(d.ink is None and not d.overflows for d in log)
    assert inked(img) is None


def test_a_paragraph_without_room_for_a_line_draws_nothing_and_says_so():
    img, draw = blank()
    with recording() as log:
        bottom = paragraph(draw, (10, 10, 300, 22), "Boon: discard this contract.", cv.SMALL)
    assert bottom == 10
    assert [(d.text, d.shown) for d in log] == [("Boon: discard this contract.", "")]
    assert inked(img) is None


def test_alignment_stays_in_the_box():
    img, draw = blank()
    with recording() as log:
        for align in ("left", "centre", "right"):
            text(draw, (100, 10, 400, 60), LONG, cv.BODY, align=align)  # type: ignore[arg-type]
            text(draw, (100, 70, 400, 120), "41", cv.BODY, align=align)  # type: ignore[arg-type]
    assert not any(d.overflows for d in log)
    assert inside(inked(img), (100, 10, 400, 120))


def test_a_cut_never_separates_a_letter_from_its_accent():
    name = "Zoe\u0308 " * 30  # "Zoë" spelled with a combining diaeresis
    for width in range(40, 400, 7):
        shown, _ = cv.fit(name, width, 40, cv.BODY, False, cv.BODY)
        if shown:
            kept = shown[:-1]
            assert not unicodedata.combining(name[len(kept)] if len(kept) < len(name) else "a")


def test_a_paragraph_wraps_and_ends_with_an_ellipsis_when_it_runs_out_of_room():
    img, draw = blank(600, 400)
    box = (20, 20, 320, 120)
    with recording() as log:
        bottom = paragraph(draw, box, LONG, cv.SMALL)
    lines = [d for d in log]
    assert len(lines) == 3  # 100 px fits three lines of 25 px with their gaps
    assert lines[-1].shown.endswith("…")
    assert not any(d.overflows or not inside(d.ink, box) for d in lines)
    assert bottom <= box[3]
    assert inside(inked(img), box)
    assert (
        " ".join(d.shown for d in lines[:-1]) == LONG[: len(" ".join(d.shown for d in lines[:-1]))]
    )


def test_a_paragraph_that_fits_keeps_every_word():
    _img, draw = blank(600, 400)
    s = "Discard this contract to add the die on it to one Arcane check."
    with recording() as log:
        paragraph(draw, (20, 20, 320, 300), s, cv.SMALL)
    assert " ".join(d.shown for d in log) == s
    assert not any(d.shortened for d in log)


_chars = st.sampled_from([*"AWiljMm .,-'’ÉéëÆÖQ0123456789", "\u0308", "ΩΨ", "漢", "\u00a0"])


@given(
    s=st.lists(_chars, max_size=80).map("".join),
    w=st.integers(1, 500),
    h=st.integers(1, 80),
    size=st.sampled_from([cv.SMALL, cv.BODY, cv.LARGE, cv.TITLE]),
    bold=st.booleans(),
    align=st.sampled_from(["left", "centre", "right"]),
)
def test_nothing_is_ever_drawn_outside_its_box(s, w, h, size, bold, align):
    img, draw = blank(640, 200)
    box = (60, 60, 60 + w, 60 + h)
    with recording() as log:
        text(draw, box, s, size, bold=bold, align=align, min_size=cv.SMALL)
    [d] = log
    assert not d.overflows
    ink = inked(img)
    assert ink is None or inside(ink, box), (ink, box, d.shown)
    assert d.shown == s or d.shown == "" or (d.shown.endswith("…") and s.startswith(d.shown[:-1]))
