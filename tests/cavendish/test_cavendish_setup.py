"""Setup: receptacles by player count, the 31 crystals laid out, the first Time Captain."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from companion.cavendish.game import CAVENDISH
from companion.cavendish.model import (
    CavendishSetup,
    CavendishState,
    ReceptacleCard,
    ReceptacleCards,
    Seat,
)
from companion.core import RuleError

SetupFor = Callable[..., CavendishSetup]


@pytest.mark.parametrize(
    ("players", "vortex", "free_updates"),
    [(1, 11, 2), (2, 11, 2), (3, 6, 1), (4, 0, 0)],
)
def test_crystals_are_laid_out(
    make_setup: SetupFor, players: int, vortex: int, free_updates: int
) -> None:
    state = CAVENDISH.start(make_setup(players))
    assert all(agent.pool == agent.starting for agent in state.agents)
    assert state.vortex == vortex
    assert state.box == 31 - 22
    assert state.crystals == 31
    assert state.free_updates_left == free_updates


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_anton_is_the_first_time_captain(make_setup: SetupFor, players: int) -> None:
    state = CAVENDISH.start(make_setup(players))
    assert state.captain_agent.receptacle == "Anton"
    assert state.phase == "time-captain"


def test_solo_player_runs_anton_and_amy(make_setup: SetupFor) -> None:
    state = CAVENDISH.start(make_setup(1))
    assert [(a.receptacle, a.player) for a in state.agents] == [("Anton", "Solo"), ("Amy", "Solo")]


@pytest.mark.parametrize(
    ("players", "seats", "rule"),
    [
        (("Ana", "Ben"), (Seat("Anton", "Ana"), Seat("Doug", "Ben")), "Anton and Amy are played"),
        (
            ("Ana", "Ben", "Cy"),
            (Seat("Anton", "Ana"), Seat("Jennifer", "Ben"), Seat("Doug", "Cy")),
            "Jennifer or Doug",
        ),
        (("Ana",), (Seat("Anton", "Ana"),), "a solo player runs both"),
        (
            ("Ana", "Ben", "Cy", "Di"),
            (Seat("Anton", "Ana"), Seat("Amy", "Ben"), Seat("Doug", "Cy"), Seat("Doug", "Di")),
            "at most once",
        ),
        (("Ana", "Ben"), (Seat("Anton", "Ben"), Seat("Amy", "Ana")), "seating order"),
    ],
)
def test_receptacles_follow_the_printed_rule(
    cards: ReceptacleCards, players: tuple[str, ...], seats: tuple[Seat, ...], rule: str
) -> None:
    with pytest.raises(RuleError, match=rule):
        CAVENDISH.start(CavendishSetup(players, seats, cards))


def test_32_crystals_are_refused(make_setup: SetupFor, cards: ReceptacleCards) -> None:
    cards = replace(cards, doug=ReceptacleCard(starting=15, strength=1, confidence=1, dexterity=1))
    with pytest.raises(RuleError, match="add up to 32 crystals; the box holds 31"):
        CAVENDISH.start(make_setup(2, cards))


@pytest.mark.parametrize(
    ("players", "message"),
    [((), "1 to 4 players"), (("Ana", "ana"), "Two players are called"), (("",), "a name")],
)
def test_players_are_checked(
    cards: ReceptacleCards, players: tuple[str, ...], message: str
) -> None:
    setup = CavendishSetup(players, SEATS_FOR_TWO, cards)
    with pytest.raises(RuleError, match=message):
        CAVENDISH.start(setup)


SEATS_FOR_TWO = (Seat("Anton", "Ana"), Seat("Amy", "Ben"))


def test_card_numbers_are_checked(make_setup: SetupFor, cards: ReceptacleCards) -> None:
    cards = replace(cards, amy=ReceptacleCard(starting=6, strength=12, confidence=1, dexterity=1))
    with pytest.raises(RuleError, match="Amy's Strength must be 0 to 9, not 12"):
        CAVENDISH.start(make_setup(2, cards))


def test_remembered_destiny_composition_is_known_from_the_start(make_setup: SetupFor) -> None:
    setup = replace(make_setup(2), destiny=(1, -1, 0, 0, 2, -2))
    state: CavendishState = CAVENDISH.start(setup)
    assert state.destiny.complete
    assert state.destiny.known == (-2, -1, 0, 0, 1, 2)


def test_partial_destiny_composition_is_refused(make_setup: SetupFor) -> None:
    with pytest.raises(RuleError, match="6 cards; 2 were given"):
        CAVENDISH.start(replace(make_setup(2), destiny=(1, 2)))


def test_describe_has_exactly_the_issue_keys(new_state: Callable[..., CavendishState]) -> None:
    data = CAVENDISH.describe(new_state(3))
    assert set(data) == {
        "round", "phase", "location", "time_captain", "agents", "vortex", "mission_return",
        "house_plan", "box", "free_updates_left", "update_needed", "broken_links",
        "group_conflict", "destiny", "tests", "ledger", "epilogue", "status",
    }  # fmt: skip
    assert {a["receptacle"]: a["pool"] for a in data["agents"]} == {"Amy": 6, "Anton": 5, "Doug": 5}
    assert data["time_captain"] == "Anton"
    assert data["status"] == "playing"
