"""Is my die fair? Face counts of real dice, a chi-square goodness-of-fit test and a verdict.

Only physical rolls count: the app's rolls come from its random generator, not from a die on
the table. Each die of a roll counts once (2d6 counts two faces); the two dice of d% are
checked apart, as `d% tens` and `d% units`. Pure: no I/O, no clock, no randomness.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from companion import dice
from companion.dice import DiceError, Roll
from companion.phrases import Phrase, joined, phrase, phrase_n

Verdict = Literal["too few", "no sign of bias", "looks biased"]

SIGNIFICANCE = 0.01
"""A p-value below this calls a die biased: a fair die is wrongly called biased 1 time in 100."""
MIN_EXPECTED = 5
"""Fewer expected rolls per face than this and the chi-square test cannot be trusted."""

_WORDS = {
    1: phrase("one"),
    2: phrase("two"),
    3: phrase("three"),
    4: phrase("four"),
    5: phrase("five"),
    6: phrase("six"),
}
VERDICT_WORDS: dict[str, Phrase] = {
    # TRANSLATORS: a die's verdict: too few rolls to tell whether it is fair
    "too few": phrase("too few"),
    "no sign of bias": phrase("no sign of bias"),
    "looks biased": phrase("looks biased"),
}
"""Each verdict as a player reads it (the verdict itself is a value `--json` prints)."""


@dataclass(frozen=True)
class DieCheck:
    """The check of one kind of die."""

    die: str
    """`d6`, `d20`, `d% tens` or `d% units`."""
    counts: tuple[tuple[str, int], ...]
    """Each face as printed on the die (`1`; `00`-`90` on a tens die) and how often it came up."""
    chi2: float
    p_value: float
    """The chance that a fair die gives counts at least this uneven."""
    verdict: Verdict
    explanation: str
    """The verdict in a sentence a player reads."""

    @property
    def rolls(self) -> int:
        """How many faces were counted."""
        return sum(count for _face, count in self.counts)

    @property
    def expected(self) -> float:
        """How often each face comes up on a fair die with this many rolls."""
        return self.rolls / len(self.counts)


def check_dice(rolls: Iterable[Roll]) -> list[DieCheck]:
    """One check per kind of die seen in the physical rolls, smallest die first."""
    tallies: dict[tuple[int, str], dict[int, int]] = {}
    for roll in rolls:
        if roll.source != "physical":
            continue
        try:
            spec = dice.parse(roll.expression)
        except DiceError:
            continue
        if spec.percentile:
            _tally(tallies, (10, "d% tens"), range(0, 100, 10), roll.faces[0::2])
            _tally(tallies, (10, "d% units"), range(10), roll.faces[1::2])
        else:
            _tally(tallies, (spec.sides, f"d{spec.sides}"), range(1, spec.sides + 1), roll.faces)
    return [
        check_counts(name, tuple((_face_name(name, f), n) for f, n in counts.items()))
        for (_sides, name), counts in sorted(tallies.items())
    ]


def _tally(
    tallies: dict[tuple[int, str], dict[int, int]],
    key: tuple[int, str],
    faces: range,
    seen: Iterable[int],
) -> None:
    counts = tallies.setdefault(key, dict.fromkeys(faces, 0))
    for face in seen:
        if face in counts:
            counts[face] += 1


def _face_name(die: str, face: int) -> str:
    return f"{face:02d}" if die == "d% tens" else str(face)


def check_counts(die: str, counts: tuple[tuple[str, int], ...]) -> DieCheck:
    """The test and verdict for these face counts of one die."""
    total = sum(n for _face, n in counts)
    sides = len(counts)
    expected = total / sides
    chi2 = sum((n - expected) ** 2 / expected for _f, n in counts) if total else 0.0
    p_value = chi_square_p(chi2, sides - 1) if total else 1.0
    if expected < MIN_EXPECTED:
        needed = MIN_EXPECTED * sides
        return DieCheck(
            die,
            counts,
            chi2,
            p_value,
            "too few",
            phrase_n(
                "{n} roll: roll at least {needed} to tell",
                "{n} rolls: roll at least {needed} to tell",
                total,
                needed=needed,
            ),
        )
    if p_value < SIGNIFICANCE:
        face, n = max(counts, key=lambda item: abs(item[1] - expected))
        name = _WORDS.get(int(face), face) if die == "d6" else face
        said = phrase(
            "{face} comes up {share:.0%} of the time; a fair die gives {fair:.0%}",
            face=name,
            share=n / total,
            fair=1 / sides,
        )
        return DieCheck(die, counts, chi2, p_value, "looks biased", said)
    said = phrase_n(
        "{n} roll, as even as a fair die's often are",
        "{n} rolls, as even as a fair die's often are",
        total,
    )
    return DieCheck(die, counts, chi2, p_value, "no sign of bias", said)


def chi_square_p(chi2: float, degrees: int) -> float:
    """P(X >= chi2) for a chi-square variable with `degrees` degrees of freedom."""
    if degrees < 1:
        raise ValueError("a chi-square test needs at least one degree of freedom")
    return upper_gamma_q(degrees / 2, chi2 / 2)


def upper_gamma_q(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x) = Γ(a, x) / Γ(a).

    A power series for P = 1 - Q where it converges fast (x < a + 1), else Lentz's continued
    fraction for Q (Numerical Recipes, 6.2); both to double precision.
    """
    if a <= 0:
        raise ValueError("Q(a, x) needs a > 0")
    if x <= 0:
        return 1.0
    log_prefactor = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        denominator = a
        for _ in range(100_000):
            denominator += 1
            term *= x / denominator
            total += term
            if abs(term) < abs(total) * 1e-16:
                break
        return max(0.0, 1.0 - total * math.exp(log_prefactor))
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 100_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-16:
            break
    return min(1.0, math.exp(log_prefactor) * h)


def chart(check: DieCheck, width: int = 40) -> list[str]:
    """Bars of the counts against the expected line (`┃`), with each count beside its bar."""
    most = max([n for _f, n in check.counts] + [math.ceil(check.expected), 1])
    scale = width / most
    mark = round(check.expected * scale)
    label_width = max(len(face) for face, _n in check.counts)
    lines = []
    for face, n in check.counts:
        cells = ["█" if i < round(n * scale) else " " for i in range(width + 1)]
        if 0 < mark <= width:
            cells[mark] = "┃"
        lines.append(f"{face:>{label_width}} {''.join(cells).rstrip()} {n}")
    key = phrase("┃ marks {expected:.1f}, what a fair die would give", expected=check.expected)
    lines.append(joined(" ", (" " * label_width, key)))
    return lines


def check_json(check: DieCheck) -> dict[str, object]:
    """One die as `companion dice-check --json` prints it."""
    return {
        "die": check.die,
        "rolls": check.rolls,
        "counts": dict(check.counts),
        "chi2": round(check.chi2, 6),
        "p_value": check.p_value,
        "verdict": check.verdict,
        "explanation": check.explanation,
    }


def check_text(check: DieCheck) -> str:
    """One die in words and a chart, for the terminal (each line said in the reader's words)."""
    verdict = VERDICT_WORDS.get(check.verdict, check.verdict)
    if check.rolls:
        head = phrase(
            "{die}: {verdict}: {explanation}. (chi-square {chi2:.2f}, p = {p:.4f})",
            die=check.die,
            verdict=verdict,
            explanation=check.explanation,
            chi2=check.chi2,
            p=check.p_value,
        )
    else:
        head = phrase(
            "{die}: {verdict}: {explanation}.",
            die=check.die,
            verdict=verdict,
            explanation=check.explanation,
        )
    return joined("\n", [head, *(joined("", ("  ", line)) for line in chart(check))])
