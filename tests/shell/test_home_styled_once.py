"""Home is styled once at start (issue 44): it is built with its width's class (`-narrow`,
`-wide`), which Textual gives at the screen's first resize and restyled home and every widget on
it for; and its first showing, just after its widgets were styled at their mount, restyles
nothing. The class still follows every later resize, and home is restyled when shown again."""

from __future__ import annotations

from typing import Any

import pytest
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode

from widgets.shell.home import HomeScreen


@pytest.mark.parametrize(("width", "kind"), [(44, "-narrow"), (80, "-wide"), (120, "-wide")])
async def test_home_is_styled_with_its_width_class_from_the_start(
    make_test_app: Any, monkeypatch: pytest.MonkeyPatch, width: int, kind: str
) -> None:
    styled: list[DOMNode] = []
    apply = Stylesheet.apply

    def counted(self: Stylesheet, node: DOMNode, *args: Any, **kwargs: Any) -> None:
        styled.append(node)
        apply(self, node, *args, **kwargs)

    monkeypatch.setattr(Stylesheet, "apply", counted)
    app = make_test_app()
    async with app.run_test(size=(width, 30)) as pilot:
        await pilot.pause()
        home = app.screen
        assert isinstance(home, HomeScreen)
        assert home.has_class(kind)
        other = "-wide" if kind == "-narrow" else "-narrow"
        assert not home.has_class(other)
        assert sum(node is home for node in styled) == 1  # at its mount, and no more
        await pilot.resize_terminal(60 if kind == "-wide" else 100, 30)
        await pilot.pause()
        assert home.has_class(other) and not home.has_class(kind)
        styled.clear()
        await pilot.press("question_mark")  # the keys list over home, then closed
        await pilot.pause()
        assert app.screen is not home
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is home
        assert sum(node is home for node in styled) >= 1  # shown again: restyled
