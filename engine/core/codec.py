"""Events and commands to and from JSON, with stable type names and schema versions.

Each event class carries `version` (a class variable, 1 unless bumped). A stored event records its
type name and version; an older version is passed through the game's upcasters, one version at a
time, before it is decoded, so old logs keep loading after upgrades.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Union

import msgspec

Upcaster = Callable[[dict[str, Any]], dict[str, Any]]


def type_name(obj: Any) -> str:
    """The stable name of an event or command type (its msgspec tag)."""
    return type(obj).__struct_config__.tag


def schema_version(cls_or_obj: Any) -> int:
    return getattr(cls_or_obj, "version", 1)


class Codec:
    """Encodes and decodes one game's tagged structs (events or commands)."""

    def __init__(self, types: Iterable[type], upcasters: Mapping[tuple[str, int], Upcaster]):
        self.types = tuple(types)
        self._by_name = {t.__struct_config__.tag: t for t in self.types}
        self._union = Union[self.types]  # noqa: UP007 (a runtime union of classes)
        self._encoder = msgspec.json.Encoder()
        self._decoder = msgspec.json.Decoder(self._union)
        self._many = msgspec.json.Decoder(list[self._union])
        self._upcasters = dict(upcasters)

    def encode(self, obj: Any) -> bytes:
        return self._encoder.encode(obj)

    def encode_many(self, objs: list[Any]) -> bytes:
        return self._encoder.encode(objs)

    def version_of(self, name: str) -> int:
        return schema_version(self._by_name[name])

    def decode(self, data: bytes | str, version: int | None = None) -> Any:
        """Decode one JSON object; `version` is the schema version it was written with.

        The JSON is parsed once for an object written at its type's current version (nearly
        every stored event): straight to its type, whose tag names it, and kept when its type is
        at `version`. Only an older one (which may not even fit today's type) is parsed again,
        to plain values, and upcast."""
        if version is None:
            return self._decoder.decode(data)
        try:
            obj = self._decoder.decode(data)
        except msgspec.ValidationError:
            obj = None  # not today's shape: an older version, or no such type
        if obj is not None and version == schema_version(type(obj)):
            return obj
        raw = msgspec.json.decode(data)
        name = raw.get("type")
        if name not in self._by_name:
            raise ValueError(f"unknown type {name!r}")
        if version == schema_version(self._by_name[name]):
            return self._decoder.decode(data)  # raises what does not fit today's type
        return self.from_builtins(self.upcast(raw, version))

    def decode_many(self, data: bytes | str) -> list[Any]:
        """Decode a JSON array written at the current schema versions."""
        return self._many.decode(data)

    def upcast(self, raw: dict[str, Any], version: int) -> dict[str, Any]:
        name = raw["type"]
        target = schema_version(self._by_name[name])
        if version > target:
            raise ValueError(f"{name} v{version} is newer than this program (v{target})")
        while version < target:
            step = self._upcasters.get((name, version))
            if step is None:
                raise ValueError(f"no upcaster for {name} v{version}")
            raw = step(dict(raw))
            version += 1
        return raw

    def to_builtins(self, obj: Any) -> Any:
        return msgspec.to_builtins(obj)

    def from_builtins(self, raw: Any) -> Any:
        return msgspec.convert(raw, self._union)
