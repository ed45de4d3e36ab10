"""A game's file is only ever appended to, one record a line (saves/games/journal.py,
saves/games/records.py).

Each record line must parse back to the same record whatever text it holds; a second window
must catch up by reading only what was appended; a line still being written (or torn by a
crash) is never read and is cut off by the next append; a file changed in any other way is
`Rewritten` and never written over; undo and redo name what they take back; a full disk
leaves the file's bytes and the game as they were (test_journal_disk.py). Format 1 saves:
test_journal_format_1.py.
"""

from __future__ import annotations

import json
import os
import tomllib
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core import RuleError
from companion.six_sojourns.actions import AdjustCoins, EnterCount
from companion.six_sojourns.game import SIX_SOJOURNS
from companion.six_sojourns.setup import SojournsSetup
from saves.files import SaveError
from saves.games.journal import Draft, Rewritten
from saves.games.records import Record, RecordReader, record_line
from saves.games.store import SavedGame, SaveStore
from tests.conftest import fixed_clock

ROOT = Path(__file__).resolve().parents[3]
AT = datetime(2026, 12, 1, 14, 31, 5, tzinfo=UTC)


def new_game(home: Path) -> tuple[SaveStore, SavedGame]:
    store = SaveStore(home, fixed_clock, workers=False)
    return store, store.create(SIX_SOJOURNS, SojournsSetup(("Ana", "Ben")), "Journal")


def coins(store: SaveStore, saved: SavedGame, *deltas: int, by: str = "t1") -> None:
    for delta in deltas:
        store.transact(saved, lambda _theirs, d=delta: [Draft("do", AdjustCoins("Ana", d))], by=by)


def file_bytes(store: SaveStore, saved: SavedGame) -> bytes:
    return store.path_for(saved.id).read_bytes()


def seen(saved: SavedGame) -> tuple[Any, ...]:
    """Everything a window knows of its game: the state, its log and the file's stacks."""
    return (
        SIX_SOJOURNS.describe(saved.session.state),
        saved.session.history,
        [r.number for r in saved.origins],
        [r.number for r in saved.undone],
        saved.record_count,
        saved.position,
    )


def parsed(line: str, number: int) -> Record:
    tables = tomllib.loads(line)
    return RecordReader(Path("game.toml"), SIX_SOJOURNS).records(tables, number)[0]


# One record a line


@pytest.mark.parametrize(
    "record",
    [
        Record(1, "do", AdjustCoins("Ana", 3), by="t3f9a01c2d4e", seat="Ana", at=AT),
        Record(2, "do", EnterCount("Ben", "cooking", 5), by="b5a0e2c41f7d", at=AT, was="3"),
        Record(3, "undo", target=2, by="t3f9a01c2d4e", at=AT),
        Record(4, "redo", target=2, at=AT),
        Record(5, "details", details={"players": [{"name": "Ana", "won": True}], "n": 1.5}),
        Record(6, "do", AdjustCoins("Ben", -1)),
    ],
    ids=["do", "do-with-was", "undo", "redo", "details", "do-migrated"],
)
def test_a_record_line_round_trips_for_every_kind(record: Record) -> None:
    line = record_line(record)
    assert line.endswith("\n") and line.count("\n") == 1
    assert line.startswith(f"r{record.number} = {{")
    assert parsed(line, record.number) == record


AWKWARD = [
    "line one\nline two\r\n",
    "she said \"no\" \\ then 'yes' ''' \"\"\"",
    "[records]\nr9 = { undo = 1 }",
    "] [ } { = , #",
    "Zoë 🎲 日本語 \u2028 \u2029 \u0085 \ufeff",
    "\x00\x01\x1b[31mred\x7f\t",
    "x" * 100_000,
]


@pytest.mark.parametrize("text", AWKWARD, ids=range(len(AWKWARD)))
def test_awkward_text_stays_on_one_line_and_comes_back_as_it_was(text: str) -> None:
    records = [
        Record(7, "do", AdjustCoins(text, 2), by="t1", seat=text, at=AT, was=text),
        Record(7, "details", details={text: text, "notes": [text, {"inner": text}]}),
    ]
    for record in records:
        line = record_line(record)
        assert line.count("\n") == 1 and line.endswith("\n")
        assert parsed(line, 7) == record


@given(text=st.text(), key=st.text(), number=st.integers(1, 10**6))
def test_any_text_round_trips_in_one_line(text: str, key: str, number: int) -> None:
    for record in (
        Record(number, "do", AdjustCoins(text, number), by=text, seat=text, at=AT, was=text),
        Record(number, "details", details={key: text}),
    ):
        line = record_line(record)
        assert line.count("\n") == 1
        assert parsed(line, number) == record


# Catching up


def test_a_second_window_catches_up_on_what_the_first_appended(companion_home: Path) -> None:
    store, first = new_game(companion_home)
    second = SaveStore(companion_home, fixed_clock, workers=False).load(first.id)
    coins(store, first, 3, 4)
    assert [r.number for r in store.catch_up(second)] == [1, 2]
    coins(store, second, 5, by="t2")
    store.transact(first, lambda _theirs: [Draft("undo", target=first.origins[-1].number)])
    store.transact(first, lambda _theirs: [Draft("redo", target=first.undone[-1].number)])
    theirs = store.catch_up(second)
    assert [(r.number, r.kind) for r in theirs] == [(4, "undo"), (5, "redo")]
    assert store.catch_up(first) == []  # its transactions caught up on record 3
    assert [r.by for r in second.origins] == ["t1", "t1", "t2"]
    assert seen(first) == seen(second) == seen(store.load(first.id))
    assert store.catch_up(second) == []


def test_catch_up_reads_only_the_appended_lines(
    companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store, first = new_game(companion_home)
    coins(store, first, *range(1, 40))
    second = store.load(first.id)
    before = second.position.offset
    coins(store, first, 7)
    reads: list[tuple[int, int]] = []
    real_pread = os.pread

    def spying(descriptor: int, length: int, offset: int) -> bytes:
        reads.append((length, offset))
        return real_pread(descriptor, length, offset)

    monkeypatch.setattr(os, "pread", spying)
    assert len(store.catch_up(second)) == 1
    appended = len(file_bytes(store, first)) - before
    checked = len(second.position.tail)
    head = len(second.position.head)  # the head, up to `[records]`, is checked too
    assert 0 < head < 1000
    assert reads == [(appended + checked, before - checked), (head, 0)]


def test_a_line_still_being_written_waits_for_its_newline(companion_home: Path) -> None:
    store, first = new_game(companion_home)
    coins(store, first, 3)
    second = store.load(first.id)
    line = record_line(Record(2, "do", AdjustCoins("Ben", 4), by="t9", at=AT)).encode()
    path = store.path_for(first.id)
    with open(path, "ab") as handle:
        handle.write(line[:20])
    assert store.catch_up(second) == [] and not store.catch_up_needed(second)
    assert store.load(first.id).record_count == 1
    with open(path, "ab") as handle:
        handle.write(line[20:])
    assert store.catch_up_needed(second)
    assert [r.by for r in store.catch_up(second)] == ["t9"]
    assert second.session.state.sheet.player("Ben").coins == 12 + 4


def test_a_torn_last_line_is_ignored_and_cut_off_by_the_next_append(
    companion_home: Path,
) -> None:
    store, first = new_game(companion_home)
    coins(store, first, 3)
    path = store.path_for(first.id)
    good = path.read_bytes()
    with open(path, "ab") as handle:
        handle.write(b'r2 = { at = 2026-12-01 14:00:00+00:00, do = { action = "AdjustCo')
    loaded = store.load(first.id)
    assert loaded.record_count == 1 and loaded.position.offset == len(good)
    assert store.catch_up(first) == []
    coins(store, loaded, 5, by="t2")
    text = path.read_bytes()
    assert text.startswith(good) and b"AdjustCo\n" not in text and text.count(b"\nr2 = ") == 1
    again = store.load(first.id)
    assert [r.by for r in again.origins] == ["t1", "t2"]
    store.catch_up(first)
    assert seen(first) == seen(again)


def test_a_file_whose_records_header_lost_its_newline_still_loads_after_an_append(
    companion_home: Path,
) -> None:
    """An editor that drops a file's last newline leaves `[records]` unterminated: it is read
    (it is needed whole), so the next record must not cut it off and land in the setup."""
    store, saved = new_game(companion_home)
    path = store.path_for(saved.id)
    path.write_bytes(path.read_bytes().rstrip(b"\n"))
    assert path.read_bytes().endswith(b"[records]")
    assert store.load(saved.id).position is None  # shown as it is: a record would cut the line
    loaded = store.open_for_play(saved.id)  # written again whole, then appended to
    assert path.read_bytes().endswith(b"[records]\n")
    coins(store, loaded, 3)
    again = store.load(saved.id)
    assert again.session.state.sheet.player("Ana").coins == 12 + 3
    assert again.record_count == 1


def test_undos_keep_what_redo_puts_back(companion_home: Path) -> None:
    store, saved = new_game(companion_home)
    coins(store, saved, 1, 2)
    for _ in range(2):  # one transaction each
        store.transact(saved, lambda _theirs: [Draft("undo", target=saved.origins[-1].number)])
        assert [r.number for r in saved.undone] == [r.number for r in store.load(saved.id).undone]
    store.transact(saved, lambda _theirs: [Draft("redo", target=saved.undone[-1].number)])
    assert seen(saved) == seen(store.load(saved.id))


# Anything but an append


def replaced(path: Path) -> None:
    copy = path.with_name("copy.tmp")
    copy.write_bytes(path.read_bytes())
    os.replace(copy, path)


def truncated(path: Path) -> None:
    with open(path, "r+b") as handle:
        handle.truncate(path.stat().st_size - 10)


def edited_at_the_end(path: Path) -> None:
    """The last record changed in place, same length (delta = 3 becomes 4)."""
    content = path.read_bytes()
    at = content.rindex(b"delta = 3")
    with open(path, "r+b") as handle:
        handle.seek(at)
        handle.write(b"delta = 4")


def edited_at_the_head(path: Path) -> None:
    """The title made longer in place, as an editor that writes over the file does."""
    content = path.read_bytes().replace(b'title = "Journal"', b'title = "Journal!"')
    with open(path, "r+b") as handle:
        handle.write(content)


def removed(path: Path) -> None:
    path.unlink()


CHANGES = [replaced, truncated, edited_at_the_end, edited_at_the_head, removed]


@pytest.mark.parametrize("change", CHANGES, ids=lambda change: change.__name__)
def test_a_file_changed_but_by_an_append_is_rewritten_and_never_written(
    companion_home: Path, change: Any
) -> None:
    store, first = new_game(companion_home)
    coins(store, first, 1, 2, 3)
    path = store.path_for(first.id)
    window = seen(first)
    change(path)
    after = path.read_bytes() if path.exists() else None
    with pytest.raises(Rewritten):
        store.catch_up(first)
    with pytest.raises(Rewritten):
        coins(store, first, 5)
    with pytest.raises(Rewritten):
        store.catch_up_needed(first)
    assert (path.read_bytes() if path.exists() else None) == after
    assert seen(first) == window


def test_a_refused_record_among_new_ones_leaves_the_game_as_it_was(
    companion_home: Path,
) -> None:
    store, first = new_game(companion_home)
    coins(store, first, 3)
    second = store.load(first.id)
    window = seen(second)
    lines = record_line(Record(2, "do", AdjustCoins("Ana", 1), at=AT)) + record_line(
        Record(3, "undo", target=1, at=AT)  # record 2 is on top: refused
    )
    with open(store.path_for(first.id), "ab") as handle:
        handle.write(lines.encode())
    with pytest.raises(Rewritten, match="record 3"):
        store.catch_up(second)
    assert seen(second) == window
    with pytest.raises(SaveError, match="record 3"):
        store.load(first.id)


# Undo and redo check what they take back


def test_undo_and_redo_records_check_their_target(companion_home: Path) -> None:
    store, saved = new_game(companion_home)
    coins(store, saved, 1, 2)
    before = file_bytes(store, saved)
    window = seen(saved)
    for draft in (Draft("undo", target=1), Draft("redo", target=2), Draft("undo", target=9)):
        with pytest.raises(RuleError):
            store.transact(saved, lambda _theirs, d=draft: [d])
        assert file_bytes(store, saved) == before and seen(saved) == window
    store.transact(saved, lambda _theirs: [Draft("undo", target=2)])
    with pytest.raises(RuleError, match="redoes record 1"):
        store.transact(saved, lambda _theirs: [Draft("redo", target=1)])
    store.transact(saved, lambda _theirs: [Draft("redo", target=2), Draft("undo", target=2)])
    assert [r.number for r in saved.undone] == [2]
    coins(store, saved, 5)  # a new action: nothing left to redo
    with pytest.raises(RuleError, match="nothing is last"):
        store.transact(saved, lambda _theirs: [Draft("redo", target=2)])
    assert seen(store.load(saved.id)) == seen(saved)


@pytest.mark.parametrize("target", [0, 3, 4, -1, True, "1"])
def test_an_undo_of_no_earlier_record_is_not_read(companion_home: Path, target: Any) -> None:
    store, saved = new_game(companion_home)
    coins(store, saved, 1, 2)
    with open(store.path_for(saved.id), "a", encoding="utf-8") as handle:
        handle.write(f"r3 = {{ undo = {json.dumps(target).lower()} }}\n")
    with pytest.raises(SaveError, match="r3"):
        store.load(saved.id)
    with pytest.raises(Rewritten):
        store.catch_up(saved)
