"""The app: wiring of the store, settings, dice and screens. Game logic lives in `companion`."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from datetime import datetime
from pathlib import Path
from typing import Any

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.notifications import SeverityLevel
from textual.screen import Screen

from companion.core import RuleError
from companion.registry import get_game
from companion.text import visible
from saves.files import SaveError
from saves.paths import data_home
from saves.settings import RollLog, SettingsStore
from saves.store import SavedGame, SaveStore, utc_now
from widgets.base import SetupScreen
from widgets.game_screen import GameScreen
from widgets.games import game_ui
from widgets.home import HomeScreen

DEFAULT_THEME = "textual-dark"

StartAction = Callable[["CompanionApp"], None]


class CompanionApp(App[None]):
    """Table Companion. Everything it needs from outside comes in through the constructor.

    | Key | Action |
    | --- | --- |
    | d | Dice tray, from anywhere |
    | f1 | Help for the current screen |
    | ctrl+p | Command palette |
    | ctrl+q | Quit (everything is already saved) |
    """

    CSS_PATH = "companion.tcss"
    TITLE = "Table Companion"
    BINDINGS = [
        Binding("d", "dice", "Dice", id="dice"),
        Binding("f1", "help", "Help", id="help", priority=True),
        Binding("ctrl+q", "quit", "Quit", id="quit"),
    ]

    def __init__(
        self,
        store: SaveStore,
        settings: SettingsStore,
        rolls: RollLog,
        rng: random.Random,
        start: StartAction | None = None,
    ) -> None:
        super().__init__()
        self.store = store
        self.settings = settings
        self.rolls = rolls
        self.rng = rng
        self._start = start
        self._theme_note = self._set_saved_theme()

    def on_mount(self) -> None:
        if self._theme_note:
            self.notify(self._theme_note, severity="warning")
        self.watch(self, "theme", self._remember_theme, init=False)
        if self.settings.problem:
            self.notify(
                self.settings.problem, title="File not read", severity="warning", timeout=10
            )
        if self._start is not None:
            self._start(self)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """Textual's notification, but never markup: messages quote titles, names and files
        (a rule's reason, an unreadable file's line). Control characters are made visible."""
        super().notify(
            visible(message, lines=True),
            title=visible(title),
            severity=severity,
            timeout=timeout,
            markup=False,
        )

    async def on_event(self, event: events.Event) -> None:
        """A paste reaches a field with its control characters made visible (`␛` for an escape),
        as keys cannot type them: a field shows what it holds, and no escape sequence reaches the
        terminal through it."""
        if isinstance(event, events.Paste):
            event.text = visible(event.text, lines=True)
        await super().on_event(event)

    def get_default_screen(self) -> HomeScreen:
        """Home is the bottom of the screen stack: every other screen returns to it."""
        return HomeScreen()

    def _set_saved_theme(self) -> str | None:
        """Set before the first screen is styled (set later, it would be styled twice); returns
        what to tell the player at start, if the saved theme is unknown."""
        theme = self.settings.preference("theme", DEFAULT_THEME)
        if theme in self.available_themes:
            self.theme = theme
            return None
        self.theme = DEFAULT_THEME
        return f"Unknown theme '{theme}': using {DEFAULT_THEME}."

    def _remember_theme(self, theme: str) -> None:
        self.settings.set_preference("theme", theme)

    def go_home(self) -> None:
        """Close every screen above the home screen and refresh its list of saved games."""
        while len(self.screen_stack) > 1 and not isinstance(self.screen, HomeScreen):
            self.pop_screen()
        if isinstance(self.screen, HomeScreen):
            self.screen.refresh_saves()

    def new_game(self, game_id: str) -> None:
        """Open a game's setup screen, or say why it cannot be started."""
        if not isinstance(self.screen, HomeScreen):
            return  # a second press queued behind the first: that one already opened it
        ui = game_ui(game_id)
        if ui is None or get_game(game_id) is None:
            self.notify(f"'{game_id}' is not available yet.", severity="warning")
            return
        self.push_screen(ui.setup_screen())

    def start_game(self, game_id: str, setup: Any, title: str = "") -> SavedGame | None:
        """Create the save for a finished setup and replace the setup screen with play."""
        if not isinstance(self.screen, HomeScreen | SetupScreen):
            return None  # a second "start" queued behind the first: the game is already open
        game = get_game(game_id)
        ui = game_ui(game_id)
        if game is None or ui is None:
            self.notify(f"'{game_id}' is not available yet.", severity="error")
            return None
        try:
            saved = self.store.create(game, setup, title)
        except RuleError as error:
            self.notify(str(error), title="Setup not allowed", severity="error")
            return None
        except OSError as error:
            self.notify(f"Could not save the new game: {error}", severity="error")
            return None
        if isinstance(self.screen, HomeScreen):
            self.push_screen(ui.play_screen(saved))
        else:
            self.switch_screen(ui.play_screen(saved))
        return saved

    def open_saved(self, save_id: str) -> bool:
        """Resume a saved game; an unreadable file is reported and left as it is.

        Only from home: a second press queued behind the first would open the same save again,
        and two screens on one file would each autosave their own copy of the game.
        """
        if not isinstance(self.screen, HomeScreen):
            return False
        try:
            saved = self.store.load(save_id)
        except SaveError as error:
            self.notify(str(error), title="Cannot open this game", severity="error", timeout=10)
            return False
        ui = game_ui(saved.game.id)
        if ui is None:
            self.notify(f"{saved.game.title} has no screen yet.", severity="error")
            return False
        self.push_screen(ui.play_screen(saved))
        return True

    def action_dice(self) -> None:
        from widgets.dice_tray import DiceTray  # imported on first use: a faster start

        if not isinstance(self.screen, DiceTray):
            self.push_screen(DiceTray())

    def action_help(self) -> None:
        """F1 opens the current screen's help, or closes the help when it is open."""
        from widgets.help import HelpScreen  # Markdown is slow to import: only when asked

        if isinstance(self.screen, HelpScreen):
            self.screen.dismiss(None)
        else:
            self.push_screen(HelpScreen(getattr(self.screen, "HELP_TOPIC", "home")))

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("Dice tray", "Roll dice or enter a physical roll", self.action_dice)
        yield SystemCommand("Help", "Rules summary and keys for this screen", self.action_help)
        if isinstance(screen, GameScreen | HomeScreen):
            yield from screen.palette_commands()


def make_app(
    home: Path | str | None = None,
    rng: random.Random | None = None,
    clock: Callable[[], datetime] | None = None,
    start: StartAction | None = None,
) -> CompanionApp:
    """Build the app on a data folder (default: the user's), a random source and a clock."""
    folder = data_home(home)
    now = clock or utc_now
    return CompanionApp(
        store=SaveStore(folder, now),
        settings=SettingsStore(folder),
        rolls=RollLog(folder, now),
        rng=rng or random.SystemRandom(),
        start=start,
    )
