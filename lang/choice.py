"""Which language a person gets: `--lang`, then the choice made in the app, then what the
browser asks for (`Accept-Language`), then the system's locale, then English.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping

from lang.reader import SOURCE, available

SYSTEM = "system"
"""The choice in the app that means "the system's (or the browser's) language"."""


def own_name(code: str) -> str:
    """A language as its speakers write it ("English", "Français", "Deutsch")."""
    from babel import Locale, UnknownLocaleError

    try:
        name = Locale.parse(code).get_display_name(code) or code
    except (ValueError, UnknownLocaleError):
        return code
    return name[:1].upper() + name[1:]


def from_environment(environ: Mapping[str, str] | None = None) -> str | None:
    """The language the system's locale asks for (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, as
    gettext reads them), if the app speaks it."""
    environ = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable, "")
        if not value:
            continue
        wanted = [part.split(".")[0].split("@")[0] for part in value.split(":")]
        for code in wanted:
            primary = code.replace("-", "_").split("_")[0].lower()
            if primary in ("c", "posix"):
                return None
            if primary in available():
                return primary
        return None
    return None


def negotiate(accept_language: str) -> str | None:
    """The language a browser asks for in its `Accept-Language` header, best first by its
    weights, if the app speaks it (`fr-CH,fr;q=0.9,en;q=0.8` -> "fr")."""
    weighed: list[tuple[float, int, str]] = []
    for index, item in enumerate(accept_language.split(",")[:32]):
        tag, _, weight = item.strip().partition(";")
        quality = 1.0
        if weight.strip().startswith("q="):
            try:
                quality = float(weight.strip()[2:])
            except ValueError:
                quality = 0.0
        primary = tag.strip().split("-")[0].lower()
        if primary and quality > 0:
            weighed.append((-quality, index, primary))
    speaks = available()
    return next((code for _, _, code in sorted(weighed) if code in speaks), None)


def choose(
    flag: str | None = None,
    setting: str | None = None,
    browser: str | None = None,
    environ: Mapping[str, str] | None = None,
) -> str:
    """The language to use: `--lang`, then the choice made in the app (on a served device, that
    device's own), then what the browser asks for (its `Accept-Language`), then the system's
    locale, then English. A choice the app does not speak is passed over."""
    speaks = available()
    for wanted in (flag, setting):
        if wanted and wanted != SYSTEM and wanted in speaks:
            return wanted
    return (negotiate(browser) if browser else None) or from_environment(environ) or SOURCE


BROWSER_LANGUAGES = "COMPANION_ACCEPT_LANGUAGE"
"""The environment variable `companion serve` hands a browser's app: its `Accept-Language`."""


def listed(codes: Iterable[str]) -> str:
    """Codes for a message: "en, fr, de"."""
    return ", ".join(codes)
