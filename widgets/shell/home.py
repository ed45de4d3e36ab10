"""The home screen: start one of the four games, resume a saved one, open the dice tray."""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, OptionList, Static
from textual.widgets.option_list import Option

from companion.phrases import phrase
from companion.registry import catalogue, is_built, left_out
from lang import t, tn, tr
from saves.listing.cache import SaveEntry, UnreadableSave
from widgets.kit.safe_lists import SafeOptionList
from widgets.kit.shown import literal, local_day_time, plain
from widgets.shell.base import CompanionScreen, width_classes
from widgets.shell.chrome import NARROW_WIDTH, KeyFooter, TitleHeader
from widgets.shell.games import has_screens
from widgets.shell.titles import short_title

MIN_PAGE = 20
"""The fewest saved games put in the list at a time (see `page_size`)."""


def page_size(screen_lines: int) -> int:
    """Saved games put in the list at a time: a screen's worth (no row is less than a line), as
    each row is measured when it is added; more are added as the cursor or the scroll nears the
    end, so a folder of 2,000 games opens as fast as one of a screen's worth."""
    return max(MIN_PAGE, screen_lines)


HINT = phrase(
    "enter  start or resume\nd      dice tray\nf1     help\n?      every key\nctrl+p commands"
)
"""Home's keys at a glance (each key then its words, the words aligned)."""


def clip(text: str, width: int) -> str:
    """Text cut to a column's width with an ellipsis, so the table fits at 80 columns."""
    return text if len(text) <= width else text[: width - 1] + "…"


def state_words(entry: SaveEntry) -> str:
    """The state column: the summary, after the status unless the summary already says it
    (`finished: Finished: final…` read twice)."""
    summary = tr(entry.summary)
    if entry.status == "playing" or entry.summary.lower().startswith(entry.status.lower()):
        return summary
    return t("{status}: {summary}", status=tr(status_words(entry.status)), summary=summary)


STATUS_WORDS = {
    "playing": phrase("playing"),
    "won": phrase("won"),
    "lost": phrase("lost"),
    "finished": phrase("finished"),
    "failed": phrase("failed"),
    "abandoned": phrase("abandoned"),
}
"""A game's status (an id of the saves) as the list says it."""


def status_words(status: str) -> str:
    """A status as the list says it: a known one translated, another (a plug-in's) as it is."""
    return STATUS_WORDS.get(status, status)


SCROLLBAR = 2
"""The list's scrollbar, which shows once its rows are more than its height."""

FIXED_COLUMNS = 13 + 12 + 4 * 2 + 2 + SCROLLBAR
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


PLAYING_LINES = 2
"""Lines a game in play may take in the wide list (a finished one names its winner whole)."""

NARROW_GAME = 13
"""On a narrow screen, the Game column (title, game and date on lines of their own) is as wide
as the longest game's name, Time Bastards."""
NARROW_FIXED = NARROW_GAME + 2 * 2 + 2 + SCROLLBAR
"""The narrow Game column, the two columns' padding, the border and the scrollbar."""


def list_columns(screen_width: int, titles: list[str]) -> list[tuple[str, int]]:
    """The saved-games list's columns and their widths. From 80 columns: title, game, last
    played and state in a row; narrower (a phone), the first three stacked in one column and
    the state beside them. The state wraps in its column, so it is whole at every width."""
    game, state = t("Game"), t("State")
    if screen_width < NARROW_WIDTH:
        return [(game, NARROW_GAME), (state, max(12, screen_width - NARROW_FIXED))]
    title_width, state_width = column_widths(screen_width, titles)
    return [(t("Title"), title_width), (game, 13), (t("Last played"), 12), (state, state_width)]


def list_row(cells: tuple[str, str, str, str], narrow: bool) -> tuple[Text, ...]:
    """A row of the list from (title, game, last played, state), for the columns of
    `list_columns`: the narrow one stacks the first three."""
    title, game, when, state = cells
    if narrow:
        return (plain("\n".join(part for part in (title, game, when) if part)), plain(state))
    return tuple(map(plain, cells))


def left_out_line() -> str:
    """One line saying how many plug-ins were not loaded and where to read why ("" when none
    was left out): a plug-in is never left out in silence. A game whose rules and screens were
    both left out counts once."""
    count = len({(left.distribution, left.name) for left in left_out()})  # games and screens
    if not count:
        return ""
    return tn(
        "{n} plug-in was not loaded: see `companion games` or F1",
        "{n} plug-ins were not loaded: see `companion games` or F1",
        count,
    )


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
    | L | The language the app speaks |
    | enter | Start the highlighted game / resume the highlighted save |
    """

    HELP_TOPIC = "home"
    BINDINGS = [
        Binding("n", "focus_games", phrase("New game"), id="new-game"),
        Binding("s", "focus_saves", phrase("Saved"), id="saved-games"),
        Binding("r", "resume_latest", phrase("Resume latest"), id="resume-latest"),
        Binding("t", "stats", phrase("Stats"), id="stats"),
        # Listed by `?` and in the palette ("Language"): the footer is full at 80 columns.
        Binding("L", "app.language", phrase("Language"), id="language", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.add_class(*width_classes(self), update=False)  # styled once at start, not twice
        self.entries: list[SaveEntry] = []
        self.unreadable: dict[str, str] = {}
        self.cache_noted = False
        """The listing cache's problem, if any, was said once."""
        self.filled_width = 0
        """The screen's width when the list was last filled: a resize to it refills nothing."""
        self.widths = (18, 24)
        """The first and last (state) columns' widths for this listing."""
        self.column_widths: list[int] = []
        """Every column's width for this listing, in order."""
        self.pending_rows: list[SaveEntry | UnreadableSave] = []
        """Saves not yet in the table, newest first, then the unreadable files."""
        self.shown_before = False
        """Home was shown once: its first showing comes right after its widgets were styled."""

    async def on_event(self, event: events.Event) -> None:
        """Home's first showing restyles nothing: Textual restyles a screen and every widget on
        it each time it is shown, but at start home and its widgets were styled as they were
        mounted, just before (some 7 ms of the start). Every later showing restyles, as any
        screen's does (a dialog or a game closed over it)."""
        if isinstance(event, events.ScreenResume) and not self.shown_before:
            self.shown_before = True
            event.refresh_styles = False
        await super().on_event(event)

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        with Vertical(id="home-body"):
            with Horizontal(id="new-game-panel"):
                options = [
                    Option(
                        plain(
                            title if available(gid) else t("{game} (not yet available)", game=title)
                        ),
                        id=gid,
                    )
                    for gid, title in catalogue()
                ]
                games = SafeOptionList(*options, id="games")
                games.border_title = t("New game")
                yield games
                yield Static(plain(tr(HINT)), id="home-hint")
            left_out = Static(id="home-left-out")
            left_out.display = False  # until the list is read: `show_left_out`
            yield left_out
            saves: DataTable[str] = DataTable(id="saves", cursor_type="row", zebra_stripes=True)
            saves.border_title = t("Saved games")
            yield saves
        yield KeyFooter()

    def on_mount(self) -> None:
        self.watch(self.query_one("#saves", DataTable), "scroll_y", self._scrolled, init=False)
        self.fill()

    def spoken_again(self) -> None:
        """Composed again in another language (`CompanionApp.speak_again`): filled again."""
        self.filled_width = 0
        self.fill()
        self.watch(self.query_one("#saves", DataTable), "scroll_y", self._scrolled, init=False)

    def fill(self) -> None:
        """The games offered, the saved games listed, the focus on the games."""
        games = self.query_one("#games", OptionList)
        for index, (game_id, _title) in enumerate(catalogue()):
            if not available(game_id):
                games.disable_option_at_index(index)
        if self.app.screen is self:  # else a game opened at start: listed when home shows
            self.refresh_saves()
        elif self.filled_width:  # composed again under a game: listed again when home shows
            self.filled_width = 0
        games.focus()

    def on_screen_resume(self) -> None:
        """Home shown for the first time under a game opened at start (`companion resume`):
        the saves are listed now, not while the game was opening (a long game's first listing
        replays it)."""
        if not self.filled_width and self.app.screen is self:
            self.refresh_saves()

    def refresh_saves(self) -> None:
        """Re-read the games folder: readable games newest first, then the unreadable files."""
        entries, unreadable = self.companion.store.listing(with_facts=False)
        self.entries = entries
        self.unreadable = {f"unreadable:{bad.path}": bad.reason for bad in unreadable}
        table = self.query_one("#saves", DataTable)
        table.clear(columns=True)
        self.filled_width = self.app.size.width
        titles = [entry.title for entry in entries] + [bad.path.name for bad in unreadable]
        columns = list_columns(self.app.size.width, titles)
        for label, width in columns:
            table.add_column(plain(label), width=width)  # a Text: no markup parsed
        self.widths = (columns[0][1], columns[-1][1])
        self.column_widths = [width for _label, width in columns]
        self.pending_rows = [*entries, *unreadable]
        if not self.pending_rows:
            empty = (t("No saved games yet"), "", "", t("start one in New game (n)"))
            self.add_save_row(table, list_row(empty, self.narrow), "none")
        self.show_more_saves()
        self.show_left_out()
        problem = self.companion.store.cache_problem
        if problem and not self.cache_noted:
            self.cache_noted = True
            self.notify(tr(problem), title=t("File not used"), severity="warning", markup=False)

    def show_left_out(self) -> None:
        """The line saying how many plug-ins were not loaded (hidden when none was): a game's
        screens that failed since home was last shown count too."""
        line = left_out_line()
        shown = self.query_one("#home-left-out", Static)
        shown.update(plain(line))
        shown.display = bool(line)

    def on_resize(self) -> None:
        """The columns share out a new width."""
        if self.is_mounted and self.filled_width and self.app.size.width != self.filled_width:
            self.refresh_saves()

    def show_more_saves(self) -> None:
        """Put the next page of saved games in the list (rows are made only when shown)."""
        table = self.query_one("#saves", DataTable)
        size = page_size(self.app.size.height)
        page, self.pending_rows = self.pending_rows[:size], self.pending_rows[size:]
        for item in page:
            if isinstance(item, UnreadableSave):
                row = (self.fitted(item.path.name), t("unreadable"), "", tr(item.reason))
                key = f"unreadable:{item.path}"
            else:
                when = local_day_time(item.updated)
                row = (
                    self.fitted(item.title),
                    short_title(item.game_title),
                    when,
                    self.state_shown(item),
                )
                key = item.id
            self.add_save_row(table, list_row(row, self.narrow), key)

    def add_save_row(self, table: DataTable[Text], cells: tuple[Text, ...], key: str) -> None:
        """A row of the list, as tall as its tallest cell wrapped to its column. Given its
        height, the table does not draw each new row once to measure it (then again to show it,
        its first drawing made for another state of the table)."""
        console = self.app.console
        columns = zip(cells, self.column_widths, strict=True)
        wrapped = (len(cell.wrap(console, width)) for cell, width in columns)
        table.add_row(*cells, key=key, height=max(1, *wrapped))

    @property
    def narrow(self) -> bool:
        """The list as it is on a phone: title, game and date in one column."""
        return self.filled_width < NARROW_WIDTH

    def state_shown(self, entry: SaveEntry) -> str:
        """The state column's words: whole for a finished game (its winner), and on a phone;
        a game in play at 80 columns or more in at most `PLAYING_LINES` lines, so that the list
        shows more than three games at 80x24."""
        words = state_words(entry)
        if self.narrow or entry.status != "playing":
            return words
        lines = Text(words).wrap(self.app.console, self.widths[1])
        if len(lines) <= PLAYING_LINES:
            return words
        kept = [line.plain.rstrip() for line in lines[:PLAYING_LINES]]
        kept[-1] = clip(kept[-1] + " " * self.widths[1], self.widths[1]).rstrip(" …") + "…"
        return "\n".join(kept)

    def fitted(self, title: str) -> str:
        """A title as the list shows it: cut to the Title column, or whole (wrapped) in the
        narrow list's Game column."""
        return title if self.narrow else clip(title, self.widths[0])

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
            reason = tr(self.unreadable[key])
            title = t("Unreadable save (left as it is)")
            self.notify(reason, title=title, severity="error", timeout=10)
        elif key != "none":
            self.companion.open_saved(key)

    def action_focus_games(self) -> None:
        self.query_one("#games", OptionList).focus()

    def action_focus_saves(self) -> None:
        self.query_one("#saves", DataTable).focus()

    def action_resume_latest(self) -> None:
        if not self.entries:
            self.notify(t("There is no saved game to resume."), severity="warning")
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
                named = t("new game: {game}", game=literal(title))  # the palette reads markup
                yield SystemCommand(named, literal(t("Set up a new game")), start)
        stats = literal(t("Plays, wins and scores of every game"))
        yield SystemCommand(literal(t("Statistics")), stats, self.action_stats)
        for entry in self.entries[:10]:
            resume = partial(self.companion.open_saved, entry.id)
            title, summary = literal(entry.title), literal(tr(entry.summary))
            yield SystemCommand(t("resume: {title}", title=title), summary, resume)
