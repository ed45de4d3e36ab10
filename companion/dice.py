"""Dice notation, app rolls with an injected random source, and rolls typed in from real dice.

Percentile dice (`d%`, `d100`) are two ten-sided dice: a tens die showing 00-90 and a units die
showing 0-9. Their faces are kept as they fell so a game can read them its own way; the total here
reads 1-100 with "00" + "0" = 100.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from companion.phrases import phrase

MAX_DICE = 100
MAX_SIDES = 1000
MAX_MODIFIER = 10_000
LONGEST_NUMBER = 9
"""Digits a number in dice notation or a typed-in face may have (leading zeros aside): every
limit here has at most 5, and `int` refuses 4,301 digits and more (and is slow well before)."""
SHOWN_CHARACTERS = 40
"""How much of a refused notation or face a message quotes back: the line stays one line."""

Source = Literal["app", "physical"]

_NOTATION = re.compile(
    r"^(?P<count>[0-9]*)d(?P<sides>%|[0-9]+)(?:(?P<sign>[+-])(?P<mod>[0-9]+))?$", re.ASCII
)
_NUMBER = re.compile(r"^[0-9]+$", re.ASCII)


class DiceError(ValueError):
    """Dice notation or a typed-in roll that cannot be used; the message says why."""


@dataclass(frozen=True)
class DiceSpec:
    """What to roll: `count` dice of `sides` sides plus `modifier`; percentile dice are d100."""

    count: int
    sides: int
    modifier: int = 0

    @property
    def percentile(self) -> bool:
        """True for d% / d100, rolled as a tens die and a units die."""
        return self.sides == 100

    @property
    def faces_per_die(self) -> int:
        """How many faces one die contributes to a roll's record (2 for percentile dice)."""
        return 2 if self.percentile else 1

    @property
    def expression(self) -> str:
        """The notation written back in its usual form (`2d6+1`, `d%`)."""
        count = "" if self.count == 1 else str(self.count)
        sides = "%" if self.percentile else str(self.sides)
        modifier = f"{self.modifier:+d}" if self.modifier else ""
        return f"{count}d{sides}{modifier}"


@dataclass(frozen=True)
class Roll:
    """A roll as it happened: the notation, every face, the total, and who rolled it."""

    expression: str
    faces: tuple[int, ...]
    """Each die's face; percentile dice give (tens, units) pairs such as (30, 7)."""
    total: int
    source: Source = "app"


def _too_long(digits: str) -> bool:
    """More digits than any number of dice, sides, modifier or face could need."""
    return len(digits.lstrip("0")) > LONGEST_NUMBER


def _number(digits: str) -> int:
    """ASCII digits of at most `LONGEST_NUMBER` significant ones, as a number (leading zeros
    would count towards `int`'s limit)."""
    return int(digits.lstrip("0") or "0")


def _shown(text: str) -> str:
    """`text` as a message quotes it: shortened past `SHOWN_CHARACTERS`."""
    if len(text) <= SHOWN_CHARACTERS:
        return text
    return f"{text[: SHOWN_CHARACTERS - 3]}..."


def parse(expression: str) -> DiceSpec:
    """Read dice notation (`NdM`, `NdM+K`, `NdM-K`, `dM`, `d%`, `d100`) or raise `DiceError`."""
    text = expression.strip().lower().replace(" ", "")
    shown = _shown(expression)
    if not text:
        raise DiceError(phrase("No dice given: type something like d6, 2d6+1 or d%."))
    if not text.isascii():  # `\d` and int() would read other scripts' digits, such as ٣d٦
        raise DiceError(
            phrase(
                "'{typed}' is not dice notation: write it with the ASCII digits 0-9, as 2d6+1.",
                typed=shown,
            )
        )
    match = _NOTATION.match(text)
    if match is None:
        raise DiceError(
            phrase("'{typed}' is not dice notation: use NdM, NdM+K, NdM-K, dM or d%.", typed=shown)
        )
    if any(_too_long(match[part] or "") for part in ("count", "sides", "mod")):
        raise DiceError(
            phrase(
                "'{typed}': a number too large for dice (at most {dice} dice of {sides} sides, "
                "and a modifier within ±{modifier}).",
                typed=shown,
                dice=MAX_DICE,
                sides=str(MAX_SIDES),
                modifier=str(MAX_MODIFIER),
            )
        )
    count = _number(match["count"]) if match["count"] else 1
    sides = 100 if match["sides"] == "%" else _number(match["sides"])
    modifier = _number(match["mod"] or "0") * (-1 if match["sign"] == "-" else 1)
    if not 1 <= count <= MAX_DICE:
        raise DiceError(
            phrase(
                "'{typed}': roll between 1 and {most} dice, not {count}.",
                typed=shown,
                most=MAX_DICE,
                count=str(count),
            )
        )
    if not 2 <= sides <= MAX_SIDES:
        raise DiceError(
            phrase(
                "'{typed}': a die needs 2 to {most} sides, not {sides}.",
                typed=shown,
                most=str(MAX_SIDES),
                sides=str(sides),
            )
        )
    if abs(modifier) > MAX_MODIFIER:
        raise DiceError(
            phrase(
                "'{typed}': the modifier must be within ±{most}.",
                typed=shown,
                most=str(MAX_MODIFIER),
            )
        )
    return DiceSpec(count, sides, modifier)


def percentile_value(tens: int, units: int, *, zero_is_hundred: bool = True) -> int:
    """Read a tens die (0-90) and a units die (0-9): 1-100 ("00"+"0" = 100) or 0-99 if not."""
    value = tens + units
    if value == 0 and zero_is_hundred:
        return 100
    return value


def percentile_faces(value: int) -> tuple[int, int]:
    """The (tens, units) faces that show a value read 1-100 (100 shows as "00" + "0")."""
    if not 1 <= value <= 100:
        raise DiceError(phrase("A percentile roll reads 1 to 100, not {value}.", value=str(value)))
    value %= 100
    return (value // 10 * 10, value % 10)


def roll(spec: DiceSpec | str, rng: random.Random) -> Roll:
    """Roll with the given random source (seed it for a repeatable roll)."""
    spec = parse(spec) if isinstance(spec, str) else spec
    faces: list[int] = []
    for _ in range(spec.count):
        if spec.percentile:
            faces += [rng.randint(0, 9) * 10, rng.randint(0, 9)]
        else:
            faces.append(rng.randint(1, spec.sides))
    return Roll(spec.expression, tuple(faces), _total(spec, faces), "app")


def physical(spec: DiceSpec | str, faces: tuple[int, ...] | list[int]) -> Roll:
    """A roll made on real dice and typed in; every face is checked against the dice."""
    spec = parse(spec) if isinstance(spec, str) else spec
    faces = list(faces)
    check_faces(spec, faces)
    return Roll(spec.expression, tuple(faces), _total(spec, faces), "physical")


def check_faces(spec: DiceSpec, faces: Sequence[int]) -> None:
    """Raise `DiceError` unless `faces` could have come up on these dice (in this number)."""
    expected = spec.count * spec.faces_per_die
    if len(faces) != expected:
        raise DiceError(
            phrase(
                "{dice} needs {expected} faces, you gave {given}.",
                dice=spec.expression,
                expected=expected,
                given=len(faces),
            )
        )
    for index, face in enumerate(faces):
        if spec.percentile:
            tens = index % 2 == 0
            allowed = range(0, 91, 10) if tens else range(10)
            if face not in allowed:
                if tens:
                    refusal = phrase(
                        "{face} cannot be on a percentile die: the tens die shows 00-90.",
                        face=str(face),
                    )
                else:
                    refusal = phrase(
                        "{face} cannot be on a percentile die: the units die shows 0-9.",
                        face=str(face),
                    )
                raise DiceError(refusal)
        elif not 1 <= face <= spec.sides:
            raise DiceError(
                phrase(
                    "{face} is not a face of a d{sides} (1-{sides}).",
                    face=str(face),
                    sides=str(spec.sides),
                )
            )


def total_of(spec: DiceSpec, faces: Sequence[int]) -> int:
    """The total these faces make with the modifier (percentile dice read 1-100)."""
    return _total(spec, list(faces))


def physical_total(spec: DiceSpec | str, total: int) -> Roll:
    """A single die (or a percentile pair) entered by its reading, such as 37 on d% or 4 on d6."""
    spec = parse(spec) if isinstance(spec, str) else spec
    if spec.count != 1 or spec.modifier:
        raise DiceError(
            phrase("Type each face of {dice}, not only the total.", dice=spec.expression)
        )
    if spec.percentile:
        return physical(spec, percentile_faces(total))
    return physical(spec, [total])


def _total(spec: DiceSpec, faces: list[int]) -> int:
    if spec.percentile:
        pairs = zip(faces[0::2], faces[1::2], strict=True)
        return sum(percentile_value(t, u) for t, u in pairs) + spec.modifier
    return sum(faces) + spec.modifier


def read_faces(spec: DiceSpec | str, text: str, *, zero_is_hundred: bool = True) -> Roll:
    """What real dice show, typed in; raise `DiceError` with what to type instead.

    Faces are separated by spaces, commas or `+` (`3 5`, `3,5`). Dice of at most 9 sides may be
    typed without separators (`35` for 2d6). Percentile dice take their reading (`37`, one per
    die; 1-100 where "00"+"0" is 100, or 0-99 when `zero_is_hundred` is False) or the two
    faces of each die (`30 7`).
    """
    spec = parse(spec) if isinstance(spec, str) else spec
    tokens = text.replace(",", " ").replace("+", " ").split()
    if not tokens:
        raise DiceError(
            phrase("Type what the dice show, such as {example}.", example=_example(spec))
        )
    bad = next((t for t in tokens if not _NUMBER.match(t) or _too_long(t)), None)
    if bad is not None:
        raise DiceError(
            phrase(
                "'{typed}' is not a face: type numbers such as {example}.",
                typed=_shown(bad),
                example=_example(spec),
            )
        )
    numbers = [_number(token) for token in tokens]
    if spec.percentile:
        if len(numbers) == spec.count:
            faces = [face for value in numbers for face in _reading_faces(value, zero_is_hundred)]
            return physical(spec, faces)
        if len(numbers) != 2 * spec.count:
            raise DiceError(
                phrase(
                    "Type the reading of each die ({example}) or both its faces.",
                    example=_example(spec),
                )
            )
        return physical(spec, numbers)
    if spec.sides <= 9 and len(numbers) < spec.count:
        digits = "".join(tokens)
        if len(digits) == spec.count:
            numbers = [int(digit) for digit in digits]
    return physical(spec, numbers)


def _reading_faces(value: int, zero_is_hundred: bool) -> tuple[int, int]:
    if zero_is_hundred:
        return percentile_faces(value)
    if not 0 <= value <= 99:
        raise DiceError(phrase("The dice read 00 to 99 here, not {value}.", value=str(value)))
    return (value // 10 * 10, value % 10)


def _example(spec: DiceSpec) -> str:
    if spec.percentile:
        return " ".join(["37", "52", "8"][: spec.count]) if spec.count <= 3 else "37 52 ..."
    shown = [str(min(spec.sides, face)) for face in (3, 5, 1, 6)][: spec.count]
    return " ".join(shown) + (" ..." if spec.count > 4 else "")


def die_words(roll: Roll, width: int | None = None) -> str:
    """The faces with the modifier apart (`5 + 1, +1`; d% dice as `30+7`).

    Cut to `width` characters with an ellipsis when given: faces are dropped from the end,
    the modifier always stays.
    """
    spec = parse(roll.expression)
    if spec.percentile:
        pairs = zip(roll.faces[0::2], roll.faces[1::2], strict=True)
        shown = [f"{tens:02d}+{units}" for tens, units in pairs]
    else:
        shown = [str(face) for face in roll.faces]
    tail = f", {spec.modifier:+d}" if spec.modifier else ""
    text = " + ".join(shown)
    if width is None or len(text) + len(tail) <= width:
        return text + tail
    room = max(1, width - len(tail))
    kept = ""
    for face in shown:
        candidate = f"{kept} + {face}" if kept else face
        if len(candidate) + len(" + …") > room:
            break
        kept = candidate
    return (f"{kept} + …" if kept else "…") + tail


def roll_json(roll: Roll) -> dict[str, object]:
    """One roll as `companion roll --json` prints it."""
    return {
        "expression": roll.expression,
        "faces": list(roll.faces),
        "total": roll.total,
        "source": roll.source,
    }
