"""The table display as a terminal app (`/table/terminal`) in Chromium: on a portrait phone
(390x844), a landscape tablet (1280x800) and a 1920x1080 television the page takes the largest type
at which the fullest view (four Cavendish agents; a 15-space Time Bastards duel) fits whole, so
every box is on screen at once, closed top and bottom, with every number's label in it: no number is
cut. Then no key pressed on it changes a game, whatever is pressed.

The page sizes its type once, as it loads, from the screen alone (the same for every game), so
each device loads the page once: it shows the Cavendish mission, then follows to the Time
Bastards duel started after it, as a display does when a newer game starts at the table.

Run with `pytest -n 0 -m browser tests/web` (see test_browser.py)."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest

from companion.registry import get_game
from saves.games.store import SaveStore
from tests.table_view.table_view_helpers import WORST_CASES
from tests.web.browser import PHONE, START_SECONDS, TABLET, Device, OpenTabs, Tab, served
from tests.web.test_phone import SOCKET_STATE, page_until
from widgets.table_view.view import content_for

pytestmark = pytest.mark.browser

TELEVISION = Device(
    1920,
    1080,
    1.0,
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/126.0 Safari/537.36",
)
DEVICES = {"phone": PHONE, "tablet": TABLET, "television": TELEVISION}
CASES = ("cavendish", "time-bastards")
"""The fullest views, in the order their games start: each newer one is followed to."""
SIZE = "return window.companionSocket.size;"
EVERY_KEY = [
    *"abcdefghijklmnopqrstuvwxyz",
    *"ABCDEFGHIJKLMNOPQRSTUVWXYZ",
    *"0123456789",
    *"!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~ ",
    "enter",
    "tab",
    "escape",
]


def whole(text: str, titles: list[str], labels: list[str], boxes: int) -> bool:
    """Every box on screen, closed top and bottom, every title and every figure's label shown."""
    closed = text.count("╭") == text.count("╰") == boxes
    named = all(title in text for title in titles)
    return closed and named and all(text.count(label) >= labels.count(label) for label in labels)


def start_fullest(home: Path, case: str) -> tuple[Path, list[str], list[str], int]:
    """Start the game of the fullest view `case`: its file, and the titles, the labels and the
    number of boxes a whole view shows."""
    game = get_game(case)
    assert game is not None
    store = SaveStore(home)
    saved = store.create(game, WORST_CASES[case], "Fullest")
    content = content_for(case, game.title, saved.session.state)
    titles = [word for group in content.groups for word in group.title.split()]
    labels = [figure.label for group in content.groups for figure in group.figures]
    boxes = len(content.groups) + bool(content.boards)
    return store.path_for(saved.id), titles, labels, boxes


def assert_largest_type_that_fits(device: Device, size: dict[str, int]) -> None:
    landscape = device.width >= device.height
    columns, rows = (80, 24) if landscape else (40, 46)
    assert size["width"] >= columns and size["height"] >= rows
    # as large as fits: the type is sized by one side, which has at most a few cells more
    assert min(size["width"] / columns, size["height"] / rows) < 1.2, size


def test_the_fullest_view_is_whole_on_every_screen_in_the_largest_type_and_no_key_changes_it(
    tabs: OpenTabs, companion_home: Path
) -> None:
    files: dict[Path, bytes] = {}
    with served(companion_home, "--host", "0.0.0.0") as (_server, url):
        pages: dict[str, Tab] = {}
        for case in CASES:
            save, titles, labels, boxes = start_fullest(companion_home, case)
            files[save] = save.read_bytes()
            if not pages:
                for device in DEVICES:
                    pages[device] = tabs.new(device, DEVICES[device])
                    pages[device].open(url.replace("/s/", "/t/"))  # the key: the cookie
                    pages[device].open(url.split("/s/")[0] + "/table/terminal")
            for device, tab in pages.items():
                tab.wait_for(
                    partial(whole, titles=titles, labels=labels, boxes=boxes),
                    START_SECONDS,
                    f"every box of the {case} view whole: {titles}",
                )
                assert_largest_type_that_fits(DEVICES[device], tab.script(SIZE))

        # the table display on a tablet, pressed with every key, changes no game
        tablet = pages["tablet"]
        tablet.wait_for(lambda shown: "Table view" in shown, START_SECONDS, "the table view")
        _opened, _first, size = tablet.script(SOCKET_STATE)
        assert size["width"] >= 80  # the fullest view whole, in large type
        tablet.press(*EVERY_KEY)
        tablet.press("escape", "enter", "m", "u", "r")
        resized = {"width": 1280, "height": 600, "deviceScaleFactor": 2, "mobile": True}
        tablet.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", resized)
        page_until(tablet, f"window.companionSocket.size.height < {size['height']}", "refit")
        resized_at = tablet.script("return Date.now();")
        page_until(tablet, f"window.companionSocket.heard > {resized_at}", "the app's redraw")
        # the app takes its input in order: it redrew at the new size after every key, and a
        # change would have been saved at once
        assert {save: save.read_bytes() for save in files} == files  # as started
