"""How guilds look in Guild Master's pictures: name, colour and symbol by seat."""

from __future__ import annotations

from bot.render.pictures.canvas import Colour, rgb
from games.guild_master.presentation.text import Names


def guild_name(names: Names, seat: int) -> str:
    """The guild's display name without its symbol (drawn as a shape beside it instead)."""
    s = names.guild(seat)
    sym = names.pack.guilds[seat].symbol
    return s[len(sym) + 1 :] if s.startswith(sym + " ") else s


def guild_colour(names: Names, seat: int) -> Colour:
    return rgb(names.pack.guilds[seat].colour)


def guild_symbol(names: Names, seat: int) -> str:
    return names.pack.guilds[seat].symbol
