"""Send to BG Stats (`o`) on the plays list: in a terminal the push link's QR code, full screen;
in a browser the link opened on the device that asked, as the BG Stats file (`b`) is delivered
there. The result screen's `o` is with the end of a game, in test_bgstats_screens."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import segno
from textual.widgets import DataTable

from tests.stats.test_bgstats_screens import cells, open_plays, pushed, write_plays
from widgets.stats.plays import PlaysScreen
from widgets.stats.push import BORDER, PushLinkScreen


def highlight_the_cavendish_play(screen: PlaysScreen) -> None:
    row = next(i for i, r in enumerate(cells(screen)) if "Cavendish" in " ".join(r))
    screen.query_one("#plays-table", DataTable).move_cursor(row=row)


async def test_in_a_terminal_the_play_is_shown_as_the_qr_code_of_its_push_link(
    make_test_app: Any, companion_home: Path
) -> None:
    write_plays(companion_home)
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        highlight_the_cavendish_play(await open_plays(pilot))
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


async def test_in_a_browser_the_file_and_the_push_link_go_to_the_device_that_asks(
    make_test_app: Any, companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In a browser the BG Stats file (`b`) is delivered to the device that asks, nothing
    written here; the push link (`o`) is opened there, no QR code shown."""
    write_plays(companion_home)
    app = make_test_app()
    delivered: list[tuple[str, str | None]] = []
    opened: list[str] = []

    def deliver(file: Any, **options: Any) -> str:
        delivered.append((file.read(), options.get("save_filename")))
        return "key"

    monkeypatch.setattr(type(app), "is_web", property(lambda self: True))
    monkeypatch.setattr(app, "deliver_text", deliver)
    monkeypatch.setattr(app, "open_url", lambda url, **_options: opened.append(url))
    async with app.run_test(size=(80, 24)) as pilot:
        plays = await open_plays(pilot)
        await pilot.press("b")
        await pilot.pause()
        ((text, filename),) = delivered
        assert filename is not None and filename.endswith(".bgsplay")
        assert '"about": "A play file for Board Game Stats' in text
        assert not (companion_home / "exports").exists()
        highlight_the_cavendish_play(plays)
        await pilot.press("o")
        await pilot.pause()
        assert not isinstance(app.screen, PushLinkScreen)
    (link,) = opened
    assert pushed(link)["game"]["sourceGameId"] == "cavendish"
