"""The home screen: start one of the four games, resume a saved one, open the dice tray."""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial

from textual import on
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, OptionList, Static
from textual.widgets.option_list import Option

from companion.registry import CATALOGUE, is_built
from saves.listing import SaveEntry, UnreadableSave
from widgets.base import CompanionScreen
from widgets.chrome import KeyFooter, TitleHeader
from widgets.games import has_screens
from widgets.safe_lists import SafeOptionList

PAGE = 60
"""Saved games put in the list at a time: more are added as the cursor or the scroll nears the
end, so a folder of 2,000 games opens as fast as one of 60."""

HINT = "enter  start or resume\nd      dice tray\nf1     help\nctrl+p commands"


def short_title(title: str) -> str:
    """The name players use at the table ("Cavendish" for "TIME Stories Revolution: Cavendish")."""
    return title.split(":")[-1].strip()


def clip(text: str, width: int) -> str:
    """Text cut to a column's width with an ellipsis, so the table fits at 80 columns."""
    return text if len(text) <= width else text[: width - 1] + "…"


def available(game_id: str) -> bool:
    """A game can be started once both its rules and its screens exist."""
    return has_screens(game_id) and is_built(game_id)


class HomeScreen(CompanionScreen):
    """New game on the left, saved games on the right.

    | Key | Action |
    | --- | --- |
    | n | Focus the list of games to start |
    | s | Focus the saved games |
    | r | Resume the most recent game |
    | t | Statistics (plays, wins, scores) |
    | enter | Start the highlighted game / resume the highlighted save |
    """

    HELP_TOPIC = "home"
    BINDINGS = [
        Binding("n", "focus_games", "New game", id="new-game"),
        Binding("s", "focus_saves", "Saved", id="saved-games"),
        Binding("r", "resume_latest", "Resume latest", id="resume-latest"),
        Binding("t", "stats", "Stats", id="stats"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[SaveEntry] = []
        self.unreadable: dict[str, str] = {}
        self.pending_rows: list[SaveEntry | UnreadableSave] = []
        """Saves not yet in the table, newest first, then the unreadable files."""

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        with Vertical(id="home-body"):
            with Horizontal(id="new-game-panel"):
                options = [
                    Option(title if available(gid) else f"{title} (not yet available)", id=gid)
                    for gid, title in CATALOGUE
                ]
                games = SafeOptionList(*options, id="games")
                games.border_title = "New game"
                yield games
                yield Static(HINT, id="home-hint")
            saves: DataTable[str] = DataTable(id="saves", cursor_type="row", zebra_stripes=True)
            saves.border_title = "Saved games"
            yield saves
        yield KeyFooter()

    def on_mount(self) -> None:
        games = self.query_one("#games", OptionList)
        for index, (game_id, _title) in enumerate(CATALOGUE):
            if not available(game_id):
                games.disable_option_at_index(index)
        table = self.query_one("#saves", DataTable)
        table.add_columns("Title", "Game", "Last played", "State")
        self.refresh_saves()
        self.watch(table, "scroll_y", self._scrolled, init=False)
        games.focus()

    def refresh_saves(self) -> None:
        """Re-read the games folder: readable games newest first, then the unreadable files."""
        entries, unreadable = self.companion.store.listing()
        self.entries = entries
        self.unreadable = {f"unreadable:{bad.path}": bad.reason for bad in unreadable}
        self.query_one("#saves", DataTable).clear()
        self.pending_rows = [*entries, *unreadable]
        if not self.pending_rows:
            self.query_one("#saves", DataTable).add_row(
                "No saved games yet", "", "", "start one on the left", key="none"
            )
        self.show_more_saves()

    def show_more_saves(self) -> None:
        """Put the next page of saved games in the list (rows are made only when shown)."""
        table = self.query_one("#saves", DataTable)
        page, self.pending_rows = self.pending_rows[:PAGE], self.pending_rows[PAGE:]
        state_width = max(24, self.app.size.width - 54)
        for item in page:
            if isinstance(item, UnreadableSave):
                row = (clip(item.path.name, 18), "unreadable", "", clip(item.reason, state_width))
                table.add_row(*row, key=f"unreadable:{item.path}")
                continue
            state = item.summary if item.status == "playing" else f"{item.status}: {item.summary}"
            when = item.updated.astimezone().strftime("%d %b %H:%M")
            row = (
                clip(item.title, 18),
                short_title(item.game_title),
                when,
                clip(state, state_width),
            )
            table.add_row(*row, key=item.id)

    @on(DataTable.RowHighlighted, "#saves")
    def near_the_end(self, event: DataTable.RowHighlighted) -> None:
        if self.pending_rows and event.cursor_row >= event.data_table.row_count - 10:
            self.show_more_saves()

    def _scrolled(self, scroll_y: float) -> None:
        table = self.query_one("#saves", DataTable)
        if self.pending_rows and scroll_y >= table.max_scroll_y - table.size.height:
            self.show_more_saves()

    @on(OptionList.OptionSelected, "#games")
    def start_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self.companion.new_game(event.option.id)

    @on(DataTable.RowSelected, "#saves")
    def resume_selected(self, event: DataTable.RowSelected) -> None:
        key = event.row_key.value or ""
        if key in self.unreadable:
            reason = self.unreadable[key]
            self.notify(
                reason, title="Unreadable save (left as it is)", severity="error", timeout=10
            )
        elif key != "none":
            self.companion.open_saved(key)

    def action_focus_games(self) -> None:
        self.query_one("#games", OptionList).focus()

    def action_focus_saves(self) -> None:
        self.query_one("#saves", DataTable).focus()

    def action_resume_latest(self) -> None:
        if not self.entries:
            self.notify("There is no saved game to resume.", severity="warning")
            return
        self.companion.open_saved(self.entries[0].id)

    def action_stats(self) -> None:
        from widgets.stats.screen import StatsScreen  # imported on first use: a faster start

        self.app.push_screen(StatsScreen())

    def palette_commands(self) -> Iterable[SystemCommand]:
        """New game entries for the available games, resume for the newest saves, statistics."""
        yield SystemCommand("Statistics", "Plays, wins and scores of every game", self.action_stats)
        for game_id, title in CATALOGUE:
            if available(game_id):
                start = partial(self.companion.new_game, game_id)
                yield SystemCommand(f"new game: {title}", "Set up a new game", start)
        for entry in self.entries[:10]:
            resume = partial(self.companion.open_saved, entry.id)
            yield SystemCommand(f"resume: {entry.title}", entry.summary, resume)
