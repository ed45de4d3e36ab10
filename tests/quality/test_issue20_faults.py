"""The faults found by trying to break the companion on one data folder (issue 20): a test each."""

from __future__ import annotations

import errno
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from companion.core import RuleError
from companion.session import Session
from saves.files import SaveError
from saves.games import journal
from saves.games.store import SaveStore
from tests.quality.test_crash import kill_at_random
from tests.support.samples import install_sample
from tests.support.saving import record_played
from tests.support.toy import TALLY, Add, TallySetup

ROOT = Path(__file__).resolve().parents[2]


def companion(home: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "COMPANION_HOME": str(home), "PYTHONPATH": str(ROOT), **env},
        stdin=subprocess.DEVNULL,
    )


def test_a_data_folder_that_is_not_a_folder_is_one_line(tmp_path: Path) -> None:
    home = tmp_path / "a-file"
    home.write_text("not a folder")
    for command in (["list"], ["stats"], ["roll", "d6"]):
        done = companion(home, *command)
        assert done.returncode == 2 and "Traceback" not in done.stderr
        assert done.stderr.strip().endswith("is not a folder; set COMPANION_HOME to another folder")


def test_a_data_folder_that_cannot_be_entered_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from companion.cli import main

    home = tmp_path / "locked"
    home.mkdir()
    real_scandir = os.scandir

    def refused(path: object = ".") -> object:
        if Path(str(path)) == home:
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_scandir(path)  # type: ignore[arg-type]

    monkeypatch.setenv("COMPANION_HOME", str(home))
    monkeypatch.setattr(os, "scandir", refused)
    assert main([]) == 2  # the app itself: never started on a folder it cannot use
    assert "cannot be opened (Permission denied)" in capsys.readouterr().err


def test_output_in_a_legacy_encoding_replaces_what_it_cannot_write(companion_home: Path) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    path = companion_home / "games" / f"{save_id}.toml"
    path.write_text(
        path.read_text().replace('title = "Mara vs Jonas"', 'title = "Zoë 😀 und Łukasz"')
    )
    done = companion(companion_home, "list", PYTHONIOENCODING="ascii")
    assert done.returncode == 0, done.stderr
    assert "Zo? ? und ?ukasz" in done.stdout


def test_a_save_id_with_a_trailing_newline_is_not_an_id(companion_home: Path) -> None:
    store = SaveStore(companion_home)
    with pytest.raises(SaveError, match="is not a save id"):
        store.path_for("tally-20261201-120000\n")
    assert companion(companion_home, "show", "sojourn\n").returncode == 2


def test_an_action_holding_a_number_no_save_can_keep_is_refused() -> None:
    session = Session(TALLY, TallySetup(limit=2**70))
    with pytest.raises(RuleError, match="too large"):
        session.do(Add(0, 2**64))
    assert session.actions == []


def test_no_save_is_written_larger_than_a_save_may_be_read(
    companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = SaveStore(companion_home, games={TALLY.id: TALLY})
    saved = store.create(TALLY, TallySetup(limit=10**9))
    path = store.path_for(saved.id)
    before = path.read_bytes()
    monkeypatch.setattr(journal, "MAX_FILE_BYTES", len(before) + 10)
    for number in range(20):
        saved.session.do(Add(0, number))
    with pytest.raises(OSError, match="the most a save holds"):
        record_played(store, saved)
    assert path.read_bytes() == before


def test_the_first_save_after_loading_appends_only_the_new_action(companion_home: Path) -> None:
    store = SaveStore(companion_home, games={TALLY.id: TALLY})
    saved = store.create(TALLY, TallySetup(limit=10**9))
    for number in range(300):
        saved.session.do(Add(number % 2, number))
    record_played(store, saved)
    path = store.path_for(saved.id)
    before = path.read_bytes()
    loaded = SaveStore(companion_home, games={TALLY.id: TALLY})
    game = loaded.load(saved.id)
    game.session.do(Add(0, 1))
    record_played(loaded, game)
    after = path.read_bytes()
    assert after.startswith(before)  # the 300 records read from the file are left as they are
    assert after[len(before) :].decode().startswith("r301 = {")
    assert after.count(b"\n") == before.count(b"\n") + 1


@pytest.mark.parametrize("kills", [pytest.param(6), pytest.param(60, marks=pytest.mark.slow)])
def test_a_kill_while_a_game_is_set_up_never_leaves_an_empty_save(
    companion_home: Path, kills: int
) -> None:
    rng = random.Random(20)
    for _ in range(kills):
        kill_at_random(companion_home, rng, "tests.quality.create_worker", most=0.03)
    store = SaveStore(companion_home, games={TALLY.id: TALLY})
    entries, unreadable = store.listing()
    assert unreadable == [] and entries
    names = [p.name for p in store.folder.iterdir() if p.suffix == ".toml"]
    assert len(names) == len(entries)  # every file named as a save is a whole game
