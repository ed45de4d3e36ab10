"""The table view: a game's state in large type, for the middle of the table.

It keeps no game state: it draws its game screen's state when it opens and whenever the game
screen redraws (`refresh_from_game`), so an action, an undo or a reload shows here at once.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Grid, VerticalScroll
from textual.widgets import Static

from widgets.base import CompanionScreen
from widgets.chrome import KeyFooter, TitleHeader
from widgets.shown import plain
from widgets.table_view.boxes import GroupBox, shape
from widgets.table_view.figures import TableContent, columns_for

if TYPE_CHECKING:
    from widgets.game_screen import GameScreen

VIEWS: dict[str, str] = {
    "cavendish": "widgets.table_view.cavendish",
    "time-bastards": "widgets.table_view.time_bastards",
    "six-sojourns": "widgets.table_view.six_sojourns",
    "sojourn": "widgets.table_view.sojourn",
}
"""Game id -> the module whose `table(state)` says what its table view shows; imported when
first shown, so that a game screen checking for its table view imports no other game."""


def content_for(game_id: str, title: str, state: Any) -> TableContent:
    """What the table view shows for a game's state."""
    module = VIEWS.get(game_id)
    if module is None:
        return TableContent(f"{title} has no table view.", ())
    table: Callable[[Any], TableContent] = importlib.import_module(module).table
    return table(state)


class TableViewScreen(CompanionScreen):
    """The state of the game in play in large type; it changes nothing.

    | Key | Action |
    | --- | --- |
    | v / escape | Back to the play screen |
    | T | Take over a read-only game once its player has left it, and play it |
    """

    HELP_TOPIC = "table-view"
    CSS_PATH = "table_view.tcss"
    BINDINGS = [
        Binding("v,escape", "back", "Play screen", id="table-view-back"),
        Binding("T", "take_over", "Take over", id="table-view-take-over"),
    ]

    def __init__(self, game_screen: GameScreen) -> None:
        super().__init__()
        self.game_screen = game_screen
        """The play screen whose state this view shows."""
        self.content: TableContent | None = None
        """What is on screen now: the same content again redraws nothing."""
        self.boxes: list[GroupBox] = []
        """The boxes on screen, one per group of `content`."""

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        with VerticalScroll(id="tv-body"):
            yield Static(id="tv-headline")
            yield Grid(id="tv-groups")
            with Center():
                yield Static(id="tv-board")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.draw()

    def refresh_from_game(self) -> None:
        """Draw the game screen's state (and whether it is read-only) again, once this view's
        widgets exist."""
        if self.is_mounted:
            self.draw()

    def draw(self) -> None:
        """The title, whether read-only, and the game's figures; unchanged figures stay as
        they are on screen."""
        game_screen = self.game_screen
        game = game_screen.session.game
        self.title = f"Table view: {game.title.split(':')[-1].strip()}"
        self.sub_title = game_screen.sub_title  # the play screen's: the title, "(read-only)"
        content = content_for(game.id, game.title, game_screen.state)
        if content == self.content:
            return
        self.content = content
        self.query_one("#tv-headline", Static).update(plain(content.headline))
        self.show_groups(content)
        board = self.query_one("#tv-board", Static)
        board.display = content.board is not None
        if content.board is not None:
            board.update(content.board)
            board.border_title = plain(content.board_title)

    def show_groups(self, content: TableContent) -> None:
        """Update the boxes in place, or build them again when the groups changed shape."""
        grid = self.query_one("#tv-groups", Grid)
        shapes = [shape(group) for group in content.groups]
        if [shape(box.group) for box in self.boxes] == shapes:
            for box, group in zip(self.boxes, content.groups, strict=True):
                box.show(group)
        else:
            for box in self.boxes:
                box.remove()
            self.boxes = [GroupBox(group) for group in content.groups]
            grid.mount_all(self.boxes)
        grid.set_class(any(group.note for group in content.groups), "-notes")
        self.spread()

    def spread(self) -> None:
        """As many boxes side by side as fit whole in the screen's width."""
        if self.content is None:
            return
        width = self.size.width or self.app.size.width
        columns = columns_for(self.content.groups, width)
        grid = self.query_one("#tv-groups", Grid)
        grid.styles.grid_size_columns = len(columns)
        # shared out in proportion to what each column needs: each gets at least that
        grid.styles.grid_columns = " ".join(f"{needed}fr" for needed in columns)

    def on_resize(self) -> None:
        self.spread()

    def action_back(self) -> None:
        self.dismiss()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "take_over":
            return self.game_screen.read_only
        return super().check_action(action, parameters)

    def action_take_over(self) -> None:
        """Take the game over from here, then play it on its play screen."""
        game_screen = self.game_screen
        if game_screen.take_over():
            self.dismiss()  # first: a question the game asks then goes on top of its play screen
            game_screen.call_after_refresh(game_screen.play_from_here)
