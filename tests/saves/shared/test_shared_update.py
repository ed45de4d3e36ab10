"""`saves.shared.lock.update`: one change of a shared file at a time, on its newest content."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion import dice
from saves.paths import locks_dir, rolls_path, settings_path
from saves.shared import lock as shared
from saves.shared.lock import Busy, holding, lock_path, update
from saves.shared.rolls import RollLog
from saves.shared.settings import SettingsStore, merged
from tests.conftest import fixed_clock


def test_a_change_applies_to_what_the_file_holds_now(tmp_path: Path) -> None:
    path = tmp_path / "shared.txt"
    path.write_text("one\n")
    seen: list[bytes | None] = []

    def add_two(content: bytes | None, _mark: object) -> str:
        seen.append(content)
        return (content or b"").decode() + "two\n"

    update(path, add_two, locks=tmp_path / "locks", limit=1000)
    assert seen == [b"one\n"] and path.read_text() == "one\ntwo\n"
    assert (tmp_path / "locks" / "shared.txt.lock").is_file()


def test_a_held_lock_is_busy_after_the_deadline_and_the_file_is_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "shared.txt"
    path.write_text("one\n")
    with holding(lock_path(path, tmp_path / "locks")), pytest.raises(Busy) as busy:
        update(path, lambda *_: "two\n", locks=tmp_path / "locks", limit=1000, deadline=0.05)
    assert "another window is saving" in str(busy.value)
    assert path.read_text() == "one\n"


def test_the_lock_is_never_inherited_by_a_child(tmp_path: Path) -> None:
    lock = lock_path(tmp_path / "x", tmp_path)
    with holding(lock):
        descriptors = [int(fd) for fd in os.listdir("/proc/self/fd")]
        flags = [
            os.get_inheritable(fd)
            for fd in descriptors
            if os.path.realpath(f"/proc/self/fd/{fd}") == str(lock)
        ]
    assert flags == [False]


def test_a_roll_made_while_another_window_saves_waits_and_is_written_after(
    companion_home: Path,
) -> None:
    log = RollLog(companion_home, fixed_clock, deadline=0.05)
    log.add(dice.physical("d6", [1]))
    with holding(lock_path(rolls_path(companion_home), locks_dir(companion_home))):
        assert log.add(dice.physical("d6", [2])) is None  # a short wait: no word yet
        assert log.pending == 1 and [e.roll.faces for e in log.rolls] == [(1,), (2,)]
    assert log.retry() is None and log.pending == 0
    assert [e.roll.faces for e in RollLog(companion_home, fixed_clock).rolls] == [(1,), (2,)]


def test_a_long_wait_is_said_once_in_words_and_not_as_lost(
    companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(shared, "DEADLINE_SECONDS", 0.0)
    log = RollLog(companion_home, fixed_clock, deadline=0.01)
    with holding(lock_path(rolls_path(companion_home), locks_dir(companion_home))):
        notice = log.add(dice.physical("d6", [5]))
    assert notice is not None and "Another window is saving the rolls" in notice
    assert "not kept" not in notice and log.pending == 1


def test_rolls_of_another_process_made_meanwhile_are_kept(companion_home: Path) -> None:
    mine, theirs = RollLog(companion_home, fixed_clock), RollLog(companion_home, fixed_clock)
    mine.add(dice.physical("d6", [1]), "mine 1")
    theirs.add(dice.physical("d6", [2]), "theirs 1")
    mine.add(dice.physical("d6", [3]), "mine 2")
    labels = [e.label for e in RollLog(companion_home, fixed_clock).rolls]
    assert labels == ["mine 1", "theirs 1", "mine 2"]
    assert [e.label for e in theirs.rolls] == labels  # read again: it changed


def test_a_setting_changed_in_one_window_is_the_only_thing_it_writes(companion_home: Path) -> None:
    first, second = SettingsStore(companion_home), SettingsStore(companion_home)
    first.set_preference("serve-token", "kept")
    second.set_preference("theme", "nord")  # read before the token was written
    again = SettingsStore(companion_home)
    assert again.preference("serve-token", "") == "kept"
    assert again.preference("theme", "") == "nord"
    assert first.preference("theme", "") == "nord"  # the other window reads it again


def test_tables_and_lists_are_merged_element_by_element(companion_home: Path) -> None:
    first, second = SettingsStore(companion_home), SettingsStore(companion_home)
    first.set_preference("player_colours", {"Ana": "red"})
    second.stored_preference("player_colours")  # read: Ana is there
    first.set_preference("player_colours", {"Ana": "red", "Ben": "blue"})
    second.set_preference("player_colours", {"Ana": "green"})  # changes Ana, knows no Ben
    assert SettingsStore(companion_home).preference("player_colours", {}) == {
        "Ana": "green",
        "Ben": "blue",
    }


@pytest.mark.parametrize(
    ("before", "mine", "theirs", "expected"),
    [
        ({"a": 1}, {"a": 1, "b": 2}, {"a": 1, "c": 3}, {"a": 1, "b": 2, "c": 3}),
        ({"a": 1, "b": 2}, {"a": 1}, {"a": 1, "b": 2, "c": 3}, {"a": 1, "c": 3}),
        ({"a": 1}, {"a": 5}, {"a": 9}, {"a": 5}),
        (
            {"a": {"x": 1}},
            {"a": {"x": 1, "y": 2}},
            {"a": {"x": 1, "z": 3}},
            {"a": {"x": 1, "y": 2, "z": 3}},
        ),
        (["Ana"], ["Ben", "Ana"], ["Cid", "Ana"], ["Ben", "Ana", "Cid"]),
        (["Ana", "Ben"], ["Ana"], ["Ana", "Ben", "Cid"], ["Ana", "Cid"]),
        (["Ana", "Ben"], ["Ana", "Ben", "Dan"], ["Ben"], ["Ben", "Dan"]),
        ("dark", "light", "nord", "light"),
    ],
)
def test_merged_keeps_both_windows_changes(
    before: object, mine: object, theirs: object, expected: object
) -> None:
    assert merged(before, mine, theirs) == expected


def test_a_setting_that_waits_is_shown_and_written_later(companion_home: Path) -> None:
    settings = SettingsStore(companion_home, deadline=0.05)
    settings.set_preference("theme", "nord")
    with holding(lock_path(settings_path(companion_home), locks_dir(companion_home))):
        assert settings.set_preference("theme", "dracula") is False
        assert settings.preference("theme", "") == "dracula"  # this window sees its change
        assert SettingsStore(companion_home).preference("theme", "") == "nord"
    assert settings.retry() is True
    assert SettingsStore(companion_home).preference("theme", "") == "dracula"


def test_a_file_damaged_by_another_program_meanwhile_is_never_written_over(
    companion_home: Path,
) -> None:
    settings = SettingsStore(companion_home)
    settings.set_preference("theme", "nord")
    settings_path(companion_home).write_text("this is = = not toml")
    assert settings.set_preference("theme", "dracula") is False
    assert settings_path(companion_home).read_text() == "this is = = not toml"
    assert settings.problem is not None and "not valid TOML" in settings.problem
