"""Smiths of Winterforge: guilds of smiths forging contracts for the Royal Family, event-sourced and
deterministic."""

from games.winterforge.game import GAME, SmithsOfWinterforge

__all__ = ["GAME", "SmithsOfWinterforge"]
