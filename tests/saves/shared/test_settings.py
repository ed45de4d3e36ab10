"""Settings: remembered between runs, damaged files never written over."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from saves.paths import settings_path
from saves.shared.settings import SettingsStore


@dataclass(frozen=True)
class Cards:
    level: int
    names: tuple[str, ...]


def test_preferences_and_card_data_are_remembered(companion_home: Path) -> None:
    settings = SettingsStore(companion_home)
    assert settings.preference("theme", "textual-dark") == "textual-dark"
    assert settings.set_preference("theme", "nord")
    assert settings.remember("cavendish", Cards(4, ("Anton", "Amy")))
    again = SettingsStore(companion_home)
    assert again.preference("theme", "textual-dark") == "nord"
    assert again.remembered("cavendish", Cards, Cards(0, ())) == Cards(4, ("Anton", "Amy"))


def test_mistyped_values_fall_back_to_defaults(companion_home: Path) -> None:
    path = settings_path(companion_home)
    path.parent.mkdir(parents=True)
    path.write_text('format = 1\n[preferences]\ntheme = 3\n[cards.cavendish]\nlevel = "x"\n')
    settings = SettingsStore(companion_home)
    assert settings.problem is None
    assert settings.preference("theme", "textual-dark") == "textual-dark"
    assert settings.remembered("cavendish", Cards, Cards(1, ())) == Cards(1, ())


def test_a_damaged_settings_file_is_reported_and_never_overwritten(companion_home: Path) -> None:
    path = settings_path(companion_home)
    path.parent.mkdir(parents=True)
    path.write_bytes(b"format = 1\n[preferences\n")
    settings = SettingsStore(companion_home)
    assert settings.problem is not None and "line 2" in settings.problem
    assert settings.set_preference("theme", "nord") is False
    assert path.read_bytes() == b"format = 1\n[preferences\n"
