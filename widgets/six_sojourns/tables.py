"""Six Sojourns tables: the score sheet, the board grid, the turn tracker and the standings.

Each function redraws one table from the state (`ShownTable`: only the cells that changed are
drawn again), keeping the cursor where it was. The tabs they sit in are named here too.
"""

from __future__ import annotations

from collections import Counter

from companion.core import Score
from companion.phrases import phrase
from companion.six_sojourns.actions import SojournsState
from companion.six_sojourns.model import CARDS_EACH, PAD_FIELDS, SHRINES_EACH, TRADES
from companion.six_sojourns.scoring import (
    PAD_EXPANSIONS,
    control,
    in_play,
    shown_categories,
    standings,
)
from companion.six_sojourns.switch import held_tokens
from companion.six_sojourns.text import marks_text, pieces_text, where_text
from lang import current, t, tr
from widgets.six_sojourns.cells import Row, ShownTable

PAD_LABELS = {
    "spaces": phrase("Spaces (VP)"),
    "islands": phrase("Islands (VP)"),
    "objective_vp": phrase("Objectives (VP)"),
    "expansion_vp": phrase("Expansions (VP)"),
}
# TRANSLATORS: short headings of the Why table's columns (3 or 4 letters): spaces, islands,
# trades, objectives, serpents, shrines, mountains, feuds, expansions
SHORT = {
    "spaces": phrase("Spc"),
    "islands": phrase("Isl"),
    "trades": phrase("Trd"),
    "objectives": phrase("Obj"),
    "serpents": phrase("Srp"),
    "shrines": phrase("Shr"),
    "mountains": phrase("Mtn"),
    "feuds": phrase("Feu"),
    PAD_EXPANSIONS: phrase("Exp"),
}


def room_of(table: ShownTable) -> tuple[int, int, str]:
    """The widths a table's columns are worked out from (its own, or the screen's before it
    is laid out), and the language its words are in: part of every table's inputs."""
    return table.size.width, table.app.size.width, current()


def _show(
    table: ShownTable, columns: list[tuple[str, str]], rows: list[Row], inputs: tuple[object, ...]
) -> None:
    """Show these columns and rows, the columns as wide as their cells (and the screen's room):
    only the cells that changed are drawn again when the table keeps its shape. `inputs` are
    what they were worked out from (`ShownTable.follows`)."""
    column_widths = _widths(columns, rows)
    drawn = [
        (label, key, width)
        for (label, key), width in zip(columns, grown(column_widths, table), strict=True)
    ]
    table.show(drawn, rows)
    table.drawn_from = inputs


def _widths(columns: list[tuple[str, str]], rows: list[Row]) -> list[int]:
    """Each column as wide as its label and its widest cell."""
    return [
        max([len(label)] + [len(cells[index]) for _key, cells in rows])
        for index, (label, _key) in enumerate(columns)
    ]


def _room(table: ShownTable) -> int:
    """The characters of cells a row of the table has room for (each cell has 2 of padding,
    counted by the caller, and the scrollbar 2)."""
    return (table.size.width or table.app.size.width) - 2


def _fits(columns: list[tuple[str, str]], rows: list[Row], table: ShownTable) -> bool:
    widths = _widths(columns, rows)
    return sum(widths) + 2 * len(widths) <= _room(table)


GROWN_MAX = 24
"""A column widens to use a wide screen, up to this many characters."""


def grown(widths: list[int], table: ShownTable) -> list[int]:
    """The columns' widths shared out over the table's width (each cell has 2 of padding and
    the scrollbar 2), so a wide screen is used rather than a small table in its corner."""
    room = _room(table) - 2 * len(widths)
    spare = room - sum(widths)
    if spare <= 0 or not widths:
        return widths
    share = spare // len(widths)
    return [max(width, min(width + share, GROWN_MAX)) for width in widths]


BOARD_LABELS = {
    "spaces": phrase("Spaces (VP)"),
    "islands": phrase("Islands (VP)"),
    "serpents": phrase("Sea serpents (VP)"),
    "shrines": phrase("Shrines (VP)"),
    "mountains": phrase("Mountains (VP)"),
    "feuds": phrase("Feuds (VP)"),
}
"""The rows a board gives the sheet, read from the Board tab, in score-pad order."""
BOARD_ROW = "board-"
"""The key prefix of a row the board fills (`board-spaces`): not typed, read from the board."""


def sheet_rows(state: SojournsState) -> list[str]:
    """The row keys of the sheet in order: coins, the trades, the pad's numbers or the board's
    categories in play and the objectives, total, rank."""
    sheet = state.sheet
    if sheet.pad:
        middle: list[str] = list(PAD_FIELDS)
    else:
        board = [BOARD_ROW + c for c in BOARD_LABELS if in_play(sheet, c)]
        middle = [*board, "objectives"]
    return ["coins", *TRADES, *middle, "total", "rank"]


COMPACT_BELOW = 60
"""Below this many columns (a phone) the sheet is compact, so that four players fit in 40: the
thresholds go into the trade's own cell (`Cook 5/9`), the labels and the cells are shorter."""
SHORT_TRADES = {
    "cooking": "Cook",
    "carpentry": "Carp",
    "sewing": "Sew",
    "shoe-making": "Shoe",
    "art": "Art",
    "smithing": "Smith",
    "jewelry": "Jewel",
}
SHORT_BOARD = {
    "spaces": phrase("Spaces"),
    "islands": phrase("Islands"),
    "serpents": phrase("Serpents"),
    "shrines": phrase("Shrines"),
    # TRANSLATORS: "Mountains" shortened, in a phone's narrow sheet
    "mountains": phrase("Mtns"),
    "feuds": phrase("Feuds"),
}


def fill_sheet(table: ShownTable, state: SojournsState, result: Score) -> None:
    """The score pad: a column per player, a row per category; compact on a phone."""
    sheet = state.sheet
    inputs = (sheet, state.thresholds, state.finished, state.players, room_of(table))
    if table.follows(inputs):
        return
    places = {s.name: s for s in standings(sheet, result)}
    tokens = trade_tokens(state)
    compact = (table.size.width or table.app.size.width) < COMPACT_BELOW
    players = [(p.name, p.name) for p in sheet.players]
    # TRANSLATORS: the heading of the thresholds' column: the icons for 4 VP / for 7 VP
    columns = [("", "what"), *([] if compact else [(t("4/7 at"), "thresholds")]), *players]
    rows: list[Row] = []

    def row(label: str, note: str, cells: list[str]) -> list[str]:
        """A row's label, its note (in the label on a phone) and its cells."""
        return [f"{label} {note}".rstrip(), *cells] if compact else [label, note, *cells]

    for key in sheet_rows(state):
        if key == "coins":
            cells = row(t("Coins"), "", [str(p.coins) for p in sheet.players])
        elif key in TRADES:
            limit = state.thresholds.of(key)
            shift = sum(sheet.upgrades.get(key, ()))
            shifted = f"{shift:+d}" if shift else ""
            gap = "" if compact else " "
            cells = row(
                SHORT_TRADES[key] if compact else key.capitalize(),
                f"{limit.first}/{limit.second}{gap}{shifted}".rstrip(),
                [
                    f"{_icons_text(p.icons(key), tokens[p.name][key])}"
                    f"{gap}({_trade_points(result, p.name, key)})"
                    for p in sheet.players
                ],
            )
        elif key.startswith(BOARD_ROW):
            category = key.removeprefix(BOARD_ROW)
            label = SHORT_BOARD[category] if compact else BOARD_LABELS[category]
            cells = row(
                tr(label),
                # TRANSLATORS: a note beside a row the board fills: the key b opens the Board
                "" if compact else t("b: board"),
                [str(places[p.name].breakdown[category]) for p in sheet.players],
            )
        elif key == "objectives":
            cells = row(
                t("Objectives"),
                # TRANSLATORS: a note beside the objectives' row: the key o edits them
                "" if compact else t("o: edit"),
                [
                    _objectives_text(
                        len(p.objectives), places[p.name].breakdown["objectives"], compact
                    )
                    for p in sheet.players
                ],
            )
        elif key == "total":
            cells = row(t("TOTAL"), "", [str(result.totals[p.name]) for p in sheet.players])
        elif key == "rank":
            ranks = [_rank_text(state, result, places[p.name].rank, p.name) for p in sheet.players]
            cells = row(t("Rank"), "", ranks)
        else:
            cells = row(tr(PAD_LABELS[key]), "", [str(getattr(p, key)) for p in sheet.players])
        rows.append((key, cells))
    _show(table, columns, rows, inputs)


def _objectives_text(cards: int, points: int, compact: bool) -> str:
    """`2 (3 VP)`: a player's objective cards and their points; `2(3)` on a phone."""
    if compact:
        return f"{cards}({points})"
    return t("{cards} ({points} VP)", cards=cards, points=points)


def trade_tokens(state: SojournsState) -> dict[str, Counter[str]]:
    """Player -> trade -> trades tokens lying on the spaces they control (board scoring)."""
    if state.sheet.pad:
        return {name: Counter() for name in state.players}
    return held_tokens(state.sheet)


def _icons_text(icons: int, tokens: int) -> str:
    """`4` or, with a trades token on the board, `4+1`: the count the thresholds are read at."""
    return f"{icons}+{tokens}" if tokens else str(icons)


def scored_anything(result: Score) -> bool:
    """Whether any point has been entered yet: before that nobody leads and nobody wins."""
    return any(result.totals.values())


def _rank_text(state: SojournsState, result: Score, rank: int, name: str) -> str:
    """`1 winner` once the game is finished, `1 leads` while it is played, `-` before points."""
    if not scored_anything(result):
        return "-"
    if name not in result.winners:
        return str(rank)
    if state.finished:
        return t("{rank} winner", rank=rank)
    return t("{rank} leads", rank=rank)


def _trade_points(result: Score, player: str, trade: str) -> int:
    return sum(
        line.points
        for line in result.lines
        if line.player == player and line.reason.startswith(f"{trade}:")
    )


def fill_board(table: ShownTable, state: SojournsState) -> None:
    players = state.players
    inputs = (players, state.sheet.spaces, room_of(table))
    if table.follows(inputs):
        return
    columns = [(t("Space"), "name"), (t("Where"), "where"), (t("Marks"), "marks")]
    columns += [(name, name) for name in players] + [(t("Control"), "control")]
    rows = []
    for space in state.sheet.spaces:
        held = control(space)
        if held.owner:
            owner = (
                f"{held.owner} (T)"
                if held.tower
                else f"{held.owner} {held.strength}:{held.against}"
            )
        elif any(not p.empty for p in space.pieces.values()) or space.lava:
            owner = t("tied")
        else:
            owner = "-"
        cells = [space.name, where_text(space), marks_text(space) or "-"]
        cells += [pieces_text(space.pieces.get(name)) or "-" for name in players]
        rows.append((space.name, [*cells, owner]))
    _show(table, columns, rows, inputs)


def fill_turns(table: ShownTable, state: SojournsState) -> None:
    shrines = state.sheet.has("shrines")
    inputs = (
        state.players,
        state.sheet.players,
        state.cards_taken,
        state.finished,
        state.shrines_placed,
        shrines,
        room_of(table),
    )
    if table.follows(inputs):
        return
    columns = [(t("Player"), "name"), (t("Cards"), "cards"), (t("Coins"), "coins")]
    columns += [(t("Shrines"), "shrines")] * shrines
    count = len(state.players)
    rows = []
    for seat, player in enumerate(state.sheet.players):
        cards = state.cards_taken // count + (1 if seat < state.cards_taken % count else 0)
        to_move = not (state.cards_over or state.finished) and player.name == state.turn_player
        marker = "> " if to_move else "  "
        built = state.shrines_placed.get(player.name, 0)
        cells = [marker + player.name, f"{cards}/{CARDS_EACH}", str(player.coins)]
        rows.append((player.name, cells + [f"{built}/{SHRINES_EACH}"] * shrines))
    _show(table, columns, rows, inputs)


def fill_standings(table: ShownTable, state: SojournsState, result: Score) -> None:
    """The standings: a row per player, a column per category in play; turned (a row per
    category, the total first, a column per player) when the columns do not fit the width, as
    on a phone with an expansion in play, where the last columns were cut off."""
    inputs = (state.sheet, state.thresholds, state.players, room_of(table))
    if table.follows(inputs):
        return
    table_data = standings(state.sheet, result)
    categories = shown_categories(state.sheet, table_data)
    ranked = sorted(table_data, key=lambda s: (s.rank, state.players.index(s.name)))
    columns = [("#", "rank"), (t("Player"), "name")] + [(tr(SHORT[c]), c) for c in categories]
    columns += [(t("Total"), "total"), (t("Coins"), "coins")]
    rows = [
        (
            s.name,
            [
                str(s.rank),
                s.name,
                *(str(s.breakdown[c]) for c in categories),
                str(s.total),
                str(s.coins),
            ],
        )
        for s in ranked
    ]
    if not _fits(columns, rows, table):
        columns = [("", "category")] + [(s.name, f"player {s.name}") for s in ranked]
        rows = [
            ("rank", [t("Rank"), *(str(s.rank) for s in ranked)]),
            ("total", [t("Total"), *(str(s.total) for s in ranked)]),
            *((c, [tr(SHORT[c]), *(str(s.breakdown[c]) for s in ranked)]) for c in categories),
            ("coins", [t("Coins"), *(str(s.coins) for s in ranked)]),
        ]
    _show(table, columns, rows, inputs)


TAB_KEYS = {
    "sheet": phrase("Sheet"),
    "board": phrase("Board"),
    "turns": phrase("Turns"),
    "why": phrase("Why"),
    "log": phrase("Log"),
}
"""The tabs by their key's word, named (`tr`) where they are shown."""
TAB_EDGES = 2
"""Columns a tab takes beyond its label (a space each side)."""


def tab_label(key: str, label: str) -> str:
    """A tab's name with its key: "Sheet (s)"."""
    return f"{label} ({key[0]})"


def tabs_width() -> int:
    """Columns the five tabs take named with their keys."""
    return sum(len(tab_label(key, tr(label))) + TAB_EDGES for key, label in TAB_KEYS.items())
