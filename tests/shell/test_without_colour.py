"""Colour is never the only signal: ticked and unticked boxes, chosen and unchosen radio buttons,
each Time Bastards player's pieces and the achievements held differ in their characters."""

from __future__ import annotations

from typing import Any

from textual.widgets import Checkbox, RadioButton

from companion.time_bastards.model import MoveEarliest, TimeBastardsSetup, Traveller
from widgets.kit.toggles import TickList
from widgets.time_bastards.board import TimelineBoard, TravellersPanel


def text_of(widget: Any) -> str:
    rendered = widget.render()
    return str(getattr(rendered, "plain", rendered))


async def test_six_sojourns_setup_boxes_and_radios_read_without_colour(
    make_test_app: Any,
) -> None:
    app = make_test_app(start=lambda app: app.new_game("six-sojourns"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        expansions = app.screen.query_one("#ss-expansions", TickList)
        expansions.select("feuds")
        await pilot.pause()
        lines = {
            expansions.get_option_at_index(row).value: expansions.render_line(row).text
            for row in range(expansions.option_count)
            if row < expansions.size.height
        }
        assert lines["places"].startswith("▐ ▌")
        assert lines["feuds"].startswith("▐X▌")
        chosen = text_of(app.screen.query_one("#map-a", RadioButton))
        other = text_of(app.screen.query_one("#map-b", RadioButton))
        assert chosen.startswith("▐●▌") and other.startswith("▐ ▌")


async def test_time_bastards_setup_and_board_read_without_colour(make_test_app: Any) -> None:
    setup = TimeBastardsSetup((Traveller("Ana", "red", 1), Traveller("Ben", "blue", 3)))

    def begin(app: Any) -> None:
        saved = app.start_game("time-bastards", setup, "Ana v Ben")
        saved.session.do(MoveEarliest(0))
        saved.session.do(MoveEarliest(1))

    app = make_test_app(start=begin)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.refresh_state()
        await pilot.pause()
        board = text_of(app.screen.query_one(TimelineBoard))
        assert "●1" in board and "◆1" in board  # told apart by shape, not only colour
        panel = text_of(app.screen.query_one(TravellersPanel))
        assert "● Ana" in panel and "◆ Ben" in panel
        assert "●○○○" in panel and "◆◇◇◇" in panel  # on the board, then in the supply
        assert "I✓" not in panel  # no achievement held yet
        app.go_home()
        await pilot.pause()
        app.new_game("time-bastards")
        await pilot.pause()
        duel = text_of(app.screen.query_one("#duel", RadioButton))
        coop = text_of(app.screen.query_one("#coop", RadioButton))
        assert duel.startswith("▐●▌") and coop.startswith("▐ ▌")


async def test_a_tick_box_shows_its_tick() -> None:
    from textual.app import App, ComposeResult

    from widgets.kit.toggles import TickBox

    class Boxes(App[None]):
        def compose(self) -> ComposeResult:
            yield TickBox("ticked", True, id="on")
            yield TickBox("not ticked", False, id="off")

    app = Boxes()
    async with app.run_test():
        assert text_of(app.query_one("#on", Checkbox)).startswith("▐X▌")
        assert text_of(app.query_one("#off", Checkbox)).startswith("▐ ▌")
