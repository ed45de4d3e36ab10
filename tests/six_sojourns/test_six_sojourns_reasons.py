"""Every point's reason under the sheet, drawn line by line (issue 44): a change draws only the
reasons' lines it changes and lays nothing out, and the panel reads as the points say."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.geometry import Region
from textual.widget import Widget

from companion.six_sojourns.actions import EnterCount
from companion.six_sojourns.game import game_score
from tests.support.samples import install_sample
from tests.support.waiting import pause_until
from widgets.six_sojourns.play import SojournsScreen
from widgets.six_sojourns.reasons import ReasonsPanel


async def test_a_change_draws_only_the_reasons_it_changes_and_lays_nothing_out(
    make_test_app: Any, companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save_id = install_sample(companion_home, "six-sojourns")
    app = make_test_app(start=lambda app: app.open_saved(save_id))
    async with app.run_test(size=(120, 40)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, SojournsScreen))
        screen = app.screen
        assert isinstance(screen, SojournsScreen)
        panel = screen.query_one("#ss-sheet-reasons", ReasonsPanel)
        await pause_until(pilot, lambda: bool(panel.plain_lines))
        before = panel.plain_lines
        asked: list[tuple[Widget, tuple[Region, ...], bool]] = []
        refresh = Widget.refresh

        def noted(widget: Widget, *regions: Region, **how: Any) -> Any:
            asked.append((widget, regions, bool(how.get("layout"))))
            return refresh(widget, *regions, **how)

        monkeypatch.setattr(Widget, "refresh", noted)
        player = screen.game.sheet.players[0].name
        assert screen.act(EnterCount(player, "cooking", 9))
        await pilot.pause()
        await pilot.pause()
        monkeypatch.undo()
        after = panel.plain_lines
        assert after != before
        for line in game_score(screen.game).lines:  # every point's reason, as the points say
            assert f"{line.player} {line.points:+d} {line.reason}" in after
        mine = [(regions, layout) for widget, regions, layout in asked if widget is panel.view]
        assert mine and all(regions for regions, _layout in mine)  # the changed rows only
        rows = {y for regions, _layout in mine for region in regions for y in region.line_range}
        top = panel.view.top
        changed = {
            y
            for y in range(panel.view.height)
            if (before[top + y : top + y + 1] or [""]) != (after[top + y : top + y + 1] or [""])
        }
        assert rows <= changed | {y for y in range(panel.view.height) if y >= len(after) - top}
        assert not [
            widget for widget, _regions, layout in asked if layout and widget in (panel, panel.view)
        ]
