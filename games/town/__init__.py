"""Founders' Town: a card game of founding a medieval town, event-sourced and deterministic."""

from games.town.game import GAME, FoundersTown

__all__ = ["GAME", "FoundersTown"]
