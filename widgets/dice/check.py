"""Is my die fair? Each kind of real die: its verdict in words, and bars of its face counts
against the count a fair die would give (numbers beside the bars, readable without colour)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Button, Static

from companion import fairness
from companion.dice import Roll
from companion.fairness import DieCheck
from widgets.shell.base import Answers, Dialog
from widgets.shell.chrome import KeyFooter

INTRO = (
    "Only real dice count (the app's rolls are its random generator). Each die of a roll counts "
    "once; the two dice of d% are checked apart. A die looks biased when a fair one would give "
    "counts this uneven less than 1 time in 100 (chi-square test)."
)


def check_text(check: DieCheck, width: int) -> Text:
    """One die: the verdict (bold when biased), then its chart."""
    text = Text()
    text.append(f"{check.die}: {check.verdict}", style="bold reverse")
    text.append(f"  {check.explanation}")
    if check.rolls and check.verdict != "too few":
        text.append(f"  (chi-square {check.chi2:.1f}, p = {check.p_value:.3f})", style="dim")
    bar_width = max(10, min(90, width - 16))
    for line in fairness.chart(check, bar_width):
        text.append(f"\n  {line}")
    return text


class DiceCheckScreen(Dialog[None]):
    """The fairness check of the real dice in the roll history.

    | Key | Action |
    | --- | --- |
    | escape | Back to the tray |
    """

    HELP_TOPIC = "dice"
    BINDINGS = [Binding("escape", "close", "Back", id="close-check")]

    def __init__(self, rolls: Sequence[Roll]) -> None:
        super().__init__()
        self.checks = fairness.check_dice(rolls)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="dice-check"):
            yield Static(INTRO, id="dice-check-intro")
            if not self.checks:
                yield Static("No real dice in the history yet: type what your dice show.")
            for check in self.checks:
                yield Static(check_text(check, self.app.size.width), classes="die-check")
            with Answers():
                yield Button("Back (esc)", action="screen.close")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#dice-check").border_title = "Is my die fair?"
        self.show()

    def on_resize(self) -> None:
        """The charts fit the new width once the dialog is laid out at it."""
        self.call_after_refresh(self.show)

    def show(self) -> None:
        width = self.query_one("#dice-check").content_region.width or self.app.size.width
        for check, shown in zip(self.checks, self.query(".die-check").results(Static), strict=True):
            shown.update(check_text(check, width))

    def action_close(self) -> None:
        self.dismiss(None)
