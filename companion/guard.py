"""The one guard around every call into a game's code: a game (the four as much as a plug-in)
is code the table did not write, trusted no more than a file.

`guarded` hands out a copy of a `Game` whose every function is wrapped: a `RuleError` passes
as it is (a refusal players read), while any other exception, or an answer of the wrong shape
(a wrong type, None, a value JSON cannot write, a number past what a save holds) becomes a
`GameFault` whose message is one line naming the game, its package and what failed:
"Pig (pig-game 0.1): apply raised ZeroDivisionError: division by zero". The caller says that
line, writes nothing and goes on; every other game is untouched.

The checks are cheap where a call is frequent (a type, an `isinstance`); only `describe`,
`figures` and a play's details, made to be written out, are checked all the way down.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from companion.core import (
    Facts,
    Game,
    Replaced,
    Result,
    RuleError,
    Score,
    SeatOption,
    WaitingFor,
)

LARGEST_NUMBER = 2**63 - 1
"""The largest whole number a save or `show --json` keeps (TOML's 64-bit integers)."""
MAX_DEPTH = 32
"""How deeply a game's plain data may nest (as deeply as a save is read)."""
MAX_LINE = 300
"""The most characters of an exception's message a fault line keeps."""

CallableT = TypeVar("CallableT", bound=Callable[..., Any])
Check = Callable[[Any], str | None]
"""What is wrong with an answer (a few words), or None when it is well formed."""


class GameFault(Exception):
    """A game's code failed: it raised something other than `RuleError`, or answered in a shape
    no caller can use. The message is one line naming the game, its package and what failed."""


def fault_line(title: str, package: str, what: str, problem: str) -> str:
    """The one line that names a failure of a game's code."""
    line = f"{title} ({package}): {what} {problem}" if package else f"{title}: {what} {problem}"
    line = " ".join(line.split())  # a message of many lines is said in one
    return line if len(line) <= MAX_LINE else line[: MAX_LINE - 1] + "…"


def raised(error: BaseException) -> str:
    """How an exception is named in a fault line: its type and its message."""
    message = str(error)
    return (
        f"raised {type(error).__name__}: {message}" if message else f"raised {type(error).__name__}"
    )


def _kind(value: Any) -> str:
    return "None" if value is None else f"a {type(value).__name__}"


def plain_problem(value: Any, where: str = "", depth: int = 0) -> str | None:
    """What in `value` JSON (and a save) cannot hold: None when it is text, a bounded whole
    number, a finite float, a boolean, None, or lists and tables (text keys) of them."""
    if depth > MAX_DEPTH:
        return f"nested deeper than {MAX_DEPTH} at {where or 'the top'}"
    if value is None or isinstance(value, bool | str):
        return None
    if isinstance(value, int):
        if -LARGEST_NUMBER - 1 <= value <= LARGEST_NUMBER:
            return None
        return f"a number past 64 bits at {where or 'the top'}"
    if isinstance(value, float):
        return None if math.isfinite(value) else f"{value} at {where or 'the top'}"
    if isinstance(value, list | tuple):
        for index, item in enumerate(value):
            problem = plain_problem(item, f"{where}[{index}]", depth + 1)
            if problem is not None:
                return problem
        return None
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                return f"a key that is not text ({_kind(key)}) at {where or 'the top'}"
            problem = plain_problem(item, f"{where}.{key}" if where else key, depth + 1)
            if problem is not None:
                return problem
        return None
    return f"{_kind(value)} at {where or 'the top'}"


def is_a(*kinds: type) -> Check:
    """An answer that must be one of `kinds`."""
    names = " or ".join(kind.__name__ for kind in kinds)

    def check(value: Any) -> str | None:
        return None if isinstance(value, kinds) else f"{_kind(value)}, not {names}"

    return check


def maybe(*kinds: type) -> Check:
    """An answer that is one of `kinds` or None."""
    check = is_a(*kinds)
    return lambda value: None if value is None else check(value)


def plain_table(value: Any) -> str | None:
    """A table of plain data (`describe`, `figures`)."""
    if not isinstance(value, dict):
        return f"{_kind(value)}, not a table"
    return plain_problem(value)


def seats_answer(value: Any) -> str | None:
    """`seats`: a tuple of `SeatOption`."""
    if not isinstance(value, tuple | list):
        return f"{_kind(value)}, not a tuple of seats"
    for item in value:
        if not isinstance(item, SeatOption):
            return f"a seat that is {_kind(item)}"
    return None


def facts_answer(value: Any) -> str | None:
    """`facts`: a `Facts` whose details are plain data (the listing cache keeps them)."""
    if not isinstance(value, Facts):
        return f"{_kind(value)}, not Facts"
    if not isinstance(value.details, Mapping):
        return f"details that are {_kind(value.details)}, not a table"
    return plain_problem(dict(value.details), "details")


def score_answer(value: Any) -> str | None:
    """`score`: a `Score` whose totals are bounded whole numbers."""
    if not isinstance(value, Score):
        return f"{_kind(value)}, not Score"
    if not isinstance(value.totals, Mapping):
        return f"totals that are {_kind(value.totals)}, not a table"
    for player, total in value.totals.items():
        if type(total) is not int or not -LARGEST_NUMBER - 1 <= total <= LARGEST_NUMBER:
            return f"a total for {player} that is not a whole number a save holds"
    return None


def _state_check(game: Game[Any, Any]) -> Check:
    return is_a(game.state_type)


CHECKS: dict[str, Callable[[Game[Any, Any]], Check | None]] = {
    "start": _state_check,
    "apply": _state_check,
    "at_revision": _state_check,
    "narrate": lambda game: is_a(str),
    "summary": lambda game: is_a(str),
    "status": lambda game: is_a(str),
    "setup_summary": lambda game: is_a(str),
    "describe": lambda game: plain_table,
    "score": lambda game: score_answer,
    "explain": lambda game: is_a(Result),
    "facts": lambda game: facts_answer,
    "waiting_for": lambda game: maybe(WaitingFor),
    "seats": lambda game: seats_answer,
    "replaced": lambda game: maybe(Replaced),
    "figures": lambda game: plain_table,
}
"""Every function of `Game` that runs the game's code, and how its answer is checked."""

GUARDED = "__companion_guarded__"
"""The attribute a guarded function carries, so that a game is never guarded twice."""


def guard_call(
    function: CallableT, line: Callable[[str, str], str], check: Check | None
) -> CallableT:
    """`function` wrapped: `RuleError` and `GameFault` pass, anything else raised becomes a
    `GameFault` of `line(what, problem)`, and so does an answer `check` finds wrong."""
    name = getattr(function, "__name__", "function")

    @functools.wraps(function, updated=())  # a class (a screen) keeps its attributes to itself
    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            answer = function(*args, **kwargs)
        except (RuleError, GameFault):
            raise
        except (KeyboardInterrupt, GeneratorExit):
            raise
        except RecursionError as error:
            raise GameFault(line(name, raised(error))) from None
        except BaseException as error:  # SystemExit and all: the game's code stops here
            raise GameFault(line(name, raised(error))) from error
        if check is not None:
            try:
                problem = check(answer)
            except RecursionError:
                problem = "a value nested too deeply"
            if problem is not None:
                raise GameFault(line(name, f"returned {problem}"))
        return answer

    setattr(call, GUARDED, True)
    return call  # type: ignore[return-value]


def guarded(game: Game[Any, Any], package: str) -> Game[Any, Any]:
    """A copy of `game` whose every function goes through the guard; a fault names the game's
    title and `package` ("pig-game 0.1"). A game already guarded is given back as it is."""
    if getattr(game.apply, GUARDED, False):
        return game
    title = game.title if isinstance(game.title, str) else str(game.id)
    wrapped: dict[str, Any] = {}
    for field, make_check in CHECKS.items():
        function = getattr(game, field)
        if callable(function):

            def line(what: str, problem: str, field: str = field) -> str:
                return fault_line(title, package, field, problem)

            wrapped[field] = guard_call(function, line, make_check(game))
    if game.board_file is not None:  # `companion score`: the game's code too
        board = game.board_file
        parts = {}
        for part in ("score_text", "score_json"):

            def board_line(what: str, problem: str, part: str = part) -> str:
                return fault_line(title, package, part, problem)

            parts[part] = guard_call(getattr(board, part), board_line, is_a(str))
        wrapped["board_file"] = dataclasses.replace(board, **parts)
    return dataclasses.replace(game, **wrapped)
