"""Frozen dataclasses to plain TOML data and back, with every value's type checked on the way in.

Supported field types: bool, int, float, str, Literal, Enum, nested dataclasses, `tuple[X, ...]`,
fixed tuples, `dict[str, X]` and `X | None` (None is left out of the file, since TOML has no null).
"""

from __future__ import annotations

import dataclasses
import datetime
import enum
import functools
import json
import math
import types
import typing
from typing import Any, Literal, TypeVar, Union

from companion.phrases import phrase

T = TypeVar("T")

MAX_DEPTH = 32


class CodecError(ValueError):
    """Data that does not fit the expected shape; `where` is the dotted path to the bad value."""

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(
            phrase("{where}: {problem}", where=where or phrase("top level"), problem=problem)
        )
        self.where = where
        self.problem = problem


def to_plain(value: Any) -> Any:
    """A dataclass (or value inside one) as TOML-ready data: tables, arrays, strings, numbers."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            f.name: to_plain(getattr(value, f.name))
            for f in dataclasses.fields(value)
            if getattr(value, f.name) is not None
        }
    if isinstance(value, enum.Enum):
        return to_plain(value.value)
    if isinstance(value, tuple | list):
        return [to_plain(item) for item in value]
    if isinstance(value, dict):
        return {str(key): to_plain(item) for key, item in value.items() if item is not None}
    return value


def from_plain(cls: type[T], data: Any, where: str = "") -> T:
    """Build `cls` from plain data, or raise `CodecError` naming the first bad value."""
    return typing.cast(T, _decode(cls, data, where, 0))


def _decode(hint: Any, data: Any, where: str, depth: int) -> Any:
    if depth > MAX_DEPTH:
        raise CodecError(where, phrase("nested too deeply"))
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is Any:
        return data
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        return _decode_dataclass(hint, data, where, depth)
    if origin in (Union, types.UnionType):
        return _decode_union(args, data, where, depth)
    if origin is Literal:
        if data not in args or type(data) is not type(args[0]):
            choices = ", ".join(repr(a) for a in args)
            raise CodecError(where, not_one_of(data, choices))
        return data
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        try:
            return hint(data)
        except ValueError:
            choices = ", ".join(repr(m.value) for m in hint)
            raise CodecError(where, not_one_of(data, choices)) from None
    if origin is tuple:
        return _decode_tuple(args, data, where, depth)
    if origin is dict:
        return _decode_dict(args, data, where, depth)
    return _decode_scalar(hint, data, where)


def not_one_of(data: Any, choices: str) -> str:
    """A value that is none of those a key may hold (both as the file writes them)."""
    return phrase("{value} is not one of {choices}", value=repr(data), choices=choices)


def _decode_dataclass(cls: type, data: Any, where: str, depth: int) -> Any:
    if not isinstance(data, dict):
        raise CodecError(where, phrase("expected a table, found {kind}", kind=_kind(data)))
    hints, fields = _shape(cls)
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise CodecError(where, phrase("unknown key {key}", key=repr(unknown[0])))
    values: dict[str, Any] = {}
    for name, field in fields.items():
        path = f"{where}.{name}" if where else name
        if name in data:
            values[name] = _decode(hints[name], data[name], path, depth + 1)
        elif _optional(hints[name]):
            values[name] = None
        elif field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
            # TRANSLATORS: a key of a file that is not there, as in "setup.players: missing"
            raise CodecError(path, phrase("missing"))
    try:
        return cls(**values)
    except (TypeError, ValueError) as error:
        said = error.args[0] if len(error.args) == 1 and isinstance(error.args[0], str) else None
        raise CodecError(where, said or str(error)) from None


@functools.cache
def _shape(cls: type) -> tuple[dict[str, Any], dict[str, dataclasses.Field[Any]]]:
    """A dataclass's resolved field types and its init fields, worked out once per class."""
    hints = typing.get_type_hints(cls)
    return hints, {f.name: f for f in dataclasses.fields(cls) if f.init}


def _decode_union(args: tuple[Any, ...], data: Any, where: str, depth: int) -> Any:
    if data is None and type(None) in args:
        return None
    errors = []
    for arg in args:
        if arg is type(None):
            continue
        try:
            return _decode(arg, data, where, depth + 1)
        except CodecError as error:
            errors.append(error.problem)
    said = errors[0] if errors else phrase("missing")
    for other in errors[1:]:
        said = phrase("{one} or {other}", one=said, other=other)
    raise CodecError(where, said)


def _decode_tuple(args: tuple[Any, ...], data: Any, where: str, depth: int) -> Any:
    if not isinstance(data, list):
        raise CodecError(where, phrase("expected an array, found {kind}", kind=_kind(data)))
    if len(args) == 2 and args[1] is Ellipsis:
        if args[0] in _SCALARS and all(type(item) is args[0] for item in data):
            return tuple(data)  # a long list of names: no path worked out per item
        return tuple(
            _decode(args[0], item, f"{where}[{i}]", depth + 1) for i, item in enumerate(data)
        )
    if len(data) != len(args):
        raise CodecError(
            where,
            phrase("expected {expected} items, found {found}", expected=len(args), found=len(data)),
        )
    return tuple(
        _decode(a, item, f"{where}[{i}]", depth + 1)
        for i, (a, item) in enumerate(zip(args, data, strict=True))
    )


def _decode_dict(args: tuple[Any, ...], data: Any, where: str, depth: int) -> Any:
    if not isinstance(data, dict):
        raise CodecError(where, phrase("expected a table, found {kind}", kind=_kind(data)))
    value_hint = args[1] if args else Any
    return {str(k): _decode(value_hint, v, f"{where}.{k}", depth + 1) for k, v in data.items()}


def _decode_scalar(hint: Any, data: Any, where: str) -> Any:
    if hint is float and isinstance(data, int | float) and not isinstance(data, bool):
        return float(data)
    if hint in (int, str, bool) and type(data) is hint:
        return data
    if hint in (int, str, bool, float):
        raise CodecError(
            where, phrase("expected {wanted}, found {kind}", wanted=_NAMES[hint], kind=_kind(data))
        )
    raise CodecError(where, phrase("cannot read a value of type {type}", type=repr(hint)))


def _optional(hint: Any) -> bool:
    return typing.get_origin(hint) in (Union, types.UnionType) and type(None) in typing.get_args(
        hint
    )


_NAMES: dict[type, str] = {
    int: phrase("a whole number"),
    str: phrase("text"),
    bool: phrase("true or false"),
    float: phrase("a number"),
}


def _kind(data: Any) -> str:
    for kind, name in _NAMES.items():
        if type(data) is kind:
            shown = data[:40] if isinstance(data, str) else data
            return phrase("{kind} ({value})", kind=name, value=repr(shown))
    if isinstance(data, dict):
        return phrase("a table")
    if isinstance(data, list):
        return phrase("an array")
    return type(data).__name__


_SCALARS = (str, int, bool)
"""The item types a homogeneous list is checked for in one pass (`_decode_tuple`)."""
_ALWAYS_BOUNDED = frozenset({str, bool})
"""Values `bounded` leaves as they are: checked without working out their path (700,000 player
names took seconds of paths never shown)."""


def _key_path(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


TOML_INT_MAX = 2**63 - 1
"""The largest integer TOML holds (a signed 64-bit integer); the smallest is -2**63."""
TOML_INT_MIN = -(2**63)


def bounded(data: Any, where: str = "") -> Any:
    """`data` as read from a TOML or JSON file, every value checked against what the formats
    hold: integers within 64 bits, finite floats, datetimes with an offset converted to UTC (a
    datetime that has no UTC equivalent is refused). Raises `CodecError` naming the value."""
    kind = type(data)
    if kind is dict:
        return {
            key: value if type(value) in _ALWAYS_BOUNDED else bounded(value, _key_path(where, key))
            for key, value in data.items()
        }
    if kind is list:
        return [
            value if type(value) in _ALWAYS_BOUNDED else bounded(value, f"{where}[{index}]")
            for index, value in enumerate(data)
        ]
    if kind is int:
        if not TOML_INT_MIN <= data <= TOML_INT_MAX:
            raise CodecError(
                where, phrase("a whole number too large for a file (more than 64 bits)")
            )
        return data
    if kind is float:
        if math.isnan(data) or math.isinf(data):
            raise CodecError(where, phrase("not a finite number (nan or inf)"))
        return data
    if kind is datetime.datetime and data.tzinfo is not None:
        try:
            return data.astimezone(datetime.UTC)
        except (OverflowError, ValueError):
            raise CodecError(
                where, phrase("{when} is out of range in UTC", when=str(data))
            ) from None
    return data


def load_json(text: str | bytes, every_value: bool = True) -> Any:
    """JSON as `json.loads` reads it, but `NaN` and `Infinity` refused, no integer past what the
    files hold, and none of Python's own limits (digits, nesting) raised as anything but
    `CodecError`. `every_value=False` spares walking every value for the 64-bit bound, for a
    large file whose numbers are only ever compared (the listing cache's file marks)."""
    try:
        loaded = json.loads(text, parse_constant=_refuse_constant)
        return bounded(loaded) if every_value else loaded
    except CodecError:
        raise
    except (ValueError, RecursionError) as error:  # includes JSONDecodeError and the digit limit
        raise CodecError("", phrase("not valid JSON ({problem})", problem=str(error))) from None


def _refuse_constant(name: str) -> Any:
    raise CodecError("", phrase("{value} is not a number a file may hold", value=name))
