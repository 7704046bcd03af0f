"""Guild Master: the rules of the base game, event-sourced and deterministic."""

from games.guild_master.game import GAME, GuildMaster

__all__ = ["GAME", "GuildMaster"]
