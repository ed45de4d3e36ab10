"""A switch of language reaches every screen at once (issue 45): each screen of the app either is
built whole by `compose`, or says how to fill itself again once composed in the new language
(`spoken_again`). A new screen that fills itself in `on_mount` and forgets this fails here."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

from textual.screen import Screen

import widgets
from widgets.app import speaks_again
from widgets.shell.language import LanguageDialog

NEVER_OPEN_AT_A_SWITCH = {LanguageDialog}
"""The Language dialog closes before the language it picked is spoken."""


def every_screen_class() -> list[type[Screen[object]]]:
    found = []
    for module in pkgutil.walk_packages(widgets.__path__, "widgets."):
        for _name, value in vars(importlib.import_module(module.name)).items():
            if (
                inspect.isclass(value)
                and issubclass(value, Screen)
                and value.__module__ == module.name
            ):
                found.append(value)
    return found


def test_every_screen_says_its_words_again_after_a_switch() -> None:
    screens = every_screen_class()
    assert len(screens) > 30, "the reading found the app's screens"
    silent = [
        f"{screen.__module__}.{screen.__qualname__}"
        for screen in screens
        if screen not in NEVER_OPEN_AT_A_SWITCH and not speaks_again(screen)
    ]
    assert silent == []
