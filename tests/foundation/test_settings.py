"""Settings and the roll log: remembered between runs, damaged files never written over."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from companion import dice
from saves.paths import rolls_path, settings_path
from saves.settings import MAX_ROLLS, RollLog, SettingsStore
from tests.conftest import fixed_clock


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


def test_rolls_survive_a_restart_newest_first_and_capped(companion_home: Path) -> None:
    log = RollLog(companion_home, fixed_clock)
    for face in range(1, 7):
        log.add(dice.physical("d6", [face]))
    again = RollLog(companion_home, fixed_clock)
    assert [roll.faces for _when, roll in again.rolls] == [(6,), (5,), (4,), (3,), (2,), (1,)]
    for _ in range(MAX_ROLLS + 5):
        again.add(dice.physical("d6", [1]))
    assert len(RollLog(companion_home, fixed_clock).rolls) == MAX_ROLLS


def test_a_damaged_roll_log_is_left_alone(companion_home: Path) -> None:
    path = rolls_path(companion_home)
    path.parent.mkdir(parents=True)
    path.write_text('format = 1\n[[rolls]]\nexpression = "d6"\n')
    log = RollLog(companion_home, fixed_clock)
    assert log.problem is not None
    assert log.rolls == []
    assert log.add(dice.physical("d6", [2])) is False
    assert path.read_text() == 'format = 1\n[[rolls]]\nexpression = "d6"\n'
