"""The built-in games, each in its own package: the one registry line a new game adds to.

A game package exports `GAME` (its rules, a `GameDefinition`); the bot finds the rest of the
game — its presentation, its command-line tools, its scenario support — as modules of the same
package, by the game's name (`package`)."""

from importlib import import_module

BUILTIN = (
    "games.guild_master",
    "games.town",
    "games.winterforge",
    "games.guildmasters",
    "games.guild_ball",
)


def load_builtin() -> None:
    """Import every built-in game package and register its `GAME`."""
    from engine.core.registry import register

    for module in BUILTIN:
        register(import_module(module).GAME)


def package(name: str) -> str:
    """The package of the built-in game called `name` (KeyError if none is)."""
    for module in BUILTIN:
        if import_module(module).GAME.name == name:
            return module
    raise KeyError(f"unknown game {name!r}")
