"""Ending a mission is deliberate and ends on the result screen, which can be saved (issue 15)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.widgets import Button, Static

from companion.cavendish.actions import AbandonMission, ChooseLocation, EndMission
from companion.cavendish.ending import explain
from companion.cavendish.game import CAVENDISH, apply
from companion.cavendish.model import Adjustments, CavendishState
from saves.games.exports import export_csv, export_markdown, game_json
from saves.games.store import SaveStore
from tests.conftest import fixed_clock
from tests.support.notes import record_notes
from widgets.cavendish.play import CavendishScreen
from widgets.play.result import ConfirmEndDialog, ResultScreen


async def started(pilot: Any, make_setup: Callable[..., Any]) -> CavendishScreen:
    pilot.app.start_game("cavendish", make_setup(2), "Result test")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, CavendishScreen)
    return screen


def test_a_finished_mission_explains_its_score(new_state: Callable[..., CavendishState]) -> None:
    state = apply(new_state(2), ChooseLocation("A"))
    state = apply(state, EndMission(Adjustments(damien_rescued=True, anton_dead=True)))
    result = explain(state)
    assert result.outcome == f"Mission completed: final score {state.final_score}"
    # the card is empty: under the settled rulings a removal takes nothing (docs/rules-notes.md)
    assert "Damien rescued: +0 (no crystal left on the card to remove)." in result.why
    assert "Anton dead: +1." in result.why
    assert result.why[-1].startswith(f"Final score {state.final_score}: crystals left")
    assert CAVENDISH.explain is explain


def test_a_failed_mission_has_no_score_and_says_why(
    new_state: Callable[..., CavendishState],
) -> None:
    state = apply(new_state(2), AbandonMission())
    assert explain(state).outcome == "Mission failed: no score"
    assert explain(state).why == (state.reason,)
    assert explain(new_state(2)).outcome.startswith("Mission in progress")


async def test_abandon_asks_first_then_ends_on_the_result_which_saves_and_undo_takes_back(
    make_test_app: Callable[..., Any], make_setup: Callable[..., Any], companion_home: Path
) -> None:
    """`X` asks first and no keeps playing; yes ends on the result, which `s` saves as an SVG
    image; undo takes the ending back."""
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot, make_setup)
        await pilot.press("X")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmEndDialog)
        detail = app.screen.query_one("#confirm-end-detail", Static).content
        assert "Undo (ctrl+z) will still work afterwards" in str(detail)
        assert str(app.screen.query_one("#confirm-end-yes", Button).label) == "Abandon it (y)"
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and screen.state.outcome == ""

        await pilot.press("X", "y")
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        assert app.screen.result.outcome == "Mission failed: no score"
        assert not app.screen.query_one("#result-totals").display  # no score to show

        await pilot.press("s")  # the result saved as an SVG image
        await pilot.pause()
        image = companion_home / "exports" / f"{screen.saved.id}.result.svg"
        assert image.read_text(encoding="utf-8").lstrip().startswith("<svg")
        assert "Mission failed" in image.read_text(encoding="utf-8").replace("&#160;", " ")
        await pilot.press("escape")  # from the saved image's page back to the result
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)

        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.screen is screen and screen.state.outcome == ""
        assert app.store.load(screen.saved.id).status == "playing"


async def test_end_mission_asks_with_the_score_then_shows_the_result(
    make_test_app: Callable[..., Any], make_setup: Callable[..., Any]
) -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot, make_setup)
        await pilot.press("e", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmEndDialog)
        assert app.screen.question == "End the mission with final score 0?"
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("escape")  # the play's details, asked once the result is read: skipped
        await pilot.pause()
        assert app.screen is screen and screen.state.outcome == "finished"
        await pilot.press("R")  # the result again, from the finished game
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)


async def test_a_failed_image_write_is_one_line_and_leaves_nothing(
    make_test_app: Callable[..., Any], make_setup: Callable[..., Any], companion_home: Path
) -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, make_setup)
        (companion_home / "exports").write_text("not a folder")  # every write there fails
        notes = record_notes(app)
        await pilot.press("X", "y")
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        failed = [note for note in notes if note.startswith("Could not save the image:")]
        assert len(failed) == 1 and "\n" not in failed[0]
        assert isinstance(app.screen, ResultScreen)
        left = [p for p in companion_home.rglob("*") if p.suffix in (".tmp", ".svg")]
        assert left == []
        assert (companion_home / "exports").read_text() == "not a folder"


def test_exports_carry_the_same_explanation(
    companion_home: Path, make_setup: Callable[..., Any]
) -> None:
    store = SaveStore(companion_home, fixed_clock, games={CAVENDISH.id: CAVENDISH})
    saved = store.create(CAVENDISH, make_setup(2), "Result test")
    saved.session.do(AbandonMission())
    result = explain(saved.session.state)
    assert f"## Result\n\n{result.outcome}.\n- {result.why[0]}" in export_markdown(saved)
    assert result.outcome in export_csv(saved)
    assert game_json(saved)["explanation"] == {"outcome": result.outcome, "why": list(result.why)}


def test_the_saved_games_line_says_how_the_mission_ended(
    new_state: Callable[..., CavendishState],
) -> None:
    """Issue 15: the list read "finished: Finished: final score" and named no outcome."""
    failed = apply(new_state(2), AbandonMission())
    assert CAVENDISH.summary(failed) == f"Mission failed: {failed.reason}"


def test_the_markdown_of_a_finished_mission_names_no_winner(
    companion_home: Path, make_setup: Callable[..., Any]
) -> None:
    """The group plays together: the score and the result say it all, "Winner: group" nothing."""
    store = SaveStore(companion_home, fixed_clock, games={CAVENDISH.id: CAVENDISH})
    saved = store.create(CAVENDISH, make_setup(2), "Markdown test")
    saved.session.do(ChooseLocation("A"))
    saved.session.do(EndMission(Adjustments()))
    page = export_markdown(saved)
    assert "## Score" in page and "| group | " in page
    assert "Winner" not in page
