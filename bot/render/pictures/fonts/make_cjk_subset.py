"""Make NotoSansCJK-Subset.otf, the pictures' fallback for Chinese, Japanese and Korean text.

    python bot/render/pictures/fonts/make_cjk_subset.py NotoSansCJK-Regular.ttc

The source is Debian's fonts-noto-cjk (`apt-get download fonts-noto-cjk`, then `dpkg-deb -x`;
the file is /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc). The whole font is 20 MB;
the subset keeps what names are written with: kana, the CJK punctuation and full-width forms,
Hangul jamo and the 2,350 Hangul syllables of KS X 1001, and the ideographs of GB 2312 (the
6,763 of simplified Chinese), JIS X 0208 (the 6,355 kanji of Japanese) and Big5's first level
(the 5,401 frequent traditional ones). The lists come from Python's own codecs, so this script
needs no data file. It is run by hand when the subset changes; the bot only reads the result.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection

JAPANESE_FACE = 0  # the .ttc's faces: JP, KR, SC, TC, HK; one is kept, in its regional forms
OUTPUT = Path(__file__).with_name("NotoSansCJK-Subset.otf")

RANGES = [
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0x3040, 0x30FF),  # hiragana, katakana
    (0x3130, 0x318F),  # Hangul compatibility jamo
    (0x31F0, 0x31FF),  # katakana phonetic extensions
    (0xFF00, 0xFFEF),  # half-width and full-width forms
]


def _decoded(codec: str, rows: range, cells: range) -> set[int]:
    """The characters of a two-byte legacy character set, rows × cells, as Python decodes them."""
    found = set()
    for row in rows:
        for cell in cells:
            try:
                found.update(ord(c) for c in bytes((row, cell)).decode(codec))
            except UnicodeDecodeError:
                continue
    return found


def characters() -> set[int]:
    """The code points the subset keeps."""
    chars = {c for low, high in RANGES for c in range(low, high + 1)}
    chars |= _decoded("gb2312", range(0xB0, 0xF8), range(0xA1, 0xFF))  # GB 2312 hanzi
    chars |= _decoded("euc_jp", range(0xB0, 0xF5), range(0xA1, 0xFF))  # JIS X 0208 kanji
    chars |= _decoded("big5", range(0xA4, 0xC7), range(0x40, 0xFF))  # Big5 level 1
    chars |= _decoded("euc_kr", range(0xB0, 0xC9), range(0xA1, 0xFF))  # KS X 1001 Hangul
    return chars


def main(source: str) -> None:
    """Write the subset of the .ttc at `source` next to this script."""
    face = TTCollection(source).fonts[JAPANESE_FACE]
    options = subset.Options()
    options.layout_features = []  # BASIC layout draws the cmap's glyphs; no shaping tables
    options.name_IDs = ["*"]  # keep the copyright and licence records
    options.notdef_outline = True
    options.hinting = False  # drawn at 21–36 px, antialiased: hints add size, not legibility
    sub = subset.Subsetter(options)
    sub.populate(unicodes=sorted(characters()))
    sub.subset(face)
    face.save(OUTPUT)
    print(f"{OUTPUT}: {OUTPUT.stat().st_size:,} bytes, {len(characters()):,} characters")


if __name__ == "__main__":
    main(sys.argv[1])
