"""`companion act ID undo [--to N]`: the newest action, or every action after log line N, taken
back newest first in one transaction (one append of their undo records), decided on the newest
state; a refusal writes nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.registry import get_game
from companion.session import Session
from saves.games.store import SaveStore
from tests.cli.conftest import Run
from tests.conftest import fixed_clock
from tests.support.samples import install_sample


def logged(run: Run, save_id: str) -> list[str]:
    """The game's log as `show --json` gives it."""
    code, out, _err = run("show", save_id, "--json")
    assert code == 0
    history: list[str] = json.loads(out)["history"]
    return history


def undo_records(path: Path) -> list[int]:
    """The steps each undo record of the file takes back, in the file's order."""
    found = []
    for line in path.read_text("utf-8").splitlines():
        if line.startswith("r") and " undo = " in line:
            found.append(int(line.rsplit("undo = ", 1)[1].strip(" }")))
    return found


@pytest.fixture
def duel(companion_home: Path) -> str:
    return install_sample(companion_home, "time-bastards")


def test_undo_takes_back_the_newest_action_and_says_it(
    run: Run, companion_home: Path, duel: str
) -> None:
    before = logged(run, duel)
    code, out, err = run("act", duel, "undo")
    assert (code, err) == (0, "")
    assert out == f"Undone: {before[-1]}\n"
    assert logged(run, duel) == before[:-1]


def test_undo_to_a_line_takes_back_every_later_action_newest_first_in_one_append(
    run: Run, companion_home: Path, duel: str
) -> None:
    before = logged(run, duel)
    path = companion_home / "games" / f"{duel}.toml"
    run("act", duel, "undo")  # the file is brought to records (format 2) with the first change
    size = path.stat().st_size
    code, out, err = run("act", duel, "undo", "--to", "40")
    assert (code, err) == (0, "")
    assert out.splitlines() == [f"Undone: {line}" for line in reversed(before[40:-1])]
    assert logged(run, duel) == before[:40]
    assert undo_records(path) == [len(before), *range(len(before) - 1, 40, -1)]
    saved = SaveStore(companion_home, fixed_clock).load(duel)
    game = get_game("time-bastards")
    assert game is not None
    replayed = Session(game, saved.session.setup)
    for action in saved.session.actions:
        replayed.do(action)
    assert saved.session.state == replayed.state  # the state of line 40, as the rules reach it
    assert path.stat().st_size > size
    code, out, _err = run("act", duel, "undo", "--to", "0")  # every line
    assert code == 0 and len(out.splitlines()) == 40
    assert logged(run, duel) == []


@pytest.mark.parametrize(
    ("words", "why"),
    [
        (("undo", "--to", "99"), "there is no log line 99 to go back to: the log has lines 1 to"),
        (("undo", "--to", "-1"), "there is no log line -1 to go back to"),
        (("RollD6", "--to", "3"), "--to goes with undo"),
        (("undo", "value=1"), "undo takes no FIELD=VALUE"),
        (("undo", "--to", "٣"), "is not a whole number (digits 0-9)"),
    ],
)
def test_a_refused_undo_says_why_and_writes_nothing(
    run: Run, companion_home: Path, duel: str, words: tuple[str, ...], why: str
) -> None:
    path = companion_home / "games" / f"{duel}.toml"
    before = path.read_bytes()
    code, out, err = run("act", duel, *words)
    assert (code, out) == (2, "")
    assert why in err and err.count("\n") == 1
    assert path.read_bytes() == before


def test_nothing_to_undo_is_said(run: Run, companion_home: Path, duel: str) -> None:
    run("act", duel, "undo", "--to", "0")
    code, _out, err = run("act", duel, "undo")
    assert code == 2
    assert "there is nothing to undo: the game has no actions yet" in err


def test_undo_to_the_last_line_says_it_is_the_last_one(
    run: Run, companion_home: Path, duel: str
) -> None:
    last = len(logged(run, duel))
    path = companion_home / "games" / f"{duel}.toml"
    before = path.read_bytes()
    code, _out, err = run("act", duel, "undo", "--to", str(last))
    assert code == 2
    assert f"line {last} is the last one: there is no later action to undo" in err
    assert path.read_bytes() == before
