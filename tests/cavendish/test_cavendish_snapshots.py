"""Snapshots of the main screen, the test panel and the end screen at 80x24 and 120x40."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from companion.cavendish.actions import (
    AnnounceGroupConflict,
    AttemptTest,
    BeginGroupConflict,
    ChooseLocation,
    EndMission,
    LeaveLocation,
    PassCaptain,
    PersonalConflict,
    StandardUpdate,
    TakeFear,
    TakeItem,
)
from companion.cavendish.model import Adjustments

SIZES = [(80, 24), (120, 40)]

MID_GAME = [
    ChooseLocation("A"),
    TakeItem("Doug", "ITEM 12", strength=1),
    TakeFear("Doug", 3),
    AttemptTest("Anton", "dexterity", 4, destiny=-1, boosts=2, supports=(("Amy", 1),)),
    AttemptTest("Jennifer", "confidence", 3, destiny=1),
]


def starter(make_setup: Callable[..., Any], actions: list[Any], players: int = 4) -> Any:
    """A run_before that starts a mission and plays the given actions through the screen."""

    async def run_before(pilot: Any) -> None:
        pilot.app.start_game("cavendish", make_setup(players), "Cavendish snapshot")
        await pilot.pause()
        for action in actions:
            assert pilot.app.screen.act(action)
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()

    return run_before


@pytest.mark.parametrize("size", SIZES)
class TestMainScreen:
    def test_mid_game(
        self, snap_compare: Any, make_test_app: Any, make_setup: Any, size: tuple[int, int]
    ) -> None:
        app = make_test_app()
        assert snap_compare(app, run_before=starter(make_setup, MID_GAME), terminal_size=size)

    def test_broken_link_asked(
        self, snap_compare: Any, make_test_app: Any, make_setup: Any, size: tuple[int, int]
    ) -> None:
        from companion.cavendish.actions import LoseAzrak

        actions = [ChooseLocation("A"), LoseAzrak("Amy", 6)]
        app = make_test_app()
        assert snap_compare(app, run_before=starter(make_setup, actions), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
class TestTestPanel:
    def test_panel_with_known_deck(
        self, snap_compare: Any, make_test_app: Any, make_setup: Any, size: tuple[int, int]
    ) -> None:
        from dataclasses import replace

        async def run_before(pilot: Any) -> None:
            setup = replace(make_setup(4), destiny=(-2, -1, 0, 0, 1, 2))
            pilot.app.start_game("cavendish", setup, "Cavendish snapshot")
            await pilot.pause()
            pilot.app.screen.act(ChooseLocation("A"))
            await pilot.pause()

        app = make_test_app()
        press = ["t", "4", "tab", "2", "tab", "1"]
        assert snap_compare(app, press=press, run_before=run_before, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
class TestEndScreen:
    def test_finished_mission(
        self, snap_compare: Any, make_test_app: Any, make_setup: Any, size: tuple[int, int]
    ) -> None:
        actions = [
            ChooseLocation("A"),
            LeaveLocation(),
            StandardUpdate((1, 0)),
            PassCaptain(),
            ChooseLocation("B"),
            LeaveLocation(),
            StandardUpdate((0, 1)),
            PassCaptain(),
            ChooseLocation("A"),
            LeaveLocation(),
            StandardUpdate((1, 0)),
            EndMission(Adjustments(damien_rescued=True, anton_dead=True)),
        ]
        app = make_test_app()
        run_before = starter(make_setup, actions, players=2)
        # escape: from the result screen (tests/cavendish/test_cavendish_result_snapshots.py)
        # back to the play screen's mission report, then the play's details skipped
        press = ["escape", "escape"]
        assert snap_compare(app, press=press, run_before=run_before, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
class TestFreeUpdateChoice:
    """Rules revision 2: while a free update is left the group is asked whether to use it."""

    def test_broken_link_offers_free_and_paid(
        self, snap_compare: Any, make_test_app: Any, make_setup: Any, size: tuple[int, int]
    ) -> None:
        from companion.cavendish.actions import LoseAzrak

        actions = [ChooseLocation("A"), LoseAzrak("Anton", 4)]
        run_before = starter(make_setup, actions, players=2)
        assert snap_compare(make_test_app(), run_before=run_before, terminal_size=size)

    def test_standard_update_asks_first(
        self, snap_compare: Any, make_test_app: Any, make_setup: Any, size: tuple[int, int]
    ) -> None:
        run_before = starter(make_setup, [ChooseLocation("A"), LeaveLocation()], players=2)
        assert snap_compare(make_test_app(), press=["u"], run_before=run_before, terminal_size=size)


CONFLICT = [
    ChooseLocation("A"),
    TakeItem("Amy", "ITEM 4", strength=1),
    PersonalConflict("Doug"),
    AnnounceGroupConflict("the Butler"),
]
"""Four agents at A: Doug's personal conflict card in front of him, then the Butler's group
conflict is read."""


@pytest.mark.parametrize("size", SIZES)
class TestConflicts:
    def test_group_conflict_announced(
        self, snap_compare: Any, make_test_app: Any, make_setup: Any, size: tuple[int, int]
    ) -> None:
        run_before = starter(make_setup, CONFLICT)
        assert snap_compare(make_test_app(), run_before=run_before, terminal_size=size)

    def test_the_time_captains_order(
        self, snap_compare: Any, make_test_app: Any, make_setup: Any, size: tuple[int, int]
    ) -> None:
        run_before = starter(make_setup, CONFLICT)
        assert snap_compare(make_test_app(), press=["G"], run_before=run_before, terminal_size=size)

    def test_group_conflict_under_way(
        self, snap_compare: Any, make_test_app: Any, make_setup: Any, size: tuple[int, int]
    ) -> None:
        actions = [
            *CONFLICT,
            BeginGroupConflict(("Anton", "Doug", "Amy", "Jennifer"), life_points=6),
            AttemptTest("Anton", "strength", 4, destiny=0, supports=(("Doug", 1),), damage=2),
        ]
        run_before = starter(make_setup, actions)
        assert snap_compare(make_test_app(), run_before=run_before, terminal_size=size)
