"""A killed write leaves nothing behind for long (issue 41): the temp files of writes killed
before their rename are removed at the next start from every folder the companion writes, once
older than any write takes; nothing else is touched, and nothing through a link."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from saves import files
from saves.cleanup import remove_leftovers, written_folders
from saves.games.store import SaveStore
from saves.paths import checkpoints_dir, recorded_dir
from tests.conftest import fixed_clock
from tests.support.toy import TALLY, TallySetup

LEFTOVERS = [
    ".settings.toml.k2j4_x9a.tmp",
    ".rolls.toml.abcd1234.tmp",
    ".listing-cache.json.q1w2e3r4.tmp",
    ".serve-token.0123456789abcdef.tmp",
]
SIDE_LEFTOVERS = {
    "games": ".tally-20261129-120000.toml.z9y8x7w6.tmp",
    "recorded": ".recorded-import-20261129-120000.jsonl.a1b2c3d4.tmp",
    "exports": ".tally-1.md.q1w2e3.tmp",
    "checkpoints": ".key.m3n4b5v6.tmp",
    "locks": ".tally-1.seats.toml.p0o9i8u7.tmp",
}


def aged(path: Path, seconds: float) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("half written")
    then = time.time() - seconds
    os.utime(path, (then, then))
    return path


def test_old_temp_files_go_from_every_folder_the_app_writes(companion_home: Path) -> None:
    store = SaveStore(companion_home, fixed_clock, games={"tally": TALLY})
    store.create(TALLY, TallySetup())
    old = 2 * files.STALE_TEMP_SECONDS
    left = [aged(companion_home / name, old) for name in LEFTOVERS]
    left += [aged(companion_home / folder / name, old) for folder, name in SIDE_LEFTOVERS.items()]
    assert {path.parent for path in left} == set(written_folders(companion_home))
    recent = aged(recorded_dir(companion_home) / ".recorded-import-1.jsonl.r4e3w2q1.tmp", 60)
    mine = [
        aged(companion_home / "games" / "notes.tmp", old),
        aged(companion_home / ".notes.tmp", old),
        aged(companion_home / "games" / "tally-1.toml", old),
    ]
    store.listing()  # what the app's start and `companion list` do
    assert [path for path in left if path.exists()] == []
    assert recent.exists() and all(path.exists() for path in mine)


def test_a_link_is_removed_as_a_link_and_a_linked_folder_is_left_alone(
    companion_home: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "outside"
    target = aged(outside / ".theirs.toml.abcd1234.tmp", 2 * files.STALE_TEMP_SECONDS)
    companion_home.mkdir()
    checkpoints_dir(companion_home).symlink_to(outside, target_is_directory=True)
    link = companion_home / ".settings.toml.wxyz9876.tmp"
    link.symlink_to(target)
    remove_leftovers(companion_home)
    assert target.read_text() == "half written"
    assert link.is_symlink()  # not a regular file: never a temp file of ours


@pytest.mark.parametrize("seconds", [0, files.STALE_TEMP_SECONDS // 2])
def test_a_write_still_under_way_keeps_its_temp_file(companion_home: Path, seconds: int) -> None:
    temp = aged(companion_home / "games" / ".tally-1.toml.abcd1234.tmp", seconds)
    remove_leftovers(companion_home)
    assert temp.exists()
