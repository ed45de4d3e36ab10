"""Editing the score sheet and the board cell by cell: each entry becomes one undoable action."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from textual.widgets import TabbedContent

from companion.core import RuleError
from companion.six_sojourns.actions import (
    EnterCount,
    EnterSpace,
    RemoveSpace,
    ScoreBy,
    ScoreMode,
    SetObjectives,
    SetThresholds,
    SojournsState,
)
from companion.six_sojourns.model import MAX_TRADE_ICONS, TRADES
from companion.six_sojourns.switch import switch_question
from companion.six_sojourns.text import (
    MARK_HELP,
    OBJECTIVE_HELP,
    marks_text,
    objective_line,
    parse_marks,
    parse_new_space,
    parse_objectives,
    parse_pieces,
    parse_threshold,
    pieces_text,
    where_text,
    with_where,
)
from widgets.play.game_screen import GameScreen
from widgets.six_sojourns.cells import ShownTable
from widgets.six_sojourns.dialogs import LinesDialog, TextDialog, TokensDialog
from widgets.six_sojourns.setup import THRESHOLDS_KEY
from widgets.six_sojourns.tables import BOARD_ROW


def added(current: str, typed: str | None, separator: str) -> str:
    """The text a cell's editor opens with: what the cell holds, then the character typed on it
    (a digit starts a new entry after the others, such as `2p 1h T 1` before `b`)."""
    if typed is None:
        return current
    return f"{current}{separator}{typed}" if current else typed


class SheetEditor(GameScreen):
    """The Six Sojourns screen's cell editing: ask for a line, read it, apply it as an action."""

    @property
    def game(self) -> SojournsState:
        state: SojournsState = self.state
        return state

    @property
    def tab(self) -> str:
        return self.query_one("#ss-tabs", TabbedContent).active

    def action_tab(self, key: str) -> None:
        self.query_one("#ss-tabs", TabbedContent).active = key

    def ask(
        self,
        title: str,
        value: str,
        hint: str,
        then: Callable[[str], Any],
        numeric: bool = False,
        done: Callable[[Any], None] | None = None,
    ) -> None:
        """Ask for a line, then build and apply the action from it (a misread is refused);
        `done` follows an action the rules accepted."""

        def answered(text: str | None) -> None:
            if text is None:
                return
            try:
                action = then(text)
            except RuleError as error:
                self.notify(str(error), title="Not read", severity="error")
                return
            if action is not None and self.act(action) and done is not None:
                done(action)

        self.app.push_screen(TextDialog(title, value, hint, numeric), answered)

    def focus_first_player(self) -> None:
        """Focus the sheet on the first player's cell, where digits write (the row labels take
        none)."""
        sheet = self.query_one("#ss-sheet", ShownTable)
        sheet.focus()
        if sheet.row_count and self.game.sheet.players:
            first = self.game.sheet.players[0].name
            sheet.move_cursor(column=sheet.get_column_index(first), animate=False)

    def cell(self, table_id: str) -> tuple[str, str] | None:
        table = self.query_one(table_id, ShownTable)
        if not table.row_count:
            return None
        row_key, column_key = table.coordinate_to_cell_key(table.cursor_coordinate)
        return row_key, column_key

    def edit(self, typed: str | None = None) -> None:
        """Edit the cell under the cursor; `typed` starts the entry with the digit pressed."""
        if self.tab in ("sheet", "board") and self.game.finished:
            self.notify(
                "The game is finished and scored: undo (ctrl+z) reopens it to change an entry.",
                title="Finished",
                severity="warning",
            )
            return
        if self.tab == "sheet":
            self.edit_sheet(typed)
        elif self.tab == "board":
            self.edit_board(typed)

    def edit_sheet(self, typed: str | None) -> None:
        spot = self.cell("#ss-sheet")
        if spot is None:
            return
        row, column = spot
        state = self.game
        if column in ("thresholds", "what") and row in TRADES:  # "what": a phone's compact sheet
            limit = state.thresholds.of(row)
            field = row.replace("-", "_")
            self.ask(
                f"{row.capitalize()}: icons for 4 VP / for 7 VP",
                typed or f"{limit.first}/{limit.second}",
                "Read them off your board, like 5/9. Kept for the next games.",
                lambda text: self.thresholds_action(field, text),
            )
        elif column in state.players:
            if row == "objectives":
                self.edit_objectives(column)
            elif row in ("total", "rank"):
                self.action_tab("why")
            elif row.startswith(BOARD_ROW):
                self.action_tab("board")
            else:
                player = state.sheet.player(column)
                if player is None:
                    return
                current = player.icons(row) if row in TRADES else getattr(player, row, 0)
                label = f"{row} icons" if row in TRADES else row.replace("_", " ")
                capped = row in TRADES and state.rules >= 3  # rules revision 3
                bound = f"0 to {MAX_TRADE_ICONS}" if capped else "0 or more"
                self.ask(
                    f"{column}: {label}",
                    typed if typed is not None else str(current),
                    f"A whole number, {bound}.",
                    lambda text: EnterCount(column, row, int(text or 0)),
                    numeric=True,
                )

    def thresholds_action(self, field: str, text: str) -> SetThresholds:
        thresholds = replace(self.game.thresholds, **{field: parse_threshold(text)})
        self.companion.settings.remember(THRESHOLDS_KEY, thresholds)
        return SetThresholds(thresholds)

    def edit_objectives(self, name: str) -> None:
        player = self.game.sheet.player(name)
        if player is None:
            return
        current = "\n".join(objective_line(o) for o in player.objectives)

        def answered(text: str | None) -> None:
            if text is None:
                return
            try:
                objectives = parse_objectives(text)
            except RuleError as error:
                self.notify(str(error), title="Not read", severity="error")
                return
            self.act(SetObjectives(name, objectives))

        hint = f"{OBJECTIVE_HELP}. ctrl+s saves."
        self.app.push_screen(LinesDialog(f"{name}'s objective cards", current, hint), answered)

    def edit_board(self, typed: str | None) -> None:
        spot = self.cell("#ss-board")
        if spot is None:
            self.action_add_space()
            return
        name, column = spot
        space = next(s for s in self.game.sheet.spaces if s.name == name)
        if column == "name":
            self.ask(
                "Rename the space",
                typed or name,
                "",
                lambda t: EnterSpace(replace(space, name=t.strip()), name),
            )
        elif column == "where":
            self.ask(
                f"{name}: island name or sea",
                typed or where_text(space),
                "",
                lambda t: EnterSpace(with_where(space, t), name),
            )
        elif column == "marks":
            self.ask(
                f"{name}: marks",
                added(marks_text(space), typed, ", "),
                MARK_HELP,
                lambda t: EnterSpace(parse_marks(space, t), name),
            )
        elif column in self.game.players:

            def pieces_action(text: str) -> EnterSpace:
                pieces = {**space.pieces, column: parse_pieces(text)}
                kept = {n: p for n, p in pieces.items() if not p.empty}
                return EnterSpace(replace(space, pieces=kept), name)

            self.ask(
                f"{column} on {name}",
                added(pieces_text(space.pieces.get(column)), typed, " "),
                "2p 1b 1h T: p people, b boats, h houses, T tower; empty clears.",
                pieces_action,
            )

    def action_add_space(self) -> None:
        self.ask(
            "New space: its name, then its island or sea",
            "",
            "Like 'A1 North' or 'S3 sea'. Then fill its row.",
            lambda text: EnterSpace(parse_new_space(text)),
            done=self.show_space,
        )

    def show_space(self, action: EnterSpace) -> None:
        """Put the cursor on the row of the space just added, ready to fill it."""
        table = self.query_one("#ss-board", ShownTable)
        names = [space.name for space in self.game.sheet.spaces]
        if action.space.name in names:
            table.move_cursor(row=names.index(action.space.name), column=0, animate=False)

    def action_remove_space(self) -> None:
        spot = self.cell("#ss-board")
        if spot is not None:
            self.act(RemoveSpace(spot[0]))

    def action_mode(self) -> None:
        """Switch between pad and board; when the board gives trades tokens, ask first whether
        the icons typed count them, so that none counts twice."""
        mode: ScoreMode = "board" if self.game.sheet.pad else "pad"
        asked = switch_question(self.game, mode)
        if asked is None:
            self.switch(ScoreBy(mode))
            return
        question, convert, keep = asked
        title = f"Score from the {'board' if mode == 'board' else 'score pad'}"

        def answered(choice: str | None) -> None:
            if choice in ("convert", "keep"):
                self.switch(ScoreBy(mode, "convert" if choice == "convert" else "keep"))

        self.app.push_screen(TokensDialog(title, question, convert, keep), answered)

    def switch(self, action: ScoreBy) -> None:
        """Switch; the status line says so, and what became of the trades tokens (no notice: it
        would lie over the columns the switch has just changed)."""
        self.act(action)
