"""The QR codes `companion serve` prints: explicit dark modules on a light quiet zone (never the
terminal's own colours), both codes side by side within 80x24 even for the longest address."""

from __future__ import annotations

import io
import re

import segno

from webserve.access import scan_address
from webserve.qr import (
    BORDER,
    DARK,
    GAP,
    LIGHT,
    modules,
    side_by_side,
    terminal_rows,
    visible_width,
)
from webserve.server import print_codes

LONGEST_HOST = "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"
LONGEST_TOKEN = "x" * 64
CELL = re.compile(r"\x1b\[38;5;(\d+);48;5;(\d+)m▀")


def decoded(lines: list[str]) -> list[list[bool]]:
    """The modules a terminal shows for drawn lines: each cell's upper and lower colour."""
    grid: list[list[bool]] = []
    for line in lines:
        cells = CELL.findall(line)
        assert len(cells) == visible_width(line)  # every cell has both colours set
        grid.append([int(top) == DARK for top, _ in cells])
        grid.append([int(bottom) == DARK for _, bottom in cells])
        assert {int(c) for pair in cells for c in pair} <= {DARK, LIGHT}
    return grid


def test_every_module_is_drawn_in_an_explicit_colour_and_reads_back_as_the_code() -> None:
    content = scan_address(LONGEST_HOST, 65535, LONGEST_TOKEN, "/table")
    grid = modules(content)
    shown = decoded(terminal_rows(grid))
    assert shown[: len(grid)] == grid
    assert len(shown) == len(grid) + len(grid) % 2
    assert not any(shown[-1])  # an odd last row gets a light lower half
    code = segno.make(content, error="l", micro=False, boost_error=True)
    assert grid == [[bool(m) for m in row] for row in code.matrix_iter(border=BORDER)]


def test_the_quiet_zone_is_light_all_round() -> None:
    grid = modules(scan_address(LONGEST_HOST, 65535, LONGEST_TOKEN))
    for row in (*grid[:BORDER], *grid[-BORDER:]):
        assert not any(row)
    for row in grid:
        assert not any(row[:BORDER]) and not any(row[-BORDER:])
    assert any(grid[BORDER])  # the finder pattern starts right inside it


def test_both_codes_of_the_longest_address_fit_side_by_side_in_80_columns() -> None:
    play = scan_address(LONGEST_HOST, 65535, LONGEST_TOKEN, "/")
    table = scan_address(LONGEST_HOST, 65535, LONGEST_TOKEN, "/table")
    rows = side_by_side([play, table])
    assert max(visible_width(row) for row in rows) <= 80
    out = io.StringIO()
    print_codes(LONGEST_HOST, 65535, LONGEST_TOKEN, out)
    printed = out.getvalue().splitlines()
    assert len(printed) <= 23  # a line to spare on an 80x24 terminal for the prompt
    assert all(visible_width(line) <= 80 for line in printed if "▀" in line)
    assert all(len(line) <= 80 for line in printed if "▀" not in line)
    assert f"  {play}" in printed and f"  {table}" in printed
    assert LONGEST_TOKEN not in out.getvalue()  # the codes carry a key derived from it


def test_the_two_codes_are_of_the_two_addresses_left_and_right() -> None:
    play = scan_address("192.168.1.20", 8000, "k" * 22, "/")
    table = scan_address("192.168.1.20", 8000, "k" * 22, "/table")
    assert play.startswith("http://192.168.1.20:8000/s/") and "/t/" in table
    halves = [row.split(GAP) for row in side_by_side([play, table])]
    assert all(len(parts) == 2 for parts in halves)
    for side, content in ((0, play), (1, table)):
        grid = modules(content)
        assert decoded([parts[side] for parts in halves])[: len(grid)] == grid
