"""A plug-in game's own catalogs: its words in the reader's language, read after the app's."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

import lang
from widgets.shell import games
from widgets.shell.games import GameUI, register_ui


def catalog_at(folder: Path, code: str, messages: dict[str, str]) -> None:
    made = Catalog(locale=code, domain="pebbles")
    for english, translated in messages.items():
        made.add(english, translated)
    buffer = io.BytesIO()
    write_mo(buffer, made)
    target = folder / code / "LC_MESSAGES"
    target.mkdir(parents=True)
    (target / "pebbles.mo").write_bytes(buffer.getvalue())


@pytest.fixture
def plugin_folder(tmp_path: Path) -> Iterator[Path]:
    kept = list(lang._reader.folders)
    yield tmp_path / "locale"
    lang._reader.folders[:] = kept
    games.ADDED_UIS.pop("pebbles-test", None)
    lang.use(lang.SOURCE)


def test_a_plug_in_s_words_follow_the_reader_and_never_change_the_app_s(
    plugin_folder: Path,
) -> None:
    catalog_at(plugin_folder, "fr", {"Take a pebble": "Prendre un caillou", "Undo": "PIRATE"})
    (plugin_folder / "de" / "LC_MESSAGES").mkdir(parents=True)
    (plugin_folder / "de" / "LC_MESSAGES" / "pebbles.mo").write_bytes(b"not a catalog")
    lang.use("fr")
    assert lang.t("Take a pebble") == "Take a pebble"  # not known before the plug-in comes
    register_ui(
        GameUI("pebbles-test", setup_screen=object, play_screen=object, catalogs=plugin_folder)
    )
    assert lang.t("Take a pebble") == "Prendre un caillou"  # at once, in the language in use
    assert lang.t("Undo") == "Annuler"  # the app's own word stays the app's
    lang.use("de")  # a damaged catalog of the plug-in: its words in English, nothing fails
    assert lang.t("Take a pebble") == "Take a pebble"
    assert lang.t("Undo") == "Rückgängig"
    assert "pebbles" not in lang.available()  # a plug-in adds no language
