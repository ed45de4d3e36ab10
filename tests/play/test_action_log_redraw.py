"""A change to a long log wraps and draws only the lines it changed (issue 44): a new entry wraps
and draws its own lines, and the rows it moves are found composed; an undo wraps none again; a
moved mark redraws only the two entries it leaves and reaches; the scrollbar is drawn again only
when its thumb moves. Counted by the calls for an entry's wrapped lines (`_lines`), for a line
drawn (`draw_line`, each line not kept drawn), for a row composed with its scrollbar cell
(`compose_row`) and for a row of the view (`render_line`): behaviour, not timing."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from textual.app import App, ComposeResult
from textual.events import MouseEvent, MouseScrollDown, MouseScrollUp
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
    """Counts the calls to one of a widget's methods (wrapped on the instance)."""

    def __init__(self, widget: object, name: str) -> None:
        self.calls: list[Any] = []
        method: Callable[..., Any] = getattr(widget, name)

        def counted(arg: Any, *args: Any) -> Any:
            self.calls.append(arg)
            return method(arg, *args)

        setattr(widget, name, counted)


def shown(log: ActionLog) -> list[str]:
    """The text of the view as drawn now (without its scrollbar)."""
    width = log.view.text_width
    return [log.view.render_line(y).text[:width].rstrip() for y in range(log.view.height)]


async def open_long_log(pilot: Pilot[None], game: Session) -> tuple[ActionLog, Counted, Counted]:
    log = pilot.app.query_one(ActionLog)
    log.show(game.steps)
    await pilot.pause()
    assert log.view.top == log.view.max_top > 0
    return log, Counted(log.view, "render_line"), Counted(log, "_lines")


async def test_a_new_entry_draws_only_its_own_lines() -> None:
    """24 columns: each entry wraps to two lines; the new entry's two are the only ones drawn."""
    game = long_game(300)
    app = LogHost()
    async with app.run_test(size=(24, 14)) as pilot:
        log, rows, wrapped = await open_long_log(pilot, game)
        height = log.view.height
        for number in range(301, 306):
            rows.calls.clear(), wrapped.calls.clear()
            game.do(AdjustCoins("Ana", 2))
            log.show(game.steps)
            await pilot.pause()
            new_lines = log._ends[-1] - log.entry_top(number - 1)
            assert new_lines == 2
            assert wrapped.calls == [number - 1] * new_lines  # the new entry's lines, no other
            assert log.view.top == log.view.max_top
        assert log.line_count == 610
        width = log.view.text_width
        assert shown(log) == history_lines(game.history, width, app.console)[-height:]


async def test_a_new_entry_moves_the_rows_on_screen_without_drawing_them_again() -> None:
    """The rows a new entry moves up are found composed: only the new entry's lines are drawn
    and composed, and at most the two rows where the scrollbar's thumb was and is."""
    game = long_game(300)
    app = LogHost()
    async with app.run_test(size=(40, 14)) as pilot:
        log, rows, _wrapped = await open_long_log(pilot, game)
        drawn, composed = Counted(log, "draw_line"), Counted(log.view, "compose_row")
        for number in range(301, 306):
            rows.calls.clear(), drawn.calls.clear(), composed.calls.clear()
            game.do(AdjustCoins("Ana", 2))
            log.show(game.steps)
            await pilot.pause()
            assert drawn.calls == [log.entry_top(number - 1)]  # the new line, no other
            assert len(rows.calls) == log.view.height  # every row moved up ...
            assert 1 <= len(composed.calls) <= 3  # ... composed: the new one, the thumb's


async def wheel(pilot: Pilot[None], log: ActionLog, turn: type[MouseEvent]) -> None:
    """One turn of the mouse wheel over the log's lines."""
    log.view.post_message(turn(log.view, 2, 2, 0, 0, 0, False, False, False))
    await pilot.pause()


async def test_scrolling_up_releases_the_end_and_the_end_anchors_it_again() -> None:
    """A player who scrolls up reads in peace: a new entry leaves the view where it is and
    redraws no row but where the scrollbar's thumb moves; back at the end, the log follows."""
    game = long_game(300)
    app = LogHost()
    async with app.run_test(size=(40, 14)) as pilot:
        log, rows, _wrapped = await open_long_log(pilot, game)
        for _ in range(5):
            await wheel(pilot, log, MouseScrollUp)
        top = log.view.top
        assert top < log.view.max_top and not log.view.anchored
        before = shown(log)  # (drawn by the test: counted from here)
        rows.calls.clear()
        game.do(AdjustCoins("Ana", 2))
        log.show(game.steps)
        await pilot.pause()
        assert len(rows.calls) <= 2  # the thumb's rows at most, never the lines
        assert log.view.top == top and shown(log) == before  # where the player left it
        while log.view.top < log.view.max_top:
            await wheel(pilot, log, MouseScrollDown)
        assert log.view.anchored
        game.do(AdjustCoins("Ben", 3))
        log.show(game.steps)
        await pilot.pause()
        assert log.view.top == log.view.max_top
        assert shown(log)[-1] == f"302. {game.history[-1]}"


async def test_a_press_on_the_scrollbar_scrolls_there_and_picks_nothing() -> None:
    game = long_game(300)
    app = LogHost()
    picked: list[object] = []
    async with app.run_test(size=(40, 14), message_hook=picked.append) as pilot:
        log, _rows, _wrapped = await open_long_log(pilot, game)
        await pilot.click(log.view, offset=(log.view.text_width, 0))  # the scrollbar's top
        await pilot.pause()
        assert log.view.top == 0 and not log.view.anchored
        assert shown(log)[0].strip().startswith("1. ")
        await pilot.click(log.view, offset=(log.view.text_width, log.view.height - 1))
        await pilot.pause()
        assert log.view.top == log.view.max_top and log.view.anchored
        assert not [message for message in picked if isinstance(message, ActionLog.Picked)]


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
        width = log.view.text_width
        height = log.view.height
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
        height = log.view.height
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
        height = log.view.height
        assert log.line_count == 5000
        assert log.view.top == log.view.max_top == 5000 - height
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
