"""A key redraws only the panels it changed (issue 33), and nothing is left undrawn: after each
key, and after each change another device makes, the screen paints what a screen opened afresh
on the same game paints, on a laptop's terminal and on a phone's column."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from companion.session import Step
from companion.time_bastards.game import choices
from companion.time_bastards.model import RollD6, TimeBastardsState
from saves.games.journal import Draft
from saves.games.store import SavedGame, SaveStore
from tests.support.painted import (
    TOAST_RACK,
    opened_from_home,
    painted,
    painted_screen,
    painted_strips,
    settled_paint,
)
from tests.support.samples import install_sample
from tests.support.waiting import pause_until
from widgets.time_bastards.choices import NumberedChoices
from widgets.time_bastards.play import TimeBastardsScreen


async def opened(pilot: Any, save_id: str) -> TimeBastardsScreen:
    """The game opened from the home screen, drawn and idle."""
    screen: TimeBastardsScreen = await opened_from_home(pilot, save_id, TimeBastardsScreen)
    return screen


@pytest.mark.parametrize("size", [(80, 24), (44, 43)])
async def test_each_key_paints_what_a_screen_opened_afresh_paints(
    make_test_app: Callable[..., Any], companion_home: Path, size: tuple[int, int]
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    app = make_test_app(start=lambda app: app.open_saved(save_id))
    async with app.run_test(size=size) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, TimeBastardsScreen))
        await pilot.pause()
        # Taken back: the turn is the other player's again; put back; then a real 6 typed,
        # which shows the prompt hidden on a fresh turn and lists the moves it allows.
        for keys in (["ctrl+z"], ["ctrl+y"], ["t", "6", "enter"]):
            before = painted_screen(app.screen)
            await pilot.press(*keys)
            await pause_until(pilot, lambda: isinstance(app.screen, TimeBastardsScreen))
            await pilot.pause()
            shown = await settled_paint(pilot)
            assert shown != before, f"{keys} changed nothing on the screen"
            screen = await opened(pilot, save_id)
            assert shown == await settled_paint(pilot)
        assert screen.tb.roll == 6
        prompt = " ".join(" ".join(painted(screen.query_one("#tb-prompt"))).split())
        assert "rolled 6: move any piece one space" in prompt
        assert screen.query_one(NumberedChoices).highlighted == 0


def elsewhere(home: Path, save_id: str, draft: Callable[[SavedGame], Draft]) -> None:
    """Another device appends one record to the game (as a browser's app does)."""
    store = SaveStore(home, workers=False)
    theirs = store.open_for_play(save_id)
    store.transact(theirs, lambda _theirs: [draft(theirs)], by="another device")


def next_move(saved: SavedGame) -> Draft:
    """A move that changes most panels: a roll on a fresh turn, else the first choice."""
    state = saved.session.state
    assert isinstance(state, TimeBastardsState)
    fresh = state.roll is None and not state.bumped
    action = RollD6(state.turn, 6) if fresh else choices(state)[0].action
    return Draft("do", action)


def followed(screen: TimeBastardsScreen, steps: list[Step]) -> bool:
    """The screen follows a change made elsewhere: its steps are no longer `steps`."""
    return screen.session.steps != steps


@pytest.mark.parametrize("size", [(80, 24), (44, 43)])
async def test_another_devices_undo_and_move_paint_what_a_screen_opened_afresh_paints(
    make_test_app: Callable[..., Any], companion_home: Path, size: tuple[int, int]
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    app = make_test_app(start=lambda app: app.open_saved(save_id))
    async with app.run_test(size=size) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, TimeBastardsScreen))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TimeBastardsScreen)
        undo = lambda saved: Draft("undo", target=saved.origins[-1].number)  # noqa: E731
        for draft in (undo, next_move, undo):
            before, steps = painted_screen(screen), screen.session.steps
            elsewhere(companion_home, save_id, draft)
            await pause_until(pilot, partial(followed, screen, steps), what="the follow")
            shown = await settled_paint(pilot)
            assert shown != before, "another device's change changed nothing on the screen"
            screen = await opened(pilot, save_id)
            assert shown == await settled_paint(pilot)


class Refreshes:
    """Every repaint and layout the screen's widgets ask Textual for while it is spied on:
    (widget, regions, layout), as `Widget.refresh` receives them (after a widget's own
    `refresh` has said which lines). The toasts are left out (a notice is laid out in any app)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, screen: TimeBastardsScreen) -> None:
        self.asked: list[tuple[Widget, tuple[Region, ...], bool]] = []
        self.watched = {
            widget
            for widget in screen.walk_children(Widget, with_self=False)
            if not any(node.id == TOAST_RACK for node in (widget, *widget.ancestors))
        }
        refresh = Widget.refresh

        def noted(widget: Widget, *regions: Region, **how: Any) -> Any:
            if widget in self.watched:
                self.asked.append((widget, regions, bool(how.get("layout"))))
            return refresh(widget, *regions, **how)

        monkeypatch.setattr(Widget, "refresh", noted)

    def of(self, widget: Widget) -> list[tuple[tuple[Region, ...], bool]]:
        return [(regions, layout) for asked, regions, layout in self.asked if asked is widget]


def changed_rows(before: list[Strip], after: list[Strip]) -> set[int]:
    """The rows of a widget (its border's included) painted otherwise: words or styles."""
    rows = max(len(before), len(after))
    padded = [*before, *[None] * rows][:rows], [*after, *[None] * rows][:rows]
    return {row for row, (old, new) in enumerate(zip(*padded, strict=True)) if old != new}


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_an_undo_and_a_redo_redraw_only_the_lines_they_change_and_lay_out_nothing(
    make_test_app: Callable[..., Any],
    companion_home: Path,
    monkeypatch: pytest.MonkeyPatch,
    size: tuple[int, int],
) -> None:
    """Each panel asks to redraw only rows it paints otherwise (a panel that shows the same
    asks for nothing; the decision box with a new title, its top row), and the key asks for no
    layout: at 80x24 the choices come to overflow their list and to fit it again, their
    scrollbar drawn in their own lines."""
    save_id = install_sample(companion_home, "time-bastards")
    app = make_test_app(start=lambda app: app.open_saved(save_id))
    async with app.run_test(size=size) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, TimeBastardsScreen))
        screen = app.screen
        assert isinstance(screen, TimeBastardsScreen)
        # The sample's last action: a roll whose new piece is lost in time, which ends the
        # turn (the bench's key, tests/bench/bench_terminal.py): undone, the turn is the roller's.
        assert isinstance(screen.session.last_step.action, RollD6)
        await settled_paint(pilot)
        panels = (
            screen.clock,
            screen.board,
            screen.travellers,
            screen.decision,
            screen.prompt,
            screen.options,
        )
        overflowed = set()
        for key in ("ctrl+z", "ctrl+y"):
            before = {panel: painted_strips(panel) for panel in panels}
            with monkeypatch.context() as spying:
                refreshes = Refreshes(spying, screen)
                await pilot.press(key)
                await settled_paint(pilot)
            options = screen.options
            overflowed.add(options.virtual_size.height > options.scrollable_content_region.height)
            unchanged = []
            for panel in panels:
                rows = changed_rows(before[panel], painted_strips(panel))
                unchanged += [panel] if not rows else []
                top = panel.content_offset.y
                for regions, _layout in refreshes.of(panel):
                    asked = {top + y for region in regions for y in region.line_range}
                    assert regions, f"{key}: {panel.id} redrawn whole"
                    assert asked <= rows, f"{key}: {panel.id} redrew rows {asked - rows}"
            assert screen.board in unchanged  # (a roll taken back and put back moves no piece)
            laid_out = {widget for widget, _regions, layout in refreshes.asked if layout}
            assert not laid_out, f"{key} laid the screen out for {laid_out}"
        assert overflowed == ({False} if size == (120, 40) else {False, True})
