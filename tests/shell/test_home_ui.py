"""Home screen and dice tray driven from the keyboard, as a player would."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from textual import events
from textual.widgets import DataTable, Input, OptionList, Static

from saves.shared.rolls import RollLog
from tests.conftest import fixed_clock
from tests.support.notes import record_notes
from tests.support.samples import install_sample
from tests.support.waiting import pause_until
from widgets.dice.prompt import FacesInput
from widgets.dice.tray import DiceTray
from widgets.play.game_screen import GameScreen
from widgets.shell.help import HelpScreen
from widgets.shell.home import HomeScreen

DATA = Path(__file__).resolve().parents[1] / "data"


async def test_home_lists_the_four_games(make_test_app: Any) -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)):
        assert isinstance(app.screen, HomeScreen)
        games = app.screen.query_one("#games", OptionList)
        ids = [games.get_option_at_index(i).id for i in range(games.option_count)]
        assert ids == ["sojourn", "six-sojourns", "cavendish", "time-bastards"]


async def test_a_corrupted_save_shows_as_unreadable_and_is_untouched(
    make_test_app: Any, companion_home: Path
) -> None:
    folder = companion_home / "games"
    folder.mkdir(parents=True)
    shutil.copyfile(DATA / "not-toml.toml", folder / "damaged.toml")
    before = (folder / "damaged.toml").read_bytes()
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.screen.query_one("#saves", DataTable)
        row = table.get_row_at(0)
        assert str(row[0]) == "damaged.toml"
        assert str(row[1]) == "unreadable"
        assert str(row[3]).startswith("line 5: not valid")
        await pilot.press("s", "enter")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)  # nothing opened
        assert any("line 5" in note and "not valid TOML" in note for note in notes)
    assert (folder / "damaged.toml").read_bytes() == before


async def test_resume_latest_with_nothing_saved_says_so(make_test_app: Any) -> None:
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert any("no saved game" in note for note in notes)


async def test_f1_opens_help_for_the_screen_and_closes(make_test_app: Any) -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen) and app.screen.topic == "home"
        await pilot.press("escape")
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("d", "f1")
        assert isinstance(app.screen, HelpScreen) and app.screen.topic == "dice"
        await pilot.press("f1")
        assert isinstance(app.screen, DiceTray)


async def test_dice_tray_quick_keys_pick_r_rolls_and_history_is_remembered(
    make_test_app: Any, companion_home: Path
) -> None:
    app = make_test_app(seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("d", "escape")  # from the faces field to the dice buttons
        assert isinstance(app.screen, DiceTray)
        for key in ("6", "2", "p"):
            await pilot.press(key)
            assert isinstance(app.focused, FacesInput)
            await pilot.press("r", "escape")
        rolls = [entry.roll for entry in app.rolls.rolls]
        assert [r.expression for r in rolls] == ["d6", "2d6", "d%"]
        assert all(r.source == "app" for r in rolls)
        shown = str(app.screen.query_one("#last-roll", Static).render())
        assert shown.startswith(f"{rolls[-1].total}  d%")
        await pilot.press("d")  # already open: no second tray
        assert len([s for s in app.screen_stack if isinstance(s, DiceTray)]) == 1
        await pilot.press("escape")
        assert isinstance(app.screen, HomeScreen)
    restarted = RollLog(companion_home, fixed_clock)
    assert [e.roll.expression for e in restarted.rolls] == ["d6", "2d6", "d%"]


async def test_dice_tray_notation_picks_then_r_or_real_faces(make_test_app: Any) -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("d", "f", *"3d6+2", "enter")
        assert isinstance(app.focused, FacesInput) and app.rolls.rolls == []
        await pilot.press("r")
        roll = app.rolls.rolls[-1].roll
        assert roll.expression == "3d6+2" and roll.source == "app"
        await pilot.press(*"1 2 3", "enter")
        roll = app.rolls.rolls[-1].roll
        assert roll.source == "physical" and roll.total == 8
        assert app.screen.query_one("#faces", Input).value == ""


async def test_dice_tray_refuses_bad_notation_and_faces_without_rolling(
    make_test_app: Any,
) -> None:
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("d", "f", *"2x", "enter")
        assert app.rolls.rolls == []
        assert any("not dice notation" in note for note in notes)
        await pilot.press("escape", "6", "9", "enter")
        assert app.rolls.rolls == []
        assert any("not a face of a d6" in note for note in notes)


async def test_unknown_theme_falls_back(make_test_app: Any, companion_home: Path) -> None:
    companion_home.mkdir(parents=True)
    (companion_home / "settings.toml").write_text('format = 1\n[preferences]\ntheme = "nope"\n')
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)):
        assert app.theme == "textual-dark"
        assert any("Unknown theme" in note for note in notes)


async def test_a_damaged_settings_file_is_reported_at_start_and_kept(
    make_test_app: Any, companion_home: Path
) -> None:
    companion_home.mkdir(parents=True)
    settings = companion_home / "settings.toml"
    settings.write_text("format = 1\n[preferences\n")
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        assert any("settings.toml" in note and "line 2" in note for note in notes)
        app.theme = "textual-light"
        await pilot.pause()
    assert settings.read_text() == "format = 1\n[preferences\n"


async def test_a_damaged_roll_history_is_reported_in_the_tray_and_kept(
    make_test_app: Any, companion_home: Path
) -> None:
    companion_home.mkdir(parents=True)
    history = companion_home / "rolls.toml"
    history.write_text('format = 1\n[[rolls]]\nexpression = "d6"\n')
    app = make_test_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        assert not any("rolls.toml" in note for note in notes)  # read when first needed
        await pilot.press("d")
        assert any("rolls.toml" in note and "'faces' is missing" in note for note in notes)
        assert any("rolls.toml" in note and "not kept" in note for note in notes)
        await pilot.press("r")
        assert str(app.screen.query_one("#last-roll", Static).render()) != ""
    assert history.read_text() == 'format = 1\n[[rolls]]\nexpression = "d6"\n'


async def test_a_chosen_theme_is_used_again_at_the_next_start(
    make_test_app: Any, companion_home: Path
) -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.theme = "nord"
        await pilot.pause()
    settings = companion_home / "settings.toml"
    written = settings.read_bytes()
    restarted = make_test_app()
    async with restarted.run_test(size=(80, 24)):
        assert restarted.theme == "nord"
        assert restarted.has_class("-theme-nord")  # applied, not only remembered
    assert settings.read_bytes() == written


async def test_enter_pressed_three_times_opens_the_game_once(
    make_test_app: Any, companion_home: Path
) -> None:
    """Found by the monkey test: each queued enter opened the same save again, and two screens
    on one file would each autosave their own copy of the game."""
    install_sample(companion_home, "time-bastards")
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        for _ in range(3):  # queued before the first one is handled, as a fast double press
            app.post_message(events.Key("enter", "\r"))
        await pilot.pause()
        assert len([s for s in app.screen_stack if isinstance(s, GameScreen)]) == 1


async def test_a_setup_started_twice_makes_one_game(make_test_app: Any) -> None:
    from companion.time_bastards.model import TimeBastardsSetup

    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_game("time-bastards")
        await pilot.pause()
        setup = TimeBastardsSetup()
        assert app.start_game("time-bastards", setup, "Once") is not None
        assert app.start_game("time-bastards", setup, "Twice") is None
        await pilot.pause()
        assert [entry.title for entry in app.store.listing()[0]] == ["Once"]


async def test_a_key_reaching_a_screen_before_its_widgets_is_dropped(
    make_test_app: Any, companion_home: Path
) -> None:
    """Found by the monkey test: `b` typed right behind the key that opened Six Sojourns ran
    before the screen's tabs existed and ended the app."""
    save_id = install_sample(companion_home, "six-sojourns")
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.open_saved(save_id)
        screen = app.screen
        assert not screen.is_mounted
        assert not await app.run_action("tab('board')", screen)  # dropped, not failed
        await pilot.pause()
        assert app.is_running and screen.is_mounted
        assert await app.run_action("tab('board')", screen)  # once built, the key works


async def test_the_command_palette_resumes_and_starts_games(
    make_test_app: Any, companion_home: Path
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p", *"resume", "enter")
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert isinstance(app.screen, GameScreen) and app.screen.saved.id == save_id
        app.go_home()
        await pilot.pause()
        await pilot.press("ctrl+p", *"new game: time bastards", "enter")
        await pause_until(pilot, lambda: type(app.screen).__name__ == "TimeBastardsSetupScreen")
        assert type(app.screen).__name__ == "TimeBastardsSetupScreen"


async def test_a_game_resumed_at_start_lists_the_saves_once_home_shows(
    make_test_app: Any, companion_home: Path
) -> None:
    """`companion resume` opens the game without listing the saves under it (a long game's
    first listing replays it); escape to home lists them."""
    save_id = install_sample(companion_home, "cavendish")
    app = make_test_app(start=lambda app: app.open_saved(save_id))
    listings: list[object] = []
    listing = app.store.listing

    def counted(*args: Any, **kwargs: Any) -> Any:
        listings.append(None)
        return listing(*args, **kwargs)

    app.store.listing = counted
    async with app.run_test(size=(80, 24)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.pause()
        assert listings == []
        await pilot.press("escape")
        await pause_until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.pause()
        table = app.screen.query_one("#saves", DataTable)
        assert [key.value for key in table.rows] == [save_id]
