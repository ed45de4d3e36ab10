"""The app: wiring of the store, settings, dice and screens. Game logic lives in `companion`."""

from __future__ import annotations

import gc
import os
import random
import sys
from collections.abc import Callable, Iterable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeGuard, cast

from textual import events
from textual.app import App, ScreenStackError, SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette
from textual.css.query import NoMatches
from textual.errors import NoWidget
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.widget import Widget

import lang
from companion.core import RuleError
from companion.guard import GameFault
from companion.phrases import phrase
from companion.registry import get_game
from companion.text import visible
from saves.files import SaveError
from saves.games.store import SavedGame, SaveStore, utc_now
from saves.paths import data_home
from saves.shared.devices import Device, this_device
from saves.shared.settings import SettingsStore
from widgets.shell.base import SetupScreen
from widgets.shell.chrome import (
    WIDTH_BREAKPOINTS,
    KeyFooter,
    ScreenFirstCommands,
    textual_commands,
)
from widgets.shell.games import game_ui
from widgets.shell.home import HomeScreen
from widgets.shell.notices import TOAST_ID_PREFIX, Notices

if TYPE_CHECKING:
    from saves.shared.rolls import RollLog
    from widgets.play.game_screen import GameScreen

DEFAULT_THEME = "textual-dark"
WAITING_WRITES_SECONDS = 0.5
"""How often rolls and settings that waited for another window are tried again, and the
settings file looked at for another window's change."""
APP_DEADLINE_SECONDS = 0.2
"""How long a write of the rolls or settings waits for another window before the app goes on
(the change is kept and tried again every `WAITING_WRITES_SECONDS`): the screen never freezes."""

StartAction = Callable[["CompanionApp"], None]
PLAY_SCREEN_MODULE = "widgets.play.game_screen"
"""The play screens' module: imported with the first game opened, never for home's start."""


class CompanionApp(App[None]):
    """Table Companion. Everything it needs from outside comes in through the constructor.

    | Key | Action |
    | --- | --- |
    | d | Dice tray, from anywhere |
    | f1 | Help for the current screen |
    | ? | Every key of the current screen, usable now or not |
    | ctrl+p | Command palette ("Language" in it: the language the app speaks) |
    | ctrl+q | Quit (everything is already saved) |
    """

    CSS_PATH = ["companion.tcss", "play/at_the_table.tcss"]
    COMMANDS = {ScreenFirstCommands}
    TITLE = "Table Companion"
    HORIZONTAL_BREAKPOINTS = WIDTH_BREAKPOINTS
    BINDINGS = [
        Binding("d", "dice", phrase("Dice"), id="dice", priority=True),
        Binding("f1", "help", phrase("Help"), id="help", priority=True),
        Binding("question_mark", "keys", phrase("Keys"), id="keys"),
        Binding("ctrl+q", "quit", phrase("Quit"), id="quit", priority=True),
    ]

    def __init__(
        self,
        store: SaveStore,
        settings: SettingsStore,
        open_rolls: Callable[[], RollLog],
        rng: random.Random,
        start: StartAction | None = None,
    ) -> None:
        super().__init__()
        self.store = store
        self.settings = settings
        self._open_rolls = open_rolls
        self._rolls: RollLog | None = None
        self.details_asked: set[str] = set()
        """The games whose play details this window asked for at their end: a game ended again
        after an undo is not asked twice, and a skipped question stays skipped."""
        self.rng = rng
        self.device: Device = this_device()
        """This window as a device: its id is written beside each of its records."""
        self._start = start
        self.notices = Notices(self)
        self._styled_with_theme = False
        """The theme set at start styled the first parse: its queued restyle is not needed."""
        self._theme_note = self._set_saved_theme()
        self._settings_mark = settings.mark
        settings.report = self._report_failed_write
        self._speaking = False
        """Every open screen is being composed again in the language just picked."""
        self._speak_again = False
        """Another language was picked meanwhile: the screens are composed once more."""

    @property
    def rolls(self) -> RollLog:
        """The roll history, opened when first used (a roll, the tray): its modules, the dice's
        among them, are not imported for home's start (some 5 ms)."""
        if self._rolls is None:
            self._rolls = self._open_rolls()
        return self._rolls

    def run(self, **options: Any) -> None:
        """Run the app, with what the imports made kept out of the garbage collector's way.

        Modules, classes and functions live as long as the app; left in the collector's oldest
        generation, every full collection walks all of them again (some 20 ms at each, the first
        one at start once a few thousand saves are listed). `gc.freeze` sets them aside for good,
        once per process: a test process that runs many apps freezes only what the first found.

        Nor does the collector run until the first screen is drawn (`collect_again`): what the
        start makes (styles, widgets, the saves' list) lives on, and a start collected some
        seventy times for nothing. The command line stops it before its imports, for the
        same reason (`companion.cli.commands.run_app`)."""
        if gc.get_freeze_count() == 0:
            gc.freeze()
        gc.disable()
        return super().run(**options)

    def collect_again(self) -> None:
        """The first screen is drawn: the garbage collector runs again."""
        gc.enable()

    def on_mount(self) -> None:
        self.call_after_refresh(self.collect_again)
        if self._theme_note:
            self.notify(self._theme_note, severity="warning")
        self.watch(self, "theme", self._remember_theme, init=False)
        if self.settings.problem:
            self.notify(
                lang.tr(self.settings.problem),
                title=lang.t("File not read"),
                severity="warning",
                timeout=10,
            )
        self.set_interval(WAITING_WRITES_SECONDS, self._shared_files_moved)
        if self._start is not None:
            self._start(self)

    def _shared_files_moved(self) -> None:
        """Now and then: write the rolls and settings still waiting for another window, and
        take up a theme chosen in another window."""
        if self._rolls is not None and self._rolls.pending:  # no roll yet: nothing waits
            notice = self._rolls.retry()
            if notice:
                self.notify(lang.tr(notice), title=lang.t("Roll history"), severity="warning")
        if self.settings.file.pending:
            self.settings.retry()
        mark = self.settings.mark
        if mark != self._settings_mark:
            self._settings_mark = mark
            theme = self.settings.preference("theme", self.theme)
            if theme != self.theme and theme in self.available_themes:
                self.theme = theme

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
        (a rule's reason, an unreadable file's line). Control characters are made visible.

        A confirmation (undone, redone, exported...) replaces the confirmations shown instead
        of piling up over the board; a warning waits for its time out; an error stays until it
        is read (`widgets.shell.notices`).

        A phrase (what the rules or the saves said, or a screen's words kept for later) is said
        in the language in use (`lang.tr`); any other text is shown as it is."""
        shown, heading = lang.tr(message), lang.tr(title)
        self.notices.show(visible(shown, lines=True), visible(heading), severity, timeout)

    def clear_notifications(self) -> None:
        """Every toast goes, and the notices forget them: none comes back at their next
        change (`widgets.shell.notices`)."""
        self.notices.forget()
        super().clear_notifications()

    async def on_event(self, event: events.Event) -> None:
        """A paste reaches a field with its control characters made visible (`␛` for an escape),
        as keys cannot type them: a field shows what it holds, and no escape sequence reaches the
        terminal through it.

        A key, a click or a paste that arrives once the last screen is gone (queued behind the
        app's end) is dropped: there is nothing left to take it."""
        if isinstance(event, events.InputEvent | events.Paste) and not self.screen_stack:
            return
        if isinstance(event, events.Paste):
            event.text = visible(event.text, lines=True)
        elif isinstance(event, events.Key):
            self.notices.errors_read()
        elif isinstance(event, events.MouseDown):
            self._toast_clicked(event.screen_x, event.screen_y)
        await super().on_event(event)

    def _toast_clicked(self, x: int, y: int) -> None:
        """A click (a tap) on a toast closes it (Textual's toast does): no longer shown."""
        try:
            widget, _region = self.screen.get_widget_at(x, y)
        except (NoWidget, ScreenStackError):
            return
        for node in (widget, *widget.ancestors):
            if isinstance(node, Widget) and (node.id or "").startswith(TOAST_ID_PREFIX):
                self.notices.closed(node.id or "")

    def get_default_screen(self) -> HomeScreen:
        """Home is the bottom of the screen stack: every other screen returns to it."""
        return HomeScreen()

    def _set_saved_theme(self) -> str | None:
        """Set before the first screen is styled; returns what to tell the player at start, if
        the saved theme is unknown.

        Textual's theme watcher sets the theme's classes and queues a restyle of every style
        sheet (`refresh_css`) for once the app runs; the sheets are given the theme's variables
        here instead, before their first parse, and that restyle is skipped: parsed and applied
        once, not twice."""
        saved = self.settings.preference("theme", DEFAULT_THEME)
        theme = saved if saved in self.available_themes else DEFAULT_THEME
        if theme != self.theme:
            self.theme = theme
            self.stylesheet.set_variables(self.get_css_variables())
            self._styled_with_theme = True
        if theme == saved:
            return None
        return lang.t("Unknown theme '{theme}': using {default}.", theme=saved, default=theme)

    def refresh_css(self, animate: bool = True) -> None:
        """Textual's restyle, but not the one the theme set in `__init__` queued: the first
        parse already has its variables (`_set_saved_theme`)."""
        if self._styled_with_theme:
            self._styled_with_theme = False
            return
        super().refresh_css(animate)

    def _remember_theme(self, theme: str) -> None:
        if self.settings.preference("theme", "") != theme:  # not one taken from another window
            self.settings.set_preference("theme", theme)

    def _report_failed_write(self, failure: str) -> None:
        """A settings write that failed (a full or read-only disk): one line, play goes on."""
        self.notify(lang.tr(failure), title=lang.t("Not saved"), severity="error", markup=False)

    def go_home(self) -> None:
        """Close every screen above the home screen and refresh its list of saved games."""
        while len(self.screen_stack) > 1 and not isinstance(self.screen, HomeScreen):
            if is_play_screen(self.screen):
                self.screen.stop_following()  # now, not when the screen is unmounted later
            self.pop_screen()
        if isinstance(self.screen, HomeScreen):
            self.screen.refresh_saves()

    def new_game(self, game_id: str) -> None:
        """Open a game's setup screen, or say why it cannot be started."""
        if not isinstance(self.screen, HomeScreen):
            return  # a second press queued behind the first: that one already opened it
        ui = game_ui(game_id)
        if ui is None or get_game(game_id) is None:
            self.notify(lang.t("'{game}' is not available yet.", game=game_id), severity="warning")
            return
        try:
            screen = ui.setup_screen()
        except GameFault as fault:
            title = lang.t("Setup not allowed")
            self.notify(lang.tr(fault), title=title, severity="error", markup=False)
            return
        self.push_screen(screen)

    def start_game(self, game_id: str, setup: Any, title: str = "") -> SavedGame | None:
        """Create the save for a finished setup and replace the setup screen with play."""
        if not isinstance(self.screen, HomeScreen | SetupScreen):
            return None  # a second "start" queued behind the first: the game is already open
        game = get_game(game_id)
        ui = game_ui(game_id)
        if game is None or ui is None:
            self.notify(lang.t("'{game}' is not available yet.", game=game_id), severity="error")
            return None
        from saves.history.plays import (
            setup_refusal,  # on first use: the statistics stay out of the start
        )

        refusal = setup_refusal(game, setup, self.settings)  # two names of one player
        not_allowed = lang.t("Setup not allowed")
        if refusal:
            self.notify(lang.tr(refusal), title=not_allowed, severity="error", markup=False)
            return None
        try:
            saved = self.store.create(game, setup, title)
        except (RuleError, GameFault) as error:
            self.notify(lang.tr(error), title=not_allowed, severity="error", markup=False)
            return None
        except (OSError, SaveError) as error:
            message = lang.t("Could not save the new game: {problem}", problem=error)
            self.notify(message, title=lang.t("Not started"), severity="error", markup=False)
            return None
        try:
            screen = ui.play_screen(saved)
        except GameFault as fault:
            cannot = lang.t("Cannot open this game")
            self.notify(lang.tr(fault), title=cannot, severity="error", markup=False)
            return None
        if isinstance(self.screen, HomeScreen):
            self.push_screen(screen)
        else:
            self.switch_screen(screen)
        return saved

    def open_saved(self, save_id: str) -> bool:
        """Resume a saved game; an unreadable file is reported and left as it is.

        Only from home: a second press queued behind the first would open the same save again,
        a second screen of the game over the first. (Each would still only append to the file,
        under its lock, as two devices do: a screen never writes a copy of its game.)
        """
        if not isinstance(self.screen, HomeScreen):
            return False
        cannot = lang.t("Cannot open this game")
        try:
            saved = self.store.open_for_play(save_id)
        except SaveError as error:
            self.notify(lang.tr(error), title=cannot, severity="error", timeout=10)
            return False
        ui = game_ui(saved.game.id)
        if ui is None:
            self.notify(
                lang.t("{game} has no screen yet.", game=saved.game.title), severity="error"
            )
            return False
        try:
            screen = ui.play_screen(saved)
        except GameFault as fault:
            self.notify(lang.tr(fault), title=cannot, severity="error", markup=False)
            return False
        from widgets.play import words  # imported by the play screen already

        writable = os.access(self.store.path_for(save_id), os.W_OK)
        watch_only = words.watch_only_reason(saved.cannot_add, writable)
        if watch_only and is_play_screen(screen):
            screen.only_watch(watch_only)
        self.push_screen(screen)
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`d` is a priority key, so that keys typed right behind it reach the open tray, but
        not over a dialog (a field still types it: Textual lets a field take its keys)."""
        if action == "dice":
            return not self.screen.is_modal
        return super().check_action(action, parameters)

    async def action_dice(self) -> None:
        """Open the tray and wait until it is built: `d 3 enter` typed at once records a 3."""
        from widgets.dice.tray import DiceTray  # imported on first use: a faster start

        if not isinstance(self.screen, DiceTray):
            await self.push_screen(DiceTray())

    def action_help(self) -> None:
        """F1 opens the current screen's help, or closes the help when it is open."""
        from widgets.shell.help import HelpScreen  # Markdown is slow to import: only when asked

        if isinstance(self.screen, HelpScreen):
            self.screen.dismiss(None)
        else:
            self.push_screen(HelpScreen(getattr(self.screen, "HELP_TOPIC", "home")))

    def action_keys(self) -> None:
        """`?` lists every key of the current screen; pressed again, closes the list."""
        from widgets.shell.keys import KeysScreen

        if isinstance(self.screen, KeysScreen):
            self.screen.dismiss(None)
        else:
            self.push_screen(KeysScreen(self.screen))

    def action_command_palette(self) -> None:
        """Textual's command palette, its search field's hint in the language in use."""
        if self.use_command_palette and not CommandPalette.is_open(cast(App[object], self)):
            hint = lang.t("Search for commands…")
            self.push_screen(CommandPalette(placeholder=hint, id="--command-palette"))

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The screen's own commands first (the palette lists them in this order), then the
        dice, help, the language, and Textual's own (in the language in use)."""
        if isinstance(screen, HomeScreen) or is_play_screen(screen):
            yield from screen.palette_commands()
        t = lang.t
        yield SystemCommand(
            t("Dice tray"), t("Roll dice or enter a physical roll"), self.action_dice
        )
        yield SystemCommand(
            t("Help"), t("Rules summary and keys for this screen"), self.action_help
        )
        yield SystemCommand(t("Language"), t("The language the app speaks"), self.action_language)
        yield from textual_commands(super().get_system_commands(screen))

    async def _recomposed(self, screen: Screen[Any]) -> None:
        """One screen composed again, then filled again (`spoken_again`), its keys again. A
        screen that fills its widgets once mounted and has no `spoken_again` is left as it is
        (composed again it would lose what its `on_mount` put in): its footer's keys say their
        words again, and the rest speaks the new language once opened again. A screen whose
        widgets hold what the player typed or picked reads them first
        (`remember_before_speaking`), and composes them again holding it."""
        if not screen.is_attached or self.return_code is not None:
            return
        if not speaks_again(type(screen)):  # its keys at least, said again
            for footer in screen.query(KeyFooter):
                await footer.recompose()
            return
        remember = getattr(screen, "remember_before_speaking", None)
        if callable(remember):  # what the player typed or picked, read before it is composed
            remember()
        await screen.recompose()
        if not screen.is_attached or not screen.children:
            return  # the app closing meanwhile (Textual mounts nothing then): nothing to fill
        again = getattr(screen, "spoken_again", None)
        try:
            if callable(again):
                again()
        except NoMatches:  # the app closed meanwhile: its screens' widgets are gone
            if self.is_running and screen.is_attached:
                raise
            return
        screen.refresh_bindings()

    def action_language(self) -> None:
        """The Language dialog (home's `L`, the palette's "Language"): the language picked is
        spoken at once on every screen open, and kept for this device's next start."""
        from saves.shared.languages import chosen_language
        from widgets.shell.language import LanguageDialog

        if not isinstance(self.screen, LanguageDialog):
            current = chosen_language(self.settings, self.device)
            self.push_screen(LanguageDialog(current), self.language_picked)

    def language_picked(self, choice: str | None) -> None:
        """Speak the language picked from now on (`lang.SYSTEM`: the system's), and keep the
        choice; every screen open says its words again (`speak_again`)."""
        from saves.shared.languages import keep_language
        from widgets.shell.language import language_for

        if choice is None:
            return
        keep_language(self.settings, self.device, choice)
        lang.use(language_for(choice))
        self.call_later(self.speak_again)

    async def speak_again(self) -> None:
        """Every screen open, from home up, composed again in the language now in use: its
        words, its footer's keys and its dialogs' answers. Nothing is lost: a screen keeps
        what it holds (a play screen its game, whose journal it draws again from), and a
        screen that fills its widgets once mounted does it again in `spoken_again`."""
        if self._speaking:  # a switch under way: it goes round again once done
            self._speak_again = True
            return
        self._speaking = True
        try:
            self._speak_again = True
            while self._speak_again:
                self._speak_again = False
                for screen in list(self.screen_stack):
                    await self._recomposed(screen)
        finally:
            self._speaking = False
        top = self.screen
        if top.focused is None:
            top.focus_next()


MOUNTS_TWICE = ("widgets.shell.base.Dialog", "widgets.shell.base.YesNoDialog")
"""Classes whose `on_mount` only shows the dialog or focuses its answer: a dialog composed again
needs nothing of it."""


def speaks_again(kind: type[Screen[Any]]) -> bool:
    """Whether a kind of screen can be composed again in another language and lose nothing: it
    says how to fill itself again (`spoken_again`), or it is built whole by `compose` (no
    `on_mount` of its own, Textual's and `MOUNTS_TWICE` aside)."""
    if callable(getattr(kind, "spoken_again", None)):
        return True
    return not any(
        "on_mount" in cls.__dict__
        for cls in kind.__mro__
        if cls.__module__.partition(".")[0] != "textual"
        and f"{cls.__module__}.{cls.__qualname__}" not in MOUNTS_TWICE
    )


def is_play_screen(screen: Screen[Any]) -> TypeGuard[GameScreen]:
    """Whether the screen is a game's play screen, asked without importing the play screens:
    no screen can be one before a game opened it (home's start does not need them)."""
    module = sys.modules.get(PLAY_SCREEN_MODULE)
    return module is not None and isinstance(screen, module.GameScreen)


def make_app(
    home: Path | str | None = None,
    rng: random.Random | None = None,
    clock: Callable[[], datetime] | None = None,
    start: StartAction | None = None,
    app_class: type[CompanionApp] = CompanionApp,
) -> CompanionApp:
    """Build the app on a data folder (default: the user's), a random source and a clock."""
    folder = data_home(home)
    now = clock or utc_now

    def open_rolls() -> RollLog:
        from saves.shared.rolls import RollLog

        return RollLog(folder, now, APP_DEADLINE_SECONDS)

    return app_class(
        store=SaveStore(folder, now, workers=False),  # no process started under Textual
        settings=SettingsStore(folder, APP_DEADLINE_SECONDS),
        open_rolls=open_rolls,
        rng=rng or random.SystemRandom(),
        start=start,
    )
