"""A change to a long log wraps and draws only the lines it changed (issue 44): a new entry wraps
its own lines, an undo wraps none again, a moved mark redraws only the two entries it leaves and
reaches. Counted by the calls for a line of the log's content (`render_line`) and for an entry's
wrapped lines (`_lines`, each line not kept drawn): behaviour, not timing."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from textual.app import App, ComposeResult
from textual.pilot import Pilot

from companion.session import Session
from companion.six_sojourns.actions import AdjustCoins
from companion.six_sojourns.game import SIX_SOJOURNS
from companion.six_sojourns.setup import SojournsSetup
from widgets.play.action_log import ActionLog, history_lines


class LogHost(App[None]):
    CSS_PATH = "../../widgets/companion.tcss"  # the log's border and gutter, as in the games

    def compose(self) -> ComposeResult:
        yield ActionLog(id="log")


def long_game(actions: int) -> Session:
    game = Session(SIX_SOJOURNS, SojournsSetup(players=("Ana", "Ben")))
    for number in range(actions):
        game.do(AdjustCoins("Ana" if number % 2 else "Ben", 1 + number % 3))
    return game


class Counted:
    """Counts the calls to one of the log's methods (wrapped on the instance)."""

    def __init__(self, log: ActionLog, name: str) -> None:
        self.calls: list[Any] = []
        method: Callable[[int], Any] = getattr(log, name)

        def counted(arg: int) -> Any:
            self.calls.append(arg)
            return method(arg)

        setattr(log, name, counted)


def shown(log: ActionLog) -> list[str]:
    """The text of the view as drawn now."""
    return [log.render_line(y).text.rstrip() for y in range(log.scrollable_content_region.height)]


async def open_long_log(pilot: Pilot[None], game: Session) -> tuple[ActionLog, Counted, Counted]:
    log = pilot.app.query_one(ActionLog)
    log.show(game.steps)
    await pilot.pause()
    assert log.scroll_y == log.max_scroll_y > 0
    return log, Counted(log, "render_line"), Counted(log, "_lines")


async def test_a_new_entry_draws_only_its_own_lines() -> None:
    """24 columns: each entry wraps to two lines; the new entry's two are the only ones drawn."""
    game = long_game(300)
    app = LogHost()
    async with app.run_test(size=(24, 14)) as pilot:
        log, rows, wrapped = await open_long_log(pilot, game)
        height = log.scrollable_content_region.height
        for number in range(301, 306):
            rows.calls.clear(), wrapped.calls.clear()
            game.do(AdjustCoins("Ana", 2))
            log.show(game.steps)
            await pilot.pause()
            new_lines = log._ends[-1] - log.entry_top(number - 1)
            assert new_lines == 2
            assert wrapped.calls == [number - 1] * new_lines  # the new entry's lines, no other
            assert log.scroll_y == log.max_scroll_y
        assert log.virtual_size.height == 610
        width = log.scrollable_content_region.width
        assert shown(log) == history_lines(game.history, width, app.console)[-height:]


async def test_an_undo_wraps_no_line_again() -> None:
    game = long_game(300)
    app = LogHost()
    async with app.run_test(size=(40, 14)) as pilot:
        log, rows, wrapped = await open_long_log(pilot, game)
        for number in range(3):  # the top lines leave the view, to come back at the undos
            game.do(AdjustCoins("Ana", 1 + number))
            log.show(game.steps)
            await pilot.pause()
        for _ in range(3):
            rows.calls.clear(), wrapped.calls.clear()
            game.undo()
            log.show(game.steps)
            await pilot.pause()
            assert wrapped.calls == []  # kept wrapped from when it was first on screen
        width = log.scrollable_content_region.width
        height = log.scrollable_content_region.height
        assert shown(log) == history_lines(game.history, width, app.console)[-height:]


async def test_a_moved_mark_draws_only_the_entries_it_leaves_and_reaches() -> None:
    game = long_game(300)
    app = LogHost()
    async with app.run_test(size=(40, 14)) as pilot:
        log, rows, _wrapped = await open_long_log(pilot, game)
        assert log.has_focus  # the one thing to focus
        await pilot.press("end")  # the newest entry marked
        await pilot.pause()
        assert log.marked == 299
        height = log.scrollable_content_region.height
        rows.calls.clear()
        await pilot.press("up")
        await pilot.pause()
        assert log.marked == 298
        assert sorted(rows.calls) == [height - 2, height - 1]


async def test_a_5000_entry_log_opens_at_its_newest_entry() -> None:
    game = long_game(5000)
    app = LogHost()
    async with app.run_test(size=(40, 14)) as pilot:
        log = app.query_one(ActionLog)
        log.show(game.steps)
        await pilot.pause()
        height = log.scrollable_content_region.height
        assert log.virtual_size.height == 5000
        assert log.scroll_y == log.max_scroll_y == 5000 - height
        assert shown(log)[-1] == f"5000. {game.history[-1]}"
        assert [line.split(".")[0] for line in shown(log)] == [
            str(number) for number in range(5001 - height, 5001)
        ]
        drawn = [index for index, lines in enumerate(log._wrapped) if lines is not None]
        assert min(drawn) >= 5000 - height  # only the entries on screen were wrapped


async def screen_of(game: Session, size: tuple[int, int], steps: int) -> list[str]:
    """The screen of a log opened at the game's first `steps` steps."""
    app = LogHost()
    async with app.run_test(size=size) as pilot:
        log = app.query_one(ActionLog)
        log.show(game.steps[:steps])
        await pilot.pause()
        return screen(app)


def screen(app: App[None]) -> list[str]:
    """The screen as an SVG's elements, each on a line (the SVG's id is left out)."""
    svg = re.sub(r"terminal-\d+", "terminal", app.export_screenshot(title="log"))
    return svg.replace("><", ">\n<").splitlines()


async def test_a_log_changed_step_by_step_looks_as_one_opened_at_its_history() -> None:
    """Rows moved as they were drawn and a scrollbar drawn only when its thumb moves leave the
    screen exactly as a log drawn afresh: a log growing from fitting its box to scrolling, its
    thumb shrinking, then undone back across the same lines."""
    game = long_game(60)
    size = (40, 14)
    app = LogHost()
    async with app.run_test(size=size) as pilot:
        log = app.query_one(ActionLog)
        for steps in [*range(1, 61), *range(59, 5, -1)]:
            log.show(game.steps[:steps])
            await pilot.pause()
            if steps in (8, 12, 13, 30, 60, 40, 11, 6):  # fits, scrolls, fits again
                assert screen(app) == await screen_of(game, size, steps), steps
