"""Time Bastards at the table: the clock's hour of the game, whose turn, and the timelines."""

from __future__ import annotations

from rich.text import Text

from companion.time_bastards.model import (
    ROMAN,
    TIMELINES,
    TimeBastardsState,
    deciding,
    held,
    lap,
    laps,
    name,
    pieces_of,
    rank,
    total_rounds,
)
from companion.time_bastards.result import explain
from lang import t
from widgets.table_view.figures import Figure, Group, TableContent
from widgets.time_bastards.board import HELD, OWNER_MARKS

CELLS = (4, 3, 2)
"""Columns a space of a timeline takes: 4 (15 spaces and the names fit in 80 columns), 3, or 2
on a phone (15 spaces in 40 columns), each piece still drawn with its mark and rank."""
LABELS = {4: 5, 3: 4, 2: 4}
"""Columns of a timeline's name at the start of its row, by the cell width."""


def headline(state: TimeBastardsState) -> str:
    """Whose turn and what they are deciding; the result once time has run out."""
    if state.finished:
        return t("Game over: {outcome}", outcome=explain(state).outcome)
    who = name(state, deciding(state))
    if state.bumped:
        return t("{player} decides where the bumped piece goes", player=who)
    if state.roll is not None:
        return t("{player}'s turn · rolled {roll}", player=who, roll=state.roll)
    return t("{player}'s turn", player=who)


def holdings(timelines: tuple[int, ...]) -> str:
    """The achievements held, by timeline: `held I ✓ III ✓`, or `none held`."""
    if not timelines:
        return t("none held")
    numerals = " ".join(
        f"{ROMAN[timeline]} {HELD}" for timeline in TIMELINES if timeline in timelines
    )
    return t("held {achievements}", achievements=numerals)


def clock_group(state: TimeBastardsState) -> Group:
    """The hour of the game (1-24 in a duel, 1-12 in co-op) and the lap it is on."""
    rounds = total_rounds(state.setup)
    hour = Figure(t("Hour of {rounds}", rounds=rounds), min(state.round, rounds))
    return Group(
        t("Clock"), (hour,), t("lap {lap} of {laps}", lap=lap(state), laps=laps(state.setup))
    )


def team_group(state: TimeBastardsState) -> Group:
    """Co-op: the achievements the team holds on its one scoring track."""
    figure = Figure(t("Achievements"), len(held(state, 0)))
    return Group(t("Team"), (figure,), holdings(held(state, 0)))


def player_group(state: TimeBastardsState, player: int) -> Group:
    """A traveller's mark and name, achievements (duel) and pieces on the board."""
    mark = OWNER_MARKS[player]
    figures = []
    if state.setup.mode == "duel":
        figures.append(Figure(t("Achievements"), len(held(state, player))))
    figures.append(Figure(t("On board"), len(pieces_of(state, player))))
    words = [holdings(held(state, player))] if state.setup.mode == "duel" else []
    if not state.finished and player == deciding(state):
        words.insert(0, t("▶ turn"))
    return Group(f"{mark} {name(state, player)}", tuple(figures), " · ".join(words))


def time_header(length: int, cell: int) -> Text:
    """The row of times over the spaces: every time in wide cells; in compact ones every
    other time, so that two-digit times stand apart (`0 2 4 ... 14`)."""
    word = t("time")
    shown = word if cell > 2 and len(word) <= LABELS[cell] else ""  # a longer word: no heading
    text = Text(shown.ljust(LABELS[cell]), style="dim")
    times = range(0, length, 1 if cell > 2 else 2)
    for time in times:
        text.append(str(time).center(cell) if cell > 2 else str(time).ljust(2 * cell), style="dim")
    text.rstrip()
    return text


def cell_of(state: TimeBastardsState, timeline: int, time: int) -> Text:
    """A space: each piece on it as its owner's mark in their colour, and, when it is alone
    there, its rank by age among its owner's pieces; a dot when empty."""
    here = [p for p in state.pieces if p.timeline == timeline and p.position == time]
    if not here:
        return Text("·", style="dim")
    cell = Text()
    for found in sorted(here, key=lambda p: p.age):
        label = OWNER_MARKS[found.owner]
        if len(here) == 1:
            label += str(rank(state, found))
        colour = state.setup.players[found.owner].colour
        cell.append(label, style=f"bold {colour}")
    return cell


def timelines(state: TimeBastardsState, cell: int = CELLS[0]) -> Text:
    """Timelines I-IV, the start (time 0) on the left, `cell` columns a space; a blank row
    between timelines. A space with more pieces than its cell holds widens (never cut)."""
    length = state.setup.timeline_length
    text = time_header(length, cell)
    for timeline in TIMELINES:
        text.append("\n\n")
        text.append(ROMAN[timeline].ljust(LABELS[cell]), style="bold")
        for time in range(length):
            drawn = cell_of(state, timeline, time)
            pad = max(0, cell - drawn.cell_len)
            left = pad // 2 if cell > 2 else 0
            text.append(" " * left)
            text.append_text(drawn)
            text.append(" " * (pad - left))
    return text


def table(state: TimeBastardsState) -> TableContent:
    """The clock (and in co-op the team), each traveller, then the timelines."""
    shared = [clock_group(state)]
    if state.setup.mode == "coop":
        shared.append(team_group(state))
    players = [player_group(state, index) for index in range(len(state.setup.players))]
    return TableContent(
        headline(state),
        (*shared, *players),
        tuple(timelines(state, cell) for cell in CELLS),
        t("Timelines · 1 = oldest piece"),
    )
