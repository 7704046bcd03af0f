"""What the bot core does for a presentation, done by hand for tests: `Table`s and `Seen`s made
from real states of Guildmasters through `GAME.view` and `GAME.event_view`, a fake `Ask` that
carries commands out on a state it holds, and games played step by step by built-in or random
players (`bot.presentation_kit`).

    for step in playout(players=3, seed=1):
        seen = step.seen(PUBLIC)          # the update as the channel sees it
        table = step.table(Seat(2))       # seat 2's table after it
"""

from __future__ import annotations

from bot.presentation_kit import Kit
from bot.presentation_kit import Step as Step
from bot.presentation_kit import action_of as action_of
from bot.presentation_kit import arg_of as arg_of
from bot.presentation_kit import controls as controls
from bot.presentation_kit import find as find
from bot.presentation_kit import has as has
from bot.presentation_kit import texts as texts
from games.guildmasters import GAME

# Display names that are no class's or quest's name nor part of one.
NAMES = ("Ana", "Bo", "Cyrus", "Dana")

KIT = Kit(GAME, NAMES)
GAME_ID, table, step, new_game, playout, FakeAsk = KIT.helpers()
