"""A BG Stats score as its player typed it, read as our games' points.

BG Stats keeps a score as the text typed on the phone: a number (`"47"`), a sum or a difference
(`"87+77"`, `"66-11-12"`), a decimal with a point or a comma (`"21,7"`, often a tie-break
written after the points), nothing (`null` or `""`: only the winner was logged), and in some
exports a JSON number. Every point in the companion's games is a whole number, so a score that
comes to a fraction is no score of ours: the play keeps its winners and is read without scores
(rounding would turn a tie-break into a point, cutting it would lose it).
"""

from __future__ import annotations

import math
import re
from fractions import Fraction

from companion.phrases import phrase

MAX_TEXT = 200
"""A sum of every round of a long game is well under this; longer text is not a score."""
SUM = re.compile(r"[+-]?\d+(?:[.,]\d+)?(?:[+-]\d+(?:[.,]\d+)?)*")
TERM = re.compile(r"([+-]?)(\d+(?:[.,]\d+)?)")


class NotAScore(Exception):
    """The score field holds something that is not one of our scores (said in words)."""


def score_of(raw: object) -> int | None:
    """The points a BG Stats score field holds: None when it holds none (`null`, `""`);
    `NotAScore` saying why for text that is no number or comes to a fraction."""
    if raw is None:
        return None
    if type(raw) is int:
        return raw
    if type(raw) is float:
        if not math.isfinite(raw):
            raise NotAScore(phrase("a score of {score} is not a number", score=str(raw)))
        return _whole(Fraction(str(raw)), str(raw))
    if not isinstance(raw, str):
        kinds = {bool: phrase("true or false"), list: phrase("a list"), dict: phrase("a table")}
        kind = kinds.get(type(raw), phrase("no text"))
        raise NotAScore(phrase("a score that is {kind} is not a number", kind=kind))
    if raw.isascii() and raw.isdigit() and len(raw) <= 9:
        return int(raw)  # the common case, without the sum's arithmetic
    text = "".join(raw.split())
    if not text:
        return None
    if len(text) > MAX_TEXT or not SUM.fullmatch(text):
        raise NotAScore(
            phrase(
                "'{typed}' is not a score (a number, or a sum like 87+77)", typed=raw.strip()[:30]
            )
        )
    total = Fraction(0)
    for sign, number in TERM.findall(text):
        value = Fraction(number.replace(",", "."))
        total += -value if sign == "-" else value
    return _whole(total, raw.strip())


def _whole(total: Fraction, typed: str) -> int:
    if total.denominator != 1:
        raise NotAScore(
            phrase(
                "'{typed}' comes to {total}, and every point in the companion's games is whole",
                typed=typed[:30],
                total=format(float(total), "g"),
            )
        )
    return int(total)
