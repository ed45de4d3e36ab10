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
from tests.support.snapshots import Size, size_sets

SIZES = size_sets([(80, 24), (120, 40)])

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


@pytest.mark.parametrize("sizes", SIZES)
class TestMainScreen:
    def test_mid_game(
        self, snap_sizes: Any, make_test_app: Any, make_setup: Any, sizes: list[Size]
    ) -> None:
        app = make_test_app()
        assert snap_sizes(app, sizes, run_before=starter(make_setup, MID_GAME)) == []

    def test_broken_link_asked(
        self, snap_sizes: Any, make_test_app: Any, make_setup: Any, sizes: list[Size]
    ) -> None:
        from companion.cavendish.actions import LoseAzrak

        actions = [ChooseLocation("A"), LoseAzrak("Amy", 6)]
        app = make_test_app()
        assert snap_sizes(app, sizes, run_before=starter(make_setup, actions)) == []


@pytest.mark.parametrize("sizes", SIZES)
class TestTestPanel:
    def test_panel_with_known_deck(
        self, snap_sizes: Any, make_test_app: Any, make_setup: Any, sizes: list[Size]
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
        assert snap_sizes(app, sizes, press=press, run_before=run_before) == []


@pytest.mark.parametrize("sizes", SIZES)
class TestEndScreen:
    def test_finished_mission(
        self, snap_sizes: Any, make_test_app: Any, make_setup: Any, sizes: list[Size]
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
        assert snap_sizes(app, sizes, press=press, run_before=run_before) == []


@pytest.mark.parametrize("sizes", SIZES)
class TestFreeUpdateChoice:
    """Rules revision 2: while a free update is left the group is asked whether to use it."""

    def test_broken_link_offers_free_and_paid(
        self, snap_sizes: Any, make_test_app: Any, make_setup: Any, sizes: list[Size]
    ) -> None:
        from companion.cavendish.actions import LoseAzrak

        actions = [ChooseLocation("A"), LoseAzrak("Anton", 4)]
        run_before = starter(make_setup, actions, players=2)
        assert snap_sizes(make_test_app(), sizes, run_before=run_before) == []

    def test_standard_update_asks_first(
        self, snap_sizes: Any, make_test_app: Any, make_setup: Any, sizes: list[Size]
    ) -> None:
        run_before = starter(make_setup, [ChooseLocation("A"), LeaveLocation()], players=2)
        assert snap_sizes(make_test_app(), sizes, press=["u"], run_before=run_before) == []


CONFLICT = [
    ChooseLocation("A"),
    TakeItem("Amy", "ITEM 4", strength=1),
    PersonalConflict("Doug"),
    AnnounceGroupConflict("the Butler"),
]
"""Four agents at A: Doug's personal conflict card in front of him, then the Butler's group
conflict is read."""


@pytest.mark.parametrize("sizes", SIZES)
class TestConflicts:
    def test_group_conflict_announced_and_the_time_captains_order(
        self, snap_sizes: Any, make_test_app: Any, make_setup: Any, sizes: list[Size]
    ) -> None:
        """The conflict announced on the play screen; `G` asks the Time Captain's order
        (escape closes it unanswered)."""
        run_before = starter(make_setup, CONFLICT)
        views = {"order": ["G"], "announced": ["escape"]}
        assert snap_sizes(make_test_app(), sizes, run_before=run_before, views=views) == []

    def test_group_conflict_under_way(
        self, snap_sizes: Any, make_test_app: Any, make_setup: Any, sizes: list[Size]
    ) -> None:
        actions = [
            *CONFLICT,
            BeginGroupConflict(("Anton", "Doug", "Amy", "Jennifer"), life_points=6),
            AttemptTest("Anton", "strength", 4, destiny=0, supports=(("Doug", 1),), damage=2),
        ]
        run_before = starter(make_setup, actions)
        assert snap_sizes(make_test_app(), sizes, run_before=run_before) == []
