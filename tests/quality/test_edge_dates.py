"""Dates at the edges of the calendar, with the largest offsets TOML allows.

A date with an offset is read in UTC (issue 20): the last instants UTC holds at each end of the
calendar (0001-01-01 00:00 UTC, written with +23:59 as 0001-01-01T23:59:00+23:59; 9999-12-31
23:59 UTC, written with -23:59) are shown all the same, even where local time cannot hold them;
one past them (0001-01-01T00:00:00+23:59 is year 0 in UTC) has no UTC time: its file is
unreadable, with the reason, and nothing fails later.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from companion import cli
from saves.games.store import SaveStore
from tests.support.samples import install_sample
from widgets.dice.tray import DiceTray
from widgets.shell.home import HomeScreen

EDGES = ["0001-01-01T23:59:00+23:59", "9999-12-31T00:00:00-23:59"]
IN_UTC = ["0001-01-01T00:00:00+00:00", "9999-12-31T23:59:00+00:00"]
PAST_THE_EDGES = ["0001-01-01T00:00:00+23:59", "9999-12-31T23:59:59-23:59"]


def edge_saves(home: Path, dates: list[str]) -> list[str]:
    """The Cavendish and Sojourn samples, created and last played at the two `dates`."""
    ids = []
    for game_id, when in zip(["cavendish", "sojourn"], dates, strict=True):
        save_id = install_sample(home, game_id)
        path = home / "games" / f"{save_id}.toml"
        text = re.sub(r"(?m)^(created|updated) = .*$", rf"\1 = {when}", path.read_text("utf-8"))
        path.write_text(text, "utf-8")
        ids.append(save_id)
    return ids


async def test_home_and_dice_tray_show_edge_dates(make_test_app: Any, companion_home: Path) -> None:
    ids = edge_saves(companion_home, EDGES)
    rolls = "\n".join(
        f'[[rolls]]\nat = {when}\nexpression = "d6"\nfaces = [3]\ntotal = 3\nsource = "app"\n'
        for when in EDGES
    )
    (companion_home / "rolls.toml").write_text(f"format = 1\n{rolls}", "utf-8")
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert sorted(entry.id for entry in app.screen.entries) == sorted(ids)
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, DiceTray)
        await pilot.press("escape", "escape")  # the faces field, then the tray
        assert app.open_saved(ids[0])
        await pilot.pause()
    assert app.return_code in (None, 0)


@pytest.mark.parametrize("command", [["list"], ["list", "--json"], ["show"], ["show", "--json"]])
def test_list_and_show_edge_dates(
    capsys: pytest.CaptureFixture[str], companion_home: Path, command: list[str]
) -> None:
    ids = edge_saves(companion_home, EDGES)
    for save_id in ids if command[0] == "show" else [""]:
        args = [command[0], save_id, *command[1:]] if save_id else command
        assert cli.main(args) == 0
        out = capsys.readouterr().out
        if "--json" in command:
            dates = re.findall(r'"updated": "([^"]+)"', out)
            assert dates and set(dates) <= set(IN_UTC)
            json.loads(out)


def test_a_date_with_no_utc_time_is_unreadable_with_the_reason(
    capsys: pytest.CaptureFixture[str], companion_home: Path
) -> None:
    ids = edge_saves(companion_home, PAST_THE_EDGES)
    entries, unreadable = SaveStore(companion_home).listing()
    assert entries == [] and len(unreadable) == 2
    assert all("out of range in UTC" in bad.reason for bad in unreadable)
    for save_id in ids:
        assert cli.main(["show", save_id]) == 2
        assert "out of range in UTC" in capsys.readouterr().err
