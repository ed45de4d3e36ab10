"""How the line of who is at the table looks with devices present and one dropped: on a
Cavendish play screen from a phone (44x43) to 120x40, and on the table display at 80x24 and
upright on a tablet (40x46)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from saves.paths import locks_dir
from saves.shared.attendance import Attending, attendance_name
from saves.shared.presence import Presence, parse_presence, presence_document, presence_path
from tests.conftest import FIXED_NOW
from tests.support.samples import install_sample
from tests.support.snapshots import Size, size_sets
from tests.support.waiting import pause_until
from widgets.play.at_the_table import AtTheTable
from widgets.play.game_screen import GameScreen
from widgets.table_view.display import TableDisplayApp

SIZES = size_sets([(44, 43), (80, 24), (120, 40)])
AGENTS = ["Amy", "Anton", "Doug"]
DROPPED = "tben000000003-4444"
"""Ben's terminal, seated as Anton, that dropped 4 seconds before the picture."""


@pytest.fixture
def mission(companion_home: Path) -> Iterator[str]:
    """The sample mission: Ana's browser seated as Amy, a laptop's terminal where nobody sits,
    and Ben's terminal (Anton) gone 4 seconds ago."""
    save_id = install_sample(companion_home, "cavendish")
    ana = Presence(companion_home, save_id, "bana000000001", process=4242)
    ana.sit("Amy", AGENTS)
    others = [
        Attending(companion_home, save_id, "browser", "bana000000001", process=4242),
        Attending(companion_home, save_id, "terminal", "tlaptop000002", process=4343),
    ]
    for other in others:
        assert other.join() is None
    yield save_id
    for other in others:
        other.leave()
    ana.release()


def drop_ben(home: Path, save_id: str) -> None:
    """Ben's terminal went without a word: its file gone 4 seconds ago, its seat still listed
    (nobody changed the seats since)."""
    gone = locks_dir(home) / attendance_name(save_id, "terminal", DROPPED, ".gone")
    gone.touch()
    went = FIXED_NOW.timestamp() - 4
    os.utime(gone, (went, went))
    path = presence_path(home, save_id)
    listed = parse_presence(path, path.read_bytes())
    path.write_text(presence_document({**listed, DROPPED: "Anton"}))


async def shown_on_the_play_screen(pilot: Any) -> None:
    await pause_until(pilot, lambda: isinstance(pilot.app.screen, GameScreen))
    screen = pilot.app.screen
    assert screen.seats.sit("Doug")
    drop_ben(screen.companion.store.home, screen.saved.id)
    screen.seats.follow()
    await pause_until(pilot, lambda: "gone" in str(screen.query_one(AtTheTable).render()))
    pilot.app.clear_notifications()  # ("Doug sits at this device.": its timing is not drawn)
    await pilot.pause()


@pytest.mark.parametrize("sizes", SIZES)
def test_devices_at_the_table_on_a_play_screen(
    snap_sizes: Any, make_test_app: Callable[..., Any], mission: str, sizes: list[Size]
) -> None:
    app = make_test_app(start=lambda app: app.open_saved(mission))
    assert snap_sizes(app, sizes, run_before=shown_on_the_play_screen) == []


@pytest.mark.parametrize("sizes", size_sets([(80, 24), (40, 46)]))
def test_devices_at_the_table_on_the_table_display(
    snap_sizes: Any,
    make_test_app: Callable[..., Any],
    companion_home: Path,
    mission: str,
    sizes: list[Size],
) -> None:
    drop_ben(companion_home, mission)

    async def shown(pilot: Any) -> None:
        def dropped() -> bool:
            lines = pilot.app.screen.query(AtTheTable)
            return any("gone" in str(line.render()) for line in lines)

        await pause_until(pilot, dropped)
        await pilot.pause()

    app = make_test_app(app_class=TableDisplayApp)
    assert snap_sizes(app, sizes, run_before=shown) == []
