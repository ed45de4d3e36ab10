"""Two questions as a phone of 40 columns shows them: each answer a whole button naming its key,
two to a row or one under the other."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.cavendish.actions import ChooseLocation, LoseAzrak
from tests.cavendish.conftest import setup_for
from tests.support.samples import install_sample
from tests.support.waiting import pause_until
from widgets.cavendish.dialogs import BrokenLinkDialog
from widgets.sojourn.dialogs import SideDialog

PHONE = (40, 40)


class TestQuestionsOnAPhone:
    def test_a_broken_link(self, snap_compare: Any, make_test_app: Any) -> None:
        """Amy spent her last Azrak: free or paid update, lose control, or undo."""

        def start(app: Any) -> None:
            saved = app.start_game("cavendish", setup_for(4), "Four agents")
            saved.session.do(ChooseLocation("A"))
            amy = saved.session.state.agents[saved.session.state.index("Amy")]
            saved.session.do(LoseAzrak("Amy", amy.pool))

        async def asked(pilot: Any) -> None:
            app = pilot.app
            await pause_until(pilot, lambda: app.screen.is_mounted)
            if not isinstance(app.screen, BrokenLinkDialog):
                await app.push_screen(BrokenLinkDialog(app.screen.state))
            await pause_until(pilot, lambda: isinstance(app.screen, BrokenLinkDialog))
            await pilot.pause()

        app = make_test_app(start=start)
        assert snap_compare(app, run_before=asked, terminal_size=PHONE)

    def test_a_sojourn_side(
        self, snap_compare: Any, make_test_app: Any, companion_home: Path
    ) -> None:
        """The sample waits for the side of its new destination: left, right or later."""
        save_id = install_sample(companion_home, "sojourn")

        async def asked(pilot: Any) -> None:
            await pause_until(pilot, lambda: isinstance(pilot.app.screen, SideDialog))
            await pilot.pause()

        app = make_test_app(start=lambda app: app.open_saved(save_id))
        assert snap_compare(app, run_before=asked, terminal_size=PHONE)
