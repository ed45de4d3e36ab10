"""The Cavendish agents table, written cell by cell from the state.

Wide, the flags (★ captain, ✖ ejected ...) have a column of their own. On a narrow screen (a
phone's 40 columns) they lead the agent's cell, the player's name is cut to the width of its
heading and the table loses its side edges (cavendish.tcss): four agents, Jennifer among them,
then fit 40 columns with no sideways scroll.
"""

from __future__ import annotations

from companion.cavendish.model import CavendishState
from companion.phrases import phrase
from lang import tr
from widgets.cavendish import board
from widgets.kit.line_table import LineTable

COLUMNS = (
    phrase("Agent"),
    phrase("Player"),
    phrase("Azrak"),
    phrase("Fear"),
    # TRANSLATORS: the agents table's heading of Strength/Confidence/Dexterity
    phrase("S/C/D"),
)
"""The columns after the flags."""
PLAYER_WIDTH, NARROW_PLAYER_WIDTH = 8, len("Player")
"""How much of a player's name the table shows, wide and narrow."""


def headings(narrow: bool) -> list[str]:
    """The columns' headings in the reader's language; narrow, a longer word for "Player"
    ("Spieler") is shortened with "…" to the width of the names below it, so four agents still
    fit 40 columns."""
    shown = [tr(heading) for heading in COLUMNS]
    player = shown[1]
    if narrow and len(player) > NARROW_PLAYER_WIDTH:
        shown[1] = player[: NARROW_PLAYER_WIDTH - 1] + "…"
    return shown


def set_columns(table: LineTable, narrow: bool) -> None:
    """The table's columns for its width, with no rows yet."""
    table.clear(columns=True)
    if not narrow:
        table.add_column("", width=board.FLAGS_WIDTH)  # wide enough for ★ and ✖ from the start
    table.add_columns(*headings(narrow))


def agent_rows(state: CavendishState, narrow: bool) -> list[tuple[str, ...]]:
    """Each agent's cells, the receptacle's name last (the row's key)."""
    rows: list[tuple[str, ...]] = []
    for index, agent in enumerate(state.agents):
        flags = board.agent_flags(state, index)
        player = agent.player[: NARROW_PLAYER_WIDTH if narrow else PLAYER_WIDTH]
        cells = (
            f"{flags:<{board.FLAGS_WIDTH}}{agent.receptacle}" if narrow else agent.receptacle,
            player,
            f"{agent.pool}/{agent.starting}",
            str(agent.fear),
            board.attributes_text(agent),
        )
        rows.append((*cells, agent.receptacle) if narrow else (flags, *cells, agent.receptacle))
    return rows


def show_agents(
    table: LineTable, state: CavendishState, selected: int, narrow: bool = False
) -> None:
    """The agents table: only the cells that changed are written, and only their rows drawn
    again (`LineTable.set_cell`; new agents or columns fill it again)."""
    rows = agent_rows(state, narrow)
    wanted = headings(narrow) if narrow else ["", *headings(narrow)]
    if [str(column.label) for column in table.columns.values()] != wanted:
        set_columns(table, narrow)  # another width, or another language
    keys = list(table.rows)
    if keys != [row[-1] for row in rows]:
        table.clear()
        for *cells, key in rows:
            table.add_row(*cells, key=str(key))
    else:
        columns = list(table.columns)
        for *cells, key in rows:
            before = table.get_row(str(key))
            for column, value, old in zip(columns, cells, before, strict=True):
                if value != old:
                    table.set_cell(str(key), column, value)
    if table.cursor_row != selected:
        table.move_cursor(row=selected)
