"""The winner in words, the coin tie-break included (issue 15)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from companion.six_sojourns.verdict import explain_ranking


def test_a_clear_winner() -> None:
    result = explain_ranking({"Ana": 20, "Ben": 24, "Cy": 18}, {"Ana": 1, "Ben": 0, "Cy": 3}, True)
    assert result.outcome == "Ben wins with 24 VP"
    assert result.why == ("Ben has the most VP: 24; then Ana 20, Cy 18.",)


def test_a_tie_on_vp_is_won_on_coins_and_says_so() -> None:
    result = explain_ranking({"Ana": 24, "Ben": 24, "Cy": 18}, {"Ana": 3, "Ben": 5, "Cy": 9}, True)
    assert result.outcome == "Ben wins on coins with 24 VP"
    assert result.why == (
        "Ana and Ben tied on 24 VP; then Cy 18.",
        "Tie-break: Ben has more coins (Ana 3, Ben 5).",
    )


def test_a_tie_on_vp_and_coins_is_shared() -> None:
    result = explain_ranking({"Ana": 24, "Ben": 24}, {"Ana": 5, "Ben": 5}, True)
    assert result.outcome == "Ana and Ben share the win with 24 VP"
    assert result.why[-1] == "Tie-break: coins tied too (Ana 5, Ben 5): the win is shared."


def test_three_tied_two_on_most_coins() -> None:
    totals, coins = {"Ana": 9, "Ben": 9, "Cy": 9}, {"Ana": 2, "Ben": 2, "Cy": 1}
    result = explain_ranking(totals, coins, True)
    assert result.outcome == "Ana and Ben share the win with 9 VP"
    assert result.why[0] == "Ana, Ben and Cy tied on 9 VP."
    assert "Ana and Ben tie on most coins" in result.why[1]


def test_before_the_end_the_words_say_leads() -> None:
    result = explain_ranking({"Ana": 3, "Ben": 1}, {"Ana": 0, "Ben": 0}, False)
    assert result.outcome == "Ana leads with 3 VP"


@given(st.lists(st.tuples(st.integers(0, 4), st.integers(0, 3)), min_size=2, max_size=4))
def test_the_words_name_exactly_the_rules_winners(scores: list[tuple[int, int]]) -> None:
    """The same order as `scoring.winners`: most VP, then most coins, else shared."""
    names = ["Ana", "Ben", "Cy", "Dee"][: len(scores)]
    totals = {n: vp for n, (vp, _c) in zip(names, scores, strict=True)}
    coins = {n: c for n, (_vp, c) in zip(names, scores, strict=True)}
    best = max(scores)
    winners = [n for n, s in zip(names, scores, strict=True) if s == best]
    outcome = explain_ranking(totals, coins, True).outcome
    named = outcome.split(" wins")[0].split(" share")[0].replace(" and ", ", ").split(", ")
    assert named == winners
