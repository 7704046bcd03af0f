"""The pitch engine as a package: pure (it imports only the standard library and itself, so the
rules may build on it without I/O or randomness), and its vector type."""

import ast
import math
import sys
from pathlib import Path

import pytest

import games.guild_ball.pitch as pitch
from games.guild_ball.pitch import STANDARD_PITCH, Point

PACKAGE = Path(pitch.__file__).parent


def test_the_pitch_engine_imports_only_the_standard_library_and_itself():
    """No I/O, no randomness, no other package: `random` is not among its imports either."""
    found = []
    for path in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                top = name.split(".")[0]
                ours = name.startswith("games.guild_ball.pitch")
                if not ours and (top not in sys.stdlib_module_names or top == "random"):
                    found.append(f"{path.name} imports {name}")
    assert not found, found


def test_every_public_name_is_exported_and_documented():
    """The package's `__all__` names exist and each function or class has a docstring."""
    for name in pitch.__all__:
        value = getattr(pitch, name)
        if callable(value) and not isinstance(value, float):
            assert value.__doc__, name


def test_points_are_vectors():
    """(3, 4) has length 5; (1, 0) turned 90° counter-clockwise is (0, 1); sums, differences,
    scaling, dot and cross products work on plain coordinates."""
    p = Point(3, 4)
    assert p.length() == 5 and p.unit() == pytest.approx((0.6, 0.8))
    assert Point(1, 0).rotated(90) == pytest.approx((0, 1))
    assert (
        p + Point(1, 1) == (4, 5)
        and p - Point(1, 1) == (2, 3)
        and p * 2 == (6, 8)
        and 2 * p == (6, 8)
    )
    assert -p == (-3, -4)
    assert p.dot((1, 2)) == 11 and p.cross((1, 2)) == 2
    assert p.distance_to((0, 0)) == 5
    with pytest.raises(ValueError):
        Point(0, 0).unit()
    assert math.isclose(Point(1, 1).rotated(-45).x, math.sqrt(2))


def test_table_edges():
    """Side 0's table edge is y = 0, side 1's the far edge: y = 36 on a 3'×3' pitch."""
    assert STANDARD_PITCH.table_edge(0) == 0.0 and STANDARD_PITCH.table_edge(1) == 36.0


def test_terrain_and_figures_round_trip_through_the_codec():
    """ "Define and agree on terrain" is the first pre-game step: the rules record the pieces in
    an event, so they must survive msgspec's JSON (the project's codec) unchanged."""
    import msgspec

    from games.guild_ball.pitch import Base, Figure, Terrain, TerrainKind

    pieces = [
        Terrain.rectangle(TerrainKind.FOREST, 1, 2, 3, 4, "wood"),
        Terrain.polygon(TerrainKind.BARRIER, [(5, 5), (8, 5), (6.5, 7)], "chapel"),
        Terrain.circle(TerrainKind.ROUGH, 10, 10, 1.5),
    ]
    again = msgspec.json.decode(msgspec.json.encode(pieces), type=list[Terrain])
    assert again == pieces
    figure = Figure("a", Base.at(1, 2, 30), False)
    assert msgspec.json.decode(msgspec.json.encode(figure), type=Figure) == figure
