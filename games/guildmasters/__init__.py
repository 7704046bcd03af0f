"""Guildmasters: guilds of adventurers drafting, using abilities and fulfilling quests for
prestige, event-sourced and deterministic."""

from games.guildmasters.game import GAME, Guildmasters

__all__ = ["GAME", "Guildmasters"]
