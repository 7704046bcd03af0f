"""Pictures of Smiths of Winterforge, as PNG bytes drawn with Pillow.

- `board(view, names)`: the city (Precincts, links, Smiths, Prime Positions, Alleyways), the job
  track, the Market, the Tavern, the Bank, the decks and the turn (and the solo game's Event).
- `sheet(view, seat, names, own=None)`: one guild's sheet; with `own`, that seat's own view (for
  its DM only), its hand, Royal Contract and Faith too.
- `forge(view, forged, names)`: one forge, its dice drawn as their shapes, line by line.
- `standings(view, names)`: the final scoring table, ranking and tie-break (solo: Reputation).

All are pure functions of views (never the state) and the players' display names;
`bot.render.pictures.render_async` runs them in the picture worker. Skill types, materials, guilds
and dice each have a letter, a number or a shape besides their colour.
"""

from games.winterforge.pictures.board_image import board
from games.winterforge.pictures.forge_image import forge
from games.winterforge.pictures.sheet_image import sheet
from games.winterforge.pictures.standings_image import standings

__all__ = ["board", "forge", "sheet", "standings"]
