"""Pilot tests of rules revision 2 in the app: the group is asked whether to use a free update,
and the end dialog previews the score made on the card; a revision 1 mission plays as before."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from test_cavendish_app import state_of
from textual.widgets import Button, Static

from companion.cavendish.actions import (
    ChooseLocation,
    EndMission,
    Explore,
    LeaveLocation,
    LoseAzrak,
    StandardUpdate,
)
from companion.cavendish.game import CAVENDISH
from companion.cavendish.model import Adjustments, CavendishState
from saves.games.store import SaveStore
from tests.conftest import fixed_clock
from tests.support.saving import record_played
from widgets.cavendish import board
from widgets.cavendish.dialogs import BrokenLinkDialog
from widgets.cavendish.phase_dialogs import EndMissionDialog, FreeUpdateDialog, UpdateDialog


def button_ids(dialog: Any) -> list[str]:
    return [str(button.id) for button in dialog.query(Button)]


async def test_the_group_chooses_a_paid_emergency_update(
    make_test_app: Callable[..., Any], make_setup: Callable[..., Any]
) -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game("cavendish", make_setup(2), "Paid emergency")
        await pilot.pause()
        assert app.screen.act(ChooseLocation("A"))
        assert app.screen.act(LoseAzrak("Anton", 4))
        await pilot.pause()
        assert isinstance(app.screen, BrokenLinkDialog)
        assert button_ids(app.screen) == ["free", "emergency", "lose", "undo"]
        await pilot.press("e")
        await pilot.pause()
        state = state_of(app)
        assert state.pending == ()
        assert state.mission_return == 1 and state.free_updates_left == 2
        assert app.store.load(app.screen.saved.id).session.state == state


async def test_the_group_chooses_a_paid_standard_update(
    make_test_app: Callable[..., Any], make_setup: Callable[..., Any]
) -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game("cavendish", make_setup(2), "Paid update")
        await pilot.pause()
        assert app.screen.act(ChooseLocation("A"))
        assert app.screen.act(LeaveLocation())
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(app.screen, FreeUpdateDialog)
        await pilot.press("escape")
        await pilot.pause()
        assert state_of(app).mission_return == 0 and not state_of(app).updated
        await pilot.press("u")
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, UpdateDialog)
        await pilot.press("ctrl+s")
        await pilot.pause()
        state = state_of(app)
        assert state.updated
        assert state.mission_return == 1 and state.free_updates_left == 2


async def test_a_revision_1_mission_uses_its_free_updates_without_asking(
    make_test_app: Callable[..., Any], make_setup: Callable[..., Any], companion_home: Path
) -> None:
    store = SaveStore(companion_home, fixed_clock)
    saved = store.create(CAVENDISH, make_setup(2), "Old mission")
    saved.session.do(ChooseLocation("A"))
    record_played(store, saved)
    path = store.path_for(saved.id)
    path.write_text(path.read_text(encoding="utf-8").replace("rules = 4\n", ""), encoding="utf-8")

    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.open_saved(saved.id)
        await pilot.pause()
        assert state_of(app).rules == 1
        assert app.screen.act(LoseAzrak("Anton", 4))
        await pilot.pause()
        assert isinstance(app.screen, BrokenLinkDialog)
        assert button_ids(app.screen) == ["emergency", "lose", "undo"]
        await pilot.press("f")
        await pilot.pause()
        assert isinstance(app.screen, BrokenLinkDialog)
        await pilot.press("e")
        await pilot.pause()
        state = state_of(app)
        assert state.mission_return == 0 and state.free_updates_left == 1
        assert app.screen.act(LeaveLocation())
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(app.screen, UpdateDialog)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert state_of(app).free_updates_left == 0
    assert "rules = " not in path.read_text(encoding="utf-8")  # the head is never rewritten
    assert store.load(saved.id).session.rules == 1  # a save that does not say: revision 1


async def test_the_end_dialog_previews_the_adjustments_made_on_the_card(
    make_test_app: Callable[..., Any], make_setup: Callable[..., Any]
) -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game("cavendish", make_setup(4), "The rulings' example")
        await pilot.pause()
        for action in (
            ChooseLocation("A"),
            Explore("Amy"),
            LeaveLocation(),
            StandardUpdate((0, 0, 0, 0)),
        ):
            assert app.screen.act(action)
        assert state_of(app).mission_return == 1
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, EndMissionDialog)
        await pilot.press("space", "tab", "space", "tab", "space")
        await pilot.pause()
        preview = str(app.screen.query_one("#end-preview", Static).render())
        assert preview.startswith("Final score: 2 ")
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("y")  # the confirmation names the score the adjustments give
        await pilot.pause()
        await pilot.press("escape")  # the result screen, back to the mission
        await pilot.pause()
        await pilot.press("escape")  # the play's details, asked once the result is read: skipped
        await pilot.pause()
        assert state_of(app).final_score == 2


def test_the_mission_report_shows_what_each_adjustment_moved(
    at_location: Callable[..., CavendishState],
) -> None:
    state = at_location(2)
    state = replace(state, mission_return=1, vortex=state.vortex - 1)
    example = Adjustments(damien_rescued=True, elixir_found=True, anigimas_freed=True)
    for revision, lines in (
        (
            2,
            [
                "Damien rescued: -1",
                "elixir of eternal life found: +0 (no crystal left on the card to remove)",
                "Anigimas freed: +2",
            ],
        ),
        (1, ["Damien rescued: -1", "elixir of eternal life found: -1", "Anigimas freed: +2"]),
    ):
        ended = CAVENDISH.apply(CAVENDISH.at_revision(state, revision), EndMission(example))
        report = board.report_text(ended).splitlines()
        assert report[0] == f"MISSION COMPLETE · final score {revision}"  # 2, then 1
        assert [line.strip() for line in report[6:9]] == lines
