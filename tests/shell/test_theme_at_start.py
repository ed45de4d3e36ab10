"""A saved theme styles the app from its first frame, with the style sheets parsed once: Textual
restyles everything when the theme is set, and the start would pay for its style sheets twice."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.css.stylesheet import Stylesheet

from widgets.shell.home import HomeScreen

THEMES = ["nord", "textual-light", "gruvbox"]


def save_theme(home: Path, theme: str) -> None:
    home.mkdir(parents=True, exist_ok=True)
    (home / "settings.toml").write_text(f'format = 1\n[preferences]\ntheme = "{theme}"\n')


@pytest.mark.parametrize("theme", THEMES)
async def test_a_saved_theme_colours_the_first_frame(
    make_test_app: Any, companion_home: Path, theme: str
) -> None:
    save_theme(companion_home, theme)
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        colours = app.get_theme(theme)
        assert colours is not None
        assert app.screen.styles.background.hex.lower() == str(colours.background).lower()
        assert app.has_class(f"-theme-{theme}")
        assert app.has_class("-dark-mode") is colours.dark


async def test_a_saved_theme_parses_the_style_sheets_once(
    make_test_app: Any, companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save_theme(companion_home, "nord")
    reparsed: list[None] = []
    reparse = Stylesheet.reparse

    def counted(self: Stylesheet) -> None:
        reparsed.append(None)
        reparse(self)

    monkeypatch.setattr(Stylesheet, "reparse", counted)
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert reparsed == []
        app.theme = "textual-light"  # a theme chosen later restyles everything, as it must
        await pilot.pause()
        assert reparsed == [None]
        light = app.get_theme("textual-light")
        assert light is not None
        assert app.screen.styles.background.hex.lower() == str(light.background).lower()
