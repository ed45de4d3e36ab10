"""A browser's memory of its last game (`locks/device-*.last`): the game and how many of its
records the device showed, read from the earlier one-id form too; a damaged count is unknown
and the game still remembered; a file that cannot be written loses only the memory."""

from __future__ import annotations

from pathlib import Path

import pytest

from saves.shared.devices import LastGame, device_file, last_game, remember_game, remembered

SECRET = "p" * 32


def test_the_game_and_its_count_are_remembered_and_read_back(companion_home: Path) -> None:
    remember_game(companion_home, SECRET, "a-game", 12)
    assert device_file(companion_home, SECRET).read_text("ascii") == "a-game 12\n"
    assert remembered(companion_home, SECRET) == LastGame("a-game", 12)
    assert last_game(companion_home, SECRET) == "a-game"
    remember_game(companion_home, SECRET, "another", 3)
    assert remembered(companion_home, SECRET) == LastGame("another", 3)


@pytest.mark.parametrize(
    ("content", "read"),
    [
        (b"a-game\n", LastGame("a-game", None)),  # an earlier version's memory: no count
        (b"a-game 0012\n", LastGame("a-game", 12)),
        (b"a-game twelve\n", LastGame("a-game", None)),
        (b"a-game -1\n", LastGame("a-game", None)),
        (b"a-game 1e9\n", LastGame("a-game", None)),
        (b"a-game 12345678901\n", LastGame("a-game", None)),
        (b"a-game 1 2\n", None),
        (b"\n", None),
        (b"A-GAME 3\n", None),
        (b"a-game\x00 3\n", None),
        (b"a-game 3" + b" " * 300, None),  # larger than a memory
    ],
)
def test_a_damaged_memory_is_read_as_far_as_it_can_be(
    companion_home: Path, content: bytes, read: LastGame | None
) -> None:
    path = device_file(companion_home, SECRET)
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    assert remembered(companion_home, SECRET) == read


def test_a_memory_that_cannot_be_written_is_only_lost(companion_home: Path) -> None:
    companion_home.mkdir(parents=True)
    (companion_home / "locks").write_text("a file where the folder should be")
    remember_game(companion_home, SECRET, "a-game", 4)  # says nothing, raises nothing
    assert remembered(companion_home, SECRET) is None


def test_a_memory_linked_out_of_the_data_folder_is_not_written_through(
    companion_home: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("kept\n")
    path = device_file(companion_home, SECRET)
    path.parent.mkdir(parents=True)
    path.symlink_to(outside)
    remember_game(companion_home, SECRET, "a-game", 4)
    assert outside.read_text() == "kept\n"
