"""The shared CSS parse: the same source and theme are parsed once per process, a different
theme or scope gets its own rules, and bad CSS still fails every time."""

from __future__ import annotations

import pytest
from textual.css.stylesheet import Stylesheet, StylesheetParseError

from tests.support import css_cache

CSS = "Static { color: $accent; }"


def rules_of(variables: dict[str, str], css: str = CSS, scope: str = "") -> list[object]:
    """The rules a fresh stylesheet (as `reparse` makes one) gets for `css`."""
    stylesheet = Stylesheet(variables=variables)
    stylesheet.add_source(css, read_from=("test.tcss", ""), scope=scope)
    stylesheet.parse()
    return list(stylesheet.rules)


def test_the_harness_installs_the_shared_parse_once() -> None:
    installed = Stylesheet._parse_rules
    assert getattr(installed, "shared", False)
    css_cache.install()
    assert Stylesheet._parse_rules is installed


def test_a_fresh_stylesheet_reuses_the_rules_parsed_before() -> None:
    first = rules_of({"accent": "red"})
    again = rules_of({"accent": "red"})
    assert [id(rule) for rule in again] == [id(rule) for rule in first]


def test_another_theme_or_scope_gets_its_own_rules() -> None:
    red = rules_of({"accent": "red"})
    blue = rules_of({"accent": "blue"})
    scoped = rules_of({"accent": "red"}, scope="HomeScreen")
    assert red[0] is not blue[0] and red[0] is not scoped[0]
    assert str(red[0].styles.color) != str(blue[0].styles.color)  # type: ignore[attr-defined]


def test_bad_css_fails_every_time() -> None:
    for _ in range(2):
        with pytest.raises(StylesheetParseError):
            rules_of({}, css="Static { colour: red; }")
