"""One parse of each CSS source per test process, shared by every app the tests start.

Textual parses a stylesheet again from scratch whenever a screen type is first pushed in an app
(`App._load_screen_css` -> `Stylesheet.reparse()` builds a fresh `Stylesheet`, whose own parse
cache starts empty), and every test starts a new app: about 0.14 s of CPU per new screen type
per app, 4-5% of a Pilot test's CPU (docs/performance.md). The parsed rules only depend on the
source text, where it came from, the defaults flag, the tie breaker, the scope and the CSS
variables (the theme), and Textual only reads them once made, so the same rules serve every app
whose key matches. The app itself is untouched: this is installed by `tests/conftest.py` for the
test run only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet

ParseRules = Callable[..., list[RuleSet]]

_PARSED: dict[tuple[object, ...], list[RuleSet]] = {}
"""Every rule list parsed in this process, by everything its parse depends on."""
_KEY_ATTRIBUTE = "_shared_css_variables_key"


def variables_key(stylesheet: Stylesheet) -> tuple[tuple[str, str], ...]:
    """The stylesheet's CSS variables as a key, kept on the stylesheet beside the dict it was
    made from (Textual replaces that dict on a theme change, never edits it)."""
    variables: dict[str, str] = stylesheet._variables
    known = getattr(stylesheet, _KEY_ATTRIBUTE, None)
    if known is not None and known[0] is variables:
        return known[1]  # type: ignore[no-any-return]
    key = tuple(sorted(variables.items()))
    setattr(stylesheet, _KEY_ATTRIBUTE, (variables, key))
    return key


def shared_parse(parse_rules: ParseRules) -> ParseRules:
    """`Stylesheet._parse_rules` looking first in the process-wide cache; a parse that fails
    is not kept, so bad CSS fails the same way every time."""

    def parse(
        self: Stylesheet,
        css: str,
        read_from: Any,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> list[RuleSet]:
        key = (css, read_from, is_default_rules, tie_breaker, scope, variables_key(self))
        rules = _PARSED.get(key)
        if rules is None:
            rules = parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
            _PARSED[key] = rules
        return rules

    return parse


def install() -> None:
    """Share parsed CSS between all the apps of this test process (once)."""
    if not getattr(Stylesheet._parse_rules, "shared", False):
        parse = shared_parse(Stylesheet._parse_rules)
        parse.shared = True  # type: ignore[attr-defined]
        Stylesheet._parse_rules = parse  # type: ignore[method-assign]
