"""Six Sojourns play screen: the score sheet, the board grid, the turn tracker and the reasons."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from functools import cached_property, partial

from textual import events, on
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.geometry import Size
from textual.widgets import Static, TabbedContent, TabPane

from companion.core import RuleError
from companion.phrases import phrase
from companion.six_sojourns.actions import (
    AdjustCoins,
    CloseSojourn,
    PayCoins,
    PlaceSerpent,
    PlaceShrine,
    PlaceUpgrade,
    ScoreBy,
    TakeCard,
)
from companion.six_sojourns.game import explain, game_score
from companion.six_sojourns.model import CARD_PRICES
from companion.six_sojourns.report import sheet_csv, sheet_json, sheet_markdown
from companion.six_sojourns.scoring import score
from companion.six_sojourns.setup import sojourn
from companion.six_sojourns.text import parse_upgrade
from lang import current, t, tr
from saves.games.store import SavedGame
from widgets.kit.main_actions import MainActions
from widgets.kit.shown import plain
from widgets.play.action_log import ActionLog
from widgets.shell.base import Dialog, typed_again
from widgets.shell.chrome import KeyFooter, TitleHeader
from widgets.six_sojourns.cells import ShownTable
from widgets.six_sojourns.editing import SheetEditor
from widgets.six_sojourns.reasons import ReasonsPanel
from widgets.six_sojourns.standing import players_title, status_words, turn_words
from widgets.six_sojourns.tables import (
    TAB_KEYS,
    fill_board,
    fill_sheet,
    fill_standings,
    fill_turns,
    tab_label,
    tabs_width,
)

TALL = 34
"""Rows from which the Sheet tab has room for every point's reason under the sheet."""


class SojournsScreen(SheetEditor):
    """Enter a finished game (score pad or board) or track turns; the totals follow every entry.

    | Key | Action |
    | --- | --- |
    | enter, 0-9 | Edit the cell (a digit starts the number) |
    | 0-4 (Turns) | The player to move buys the card of that cost |
    | a / delete | Add a space / remove it (Board) |
    | o | A player's objective cards |
    | u | Place an upgrade token |
    | m | Score from the pad or from the board; asks about the trades tokens (Sheet, Board) |
    | c, p, h | Coins, sea serpent, shrine (Turns) |
    | s b t w l | Sheet, Board, Turns, Why, Log |
    | x | Export the sheet |
    | f | Finish: score the game (next sojourn in a campaign) |
    """

    HELP_TOPIC = "six-sojourns"
    CSS_PATH = ["six_sojourns.tcss", "../kit/main_actions.tcss", "../kit/line_table.tcss"]
    MAIN_ACTIONS = ("objectives", "finish")
    """The buttons a phone shows (widgets/kit/main_actions.py): objectives, the end."""
    BINDINGS = [
        Binding("a", "add_space", phrase("Add space"), id="add-space"),
        Binding("delete", "remove_space", phrase("Remove space"), id="remove-space"),
        Binding("o", "objectives", phrase("Objectives"), id="objectives"),
        Binding("u", "upgrade", phrase("Upgrade"), id="upgrade"),
        Binding("m", "mode", phrase("Pad/Board"), id="scoring-mode"),
        Binding("c", "coins", phrase("Coins"), id="coins"),
        Binding("p", "serpent", phrase("Serpent"), id="serpent"),
        Binding("h", "shrine", phrase("Shrine"), id="shrine"),
        Binding("x", "export", phrase("Export"), id="export"),
        Binding("f", "finish", phrase("Finish"), id="finish"),
        Binding("s", "tab('sheet')", TAB_KEYS["sheet"], id="tab-sheet", show=False),
        Binding("b", "tab('board')", TAB_KEYS["board"], id="tab-board", show=False),
        Binding("t", "tab('turns')", TAB_KEYS["turns"], id="tab-turns", show=False),
        Binding("w", "tab('why')", TAB_KEYS["why"], id="tab-why"),
        Binding("l", "tab('log')", TAB_KEYS["log"], id="tab-log", show=False),
        *(
            Binding(
                str(digit),
                f"digit('{digit}')",
                phrase("Type {digit}", digit=digit),
                show=False,
                system=True,
            )
            for digit in range(10)
        ),
    ]
    """The digits are bindings (not in the footer nor `?`: the help says them) so that they
    act in turn with the keys typed before them: `down 5` types 5 a row lower."""
    ONLY_ON = {
        "add_space": ("board",),
        "remove_space": ("board",),
        "objectives": ("sheet",),
        "mode": ("sheet", "board"),
        "coins": ("turns",),
        "serpent": ("turns",),
        "shrine": ("turns",),
    }
    """Actions that only make sense on some tabs (hidden from the Footer elsewhere, leaving
    room at 80 columns for the keys of the tab in view)."""
    NEEDS = {"upgrade": "upgrades", "serpent": "sea-serpents", "shrine": "shrines"}
    """Actions of an expansion (hidden from the Footer when it is not in play)."""
    ENTRIES = frozenset(
        {"add_space", "remove_space", "objectives", "upgrade", "mode", "coins", "serpent"}
        | {"shrine", "finish"}
    )
    """Actions that change the game: refused once it is finished, so shown dimmed."""

    drawn_at = Size(0, 0)
    """The screen's size when the tables were last drawn: a resize to it redraws nothing."""
    named: tuple[str, bool] | None = None
    """The language and the shortness the tabs and borders were last named in (`name_tabs`)."""

    def __init__(self, saved: SavedGame) -> None:
        super().__init__(saved)
        self.typed: deque[tuple[str, str | None]] = deque()
        """Keys typed at the sheet (key, character) waiting for the one before to be done."""
        self.passing: list[events.Key] = []
        """Keys whose turn has come, on their way to their bindings (`on_key`)."""
        self.in_turn = False
        """Whether a key is on its way to its binding now."""

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        yield Static(id="ss-status")
        with TabbedContent(id="ss-tabs"):
            for key, label in TAB_KEYS.items():
                with TabPane(tab_label(key, tr(label)), id=key):
                    if key == "turns":
                        yield Static(id="ss-turn")
                    if key == "log":
                        yield ActionLog(id="ss-log")
                    else:
                        yield ShownTable(
                            id=f"ss-{key}",
                            cursor_type="row" if key in ("turns", "why") else "cell",
                            zebra_stripes=True,
                            fixed_columns=1 if key == "sheet" else 0,  # names kept in a scroll
                        )
                    if key == "sheet":
                        yield ReasonsPanel(id="ss-sheet-reasons")
                    if key == "why":
                        yield ReasonsPanel(id="ss-reasons")
        yield MainActions(self.MAIN_ACTIONS, id="main-actions")
        yield KeyFooter()

    def title_text(self) -> str:
        return players_title(self.saved.title)

    def on_mount(self) -> None:
        self.title = "Six Sojourns"
        self.show_title()
        super().on_mount()
        self.focus_first_player()

    def refresh_state(self) -> None:
        self.drawn_at = self.size
        self.name_tabs()
        state = self.game
        result = score(state.sheet, state.thresholds)
        switched = self.switch_line()
        status = plain(status_words(state, result, switched))
        if switched and not self.has_class("-narrow"):  # one line: the tokens' words cut short
            status.truncate(self.size.width - 2, overflow="ellipsis")
        self.show_text("#ss-status", status)
        sheet, board, turns, why = self.tables
        fill_sheet(sheet, state, result)
        fill_board(board, state)
        fill_turns(turns, state)
        fill_standings(why, state, result)
        self.show_text("#ss-turn", plain(turn_words(state)))
        self.fill_logs()
        self.refresh_bindings()

    @cached_property
    def tables(self) -> tuple[ShownTable, ShownTable, ShownTable, ShownTable]:
        """The sheet, board, turns and standings tables, found once (a key draws them
        without searching the screen for them)."""
        return (
            self.query_one("#ss-sheet", ShownTable),
            self.query_one("#ss-board", ShownTable),
            self.query_one("#ss-turns", ShownTable),
            self.query_one("#ss-why", ShownTable),
        )

    def switch_line(self) -> str:
        """The log line of the pad/board switch that made the state shown, made on any device
        (the switch's own words, in the status line until the next change); "" otherwise."""
        made_by = self.saved.origins
        if made_by and isinstance(made_by[-1].action, ScoreBy):
            return self.session.history[-1]
        return ""

    def fill_logs(self) -> None:
        """Bring the reasons and the log up to date, only while their tab shows (each draws
        only the lines that changed; a hidden one is brought up to date when its tab is
        opened, not once the screen was closed meanwhile: a tab opened, then escape, before
        the next frame)."""
        if not self.is_open:
            return
        tall = self.has_class("-tall")
        if self.tab == "why" or (self.tab == "sheet" and tall):
            reasons = self.query_one(
                f"#ss-{'reasons' if self.tab == 'why' else 'sheet-reasons'}", ReasonsPanel
            )
            explained = explain(self.game)  # who wins or leads and why, the coin tie-break included
            points = game_score(self.game).lines
            reasons.show(
                [
                    t("{outcome}.", outcome=explained.outcome),
                    *(tr(why) for why in explained.why),
                    "",
                    *(f"{line.player} {line.points:+d} {tr(line.reason)}" for line in points),
                ]
            )
        elif self.tab == "log":
            self.query_one("#ss-log", ActionLog).show(self.session.steps)

    def on_resize(self) -> None:
        """The tables share out a new width; a tall screen shows the reasons under the sheet."""
        self.set_class(self.size.height >= TALL, "-tall")
        self.name_tabs()
        if self.is_mounted and self.size != self.drawn_at:
            self.call_after_refresh(self.redraw_at_new_size)

    def redraw_at_new_size(self) -> None:
        """Once the tables are laid out at the screen's new size: their columns shared out over
        their new width (a sheet narrowed kept its wide columns, and Cy and Dee off the side),
        then the reasons wrapped to theirs."""
        self.refresh_state()
        self.call_after_refresh(self.fill_logs)

    def name_tabs(self) -> None:
        """Each tab named with its key where all five fit so, else by its name alone (a phone's
        44 columns showed "Log (l)" as "L"): the keys are in the footer and `?` then. Named
        again only when the width or the language changed."""
        short = self.size.width < tabs_width()
        if self.named == (current(), short) or not self.is_mounted:
            return
        self.named = (current(), short)
        tabs = self.query_one("#ss-tabs", TabbedContent)
        for key, label in TAB_KEYS.items():
            tabs.get_tab(key).label = tr(label) if short else tab_label(key, tr(label))
        self.query_one("#ss-sheet-reasons").border_title = t("Why: every point")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys of another tab or of an expansion not in play are hidden; entries on a finished
        game are shown dimmed (undo reopens it)."""
        if not super().check_action(action, parameters):
            return False
        if action == "digit":
            return self.tab in ("turns", "sheet", "board")
        wanted = self.ONLY_ON.get(action)
        expansion = self.NEEDS.get(action)
        if (wanted and self.tab not in wanted) or (
            expansion and not self.game.sheet.has(expansion)
        ):
            return False
        if action in self.ENTRIES and self.game.finished:
            return None
        return True

    @on(TabbedContent.TabActivated)
    def tab_changed(self) -> None:
        """Fill the tab's logs and focus what its keys move: on the Why tab its reasons, so
        that PageDown, PageUp and the arrows scroll them at once (the table above them has a
        row per player and nothing to choose)."""
        self.call_after_refresh(self.fill_logs)  # once the tab has its size
        self.refresh_bindings()
        shown = "#ss-reasons" if self.tab == "why" else f"#ss-{self.tab}"
        self.query(shown).first().focus()

    def on_key(self, event: events.Key) -> None:
        """Each key in its turn. A key typed at the sheet waits (`typed`) until the one before
        it has been done: its binding runs at the app once the sheet has passed it on, so two
        keys passed on at once raced (a digit opened its dialog before the arrow before it had
        moved the cursor, and the keys behind it missed the dialog). A key whose turn comes
        while a dialog is open goes to that dialog, which types it once it shows
        (`Dialog.hold`). So `down 2 enter down 2 enter` typed faster than a busy machine draws
        types 2 in each row: never a second dialog under the typist's fingers, never 25 made
        of this cell's 2 and the next one's 5 (issue 42)."""
        if event in self.passing:
            self.passing.remove(event)  # its turn: on to its binding
            self.app.call_later(self.app.call_later, self.key_done)  # once that has run
            return
        event.stop()
        event.prevent_default()
        self.typed.append((event.key, event.character))
        self.next_key()

    def next_key(self) -> None:
        """The next waiting key, if the one before it is done."""
        if self.in_turn or not self.typed:
            return
        dialog = self.app.screen
        if self.is_active:
            key, character = self.typed.popleft()
            again = typed_again(self.app, key, character)
            self.passing.append(again)
            self.in_turn = True
            self.app.post_message(again)
        elif isinstance(dialog, Dialog):  # opened by a key before them: theirs
            while self.typed:
                key, character = self.typed.popleft()
                dialog.hold(events.Key(key, character))

    def key_done(self) -> None:
        self.in_turn = False
        self.next_key()

    def on_screen_resume(self) -> None:
        """Back on top after a dialog: a key passed on as the dialog opened (a tap, another
        device's question) went to that dialog, and comes back here never: the sheet takes
        the next key at once instead of waiting for it."""
        self.passing.clear()
        self.key_done()

    def action_digit(self, digit: str) -> None:
        """A digit: on the Turns tab the player to move buys the card of that cost; on the
        Sheet and the Board it starts the entry of the cell under the cursor."""
        if self.tab == "turns":
            self.buy(int(digit))
        elif self.tab in ("sheet", "board"):
            self.edit(digit)

    @on(ShownTable.CellSelected)
    def cell_chosen(self, event: ShownTable.CellSelected) -> None:
        if self.is_active:  # not a tap behind a dialog's opening
            self.edit()

    def select_seat(self, name: str) -> None:
        """The player this device sits as (`widgets.play.seats`): their column of the sheet, and
        their row of the turns (whose coins, serpent and shrine the keys there enter)."""
        sheet, _board, turns, _why = self.tables
        if name in sheet.columns:
            sheet.move_cursor(column=sheet.get_column_index(name), animate=False)
        if name in turns.rows:
            turns.move_cursor(row=turns.get_row_index(name), animate=False)

    def action_objectives(self) -> None:
        spot = self.cell("#ss-sheet")
        players = self.game.players
        self.edit_objectives(spot[1] if spot and spot[1] in players else players[0])

    def action_upgrade(self) -> None:
        self.ask(
            t("Upgrade token: trade and printed value"),
            "",
            t("Like cooking +2 (at most 2 per trade, 10 in all; applies to everyone)."),
            lambda text: PlaceUpgrade(*parse_upgrade(text)),
        )

    def turns_player(self) -> str:
        spot = self.cell("#ss-turns")
        return spot[0] if spot else self.game.players[0]

    def action_coins(self) -> None:
        name = self.turns_player()

        def coins_action(text: str) -> AdjustCoins | PayCoins:
            words = text.split()
            if len(words) == 3 and words[0] == "pay" and words[2].lstrip("-").isdigit():
                return PayCoins(name, words[1], int(words[2]))
            if len(words) == 1 and words[0].lstrip("+-").isdigit():
                return AdjustCoins(name, int(words[0]))
            raise RuleError(t("Cannot read {text}: write +2, -1, or pay Ben 1.", text=repr(text)))

        self.ask(
            t("{player}'s coins", player=name),
            "",
            t("+2 gains, -1 pays the supply, 'pay Ben 1' pays a player."),
            coins_action,
        )

    def action_serpent(self) -> None:
        name = self.turns_player()
        self.ask(
            t("{player} places a sea serpent: who has boats there?", player=name),
            "",
            t("Names separated by spaces (each pays 1 coin if they have one); empty for nobody."),
            lambda text: PlaceSerpent(name, tuple(text.replace(",", " ").split())),
        )

    def action_shrine(self) -> None:
        self.act(PlaceShrine(self.turns_player()))

    def action_finish(self) -> None:
        state = self.game
        last = not state.sojourn or state.sojourn == 6
        self.confirm_end(
            t("Finish the game and score it?")
            if last
            else t("Close sojourn {number}?", number=state.sojourn),
            t("The scores are final; the result screen follows.")
            if last
            else t("Its scores join the campaign; the next sojourn starts."),
            self.finish,
            verb=t("Finish"),
        )

    def finish(self) -> None:
        state = self.game
        upcoming = state.sojourn + 1 if state.sojourn and state.sojourn < 6 else 0
        if upcoming and sojourn(upcoming).map is None:
            self.ask(
                t(
                    "Sojourn {number} '{name}' is played on any map",
                    number=upcoming,
                    name=sojourn(upcoming).name,
                ),
                "A",
                t("Type A or B."),
                lambda text: CloseSojourn("B" if text.strip().upper() == "B" else "A"),
            )
        else:
            self.act(CloseSojourn())

    def action_export(self) -> None:
        self.ask(
            t("Export the sheet as md, csv or json"),
            "",
            t("Empty for Markdown. Written to the exports folder."),
            self.export,
        )

    def export(self, text: str) -> None:
        kind = text.strip().lower() or "md"
        if kind not in ("md", "csv", "json"):
            raise RuleError(t("Export formats are md, csv and json, not {text}.", text=repr(text)))
        state = self.game
        if kind == "md":
            content = sheet_markdown(state.sheet, state.thresholds, self.saved.title, tr)
        elif kind == "csv":
            content = sheet_csv(state.sheet, state.thresholds, tr)
        else:  # JSON is data: its words stay English, as `--json` gives them
            content = sheet_json(state.sheet, state.thresholds)
        try:
            path = self.companion.store.export(self.saved, kind, content)
        except OSError as error:
            self.notify(t("Could not write the export: {error}", error=error), severity="error")
            return
        self.notify(t("Sheet exported to {path}", path=path), title=t("Exported"))

    def buy(self, cost: int) -> None:
        """The player to move buys the card of this cost (turn tracker)."""
        self.act(TakeCard(cost))

    def palette_commands(self) -> Iterable[SystemCommand]:
        yield from super().palette_commands()
        state = self.game
        if state.finished:
            return
        entries = [
            (
                t("add space"),
                t("A space of the board with its island or sea"),
                self.action_add_space,
            ),
            (t("objectives"), t("A player's objective cards"), self.action_objectives),
            (t("upgrade token"), t("Place an upgrade token beside a trade"), self.action_upgrade),
            (t("pad or board"), t("Score from the score pad or the board"), self.action_mode),
            (t("export sheet"), t("Markdown, CSV or JSON"), self.action_export),
            (
                t("finish game"),
                t("Score it and close it (next sojourn in a campaign)"),
                self.action_finish,
            ),
        ]
        if not state.cards_over:  # (a finished game returned above)
            for cost in CARD_PRICES:
                entries.append(
                    (
                        t(
                            "{player} buys the {cost}-cost card",
                            player=state.turn_player,
                            cost=cost,
                        ),
                        t("Turn tracker"),
                        partial(self.buy, cost),
                    )
                )
        for label, help_text, callback in entries:
            yield SystemCommand(t("six sojourns: {command}", command=label), help_text, callback)
