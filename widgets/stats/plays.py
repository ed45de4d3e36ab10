"""The plays list (from the Stats screen, `l`): every play, played in the app or recorded, with
its details; each player's records and the plays per month. Here a play's details are edited, a
play played without the app is recorded (and edited or deleted), and one play's BG Stats file is
sent to whoever asks."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Button, DataTable, Label, Static

from companion.history.details import PlayDetails, minutes_text
from companion.history.plays import Play
from companion.history.recorded import recorded_game
from companion.history.records import plays_per_month, records
from companion.phrases import phrase
from companion.registry import catalogue
from lang import day, t, tn, tp, tr
from saves.files import SaveError
from saves.history.bgstats import saved_details
from saves.history.plays import gather
from saves.history.recorded import PREFIX, RecordedFile, RecordedStore
from widgets.kit.kept_focus import Focus, focus_again, focus_of
from widgets.shell.base import Answers, CompanionScreen, Dialog
from widgets.shell.chrome import KeyFooter, TitleHeader
from widgets.shell.titles import short_titles
from widgets.stats.charts import bar, label
from widgets.stats.details import edit_details, send_play_file
from widgets.stats.push import send_to_bgstats
from widgets.stats.record import RecordDialog

OUTCOMES = {"won": phrase("won"), "lost": phrase("lost"), "failed": phrase("failed")}
"""A co-op play's outcome (an id in the figures) in words."""


def result_words(play: Play) -> str:
    facts = play.facts
    if play.outcome:
        return tr(OUTCOMES.get(play.outcome, play.outcome))
    if not play.finished:
        return t("in progress")
    if facts.winners:
        return t("won by {winners}", winners=", ".join(facts.winners))
    return t("no winner")


def played_on(play: Play) -> str:
    """The day a play was played, as the reader writes a date ("29 Nov 2026", "29.11.2026")."""
    return day(play.day())


def records_text(plays: list[Play]) -> Text:
    """Each player's best score per game, one line each."""
    table = records(plays)
    if not table:
        return Text(t("No scores yet."))
    lower = {p.game_id for p in plays if p.facts.lower_is_better}
    lines = []
    for name, games in table.items():
        best = ", ".join(
            t("{game} {score} (lower is better)", game=short_titles().get(g, g), score=points)
            if g in lower
            else f"{short_titles().get(g, g)} {points}"
            for g, points in games.items()
        )
        lines.append(Text.assemble((name, "bold"), f": {best}"))
    return Text("\n").join(lines)


def months_text(plays: list[Play]) -> Text:
    """Plays per month as a bar chart, each bar with its count."""
    months = plays_per_month(plays)
    if not months:
        return Text(t("No finished plays."))
    largest = max(count for _month, count in months)
    return Text(
        "\n".join(
            f"{label(month, 8)}{bar(count, largest, 24).ljust(24)} {count}"
            for month, count in months
        )
    )


class ConfirmDelete(Dialog[bool]):
    """Ask before a recorded play is deleted.

    | Key | Action |
    | --- | --- |
    | y | Delete it |
    | n / escape | Keep it |
    """

    CSS_PATH = "bgstats.tcss"
    BINDINGS = [
        Binding("y", "answer(True)", phrase("Delete"), id="delete-yes"),
        Binding("n,escape", "answer(False)", phrase("Keep"), id="delete-no"),
    ]

    def __init__(self, what: str) -> None:
        super().__init__()
        self.what = what
        self.focus_kept = Focus()
        """The answer focused, read before a switch of language composes the dialog again."""

    def compose(self) -> ComposeResult:
        with Vertical(id="delete-box"):
            yield Label(t("Delete this recorded play?"))
            yield Static(Text(self.what), id="delete-what")
            yield Static(t("It is gone for good: no undo."), markup=False)
            with Answers():
                yield Button(t("Delete (y)"), variant="error", id="delete-yes")
                yield Button(t("Keep it (n)"), id="delete-no")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#delete-no", Button).focus()

    def remember_before_speaking(self) -> None:
        self.focus_kept = focus_of(self)

    def spoken_again(self) -> None:
        """Composed again in another language: the answer focused before stays focused."""
        focus_again(self, self.focus_kept, self.query_one("#delete-no", Button))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "delete-yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class PlaysScreen(CompanionScreen):
    """Every play, newest first, with records and plays per month.

    | Key | Action |
    | --- | --- |
    | n | Record a play played without the app |
    | e / enter | Edit the highlighted play (its details; all of a recorded play) |
    | x / delete | Delete the highlighted recorded play (asks first) |
    | b | Send the highlighted play's BG Stats file |
    | o | Send the highlighted play to BG Stats (its push link: opened in a browser, else a QR) |
    | escape | Back to the statistics |
    """

    HELP_TOPIC = "stats"
    CSS_PATH = "bgstats.tcss"
    BINDINGS = [
        Binding("n", "record", phrase("Record a play"), id="plays-record"),
        Binding("e", "edit", phrase("Edit"), id="plays-edit"),
        Binding("x,delete", "delete", phrase("Delete"), id="plays-delete"),
        Binding("b", "bgstats", phrase("BG Stats file"), id="plays-bgstats"),
        Binding("o", "push", phrase("Send to BG Stats"), id="plays-push"),
        Binding("escape", "back", phrase("Back"), id="plays-back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.plays: list[Play] = []
        self.kept_play: str | None = None
        """The play highlighted, read before a switch of language composes the list again."""
        self.body_y = 0.0
        self.focus_kept = Focus()

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        with VerticalScroll(id="plays-body"):
            yield Static("", id="plays-summary")
            yield DataTable(id="plays-table", cursor_type="row", zebra_stripes=True)
            yield Label(t("Records: best score per game"), classes="plays-heading")
            yield Static(id="plays-records")
            yield Label(t("Plays per month"), classes="plays-heading")
            yield Static(id="plays-months")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.fill()
        self.reload()
        self.query_one("#plays-table", DataTable).focus()

    def remember_before_speaking(self) -> None:
        """The play highlighted, the focus and how far the list is scrolled."""
        play = self.highlighted()
        self.kept_play = play.save_id if play is not None else None
        self.body_y = self.query_one("#plays-body").scroll_y
        self.focus_kept = focus_of(self)

    def spoken_again(self) -> None:
        """Composed again in another language: the plays listed again, the same one
        highlighted, scrolled as they were."""
        self.fill()
        self.reload(self.kept_play)
        table = self.query_one("#plays-table", DataTable)
        focus_again(self, self.focus_kept, table)
        body = self.query_one("#plays-body")
        self.call_after_refresh(body.scroll_to, y=self.body_y, animate=False)

    def fill(self) -> None:
        """The list's title and its columns' headings, said in the language in use."""
        self.title = t("Plays")
        self.sub_title = t("n: record a play · e: edit · b: BG Stats file")
        table = self.query_one("#plays-table", DataTable)
        table.add_columns(
            t("Date"),
            t("Kind"),
            t("Game"),
            t("Players"),
            t("Result"),
            t("Where"),
            tp("duration", "Time"),
        )

    @property
    def recorded(self) -> RecordedStore:
        store = self.companion.store
        return RecordedStore(store.home, store.clock)

    def reload(self, keep: str | None = None) -> None:
        """The plays read again and listed, the cursor on the play highlighted (`keep`: the one
        highlighted before the list was composed again)."""
        kept = self.highlighted()
        keep = keep or (kept.save_id if kept is not None else None)
        plays, unreadable = gather(self.companion.store, self.companion.settings)
        self.plays = sorted(plays, key=lambda p: (p.ended, p.save_id), reverse=True)
        table = self.query_one("#plays-table", DataTable)
        table.clear()
        typed = {entry.id: entry.play.details for entry in self.recorded.listing()[0]}
        for play in self.plays:
            details = self.details_of(play, typed.get(play.save_id))
            table.add_row(
                played_on(play),  # when it was played, where (docs/stats.md)
                # TRANSLATORS: the kind of a play: typed in afterwards, or played in the app.
                t("typed in") if play.save_id.startswith(PREFIX) else t("app"),
                short_titles().get(play.game_id, play.game_id),
                Text(", ".join(play.facts.players)),
                Text(result_words(play)),
                Text(details[0]),
                details[1],
                key=play.save_id,
            )
        ids = [play.save_id for play in self.plays]
        if keep in ids:  # the cursor stays on the play edited
            table.move_cursor(row=ids.index(keep))
        summary = tn("{n} play", "{n} plays", len(self.plays))
        if unreadable:
            summary = tn(
                "{plays}; {n} file could not be read",
                "{plays}; {n} files could not be read",
                len(unreadable),
                plays=summary,
            )
        self.query_one("#plays-summary", Static).update(Text(summary))
        self.query_one("#plays-records", Static).update(records_text(self.plays))
        self.query_one("#plays-months", Static).update(months_text(self.plays))

    def details_of(self, play: Play, details: PlayDetails | None) -> tuple[str, str]:
        """Where and how long, for the list: a recorded play's own place, a game's from its
        file, and the play's one duration (`timing`), as the BG Stats file has them."""
        if details is None and not play.save_id.startswith(PREFIX):
            details = saved_details(self.companion.store, play)
        if details is None:
            return "", minutes_text(play.minutes)
        return details.location, minutes_text(details.minutes)

    def highlighted(self) -> Play | None:
        table = self.query_one("#plays-table", DataTable)
        if not self.plays or table.cursor_row < 0 or table.cursor_row >= len(self.plays):
            return None
        return self.plays[table.cursor_row]

    def on_data_table_row_selected(self) -> None:
        self.action_edit()

    def action_record(self) -> None:
        self.app.push_screen(RecordDialog(None, self.companion.store.clock()), self.recorded_new)

    def recorded_new(self, play: object) -> None:
        if play is None:
            return
        try:
            entry = self.recorded.add(play)  # type: ignore[arg-type]
        except (OSError, SaveError) as error:
            self.notify(
                t("Not kept: {reason}", reason=error),
                title=t("Not saved"),
                severity="error",
                markup=False,
            )
            return
        self.notify(
            t("Recorded {game}.", game=recorded_game(entry.play.game_id).title),
            title=t("Kept"),
            markup=False,
        )
        self.reload()

    def load_recorded(self, play: Play) -> RecordedFile | None:
        try:
            return self.recorded.load(play.save_id)
        except SaveError as error:
            self.notify(tr(error), title=t("Cannot open"), severity="error", markup=False)
            return None

    def action_edit(self) -> None:
        play = self.highlighted()
        if play is None:
            return
        if play.save_id.startswith(PREFIX):
            entry = self.load_recorded(play)
            if entry is not None:
                dialog = RecordDialog(entry.play, self.companion.store.clock())
                self.app.push_screen(dialog, lambda edited: self.edited(entry, edited))
            return
        try:
            saved = self.companion.store.load(play.save_id)
        except SaveError as error:
            self.notify(tr(error), title=t("Cannot open"), severity="error", markup=False)
            return
        edit_details(self, saved, self.reload)

    def edited(self, entry: RecordedFile, play: object) -> None:
        if play is None:
            return
        try:
            self.recorded.replace(entry, play)  # type: ignore[arg-type]
        except (OSError, SaveError) as error:
            self.notify(
                t("Not saved: {reason}", reason=error),
                title=t("Not saved"),
                severity="error",
                markup=False,
            )
            return
        self.notify(t("Recorded play saved."), title=tp("done", "Saved"))
        self.reload()

    def action_delete(self) -> None:
        play = self.highlighted()
        if play is None:
            return
        if not play.save_id.startswith(PREFIX):
            self.notify(
                t("Only a recorded play is deleted here: a game played in the app stays a save."),
                title=t("Not deleted"),
                severity="warning",
            )
            return
        entry = self.load_recorded(play)
        if entry is None:
            return
        title = dict(catalogue()).get(play.game_id, play.game_id)
        players = ", ".join(play.facts.players)
        what = f"{title}, {played_on(play)}: {players}"
        self.app.push_screen(ConfirmDelete(what), lambda yes: self.deleted(entry, yes))

    def deleted(self, entry: RecordedFile, yes: bool | None) -> None:
        if not yes:
            return
        try:
            self.recorded.delete(entry)
        except (OSError, SaveError) as error:
            self.notify(
                t("Not deleted: {reason}", reason=error),
                title=t("Not deleted"),
                severity="error",
                markup=False,
            )
            return
        self.notify(t("Recorded play deleted."), title=t("Deleted"))
        self.reload()

    def action_bgstats(self) -> None:
        play = self.highlighted()
        if play is None:
            return
        if not play.finished:
            self.notify(
                t("This game is still being played."), title=t("Not sent"), severity="warning"
            )
            return
        send_play_file(self, [play], play.save_id)

    def action_push(self) -> None:
        play = self.highlighted()
        if play is not None:
            send_to_bgstats(self, play)

    def action_back(self) -> None:
        self.dismiss()
