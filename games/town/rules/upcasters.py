"""Upcasters for old event versions: (type name, version) -> a function from that version's JSON
object to the next version's. Every event is at version 1 so far."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

UPCASTERS: dict[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = {}
