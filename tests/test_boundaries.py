"""The seams between the core and the games, checked on the source.

- The engine core (`engine/`) and the bot core (`bot/`) import no game package: they reach the
  games only through the registry (`games`, the list of built-in games) by name.
- A game imports no other game.
- A game's rules (`games/<game>/rules/`) import only the standard library, msgspec, the engine
  core and the game's own rules: no Discord, no database, no presentation, no other game.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAMES = sorted(p.name for p in (ROOT / "games").iterdir() if (p / "__init__.py").is_file())
RULES_MAY_USE = ("msgspec", "engine.core")


def imports(path: Path) -> Iterator[tuple[int, str]]:
    """Every module `path` imports (at any depth of the file), with its line."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            yield node.lineno, node.module
            if node.module == "games":  # `from games import guild_master` imports a game too
                for alias in node.names:
                    yield node.lineno, f"games.{alias.name}"


def sources(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.py"))


def within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def game_of(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] == "games" and len(parts) > 1 and parts[1] in GAMES:
        return parts[1]
    return None


def test_there_are_games_to_check():
    assert {"guild_master", "town"} <= set(GAMES)


@pytest.mark.parametrize("core", ["engine", "bot"])
def test_the_core_imports_no_game(core):
    """The engine core reaches games only through the registry, by name; the bot core finds a
    game's rules and presentation by the game's name (bot/hosted.py)."""
    found = [
        f"{path.relative_to(ROOT)}:{line} imports {module}"
        for path in sources(ROOT / core)
        for line, module in imports(path)
        if game_of(module)
    ]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("game", GAMES)
def test_a_game_imports_no_other_game(game):
    found = [
        f"{path.relative_to(ROOT)}:{line} imports {module}"
        for path in sources(ROOT / "games" / game)
        for line, module in imports(path)
        if game_of(module) not in (None, game)
    ]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("game", GAMES)
def test_a_games_rules_import_only_the_engine_core(game):
    """ "A game's rules import only the engine core" (and the standard library and msgspec),
    besides their own game's pure parts beside them: its content (cards as data, as other games
    keep in rules/content.py) and a pitch's geometry (Guild Ball's measures and moves)."""
    own = tuple(f"games.{game}.{part}" for part in ("rules", "content", "pitch"))
    found = []
    for path in sources(ROOT / "games" / game / "rules"):
        for line, module in imports(path):
            top = module.split(".")[0]
            allowed = (
                top in sys.stdlib_module_names
                or top == "__future__"
                or any(within(module, p) for p in (*own, *RULES_MAY_USE))
            )
            if not allowed:
                found.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    assert not found, "\n".join(found)
