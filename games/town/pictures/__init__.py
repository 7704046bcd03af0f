"""Pictures of Founders' Town, as PNG bytes drawn with Pillow.

- `towns(view, names)`: every player's points per category (a crown on each category's leader)
  and every town grouped by category, each built card marked with whether its bonus is earned.
- `standings(view, names)`: the ranking with the categories each player leads.

Both are pure functions of the public view (`games.town.rules.views.PublicView`) and the players'
display names, so nothing secret can reach them; `bot.render.pictures.render_async` runs them in
the picture worker. Each category has a colour of Paul Tol's colour-blind-safe "muted" scheme
and is always drawn with its letter too, so colour is never the only cue.
"""

from games.town.pictures.standings import standings
from games.town.pictures.towns import towns

__all__ = ["standings", "towns"]
