"""Setup, the turn tracker, entries as actions, and the campaign."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.core import RuleError, WaitingFor
from companion.session import Session
from companion.six_sojourns.actions import (
    AdjustCoins,
    CloseSojourn,
    EnterCount,
    EnterSpace,
    PayCoins,
    PlaceSerpent,
    PlaceShrine,
    PlaceUpgrade,
    RemoveSpace,
    RemoveUpgrade,
    ScoreBy,
    SetObjectives,
    SetThresholds,
    TakeCard,
)
from companion.six_sojourns.game import SIX_SOJOURNS, campaign_score, game_score, summary
from companion.six_sojourns.model import Objective, Pieces, Space, Threshold, Thresholds
from companion.six_sojourns.play import start
from companion.six_sojourns.setup import SOJOURNS, SojournsSetup, checklist, towers_by_seat

TWO = SojournsSetup(players=("Ana", "Ben"))
ALL_IN = SojournsSetup(
    players=("Ana", "Ben", "Cy"),
    expansions=("upgrades", "sea-serpents", "shrines", "mountains", "trades-tokens"),
)


def play(setup: SojournsSetup, *actions: object) -> Session:
    session = Session(SIX_SOJOURNS, setup)
    for action in actions:
        session.do(action)
    return session


def refused(setup: SojournsSetup, *actions: object) -> str:
    session = play(setup, *actions[:-1])
    before = session.state
    with pytest.raises(RuleError) as error:
        session.do(actions[-1])
    assert session.state == before
    return str(error.value)


def test_towers_by_seat_rulebook_examples() -> None:
    assert towers_by_seat(("A", "B", "C")) == (("A", 2), ("B", 1), ("C", 0))
    assert towers_by_seat(("A", "B")) == (("A", 1), ("B", 0))


def test_checklist_has_coins_towers_and_expansion_steps() -> None:
    steps = checklist(SojournsSetup(("Ana", "Ben", "Cy"), "B", ("places", "shrines")))
    assert "Give each player 12 coins and one colour of wooden pieces." in steps
    assert "Places: shuffle the Places cards of map B into the base cards." in steps
    assert "Shrines: 3 shrine tokens to each player's supply." in steps
    assert "Ana keeps 2 towers." in steps and "Cy keeps 0 towers." in steps


def test_campaign_presets_match_the_rulebook() -> None:
    assert [(s.name, s.map) for s in SOJOURNS] == [
        ("Enchanting Sites", "A"),
        ("Learn from the Masters", "B"),
        ("Golden Age", None),
        ("Wild Rumors", "B"),
        ("Unknown Paths", "A"),
        ("Feuding Families", "B"),
    ]
    assert set(SOJOURNS[5].expansions) == {
        "places",
        "exploration",
        "values",
        "sea-serpents",
        "feuds",
    }


@pytest.mark.parametrize(
    ("setup", "words"),
    [
        (SojournsSetup(players=()), "1 to 4 players"),
        (SojournsSetup(players=("A", "B", "C", "D", "E")), "1 to 4 players"),
        (SojournsSetup(players=("Ana", "Ana")), "named twice"),
        (SojournsSetup(expansions=("feuds", "fierce-feuds")), "not both"),
        (SojournsSetup(expansions=("dragons",)), "unknown expansion"),
        (SojournsSetup(sojourn=2, map="B", expansions=("places",)), "Trades Tokens"),
        (SojournsSetup(sojourn=1, map="B", expansions=("places",)), "map A"),
        (
            SojournsSetup(campaign=True, sojourn=3, expansions=("trades-tokens", "specialties")),
            "starts with sojourn 1",
        ),
        (SojournsSetup(thresholds=Thresholds(art=Threshold(5, 4))), "art"),
    ],
)
def test_impossible_setups_are_refused(setup: SojournsSetup, words: str) -> None:
    with pytest.raises(RuleError, match=words):
        start(setup)


def test_every_player_starts_with_12_coins() -> None:
    assert [p.coins for p in start(ALL_IN).sheet.players] == [12, 12, 12]


def test_turn_tracker_goes_round_in_turn_order_and_pays_the_price() -> None:
    state = play(TWO, TakeCard(4), TakeCard(2), TakeCard(0)).state
    assert [p.coins for p in state.sheet.players] == [8, 10]
    assert state.turn_player == "Ben" and state.turn_number == 2


def test_card_price_outside_the_row_is_refused() -> None:
    assert "0 to 4" in refused(TWO, TakeCard(5))


def test_no_coins_means_the_zero_cost_card() -> None:
    message = refused(TWO, EnterCount("Ana", "coins", 0), TakeCard(1))
    assert message == "Ana has no coins and must take the 0-cost card."
    assert play(TWO, EnterCount("Ana", "coins", 0), TakeCard(0)).state.cards_taken == 1


def test_not_enough_coins_for_the_card() -> None:
    assert "has 2 coins" in refused(TWO, EnterCount("Ana", "coins", 2), TakeCard(3))


def test_nine_cards_each_then_no_more() -> None:
    session = play(TWO, *[TakeCard(0)] * 18)
    assert session.state.cards_over
    with pytest.raises(RuleError, match="9 cards"):
        session.do(TakeCard(0))


def test_coins_never_below_zero() -> None:
    assert "below 0" in refused(TWO, AdjustCoins("Ana", -13))
    assert "below 0" in refused(TWO, EnterCount("Ana", "coins", 1), PayCoins("Ana", "Ben", 2))
    state = play(TWO, PayCoins("Ana", "Ben")).state
    assert [p.coins for p in state.sheet.players] == [11, 13]


def test_serpent_collects_a_coin_from_each_boat_owner_who_has_one() -> None:
    state = play(
        ALL_IN, EnterCount("Cy", "coins", 0), PlaceSerpent("Ana", ("Ben", "Cy", "Ana"))
    ).state
    assert [p.coins for p in state.sheet.players] == [13, 11, 0]
    assert state.serpents_placed == 1


@pytest.mark.parametrize(
    ("boats", "said"),
    [
        (("Ben", "Cy", "Ana"), "Ben pays Ana 1 coin; Cy has no coin to pay"),
        (("Ben", "Cy"), "Ben pays Ana 1 coin; Cy has no coin to pay"),
        (("Ana",), "no other player has a boat there, nobody pays"),
        ((), "no other player has a boat there, nobody pays"),
    ],
)
def test_the_serpents_log_line_says_who_paid_whom(boats: tuple[str, ...], said: str) -> None:
    """Issue 42: the line said only "Ana places a sea serpent", never who paid."""
    session = play(ALL_IN, EnterCount("Cy", "coins", 0), PlaceSerpent("Ana", boats))
    assert session.history[-1] == f"Ana places a sea serpent (1 on the board): {said}"


def test_two_payers_pay_a_coin_each() -> None:
    session = play(ALL_IN, PlaceSerpent("Cy", ("Ana", "Ben")))
    assert session.history[-1] == (
        "Cy places a sea serpent (1 on the board): Ana and Ben pay Cy 1 coin each"
    )


@pytest.mark.parametrize(
    ("expansions", "mode", "extra"),
    [
        ((), "pad", ()),
        (("shrines",), "pad", ("expansions",)),
        (("shrines", "feuds"), "board", ("shrines", "feuds")),
        ((), "board", ()),
    ],
)
def test_the_statistics_facts_hold_only_the_categories_in_play(
    expansions: tuple[str, ...], mode: str, extra: tuple[str, ...]
) -> None:
    """Issue 42: every category was in the facts, at 0 where its expansion was not chosen, so
    Stats averaged Shrines over games played without them."""
    session = play(SojournsSetup(players=("Ana", "Ben"), expansions=expansions))
    if mode == "board":
        session.do(ScoreBy("board"))
    session.do(CloseSojourn())
    facts = SIX_SOJOURNS.facts(SIX_SOJOURNS, session.setup, session.state, session.steps)
    base = ("spaces", "islands", "trades", "objectives")
    assert {name: tuple(sheet) for name, sheet in facts.details["categories"].items()} == {
        "Ana": base + extra,
        "Ben": base + extra,
    }


def test_serpents_and_shrines_are_limited() -> None:
    assert "All 8" in refused(ALL_IN, *[PlaceSerpent("Ana")] * 9)
    assert "all 3" in refused(ALL_IN, *[PlaceShrine("Ben")] * 4)
    assert "not in play" in refused(TWO, PlaceShrine("Ana"))


def test_upgrades_at_most_two_per_trade_and_ten_in_all() -> None:
    assert "at most 2" in refused(
        ALL_IN, PlaceUpgrade("art", 1), PlaceUpgrade("art", 2), PlaceUpgrade("art", -1)
    )
    trades = ["cooking", "carpentry", "sewing", "shoe-making", "art"]
    ten = [PlaceUpgrade(t, v) for t in trades for v in (1, 2)]
    assert "has 10" in refused(ALL_IN, *ten, PlaceUpgrade("jewelry", 1))
    assert "not a printed value" in refused(ALL_IN, PlaceUpgrade("art", 0))
    assert "unknown trade" in refused(ALL_IN, PlaceUpgrade("baking", 1))
    state = play(
        ALL_IN, PlaceUpgrade("art", 1), PlaceUpgrade("art", 2), RemoveUpgrade("art", 1)
    ).state
    assert state.sheet.upgrades == {"art": (2,)}


def test_entries_change_the_score_and_undo_takes_them_back() -> None:
    session = play(TWO, EnterCount("Ana", "spaces", 7), EnterCount("Ana", "cooking", 9))
    assert game_score(session.state).totals["Ana"] == 14
    session.undo()
    assert game_score(session.state).totals["Ana"] == 7


def test_board_entry_refuses_impossible_spaces_with_the_space_named() -> None:
    boat = Space("A1", island="North", pieces={"Ana": Pieces(boats=1)})
    assert refused(TWO, EnterSpace(boat)).startswith("space A1: a boat on land")
    assert "already entered" in refused(
        TWO, EnterSpace(Space("A1", island="N")), EnterSpace(Space("A1", island="S"))
    )


def test_board_entry_edit_and_remove() -> None:
    first = Space("A1", island="North", pieces={"Ana": Pieces(people=1)})
    edited = replace(first, name="A9", pieces={"Ben": Pieces(people=2)})
    session = play(TWO, ScoreBy("board"), EnterSpace(first), EnterSpace(edited, replaces="A1"))
    assert [s.name for s in session.state.sheet.spaces] == ["A9"]
    assert game_score(session.state).totals == {"Ana": 0, "Ben": 2}
    session.do(RemoveSpace("A9"))
    assert session.state.sheet.spaces == ()


def test_objectives_and_thresholds_are_entries() -> None:
    session = play(
        TWO,
        ScoreBy("board"),
        SetObjectives("Ana", (Objective("vp", 2),)),
        SetThresholds(Thresholds(art=Threshold(1, 2))),
        EnterCount("Ben", "art", 1),
    )
    assert game_score(session.state).totals == {"Ana": 2, "Ben": 4}


def test_unknown_player_count_and_action_are_refused() -> None:
    assert "no player" in refused(TWO, EnterCount("Zed", "coins", 1))
    assert "not a number of the sheet" in refused(TWO, EnterCount("Ana", "gold", 1))
    assert "negative" in refused(TWO, EnterCount("Ana", "art", -1))
    assert "not an action" in refused(TWO, "jump")


def test_a_single_game_closes_and_then_refuses_entries() -> None:
    session = play(TWO, EnterCount("Ana", "spaces", 3), CloseSojourn())
    assert SIX_SOJOURNS.status(session.state) == "finished"
    with pytest.raises(RuleError, match="game is over"):
        session.do(EnterCount("Ana", "spaces", 4))


CAMPAIGN = SojournsSetup(("Ana", "Ben"), "A", ("places",), sojourn=1, campaign=True)


def test_campaign_six_games_totals_and_winner() -> None:
    session = play(CAMPAIGN, EnterCount("Ana", "spaces", 5), CloseSojourn())
    state = session.state
    assert (state.sojourn, state.map, state.sheet.expansions) == (
        2,
        "B",
        ("places", "trades-tokens"),
    )
    assert [p.coins for p in state.sheet.players] == [12, 12]
    with pytest.raises(RuleError, match="any map"):
        session.do(CloseSojourn())
    session.do(CloseSojourn("B"))
    assert session.state.map == "B" and session.state.sojourn == 3
    for _ in range(4):
        session.do(EnterCount("Ben", "spaces", 2))
        session.do(CloseSojourn())
    assert session.state.finished
    result = campaign_score(session.state)
    assert result.totals == {"Ana": 5, "Ben": 8}
    assert result.winners == ("Ben",)
    assert game_score(session.state) == result
    assert "Feuding Families" in summary(session.state)


def test_campaign_fixed_map_cannot_be_overridden() -> None:
    with pytest.raises(RuleError, match="map B"):
        play(CAMPAIGN, CloseSojourn("A"))


def test_waiting_for_follows_the_turn_tracker_then_the_scoring() -> None:
    session = play(TWO, TakeCard(1))
    waiting = SIX_SOJOURNS.waiting_for(session.state)
    assert waiting == WaitingFor("buy-card", "Ben buys a card (turn 1 of 9)", "Ben")
    for _ in range(17):
        session.do(TakeCard(0))
    assert SIX_SOJOURNS.waiting_for(session.state) == WaitingFor(
        "score-game", "the end-of-game entries, then the game scored"
    )
    assert SIX_SOJOURNS.describe(session.state)["turn"] is None
    assert "winners" not in SIX_SOJOURNS.describe(session.state)
    session.do(CloseSojourn())
    assert SIX_SOJOURNS.waiting_for(session.state) is None
    assert SIX_SOJOURNS.describe(session.state)["winners"] == ["Ben"]  # 0 VP each, Ben has 12 coins
