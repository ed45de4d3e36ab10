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
from companion.six_sojourns.game import COUNT_WORDS
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
from lang import t, tr
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
                self.notify(tr(error), title=t("Not read"), severity="error")
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
                t("The game is finished and scored: undo (ctrl+z) reopens it to change an entry."),
                title=t("Finished"),
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
                t("{trade}: icons for 4 VP / for 7 VP", trade=row.capitalize()),
                typed or f"{limit.first}/{limit.second}",
                t("Read them off your board, like 5/9. Kept for the next games."),
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
                label = (
                    t("{trade} icons", trade=row)
                    if row in TRADES
                    else tr(COUNT_WORDS.get(row, row.replace("_", " ")))
                )
                capped = row in TRADES and state.rules >= 3  # rules revision 3
                hint = (
                    t("A whole number, 0 to {most}.", most=MAX_TRADE_ICONS)
                    if capped
                    else t("A whole number, 0 or more.")
                )
                self.ask(
                    t("{player}: {count}", player=column, count=label),
                    typed if typed is not None else str(current),
                    hint,
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
                self.notify(tr(error), title=t("Not read"), severity="error")
                return
            self.act(SetObjectives(name, objectives))

        hint = t("{how}. ctrl+s saves.", how=OBJECTIVE_HELP)
        title = t("{player}'s objective cards", player=name)
        self.app.push_screen(LinesDialog(title, current, hint), answered)

    def edit_board(self, typed: str | None) -> None:
        spot = self.cell("#ss-board")
        if spot is None:
            self.action_add_space()
            return
        name, column = spot
        space = next(s for s in self.game.sheet.spaces if s.name == name)
        if column == "name":
            self.ask(
                t("Rename the space"),
                typed or name,
                "",
                lambda t: EnterSpace(replace(space, name=t.strip()), name),
            )
        elif column == "where":
            self.ask(
                t("{space}: island name or sea", space=name),
                typed or where_text(space),
                "",
                lambda t: EnterSpace(with_where(space, t), name),
            )
        elif column == "marks":
            self.ask(
                t("{space}: marks", space=name),
                added(marks_text(space), typed, ", "),
                tr(MARK_HELP),
                lambda t: EnterSpace(parse_marks(space, t), name),
            )
        elif column in self.game.players:

            def pieces_action(text: str) -> EnterSpace:
                pieces = {**space.pieces, column: parse_pieces(text)}
                kept = {n: p for n, p in pieces.items() if not p.empty}
                return EnterSpace(replace(space, pieces=kept), name)

            self.ask(
                t("{player} on {space}", player=column, space=name),
                added(pieces_text(space.pieces.get(column)), typed, " "),
                t("2p 1b 1h T: p people, b boats, h houses, T tower; empty clears."),
                pieces_action,
            )

    def action_add_space(self) -> None:
        self.ask(
            t("New space: its name, then its island or sea"),
            "",
            t("Like 'A1 North' or 'S3 sea'. Then fill its row."),
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
        title = t("Score from the board") if mode == "board" else t("Score from the score pad")

        def answered(choice: str | None) -> None:
            if choice in ("convert", "keep"):
                self.switch(ScoreBy(mode, "convert" if choice == "convert" else "keep"))

        self.app.push_screen(TokensDialog(title, tr(question), tr(convert), tr(keep)), answered)

    def switch(self, action: ScoreBy) -> None:
        """Switch; the status line says so, and what became of the trades tokens (no notice: it
        would lie over the columns the switch has just changed)."""
        self.act(action)
