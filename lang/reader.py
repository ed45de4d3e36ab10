"""The language in use and its catalogs: the one state of `lang`, read by its other modules.

A language is a folder `lang/locale/<code>/LC_MESSAGES/` of compiled catalogs, one per part of
the app; a plug-in may bring its own folder (`add_catalogs`), read after the app's. One language
is in use per process (each device of `companion serve` has its own process).
"""

from __future__ import annotations

import gettext
import re
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
SOURCE = "en"
"""The language the app is written in: its words are the catalogs' message ids."""

_CODE = re.compile(r"^[a-z]{2,3}$")


class _Reader:
    """The language in use and its catalogs, chained (one `.mo` per part of the app, then each
    plug-in's own)."""

    def __init__(self) -> None:
        self.code = SOURCE
        self.catalog: gettext.NullTranslations = gettext.NullTranslations()
        self.folders: list[Path] = [LOCALE_DIR]
        """Where catalogs are read from: the app's own first, so a plug-in's catalog never
        changes the app's words."""


_reader = _Reader()


def available() -> tuple[str, ...]:
    """The languages the app speaks: English first, then each catalog folder, by code."""
    try:
        found = sorted(
            folder.name
            for folder in LOCALE_DIR.iterdir()
            if _CODE.match(folder.name) and any((folder / "LC_MESSAGES").glob("*.mo"))
        )
    except OSError:
        found = []
    return (SOURCE, *(code for code in found if code != SOURCE))


def load(code: str) -> gettext.NullTranslations:
    """The catalogs of `code` chained into one; English (or a language without a readable
    catalog) is the identity."""
    chained: gettext.NullTranslations = gettext.NullTranslations()
    if code == SOURCE or not _CODE.match(code):
        return chained
    files: list[Path] = []
    for folder in _reader.folders:
        try:
            files += sorted((folder / code / "LC_MESSAGES").glob("*.mo"))
        except OSError:  # a plug-in's folder gone or unreadable: its words stay English
            continue
    first: gettext.NullTranslations | None = None
    for path in files:
        try:
            with path.open("rb") as stream:
                part = gettext.GNUTranslations(stream)
        except (OSError, ValueError, UnicodeDecodeError):  # damaged: its messages stay English
            continue
        if first is None:
            first = part
        else:
            first.add_fallback(part)
    return first if first is not None else chained


def use(code: str) -> str:
    """Show every word from now on in `code` (English when no catalog speaks it); returns the
    language now in use."""
    known = code if code in available() else SOURCE
    _reader.catalog = load(known)
    _reader.code = known
    return known


def add_catalogs(folder: Path) -> None:
    """A plug-in game's own catalogs (`folder/<code>/LC_MESSAGES/*.mo`), read after the app's
    in the language in use and in every one switched to. A plug-in adds no language: the app's
    languages are those it has catalogs for."""
    if folder not in _reader.folders:
        _reader.folders.append(folder)
        _reader.catalog = load(_reader.code)


def current() -> str:
    """The code of the language in use ("en", "fr", "de")."""
    return _reader.code


def lookup(message: str) -> str:
    """`message` in the language in use, nothing filled (a help page's block)."""
    return _reader.catalog.gettext(message)
