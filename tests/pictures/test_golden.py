"""Golden image: the board of a fixed 4-player mid-game state, compared pixel by pixel with a
tolerance (fonts may rasterise a little differently with another FreeType).

The state is kept as JSON next to the PNG (golden/board_4p.json), so the test does not depend on
how the built-in players play. After an intended change to the board's look, regenerate both:

    PICTURES_GOLDEN=regenerate python -m pytest tests/pictures/test_golden.py

then look at golden/board_4p.png before committing it. On a mismatch the picture drawn is written
next to the test's temporary files and its path is in the failure message.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import msgspec
import pytest
from PIL import Image, ImageChops, ImageStat

from engine.core.game import PUBLIC
from games.guild_master import GAME, pictures
from games.guild_master.presentation.text import Names
from games.guild_master.rules.content import load_pack
from games.guild_master.rules.state import ActionStep, GameState
from tests.pictures.games import phase_states

GOLDEN = Path(__file__).with_name("golden")
STATE = GOLDEN / "board_4p.json"
IMAGE = GOLDEN / "board_4p.png"
PLAYERS = ["Kim", "", "Christopher the Magnificent of Somewhere Far", ""]
# Mean absolute difference per channel (0–255) allowed over the whole picture, and the share of
# pixels allowed to differ by more than a quarter of the range.
MEAN_TOLERANCE = 1.5
PIXEL_TOLERANCE = 0.01


def golden_state() -> GameState:
    """4 players, seed 105: the Action Phase of Round 5 (orders revealed, a Half Moon)."""
    return next(
        s for s in phase_states(4, 105, False) if s.round == 5 and isinstance(s.step, ActionStep)
    )


def test_the_board_matches_the_golden_image(tmp_path):
    if os.environ.get("PICTURES_GOLDEN") == "regenerate":
        state = golden_state()
        STATE.write_bytes(msgspec.json.format(msgspec.json.encode(state)) + b"\n")
        names = Names(load_pack(state.pack), PLAYERS)
        IMAGE.write_bytes(pictures.board(GAME.view(state, PUBLIC), names))
        pytest.skip(f"regenerated {IMAGE} and {STATE}")
    state = msgspec.json.decode(STATE.read_bytes(), type=GameState)
    names = Names(load_pack(state.pack), PLAYERS)
    drawn = Image.open(io.BytesIO(pictures.board(GAME.view(state, PUBLIC), names)))
    golden = Image.open(IMAGE)
    out = tmp_path / "board_4p.png"
    drawn.save(out)
    assert drawn.size == golden.size, f"size {drawn.size} != golden {golden.size}; see {out}"
    diff = ImageChops.difference(drawn.convert("RGB"), golden.convert("RGB"))
    mean = sum(ImageStat.Stat(diff).mean) / 3
    assert mean <= MEAN_TOLERANCE, f"mean difference {mean:.2f}; see {out}"
    big = diff.convert("L").point(lambda v: 255 if v > 64 else 0)
    share = ImageStat.Stat(big).mean[0] / 255
    assert share <= PIXEL_TOLERANCE, f"{share:.2%} of pixels differ a lot; see {out}"
