"""The game-agnostic core: decisions, views, recorded randomness, codecs, errors, registry."""

from engine.core.codec import Codec, schema_version, type_name
from engine.core.errors import RuleError
from engine.core.game import PUBLIC, Audience, Decision, GameDefinition, Public, Seat, replay
from engine.core.registry import get, names, register
from engine.core.rng import Dice, Rng, seeded

__all__ = [
    "PUBLIC",
    "Audience",
    "Codec",
    "Decision",
    "Dice",
    "GameDefinition",
    "Public",
    "Rng",
    "RuleError",
    "Seat",
    "get",
    "names",
    "register",
    "replay",
    "schema_version",
    "seeded",
    "type_name",
]
