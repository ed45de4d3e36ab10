"""A game's state decoded from a checkpoint by a plan made once for its type, for a listing that
resumes 2,000 saves: `saves.codec.from_plain` works each value's type out again and checks it
(about 0.25 ms for a Cavendish state, most of a resumed save's cost).

The plan checks nothing: it is used only on a checkpoint's state, which is sealed with the data
folder's key and was written only after the plan gave back exactly the state it was made from
(`decodes_exactly`, under the same code: the checkpoint's stamp). A type the plan does not know
(a union of several types, a type the codec itself refuses) is decoded by `from_plain`.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from collections.abc import Callable
from typing import Any, Literal, Union

from saves.codec import CodecError, from_plain

Decode = Callable[[Any], Any]


def decoded_state(state_type: type, plain: Any) -> Any:
    """The state of `state_type` that `plain` (its `to_plain`) stands for."""
    return _plan(state_type)(plain)


def decodes_exactly(state: Any, plain: Any) -> bool:
    """Whether the plan gives back `state` from its `plain` data (checked before a checkpoint
    is written: one that would not is never written)."""
    try:
        return bool(decoded_state(type(state), plain) == state)
    except (TypeError, ValueError, KeyError, AttributeError, RecursionError, CodecError):
        return False


def _same(data: Any) -> Any:
    return data


@functools.cache
def _plan(hint: Any) -> Decode:
    """How to decode a value of `hint` as `from_plain` does for data it accepts."""
    if hint is Any:
        return _same
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        return _dataclass_plan(hint)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (Union, types.UnionType):
        others = [arg for arg in args if arg is not type(None)]
        if len(others) == 1 and len(args) == 2:
            return _optional_plan(others[0])
    elif origin is Literal or hint in (int, str, bool):
        return _same
    elif hint is float:
        return float
    elif isinstance(hint, type) and issubclass(hint, enum.Enum):
        return hint
    elif origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return _tuple_plan(args[0])
    elif origin is tuple:
        return _fixed_tuple_plan(args)
    elif origin is dict:
        return _dict_plan(args[1] if args else Any)
    return functools.partial(from_plain, hint)


def _dataclass_plan(cls: type) -> Decode:
    hints = typing.get_type_hints(cls)
    fields = [field for field in dataclasses.fields(cls) if field.init]
    optional = [field.name for field in fields if _is_optional(hints[field.name])]

    plans: dict[str, Decode] = {}  # found at the first value, so that a type may hold itself

    def decode(data: dict[str, Any]) -> Any:
        if not plans:
            plans.update((name, _plan(hint)) for name, hint in hints.items())
        values = {name: plans[name](value) for name, value in data.items()}
        for name in optional:
            values.setdefault(name, None)
        return cls(**values)

    return decode


def _is_optional(hint: Any) -> bool:
    origin = typing.get_origin(hint)
    return origin in (Union, types.UnionType) and type(None) in typing.get_args(hint)


def _optional_plan(hint: Any) -> Decode:
    def decode(data: Any) -> Any:
        return None if data is None else _plan(hint)(data)

    return decode


def _tuple_plan(item: Any) -> Decode:
    if item in (int, str, bool):
        return tuple

    def decode(data: list[Any]) -> tuple[Any, ...]:
        return tuple(map(_plan(item), data)) if data else ()

    return decode


def _fixed_tuple_plan(items: tuple[Any, ...]) -> Decode:
    def decode(data: list[Any]) -> tuple[Any, ...]:
        return tuple(_plan(hint)(value) for hint, value in zip(items, data, strict=True))

    return decode


def _dict_plan(value_hint: Any) -> Decode:
    def decode(data: dict[Any, Any]) -> dict[str, Any]:
        plan = _plan(value_hint)
        return {str(key): plan(value) for key, value in data.items()}

    return decode
