"""Dataclasses to plain TOML data and back, with clear errors for data of the wrong shape."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Literal

import pytest

from saves.codec import CodecError, from_plain, to_plain


class Kind(enum.Enum):
    LOOP = "loop"
    PARADOX = "paradox"


@dataclass(frozen=True)
class Inner:
    name: str
    value: float = 0.0


@dataclass(frozen=True)
class Outer:
    count: int
    kind: Kind
    mode: Literal["duel", "coop"]
    items: tuple[Inner, ...]
    pair: tuple[int, str]
    table: dict[str, int]
    note: str | None = None
    flag: bool = False


SAMPLE = Outer(3, Kind.LOOP, "duel", (Inner("a", 1.5), Inner("b")), (1, "x"), {"k": 2}, None, True)


def test_round_trip() -> None:
    plain = to_plain(SAMPLE)
    assert "note" not in plain  # TOML has no null: None is left out
    assert plain["kind"] == "loop"
    assert from_plain(Outer, plain) == SAMPLE


@pytest.mark.parametrize(
    ("change", "where", "words"),
    [
        ({"count": "3"}, "count", "expected a whole number"),
        ({"count": True}, "count", "expected a whole number"),
        ({"kind": "fracture"}, "kind", "is not one of"),
        ({"mode": "solo"}, "mode", "is not one of"),
        ({"items": [{"name": 1}]}, "items[0].name", "expected text"),
        ({"pair": [1]}, "pair", "expected 2 items"),
        ({"table": {"k": "v"}}, "table.k", "expected a whole number"),
        ({"extra": 1}, "", "unknown key 'extra'"),
        ({"items": {"a": 1}}, "items", "expected an array"),
    ],
)
def test_wrong_shapes_are_named(change: dict[str, object], where: str, words: str) -> None:
    plain = {**to_plain(SAMPLE), **change}
    with pytest.raises(CodecError) as caught:
        from_plain(Outer, plain)
    assert caught.value.where == where
    assert words in caught.value.problem


def test_missing_required_field() -> None:
    plain = to_plain(SAMPLE)
    del plain["count"]
    with pytest.raises(CodecError, match="count: missing"):
        from_plain(Outer, plain)


def test_int_is_accepted_for_float() -> None:
    assert from_plain(Inner, {"name": "a", "value": 2}) == Inner("a", 2.0)
