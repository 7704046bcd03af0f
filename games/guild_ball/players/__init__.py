"""Built-in players of Guild Ball: `RandomPlayer` (random legal moves) and `BuiltinPlayer`
(goes for the ball, shoots when the odds are good, attacks the ball carrier, takes models out)."""

from games.guild_ball.players.random_player import RandomPlayer
from games.guild_ball.players.strategy import BuiltinPlayer

__all__ = ["BuiltinPlayer", "RandomPlayer"]
