"""Text a save holds is data on every dialog of the play screen: a seat name, a player's name in
the log line, an action name or a record key holding an escape sequence (`ESC ]52;` sets the
clipboard in tmux, kitty and WezTerm) or markup (`[/]`) is shown as its symbols, literally."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Label, Static

from companion.time_bastards.model import MoveEarliest
from saves.games.journal import Draft
from saves.games.store import SaveStore
from tests.conftest import fixed_clock
from tests.support.samples import install_sample
from tests.support.waiting import pause_until
from widgets.play import words
from widgets.play.conflict import ConflictDialog
from widgets.play.game_screen import GameScreen
from widgets.play.result import ConfirmEndDialog, ConfirmUndoDialog

CLIPBOARD = "\x1b]52;c;aGk=\x07"
"""An OSC 52 sequence: a terminal that gets it raw puts `hi` on the clipboard."""
SHOWN_CLIPBOARD = "␛]52;c;aGk=␇"
HOSTILE = f"A{CLIPBOARD}[/]"
"""A name holding the sequence and a markup tag that would raise if read as markup."""
SHOWN = f"A{SHOWN_CLIPBOARD}[/]"
OTHER_DEVICE = "b0123456789a"


def hostile_player(home: Path, save_id: str) -> None:
    """The sample's second player renamed, as another program could write it."""
    path = home / "games" / f"{save_id}.toml"
    escaped = HOSTILE.replace("\x1b", "\\u001b").replace("\x07", "\\u0007")
    path.write_text(path.read_text("utf-8").replace('"Jonas"', f'"{escaped}"'), "utf-8")


def another_device(home: Path, save_id: str, seat: str) -> None:
    store = SaveStore(home, fixed_clock)
    theirs = store.open_for_play(save_id)
    turn = theirs.session.state.turn
    store.transact(
        theirs, lambda _theirs: [Draft("do", MoveEarliest(turn))], by=OTHER_DEVICE, seat=seat
    )


def shown(widget: Label | Static) -> str:
    return str(widget.render())


async def open_latest(app: Any, pilot: Any) -> GameScreen:
    await pilot.press("r")
    screen = app.screen
    assert isinstance(screen, GameScreen)
    return screen


def test_the_undo_words_show_a_seat_and_a_line_as_their_symbols() -> None:
    assert words.undo_question(HOSTILE) == f"Undo {SHOWN}'s action?"
    assert words.undo_detail(f"{HOSTILE} moved") == f"Made on another device: {SHOWN} moved"


def test_the_conflict_words_show_the_files_problem_as_its_symbols() -> None:
    assert words.conflict_text(f"has '{HOSTILE}'").startswith(f"It has '{SHOWN}': ")
    assert words.kept_as_copy("c1", f"has '{HOSTILE}'") == (
        f"Saved as a copy, c1: the first file has '{SHOWN}'."
    )


def test_the_watching_words_show_a_files_problem_as_its_symbols() -> None:
    assert words.cannot_be_added(f"has '{HOSTILE}'") == (
        f"This save cannot be added to (has '{SHOWN}'): it is shown, not changed."
    )
    assert words.upgrade_given_up(f"has '{HOSTILE}'").startswith(
        f"This save could not be brought up to date (has '{SHOWN}'): "
    )


async def test_the_undo_question_shows_a_hostile_seat_and_name_literally(
    make_test_app: Any, companion_home: Path
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    hostile_player(companion_home, save_id)
    app = make_test_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_latest(app, pilot)
        before = screen.session.state
        another_device(companion_home, save_id, seat=HOSTILE)
        await pause_until(pilot, lambda: screen.session.state != before)
        await pilot.press("ctrl+z")
        await pause_until(pilot, lambda: isinstance(app.screen, ConfirmUndoDialog))
        title = shown(app.screen.query_one("#confirm-end-title", Label))
        detail = shown(app.screen.query_one("#confirm-end-detail", Static))
        assert title == f"Undo {SHOWN}'s action?"
        assert SHOWN in detail, "the log line names the renamed player"
        assert "\x1b" not in title + detail and "\x07" not in title + detail


@pytest.mark.parametrize(
    "line",
    [
        # an action name no game has
        f'r52 = {{ by = "{OTHER_DEVICE}", do = {{ action = "{HOSTILE}" }} }}',
        # a record key where the next record's number was expected
        f'"{HOSTILE}" = {{ by = "{OTHER_DEVICE}", do = {{ action = "MoveEarliest" }} }}',
    ],
    ids=["action name", "record key"],
)
async def test_the_changed_file_dialog_shows_a_hostile_record_literally(
    make_test_app: Any, companion_home: Path, line: str
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    another_device(companion_home, save_id, seat="Ben")  # now a file of records (r51)
    app = make_test_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_latest(app, pilot)
        path = companion_home / "games" / f"{save_id}.toml"
        escaped = line.replace("\x1b", "\\u001b").replace("\x07", "\\u0007")
        with path.open("a", encoding="utf-8") as file:
            file.write(escaped + "\n")
        await pause_until(pilot, lambda: isinstance(app.screen, ConflictDialog))
        text = shown(app.screen.query_one("#conflict-text", Static))
        assert SHOWN in text
        assert "\x1b" not in text and "\x07" not in text


async def test_every_confirmation_shows_its_question_as_its_symbols(
    make_test_app: Any,
) -> None:
    app = make_test_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await app.push_screen(ConfirmEndDialog(f"End {HOSTILE}'s game?", f"{HOSTILE} leads"))
        await pilot.pause()
        title = shown(app.screen.query_one("#confirm-end-title", Label))
        detail = shown(app.screen.query_one("#confirm-end-detail", Static))
        assert title == f"End {SHOWN}'s game?"
        assert detail.startswith(f"{SHOWN} leads\n")
