"""A log that grows past its box keeps showing its newest line, with a scrollbar as long as the
whole history, whether it has just begun to scroll or has long scrolled (its place on the screen
is kept without laying the screen out again)."""

from __future__ import annotations

from textual.app import App, ComposeResult

from companion.session import Session
from companion.six_sojourns.actions import AdjustCoins
from companion.six_sojourns.game import SIX_SOJOURNS
from companion.six_sojourns.setup import SojournsSetup
from widgets.play.action_log import ActionLog


class LogHost(App[None]):
    def compose(self) -> ComposeResult:
        yield ActionLog(id="log")


def bar_styles(log: ActionLog) -> set[object]:
    """The styles of the scrollbar's cells as drawn now: one with no thumb, more with one."""
    width = log.view.text_width
    return {
        segment.style
        for y in range(log.view.height)
        for segment in log.view.render_line(y).crop(width, width + log.view.bar_width)
    }


async def test_each_new_entry_is_drawn_at_the_bottom_and_counted_by_the_scrollbar() -> None:
    game = Session(SIX_SOJOURNS, SojournsSetup(players=("Ana", "Ben")))
    app = LogHost()
    async with app.run_test(size=(40, 8)) as pilot:
        log = app.query_one(ActionLog)
        for number in range(1, 25):
            game.do(AdjustCoins("Ana" if number % 2 else "Ben", number))
            log.show(game.steps)
            await pilot.pause()
            height = log.view.height
            bottom = min(number, height) - 1
            newest = f"{number}. {game.history[-1]}"
            assert log.view.render_line(bottom).text.strip() == newest
            assert log.line_count == number
            assert log.view.top == log.view.max_top
            assert (len(bar_styles(log)) > 1) == (number > height)  # a thumb once it scrolls


async def test_a_log_that_keeps_its_place_is_at_its_newest_entry_at_once() -> None:
    """Scrolled in the same frame that draws the entry (another window's action shows in the
    first frame after it, not one later)."""
    game = Session(SIX_SOJOURNS, SojournsSetup(players=("Ana", "Ben")))
    app = LogHost()
    async with app.run_test(size=(40, 8)) as pilot:
        log = app.query_one(ActionLog)
        for number in range(1, 20):
            game.do(AdjustCoins("Ana", number))
        log.show(game.steps)
        await pilot.pause()
        for number in range(20, 25):
            game.do(AdjustCoins("Ben", number))
            log.show(game.steps)  # no pause: what the next frame draws
            assert log.view.top == log.view.max_top == number - log.view.height
            bottom = log.view.height - 1
            assert log.view.render_line(bottom).text.strip() == f"{number}. {game.history[-1]}"
