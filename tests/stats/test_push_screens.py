"""Send to BG Stats (`o`) on the plays list and the result screen: in a terminal the push link's
QR code, full screen; in a browser the link opened on the device that asked."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest
import segno
from textual.widgets import DataTable

from companion.history.push import PUSH_LINK
from tests.history.games import cavendish_in_play
from tests.stats.test_bgstats_screens import cells, open_plays, write_plays
from widgets.play.result import ResultScreen
from widgets.stats.push import BORDER, PushLinkScreen


def pushed(link: str) -> Any:
    assert link.startswith(PUSH_LINK)
    return json.loads(unquote(link.removeprefix(PUSH_LINK)))


async def highlight_the_cavendish_play(pilot: Any) -> None:
    screen = await open_plays(pilot)
    row = next(i for i, r in enumerate(cells(screen)) if "Cavendish" in " ".join(r))
    screen.query_one("#plays-table", DataTable).move_cursor(row=row)


async def test_in_a_terminal_the_play_is_shown_as_the_qr_code_of_its_push_link(
    make_test_app: Any, companion_home: Path
) -> None:
    write_plays(companion_home)
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await highlight_the_cavendish_play(pilot)
        await pilot.press("o")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PushLinkScreen)
        data = pushed(screen.link)
        assert [player["name"] for player in data["players"]] == ["Ana", "Ben"]
        assert data["location"] == "Ana's kitchen" and data["durationMin"] == 95
        modules = segno.make(screen.link, error="l", micro=False).symbol_size(border=BORDER)[0]
        lines = screen.code.plain.splitlines()
        assert (len(lines[0]), len(lines)) == (modules, (modules + 1) // 2)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, PushLinkScreen)


async def test_in_a_browser_the_push_link_opens_on_the_device_that_asks(
    make_test_app: Any, companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_plays(companion_home)
    app = make_test_app()
    opened: list[str] = []
    monkeypatch.setattr(type(app), "is_web", property(lambda self: True))
    monkeypatch.setattr(app, "open_url", lambda url, **_options: opened.append(url))
    async with app.run_test(size=(80, 24)) as pilot:
        await highlight_the_cavendish_play(pilot)
        await pilot.press("o")
        await pilot.pause()
        assert not isinstance(app.screen, PushLinkScreen)
    (link,) = opened
    assert pushed(link)["game"]["sourceGameId"] == "cavendish"


async def test_the_result_screen_sends_the_play_just_ended(
    make_test_app: Any, companion_home: Path
) -> None:
    saved = cavendish_in_play(companion_home)
    app = make_test_app(start=lambda app: app.open_saved(saved.id))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("X", "y")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        await pilot.press("o")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PushLinkScreen)
        assert screen.save_id == saved.id
        assert pushed(screen.link)["game"]["cooperative"] is True
