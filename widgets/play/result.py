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
from companion.phrases import phrase
from lang import t, tr
from saves.games.store import SavedGame
from widgets.kit.main_actions import MainActions
from widgets.kit.shown import local_day, plain
from widgets.shell.base import Answers, CompanionScreen, YesNoDialog
from widgets.shell.chrome import KeyFooter, TitleHeader

UNDO_STILL_WORKS = phrase("Undo (ctrl+z) will still work afterwards: nothing is lost.")
# TRANSLATORS: beside the winner's total on the result screen
WINNER_MARK = phrase("★ winner")
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
    KEEP = phrase("Keep playing")
    """The no button's words."""
    YES = "confirm-end-yes"
    BINDINGS = [
        Binding("y", "answer(True)", phrase("End it"), id="confirm-end-yes"),
        Binding("n,escape", "answer(False)", phrase("Keep playing"), id="confirm-end-no"),
    ]

    def __init__(self, question: str, detail: str, verb: str = "", after: str = "") -> None:
        super().__init__()
        self.question = question
        self.detail = detail
        self.verb = verb or phrase("End the game")
        """The yes button's words (a phrase, or words said already)."""
        self.after = after or UNDO_STILL_WORKS
        """What the player can do afterwards, said under the detail."""

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-end"):
            yield Label(plain(tr(self.question)), id="confirm-end-title")
            detail = f"{tr(self.detail)}\n{tr(self.after)}"
            yield Static(plain(detail), id="confirm-end-detail")
            with Answers():
                yes = plain(t("{verb} (y)", verb=tr(self.verb)))
                yield Button(yes, variant="error", id="confirm-end-yes")
                yield Button(plain(t("{verb} (n)", verb=tr(self.KEEP))), id="confirm-end-no")
        yield KeyFooter()


class ConfirmUndoDialog(ConfirmEndDialog):
    """Ask before undoing an action another device made; answers True to undo it.

    | Key | Action |
    | --- | --- |
    | y / enter | Undo it (enter on the focused button) |
    | n / escape | Keep it |
    """

    KEEP = phrase("Keep it")
    BINDINGS = [
        Binding("y", "answer(True)", phrase("Undo it"), id="confirm-undo-yes"),
        Binding("n,escape", "answer(False)", phrase("Keep it"), id="confirm-undo-no"),
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
        Binding("escape", "back", phrase("Back to the game"), id="result-back"),
        Binding("ctrl+z", "undo", phrase("Undo"), id="result-undo"),
        Binding("o", "push", phrase("Send to BG Stats"), id="result-push"),
        Binding("s", "save_image", phrase("Save image"), id="result-save-image"),
        # the play's details and its file (widgets/stats/details.py): under `?` and in the help
        Binding("i", "details", phrase("Details"), id="result-details", show=False),
        Binding("b", "bgstats", phrase("BG Stats file"), id="result-bgstats", show=False),
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
            yield Static(plain(tr(result.outcome), style="bold"), id="result-outcome")
            table: DataTable[Any] = DataTable(id="result-totals", cursor_type="none")
            table.display = bool(self.totals_rows())
            yield table
            why = plain("\n".join(f"· {tr(line)}" for line in result.why))
            yield Static(why, id="result-why")
            yield Static(
                plain(t("s: save as an image · escape: back to the game · ctrl+z: undo the end")),
                id="result-hint",
            )
        yield MainActions(self.MAIN_ACTIONS, id="main-actions")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.fill()

    def spoken_again(self) -> None:
        """Composed again in another language (`CompanionApp.speak_again`)."""
        self.fill()

    def fill(self) -> None:
        """The screen's title and the totals."""
        self.title = t("Result")
        table = self.query_one("#result-totals", DataTable)
        table.add_columns(t("Player"), totals_heading(self.saved), "")
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
            self.notify(t("Could not save the image: {problem}", problem=error), severity="error")
            if not sent:
                return
        else:
            saved_as = t("Saved as {path}\nescape: back to the result", path=path)
            self.notify(saved_as, title=t("Image saved"), markup=False)
        if sent:
            self.notify(t("Sent to this device: see its downloads."), title=t("Image sent"))
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
            still = t("This game is still being played.")
            self.notify(still, title=t("Not sent"), severity="warning")
            return
        send_to_bgstats(self, play)


def totals_heading(saved: SavedGame) -> str:
    """What the totals column counts ("Total", "Achievements"), and whether lower is better."""
    if saved.game.score is None:
        return t("Total")
    score = saved.game.score(saved.session.state)
    heading = tr(score.heading)
    return t("{heading} (lower is better)", heading=heading) if score.lower_is_better else heading


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
        (plain(tr(player)), str(total), tr(WINNER_MARK) if player in score.winners else "")
        for player, total in score.totals.items()
    ]


def played_on(saved: SavedGame) -> str:
    """The day of the game's last action, in local time: "29 November 2026" ("29 novembre
    2026" in French)."""
    return local_day(saved.updated)


def share_card(saved: SavedGame, result: Result) -> Panel:
    """The result to share: the game, the date, the players and the result, and no key."""
    players = ", ".join(facts_of_session(saved.session).players) or t("none named")
    said = t(
        "{title} · {day}\nPlayers: {players}",
        title=saved.title,
        day=played_on(saved),
        players=players,
    )
    heading = plain(f"{said}\n\n")
    blocks: list[RenderableType] = [heading + plain(tr(result.outcome), style="bold")]
    rows = totals_rows(saved)
    if rows:
        table = Table(t("Player"), totals_heading(saved), "", box=None, padding=(0, 2, 0, 0))
        for row in rows:
            table.add_row(*row)
        blocks.append(table)
    if result.why:
        blocks.append(plain("\n".join(f"· {tr(line)}" for line in result.why)))
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
    BINDINGS = [Binding("escape", "back", phrase("Back to the result"), id="share-back")]

    def __init__(self, card: Panel, help_topic: str) -> None:
        super().__init__()
        self.card = card
        self.HELP_TOPIC = help_topic

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="share-body"):
            yield Static(self.card, id="share-card")

    def action_back(self) -> None:
        self.dismiss()
