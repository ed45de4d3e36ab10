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


async def closed(pilot: Any) -> None:
    """The tray closed from its faces field (escape to the dice, then escape), back home."""
    await pilot.press("escape", "escape")
    await pause_until(pilot, lambda: not isinstance(pilot.app.screen, DiceTray))


async def test_the_tray_takes_what_real_dice_show_and_what_for(make_test_app: Any) -> None:
    """In one window, each time in a tray opened afresh: the tray opens in the faces of a d6,
    where digits are faces; a label goes with the next rolls; dice picked, then typed as they
    show."""
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=SIZE) as pilot:
        # the tray opens in the faces of a d6, where digits are faces
        await pilot.press("d")
        assert isinstance(app.screen, DiceTray) and isinstance(app.focused, FacesInput)
        await pilot.press("enter")  # an empty field never rolls
        assert app.rolls.rolls == []
        assert any("press r to roll in the app" in note for note in notes)
        await pilot.press("2", "enter")  # a face of the d6, not a pick of 2d6
        assert kept(app) == [("d6", (2,), "physical", "")]
        await closed(pilot)

        # a label goes with the next rolls
        before = len(app.rolls.rolls)
        await pilot.press("d", "l", *"Ben's attack", "enter")
        assert isinstance(app.focused, FacesInput)
        await pilot.press("5", "enter", "r")
        assert [e.label for e in app.rolls.rolls[before:]] == ["Ben's attack", "Ben's attack"]
        await closed(pilot)

        # pick, then type what the dice show
        before = len(app.rolls.rolls)
        await pilot.press("d", "escape", "6")
        assert isinstance(app.screen, DiceTray) and isinstance(app.focused, FacesInput)
        await pilot.press("4", "enter", "2", "enter")  # the cursor stays for the next roll
        await pilot.press("escape", "2", *"35", "enter")
        await pilot.press("escape", "p", *"37", "enter")
        assert kept(app)[before:] == [
            ("d6", (4,), "physical", ""),
            ("d6", (2,), "physical", ""),
            ("2d6", (3, 5), "physical", ""),
            ("d%", (30, 7), "physical", ""),
        ]
        assert app.rolls.rolls[-1].roll.total == 37


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


async def test_d_3_enter_typed_at_once_records_a_3(
    make_test_app: Any, companion_home: Path
) -> None:
    """On home, then (the tray closed) on a game: `d 3 enter` typed at once."""
    save_id = install_sample(companion_home, "sojourn")
    app = make_test_app()
    async with app.run_test(size=SIZE) as pilot:
        typed_at_once(app, "d", "3", "enter")
        await pause_until(pilot, lambda: bool(app.rolls.rolls))
        assert kept(app) == [("d6", (3,), "physical", "")]
        assert isinstance(app.screen, DiceTray) and app.screen.spec == dice.parse("d6")
        await closed(pilot)

        app.open_saved(save_id)
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        typed_at_once(app, "d", "3", "enter")
        await pause_until(pilot, lambda: len(app.rolls.rolls) == 2)
        assert kept(app)[1:] == [("d6", (3,), "physical", "")]
        assert isinstance(app.screen, DiceTray) and app.screen.spec == dice.parse("d6")


async def test_ctrl_q_quits_from_the_tray(make_test_app: Any) -> None:
    app = make_test_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        assert isinstance(app.screen, DiceTray)
        await pilot.press("ctrl+q")
        await pause_until(pilot, lambda: not app.is_running)


async def test_the_tray_reopens_on_the_dice_picked_last_even_after_a_restart(
    make_test_app: Any, companion_home: Path
) -> None:
    """A remembered pick that is not dice falls back to a d6; then the dice picked last (in this
    window, then after a restart) are the ones the tray opens on."""
    companion_home.mkdir(parents=True)
    settings = companion_home / "settings.toml"
    settings.write_text('format = 1\n[preferences]\ndice-tray = "2x"\n', "utf-8")
    app = make_test_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d", "5", "enter")
        assert kept(app) == [("d6", (5,), "physical", "")]
        await closed(pilot)

        await pilot.press("d", "p", "escape", "escape")
        await pilot.press("d", *"37", "enter", "escape", "2", "escape", "escape")
    assert kept(app)[1:] == [("d%", (30, 7), "physical", "")]
    restarted = make_test_app()
    async with restarted.run_test(size=SIZE) as pilot:
        await pilot.press("d", *"35", "enter")
        assert kept(restarted)[-1] == ("2d6", (3, 5), "physical", "")
        assert restarted.screen.query_one("#quick-2").has_class("-picked")


async def test_full_stop_repeats_the_last_roll_of_the_history_then_of_the_tray(
    make_test_app: Any,
) -> None:
    """Full stop repeats the last roll of the history (kept before the app started), then, in
    a tray opened afresh, its own last roll: rolled again if the app rolled it, its dice picked
    again if real dice showed it."""
    app = make_test_app()
    app.rolls.add(dice.physical("2d6+1", [5, 1]), "Ben's turn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d", "full_stop", *"34", "enter")
        last = app.rolls.rolls[-1]
        assert last.roll == dice.physical("2d6+1", [3, 4]) and last.label == "Ben's turn"
        await closed(pilot)

        before = len(app.rolls.rolls)
        await pilot.press("d", "f", *"3d6+1", "enter", "r", "escape", "full_stop")
        made = app.rolls.rolls[before:]
        assert [e.roll.expression for e in made] == ["3d6+1", "3d6+1"]
        assert all(e.roll.source == "app" for e in made)
        await pilot.press(*"123", "enter", "escape", "full_stop")  # real dice: pick them again
        assert len(app.rolls.rolls[before:]) == 3 and isinstance(app.focused, FacesInput)
        await pilot.press(*"6 6 6", "enter")
        assert app.rolls.rolls[-1].roll.total == 19


async def test_c_opens_the_fairness_check_of_the_real_dice_and_ctrl_q_quits_it(
    make_test_app: Any,
) -> None:
    app = make_test_app()
    app.rolls.add_many([dice.physical("d6", [6])] * 12)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d", "c")
        assert isinstance(app.screen, DiceCheckScreen)
        shown = " ".join(str(s.render()) for s in app.screen.query(".die-check"))
        assert "d6: too few" in shown and "12 rolls: roll at least 30 to tell" in shown
        await pilot.press("escape")
        assert isinstance(app.screen, DiceTray)
        await pilot.press("c")  # ctrl+q quits from the fairness check too
        assert isinstance(app.screen, DiceCheckScreen)
        await pilot.press("ctrl+q")
        await pause_until(pilot, lambda: not app.is_running)


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
