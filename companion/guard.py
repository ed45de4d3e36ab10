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
from companion.phrases import Phrase, phrase

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
    """The one line that names a failure of a game's code: the game, its package and the part
    that failed (`what`, a name of the code) are data, `problem` says what went wrong."""
    title = " ".join(str(title).split())  # a message of many lines is said in one
    if package:
        line = phrase(
            "{game} ({package}): {part} {problem}",
            game=title,
            package=package,
            part=what,
            problem=problem,
        )
    else:
        line = phrase("{game}: {part} {problem}", game=title, part=what, problem=problem)
    excess = len(line) - MAX_LINE
    if excess > 0 and isinstance(problem, Phrase):  # the code's own words cut, at the end
        error = problem.params.get("error")
        if isinstance(error, str) and len(error) > excess:
            cut = Phrase(problem.template, {"error": error[: -excess - 1] + "…"})
            return fault_line(title, package, what, cut)
    return line


def raised(error: BaseException) -> str:
    """How an exception is named in a fault line: "raised" with `error_named(error)`."""
    return phrase("raised {error}", error=error_named(error))


def error_named(error: BaseException) -> str:
    """An exception as data, in one line: its type and its message (the code's own words,
    never translated)."""
    message = " ".join(str(error).split())[:MAX_LINE]
    return f"{type(error).__name__}: {message}" if message else type(error).__name__


def _kind(value: Any) -> str:
    if value is None:
        # TRANSLATORS: Python's None, a game's code answered nothing
        return phrase("None")
    # TRANSLATORS: {type} is the name of a Python type (str, int, list)
    return phrase("a {type}", type=type(value).__name__)


def _at(where: str) -> str:
    # TRANSLATORS: the top of a game's data, as in "a set at the top"
    return where or phrase("the top")


def plain_problem(value: Any, where: str = "", depth: int = 0) -> str | None:
    """What in `value` JSON (and a save) cannot hold: None when it is text, a bounded whole
    number, a finite float, a boolean, None, or lists and tables (text keys) of them."""
    if depth > MAX_DEPTH:
        return phrase("nested deeper than {depth} at {where}", depth=MAX_DEPTH, where=_at(where))
    if value is None or isinstance(value, bool | str):
        return None
    if isinstance(value, int):
        if -LARGEST_NUMBER - 1 <= value <= LARGEST_NUMBER:
            return None
        return phrase("a number past 64 bits at {where}", where=_at(where))
    if isinstance(value, float):
        return (
            None
            if math.isfinite(value)
            else phrase("{value} at {where}", value=str(value), where=_at(where))
        )
    if isinstance(value, list | tuple):
        for index, item in enumerate(value):
            problem = plain_problem(item, f"{where}[{index}]", depth + 1)
            if problem is not None:
                return problem
        return None
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                return phrase(
                    "a key that is not text ({kind}) at {where}", kind=_kind(key), where=_at(where)
                )
            problem = plain_problem(item, f"{where}.{key}" if where else key, depth + 1)
            if problem is not None:
                return problem
        return None
    return phrase("{kind} at {where}", kind=_kind(value), where=_at(where))


def is_a(*kinds: type) -> Check:
    """An answer that must be one of `kinds`."""
    names = " or ".join(kind.__name__ for kind in kinds)  # names of the code: data

    def check(value: Any) -> str | None:
        if isinstance(value, kinds):
            return None
        return phrase("{kind}, not {types}", kind=_kind(value), types=names)

    return check


def maybe(*kinds: type) -> Check:
    """An answer that is one of `kinds` or None."""
    check = is_a(*kinds)
    return lambda value: None if value is None else check(value)


def plain_table(value: Any) -> str | None:
    """A table of plain data (`describe`, `figures`)."""
    if not isinstance(value, dict):
        return phrase("{kind}, not a table", kind=_kind(value))
    return plain_problem(value)


def seats_answer(value: Any) -> str | None:
    """`seats`: a tuple of `SeatOption`."""
    if not isinstance(value, tuple | list):
        return phrase("{kind}, not a tuple of seats", kind=_kind(value))
    for item in value:
        if not isinstance(item, SeatOption):
            return phrase("a seat that is {kind}", kind=_kind(item))
    return None


def facts_answer(value: Any) -> str | None:
    """`facts`: a `Facts` whose details are plain data (the listing cache keeps them)."""
    if not isinstance(value, Facts):
        return phrase("{kind}, not Facts", kind=_kind(value))
    if not isinstance(value.details, Mapping):
        return phrase("details that are {kind}, not a table", kind=_kind(value.details))
    return plain_problem(dict(value.details), "details")


def score_answer(value: Any) -> str | None:
    """`score`: a `Score` whose totals are bounded whole numbers."""
    if not isinstance(value, Score):
        return phrase("{kind}, not Score", kind=_kind(value))
    if not isinstance(value.totals, Mapping):
        return phrase("totals that are {kind}, not a table", kind=_kind(value.totals))
    for player, total in value.totals.items():
        if type(total) is not int or not -LARGEST_NUMBER - 1 <= total <= LARGEST_NUMBER:
            return phrase(
                "a total for {player} that is not a whole number a save holds", player=player
            )
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
    "mover": lambda game: maybe(str),
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
                problem = phrase("a value nested too deeply")
            if problem is not None:
                raise GameFault(line(name, phrase("returned {problem}", problem=problem)))
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
