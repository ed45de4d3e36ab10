"""Every key of a screen in one list (`?`): the footer shows what fits, this shows the rest.

A key usable now is also a button: enter on its row, or one tap on it (a phone has no ctrl,
escape or F1), closes the list and does what the key does. The list follows the screen under
it: when another device moves the game to another stage, `follow` lists the keys of that one."""

from __future__ import annotations

from collections.abc import Iterator

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding, BindingType
from textual.containers import Vertical
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widgets import DataTable, Static

from companion.phrases import phrase
from lang import t, tr
from widgets.shell.base import Dialog
from widgets.shell.chrome import NARROW_WIDTH, KeyFooter, said

NOW, NOT_NOW, ELSEWHERE = "yes", "not now", "not here"
"""Whether a key can be used at this moment: yes, shown dimmed, or on another tab or phase
(ids; shown as `USABLE_WORDS` say them)."""
USABLE_WORDS = {
    # TRANSLATORS: the keys list's Now column: the key can be used now
    NOW: phrase("yes"),
    # TRANSLATORS: the keys list's Now column: the key cannot be used at this moment
    NOT_NOW: phrase("not now"),
    # TRANSLATORS: the keys list's Now column: the key is for another tab, phase or expansion
    ELSEWHERE: phrase("not here"),
}
NARROW_ROOM = 2 + 2 + 2 + 3 * 2
"""What the narrow list's box, padding, scrollbar and cells' padding take (and the Now
column, as wide as its longest word)."""
PALETTE_ROW = phrase("Command palette: every action by name")
TITLE = phrase(
    "Keys of this screen · now: yes, not now, or not here (another tab, phase or expansion)"
)


def from_textual(cls: type) -> bool:
    """A class of Textual itself (`Screen`, `App` ...), whose keys (tab, ctrl+c) are not the
    screen's own."""
    return cls.__module__.partition(".")[0] == "textual"


def declared_keys(owner: object) -> Iterator[list[Binding]]:
    """The bindings a screen or the app declares in its own classes and in every class it comes
    from but Textual's, key by key (each key of `escape,q` on its own), most derived first: the
    app's screens and any plug-in game's, wherever its package lives. A key's bindings are those
    of the most derived class that binds it, as Textual merges them; a key bound to several
    actions (one per stage: Cavendish's `G` announces, begins, then ends a group conflict) has
    them all, in their order."""
    keys: dict[str, list[Binding]] = {}
    declaring: dict[str, type] = {}
    for cls in type(owner).__mro__:
        if from_textual(cls):
            continue
        declared: list[BindingType] = cls.__dict__.get("BINDINGS", [])
        for item in declared:
            binding = item if isinstance(item, Binding) else Binding(*item)
            if binding.system:
                continue
            for key in binding.key.split(","):
                key = key.strip()
                if key and declaring.setdefault(key, cls) is cls:
                    one = Binding(key, binding.action, binding.description, id=binding.id)
                    keys.setdefault(key, []).append(one)
    yield from keys.values()


def live_binding(bindings: list[Binding], active: dict[str, ActiveBinding]) -> Binding:
    """Of a key's bindings, the one the key takes now (Textual's `check_action` lets one of them
    through), or its first when none is live here (another tab, phase or stage)."""
    found = active.get(bindings[0].key)
    for binding in bindings:
        if found is not None and found.binding.action == binding.action:
            return binding
    return bindings[0]


def screen_keys(screen: Screen[object]) -> list[tuple[str, str, str]]:
    """Each key of the screen then the app's: (key as shown, what it does, usable now)."""
    return [(key, description, usable) for key, description, usable, _run in key_rows(screen)]


def key_rows(screen: Screen[object]) -> list[tuple[str, str, str, tuple[DOMNode, str]]]:
    """`screen_keys`, each with where its action runs: (the screen or the app, the action)."""
    app = screen.app
    active = screen.active_bindings
    rows = []
    for owner in (screen, app):
        absent: frozenset[str] = getattr(owner, "absent_actions", frozenset())
        for bindings in declared_keys(owner):
            binding = live_binding(bindings, active)
            if binding.action in absent:  # a key of nothing in this game (no agent 4 of 3)
                continue
            found = active.get(binding.key)
            if found is None or found.binding.action != binding.action:
                usable = ELSEWHERE
            else:
                usable = NOW if found.enabled else NOT_NOW
            target = (found.node if found is not None else owner, binding.action)
            rows.append((app.get_key_display(binding), binding.description, usable, target))
    palette = Binding(app.COMMAND_PALETTE_BINDING, "command_palette", "Command palette")
    palette_row = PALETTE_ROW
    rows.append((app.get_key_display(palette), palette_row, NOW, (app, "command_palette")))
    return rows


class KeysTable(DataTable[Text]):
    """The keys in rows: a tap (or click) on a row does what enter on it does, at once. Textual's
    table only highlights a row on a first tap and selects it on a second, which made each key
    two taps away after `? More keys`."""

    def on_click(self, event: events.Click) -> None:
        row = event.style.meta.get("row")
        if isinstance(row, int) and 0 <= row < self.row_count:  # a row, not the header
            event.prevent_default()  # (Textual's own handler would select it a second time)
            event.stop()
            self.move_cursor(row=row, animate=False)
            self.action_select_cursor()


class KeysScreen(Dialog[None]):
    """The keys of the screen underneath, usable or not at this moment; any of escape, q or ?
    closes it.

    | Key | Action |
    | --- | --- |
    | escape, q, ? | Close the list |
    """

    BINDINGS = [Binding("escape,q,question_mark", "close", phrase("Close"), id="close-keys")]

    def __init__(self, under: Screen[object]) -> None:
        super().__init__()
        self.under = under
        self.rows: list[tuple[str, str, str]] = []
        self.targets: list[tuple[DOMNode, str]] = []
        self.look()

    def look(self) -> None:
        """The keys of the screen underneath as they are now."""
        found = key_rows(self.under)
        self.rows = [(key, description, usable) for key, description, usable, _run in found]
        self.targets = [run for *_row, run in found]

    def compose(self) -> ComposeResult:
        with Vertical(id="keys-box"):
            yield Static(Text(tr(TITLE)), id="keys-title")
            table = KeysTable(id="keys-table", cursor_type="row")
            self.fill(table)
            yield table
        yield KeyFooter()

    def fill(self, table: DataTable[Text]) -> None:
        """The table's columns and rows from `rows`."""
        width = self.app.size.width
        headings = (Text(t("Key")), Text(t("What it does")), Text(t("Now")))
        if width >= NARROW_WIDTH:
            table.add_columns(*headings)
        else:  # a phone: the words wrap in their column, and "Now" stays on screen
            key_width = max(len(headings[0].plain), *(len(key) for key, _w, _n in self.rows))
            now_width = max(len(tr(word)) for word in (*USABLE_WORDS.values(), headings[2].plain))
            words = max(8, min(70, width) - NARROW_ROOM - now_width - key_width)
            table.add_column(headings[0], width=key_width)
            table.add_column(headings[1], width=words)
            table.add_column(headings[2], width=now_width)
        height = 1 if width >= NARROW_WIDTH else None
        for key, description, usable in self.rows:
            now = Text(tr(USABLE_WORDS[usable]))
            table.add_row(Text(key), Text(said(description)), now, height=height)

    def follow(self) -> None:
        """The screen underneath changed (another device moved the game to another stage):
        list its keys as they are now, the cursor kept on its row."""
        self.look()
        table = self.query_one("#keys-table", KeysTable)
        row = table.cursor_row
        table.clear(columns=True)
        self.fill(table)
        if table.row_count:
            table.move_cursor(row=min(row, table.row_count - 1), animate=False)

    def action_close(self) -> None:
        self.dismiss(None)

    @on(DataTable.RowSelected, "#keys-table")
    def run_key(self, event: DataTable.RowSelected) -> None:
        """Enter or a tap on a key usable now: the list closes and the key's action runs."""
        row = event.cursor_row
        if self.rows[row][2] != NOW:
            what = said(self.rows[row][1])
            if self.rows[row][2] == ELSEWHERE:
                why = t("{what}: on another tab or phase.", what=what)
            else:
                why = t("{what}: not now.", what=what)
            self.notify(why, title=t("Not usable"), severity="warning")
            return
        node, action = self.targets[row]
        self.dismiss(None)
        self.app.call_later(self.app.run_action, action, node)
