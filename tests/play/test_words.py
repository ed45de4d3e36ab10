"""What a play screen says when several devices play one game, word for word as the screens
show it (tests/play/test_many_hands_app.py drives the same sentences through the app)."""

from __future__ import annotations

import pytest

from companion.session import Step
from widgets.play import words


@pytest.mark.parametrize(
    ("whose", "said"),
    [
        (["Ben"], "Ben"),
        (["Ben", "Ben"], "Ben"),
        (["Cleo", "Ben"], "Ben and Cleo"),
        (["another device"], "Another device"),
        (["Ana", "Ben", "Cleo"], "Other devices"),
        (["ana\x1b[31m"], "Ana\u241b[31m"),  # a control character made visible
    ],
)
def test_who_names_the_devices_for_the_start_of_a_sentence(whose: list[str], said: str) -> None:
    assert words.who(whose) == said


def test_the_last_line_is_the_last_steps_or_the_start() -> None:
    step = Step(action=None, state=None, line="Ana moved to 3 o'clock")
    assert words.last_line(step) == "Ana moved to 3 o'clock"
    assert words.last_line(None) == "the game is back at its start"


def test_a_change_another_device_made_impossible_says_who_and_what_changed() -> None:
    refused = words.changed_first("Ben", "Ben moved to 4", "It is Ana's turn")
    assert refused == "Ben has just changed the game (Ben moved to 4): It is Ana's turn"


def test_a_change_while_another_devices_question_is_open_names_the_question() -> None:
    refused = words.waiting_for_answer("Ben", "left or right for Woodstock", "Answer first")
    assert refused == "Waiting for Ben's answer (left or right for Woodstock): Answer first"


def test_a_question_answered_first_elsewhere_says_so_quietly() -> None:
    said = words.answered_first("Ben", "Woodstock goes left")
    assert said == "Ben answered first: Woodstock goes left"


@pytest.mark.parametrize(
    ("seat", "by", "said"),
    [
        ("Ben", "b0123456789a", "Ben, in a browser,"),
        ("Ben", "t3f9a01c2d4e", "Ben, at a terminal,"),
        ("Ben", "bfeedfeedfee", "Ben, in another tab of this browser,"),
        ("Ben", "", "Ben, on another device,"),
        ("", "b0123456789a", "Someone in a browser"),
        ("", "t3f9a01c2d4e", "Someone at a terminal"),
        ("", "", "Someone on another device"),
        ("Ben\x1b[2J", "b0123456789a", "Ben\u241b[2J, in a browser,"),
    ],
)
def test_who_did_it_names_the_seat_and_the_kind_of_device(seat: str, by: str, said: str) -> None:
    assert words.doer(seat, by, here="bfeedfeedfee") == said


def test_a_terminal_is_never_another_tab_even_under_its_own_id() -> None:
    assert words.where("t3f9a01c2d4e", here="t3f9a01c2d4e") == "at a terminal"


def test_an_undo_or_redo_of_this_devices_action_says_who_and_what() -> None:
    ben = words.doer("Ben", "b0123456789a", here="t3f9a01c2d4e")
    assert words.yours_changed(ben, "undo", "Jennifer took 1 Fear") == (
        "Ben, in a browser, undid: Jennifer took 1 Fear"
    )
    assert words.yours_changed(ben, "redo", "Jennifer took 1 Fear") == (
        "Ben, in a browser, redid: Jennifer took 1 Fear"
    )
    someone = words.doer("", "t3f9a01c2d4e", here="b0123456789a")
    assert words.yours_changed(someone, "undo", "Amy explored\x1b[31m", more=2) == (
        "Someone at a terminal undid: Amy explored\u241b[31m (and 2 more of your actions)"
    )


def test_a_redo_another_devices_change_cleared_says_who_and_what() -> None:
    ben = words.doer("Ben", "b0123456789a", here="t3f9a01c2d4e")
    assert words.redo_cleared(ben, "Amy explored the Vault") == (
        "Redo cleared: Ben, in a browser, made a change: Amy explored the Vault"
    )
    assert words.redo_cleared(ben, "") == "Redo cleared: Ben, in a browser, made a change."


def test_changes_dropped_while_another_device_held_the_game() -> None:
    assert words.lock_held_too_long(2.0) == "another device held the game for 2 s"
    reason = words.lock_held_too_long(2.0)
    assert words.changes_dropped(reason, 1) == (
        "Not saved (another device held the game for 2 s): 1 change not made; try again."
    )
    assert words.changes_dropped(OSError("Read-only file system"), 3) == (
        "Not saved (Read-only file system): 3 changes not made; try again."
    )


def test_the_lasting_line_of_a_disk_that_refuses_the_games_records() -> None:
    assert words.change_refused_by_disk("No space left on device") == (
        "Not saved (No space left on device): that change was not made, and the game is as its "
        "file has it. Try again once the disk can be written."
    )


def test_an_undo_after_the_game_moved_asks_to_look_first() -> None:
    assert words.look_first("Ben moved to 4") == (
        "Not undone: another device has just changed the game. The last action is now "
        "Ben moved to 4: press ctrl+z again to undo it."
    )


def test_the_undo_of_another_devices_action_asks_whose_it_is() -> None:
    assert words.undo_question("Ben") == "Undo Ben's action?"
    assert words.undo_question("") == "Undo another device's action?"
    assert words.undo_detail("Ben moved to 4") == "Made on another device: Ben moved to 4"
    assert words.UNDO_AFTER == "Redo (ctrl+y) puts it back, until someone makes another change."


def test_undo_and_redo_say_what_they_did_or_why_not() -> None:
    assert words.not_undone("Ben moved to 4") == (
        "Nothing was undone: the last action is now Ben moved to 4"
    )
    assert words.undone("Ana moved to 3") == "Undone: Ana moved to 3"
    assert words.redone("Ana moved to 3") == "Redone: Ana moved to 3"


def test_the_conflict_question_says_what_is_wrong_and_that_nothing_is_lost() -> None:
    choices = (
        "Nothing is lost either way. Reload it to go on from the file as it is now, or keep "
        "this window's game as a copy: a new save beside it."
    )
    assert words.conflict_text("") == choices
    assert words.conflict_text("was cut short") == (
        f"It was cut short: it is not written over. {choices}"
    )


def test_a_game_kept_as_a_copy_names_the_copy_and_why() -> None:
    assert words.kept_as_copy("a-game-20250101-120000", words.CHANGED_OUTSIDE) == (
        "Saved as a copy, a-game-20250101-120000: the first file was changed outside the app."
    )
    assert words.copy_failed(OSError("No space left on device")) == (
        "Could not save a copy: No space left on device"
    )
