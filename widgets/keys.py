"""Every key of a screen in one list (`?`): the footer shows what fits, this shows the rest."""

from __future__ import annotations

from collections.abc import Iterator

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static

from widgets.base import Dialog
from widgets.chrome import KeyFooter

NOW, NOT_NOW, ELSEWHERE = "yes", "not now", "not here"
"""Whether a key can be used at this moment: yes, shown dimmed, or on another tab or phase."""
TITLE = "Keys of this screen · now: yes, not now, or not here (another tab, phase or expansion)"


def declared_bindings(owner: object) -> Iterator[Binding]:
    """The bindings a screen or the app declares in the project's classes, most derived first,
    one per key (each key of `escape,q` on its own)."""
    seen: set[str] = set()
    for cls in type(owner).__mro__:
        if not cls.__module__.startswith("widgets."):
            continue
        declared: list[BindingType] = cls.__dict__.get("BINDINGS", [])
        for item in declared:
            binding = item if isinstance(item, Binding) else Binding(*item)
            for key in binding.key.split(","):
                key = key.strip()
                if key and key not in seen and not binding.system:
                    seen.add(key)
                    yield Binding(key, binding.action, binding.description, id=binding.id)


def screen_keys(screen: Screen[object]) -> list[tuple[str, str, str]]:
    """Each key of the screen then the app's: (key as shown, what it does, usable now)."""
    app = screen.app
    active = screen.active_bindings
    rows = []
    for owner in (screen, app):
        for binding in declared_bindings(owner):
            found = active.get(binding.key)
            if found is None or found.binding.action != binding.action:
                usable = ELSEWHERE
            else:
                usable = NOW if found.enabled else NOT_NOW
            rows.append((app.get_key_display(binding), binding.description, usable))
    palette = Binding(app.COMMAND_PALETTE_BINDING, "command_palette", "Command palette")
    rows.append((app.get_key_display(palette), "Command palette: every action by name", NOW))
    return rows


class KeysScreen(Dialog[None]):
    """The keys of the screen underneath, usable or not at this moment; any of escape, q or ?
    closes it.

    | Key | Action |
    | --- | --- |
    | escape, q, ? | Close the list |
    """

    BINDINGS = [Binding("escape,q,question_mark", "close", "Close", id="close-keys")]

    def __init__(self, under: Screen[object]) -> None:
        super().__init__()
        self.rows = screen_keys(under)

    def compose(self) -> ComposeResult:
        with Vertical(id="keys-box"):
            yield Static(TITLE, id="keys-title")
            table: DataTable[Text] = DataTable(id="keys-table", cursor_type="row")
            table.add_columns("Key", "What it does", "Now")
            for key, description, usable in self.rows:
                table.add_row(Text(key), Text(description), Text(usable))
            yield table
        yield KeyFooter()

    def action_close(self) -> None:
        self.dismiss(None)
