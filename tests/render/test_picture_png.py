"""The picture worker's PNG encoder (bot/render/pictures/canvas.py, `encode_png`): the rows are
packed by Pillow a strip at a time with a byte of padding after each, which becomes the next
row's filter byte. Whatever the picture's height against the strip, the PNG decodes to exactly
its pixels, and its deflated stream is each row after a filter byte 0 (none)."""

from __future__ import annotations

import io
import random
import struct
import zlib

import pytest
from PIL import Image, ImageDraw

from bot.render.pictures import canvas as cv


def noisy(width: int, height: int, seed: int) -> Image.Image:
    """A picture whose every row differs, with flat parts and text besides."""
    rng = random.Random(seed)
    img = Image.new("RGB", (width, height), cv.PAPER)
    img.putdata(
        [
            (rng.randrange(256), rng.randrange(256), rng.randrange(256))
            for _ in range(width * height)
        ]
    )
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, width // 3, height // 2), fill=cv.SKY)
    cv.text(draw, (2, 0, width, min(height, 30)), "Azure Wardens 12", cv.SMALL)
    return img


def idat(data: bytes) -> bytes:
    """The PNG's image data, inflated."""
    at, out = 8, b""
    while at < len(data):
        (size,) = struct.unpack(">I", data[at : at + 4])
        kind = data[at + 4 : at + 8]
        if kind == b"IDAT":
            out += data[at + 8 : at + 8 + size]
        at += 12 + size
    return zlib.decompress(out)


@pytest.mark.parametrize(
    "height", [1, 2, cv.PNG_STRIP - 1, cv.PNG_STRIP, cv.PNG_STRIP + 1, 3 * cv.PNG_STRIP, 200]
)
@pytest.mark.parametrize("width", [1, 7, 333])
def test_the_png_decodes_to_exactly_the_pictures_pixels_whatever_its_height(width, height):
    img = noisy(width, height, width * 1000 + height)
    data = cv.png(img)
    back = Image.open(io.BytesIO(data))
    assert back.mode == "RGB" and back.size == img.size
    assert back.tobytes() == img.tobytes()


def test_each_row_of_the_png_is_its_filter_byte_none_then_its_pixels():
    img = noisy(51, 2 * cv.PNG_STRIP + 9, 7)
    rows = idat(cv.png(img))
    stride = 51 * 3
    assert len(rows) == img.height * (stride + 1)
    packed = img.tobytes()
    for y in range(img.height):
        assert rows[y * (stride + 1)] == 0
        assert (
            rows[y * (stride + 1) + 1 : (y + 1) * (stride + 1)]
            == packed[y * stride : (y + 1) * stride]
        )


def test_any_deflater_gives_the_same_pixels():
    img = noisy(120, cv.PNG_STRIP + 3, 3)
    for deflater in (zlib.compressobj(1), zlib.compressobj(9), zlib.compressobj(0)):
        assert Image.open(io.BytesIO(cv.encode_png(img, deflater))).tobytes() == img.tobytes()


def test_only_rgb_pictures_are_encoded():
    with pytest.raises(ValueError, match="RGB"):
        cv.png(Image.new("RGBA", (4, 4)))
