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


CHI2 = (0.01, 0.5, 2.0, 5.0, 15.09, 40.0, 300.0, 1500.0)
SCIPY = {
    1: (
        0.920344325445942,
        0.47950012218695337,
        0.15729920705028105,
        0.025347318677468325,
        0.00010250486096144925,
        2.5396285894708634e-10,
        3.2943623833139784e-67,
        0.0,
    ),
    2: (
        0.9950124791926823,
        0.7788007830714049,
        0.36787944117144245,
        0.0820849986238988,
        0.0005287472651025749,
        2.0611536224385566e-09,
        7.175095973164448e-66,
        0.0,
    ),
    5: (
        0.9999994699729957,
        0.9921232932326296,
        0.8491450360846096,
        0.4158801869955079,
        0.009984624958060406,
        1.493367900050393e-07,
        1.0015302305957817e-62,
        0.0,
    ),
    9: (
        0.9999999999991591,
        0.9999695662588389,
        0.9914676066288135,
        0.8343082601934075,
        0.08849331152431522,
        7.598525229464264e-06,
        2.6102773472069844e-59,
        0.0,
    ),
    19: (
        1.0,
        0.9999999999986573,
        0.9999996415485222,
        0.9994309626474822,
        0.7168602187408457,
        0.003272317118779744,
        2.0005232442947767e-52,
        4.4206865470539e-307,
    ),
    99: (
        1.0,
        1.0,
        1.0,
        1.0,
        1.0,
        0.9999999801305904,
        4.2266534644194534e-22,
        6.466984367228185e-249,
    ),
    999: (1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 8.513135655488133e-23),
}
"""scipy.stats.chi2.sf(chi2, degrees) for each chi-square value of CHI2, computed once with scipy
1.17.1 in a throwaway venv (`python -m venv /tmp/scipyvenv && /tmp/scipyvenv/bin/pip install
scipy`, then `float(scipy.stats.chi2.sf(c, d))` for every pair), so the suite needs no scipy."""


@pytest.mark.parametrize("degrees", sorted(SCIPY))
def test_p_values_match_scipy(degrees: int) -> None:
    """Within 1e-9 of scipy's value relatively, so the far tails (1e-67) are checked too."""
    for chi2, expected in zip(CHI2, SCIPY[degrees], strict=True):
        assert math.isclose(chi_square_p(chi2, degrees), expected, rel_tol=1e-9, abs_tol=1e-300)


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
