"""The Six Sojourns tabs on a phone: at 44 columns all five are whole, named without their keys
(the keys are in the footer and `?`); where the five fit with their keys, they have them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.widgets import TabbedContent

from tests.support.samples import install_sample
from tests.support.waiting import pause_until
from widgets.six_sojourns.play import SojournsScreen
from widgets.six_sojourns.tables import TAB_KEYS, tabs_width

WIDTHS = [(80, True), (tabs_width(), True), (44, False)]
"""A laptop's terminal, the narrowest where the five tabs fit with their keys, a phone's: each
reached by narrowing the terminal, widest first."""


async def test_every_tab_is_whole(make_test_app: Callable[..., Any], companion_home: Path) -> None:
    save_id = install_sample(companion_home, "six-sojourns")
    app = make_test_app(start=lambda app: app.open_saved(save_id))
    async with app.run_test(size=(WIDTHS[0][0], 30)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, SojournsScreen))
        await pilot.pause()
        tabs = app.screen.query_one("#ss-tabs", TabbedContent)
        for width, keyed in WIDTHS:
            if width != WIDTHS[0][0]:
                await pilot.resize_terminal(width, 30)
                await pilot.pause()
            for key, label in TAB_KEYS.items():
                tab = tabs.get_tab(key)
                wanted = f"{label} ({key[0]})" if keyed else label
                assert str(tab.label) == wanted
                assert tab.region.width >= len(wanted) and tab.region.right <= width, wanted
