"""Many processes, one data folder: rolls and settings written by several at once lose nothing.

Before `saves.shared.lock.update`, five `companion roll` loops of 50 kept 199-209 of 250 rolls, and
a window choosing a theme erased a setting another window had just written.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from saves.paths import locks_dir, rolls_path, settings_path
from saves.shared.rolls import RollLog
from saves.shared.settings import SettingsStore
from tests.conftest import fixed_clock

ROOT = Path(__file__).resolve().parents[2]
WORKER = "tests.quality.shared_worker"


def run_workers(home: Path, kind: str, names: list[str], count: int) -> None:
    """Start one worker per name at once and wait for all; none may have lost anything."""
    workers = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tests.quality.shared_worker",
                str(home),
                kind,
                name,
                str(count),
            ],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        for name in names
    ]
    for process in workers:
        out, err = process.communicate(timeout=600)
        assert process.returncode == 0, err
        assert out == "", out  # no worker lost a roll or a setting


def check_rolls(home: Path, names: list[str], count: int) -> None:
    labels = [entry.label for entry in RollLog(home, fixed_clock).rolls]
    expected = {f"{name} {number}" for name in names for number in range(1, count + 1)}
    assert sorted(labels) == sorted(expected)  # every roll once, none lost, none twice
    for name in names:  # and each process's rolls in the order it made them
        mine = [label for label in labels if label.startswith(f"{name} ")]
        assert mine == [f"{name} {number}" for number in range(1, count + 1)]


def check_settings(home: Path, names: list[str], count: int) -> None:
    settings = SettingsStore(home)
    everyone = {f"{name} {number}" for name in names for number in range(1, count + 1)}
    for name in names:
        for number in range(1, count + 1):
            assert settings.preference(f"{name}-{number}", 0) == number
    assert set(settings.preference("player_colours", {})) == everyone
    known = settings.preference("known_players", [])
    assert sorted(known) == sorted(everyone)


def test_four_processes_rolling_at_once_keep_every_roll(companion_home: Path) -> None:
    names = ["a", "b", "c", "d"]
    run_workers(companion_home, "rolls", names, 50)
    check_rolls(companion_home, names, 50)


def test_four_processes_changing_settings_at_once_keep_every_change(companion_home: Path) -> None:
    names = ["a", "b", "c", "d"]
    run_workers(companion_home, "settings", names, 15)
    check_settings(companion_home, names, 15)


@pytest.mark.slow
def test_eight_processes_rolling_and_eight_setting_at_once(companion_home: Path) -> None:
    names = [f"w{number}" for number in range(8)]
    run_workers(companion_home, "rolls", names, 150)
    check_rolls(companion_home, names, 150)
    run_workers(companion_home, "settings", names, 60)
    check_settings(companion_home, names, 60)


def test_the_lock_files_are_beside_the_games_locks_and_never_the_data_files(
    companion_home: Path,
) -> None:
    SettingsStore(companion_home).set_preference("theme", "nord")
    assert (locks_dir(companion_home) / "settings.toml.lock").is_file()
    assert settings_path(companion_home).is_file() and not rolls_path(companion_home).exists()
