"""The table display (`/table`) sized to its screen in Chromium: on a portrait phone (390x844), a
landscape tablet (1280x800) and a 1920x1080 television the page takes the largest type at which
the fullest view (four Cavendish agents; a 15-space Time Bastards duel) fits whole, so every box
is on screen at once, closed top and bottom, with every number's label in it: no number is cut.

Run with `pytest -n 0 -m browser tests/web` (see test_browser.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.registry import get_game
from saves.games.store import SaveStore
from tests.table_view.table_view_helpers import WORST_CASES
from tests.web.browser import PHONE, START_SECONDS, TABLET, Device, OpenTabs, served
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
SIZE = "return window.companionSocket.size;"


def whole(text: str, titles: list[str], labels: list[str], boxes: int) -> bool:
    """Every box on screen, closed top and bottom, every title and every figure's label shown."""
    closed = text.count("╭") == text.count("╰") == boxes
    named = all(title in text for title in titles)
    return closed and named and all(text.count(label) >= labels.count(label) for label in labels)


@pytest.mark.parametrize("case", ["cavendish", "time-bastards"])
@pytest.mark.parametrize("device", list(DEVICES))
def test_the_fullest_view_is_whole_on_every_screen_in_the_largest_type_that_fits(
    tabs: OpenTabs, companion_home: Path, device: str, case: str
) -> None:
    game = get_game(case)
    assert game is not None
    saved = SaveStore(companion_home).create(game, WORST_CASES[case], "Fullest")
    content = content_for(case, game.title, saved.session.state)
    titles = [word for group in content.groups for word in group.title.split()]
    labels = [figure.label for group in content.groups for figure in group.figures]
    boxes = len(content.groups) + bool(content.boards)
    with served(companion_home, "--host", "0.0.0.0") as (_server, url):
        tab = tabs.new(device, DEVICES[device])
        tab.open(url.replace("/s/", "/t/"))
        tab.wait_for(
            lambda shown: whole(shown, titles, labels, boxes),
            START_SECONDS,
            f"every box of the view whole: {titles}",
        )
        size = tab.script(SIZE)
    landscape = DEVICES[device].width >= DEVICES[device].height
    columns, rows = (80, 24) if landscape else (40, 46)
    assert size["width"] >= columns and size["height"] >= rows
    # as large as fits: the type is sized by one side, which has at most a few cells more
    assert min(size["width"] / columns, size["height"] / rows) < 1.2, size
