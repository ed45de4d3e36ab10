"""Three frictions of following other devices, each fixed: leaving a result opens the play's
details without a text field taking the next key ("vZoe's desk"); the undo question and the
"... undid: ..." line name the person who sits, not the Cavendish agent they play; that line
stays a short while, not 12 s over a phone's buttons."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import Input

from companion.cavendish.actions import GainAzrak
from companion.core import WaitingFor
from companion.time_bastards.model import MoveEarliest
from saves.games.journal import Draft
from saves.games.store import SaveStore
from tests.conftest import fixed_clock
from tests.history.games import cavendish_in_play
from tests.play.test_many_hands_app import OTHER_DEVICE, another_device
from tests.play.test_shared_game_messages import HERE, Host
from tests.support.samples import install_sample
from tests.support.waiting import pause_until
from widgets.play import told, words
from widgets.play.game_screen import GameScreen
from widgets.play.result import ConfirmUndoDialog, ResultScreen
from widgets.play.shared_game import SharedGame
from widgets.stats.details import DetailsDialog


async def test_leaving_the_result_opens_the_details_with_no_field_taking_the_next_key(
    make_test_app: Any, companion_home: Path
) -> None:
    saved = cavendish_in_play(companion_home)
    app = make_test_app(start=lambda app: app.open_saved(saved.id))
    async with app.run_test(size=(80, 24)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("X", "y")  # this device ends the mission: its result
        await pause_until(pilot, lambda: isinstance(app.screen, ResultScreen))
        await pilot.press("escape")  # leaving the result asks for the play's details
        await pause_until(pilot, lambda: isinstance(app.screen, DetailsDialog))
        dialog = app.screen
        await pilot.press("v", "Z")  # typed on, meant for the game's screen
        await pilot.pause()
        assert not isinstance(app.focused, Input)
        assert all(
            field.value == "" for field in dialog.query(Input) if field.id != "details-minutes"
        )
        await pilot.press("tab", "tab")  # the form's scroll, then its first field (or a tap)
        assert isinstance(app.focused, Input) and app.focused.id == "details-location"


def test_a_cavendish_seat_is_named_by_its_player() -> None:
    labels = [("Amy", "Amy (Ana)"), ("Anton", "Anton (Ben)")]
    assert words.person_of("Anton", labels) == "Ben"
    assert words.person_of("Cy", labels) == "Cy"  # a seat no longer in the game: as written
    assert words.person_of("Ana", [("Ana", "Ana")]) == "Ana"  # seats that are players


async def test_the_undo_question_names_the_player_of_the_agent(
    make_test_app: Any, companion_home: Path
) -> None:
    saved = cavendish_in_play(companion_home)
    app = make_test_app(start=lambda app: app.open_saved(saved.id))
    async with app.run_test(size=(80, 24)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        count = len(screen.session.steps)
        another_device(companion_home, saved.id, GainAzrak("Anton", 1), seat="Anton")
        await pause_until(pilot, lambda: len(screen.session.steps) == count + 1)
        await pilot.press("ctrl+z")
        await pause_until(pilot, lambda: isinstance(app.screen, ConfirmUndoDialog))
        assert app.screen.question == "Undo Ben's action?"


def test_the_undid_line_names_who_and_stays_a_short_while(tmp_path: Path) -> None:
    store = SaveStore(tmp_path, fixed_clock)
    save_id = install_sample(tmp_path, "time-bastards")
    host = Host(store, store.open_for_play(save_id))
    shared = SharedGame(host)
    turn = host.saved.session.state.turn
    assert shared.commit(lambda _theirs: [Draft("do", MoveEarliest(turn))]) is True
    line = host.saved.session.steps[-1].line
    mine = host.saved.origins[-1].number
    host.told()
    theirs = store.open_for_play(save_id)  # another device undoes this device's move
    store.transact(theirs, lambda _t: [Draft("undo", target=mine)], by=OTHER_DEVICE, seat="Ben")
    shared.follow()
    (moved,) = host.told()
    assert isinstance(moved, SharedGame.Moved)
    notice = told.moved(HERE, moved.before, host.saved, moved.theirs, moved.undid)
    assert notice is not None and notice.text == f"Ben, in a browser, undid: {line}"
    assert notice.timeout == told.TOLD_SECONDS <= 6  # not 12 s over a phone's buttons
    said = told.stale(HERE, moved.before, host.saved, moved.theirs, lambda seat: f"{seat}'s")
    assert said == f"Ben's, in a browser, undid: {line}"  # the person, as the screen says


def test_a_dialog_follows_a_new_stage_not_a_new_turn() -> None:
    """`told.stage`: what a dialog opened for the state shown depends on."""
    mara, jonas = WaitingFor("turn", "Mara's turn", "Mara"), WaitingFor("turn", "Jonas's turn")
    assert told.stage(mara) == told.stage(jonas)  # another player's turn: the dialog stays
    assert told.stage(mara) != told.stage(WaitingFor("move-piece", "Mara's move", "Mara"))
    bumped = WaitingFor("bumped", "where Jonas's piece goes", "Jonas", question=True)
    other = WaitingFor("bumped", "where Mara's piece goes", "Mara", question=True)
    assert told.stage(bumped) != told.stage(other)  # another question: asked afresh
    assert told.stage(None) is None and told.stage(mara) is not None  # the end


def test_who_changed_the_game_is_said_as_written() -> None:
    assert words.made("Ben, in a browser,", "Amy explored") == (
        "Ben, in a browser, changed the game: Amy explored"
    )
    assert words.made("Someone at a terminal", "\x1b[31mred", "answered") == (
        "Someone at a terminal answered: ␛[31mred"
    )
