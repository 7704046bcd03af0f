"""Built-in players of Guildmasters: `RandomPlayer` (random legal moves) and `BuiltinPlayer`
(drafts for its quests, fulfils the best one it can, spends cards only where they pay)."""

from games.guildmasters.players.random_player import RandomPlayer
from games.guildmasters.players.strategy import BuiltinPlayer

__all__ = ["BuiltinPlayer", "RandomPlayer"]
