"""The Stats screen: plays, wins and scores per game and per player, charts, and the notes only
these games allow, with filters by game, player and dates. The figures are `companion stats`'s."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.validation import Function
from textual.widgets import DataTable, Input, Select, Static, TabbedContent, TabPane

import lang
from companion.core import RuleError
from companion.history.plays import Play
from companion.history.stats import Filter, identity, roster, score_history, select
from companion.phrases import phrase
from lang import t, tn, tr
from saves.history.plays import aliases, gather, stats_data, time_zone
from saves.shared.roster import COLOURS, player_colours, rename_keeping_colour, set_colour
from widgets.kit.kept_focus import Focus, focus_again, focus_of
from widgets.kit.players import known_names
from widgets.kit.safe_lists import SafeSelect
from widgets.shell.base import CompanionScreen
from widgets.shell.chrome import KeyFooter, TitleHeader
from widgets.shell.titles import short_titles
from widgets.stats.cells import best_words, day_or_none, is_day, per_game_title, shown
from widgets.stats.charts import (
    distribution_chart,
    game_notes,
    history_chart,
    history_rows,
    percent,
    wins_chart,
)
from widgets.stats.colours import (
    NAME,
    NO_COLOUR,
    ColourDialog,
    colour_word,
    in_column,
    named,
    with_name,
)
from widgets.stats.rename import RenameDialog

FOCUSED = {
    "games": "#games-table",
    "players": "#players-table",
    "charts": "#charts-body",
    "notes": "#notes-body",
}
"""Tab id -> what has the focus there, so that the arrows and PageDown scroll it at once."""


@dataclass(frozen=True)
class Picked:
    """What the player chose on the Stats screen (the filters, the tab, the rows highlighted,
    the place in the charts and notes, the focus), read before the screen is composed again
    in another language and composed holding it."""

    game: str | None = None
    player: str | None = None
    since: str = ""
    until: str = ""
    tab: str = "games"
    games_row: int = 0
    players_row: int = 0
    charts_y: float = 0
    notes_y: float = 0
    focus: Focus = field(default_factory=Focus)


class StatsScreen(CompanionScreen):
    """Statistics over every saved game.

    | Key | Action |
    | --- | --- |
    | g | Games tab |
    | p | Players tab (with head to head) |
    | c | Charts tab |
    | k | Game notes tab |
    | r | Rename the highlighted player (merges histories) |
    | o | Choose the highlighted player's colour (`?` lists it at 80 columns) |
    | l | Plays: record a play, edit details, BG Stats files, records |
    | escape | Back home |
    """

    HELP_TOPIC = "stats"
    CSS_PATH = "stats.tcss"
    BINDINGS = [
        Binding("g", "tab('games')", phrase("Games"), id="stats-games"),
        Binding("p", "tab('players')", phrase("Players"), id="stats-players"),
        Binding("c", "tab('charts')", phrase("Charts"), id="stats-charts"),
        Binding("k", "tab('notes')", phrase("Notes"), id="stats-notes"),
        Binding("r", "rename", phrase("Rename"), id="stats-rename"),
        Binding("escape", "home", phrase("Home"), id="stats-home"),
        Binding("o", "colour", phrase("Colour"), id="stats-colour"),
        Binding(
            "l", "plays", phrase("Plays"), id="stats-plays", show=False
        ),  # bgstats: stats/plays.py
    ]

    def __init__(self) -> None:
        super().__init__()
        self.plays: list[Play] = []
        self.shown_plays: list[Play] = []
        self.data: dict[str, Any] = {"games": {}, "players": {}}
        self.names: list[str] = []
        """Every player known: in a saved game or typed in a setup."""
        self.colours: dict[str, str] = {}
        """Player name -> colour name, as kept in the settings."""
        self.colours_noted = False
        """Colours the settings hold but this screen cannot use were said once."""
        self.titles = short_titles()
        """Game id -> its short title, for every game listed (registered ones too)."""
        self.zone_noted = False
        """A time zone the settings hold but this screen cannot use was said once."""
        self.picked = Picked()
        """What the player chose, as read before a switch of language."""
        self.shown_filter = Filter()
        """The filter the figures shown were counted with (a date half typed leaves it)."""
        self.tab = "games"
        """The tab shown."""

    def compose(self) -> ComposeResult:
        picked = self.picked
        yield TitleHeader()
        with Horizontal(id="stats-filters"):
            games = [(title, game_id) for game_id, title in self.titles.items()]
            game = picked.game if picked.game in self.titles else Select.NULL
            yield SafeSelect(games, prompt=t("All games"), id="filter-game", value=game)
            yield SafeSelect[str]([], prompt=t("All players"), id="filter-player")
            day = [Function(is_day, t("a date as 2026-11-30"))]
            # TRANSLATORS: a date filter's placeholder, the date typed as year-month-day.
            since = t("from Y-M-D")
            yield Input(picked.since, since, id="filter-since", validators=day)
            # TRANSLATORS: a date filter's placeholder, the date typed as year-month-day.
            until = t("to Y-M-D")
            yield Input(picked.until, until, id="filter-until", validators=day)
        with TabbedContent(id="stats-tabs", initial=picked.tab):
            with TabPane(t("Games"), id="games"):
                yield DataTable(id="games-table", cursor_type="row", zebra_stripes=True)
            with TabPane(t("Players"), id="players"):
                yield DataTable(id="players-table", cursor_type="row", zebra_stripes=True)
                yield DataTable(id="player-games", cursor_type="none")
                yield DataTable(id="head-to-head", cursor_type="none")
            with TabPane(t("Charts"), id="charts"), VerticalScroll(id="charts-body"):
                yield Static(id="wins-chart")
                yield Static(id="history")
                yield DataTable(id="history-table", cursor_type="none", zebra_stripes=True)
                yield Static(id="distribution")
            with TabPane(t("Game notes"), id="notes"), VerticalScroll(id="notes-body"):
                yield Static(id="game-notes")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.fill()
        self.reload()
        self.query_one("#games-table", DataTable).focus()

    def remember_before_speaking(self) -> None:
        """What the player chose, read before the screen is composed in another language."""
        game = self.query_one("#filter-game", Select).value
        player = self.query_one("#filter-player", Select).value
        self.picked = Picked(
            game=game if isinstance(game, str) else None,
            player=player if isinstance(player, str) else None,
            since=self.query_one("#filter-since", Input).value,
            until=self.query_one("#filter-until", Input).value,
            tab=self.tab,
            games_row=self.query_one("#games-table", DataTable).cursor_row,
            players_row=self.query_one("#players-table", DataTable).cursor_row,
            charts_y=self.query_one("#charts-body").scroll_y,
            notes_y=self.query_one("#notes-body").scroll_y,
            focus=focus_of(self),
        )

    def spoken_again(self) -> None:
        """Composed again in another language (`CompanionApp.speak_again`): the same figures,
        filtered as the player chose, on the tab and rows they were on (no file read again)."""
        picked = self.picked
        self.fill()
        self._show_roster(picked.player)
        self.refresh_figures(self.shown_filter)
        self.query_one("#games-table", DataTable).move_cursor(row=picked.games_row)
        self.query_one("#players-table", DataTable).move_cursor(row=picked.players_row)
        self.player_highlighted()
        focus_again(self, picked.focus, self.query_one(FOCUSED.get(picked.tab, "#games-table")))
        self.call_after_refresh(self._scrolled_back, picked)

    def _scrolled_back(self, picked: Picked) -> None:
        """The charts and the notes where the player had scrolled them (once laid out)."""
        self.query_one("#charts-body").scroll_to(y=picked.charts_y, animate=False)
        self.query_one("#notes-body").scroll_to(y=picked.notes_y, animate=False)

    def fill(self) -> None:
        """The words the tables are headed by, said in the language in use."""
        self.sub_title = t("Statistics")
        self.query_one("#games-table", DataTable).add_columns(
            t("Game"),
            t("Plays"),
            t("Playing"),
            t("Wins"),
            t("Avg score"),
            t("Best"),
            t("Last played"),
        )
        self.query_one("#players-table", DataTable).add_columns(
            t("Player"), t("Plays"), t("Wins"), t("Win rate, all"), t("Streak"), t("Best streak")
        )
        self.query_one("#player-games", DataTable).add_columns(
            t("Game"), t("Plays"), t("Wins"), t("Avg score"), t("Best")
        )
        self.query_one("#head-to-head", DataTable).add_columns(
            # TRANSLATORS: head to head columns: the other player, plays together, won, lost.
            t("Against"),
            t("Together"),
            t("Won"),
            t("Lost"),
        )
        self.query_one("#history-table", DataTable).add_columns(t("Date"), t("Game"), t("Score"))
        self.query_one("#players-table").border_title = t("Players")
        self.query_one("#head-to-head").border_title = t("Head to head")

    def reload(self) -> None:
        """Read the plays again (through the listing cache) and show them."""
        settings = self.companion.settings
        self.plays, unreadable = gather(self.companion.store, settings)
        table = aliases(settings)
        remembered = (identity(name, table) for name in known_names(settings))  # setups' too
        self.names = roster(self.plays, remembered)
        self._show_roster()
        if unreadable:
            self.notify(
                tn(
                    "{n} unreadable save not counted.",
                    "{n} unreadable saves not counted.",
                    len(unreadable),
                ),
                severity="warning",
            )
        self.refresh_figures()

    def _show_roster(self, keep: object = None) -> None:
        """Every player known, with their colours, as the player filter's choices; the one
        chosen (`keep`, else the filter's own) stays chosen."""
        self._read_colours()
        player = self.query_one("#filter-player", Select)
        keep = keep or player.value
        shades = self.colours_among(self.names)
        player.set_options((in_column(name, shades), name) for name in self.names)
        if isinstance(keep, str) and keep in self.names:
            player.value = keep

    def _read_colours(self) -> None:
        """The players' colours; those the settings hold wrongly are said once, then left out."""
        found = player_colours(self.companion.settings)
        self.colours = dict(found.chosen)
        if found.ignored and not self.colours_noted:
            self.colours_noted = True
            self.notify(
                t(
                    "settings.toml: {ignored} ignored (colours are {colours}); the file is left "
                    "as it is.",
                    ignored=", ".join(found.ignored),
                    colours=", ".join(colour_word(colour) for colour in COLOURS),
                ),
                title=t("Player colours"),
                severity="warning",
                timeout=10,
            )

    def colours_among(self, names: Iterable[str]) -> dict[str, str]:
        """These players' colours only: a column of names makes room for a ● when one of its
        players has a colour, and not otherwise."""
        return {name: self.colours[name] for name in names if name in self.colours}

    def current_filter(self) -> Filter:
        game = self.query_one("#filter-game", Select).value
        player = self.query_one("#filter-player", Select).value
        zone, problem = time_zone(self.companion.settings)
        if problem and not self.zone_noted:
            self.zone_noted = True
            self.notify(f"settings.toml: {tr(problem)}", title=t("Time zone"), severity="warning")
        return Filter(
            game=game if isinstance(game, str) else None,
            player=player if isinstance(player, str) else None,
            since=day_or_none(self.query_one("#filter-since", Input).value),
            until=day_or_none(self.query_one("#filter-until", Input).value),
            zone=zone,
        )

    def refresh_figures(self, keep: Filter | None = None) -> None:
        """The figures counted again with `keep`, else with the filters as they read now."""
        keep = keep or self.current_filter()
        self.shown_filter = keep
        self.shown_plays = select(self.plays, keep)
        self.data = stats_data(self.plays, keep)
        self._show_games()
        self._show_players()
        self._show_charts()
        self.query_one("#game-notes", Static).update(
            game_notes(self.data["games"], self.titles, self.colours)
        )

    def _show_games(self) -> None:
        table = self.query_one("#games-table", DataTable)
        table.clear()
        for game_id, game in self.data["games"].items():
            last = game["last_played"]
            table.add_row(
                self.titles.get(game_id, game_id),
                game["plays"],
                game["in_progress"],
                game["wins"],
                shown(game["average_score"]),
                best_words(game),
                lang.day(date.fromisoformat(last[:10])) if last else "-",
                key=game_id,
            )
        if not self.data["games"]:
            table.add_row(t("No games saved yet"), "", "", "", "", "", "", key="none")

    def _show_players(self) -> None:
        table = self.query_one("#players-table", DataTable)
        table.clear()
        shades = self.colours_among(self.data["players"])
        for name, person in self.data["players"].items():
            table.add_row(
                in_column(name, shades),
                person["plays"],
                person["wins"],
                percent(person["win_rate"]),
                person["streak"],
                person["best_streak"],
                key=name,
            )
        self._show_head_to_head()

    def highlighted_player(self) -> str | None:
        """The player filter, else the highlighted row of the players table."""
        chosen = self.query_one("#filter-player", Select).value
        if isinstance(chosen, str):
            return chosen
        table = self.query_one("#players-table", DataTable)
        names = list(self.data["players"])
        row = table.cursor_row
        return names[row] if 0 <= row < len(names) else None

    def _show_player_games(self) -> None:
        """The highlighted player's plays, wins and scores in each game: a score is only ever
        averaged within one game."""
        table = self.query_one("#player-games", DataTable)
        table.clear()
        name = self.highlighted_player()
        person = self.data["players"].get(name) if name else None
        table.border_title = per_game_title(person or {})  # the win rate of each kind of play
        for game_id, row in (person or {}).get("games", {}).items():
            table.add_row(
                self.titles.get(game_id, game_id),
                row["plays"],
                row["wins"],
                shown(row["average_score"]),
                best_words(row),
            )

    def _show_head_to_head(self) -> None:
        self._show_player_games()
        table = self.query_one("#head-to-head", DataTable)
        table.clear()
        name = self.highlighted_player()
        person = self.data["players"].get(name) if name else None
        table.border_title = (
            Text.assemble(t("Head to head: "), named(name, self.colours.get(name)))
            if name and person
            else Text(t("Head to head"))
        )
        others = (person or {}).get("head_to_head", {})
        shades = self.colours_among(others)
        for other, row in others.items():
            table.add_row(in_column(other, shades), row["played"], row["won"], row["lost"])

    def _show_charts(self) -> None:
        players = self.data["players"]
        self.query_one("#wins-chart", Static).update(
            Text(t("Wins per player") + "\n") + wins_chart(players, self.colours_among(players))
        )
        name = self.highlighted_player()
        history = score_history(self.shown_plays, name) if name else []
        histories = [
            history_chart(self.titles.get(game_id, game_id), points)
            for game_id in self.data["games"]
            if (points := [score for play, score in history if play.game_id == game_id])
        ]
        title = (
            with_name(
                t("{player}'s scores over time", player=NAME), named(name, self.colours.get(name))
            )
            if name and histories
            else Text(t("Scores over time: no scores yet"))
        )
        self.query_one("#history", Static).update(Text("\n").join([title, *histories]))
        table = self.query_one("#history-table", DataTable)
        table.clear()
        zone = self.current_filter().zone
        rows, left_out = history_rows(history, self.titles, zone)
        for row in rows:
            table.add_row(*row)
        table.border_title = (
            t("Latest {shown} of {n} scores", shown=len(rows), n=len(history))
            if left_out
            else t("Every score")
        )
        table.display = bool(rows)
        charts = [
            distribution_chart(t("{game} scores", game=self.titles.get(g, g)), scores)
            for g in self.data["games"]
            if (
                scores := [
                    s
                    for p in self.shown_plays
                    if p.game_id == g and p.finished and not p.facts.campaign
                    for s in p.facts.scores.values()
                ]
            )
        ]
        self.query_one("#distribution", Static).update(Text("\n\n").join(charts))

    @on(Select.Changed)
    def filter_changed(self) -> None:
        self._refilter()

    @on(Input.Changed, "#filter-since, #filter-until")
    def dates_changed(self, event: Input.Changed) -> None:
        if event.validation_result is None or event.validation_result.is_valid:
            self._refilter()

    def _refilter(self) -> None:
        """The figures counted again when the filters say something new: the filters composed
        again in another language say what they said, and the rows highlighted stay."""
        if self.current_filter() != self.shown_filter:
            self.refresh_figures()

    @on(DataTable.RowHighlighted, "#players-table")
    def player_highlighted(self) -> None:
        self._show_head_to_head()
        self._show_charts()

    def action_tab(self, tab: str) -> None:
        self.query_one("#stats-tabs", TabbedContent).active = tab

    @on(TabbedContent.TabActivated, "#stats-tabs")
    def tab_shown(self, event: TabbedContent.TabActivated) -> None:
        """The tab's table or scroll takes the focus: the arrows and PageDown work at once."""
        if event.pane.id == self.tab:  # the tab shown, composed again in another language
            return
        self.tab = event.pane.id or ""
        target = FOCUSED.get(self.tab)
        if target:
            self.query_one(target).focus()

    def action_rename(self) -> None:
        name = self.highlighted_player()
        if name is None:
            self.notify(
                t("No player to rename: choose one in the Players tab."), severity="warning"
            )
            return
        self.app.push_screen(RenameDialog(name), lambda new: self._renamed(name, new))

    def _renamed(self, old: str, new: str | None) -> None:
        if new is None or new == old:
            return
        try:
            renamed = rename_keeping_colour(self.companion.settings, old, new, self.plays)
        except RuleError as error:
            self.notify(tr(error), title=t("Not renamed"), severity="error", markup=False)
            return
        if not renamed:
            if self.companion.settings.problem:  # a failed write has said why already
                self.notify(t("Settings file damaged: the rename is not saved."), severity="error")
            return
        player = self.query_one("#filter-player", Select)
        if player.value == old:
            player.clear()
        self.reload()
        self.notify(t("{old} is now counted as {new}.", old=old, new=new), markup=False)

    def action_colour(self) -> None:
        name = self.highlighted_player()
        if name is None:
            self.notify(
                t("No player to colour: choose one in the Players tab."), severity="warning"
            )
            return
        dialog = ColourDialog(name, self.colours.get(name))
        self.app.push_screen(dialog, lambda colour: self._coloured(name, colour))

    def _coloured(self, name: str, colour: str | None) -> None:
        if colour is None:
            return
        chosen = None if colour == NO_COLOUR else colour
        if not set_colour(self.companion.settings, name, chosen):
            if self.companion.settings.problem:  # a failed write has said why already
                self.notify(t("Settings file damaged: the colour is not saved."), severity="error")
            return
        self._show_roster()
        self.refresh_figures()
        self.notify(
            t("{player} is shown with {colour}.", player=name, colour=colour_word(chosen))
            if chosen
            else t("{player} is shown without a colour.", player=name),
            markup=False,
        )

    def action_plays(self) -> None:
        from widgets.stats.plays import PlaysScreen

        self.app.push_screen(PlaysScreen(), lambda _done: self.reload())

    def action_home(self) -> None:
        self.companion.go_home()
