"""Send to BG Stats: one finished play through BG Stats' push link (docs/bgstats.md).

In a browser (`companion serve`, often the phone at the table) the link opens on that device,
where BG Stats takes it; in a terminal the link's QR code is shown full screen, to scan with the
phone that has BG Stats. The code is drawn in fixed black and white (256-colour cube 16 and 231)
so that it reads on a light theme too.
"""

from __future__ import annotations

from typing import Any

import segno
from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from companion.history.plays import Play
from companion.phrases import phrase
from lang import t
from saves.history.bgstats import push_link_of
from widgets.shell.base import CompanionScreen

BORDER = 2
"""Light modules around the code: fewer than the standard four, which phone readers accept."""
DARK, LIGHT = "color(16)", "color(231)"
UPPER_HALF = "▀"


def qr_text(content: str) -> Text:
    """The QR code of `content`, two rows of modules per line of text."""
    code = segno.make(content, error="l", micro=False)
    grid = [[bool(module) for module in row] for row in code.matrix_iter(border=BORDER)]
    text = Text(no_wrap=True, overflow="crop")
    for top in range(0, len(grid), 2):
        upper = grid[top]
        lower = grid[top + 1] if top + 1 < len(grid) else [False] * len(upper)
        for dark_top, dark_bottom in zip(upper, lower, strict=True):
            style = Style.parse(
                f"{DARK if dark_top else LIGHT} on {DARK if dark_bottom else LIGHT}"
            )
            text.append(UPPER_HALF, style)
        text.append("\n")
    text.rstrip()
    return text


class PushLinkScreen(CompanionScreen):
    """The push link's QR code, full screen, to scan with the phone that has BG Stats.

    | Key | Action |
    | --- | --- |
    | escape | Back |
    """

    HELP_TOPIC = "stats"
    CSS_PATH = "bgstats.tcss"
    BINDINGS = [Binding("escape", "back", phrase("Back"), id="push-back")]

    def __init__(self, link: str, save_id: str) -> None:
        super().__init__()
        self.link = link
        self.code = qr_text(link)
        self.save_id = save_id

    def compose(self) -> ComposeResult:
        lines = self.code.plain.splitlines()
        width, height = len(lines[0]), len(lines) + 2
        with VerticalScroll(id="push-body"):
            yield Static(
                Text(
                    t(
                        "Scan with the phone that has BG Stats: it opens with this play filled "
                        "in. The code needs a terminal of {width} columns by {height} lines or "
                        "more; the link: companion plays --bgstats-link {id}",
                        width=width,
                        height=height,
                        id=self.save_id,
                    )
                ),
                id="push-words",
            )
            yield Static(self.code, id="push-code")

    def action_back(self) -> None:
        self.dismiss()


def send_to_bgstats(screen: Any, play: Play) -> None:
    """One finished play to BG Stats: opened in the browser that asked, else shown as a QR."""
    link = push_link_of(screen.companion.store.home, play)
    if link is None:
        screen.notify(
            t("This game is still being played."), title=t("Not sent"), severity="warning"
        )
        return
    if screen.app.is_web:
        screen.app.open_url(link)
        screen.notify(t("Opening BG Stats on this device."), title=t("Send to BG Stats"))
        return
    screen.app.push_screen(PushLinkScreen(link, play.save_id))
