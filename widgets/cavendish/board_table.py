"""The Cavendish agents table, written cell by cell from the state."""

from __future__ import annotations

from textual.widgets import DataTable

from companion.cavendish.model import CavendishState
from widgets.cavendish import board
from widgets.kit.shown import plain


def show_agents(table: DataTable[object], state: CavendishState, selected: int) -> None:
    """The agents table: only the cells that changed are written (a rebuild restyles all)."""
    rows = [
        (
            board.agent_flags(state, index),
            agent.receptacle,
            plain(agent.player[:8]),
            f"{agent.pool}/{agent.starting}",
            str(agent.fear),
            board.attributes_text(agent),
        )
        for index, agent in enumerate(state.agents)
    ]
    shown = [tuple(table.get_row_at(number)) for number in range(table.row_count)]
    if [row[1] for row in shown] != [row[1] for row in rows]:
        table.clear()
        for row in rows:
            table.add_row(*row, key=row[1])
    else:
        columns = list(table.columns)
        for row, before in zip(rows, shown, strict=True):
            for column, value, old in zip(columns, row, before, strict=True):
                if value != old:
                    table.update_cell(row[1], column, value)
    if table.cursor_row != selected:
        table.move_cursor(row=selected)
