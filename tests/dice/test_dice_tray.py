"""The dice tray at the table: pick dice, type what they show, label, repeat, check fairness."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from textual import events

from companion import cli, dice
from saves.shared.rolls import LoggedRoll
from tests.conftest import fixed_clock
from tests.support.notes import record_notes
from tests.support.samples import install_sample
from tests.support.waiting import pause_until
from widgets.dice.check import DiceCheckScreen
from widgets.dice.history import history_lines
from widgets.dice.prompt import FacesInput
from widgets.dice.tray import DiceTray
from widgets.play.game_screen import GameScreen

SIZE = (80, 24)


def kept(app: Any) -> list[tuple[str, tuple[int, ...], str, str]]:
    return [(e.roll.expression, e.roll.faces, e.roll.source, e.label) for e in app.rolls.rolls]


async def test_the_tray_opens_in_the_faces_of_a_d6_where_digits_are_faces(
    make_test_app: Any,
) -> None:
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        assert isinstance(app.screen, DiceTray) and isinstance(app.focused, FacesInput)
        await pilot.press("enter")  # an empty field never rolls
        assert app.rolls.rolls == []
        assert any("press r to roll in the app" in note for note in notes)
        await pilot.press("2", "enter")  # a face of the d6, not a pick of 2d6
        assert kept(app) == [("d6", (2,), "physical", "")]


async def test_d_4_enter_is_a_real_4_in_companion_rolls(
    make_test_app: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    app = make_test_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d", "4", "enter")
    capsys.readouterr()
    assert cli.main(["rolls", "--json"]) == 0  # the same COMPANION_HOME as the app
    (entry,) = json.loads(capsys.readouterr().out)["rolls"]
    assert entry["expression"] == "d6" and entry["faces"] == [4]
    assert entry["total"] == 4 and entry["source"] == "physical"


def typed_at_once(app: Any, *keys: str) -> None:
    """Keys as a fast typist's burst: all queued before the app handles the first."""
    for key in keys:
        app.post_message(events.Key(key, "\r" if key == "enter" else key))


@pytest.mark.parametrize("on_a_game", [False, True])
async def test_d_3_enter_typed_at_once_records_a_3(
    make_test_app: Any, companion_home: Path, on_a_game: bool
) -> None:
    save_id = install_sample(companion_home, "sojourn") if on_a_game else ""
    app = make_test_app()
    async with app.run_test(size=SIZE) as pilot:
        if on_a_game:
            app.open_saved(save_id)
            await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        typed_at_once(app, "d", "3", "enter")
        await pause_until(pilot, lambda: bool(app.rolls.rolls))
        assert kept(app) == [("d6", (3,), "physical", "")]
        assert isinstance(app.screen, DiceTray) and app.screen.spec == dice.parse("d6")


@pytest.mark.parametrize("keys", [("d",), ("d", "c")])
async def test_ctrl_q_quits_from_the_tray_and_the_fairness_check(
    make_test_app: Any, keys: tuple[str, ...]
) -> None:
    app = make_test_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*keys)
        assert isinstance(app.screen, DiceCheckScreen if "c" in keys else DiceTray)
        await pilot.press("ctrl+q")
        await pause_until(pilot, lambda: not app.is_running)


async def test_the_tray_reopens_on_the_dice_picked_last_even_after_a_restart(
    make_test_app: Any,
) -> None:
    app = make_test_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d", "p", "escape", "escape")
        await pilot.press("d", *"37", "enter", "escape", "2", "escape", "escape")
    assert kept(app) == [("d%", (30, 7), "physical", "")]
    restarted = make_test_app()
    async with restarted.run_test(size=SIZE) as pilot:
        await pilot.press("d", *"35", "enter")
        assert kept(restarted)[-1] == ("2d6", (3, 5), "physical", "")
        assert restarted.screen.query_one("#quick-2").has_class("-picked")


async def test_a_remembered_pick_that_is_not_dice_falls_back_to_a_d6(
    make_test_app: Any, companion_home: Path
) -> None:
    companion_home.mkdir(parents=True)
    settings = companion_home / "settings.toml"
    settings.write_text('format = 1\n[preferences]\ndice-tray = "2x"\n', "utf-8")
    app = make_test_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d", "5", "enter")
    assert kept(app) == [("d6", (5,), "physical", "")]


async def test_pick_then_type_what_the_dice_show(make_test_app: Any) -> None:
    app = make_test_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d", "escape", "6")
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


async def test_with_a_damaged_settings_file_the_pick_is_kept_for_this_run_only(
    make_test_app: Any, companion_home: Path
) -> None:
    companion_home.mkdir(parents=True)
    settings = companion_home / "settings.toml"
    settings.write_text("format = 1\n[preferences\n", "utf-8")
    app = make_test_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d", "escape", "2", "escape", "escape", "d", *"35", "enter")
    assert kept(app) == [("2d6", (3, 5), "physical", "")]
    assert settings.read_text("utf-8") == "format = 1\n[preferences\n"
