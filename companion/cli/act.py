"""`companion act ID ACTION [FIELD=VALUE ...]`: one action applied to a saved game from the
command line, through the same transaction as every open window (saves/games/journal.py).

Each VALUE is read by the type its field declares, never guessed from how it looks: a text field
keeps `Nan`, `1` or `true` as the text typed, a whole-number field refuses `1.5`, `nan` and
anything past 64 bits. The fields so read are then built into the action by `saves.codec`, the
very check a save's actions pass when it is loaded. A list takes its items comma-separated (or a
JSON array), a table (a nested dataclass) the JSON of the table as the save file holds it.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import re
import types
import typing
from collections.abc import Callable, Sequence
from typing import Any, Literal, Union

from companion.cli.show import status_word
from companion.core import Game, RuleError
from companion.session import Step
from lang import t, tn, tr
from saves.codec import TOML_INT_MAX, TOML_INT_MIN, CodecError, from_plain, load_json
from saves.files import SaveError
from saves.games import checkpoint
from saves.games.exports import game_json
from saves.games.journal import Draft, Rewritten, stale
from saves.games.records import Record
from saves.games.store import SavedGame, SaveStore
from saves.games.undo_back import undo_back
from saves.shared.lock import DEADLINE_SECONDS, Busy

WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")
NUMBER = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?")
MAX_DIGITS = 40
"""More digits than any 64-bit number has: refused before Python is asked to read them."""
TRUE_WORDS = frozenset({"true", "yes", "1"})
FALSE_WORDS = frozenset({"false", "no", "0"})


class ActError(Exception):
    """Why the action was not applied, in one line (the file is left as it was)."""


def act(store: SaveStore, save_id: str, name: str, pairs: Sequence[str], by: str) -> SavedGame:
    """Load the game (from its checkpoint, saves/games/checkpoint.py), read the action, and
    append it in one transaction under the game's lock, checked on the newest state; returns
    the game after it. `ActError` (or `SaveError` for a file that cannot be read) when it is
    not applied."""
    loaded = checkpoint.load(store, save_id)
    game = loaded.game
    action = read_action(game, name, pairs)
    saved = opened(store, loaded, lambda read: check_applicable(read, action))
    seen = game.replaced(saved.session.state, action)

    def drafts(_theirs: list[Record]) -> list[Draft]:  # decided on the newest state itself
        state = saved.session.state
        step = check_applicable(saved, action)  # the rules, once: the journal appends this step
        refusal = stale(game, seen, state, action)
        if refusal is not None:
            raise RuleError(refusal)
        was = None if seen is None else seen.value
        return [Draft("do", action, was=was, step=step, on=state)]

    append(store, saved, drafts, by)
    return saved


def opened(store: SaveStore, saved: SavedGame, check: Callable[[SavedGame], object]) -> SavedGame:
    """The game to change: `saved` (read from its checkpoint), or a format 1 save written again
    to play on (format 2) once `check` passed on it, so a refused change leaves it as it was."""
    if saved.position is None and not saved.cannot_add:
        try:
            check(saved)
        except RuleError as error:
            raise ActError(error) from None
        saved = store.open_for_play(saved.id, deadline=DEADLINE_SECONDS)  # a command waits
    return saved


def append(
    store: SaveStore, saved: SavedGame, drafts: Callable[[list[Record]], list[Draft]], by: str
) -> None:
    """The records `drafts` decides on the newest state, appended in one transaction; every
    reason they are not, in one line (`ActError`; `SaveError` for a file that is no save)."""
    try:
        store.transact(saved, drafts, by=by)
    except Busy:
        raise ActError(t("another device is saving this game: try again")) from None
    except RuleError as error:
        raise ActError(error) from None
    except Rewritten as error:
        raise ActError(t("not saved: {reason}", reason=error)) from None
    except SaveError:  # a file that is no usable save (a link out of the folder): its own line
        raise
    except OSError as error:  # a full or read-only disk: the file keeps its last record
        raise ActError(t("not saved: {reason}", reason=error.strerror or str(error))) from None


def check_applicable(saved: SavedGame, action: Any) -> Step:
    """The step `action` makes on the game as it is (`Session.step`: nothing applied); refuse
    an action on a game that is over, or one the rules refuse now, saying what the game waits
    for (`RuleError`)."""
    game, state = saved.game, saved.session.state
    if saved.status != "playing":
        raise RuleError(
            t(
                "the game is over ({status}): it takes no more actions",
                status=status_word(saved.status),
            )
        )
    try:
        return saved.session.step(action)
    except RuleError as error:
        waiting = game.waiting_for(state)
        if waiting is None:
            raise
        raise RuleError(
            t("waiting for {what}: {refusal}", what=waiting.text, refusal=error)
        ) from None


def read_action(game: Game[Any, Any], name: str, pairs: Sequence[str]) -> Any:
    """The action `name` of `game` with its fields read from `FIELD=VALUE` words."""
    action_type = find_action(game, name)
    hints, fields = action_shape(action_type)
    signature = field_list(action_type)
    given: dict[str, str] = {}
    for pair in pairs:
        field, equals, text = pair.partition("=")
        if not equals:
            raise ActError(t("'{pair}' is not FIELD=VALUE; {fields}", pair=pair, fields=signature))
        if field not in fields:
            raise ActError(
                t(
                    "{action} has no field '{field}'; {fields}",
                    action=action_type.__name__,
                    field=field,
                    fields=signature,
                )
            )
        if field in given:
            raise ActError(t("{field} is given twice", field=field))
        given[field] = text
    missing = [n for n, f in fields.items() if n not in given and required(f, hints[n])]
    if missing:
        raise ActError(
            t(
                "{action} needs {missing}; {fields}",
                action=action_type.__name__,
                missing=", ".join(missing),
                fields=signature,
            )
        )
    plain = {field: read_value(hints[field], text, field) for field, text in given.items()}
    try:
        return from_plain(action_type, plain)
    except CodecError as error:
        raise ActError(
            t("{action}: {problem}", action=action_type.__name__, problem=error)
        ) from None


def find_action(game: Game[Any, Any], name: str) -> type:
    """The game's action of that name (its exact name, else the one that differs only in case)."""
    found = game.action_type(name)
    if found is None:
        alike = [a for a in game.action_types if a.__name__.lower() == name.lower()]
        found = alike[0] if len(alike) == 1 else None
    if found is None:
        names = ", ".join(a.__name__ for a in game.action_types)
        raise ActError(
            t(
                "'{name}' is not an action of {game}; its actions: {actions}",
                name=name,
                game=game.title,
                actions=names,
            )
        )
    return found


def action_shape(action_type: type) -> tuple[dict[str, Any], dict[str, dataclasses.Field[Any]]]:
    """An action's resolved field types and its fields, in their declared order."""
    hints = typing.get_type_hints(action_type)
    return hints, {f.name: f for f in dataclasses.fields(action_type) if f.init}


def required(field: dataclasses.Field[Any], hint: Any) -> bool:
    """Whether a field must be given: no default, and not optional (`X | None`, as in saves)."""
    if field.default is not dataclasses.MISSING or field.default_factory is not dataclasses.MISSING:
        return False
    origin = typing.get_origin(hint)
    return not (origin in (Union, types.UnionType) and type(None) in typing.get_args(hint))


def read_value(hint: Any, text: str, where: str) -> Any:
    """The plain value (as a save file holds it) that `text` says for a field of type `hint`;
    `from_plain` then checks it as it checks a save's."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (Union, types.UnionType):
        if text == "" and type(None) in args:
            return None
        problems = []
        for arg in (a for a in args if a is not type(None)):
            try:
                return read_value(arg, text, where)
            except ActError as error:
                said_of_field = t("{field}: {problem}", field=where, problem="")
                problems.append(str(error).removeprefix(said_of_field))
        # TRANSLATORS: between a field's possible kinds of value: "a number or empty".
        either = t(" or ")
        raise ActError(t("{field}: {problem}", field=where, problem=either.join(problems)))
    if origin is Literal:
        for choice in args:
            if shown(choice) == text or (isinstance(choice, str) and choice == text):
                return choice
        alike = [c for c in args if isinstance(c, str) and c.casefold() == text.casefold()]
        if len(alike) == 1:  # `amy` is Amy, as a location's `a` is A
            return alike[0]
        raise ActError(
            t(
                "{field}: '{text}' is not one of {choices}",
                field=where,
                text=text,
                choices=choices(args),
            )
        )
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        for member in hint:
            if text in (shown(member.value), member.name.lower()):
                return member.value
        listed = choices([m.value for m in hint])
        raise ActError(
            t("{field}: '{text}' is not one of {choices}", field=where, text=text, choices=listed)
        )
    if origin is tuple or origin is dict or dataclasses.is_dataclass(hint):
        return read_structure(hint, text, where)
    return read_scalar(hint, text, where)


def read_structure(hint: Any, text: str, where: str) -> Any:
    """A list (comma-separated items, or a JSON array) or a table (JSON)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if text.lstrip().startswith(("[", "{")):
        try:
            return load_json(text)
        except CodecError as error:
            raise ActError(t("{field}: {problem}", field=where, problem=error.problem)) from None
    if origin is not tuple:
        raise ActError(
            t(
                "{field}: give the table as JSON, as the save file holds it ({braces})",
                field=where,
                braces="{...}",
            )
        )
    items = [item.strip() for item in text.split(",")] if text.strip() else []
    if len(args) == 2 and args[1] is Ellipsis:
        item_hints = [args[0]] * len(items)
    elif len(items) != len(args):
        raise ActError(
            tn(
                "{field}: takes {n} comma-separated value, not {given}",
                "{field}: takes {n} comma-separated values, not {given}",
                len(args),
                field=where,
                given=len(items),
            )
        )
    else:
        item_hints = list(args)
    if any(not simple(item_hint) for item_hint in item_hints):
        raise ActError(t("{field}: give the list as a JSON array ([...])", field=where))
    return [
        read_value(h, item, f"{where}[{i}]")
        for i, (h, item) in enumerate(zip(item_hints, items, strict=True))
    ]


def read_scalar(hint: Any, text: str, where: str) -> Any:
    if hint is str:
        return text  # text is what was typed: `Nan`, `1` and `true` stay text
    if hint is bool:
        word = text.lower()
        if word in TRUE_WORDS or word in FALSE_WORDS:
            return word in TRUE_WORDS
        raise ActError(
            t(
                "{field}: '{text}' is not true or false (true/false, yes/no, 1/0)",
                field=where,
                text=text,
            )
        )
    if hint is int:
        if not WHOLE_NUMBER.fullmatch(text):
            raise ActError(t("{field}: '{text}' is not a whole number", field=where, text=text))
        number = int(text) if len(text) <= MAX_DIGITS else TOML_INT_MAX + 1
        if not TOML_INT_MIN <= number <= TOML_INT_MAX:
            typed = text if len(text) <= 24 else f"{text[:21]}..."
            raise ActError(
                t(
                    "{field}: {typed} is too large for a game (a save holds 64 bits)",
                    field=where,
                    typed=typed,
                )
            )
        return number
    if hint is float:
        if not NUMBER.fullmatch(text) or len(text) > MAX_DIGITS:
            raise ActError(t("{field}: '{text}' is not a number", field=where, text=text))
        return float(text)
    raise ActError(
        t("{field}: cannot be given on the command line ({kind})", field=where, kind=repr(hint))
    )


def simple(hint: Any) -> bool:
    """Whether a value of this type is written as one word (so a list of them, comma-separated)."""
    origin = typing.get_origin(hint)
    if origin in (Union, types.UnionType):
        return all(simple(arg) for arg in typing.get_args(hint) if arg is not type(None))
    enumerated = isinstance(hint, type) and issubclass(hint, enum.Enum)
    return origin is Literal or enumerated or hint in (str, int, bool, float)


def shown(value: Any) -> str:
    """A choice as it is typed: `true`/`false` for a boolean, `""` for the empty text."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return '""' if value == "" else str(value)


def choices(values: Sequence[Any]) -> str:
    return ", ".join(shown(value) for value in values)


def kind_of(hint: Any, seats: Sequence[str] = ()) -> str:
    """A field's type in a player's words, for the list of an action's fields; a choice among
    every seat the game has (Cavendish's four receptacles) names only the `seats` in play."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (Union, types.UnionType):
        kinds = [kind_of(arg, seats) for arg in args if arg is not type(None)]
        if type(None) in args:
            kinds.append(t("empty"))
        # TRANSLATORS: between a field's possible kinds of value: "a number or empty".
        return t(" or ").join(kinds)
    if origin is Literal:
        if seats and set(seats) <= set(args):
            args = tuple(seats)
        return "|".join(shown(arg) for arg in args)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return "|".join(shown(member.value) for member in hint)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis and simple(args[0]):
            return t("{kind}, comma-separated", kind=kind_of(args[0], seats))
        if args and args[-1] is not Ellipsis and all(simple(arg) for arg in args):
            return ",".join(kind_of(arg, seats) for arg in args)
        return t("JSON array")
    if origin is dict or dataclasses.is_dataclass(hint):
        return t("JSON table")
    words = {str: t("text"), int: t("whole number"), bool: t("true/false"), float: t("number")}
    return words.get(hint, "?")


def field_list(action_type: type) -> str:
    """`its fields: player (text), delta (whole number)`: what a refusal lists."""
    fields = fields_text(action_type)
    if not fields:
        return t("it has no fields")
    return t("its fields: {fields}", fields=fields)


def fields_text(action_type: type, seats: Sequence[str] = ()) -> str:
    """`player (text), delta (whole number)`, or "" for none; a choice of seat names only the
    `seats` in play."""
    hints, fields = action_shape(action_type)
    described = (
        f"{name} ({kind_of(hints[name], seats)}{default_of(field, hints[name])})"
        for name, field in fields.items()
    )
    return ", ".join(described)


def default_of(field: dataclasses.Field[Any], hint: Any) -> str:
    """`, default 1` for a field that may be left out (`, optional` when its default is not
    one word)."""
    if field.default is not dataclasses.MISSING:
        value = field.default
        plain = value.value if isinstance(value, enum.Enum) else value
        if dataclasses.is_dataclass(plain) or isinstance(plain, tuple | dict) or plain is None:
            return t(", optional")
        return t(", default {value}", value=shown(plain))
    return "" if required(field, hint) else t(", optional")


def action_lines(saved: SavedGame) -> list[str]:
    """`companion act ID`: the game's actions, each with its fields and their types."""
    game = saved.game
    lines = [
        t(
            "Actions of {game} (companion act {id} ACTION FIELD=VALUE ...):",
            game=game.title,
            id=saved.id,
        )
    ]
    seats = [seat.name for seat in game.seats(saved.session.state)]
    for action_type in game.action_types:
        fields = fields_text(action_type, seats) or t("no fields")
        lines.append(f"  {action_type.__name__}: {fields}")
    waiting = game.waiting_for(saved.session.state)
    if saved.status != "playing":
        lines.append(
            t(
                "The game is over ({status}): it takes no more actions.",
                status=status_word(saved.status),
            )
        )
    elif waiting is not None:
        lines.append(t("Waiting for {what}.", what=waiting.text))
    return lines


def act_output(
    store: SaveStore,
    save_id: str,
    name: str | None,
    pairs: Sequence[str],
    as_json: bool,
    by: str,
    to: int | None = None,
) -> str:
    """What `companion act` prints: the game's actions when no ACTION is named, else the log
    line of the action made, or for `undo` a line for each action taken back (or, `as_json`,
    the game after it as `show --json` gives it)."""
    if to is not None and name != UNDO:
        raise ActError(t("--to goes with undo: `companion act ID undo --to N`"))
    if name is None:
        if as_json:
            raise ActError(t("--json goes with an ACTION: it prints the game after it"))
        return "\n".join(action_lines(checkpoint.load(store, save_id)))
    if name == UNDO:
        if pairs:
            raise ActError(t("undo takes no FIELD=VALUE: `undo`, or `undo --to N`"))
        saved, undone = undo_to(store, save_id, to, by)
        if as_json:
            return json.dumps(game_json(saved), indent=2)
        return "\n".join(t("Undone: {line}", line=line) for line in undone)
    saved = act(store, save_id, name, pairs, by)
    if as_json:
        return json.dumps(game_json(saved), indent=2)
    step = saved.session.last_step
    return tr(step.line) if step is not None else ""


UNDO = "undo"
"""The word `companion act` takes for an undo, beside the game's actions."""


def undo_to(store: SaveStore, save_id: str, to: int | None, by: str) -> tuple[SavedGame, list[str]]:
    """Undo the newest action, or (`to`) every action after log line `to`, newest first, as one
    transaction under the game's lock, decided on the newest state by the decision every device
    shares (`saves.games.undo_back`: an action another device made meanwhile is undone too when
    it is after line `to`). Returns the game after it and the log lines taken back, in the
    order they were undone. `ActError` when nothing is undone."""
    undone: list[str] = []

    def undoing(saved: SavedGame) -> list[Draft]:
        back = undo_back(saved, to)
        undone[:] = back.undone_lines
        return back.drafts

    saved = opened(store, checkpoint.load(store, save_id), undoing)
    append(store, saved, lambda _theirs: undoing(saved), by)
    return saved, undone
