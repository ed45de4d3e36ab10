"""A setup's form as the games' setups lay it out: one row per field (its label, then the
field), and the players field that offers the last game's players and completes known names.

A setup screen reads the styles with `CSS_PATH = [SETUP_CSS, ...]`; the fields' own look (the
focus in characters, a placeholder never taken for a value) is the app's, for every field.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Input, Label

from saves.shared.settings import SettingsStore
from widgets.kit.players import NamesSuggester, known_names, last_players

SETUP_CSS = Path(__file__).with_name("setup_form.tcss")
"""The setup form's styles: a `FieldRow` is a label of 22 columns and its field beside it, the
label above the field on a narrow screen (a phone)."""

MAX_NAME = 40
"""The longest player name a players field takes."""


class FieldRow(Horizontal):
    """One field of a setup with its label: `Players  [Ana, Ben        ]`."""

    DEFAULT_CLASSES = "setup-field"

    def __init__(self, label: str, field: Widget) -> None:
        super().__init__(Label(label, classes="setup-field-label", markup=False), field)


def split_names(text: str) -> tuple[str, ...]:
    """The names typed in a players field, in seat order: comma-separated, each name's spaces
    tidied, empty ones left out."""
    return tuple(name for part in text.split(",") if (name := " ".join(part.split())))


class PlayersField(Input):
    """The players in seat order, comma between names: the last game of this kind's players at
    first (or `defaults`), and while a name is typed, the names typed in any setup before.

    Remember them when the game starts (`remember_players`), so the next setup offers them."""

    def __init__(
        self,
        settings: SettingsStore,
        game_id: str,
        defaults: Sequence[str] = (),
        id: str | None = None,
    ) -> None:
        last = last_players(settings, game_id) or list(defaults)
        super().__init__(
            ", ".join(last),
            placeholder="Ana, Ben",
            suggester=NamesSuggester(known_names(settings)),
            max_length=MAX_NAME * 8,
            id=id,
        )

    @property
    def names(self) -> tuple[str, ...]:
        """The names typed, in seat order."""
        return split_names(self.value)
