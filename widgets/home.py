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

from companion.registry import catalogue, is_built
from saves.listing import SaveEntry, UnreadableSave
from widgets.base import CompanionScreen
from widgets.chrome import KeyFooter, TitleHeader
from widgets.games import has_screens
from widgets.safe_lists import SafeOptionList
from widgets.shown import literal, local_time, plain
from widgets.titles import short_title

PAGE = 60
"""Saved games put in the list at a time: more are added as the cursor or the scroll nears the
end, so a folder of 2,000 games opens as fast as one of 60."""

HINT = "enter  start or resume\nd      dice tray\nf1     help\n?      every key\nctrl+p commands"


def clip(text: str, width: int) -> str:
    """Text cut to a column's width with an ellipsis, so the table fits at 80 columns."""
    return text if len(text) <= width else text[: width - 1] + "…"


def state_words(entry: SaveEntry) -> str:
    """The state column: the summary, after the status unless the summary already says it
    (`finished: Finished: final…` read twice)."""
    if entry.status == "playing" or entry.summary.lower().startswith(entry.status.lower()):
        return entry.summary
    return f"{entry.status}: {entry.summary}"


FIXED_COLUMNS = 13 + 12 + 4 * 2 + 2 + 1
"""The Game and Last played columns, each column's padding, the border and the scrollbar."""


STATE_AT_LEAST = 48
"""The State column keeps this much before a title takes more than 18 columns."""


def column_widths(screen_width: int, titles: list[str]) -> tuple[int, int]:
    """Widths of the Title and State columns: titles whole when the screen has the room (the
    state keeping `STATE_AT_LEAST`), at least 18 columns, the rest to the state."""
    room = max(42, screen_width - FIXED_COLUMNS)
    longest = max((len(title) for title in titles), default=18)
    title_width = max(18, min(longest, room - STATE_AT_LEAST))
    return title_width, room - title_width


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
        self.cache_noted = False
        """The listing cache's problem, if any, was said once."""
        self.filled_width = 0
        """The screen's width when the list was last filled: a resize to it refills nothing."""
        self.widths = (18, 24)
        """The title and state columns' widths for this listing."""
        self.pending_rows: list[SaveEntry | UnreadableSave] = []
        """Saves not yet in the table, newest first, then the unreadable files."""

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        with Vertical(id="home-body"):
            with Horizontal(id="new-game-panel"):
                options = [
                    Option(title if available(gid) else f"{title} (not yet available)", id=gid)
                    for gid, title in catalogue()
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
        for index, (game_id, _title) in enumerate(catalogue()):
            if not available(game_id):
                games.disable_option_at_index(index)
        table = self.query_one("#saves", DataTable)
        table.add_columns("Title", "Game", "Last played", "State")
        self.refresh_saves()
        self.watch(table, "scroll_y", self._scrolled, init=False)
        games.focus()

    def refresh_saves(self) -> None:
        """Re-read the games folder: readable games newest first, then the unreadable files."""
        entries, unreadable = self.companion.store.listing(with_facts=False)
        self.entries = entries
        self.unreadable = {f"unreadable:{bad.path}": bad.reason for bad in unreadable}
        table = self.query_one("#saves", DataTable)
        table.clear()
        self.filled_width = self.app.size.width
        titles = [entry.title for entry in entries] + [bad.path.name for bad in unreadable]
        self.widths = column_widths(self.app.size.width, titles)
        self.pending_rows = [*entries, *unreadable]
        if not self.pending_rows:
            table.add_row("No saved games yet", "", "", "start one in New game (n)", key="none")
        self.show_more_saves()
        problem = self.companion.store.cache_problem
        if problem and not self.cache_noted:
            self.cache_noted = True
            self.notify(problem, title="File not used", severity="warning", markup=False)

    def on_resize(self) -> None:
        """The columns share out a new width."""
        if self.is_mounted and self.app.size.width != self.filled_width:
            self.refresh_saves()

    def show_more_saves(self) -> None:
        """Put the next page of saved games in the list (rows are made only when shown)."""
        table = self.query_one("#saves", DataTable)
        page, self.pending_rows = self.pending_rows[:PAGE], self.pending_rows[PAGE:]
        title_width, state_width = self.widths
        for item in page:
            if isinstance(item, UnreadableSave):
                row = (
                    clip(item.path.name, title_width),
                    "unreadable",
                    "",
                    clip(item.reason, state_width),
                )
                table.add_row(*map(plain, row), key=f"unreadable:{item.path}")
                continue
            when = local_time(item.updated, "%d %b %H:%M")
            row = (
                clip(item.title, title_width),
                short_title(item.game_title),
                when,
                clip(state_words(item), state_width),
            )
            table.add_row(*map(plain, row), key=item.id)

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
        # Imported on first use (a faster start); the Stats screen imports nothing of this one.
        from widgets.stats.screen import StatsScreen

        self.app.push_screen(StatsScreen())

    def palette_commands(self) -> Iterable[SystemCommand]:
        """New game entries for the available games first, then statistics and resume for the
        newest saves."""
        for game_id, title in catalogue():
            if available(game_id):
                start = partial(self.companion.new_game, game_id)
                yield SystemCommand(f"new game: {title}", "Set up a new game", start)
        yield SystemCommand("Statistics", "Plays, wins and scores of every game", self.action_stats)
        for entry in self.entries[:10]:
            resume = partial(self.companion.open_saved, entry.id)
            title, summary = literal(entry.title), literal(entry.summary)
            yield SystemCommand(f"resume: {title}", summary, resume)  # the palette reads markup
