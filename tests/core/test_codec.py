"""The codec (`engine.core.codec`): an event stored at its type's current version is decoded
straight to its type, one parse; an older one is upcast one version at a time, even when its
JSON would also fit today's type."""

from __future__ import annotations

import msgspec
import pytest

from engine.core.codec import Codec


class Paid(msgspec.Struct, tag=True, tag_field="type", frozen=True):
    """Version 1 stored gold as `gold`; version 2 as `amount`, in tenths."""

    amount: int = 0
    note: str = ""
    version = 2


class Rested(msgspec.Struct, tag=True, tag_field="type", frozen=True):
    seat: int


def _v1_to_v2(raw: dict) -> dict:
    return {**raw, "amount": raw.pop("gold") * 10}


CODEC = Codec([Paid, Rested], {("Paid", 1): _v1_to_v2})


def test_an_event_at_its_current_version_decodes_to_its_type():
    assert CODEC.decode(b'{"type":"Paid","amount":7,"note":"fee"}', 2) == Paid(7, "fee")
    assert CODEC.decode('{"type":"Rested","seat":3}', 1) == Rested(seat=3)


def test_an_older_event_that_also_fits_todays_type_is_still_upcast():
    """Version 1's `{"gold": 4}` decodes as today's Paid too (unknown fields are ignored and
    `amount` has a default), which would silently give 0: the stored version decides."""
    assert CODEC.decode(b'{"type":"Paid","gold":4}', 1) == Paid(amount=40)


def test_an_event_of_a_version_newer_than_the_program_is_refused():
    with pytest.raises(ValueError, match="newer"):
        CODEC.decode(b'{"type":"Paid","amount":4}', 3)


def test_an_unknown_type_is_refused_by_name():
    with pytest.raises(ValueError, match="unknown type 'Vanished'"):
        CODEC.decode(b'{"type":"Vanished","seat":1}', 1)


def test_a_current_event_that_does_not_fit_its_type_is_refused():
    with pytest.raises(msgspec.ValidationError, match="seat"):
        CODEC.decode(b'{"type":"Rested","seat":"north"}', 1)


def test_the_json_of_a_current_event_is_parsed_once(monkeypatch):
    """Only an older version is parsed a second time, to plain values, for its upcasters."""
    parsed = []
    decode = msgspec.json.decode

    def counting(data, *args, **kwargs):
        parsed.append(data)
        return decode(data, *args, **kwargs)

    monkeypatch.setattr(msgspec.json, "decode", counting)
    CODEC.decode(b'{"type":"Paid","amount":7}', 2)
    assert parsed == []
    CODEC.decode(b'{"type":"Paid","gold":4}', 1)
    assert parsed == [b'{"type":"Paid","gold":4}']
