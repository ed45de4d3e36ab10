"""What every form's fields share: tab and shift+tab that move the focus as soon as the app reads
them. (Their look, the focus in characters and a placeholder never taken for a value, is in
`widgets/companion.tcss`.)

Textual binds tab on each screen, but a screen's binding acts only once the key has reached the
focused field and come back up from it; by then the app has already handed that field the keys
typed right behind the tab. A name, tab, tab and another name sent in one burst (a fast typist,
`tmux send-keys`, a phone's keyboard) all landed in the first field. As priority bindings these
act as the app reads the tab, before the next key, so a burst lands where the same keys typed
slowly land.
"""

from __future__ import annotations

from textual.binding import Binding

from companion.phrases import phrase

FIELD_KEYS = [
    Binding("tab", "app.focus_next", phrase("Next field"), show=False, priority=True, system=True),
    Binding(
        "shift+tab",
        "app.focus_previous",
        phrase("Previous field"),
        show=False,
        priority=True,
        system=True,
    ),
]
"""The keys of a screen or dialog with fields (`SetupScreen`, `Dialog`): next and previous field,
at once. Kept out of the footer and the keys list (`system`): tab is no key on a phone, where
a tap picks the field."""
