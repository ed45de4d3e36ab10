"""The dice tray at the table: pick dice, type what they show, label, repeat, check fairness."""

from __future__ import annotations

import random
from typing import Any

from companion import dice
from saves.rolls import LoggedRoll
from tests.conftest import fixed_clock
from tests.support.notes import record_notes
from widgets.dice.check import DiceCheckScreen
from widgets.dice.history import history_lines
from widgets.dice.prompt import FacesInput
from widgets.dice.tray import DiceTray

SIZE = (80, 24)


def kept(app: Any) -> list[tuple[str, tuple[int, ...], str, str]]:
    return [(e.roll.expression, e.roll.faces, e.roll.source, e.label) for e in app.rolls.rolls]


async def test_pick_then_type_what_the_dice_show(make_test_app: Any) -> None:
    app = make_test_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d", "6")
        assert isinstance(app.screen, DiceTray) and isinstance(app.focused, FacesInput)
        await pilot.press("4", "enter", "2", "enter")  # the cursor stays for the next roll
        await pilot.press("escape", "2", *"35", "enter")
        await pilot.press("escape", "p", *"37", "enter")
        assert kept(app) == [
            ("d6", (4,), "physical", ""),
            ("d6", (2,), "physical", ""),
            ("2d6", (3, 5), "physical", ""),
            ("d%", (30, 7), "physical", ""),
        ]
        assert app.rolls.rolls[-1].roll.total == 37


async def test_enter_on_an_empty_field_never_rolls(make_test_app: Any) -> None:
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d", "6", "enter")
        assert app.rolls.rolls == []
        assert any("press r to roll in the app" in note for note in notes)


async def test_a_label_goes_with_the_next_rolls(make_test_app: Any) -> None:
    app = make_test_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d", "l", *"Ben's attack", "enter")
        assert isinstance(app.focused, FacesInput)
        await pilot.press("5", "enter", "r")
        assert [e.label for e in app.rolls.rolls] == ["Ben's attack", "Ben's attack"]


async def test_full_stop_repeats_the_last_roll(make_test_app: Any) -> None:
    app = make_test_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d", "f", *"3d6+1", "enter", "r", "escape", "full_stop")
        assert [e.roll.expression for e in app.rolls.rolls] == ["3d6+1", "3d6+1"]
        assert all(e.roll.source == "app" for e in app.rolls.rolls)
        await pilot.press(*"123", "enter", "escape", "full_stop")  # real dice: pick them again
        assert len(app.rolls.rolls) == 3 and isinstance(app.focused, FacesInput)
        await pilot.press(*"6 6 6", "enter")
        assert app.rolls.rolls[-1].roll.total == 19


async def test_c_opens_the_fairness_check_of_the_real_dice(make_test_app: Any) -> None:
    app = make_test_app()
    app.rolls.add_many([dice.physical("d6", [6])] * 12)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d", "c")
        assert isinstance(app.screen, DiceCheckScreen)
        shown = " ".join(str(s.render()) for s in app.screen.query(".die-check"))
        assert "d6: too few" in shown and "12 rolls: roll at least 30 to tell" in shown
        await pilot.press("escape")
        assert isinstance(app.screen, DiceTray)


def long_rolls() -> list[LoggedRoll]:
    rng = random.Random(3)
    rolls = [dice.roll("20d6", rng), dice.roll("100d6", rng), dice.physical("2d6+1", [5, 1])]
    return [LoggedRoll(roll, fixed_clock(), "RISK at Fall of Troy") for roll in rolls]


def test_every_total_shows_and_long_rolls_are_cut_with_an_ellipsis() -> None:
    entries = long_rolls()
    for width in (74, 114):
        header, *rows = history_lines(entries, width, 10)
        assert str(header).startswith("Total  Dice")
        for row, entry in zip(rows, reversed(entries), strict=True):
            assert str(row).split()[0] == str(entry.roll.total)
            assert len(str(row)) <= width
        assert "…" in str(rows[1]) and "5 + 1, +1" in str(rows[0])
        assert " real " in str(rows[0]) and " app " in str(rows[1])


def test_the_history_shows_as_many_rolls_as_fit_newest_first() -> None:
    entries = [LoggedRoll(dice.physical("d6", [1 + n % 6]), fixed_clock()) for n in range(30)]
    lines = history_lines(entries, 76, 8)
    assert len(lines) == 8 and str(lines[1]).split()[0] == str(entries[-1].roll.total)


async def test_full_stop_repeats_the_last_roll_of_the_history_too(make_test_app: Any) -> None:
    app = make_test_app()
    app.rolls.add(dice.physical("2d6+1", [5, 1]), "Ben's turn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d", "full_stop", *"34", "enter")
        last = app.rolls.rolls[-1]
        assert last.roll == dice.physical("2d6+1", [3, 4]) and last.label == "Ben's turn"
