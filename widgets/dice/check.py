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
from companion.phrases import phrase
from lang import t, tr
from widgets.kit.shown import plain
from widgets.shell.base import Answers, Dialog
from widgets.shell.chrome import KeyFooter

INTRO = phrase(
    "Only real dice count (the app's rolls are its random generator). Each die of a roll counts "
    "once; the two dice of d% are checked apart. A die looks biased when a fair one would give "
    "counts this uneven less than 1 time in 100 (chi-square test)."
)
VERDICTS = {
    # TRANSLATORS: a die's verdict in the fairness check: not enough rolls to say
    "too few": phrase("too few"),
    # TRANSLATORS: a die's verdict in the fairness check
    "no sign of bias": phrase("no sign of bias"),
    # TRANSLATORS: a die's verdict in the fairness check
    "looks biased": phrase("looks biased"),
}
"""Each verdict (an id of the check) as the dialog says it."""


def check_text(check: DieCheck, width: int) -> Text:
    """One die: the verdict (bold when biased), then its chart."""
    text = Text()
    verdict = tr(VERDICTS.get(check.verdict, check.verdict))
    text.append(f"{check.die}: {verdict}", style="bold reverse")
    text.append(f"  {tr(check.explanation)}")
    if check.rolls and check.verdict != "too few":
        chi2, p_value = f"{check.chi2:.1f}", f"{check.p_value:.3f}"
        test = t("(chi-square {chi2}, p = {p})", chi2=chi2, p=p_value)
        text.append(f"  {test}", style="dim")
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
    BINDINGS = [Binding("escape", "close", phrase("Back"), id="close-check")]

    def __init__(self, rolls: Sequence[Roll]) -> None:
        super().__init__()
        self.checks = fairness.check_dice(rolls)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="dice-check"):
            yield Static(plain(tr(INTRO)), id="dice-check-intro")
            if not self.checks:
                none_yet = t("No real dice in the history yet: type what your dice show.")
                yield Static(plain(none_yet))
            for check in self.checks:
                yield Static(check_text(check, self.app.size.width), classes="die-check")
            with Answers():
                yield Button(plain(t("Back (esc)")), action="screen.close")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.spoken_again()

    def spoken_again(self) -> None:
        """The title and the charts (again after a switch of language)."""
        self.query_one("#dice-check").border_title = t("Is my die fair?")
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
