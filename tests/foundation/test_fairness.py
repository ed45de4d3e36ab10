"""The fairness check: counts, chi-square, the exact p-value and a verdict that respects size."""

from __future__ import annotations

import math

import pytest

from companion import dice, fairness
from companion.fairness import check_dice, chi_square_p, upper_gamma_q

# Q(a, x) and chi-square upper tails from standard tables (R: pchisq(x, df, lower=FALSE)).
KNOWN = [
    (1, 3.841458820694124, 0.05),
    (5, 15.08627246938899, 0.01),
    (5, 11.07049769351635, 0.05),
    (9, 21.66599433346194, 0.01),
    (99, 134.6416, 0.01),
]


@pytest.mark.parametrize(("degrees", "chi2", "p"), KNOWN)
def test_p_values_match_known_values(degrees: int, chi2: float, p: float) -> None:
    assert chi_square_p(chi2, degrees) == pytest.approx(p, abs=1e-6)


def test_q_is_exact_where_it_has_a_closed_form() -> None:
    for x in (0.1, 1.0, 4.0, 30.0):
        assert upper_gamma_q(1, x) == pytest.approx(math.exp(-x), rel=1e-12)
        assert upper_gamma_q(0.5, x) == pytest.approx(math.erfc(math.sqrt(x)), abs=1e-12)
    assert upper_gamma_q(3, 0) == 1.0


def test_p_values_match_scipy() -> None:
    stats = pytest.importorskip("scipy.stats")
    for degrees in (1, 2, 5, 9, 19, 99, 999):
        for chi2 in (0.01, 0.5, 2.0, 5.0, 15.09, 40.0, 300.0, 1500.0):
            expected = float(stats.chi2.sf(chi2, degrees))
            assert chi_square_p(chi2, degrees) == pytest.approx(expected, abs=1e-9)


def d6_rolls(counts: dict[int, int], source: dice.Source = "physical") -> list[dice.Roll]:
    rolls = [dice.physical("d6", [face]) for face, n in counts.items() for _ in range(n)]
    return [dice.Roll(r.expression, r.faces, r.total, source) for r in rolls]


def test_a_loaded_d6_looks_biased_and_says_which_face() -> None:
    (check,) = check_dice(d6_rolls({1: 14, 2: 14, 3: 14, 4: 14, 5: 14, 6: 42}))
    assert check.verdict == "looks biased" and check.p_value < 0.01
    assert check.explanation == "six comes up 38% of the time; a fair die gives 17%"


def test_fair_counts_show_no_sign_of_bias() -> None:
    (check,) = check_dice(d6_rolls({1: 48, 2: 52, 3: 50, 4: 47, 5: 53, 6: 50}))
    assert check.verdict == "no sign of bias" and check.rolls == 300
    assert dict(check.counts) == {"1": 48, "2": 52, "3": 50, "4": 47, "5": 53, "6": 50}
    assert check.chi2 == pytest.approx(26 / 50)


def test_a_dozen_rolls_are_too_few() -> None:
    (check,) = check_dice(d6_rolls({6: 12}))
    assert check.verdict == "too few"
    assert check.explanation == "12 rolls: roll at least 30 to tell"


def test_app_rolls_are_ignored_and_2d6_counts_each_face() -> None:
    rolls = [*d6_rolls({6: 100}, source="app"), dice.physical("2d6+1", [2, 5])]
    (check,) = check_dice(rolls)
    assert check.rolls == 2 and dict(check.counts)["2"] == 1 and dict(check.counts)["5"] == 1


def test_percentile_dice_are_two_dice_and_other_dice_their_own() -> None:
    rolls = [dice.physical("d%", [30, 7]), dice.physical("d20", [17])]
    checks = {check.die: check for check in check_dice(rolls)}
    assert list(checks) == ["d% tens", "d% units", "d20"]
    assert dict(checks["d% tens"].counts)["30"] == 1 and "00" in dict(checks["d% tens"].counts)
    assert dict(checks["d% units"].counts)["7"] == 1
    assert checks["d20"].explanation == "1 roll: roll at least 100 to tell"


def test_the_chart_has_bars_numbers_and_the_expected_line() -> None:
    (check,) = check_dice(d6_rolls({1: 5, 2: 5, 3: 5, 4: 5, 5: 5, 6: 15}))
    lines = fairness.chart(check, width=20)
    assert lines[5].startswith("6 ") and lines[5].endswith(" 15") and "█" in lines[5]
    assert all("┃" in line for line in lines)
    assert "6.7" in lines[-1]
