"""Save files: round trips, crash-safe writes, and damaged files reported and left untouched."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from saves import files
from saves.files import SaveError
from saves.games.store import FORMAT, SaveStore, clean_title
from tests.conftest import fixed_clock
from tests.support.saving import record_played
from tests.support.toy import TALLY, Add, TallySetup

DATA = Path(__file__).resolve().parents[2] / "data"
GAMES = {"tally": TALLY}


def make_store(home: Path) -> SaveStore:
    return SaveStore(home, fixed_clock, games=GAMES)


def test_a_game_survives_save_and_load(companion_home: Path) -> None:
    store = make_store(companion_home)
    saved = store.create(TALLY, TallySetup(players=("Ana", "Ben", "Cy")), "Friday night")
    saved.session.do(Add(2, 4))
    saved.session.do(Add(0, 1))
    record_played(store, saved)
    loaded = store.load(saved.id)
    assert loaded.title == "Friday night"
    assert loaded.session.setup == TallySetup(players=("Ana", "Ben", "Cy"))
    assert loaded.session.state == saved.session.state
    assert loaded.session.history == ["Cy +4", "Ana +1"]
    text = store.path_for(saved.id).read_text(encoding="utf-8")
    assert f"format = {FORMAT}" in text


@given(st.lists(st.tuples(st.integers(0, 1), st.integers(0, 3)), max_size=25))
def test_any_game_round_trips(
    tmp_path_factory: pytest.TempPathFactory, moves: list[tuple[int, int]]
) -> None:
    store = make_store(tmp_path_factory.mktemp("home"))
    saved = store.create(TALLY, TallySetup(limit=200))
    for player, amount in moves:
        saved.session.do(Add(player, amount))
    record_played(store, saved)
    loaded = store.load(saved.id)
    assert loaded.session.actions == saved.session.actions
    assert loaded.session.state == saved.session.state


def test_ids_are_unique_and_titles_never_become_paths(companion_home: Path) -> None:
    store = make_store(companion_home)
    first = store.create(TALLY, TallySetup(), "../../etc/passwd")
    second = store.create(TALLY, TallySetup(), "/tmp/evil\nline")
    assert first.id != second.id
    for saved in (first, second):
        assert store.path_for(saved.id).parent == store.folder
    assert second.title == "/tmp/evil line"
    assert sorted(p.name for p in companion_home.rglob("*.toml")) == sorted(
        [f"{first.id}.toml", f"{second.id}.toml"]
    )


@pytest.mark.parametrize("bad_id", ["../x", "a/b", "", "X", ".hidden", "a" * 200])
def test_ids_that_could_leave_the_folder_are_refused(companion_home: Path, bad_id: str) -> None:
    with pytest.raises(SaveError, match="is not a save id"):
        make_store(companion_home).load(bad_id)


def test_titles_are_cleaned() -> None:
    assert clean_title("  a\tb\x00c  ") == "a b c"
    assert len(clean_title("x" * 500)) == 80


def test_a_failed_append_keeps_the_old_file(
    companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = make_store(companion_home)
    saved = store.create(TALLY, TallySetup())
    saved.session.do(Add(0, 1))
    record_played(store, saved)
    path = store.path_for(saved.id)
    before = path.read_bytes()

    write = os.pwrite

    def crash(descriptor: int, data: bytes, offset: int) -> int:
        write(descriptor, data[: len(data) // 2], offset)  # half the line reached the disk
        raise OSError("simulated power cut")

    monkeypatch.setattr(os, "pwrite", crash)
    saved.session.do(Add(0, 5))
    with pytest.raises(OSError, match="power cut"):
        record_played(store, saved)
    assert path.read_bytes() == before  # the half line is cut off again
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # nothing left beside it
    monkeypatch.undo()
    assert store.load(saved.id).session.state.counts == (1, 0)


DAMAGED = {
    "not-toml.toml": ("not valid TOML", 5),
    "extra-key.toml": ("unknown key 'colour'", None),
    "wrong-type.toml": ("expected a whole number, found text", None),
    "future-format.toml": ("format 9 was written by a newer version", None),
    "unknown-game.toml": ("unknown game 'chess'", None),
    "refused-action.toml": ("action 2 (Add) is refused by the rules", None),
    "not-utf8.toml": ("not UTF-8 text", 2),
    "empty.toml": ("no 'format' number", None),
}


@pytest.mark.parametrize(("name", "expected"), DAMAGED.items())
def test_damaged_files_are_reported_and_left_byte_for_byte(
    companion_home: Path, name: str, expected: tuple[str, int | None]
) -> None:
    store = make_store(companion_home)
    store.folder.mkdir(parents=True)
    target = store.folder / name
    shutil.copyfile(DATA / name, target)
    original = target.read_bytes()
    problem, line = expected
    with pytest.raises(SaveError) as caught:
        store.load(target.stem)
    assert problem in str(caught.value)
    assert str(target) in str(caught.value)
    assert caught.value.line == line
    entries, unreadable = store.listing()
    assert entries == []
    assert [u.path for u in unreadable] == [target]
    assert target.read_bytes() == original


def test_a_folder_where_a_file_should_be(companion_home: Path) -> None:
    store = make_store(companion_home)
    (store.folder / "odd.toml").mkdir(parents=True)
    with pytest.raises(SaveError, match="not a file"):
        store.load("odd")
    assert store.listing()[1][0].path.name == "odd.toml"


def test_listing_is_newest_first(companion_home: Path) -> None:
    times = iter(range(100))

    def ticking():  # type: ignore[no-untyped-def]
        from datetime import timedelta

        return fixed_clock() + timedelta(minutes=next(times))

    store = SaveStore(companion_home, ticking, games=GAMES)
    old = store.create(TALLY, TallySetup(), "old")
    new = store.create(TALLY, TallySetup(), "new")
    old.session.do(Add(0, 1))
    record_played(store, old)  # played again: now the newest
    entries, _ = store.listing()
    assert [e.id for e in entries] == [old.id, new.id]


def test_read_errors_name_the_line(tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    path.write_text('a = 1\nb = "unterminated\n', encoding="utf-8")
    with pytest.raises(SaveError) as caught:
        files.read_toml(path)
    assert caught.value.line == 2


def test_a_save_records_the_rules_revision_it_is_played_under(companion_home: Path) -> None:
    store = make_store(companion_home)
    saved = store.create(TALLY, TallySetup())
    text = store.path_for(saved.id).read_text(encoding="utf-8")
    assert f"rules = {TALLY.rules_revision}\n" in text
    assert saved.session.rules == 1 == store.load(saved.id).session.rules


def rewrite(store: SaveStore, save_id: str, old: str, new: str) -> Path:
    path = store.path_for(save_id)
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def test_a_save_without_a_rules_revision_is_revision_1(companion_home: Path) -> None:
    store = make_store(companion_home)
    saved = store.create(TALLY, TallySetup())
    saved.session.do(Add(0, 3))
    record_played(store, saved)
    rewrite(store, saved.id, "rules = 1\n", "")
    loaded = store.load(saved.id)
    assert loaded.session.rules == 1 and loaded.session.state == saved.session.state


@pytest.mark.parametrize(
    ("rules", "problem"),
    [
        ("99", "rules revision 99 of Tally was written by a newer version (this knows up to 1)"),
        ("0", "'rules' must be a revision number (1 or more), not 0"),
        ('"2"', "'rules' must be a revision number (1 or more), not '2'"),
        ("true", "'rules' must be a revision number (1 or more), not True"),
    ],
)
def test_a_rules_revision_the_app_does_not_know_is_reported_and_left_alone(
    companion_home: Path, rules: str, problem: str
) -> None:
    store = make_store(companion_home)
    saved = store.create(TALLY, TallySetup())
    path = rewrite(store, saved.id, "rules = 1\n", f"rules = {rules}\n")
    original = path.read_bytes()
    with pytest.raises(SaveError) as caught:
        store.load(saved.id)
    assert problem in str(caught.value) and str(path) in str(caught.value)
    entries, unreadable = store.listing()
    assert entries == [] and [u.path for u in unreadable] == [path]
    assert problem in unreadable[0].reason
    assert path.read_bytes() == original
