"""The app on a folder of many saves it has never listed (no cache): no process is started
under Textual, and the home screen lists them all (worker processes crashed it: the resource
tracker they need cannot start with the app's standard streams)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from saves.listing.pool import MIN_SAVES
from tests.support.samples import SAMPLES
from widgets.shell.home import HomeScreen


def many_saves(home: Path, count: int) -> None:
    folder = home / "games"
    folder.mkdir(parents=True)
    sample = (SAMPLES / "time-bastards.toml").read_text("utf-8")
    for number in range(count):
        save_id = f"duel-{number:04d}"
        text = sample.replace('id = "time-bastards"', f'id = "{save_id}"', 1)
        (folder / f"{save_id}.toml").write_text(text, "utf-8")


async def test_home_lists_a_cold_folder_of_many_saves(
    make_test_app: Any, companion_home: Path
) -> None:
    many_saves(companion_home, MIN_SAVES + 20)
    app = make_test_app()
    assert not app.store.workers
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert len(app.screen.entries) == MIN_SAVES + 20
