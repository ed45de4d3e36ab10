"""What `help` says in `companion play`: the actions the game takes now, in `companion act`'s own
words (`MoveEarliest player=0`), so a player or a script types one back as it is.

A game says which actions it has and their fields' types, not which are legal now: each action
is tried on the state for every value its fields can take (a choice's words, true and false,
and the whole numbers a game's state is made of: its players' numbers, its pieces', its
timelines'), and the ones the rules take are listed. An action whose values cannot be counted
(a text, a number with a fraction, more tries than `MAX_TRIES`) is listed by its fields, as
`companion act ID` lists it.
"""

from __future__ import annotations

import dataclasses
import enum
import itertools
import types
import typing
from collections.abc import Iterator, Sequence
from typing import Any, Literal, Union

from companion.cli.act import action_shape, fields_text, shown
from companion.core import RuleError
from companion.guard import GameFault
from saves.games.store import SavedGame

SMALL_NUMBERS = tuple(range(13))
"""Whole numbers always tried for a number field: a player's, a die's, a timeline's, an hour's."""
MAX_NUMBERS = 64
"""The most whole numbers taken from a state (the rest are not tried)."""
MAX_TRIES = 4000
"""The most values of one action tried; an action with more is listed by its fields."""
MAX_LISTED = 6
"""The most ways of one action listed one by one, each with what it would do; more (a die's six
faces read off a real die or rolled) are one line, each field's values side by side."""


@dataclasses.dataclass(frozen=True)
class Possible:
    """An action the game takes now: its words for `companion act` and what it would do, or
    (`open` True) an action whose values cannot be counted, with its fields."""

    words: str
    outcome: str = ""
    open: bool = False


def possible_now(saved: SavedGame) -> list[Possible]:
    """Every action the rules take on the game as it is, in `companion act`'s words."""
    state = saved.session.state
    numbers = numbers_in(state)
    seats = [seat.name for seat in saved.game.seats(state)]
    found: list[Possible] = []
    for action_type in saved.game.action_types:
        hints, fields = action_shape(action_type)
        values = [field_values(hints[name], numbers) for name in fields]
        tries = 1
        for choices in values:
            tries = tries * len(choices) if choices is not None else MAX_TRIES + 1
        name = action_type.__name__
        if tries > MAX_TRIES:
            found.append(Possible(f"{name} {fields_text(action_type, seats)}", open=True))
            continue
        names = list(fields)
        legal = list(_legal(saved, action_type, names, values))  # type: ignore[arg-type]
        if len(legal) <= MAX_LISTED:
            found.extend(Possible(words_of(name, names, ways), line) for ways, line in legal)
            continue
        alternatives = [
            list(dict.fromkeys(ways[index] for ways, _ in legal)) for index in range(len(names))
        ]
        found.append(
            Possible(
                words_of(
                    name, names, ["|".join(map(word, each)) for each in alternatives], raw=True
                )
            )
        )
    return found


def words_of(name: str, names: Sequence[str], values: Sequence[Any], raw: bool = False) -> str:
    """`MoveEarliest player=0`: an action as `companion act` reads it (`raw`: values already
    in words)."""
    pairs = (
        f"{field}={value if raw else word(value)}"
        for field, value in zip(names, values, strict=True)
    )
    return " ".join([name, *pairs])


def _legal(
    saved: SavedGame, action_type: type, names: list[str], values: list[Sequence[Any]]
) -> Iterator[tuple[tuple[Any, ...], str]]:
    """Each combination of values the rules take now, with the log line it would write."""
    for combination in itertools.product(*values):
        try:
            action = action_type(**dict(zip(names, combination, strict=True)))
            step = saved.session.step(action)
        except (RuleError, GameFault, TypeError, ValueError):
            continue
        yield combination, step.line


def word(value: Any) -> str:
    """A value as `companion act` reads it back."""
    return shown(value.value if isinstance(value, enum.Enum) else value)


def field_values(hint: Any, numbers: Sequence[int]) -> Sequence[Any] | None:
    """Every value a field of type `hint` can take here, or None when they cannot be counted."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (Union, types.UnionType):
        merged: list[Any] = [None] if type(None) in args else []
        for arg in (a for a in args if a is not type(None)):
            some = field_values(arg, numbers)
            if some is None:
                return None
            merged.extend(some)
        return merged
    if origin is Literal:
        return list(args)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return list(hint)
    if hint is bool:
        return [True, False]
    if hint is int:
        return list(numbers)
    return None


def numbers_in(state: Any) -> list[int]:
    """The small whole numbers and those the state holds (its pieces' numbers, its players'),
    smallest first, at most `MAX_NUMBERS`."""
    found = set(SMALL_NUMBERS)
    stack: list[Any] = [state]
    seen = 0
    while stack and seen < 10_000:
        seen += 1
        value = stack.pop()
        if isinstance(value, bool):
            continue
        if isinstance(value, int):
            found.add(value)
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            stack.extend(getattr(value, f.name) for f in dataclasses.fields(value))
        elif isinstance(value, (tuple, list, frozenset, set)):
            stack.extend(value)
        elif isinstance(value, dict):
            stack.extend(value.values())
    return sorted(found)[:MAX_NUMBERS]
