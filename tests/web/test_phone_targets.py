"""On a portrait phone (390x844 in Chromium's mobile emulation) the play screen's main actions
for the phase are buttons at least 44 CSS px tall (Apple's and Google's smallest tap target),
one tap away, and a tap on a button's top edge does what its key does.

Run with `pytest -n 0 -m browser tests/web` (see test_browser.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.cavendish.actions import ChooseLocation
from companion.cavendish.model import CavendishSetup, Seat
from companion.registry import get_game
from saves.games.store import SaveStore
from tests.cavendish.conftest import CARDS
from tests.conftest import fixed_clock
from tests.support.saving import record_played
from tests.web.browser import PHONE, START_SECONDS, Tab, served

pytestmark = pytest.mark.browser

TAP_TARGET = 44
"""The smallest tap target Apple's and Google's guidelines allow, in CSS px."""
MAIN_ACTIONS = ("Explore (x)", "Test (t)", "Next phase (n)")
"""The Discovery phase's buttons."""

ROWS = """
const rows = Array.from(document.querySelectorAll('.xterm-rows > div'));
return rows.map(function (row) {
  const box = row.getBoundingClientRect();
  return [row.textContent.replace(/\\u00a0/g, ' '), box.left, box.top, box.width, box.height];
});
"""
"""Each terminal row's text and its box on the page, in CSS px."""


def mission(home: Path) -> None:
    """Three agents at their first location: the Discovery phase."""
    game = get_game("cavendish")
    assert game is not None
    store = SaveStore(home, fixed_clock)
    seats = (Seat("Amy", "Ana"), Seat("Anton", "Ben"), Seat("Doug", "Cy"))
    setup = CavendishSetup(players=("Ana", "Ben", "Cy"), seats=seats, cards=CARDS)
    saved = store.create(game, setup, "Three agents")
    saved.session.do(ChooseLocation("A"))
    record_played(store, saved)


def target(rows: list[list[Any]], label: str) -> tuple[float, float, float]:
    """The button named `label`: the x of its label's middle, and the top and bottom of the
    three rows it takes (its edge, its label, its edge)."""
    for number, (text, left, _top, width, _height) in enumerate(rows):
        column = text.find(label)
        if column >= 0 and 0 < number < len(rows) - 1:
            cell = width / len(text)
            x = left + (column + len(label) / 2) * cell
            above, below = rows[number - 1], rows[number + 1]
            assert "▔" in above[0][column : column + len(label)], above[0]  # its top edge
            assert "▁" in below[0][column : column + len(label)], below[0]  # its bottom edge
            return x, above[2], below[2] + below[4]
    raise AssertionError(f"no {label!r} on the screen:\n" + "\n".join(row[0] for row in rows))


def tap(tab: Tab, x: float, y: float) -> None:
    """A finger's tap at (x, y) CSS px, as the phone's touch screen sends it: the browser
    makes it the mouse press and release the terminal passes on."""
    touch = "Input.dispatchTouchEvent"
    tab.driver.execute_cdp_cmd(touch, {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    tab.driver.execute_cdp_cmd(touch, {"type": "touchEnd", "touchPoints": []})


def test_a_phone_taps_the_phase_main_actions_on_targets_44_px_tall(
    tabs: Any, companion_home: Path
) -> None:
    mission(companion_home)
    with served(companion_home, "--host", "0.0.0.0") as (_server, url):
        phone = tabs.new("phone", PHONE)
        phone.open(url)
        phone.wait_for(lambda shown: "Three agents" in shown, START_SECONDS, "the saved games")
        phone.press("r")
        phone.wait_for(
            lambda shown: all(label in shown for label in MAIN_ACTIONS), START_SECONDS, "buttons"
        )
        rows = phone.script(ROWS)
        for label in MAIN_ACTIONS:
            _x, top, bottom = target(rows, label)
            assert bottom - top >= TAP_TARGET, (label, bottom - top)

        x, top, _bottom = target(rows, "Explore (x)")
        tap(phone, x, top + 2)  # the button's top edge: the whole button is the target
        phone.wait_for(lambda shown: "explored" in shown, what="the log's Explore line")

        x, top, bottom = target(phone.script(ROWS), "Next phase (n)")
        tap(phone, x, (top + bottom) / 2)
        phone.wait_for(lambda shown: "Between Locations" in shown, what="the next phase")
