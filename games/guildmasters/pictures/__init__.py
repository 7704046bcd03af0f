"""Pictures of Guildmasters, as PNG bytes drawn with Pillow.

- `board(view, names)`: the quest board (three quests of each level, their requisites, prestige
  and rewards), the tavern and the reward recruits, the cycle supply, the deck and discard pile.
- `tableaux(view, names, me)`: every guild's tableau (prestige, influence, quests fulfilled with
  their shields, recruits and which are used, cycle tokens, forces, hand size); `me` is outlined.

Both are pure functions of the public view and the players' display names;
`bot.render.pictures.render_async` runs them in the picture worker.
"""

from games.guildmasters.pictures.drawing import board, tableaux

__all__ = ["board", "tableaux"]
