"""The end of a game: a confirmation before ending it, and the result screen every game shares.

The result screen shows each player's total, the winner or winners and, in the rules' own words,
why (`Game.explain`: the same lines as the exports and `companion score`). `o` sends the play
to BG Stats (a key in the footer, and a button on a phone, the device that has BG Stats). `s`
makes an image of it to share (the game, the date, the players and the result, no keys): saved
as SVG into the exports folder, sent to the device in the browser, and shown full screen.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Button, DataTable, Label, Static

from companion.core import Result
from companion.history.plays import facts_of_session
from saves.games.store import SavedGame
from widgets.kit.main_actions import MainActions
from widgets.kit.shown import local_time, plain
from widgets.shell.base import Answers, CompanionScreen, YesNoDialog
from widgets.shell.chrome import KeyFooter, TitleHeader

UNDO_STILL_WORKS = "Undo (ctrl+z) will still work afterwards: nothing is lost."
WINNER_MARK = "★ winner"
"""A symbol and a word, so the winner shows without colour."""
IMAGE_WIDTH = 72
"""Columns of the image to share: it reads on a phone, and the same whatever the terminal."""


class ConfirmEndDialog(YesNoDialog):
    """Ask before a key ends or abandons a game; answers True to go ahead.

    | Key | Action |
    | --- | --- |
    | y / enter | End the game (enter on the focused button) |
    | n / escape | Keep playing |
    """

    CSS_PATH = "result.tcss"
    KEEP = "Keep playing"
    """The no button's words."""
    YES = "confirm-end-yes"
    BINDINGS = [
        Binding("y", "answer(True)", "End it", id="confirm-end-yes"),
        Binding("n,escape", "answer(False)", "Keep playing", id="confirm-end-no"),
    ]

    def __init__(
        self, question: str, detail: str, verb: str = "End the game", after: str = ""
    ) -> None:
        super().__init__()
        self.question = question
        self.detail = detail
        self.verb = verb
        self.after = after or UNDO_STILL_WORKS
        """What the player can do afterwards, said under the detail."""

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-end"):
            yield Label(plain(self.question), id="confirm-end-title")
            yield Static(plain(f"{self.detail}\n{self.after}"), id="confirm-end-detail")
            with Answers():
                yield Button(f"{self.verb} (y)", variant="error", id="confirm-end-yes")
                yield Button(f"{self.KEEP} (n)", id="confirm-end-no")
        yield KeyFooter()


class ConfirmUndoDialog(ConfirmEndDialog):
    """Ask before undoing an action another device made; answers True to undo it.

    | Key | Action |
    | --- | --- |
    | y / enter | Undo it (enter on the focused button) |
    | n / escape | Keep it |
    """

    KEEP = "Keep it"
    BINDINGS = [
        Binding("y", "answer(True)", "Undo it", id="confirm-undo-yes"),
        Binding("n,escape", "answer(False)", "Keep it", id="confirm-undo-no"),
    ]


class ResultScreen(CompanionScreen):
    """How a game ended: totals, the winner or winners, and why.

    | Key | Action |
    | --- | --- |
    | escape | Back to the game |
    | ctrl+z | Back to the game and undo the last action |
    | o | Send to BG Stats: its push link opened in a browser, else shown as a QR code to scan |
    | s | An image to share (game, date, players, result): saved, sent to a browser, shown |
    | i | The play's details: where, who started, how long, notes |
    | b | This play's BG Stats file: sent to a browser, else written to the exports folder |

    The footer shows `o`; on a narrow screen (a phone, the device that has BG Stats) it is also
    a button.
    """

    CSS_PATH = ["result.tcss", "../kit/main_actions.tcss"]
    BINDINGS = [
        Binding("escape", "back", "Back to the game", id="result-back"),
        Binding("ctrl+z", "undo", "Undo", id="result-undo"),
        Binding("o", "push", "Send to BG Stats", id="result-push"),
        Binding("s", "save_image", "Save image", id="result-save-image"),
        # the play's details and its file (widgets/stats/details.py): under `?` and in the help
        Binding("i", "details", "Details", id="result-details", show=False),
        Binding("b", "bgstats", "BG Stats file", id="result-bgstats", show=False),
    ]
    MAIN_ACTIONS = ("push",)
    """A phone's button (widgets/kit/main_actions.py): the phone is the device with BG Stats."""

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
        yield MainActions(self.MAIN_ACTIONS, id="main-actions")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.title = "Result"
        table = self.query_one("#result-totals", DataTable)
        table.add_columns("Player", totals_heading(self.saved), "")
        for row in self.totals_rows():
            table.add_row(*row)

    def totals_rows(self) -> list[tuple[Text, str, str]]:
        return totals_rows(self.saved)

    def action_back(self) -> None:
        self.dismiss()

    def action_undo(self) -> None:
        self.dismiss()
        self.undo()

    def action_save_image(self) -> None:
        """Save the image to share (atomically: a failed write leaves nothing behind), send it to
        the device that asked when the app runs in a browser, and show it."""
        card = share_card(self.saved, self.result)
        svg = share_svg(card, f"{self.saved.game.title}: {self.saved.title}")
        sent = False
        if self.app.is_web:
            name = f"{self.saved.id}.result.svg"
            key = self.app.deliver_text(io.StringIO(svg), save_filename=name, name=name)
            sent = key is not None
        try:
            path = self.companion.store.export(self.saved, "result.svg", svg)
        except OSError as error:
            self.notify(f"Could not save the image: {error}", severity="error")
            if not sent:
                return
        else:
            self.notify(
                f"Saved as {path}\nescape: back to the result", title="Image saved", markup=False
            )
        if sent:
            self.notify("Sent to this device: see its downloads.", title="Image sent")
        self.app.push_screen(ShareScreen(card, self.HELP_TOPIC))

    def action_details(self) -> None:
        from widgets.stats.details import edit_details

        edit_details(self, self.saved)

    def action_bgstats(self) -> None:
        from widgets.stats.details import send_saved_play

        send_saved_play(self, self.saved)

    def action_push(self) -> None:
        from widgets.stats.details import saved_play
        from widgets.stats.push import send_to_bgstats

        play = saved_play(self.saved)
        if play is None:
            self.notify("This game is still being played.", title="Not sent", severity="warning")
            return
        send_to_bgstats(self, play)


def totals_heading(saved: SavedGame) -> str:
    """What the totals column counts ("Total", "Achievements"), and whether lower is better."""
    if saved.game.score is None:
        return "Total"
    score = saved.game.score(saved.session.state)
    return f"{score.heading} (lower is better)" if score.lower_is_better else score.heading


def totals_rows(saved: SavedGame) -> list[tuple[Text, str, str]]:
    """Player, total and the winner mark, for two players or more: a failed game has no score,
    and a co-op or solo game's one total is in its outcome."""
    game, state = saved.game, saved.session.state
    if game.score is None or game.status(state) == "failed":
        return []
    score = game.score(state)
    if len(score.totals) < 2:
        return []
    return [
        (plain(player), str(total), WINNER_MARK if player in score.winners else "")
        for player, total in score.totals.items()
    ]


def played_on(saved: SavedGame) -> str:
    """The day of the game's last action, in local time: "29 November 2026"."""
    day = local_time(saved.updated, "%d %B %Y")
    return day[1:] if day[:1] == "0" and day[1:2].isdigit() and day[2:3] == " " else day


def share_card(saved: SavedGame, result: Result) -> Panel:
    """The result to share: the game, the date, the players and the result, and no key."""
    players = ", ".join(facts_of_session(saved.session).players) or "none named"
    heading = plain(f"{saved.title} · {played_on(saved)}\nPlayers: {players}\n\n")
    blocks: list[RenderableType] = [heading + plain(result.outcome, style="bold")]
    rows = totals_rows(saved)
    if rows:
        table = Table("Player", totals_heading(saved), "", box=None, padding=(0, 2, 0, 0))
        for row in rows:
            table.add_row(*row)
        blocks.append(table)
    if result.why:
        blocks.append(plain("\n".join(f"· {line}" for line in result.why)))
    parts: list[RenderableType] = []
    for block in blocks:
        if isinstance(block, Text):
            block.end = "\n"
        parts += [Text(), block] if parts else [block]
    return Panel(
        Group(*parts),
        title=plain(saved.game.title, style="bold"),
        subtitle=Text("Table Companion"),
        padding=(0, 1),
    )


def share_svg(card: RenderableType, title: str) -> str:
    """The card drawn as an SVG image, `IMAGE_WIDTH` columns wide."""
    console = Console(
        file=io.StringIO(),
        width=IMAGE_WIDTH,
        record=True,
        force_terminal=True,
        color_system="truecolor",
    )
    console.print(card)
    return console.export_svg(title=title)


class ShareScreen(CompanionScreen):
    """The image to share, full screen, as it was saved: no header, footer or key hints.

    | Key | Action |
    | --- | --- |
    | escape | Back to the result |
    """

    CSS_PATH = "result.tcss"
    BINDINGS = [Binding("escape", "back", "Back to the result", id="share-back")]

    def __init__(self, card: Panel, help_topic: str) -> None:
        super().__init__()
        self.card = card
        self.HELP_TOPIC = help_topic

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="share-body"):
            yield Static(self.card, id="share-card")

    def action_back(self) -> None:
        self.dismiss()
