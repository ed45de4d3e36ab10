"""What "Undo back to a line" says (widgets/play/undo_to.py, widgets/play/words.py): the question
names the line, counts the actions, names the first ones as the log numbers them and who made
them, shown as typed; the other devices' line says who, back to which line and how many."""

from __future__ import annotations

from saves.games.records import Record
from saves.games.undo_back import UndoBack
from widgets.play import words
from widgets.play.undo_to import detail, question, undid_back


def back_to(to: int, makers: list[str]) -> UndoBack:
    records = tuple(
        Record(to + index, "do", seat=seat, by="b0123456789a")
        for index, seat in enumerate(makers, start=1)
    )
    lines = tuple(f"action {to + index}" for index in range(1, len(makers) + 1))
    return UndoBack(to, records, lines)


def test_the_question_names_the_line_and_the_start() -> None:
    assert question(back_to(12, ["Ana"])) == "Undo back to line 12?"
    assert question(back_to(0, ["Ana"])) == "Undo every action?"


def test_the_detail_names_the_first_lines_counts_the_rest_and_who_made_them() -> None:
    said = detail(back_to(12, ["Ana", "Ben", "Ana", "", "Ben", "Ana"]))
    assert said.splitlines() == [
        "This undoes 6 actions:",
        "13. action 13",
        "14. action 14",
        "15. action 15",
        "16. action 16",
        "... and 2 later actions",
        "(made by Ana, Ben, a browser)",
    ]


def test_names_and_lines_are_shown_as_typed_never_as_controls() -> None:
    back = UndoBack(
        3, (Record(4, "do", seat="[b]Ana[/b]\x1b[2J"),), ("Ana \x1b]0;owned\x07 takes 1",)
    )
    said = detail(back)
    assert "[b]Ana[/b]" in said  # markup stays text: the dialog shows it with `plain`
    assert "\x1b" not in said and "\x07" not in said


def test_this_devices_confirmation_says_redo_goes_in_order() -> None:
    assert undid_back(back_to(12, ["Ana", "Ben"])) == (
        "Undid back to line 12: 2 actions. Redo (ctrl+y) then brings them back one at a time,"
        " in the order they were made."
    )


def test_the_other_devices_line() -> None:
    assert words.undid_back("Ana, in a browser,", 12, 5, 0) == (
        "Ana, in a browser, undid back to line 12 (5 actions)"
    )
    assert words.undid_back("Someone at a terminal", 3, 2, 1) == (
        "Someone at a terminal undid back to line 3 (2 actions, 1 of them yours)"
    )
