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
    """The class's own decoder, compiled at its first value (so that a type may hold itself):
    one call that builds it from its fields, a plain field taken as it is."""
    built: list[Decode] = []

    def decode(data: dict[str, Any]) -> Any:
        if not built:
            built.append(_compiled(cls))
        return built[0](data)

    return decode


def _compiled(cls: type) -> Decode:
    """`cls(field=..., ...)` from its plain data as Python code: a listing decodes 2,000 states
    of about twenty dataclasses each, and a comprehension over each one's items with a call per
    value took two thirds of it. A key that is no field is refused, as `cls(**data)` refuses
    it; a field left out gets its default (None when it may be None)."""
    hints = typing.get_type_hints(cls)
    names: dict[str, Any] = {"cls": cls, "fields": frozenset(), "MISSING": dataclasses.MISSING}
    arguments = []
    for number, field in enumerate(f for f in dataclasses.fields(cls) if f.init):
        plan, value = _plan(hints[field.name]), f"data[{field.name!r}]"
        if plan is not _same:
            names[f"plan{number}"] = plan
            value = f"plan{number}({value})"
        if field.default is not dataclasses.MISSING:
            names[f"default{number}"] = field.default
            value = f"({value} if {field.name!r} in data else default{number})"
        elif field.default_factory is not dataclasses.MISSING:
            names[f"factory{number}"] = field.default_factory
            value = f"({value} if {field.name!r} in data else factory{number}())"
        elif _is_optional(hints[field.name]):
            value = f"({value} if {field.name!r} in data else None)"
        arguments.append(f"{field.name}={value}")
        names["fields"] |= {field.name}
    made = f"cls({', '.join(arguments)})"
    if _plain_init(cls):  # its fields set as its `__init__` sets them, without a call a field
        names["new"] = object.__new__
        made = f"new(cls)\n    made.__dict__.update({made.replace('cls(', 'dict(', 1)})"
    code = (
        "def decode(data):\n"
        "    if not fields.issuperset(data):\n"
        "        raise TypeError(f'not a field of {cls.__name__}')\n"
        f"    made = {made}\n"
        "    return made\n"
    )
    exec(code, names)  # the class's own field names: identifiers, never data
    decode: Decode = names["decode"]
    return decode


def _plain_init(cls: type) -> bool:
    """Whether the class's `__init__` only sets its fields (a frozen dataclass sets each through
    `object.__setattr__`, a fifth of a state's decoding): no `__post_init__`, no field outside
    `__init__`, no slots, the dataclass's own `__new__` and `__init__`. The state built so is
    still compared with the one it was made from before its checkpoint is written."""
    params = getattr(cls, "__dataclass_params__", None)
    return (
        params is not None
        and params.init
        and not hasattr(cls, "__post_init__")
        and not hasattr(cls, "__slots__")
        and all("__new__" not in vars(base) for base in cls.__mro__[:-1])
        and all(field.init for field in dataclasses.fields(cls))
    )


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
