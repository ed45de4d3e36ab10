"""One truthful word for how a dialog closes: an answer's key in its label ("Close (esc)") is the
key the footer shows for that answer ("esc Close"), in every dialog of the app."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from collections.abc import Iterator
from typing import Any

from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Button

import widgets
from widgets.shell.chrome import FooterKey
from widgets.sojourn.dialogs import InfoDialog

SHOWN = {"esc": "escape", "⌫": "backspace"}
"""A key as a label writes it -> as a binding names it."""
ANSWER = re.compile(
    r'Button\(\s*(?:plain\(t\()?"([^"]*?) \(([^)]+)\)"\)*,[^)]*?action="screen\.(\w+)'
)
"""An answer in a dialog's `compose`: its words, its key, the dialog's action it runs (its
words said now: `Button(plain(t("Close (esc)")), ...)`)."""


def screens() -> Iterator[type[Screen[Any]]]:
    for module in pkgutil.walk_packages(widgets.__path__, "widgets."):
        importlib.import_module(module.name)
    found: list[type[Screen[Any]]] = [Screen]
    while found:
        screen = found.pop()
        found.extend(screen.__subclasses__())
        if screen.__module__.startswith("widgets."):
            yield screen


def bindings(screen: type[Screen[Any]]) -> list[Binding]:
    return [
        binding
        for klass in reversed(screen.__mro__)
        for binding in klass.__dict__.get("BINDINGS", [])
        if isinstance(binding, Binding)
    ]


def test_every_answer_names_the_key_the_footer_shows() -> None:
    """For each answer with its key in its label, a binding of that action shows that key in
    the footer (its first key). An answer with no binding is its field's own enter."""
    wrong = []
    for screen in set(screens()):
        source = inspect.getsource(screen.compose) if "compose" in screen.__dict__ else ""
        for words, key, action in ANSWER.findall(source):
            shown = [b.key.split(",")[0] for b in bindings(screen) if b.action == action]
            if shown and SHOWN.get(key, key) not in shown:
                wrong.append(f"{screen.__name__}: {words} ({key}), the footer: {shown}")
    assert wrong == []


async def test_the_sojourn_outlook_closes_as_its_footer_says(make_test_app: Any) -> None:
    """The friction: "Close (enter)" beside the footer's "esc Close"."""
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(InfoDialog("Can I still make it home?", "Yes: Troy is 1 charge away."))
        await pilot.pause()
        (answer,) = app.screen.query(Button)
        footer = {key.description: key.key_display for key in app.screen.query(FooterKey)}
        assert str(answer.label) == f"Close ({footer['Close']})" == "Close (esc)"
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, InfoDialog)
