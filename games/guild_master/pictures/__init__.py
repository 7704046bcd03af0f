"""Pictures of a game of Guild Master, as PNG bytes drawn with Pillow, from views only:

- `board(view, names)`: the board everybody sees (round and moon, Fame, Builder Cost, the
  adventurer and contract spots); face-down cards show only their back.
- `reveal(view, names)`: in the Action Phase, every guild's revealed orders side by side
  (team, objective, Gold; never the plans).
- `guild_sheet(view, names, seat, private)`: one guild's adventurers, upgrades, Gold and
  completed contracts; with `private=True` (the guild's own view) also its private contracts,
  for its own DM only.
- `final(view, names)`: the standings with where each guild's Fame came from, and a chart of
  Fame over the rounds.

They are drawn in the bot's picture worker (`render_async`, re-exported here).
"""

from bot.render.pictures import render_async
from games.guild_master.pictures.board_image import board
from games.guild_master.pictures.final_image import final
from games.guild_master.pictures.reveal_image import reveal
from games.guild_master.pictures.sheet_image import guild_sheet

__all__ = ["board", "final", "guild_sheet", "render_async", "reveal"]
