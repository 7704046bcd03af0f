"""Guild Ball (Season 4 core rules), the Introductory game: the pitch engine (`pitch`), the teams
and game plans (`content`), the rules (`rules`, `game.py`), built-in players, pictures and the
Discord presentation; event-sourced and deterministic."""

from games.guild_ball.game import GAME, GuildBall

__all__ = ["GAME", "GuildBall"]
