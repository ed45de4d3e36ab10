"""The box around the decision in hand, titled with whose turn it is.

Every turn passed, every undo and every redo gives the box a new title ("Mara's turn",
"Jonas decides"). Textual draws a whole widget again when its border's title is set; for this
box that is every line of its border and background, drawn under the prompt and the choices
that cover them. The title is on the box's top line alone, so only that line is drawn again.
"""

from __future__ import annotations

from typing import Self

from textual.containers import Vertical
from textual.geometry import Region

from widgets.kit.shown import plain


class DecisionBox(Vertical):
    """A `Vertical` whose title, set with `retitle`, redraws the box's top line alone."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.title = ""
        """The title as last set."""
        self.retitling = False
        """A new title is being set: what it redraws is the top line."""

    def retitle(self, title: str) -> None:
        """Title the box, unless that is its title (shown literally, never as markup)."""
        if title == self.title:
            return
        self.title = title
        self.retitling = True
        try:
            self.border_title = plain(title)
        finally:
            self.retitling = False

    def refresh(
        self,
        *regions: Region,
        repaint: bool = True,
        layout: bool = False,
        recompose: bool = False,
    ) -> Self:
        """As `Widget.refresh`; a new title asks for its top line (the border's) alone."""
        if self.retitling and not regions and not (layout or recompose):
            left, top = self.content_offset
            regions = (Region(-left, -top, self.size.width, 1),)
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)
