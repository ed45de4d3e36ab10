"""A side folder of the data folder that is a link (issue 41) is never written through: the
checkpoints (tests/saves/listing/test_checkpoint.py) and the exports alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from saves.files import LinkRefused
from saves.games.store import SaveStore
from saves.paths import exports_dir, side_folder_inside
from tests.conftest import fixed_clock
from tests.support.toy import TALLY, TallySetup


def test_an_export_is_never_written_through_a_linked_exports_folder(
    companion_home: Path, tmp_path: Path
) -> None:
    store = SaveStore(companion_home, fixed_clock, games={"tally": TALLY})
    saved = store.create(TALLY, TallySetup())
    outside = tmp_path / "outside"
    outside.mkdir()
    exports_dir(companion_home).symlink_to(outside, target_is_directory=True)
    with pytest.raises(LinkRefused, match="is a link"):
        store.export(saved, "md", "# Tally\n")
    assert list(outside.iterdir()) == []


def test_what_counts_as_a_folder_of_the_data_folder(companion_home: Path, tmp_path: Path) -> None:
    companion_home.mkdir()
    assert side_folder_inside(companion_home, companion_home / "checkpoints")  # made there
    (companion_home / "checkpoints").mkdir()
    assert side_folder_inside(companion_home, companion_home / "checkpoints")
    (companion_home / "exports").symlink_to(companion_home / "checkpoints")  # even inside
    assert not side_folder_inside(companion_home, companion_home / "exports")
    (companion_home / "recorded").write_text("not a folder")
    assert not side_folder_inside(companion_home, companion_home / "recorded")
    linked_home = tmp_path / "linked-home"
    linked_home.symlink_to(companion_home, target_is_directory=True)  # the data folder's own
    assert side_folder_inside(linked_home, linked_home / "checkpoints")  # link is the player's
