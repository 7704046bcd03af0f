"""Names in Chinese, Japanese, Korean and emoji (issue 20): DejaVu Sans has none of their glyphs,
so they were drawn as boxes ("tofu") in every picture. The shared text drawing
(`bot/render/pictures/canvas.py`) now draws each character in the first shipped font that has it:
the Noto CJK subset and Noto Emoji after DejaVu Sans."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.render.pictures import canvas as cv
from bot.render.pictures.canvas import recording
from engine.core.game import PUBLIC
from games.guild_master import GAME
from games.guild_master.pictures.board_image import draw_board
from games.guild_master.pictures.final_image import draw_final
from games.guild_master.presentation.text import Names
from games.guild_master.rules.content import load_pack
from games.town import GAME as TOWN
from games.town.pictures.standings import draw_standings
from games.town.pictures.towns import draw_towns
from games.town.players.simulate import play as play_town
from tests.pictures.games import phase_states

NAMES = ["田中", "한국", "🐉 Drake", "Kim"]


def test_every_character_of_these_names_is_in_a_shipped_font() -> None:
    for name in [*NAMES, "山田 花子", "김민준", "王小明", "🎲🏰", "Zoë"]:
        assert cv.missing(name) == [] and cv.missing(name, bold=True) == [], name
        for part, face in cv.runs(name):
            if face != cv.PRIMARY:  # the font a run is drawn in has every one of its glyphs
                assert all(ord(c) in cv.covered(cv.FALLBACKS[face - 1]) for c in part), part
    assert cv.runs("田中") == (("田中", 1),) and cv.runs("🐉 Drake")[0] == ("🐉", 2)
    assert cv.runs("Kim") == (("Kim", cv.PRIMARY),)  # a Latin line is one run of DejaVu Sans


def _cells(draw_line: str, use_fallback: bool) -> tuple[bytes, bytes]:
    """The pixels of the two characters of `draw_line`, drawn side by side."""
    img = Image.new("RGB", (200, 60), cv.WHITE)
    draw = ImageDraw.Draw(img)
    if use_fallback:
        cv.text(draw, (0, 0, 200, 60), draw_line, cv.LARGE)
        first = cv._extent(draw_line[0], cv.LARGE, False)[1]
    else:
        f = cv.font(cv.LARGE)
        draw.text((0, 40), draw_line, font=f, fill=cv.INK, anchor="ls")
        first = round(f.getlength(draw_line[0]))
    return img.crop((0, 0, first, 60)).tobytes(), img.crop((first, 0, 2 * first, 60)).tobytes()


def test_the_glyphs_are_drawn_not_boxes() -> None:
    """Two different characters drawn in DejaVu Sans alone are the same box; through the shared
    text drawing they are two different glyphs."""
    for pair in ("田中", "한국", "🐉🎲"):
        tofu = _cells(pair, use_fallback=False)
        assert tofu[0] == tofu[1], pair  # what the pictures drew before: twice the same box
        drawn = _cells(pair, use_fallback=True)
        assert drawn[0] != drawn[1], pair
        assert drawn[0] != tofu[0], pair


def _check(log: list[cv.Drawn], where: str) -> None:
    texts = [d.shown for d in log]
    for name in NAMES:
        assert any(name.split()[0] in t for t in texts), f"{where}: {name} not drawn"
    for d in log:
        assert cv.missing(d.shown) == [], f"{where}: {d.shown!r} has boxes"
        assert not d.overflows, f"{where}: {d.shown!r} outside its box"


def test_guild_master_pictures_with_these_names_have_no_boxes() -> None:
    names = Names(load_pack("basic"), NAMES)
    final = GAME.view(phase_states(4, 105, False)[-1], PUBLIC)
    with recording() as log:
        draw_board(final, names.pack, names)
        draw_final(final, names)
    _check(log, "Guild Master")


def test_founders_town_pictures_with_these_names_have_no_boxes() -> None:
    _, state, _ = play_town(4, 7, seats=("random",) * 4)
    view = TOWN.view(state, PUBLIC)
    with recording() as log:
        draw_standings(view, tuple(NAMES))
        draw_towns(view, tuple(NAMES))
    _check(log, "Founders' Town")
