"""The end of a game: a confirmation before ending it, and the result screen every game shares.

The result screen shows each player's total, the winner or winners and, in the rules' own words,
why (`Game.explain`: the same lines as the exports and `companion score`). It can be saved as an
SVG image into the exports folder, to share.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, DataTable, Label, Static

from companion.core import Result
from saves.store import SavedGame
from widgets.base import CompanionScreen, Dialog
from widgets.chrome import KeyFooter, TitleHeader
from widgets.shown import plain

UNDO_STILL_WORKS = "Undo (ctrl+z) will still work afterwards: nothing is lost."
WINNER_MARK = "★ winner"
"""A symbol and a word, so the winner shows without colour."""


class ConfirmEndDialog(Dialog[bool]):
    """Ask before a key ends or abandons a game; answers True to go ahead.

    | Key | Action |
    | --- | --- |
    | y / enter | End the game (enter on the focused button) |
    | n / escape | Keep playing |
    """

    CSS_PATH = "result.tcss"
    BINDINGS = [
        Binding("y", "answer(True)", "End it", id="confirm-end-yes"),
        Binding("n,escape", "answer(False)", "Keep playing", id="confirm-end-no"),
    ]

    def __init__(self, question: str, detail: str, verb: str = "End the game") -> None:
        super().__init__()
        self.question = question
        self.detail = detail
        self.verb = verb

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-end"):
            yield Label(Text(self.question), id="confirm-end-title")
            yield Static(Text(f"{self.detail}\n{UNDO_STILL_WORKS}"), id="confirm-end-detail")
            with Horizontal(id="confirm-end-buttons"):
                yield Button(f"{self.verb} (y)", variant="error", id="confirm-end-yes")
                yield Button("Keep playing (n)", id="confirm-end-no")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#confirm-end-yes", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "confirm-end-yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class ResultScreen(CompanionScreen):
    """How a game ended: totals, the winner or winners, and why.

    | Key | Action |
    | --- | --- |
    | escape | Back to the game |
    | ctrl+z | Back to the game and undo the last action |
    | s | Save this screen as an SVG image in the exports folder |
    | i | The play's details: where, who started, how long, notes |
    | b | Send this play's BG Stats file (a download in a browser) |
    """

    CSS_PATH = "result.tcss"
    BINDINGS = [
        Binding("escape", "back", "Back to the game", id="result-back"),
        Binding("ctrl+z", "undo", "Undo", id="result-undo"),
        Binding("s", "save_image", "Save image", id="result-save-image"),
        # bgstats (widgets/stats/details.py): under `?` and in the help, not in the footer
        Binding("i", "details", "Details", id="result-details", show=False),
        Binding("b", "bgstats", "BG Stats file", id="result-bgstats", show=False),
    ]

    def __init__(self, saved: SavedGame, undo: Callable[[], None]) -> None:
        super().__init__()
        self.saved = saved
        self.undo = undo
        self.sub_title = saved.title
        self.HELP_TOPIC = saved.game.id
        game, state = saved.game, saved.session.state
        self.result = game.explain(state) if game.explain else Result(game.summary(state))
        """What the screen says: the same lines as the exports."""

    def compose(self) -> ComposeResult:
        result = self.result
        yield TitleHeader()
        with VerticalScroll(id="result-body"):
            yield Static(plain(result.outcome, style="bold"), id="result-outcome")
            table: DataTable[Any] = DataTable(id="result-totals", cursor_type="none")
            table.display = bool(self.totals_rows())
            yield table
            why = plain("\n".join(f"· {line}" for line in result.why))
            yield Static(why, id="result-why")
            yield Static(
                "s: save as an image · escape: back to the game · ctrl+z: undo the end",
                id="result-hint",
            )
        yield KeyFooter()

    def on_mount(self) -> None:
        self.title = "Result"
        table = self.query_one("#result-totals", DataTable)
        score = self.saved.game.score
        lower = score is not None and score(self.saved.session.state).lower_is_better
        table.add_columns("Player", "Total (lower is better)" if lower else "Total", "")
        for row in self.totals_rows():
            table.add_row(*row)

    def totals_rows(self) -> list[tuple[Text, str, str]]:
        """Player, total and the winner mark, for two players or more: a failed game has no
        score, and a co-op or solo game's one total is in its outcome."""
        game, state = self.saved.game, self.saved.session.state
        if game.score is None or game.status(state) == "failed":
            return []
        score = game.score(state)
        if len(score.totals) < 2:
            return []
        return [
            (plain(player), str(total), WINNER_MARK if player in score.winners else "")
            for player, total in score.totals.items()
        ]

    def action_back(self) -> None:
        self.dismiss()

    def action_undo(self) -> None:
        self.dismiss()
        self.undo()

    def action_save_image(self) -> None:
        """Write the screen as SVG, atomically: a failed write leaves nothing behind."""
        svg = self.app.export_screenshot(title=f"{self.saved.title}: result")
        try:
            path = self.companion.store.export(self.saved, "result.svg", svg)
        except OSError as error:
            self.notify(f"Could not save the image: {error}", severity="error")
            return
        self.notify(f"Saved as {path}", title="Image saved")

    def action_details(self) -> None:
        from widgets.stats.details import edit_details

        edit_details(self, self.saved)

    def action_bgstats(self) -> None:
        from widgets.stats.details import send_saved_play

        send_saved_play(self, self.saved)
