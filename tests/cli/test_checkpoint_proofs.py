"""A checkpoint is a cache the save always overrules (issue 41): the round's reproductions, each
of which `show` or `act` believed before. A checkpoint edited by hand (its seal left as it was),
one sealed again but claiming another count, one holding a number no save can hold, one from
another data folder: each is ignored, the commands print what the file says and `act` appends
the record the file expects."""

from __future__ import annotations

import json
import shutil
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.cli.show import show_lines
from saves.games import checkpoint, checkpoint_folder
from saves.games.store import SaveStore
from saves.paths import checkpoints_dir
from tests.cli.conftest import Run
from tests.cli.test_checkpoint_commands import long_game

Change = Callable[[dict[str, Any]], None]


def edited(home: Path, save_id: str, change: Change, seal_again: bool) -> None:
    """Change the checkpoint's fields; `seal_again`: seal it with the folder's key, as only the
    companion could (else the old seal is kept, as a hand edit keeps it)."""
    path = checkpoint.checkpoint_path(home, save_id)
    seal, _, body = path.read_bytes().partition(b"\n")
    lines = [json.loads(line) for line in body.split(b"\n")]  # what it was made from; the game
    document = {key: value for line in lines for key, value in line.items()}
    change(document)
    parts = [{key: document[key] for key in line} for line in lines]
    new_body = b"\n".join(json.dumps(part, separators=(",", ":")).encode() for part in parts)
    if seal_again:
        key = checkpoint_folder.folder_key(checkpoints_dir(home))
        assert key is not None
        seal = checkpoint_folder.seal(key, new_body)
    path.write_bytes(seal + b"\n" + new_body)


def coins(name: str, value: int) -> Change:
    def change(document: dict[str, Any]) -> None:
        for player in document["state"]["sheet"]["players"]:
            if player["name"] == name:
                player["coins"] = value

    return change


def with_checkpoint(run: Run, home: Path) -> str:
    save_id = long_game(home)
    assert run("show", save_id)[0] == 0
    assert checkpoint.checkpoint_path(home, save_id).is_file()
    return save_id


def file_says(home: Path, save_id: str) -> list[str]:
    return show_lines(SaveStore(home).load(save_id))


def test_a_state_edited_by_hand_is_not_shown_and_lets_no_action_through(
    run: Run, companion_home: Path
) -> None:
    save_id = with_checkpoint(run, companion_home)
    edited(companion_home, save_id, coins("Ben", 997), seal_again=False)
    code, out, _err = run("show", save_id)
    assert (
        code == 0
        and "997" not in out
        and out == "\n".join(file_says(companion_home, save_id)) + "\n"
    )
    before = SaveStore(companion_home).path_for(save_id).read_bytes()
    code, _out, err = run("act", save_id, "PayCoins", "payer=Ben", "payee=Ana", "amount=500")
    assert code == 2 and "Ben" in err
    assert SaveStore(companion_home).path_for(save_id).read_bytes() == before
    SaveStore(companion_home).load(save_id)  # still readable


def test_a_count_that_is_not_the_files_is_never_the_next_records_number(
    run: Run, companion_home: Path
) -> None:
    save_id = with_checkpoint(run, companion_home)
    covered = SaveStore(companion_home).load(save_id).record_count

    def fewer(document: dict[str, Any]) -> None:
        document["records"] -= 5

    edited(companion_home, save_id, fewer, seal_again=True)
    assert run("act", save_id, "AdjustCoins", "player=Ana", "delta=1")[0] == 0
    path = SaveStore(companion_home).path_for(save_id)
    records = tomllib.loads(path.read_text("utf-8"))["records"]
    assert list(records) == [f"r{n}" for n in range(1, covered + 2)]
    assert SaveStore(companion_home).load(save_id).record_count == covered + 1


@pytest.mark.parametrize("value", [2**70, -(2**64)])
def test_a_number_no_save_can_hold_is_not_printed(
    run: Run, companion_home: Path, value: int
) -> None:
    save_id = with_checkpoint(run, companion_home)
    edited(companion_home, save_id, coins("Ana", value), seal_again=True)
    code, out, _err = run("show", save_id)
    assert code == 0 and str(value) not in out
    assert out == "\n".join(file_says(companion_home, save_id)) + "\n"


def test_a_checkpoint_from_another_data_folder_is_not_believed(
    run: Run, companion_home: Path, tmp_path: Path
) -> None:
    """The same game in two folders: the other folder's checkpoint (of a state this folder's
    file never reached) is sealed with the other folder's key."""
    save_id = with_checkpoint(run, companion_home)
    other = tmp_path / "other-home"
    shutil.copytree(companion_home, other)
    shutil.rmtree(checkpoints_dir(other))
    store = SaveStore(other)
    checkpoint.load(store, save_id)
    edited(other, save_id, coins("Ana", 4321), seal_again=True)
    shutil.copy(checkpoint.checkpoint_path(other, save_id), checkpoints_dir(companion_home))
    code, out, _err = run("show", save_id)
    assert code == 0 and out == "\n".join(file_says(companion_home, save_id)) + "\n"
    assert "4321" not in out
