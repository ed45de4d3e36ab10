"""Ways to damage a valid save file, each a (name, bytes) case for the damaged-saves test."""

from __future__ import annotations

import random
import tomllib
from collections.abc import Iterator
from typing import Any

import tomli_w

Case = tuple[str, bytes]


def truncations(original: bytes) -> Iterator[Case]:
    """Cut the file at lengths from every class: empty, tiny, header, middle, end."""
    size = len(original)
    lengths = {0, 1, 2, 7, 16, size // 4, size // 3, size // 2, 2 * size // 3, size - 2, size - 1}
    lengths |= {int(size * k / 40) for k in range(40)}
    for length in sorted(n for n in lengths if 0 <= n < size):
        yield f"truncated to {length} bytes", original[:length]


def byte_flips(original: bytes, rng: random.Random, count: int) -> Iterator[Case]:
    """Change one to three random bytes to random values."""
    for number in range(count):
        damaged = bytearray(original)
        for _ in range(rng.randint(1, 3)):
            damaged[rng.randrange(len(damaged))] = rng.randrange(256)
        yield f"byte flip {number}", bytes(damaged)


def _leaves(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _leaves(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _leaves(value, (*path, index))
    else:
        yield path


def _replaced(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    head, *rest = path
    if isinstance(data, dict):
        return {**data, head: _replaced(data[head], tuple(rest), value)}
    copy = list(data)
    copy[head] = _replaced(copy[head], tuple(rest), value)
    return copy


STRANGE_VALUES: list[Any] = [
    "text",
    -1,
    10**18,
    -(10**18),
    1.5e300,
    True,
    [],
    {},
    [1, "two"],
    {"nested": {"deeper": [1]}},
    "",
    "x" * 5000,
]


def wrong_values(original: bytes, rng: random.Random, count: int) -> Iterator[Case]:
    """Put a value of another type (or a huge one) in a random place of the document."""
    data = tomllib.loads(original.decode("utf-8"))
    leaves = list(_leaves(data))
    for number in range(count):
        path = rng.choice(leaves)
        value = rng.choice(STRANGE_VALUES)
        damaged = _replaced(data, path, value)
        yield f"value {number} at {'.'.join(map(str, path))} = {value!r:.30}", _dump(damaged)


def structural(original: bytes, other_games: list[bytes]) -> Iterator[Case]:
    """Unknown keys, missing keys, a future format, another game's actions, nesting, encodings."""
    data = tomllib.loads(original.decode("utf-8"))
    yield "unknown top-level key", _dump({**data, "surprise": 1})
    yield "unknown setup key", _dump({**data, "setup": {**data["setup"], "surprise": 1}})
    if "records" in data:
        yield from _record_cases(data)
    elif data["actions"]:
        first = {**data["actions"][0], "surprise": "x"}
        yield "unknown action key", _dump({**data, "actions": [first, *data["actions"][1:]]})
        unknown = {**data["actions"][0], "action": "NoSuchAction"}
        yield "unknown action", _dump({**data, "actions": [unknown]})
        yield (
            "action without a name",
            _dump(
                {
                    **data,
                    "actions": [{k: v for k, v in data["actions"][0].items() if k != "action"}],
                }
            ),
        )
    for key in list(data):
        yield f"missing {key}", _dump({k: v for k, v in data.items() if k != key})
    yield "future format", _dump({**data, "format": 99})
    yield "format zero", _dump({**data, "format": 0})
    yield "format as text", _dump({**data, "format": "1"})
    yield "another game's id", _dump({**data, "game": "chess"})
    yield "id not matching the file", _dump({**data, "id": "someone-else"})
    yield "naive datetime", original.replace(b"+00:00", b"", 1)
    for index, other in enumerate(other_games):
        other_data = tomllib.loads(other.decode("utf-8"))
        for steps in ("actions", "records"):
            if steps in data and steps in other_data:
                yield f"{steps} of another game {index}", _dump({**data, steps: other_data[steps]})
        yield f"setup of another game {index}", _dump({**data, "setup": other_data["setup"]})
    yield "deeply nested array", b"format = 1\nx = " + b"[" * 3000 + b"1" + b"]" * 3000 + b"\n"
    nested_tables = "\n".join("[" + ".".join(["t"] * n) + "]" for n in range(1, 400))
    yield "deeply nested tables", original + b"\n" + nested_tables.encode()
    yield "invalid UTF-8", original.replace(b'title = "', b'title = "\xff\xfe', 1)
    yield "UTF-16", original.decode("utf-8").encode("utf-16")
    yield "empty", b""
    yield "only whitespace", b"   \n\n\t\n"
    yield "NUL bytes", original[:20] + b"\x00" * 10 + original[20:]
    yield "binary noise", bytes(random.Random(1).randrange(256) for _ in range(2000))
    yield "a list at the top", b"[[actions]]\naction = 1\n"
    yield "duplicate key", original + b"\nformat = 1\n"


def _record_cases(data: dict[str, Any]) -> Iterator[Case]:
    """A format 2 save's records damaged: an unknown key or action, a number out of order, an
    undo of a record that is not the last, a record of two kinds at once."""
    records = data["records"]
    if not records:
        return
    key, first = next(iter(records.items()))
    rest = {k: v for k, v in records.items() if k != key}

    def with_first(record: Any, name: str = key) -> bytes:
        return _dump({**data, "records": {name: record, **rest}})

    yield "unknown record key", with_first({**first, "surprise": "x"})
    yield "record out of order", with_first(first, "r99")
    yield "record of two kinds", with_first({**first, "undo": 1})
    yield "record of no kind", with_first({k: v for k, v in first.items() if k not in KINDS})
    if "do" in first:
        yield "unknown action", with_first({**first, "do": {**first["do"], "action": "Nope"}})
        nameless = {k: v for k, v in first["do"].items() if k != "action"}
        yield "action without a name", with_first({**first, "do": nameless})
    last = len(records)
    undo = {f"r{last + 1}": {"undo": last + 7}}
    yield "undo of a record to come", _dump({**data, "records": {**records, **undo}})


KINDS = ("do", "undo", "redo", "details")


def _dump(data: dict[str, Any]) -> bytes:
    return tomli_w.dumps(data).encode("utf-8")


def all_cases(
    original: bytes, other_games: list[bytes], seed: int, random_count: int
) -> list[Case]:
    """Every damage case for one valid save."""
    rng = random.Random(seed)
    cases = list(truncations(original))
    cases += byte_flips(original, rng, random_count)
    cases += wrong_values(original, rng, random_count)
    cases += structural(original, other_games)
    return cases
