"""What the picture worker keeps between pictures (bot/render/pictures/caches.py and canvas.py):
glyph runs, parts such as cards, and whole pictures. Whatever comes from a cache is the same
pixels as drawn afresh, and a picture whose input changed is drawn again."""

from __future__ import annotations

import io
import zlib

import pytest
from PIL import Image, ImageChops, ImageDraw

from bot.render.pictures import canvas as cv
from bot.render.pictures.caches import SizedCache
from engine.core.game import PUBLIC, Seat
from games.guild_master import GAME, pictures
from games.guild_master.pictures import board_image, sheet_image
from games.guild_master.presentation.text import Names
from games.guild_master.rules.content import load_pack
from games.guild_master.rules.views import PublicView, SeatView
from tests.pictures.games import phase_states

PACK = load_pack("basic")


@pytest.fixture(autouse=True)
def empty_caches():
    cv.clear_caches()
    yield
    cv.clear_caches()


def pixels(data: bytes) -> bytes:
    img = Image.open(io.BytesIO(data))
    assert img.mode == "RGB"
    return img.tobytes()


def same(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.difference(a, b).getbbox() is None


# --- the cache itself ---------------------------------------------------------------------------


def test_a_cache_keeps_no_more_bytes_than_its_budget_dropping_the_least_recently_used():
    kept: SizedCache[str] = SizedCache(100)
    kept.put("a", "A", 20)
    kept.put("b", "B", 20)
    kept.put("c", "C", 20)
    assert kept.get("a") == "A"  # now the most recently used
    kept.put("d", "D", 20)
    kept.put("e", "E", 20)
    kept.put("f", "F", 20)
    assert kept.size <= 100
    assert kept.get("b") is None  # the least recently used went first
    assert [kept.get(k) for k in "acdef"] == ["A", "C", "D", "E", "F"]


def test_an_entry_over_a_quarter_of_the_budget_is_not_kept():
    kept: SizedCache[str] = SizedCache(100)
    kept.put("small", "s", 25)
    kept.put("big", "b", 26)
    assert kept.get("big") is None and kept.get("small") == "s"


def test_putting_a_key_again_replaces_its_entry_and_its_size():
    kept: SizedCache[str] = SizedCache(100)
    kept.put("a", "old", 20)
    kept.put("a", "new", 10)
    assert kept.get("a") == "new" and kept.size == 10 and len(kept) == 1


def test_the_digest_of_equal_data_is_the_same_whatever_order_it_was_built_in():
    assert cv.digest({"b": 1, "a": frozenset({3, 1, 2})}) == cv.digest(
        {"a": frozenset({2, 3, 1}), "b": 1}
    )
    assert cv.digest(("board", 1)) != cv.digest(("board", 2))


# --- glyph runs --------------------------------------------------------------------------------

LINES = ["Azure Wardens 12", "Zoë Ångström", "田中 and 한국", "Smith 🐉 of the Forge", "…"]


@pytest.mark.parametrize("bold", [False, True])
def test_text_drawn_from_the_cache_of_glyph_runs_is_what_imagedraw_draws(bold):
    for s in LINES:
        for colour in (cv.INK, cv.VERMILION):
            drawn = []
            for _ in range(2):  # the second time from the cache
                img = Image.new("RGB", (700, 60), cv.PAPER)
                cv.text(ImageDraw.Draw(img), (10, 5, 690, 55), s, cv.BODY, bold=bold, colour=colour)
                drawn.append(img)
            plain = Image.new("RGB", (700, 60), cv.PAPER)
            draw = ImageDraw.Draw(plain)
            shown, px = cv.fit(s, 680, 50, cv.BODY, bold, cv.BODY)
            ascent, descent = cv._metrics(px, bold)
            left, _right = cv._extent(shown, px, bold)
            baseline = 5 + (50 - ascent - descent) // 2 + ascent
            for part, face, offset in cv._placed(shown, px, bold):
                font = cv._face_font(face, px, bold)
                draw.text((10 - left + offset, baseline), part, font=font, fill=colour, anchor="ls")
            assert same(drawn[0], plain), s
            assert same(drawn[1], plain), s


# --- parts -------------------------------------------------------------------------------------


def mid_game() -> tuple[PublicView, SeatView]:
    state = next(s for s in phase_states(4, 105, False) if s.round == 5)
    public, own = GAME.view(state, PUBLIC), GAME.view(state, Seat(2))
    assert isinstance(public, PublicView) and isinstance(own, SeatView)
    return public, own


def test_a_board_and_a_sheet_from_cached_parts_are_the_pictures_drawn_afresh():
    public, own = mid_game()
    names = Names(PACK, ["Kim", "", "Chris", ""])

    def drawn() -> list[Image.Image]:
        return [
            board_image.draw_board(public, PACK, names),
            sheet_image.draw_sheet(public.guilds[2], PACK, names, own.private_contracts),
        ]

    first = drawn()  # every part drawn and kept
    assert len(cv._TILES) > 10
    again = drawn()  # every part pasted
    with cv.recording():  # every part drawn in place
        direct = drawn()
    for a, b, c in zip(first, again, direct, strict=True):
        assert same(a, b) and same(a, c)


def test_a_part_covers_its_box_and_the_row_and_column_past_it_as_pillow_draws():
    key = ("a card", 1)
    img = Image.new("RGB", (100, 80), cv.PAPER)
    cv.tile(img, (5, 5, 45, 45), key, lambda _i, d, box: cv.card(d, box))
    cv.tile(img, (50, 30, 90, 70), key, lambda _i, d, box: pytest.fail("drawn again"))
    plain = Image.new("RGB", (100, 80), cv.PAPER)
    draw = ImageDraw.Draw(plain)
    cv.card(draw, (5, 5, 45, 45))
    cv.card(draw, (50, 30, 90, 70))
    assert same(img, plain)


# --- whole pictures ----------------------------------------------------------------------------


def test_a_picture_asked_for_again_unchanged_is_not_drawn_again(monkeypatch):
    public, own = mid_game()
    names = Names(PACK, ["Kim", "", "Chris", ""])
    calls: list[str] = []
    draw_board, draw_sheet = board_image.draw_board, sheet_image.draw_sheet
    monkeypatch.setattr(
        board_image, "draw_board", lambda *a: calls.append("board") or draw_board(*a)
    )
    monkeypatch.setattr(
        sheet_image, "draw_sheet", lambda *a: calls.append("sheet") or draw_sheet(*a)
    )
    first = pictures.board(public, names), pictures.guild_sheet(own, names, 2, True)
    again = pictures.board(public, names), pictures.guild_sheet(own, names, 2, True)
    assert again == first and calls == ["board", "sheet"]
    pictures.board(public, Names(PACK, ["Kim", "", "Christopher", ""]))  # another name
    pictures.guild_sheet(public, names, 2, False)  # the public sheet
    assert calls == ["board", "sheet", "board", "sheet"]


@pytest.mark.parametrize(("players", "seed"), [(2, 101), (4, 106)])
def test_every_picture_from_the_cache_is_the_picture_of_its_state(players, seed):
    """The cache is on across every phase of a game, as in the worker: each board and sheet
    has the pixels drawn afresh for its state, so nothing drawn is left out of a key."""
    names = Names(PACK, ["Kim", "", "Chris", "Zoë"][:players])
    asked = 0
    for state in phase_states(players, seed, seed == 106):
        public = GAME.view(state, PUBLIC)
        assert isinstance(public, PublicView)
        seat = state.round % players
        own = GAME.view(state, Seat(seat))
        for _ in range(2):
            board = pixels(pictures.board(public, names))
            sheet = pixels(pictures.guild_sheet(own, names, seat, True))
            asked += 2
        with cv.recording():  # drawn afresh, no part from the cache
            assert board == board_image.draw_board(public, PACK, names).tobytes()
            private = own.private_contracts if isinstance(own, SeatView) else None
            fresh = sheet_image.draw_sheet(public.guilds[seat], PACK, names, private)
            assert sheet == fresh.tobytes()
    assert cv._PICTURES.hits >= asked // 2  # the second asking of each, and unchanged ones


# --- encoding ----------------------------------------------------------------------------------


def test_the_png_holds_exactly_the_pictures_pixels_and_zlib_reads_it():
    public, _own = mid_game()
    img = board_image.draw_board(public, PACK, Names(PACK))
    data = cv.png(img)
    assert pixels(data) == img.tobytes()
    assert cv.encode_png(img, zlib.compressobj(1)) != data  # another deflater, same pixels
    assert pixels(cv.encode_png(img, zlib.compressobj(1))) == img.tobytes()
