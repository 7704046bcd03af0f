"""The built-in games, each in its own package. `load_builtin()` registers all of them."""

from importlib import import_module

BUILTIN = ("games.guild_master",)


def load_builtin() -> None:
    """Import every built-in game package and register its `GAME`."""
    from engine.core.registry import register

    for module in BUILTIN:
        register(import_module(module).GAME)
