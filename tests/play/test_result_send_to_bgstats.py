"""Send to BG Stats from every device (issue 42): on the result screen `o` is a key the footer
shows at 80 columns, and on a phone (the device that has BG Stats) a button that does what the
key does: the push link opened in a browser, else its QR code shown to scan."""

from __future__ import annotations

from typing import Any

from companion.history.push import PUSH_LINK
from companion.session import Session
from companion.time_bastards.game import TIME_BASTARDS
from companion.time_bastards.model import LeavePieces, RollD6
from tests.support.waiting import pause_until
from tests.time_bastards.test_time_bastards_snapshots import MIDGAME, SETUP, playing
from widgets.kit.main_actions import ActionButton
from widgets.play.result import ResultScreen
from widgets.shell.chrome import FooterKey
from widgets.stats.push import PushLinkScreen


def to_the_end() -> list[Any]:
    """A duel played to the clock's end: every turn a 6 that moves nothing."""
    session = Session(TIME_BASTARDS, SETUP, MIDGAME)
    while not session.state.finished:
        player = session.state.turn
        session.do(RollD6(player, 6))
        session.do(LeavePieces(player))
    return session.actions


async def open_result(pilot: Any) -> ResultScreen:
    app = pilot.app
    await pause_until(pilot, lambda: bool(app.screen.query(FooterKey)))
    await pilot.press("R")
    await pause_until(pilot, lambda: isinstance(app.screen, ResultScreen))
    screen = app.screen
    assert isinstance(screen, ResultScreen)
    return screen


async def test_the_footer_shows_send_to_bgstats_at_80_columns(make_test_app: Any) -> None:
    app = make_test_app(start=playing(to_the_end()))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_result(pilot)
        await pause_until(pilot, lambda: bool(screen.query(FooterKey)))
        shown = {key.description: key for key in screen.query(FooterKey)}
        assert "Send to BG Stats" in shown and shown["Send to BG Stats"].key == "o"
        key = shown["Send to BG Stats"]
        assert key.region.right <= screen.size.width  # whole, not cut
        assert not screen.query(ActionButton)  # no button at 80 columns: the key is enough


async def test_a_phone_has_a_send_to_bgstats_button_that_does_what_o_does(
    make_test_app: Any,
) -> None:
    app = make_test_app(start=playing(to_the_end()))
    async with app.run_test(size=(44, 43)) as pilot:
        screen = await open_result(pilot)
        await pause_until(pilot, lambda: bool(screen.query(ActionButton)))
        button = screen.query_one(ActionButton)
        assert str(button.label) == "Send to BG Stats (o)"
        assert button.region.bottom <= screen.size.height  # on screen, above the footer
        await pilot.click(button)
        await pause_until(pilot, lambda: isinstance(app.screen, PushLinkScreen))
        shown = app.screen
        assert isinstance(shown, PushLinkScreen) and shown.link.startswith(PUSH_LINK)
        await pilot.press("escape")
        await pause_until(pilot, lambda: app.screen is screen)
        await pilot.press("o")  # the key: the same link
        await pause_until(pilot, lambda: isinstance(app.screen, PushLinkScreen))
        assert isinstance(app.screen, PushLinkScreen) and app.screen.link == shown.link


class TestResultOnAPhone:
    def test_send_to_bgstats_button(self, snap_compare: Any, make_test_app: Any) -> None:
        """The result at 44x43: the button above the footer, the result above it."""
        app = make_test_app(start=playing(to_the_end()))

        async def to_the_result(pilot: Any) -> None:
            screen = await open_result(pilot)
            await pause_until(pilot, lambda: bool(screen.query(ActionButton)))
            await pilot.pause()

        assert snap_compare(app, terminal_size=(44, 43), run_before=to_the_result)
