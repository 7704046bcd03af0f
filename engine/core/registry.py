"""The games the application can host, by name."""

from __future__ import annotations

from engine.core.game import GameDefinition

_GAMES: dict[str, GameDefinition] = {}


def register(game: GameDefinition) -> GameDefinition:
    """Make `game` available under `game.name`."""
    _GAMES[game.name] = game
    return game


def get(name: str) -> GameDefinition:
    """The game called `name`; the built-in games are loaded on first use."""
    _load()
    try:
        return _GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(sorted(_GAMES))}") from None


def names() -> list[str]:
    _load()
    return sorted(_GAMES)


def _load() -> None:
    if not _GAMES:
        from games import load_builtin

        load_builtin()
