"""Every refusal says why (issue 43): a player reads a `RuleError` at the table, so each one of the
four games names the rule or the reason, never only "not now".

Three readings, from the widest to the most exact:
- every `RuleError(...)` written in a game's rules, read from the source (its fixed words);
- every refusal the rules give when each kind of action, with plain values, is tried at every
  state of the game's shipped sample save (the words as a player gets them, rule messages built
  elsewhere included);
- a table of refusals, each read for the words of the rule it names.
"""

from __future__ import annotations

import ast
import dataclasses
import enum
import re
import tomllib
import types
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.cavendish.actions import (
    AnnounceGroupConflict,
    AttemptTest,
    BeginGroupConflict,
    ChooseLocation,
)
from companion.cavendish.game import CAVENDISH
from companion.core import Game, RuleError
from companion.session import Session
from companion.six_sojourns.actions import AdjustCoins, TakeCard
from companion.six_sojourns.game import SIX_SOJOURNS
from companion.sojourn.actions import (
    DrawDestination,
    DrawTimestream,
    LoopTo,
    PlayBandage,
    RollRisk,
    Travel,
    TravelHome,
)
from companion.sojourn.game import SOJOURN
from companion.sojourn.model import DestinationCard, HistoricalDate, Kind, SojournSetup
from companion.time_bastards.game import TIME_BASTARDS
from companion.time_bastards.model import PlaceNewPiece, RollD6
from saves.codec import from_plain
from saves.games.records import decode_action
from tests.cavendish.conftest import setup_for

ROOT = Path(__file__).resolve().parents[2]
GAMES: dict[str, Game[Any, Any]] = {
    "sojourn": SOJOURN,
    "six_sojourns": SIX_SOJOURNS,
    "time_bastards": TIME_BASTARDS,
    "cavendish": CAVENDISH,
}
"""The four games, by their package name under `companion/`."""

VAGUE = [
    re.compile(pattern, re.IGNORECASE)
    for pattern in (
        r"\bnothing is waiting\b",
        r"\bnot now\b",
        r"^(that is )?not allowed\.?$",
        r"\binvalid\b",
        r"^error\b",
        r"\bcannot do that\b",
        r"\bnot possible\b",
        r"^first [^:;]*\.$",  # what is due, without why it comes first
        r"^\W*$",
    )
]
"""Words that refuse without a reason."""

REASON = re.compile(
    r"[:;]|\b(because|so|only|must|never|cannot|can't|no|not|none|nobody|already|at least|"
    r"at most|all|each|every|needs?|is over|is for|holds?|has|have|twice|between|"
    r"longer than|more than|fewer than|starts with|like|(is|are) (given|played|made|set))\b"
    r"|\b\d+ to (\d+|X)\b",
    re.IGNORECASE,
)
"""A reason given: a clause after a colon or semicolon, a word of a rule (no, only, must,
already, at most, twice ...), a limit (1 to 24) or an example of what to write (like 5/9)."""


def why_not(message: str) -> str | None:
    """What is wrong with a refusal's words, or None when they say why."""
    text = message.replace("{}", "X").strip()
    for vague in VAGUE:
        if vague.search(text):
            return f"vague ({vague.pattern})"
    if re.search(r":\s*X\W*$", text):
        return None  # the reason is handed in (the refusals given are read for it)
    if len(text.split()) < 4:
        return "too short to say why"
    if not REASON.search(text):
        return "names no rule and no reason"
    return None


def test_the_check_catches_vague_refusals() -> None:
    """The reading can fail: each of these was (or would be) a refusal without a reason."""
    for vague in (
        "Nothing is waiting for that now.",
        "First type in the 1 timestream card drawn.",
        "Not allowed.",
        "Invalid move.",
        "Enter a number of coins other than 0.",
        "Try again.",
    ):
        assert why_not(vague) is not None, vague
    for clear in (
        "Not enough Temporal Charge: this trip costs 3, you have 2.",
        "A RISK 0% trip needs no roll: every roll meets or beats 0 (Calm Sea is RISK 0%).",
        "You hold no Fracture card.",
        "It is Ana's turn, not Ben's.",
    ):
        assert why_not(clear) is None, clear


# 1. The words written in the rules -------------------------------------------------------------


def written_refusals(package: str) -> Iterator[tuple[str, str]]:
    """(where, words) of every `RuleError(...)` in a game's package; an f-string's values
    read as {}; a message passed in a variable is read by the other two checks."""
    for path in sorted((ROOT / "companion" / package).rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "RuleError":
                words = _literal(node.args[0]) if node.args else ""
                if words is not None:
                    yield f"{path.relative_to(ROOT)}:{node.lineno}", words


def _literal(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant):
        return str(node.value)
    if isinstance(node, ast.JoinedStr):
        return "".join(str(v.value) if isinstance(v, ast.Constant) else "{}" for v in node.values)
    if isinstance(node, ast.BinOp):
        left, right = _literal(node.left), _literal(node.right)
        return None if left is None or right is None else left + right
    if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("phrase", "phrase_n"):
        said = _literal(node.args[0]) if node.args else None  # the words, kept to translate
        return None if said is None else re.sub(r"\{[^{}]*\}", "{}", said)  # as an f-string's
    return None


@pytest.mark.parametrize("package", sorted(GAMES))
def test_every_written_refusal_says_why(package: str) -> None:
    found = list(written_refusals(package))
    assert len(found) >= 10, "the reading found the game's refusals"
    vague = [
        f"{where}: {words!r} ({problem})" for where, words in found if (problem := why_not(words))
    ]
    assert vague == []


# 2. The refusals the rules give -----------------------------------------------------------------


def sample_states(game: Game[Any, Any]) -> list[Any]:
    """Every state the game's shipped sample save goes through, from the start."""
    data = tomllib.loads((ROOT / "tests/data/samples" / f"{game.id}.toml").read_text("utf-8"))
    session = Session(game, from_plain(game.setup_type, data["setup"], "setup"))
    states = [session.state]
    for number, raw in enumerate(data["actions"]):
        states.append(session.do(decode_action(Path(game.id), game, raw, f"action {number}")))
    return states


def plain_values(kind: Any, depth: int = 0) -> list[Any]:
    """A few plain values of a field's type: the edges a player could type."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin is typing.Literal:
        return list(args)
    if origin in (typing.Union, types.UnionType):
        return [value for arg in args for value in plain_values(arg, depth)[:2]]
    if origin is tuple:
        inner = plain_values(args[0], depth + 1) if args else []
        return [(), *[(value,) for value in inner[:2]]]
    if origin is dict:
        return [{}]
    if kind is bool:
        return [False, True]
    if kind is int:
        return [0, 1, 6, 99, -1]
    if kind is str:
        return ["Nobody", "", "A"]
    if kind is type(None):
        return [None]
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return list(kind)
    if dataclasses.is_dataclass(kind) and isinstance(kind, type) and depth < 2:
        built = list(plain_actions(kind, depth + 1))
        return built[:3]
    return []


def plain_actions(cls: type, depth: int = 0) -> Iterator[Any]:
    """Instances of `cls`: every field at its first plain value, then each field in turn at its
    others."""
    hints = typing.get_type_hints(cls)
    fields = [field for field in dataclasses.fields(cls) if field.init]
    choices = {field.name: plain_values(hints[field.name], depth) for field in fields}
    if any(not values for values in choices.values()):
        return
    first = {name: values[0] for name, values in choices.items()}
    variants = [first] + [
        {**first, name: value} for name, values in choices.items() for value in values[1:]
    ]
    for values in variants:
        try:
            yield cls(**values)
        except (TypeError, ValueError):
            continue


def refusals_given(game: Game[Any, Any]) -> dict[str, str]:
    """Every refusal of the rules when each action is tried at each sample state: words ->
    the action that drew them."""
    probes = [action for cls in game.action_types for action in plain_actions(cls)]
    given: dict[str, str] = {}
    for state in sample_states(game):
        for action in probes:
            try:
                game.apply(state, action)
            except RuleError as refusal:
                given.setdefault(str(refusal), repr(action))
            except Exception:
                continue
    return given


@pytest.mark.parametrize("package", sorted(GAMES))
def test_every_refusal_the_rules_give_says_why(package: str) -> None:
    given = refusals_given(GAMES[package])
    assert len(given) >= 8, "the probes drew refusals"
    vague = [f"{words!r} for {action} ({why_not(words)})" for words, action in given.items()]
    assert [line for line in vague if not line.endswith("(None)")] == []


# 3. Each refusal read for the rule it names ------------------------------------------------------


def card(name: str, year: int, **printed: int) -> DestinationCard:
    values = {"drop": 0, "cost": 1, "risk": 25, "dmg": 1, "gain": 1} | printed
    return DestinationCard(name, HistoricalDate(year), **values)  # type: ignore[arg-type]


HAND = DrawTimestream((Kind.BANDAGE, Kind.FRACTURE, Kind.LOOP, Kind.PARADOX, Kind.BATTERY))


def sojourn_at(*actions: Any, rules: int | None = None) -> Any:
    revision = {} if rules is None else {"rules": rules}
    return Session(SOJOURN, SojournSetup(), [HAND, *actions], **revision).state


def cavendish_after_the_adversary_fell() -> Any:
    """A group conflict against the Butler (3 life points) won by Anton's test of 3 damage."""
    state = CAVENDISH.start(setup_for(2))
    for action in (
        ChooseLocation("A"),
        AnnounceGroupConflict("the Butler"),
        BeginGroupConflict(("Anton", "Amy"), 3),
        AttemptTest("Anton", "strength", 3, 0, damage=3),
    ):
        state = CAVENDISH.apply(state, action)
    return state


def six_sojourns_start() -> Any:
    return sample_states(SIX_SOJOURNS)[0]


def time_bastards_start() -> Any:
    return sample_states(TIME_BASTARDS)[0]


CALM = card("Calm Sea", 1900, risk=0, gain=0)
ROME = card("Rome", -44, risk=75, gain=0)
UR = card("Ur", 1950)
REFUSALS: list[Any] = [
    pytest.param(
        lambda: sojourn_at(DrawDestination(card("Calm Sea", 1900, risk=0)), Travel(1)),
        RollRisk(50, 0),
        [r"RISK 0% trip needs no roll", r"every roll meets or beats 0"],
        id="sojourn: a roll at a RISK 0% trip",
    ),
    pytest.param(
        lambda: sojourn_at(DrawDestination(CALM), Travel(1), DrawDestination(UR)),
        RollRisk(50, 0),
        [r"RISK 0% trip needs no roll"],
        id="sojourn: a roll after a RISK 0% GAIN 0 trip",
    ),
    pytest.param(
        lambda: sojourn_at(DrawDestination(ROME), Travel(1), DrawDestination(UR), RollRisk(90, 0)),
        DrawTimestream((Kind.LOOP,)),
        [r"GAIN 0 draws no card", r"Rome"],
        id="sojourn: a card typed for GAIN 0",
    ),
    pytest.param(
        lambda: sojourn_at(DrawDestination(ROME), Travel(1)),
        PlayBandage(),
        [r"^First type in the destination card drawn: ", r"before anything else"],
        id="sojourn: a move while a trip's step is due",
    ),
    pytest.param(
        lambda: sojourn_at(DrawDestination(card("Far", 1900, cost=9))),
        Travel(1),
        [r"Not enough Temporal Charge: this trip costs 9, you have 7"],
        id="sojourn: a trip above the charge",
    ),
    pytest.param(
        lambda: sojourn_at(DrawDestination(card("Later", 2000))),
        LoopTo(1),
        [r"Loop only goes back in history"],
        id="sojourn: a Loop forward in time",
    ),
    pytest.param(
        lambda: sojourn_at(DrawDestination(UR)),
        PlayBandage(),
        [r"Bandage restores one Health on an empty red square", r"no square is empty"],
        id="sojourn: a Bandage at full Health",
    ),
    pytest.param(
        lambda: sojourn_at(DrawDestination(UR)),
        TravelHome(),
        [r"Travel home needs 4 Time Fragments; you have 0"],
        id="sojourn: home without the fragments",
    ),
    pytest.param(
        six_sojourns_start,
        AdjustCoins("Ana", 0),
        [r"0 coins changes nothing"],
        id="six sojourns: a coin change of 0",
    ),
    pytest.param(
        six_sojourns_start,
        TakeCard(9),
        [r"The card row's slots cost 0 to 4, not 9"],
        id="six sojourns: a card slot not on the row",
    ),
    pytest.param(
        time_bastards_start,
        PlaceNewPiece(0, 1),
        [r"has not rolled the D6 yet: a turn is a roll of 1D6"],
        id="time bastards: a piece placed before the roll",
    ),
    pytest.param(
        time_bastards_start,
        RollD6(0, 7),
        [r"A D6 shows 1 to 6, not 7"],
        id="time bastards: a roll no die shows",
    ),
    pytest.param(
        cavendish_after_the_adversary_fell,
        lambda: AttemptTest("Amy", "strength", 3, 0, damage=2),  # built late: the actions change
        [r"defeated"],
        id="cavendish: damage typed after the adversary fell",
    ),
]
"""(the state, the refused action (or what builds it), the words of the rule it must name)."""


@pytest.mark.parametrize(("state", "action", "rule"), REFUSALS)
def test_each_refusal_names_its_rule(state: Any, action: Any, rule: list[str]) -> None:
    at = state()
    action = action() if callable(action) else action
    game = next(game for game in GAMES.values() if isinstance(at, game.state_type))
    with pytest.raises(RuleError) as refused:
        game.apply(at, action)
    words = str(refused.value)
    assert why_not(words) is None, words
    for term in rule:
        assert re.search(term, words), f"{term!r} not in {words!r}"
