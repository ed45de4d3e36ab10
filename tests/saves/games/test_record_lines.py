"""The plain lines read fast (saves/games/record_lines.py) give exactly what `parse_toml` gives,
or nothing and `parse_toml` reads them: for any value TOML can hold written as a record is, for
lines one character away from one, for any text, for whole documents with and without records;
and the lines this app writes take the fast way."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import given
from hypothesis import strategies as st

from companion.history.details import PlayDetails
from companion.six_sojourns.actions import EnterCount
from saves.append_log import literal as inline
from saves.files import SaveError, parse_toml
from saves.games import record_lines
from saves.games.journal import Draft
from saves.games.record_lines import parse_document, parse_records, plain_records
from saves.games.records import records_start
from saves.history.details import details_draft
from tests.conftest import fixed_clock
from tests.history.games import finished_six_sojourns
from tests.quality.test_slow_opens import many_keys_save

PATH = Path("games/tally-1.toml")
REFUSED = "refused"


def typed(value: Any) -> Any:
    """A value with the type of each part kept, so that `True` and `1`, or two equal times in
    other zones, do not compare equal."""
    if isinstance(value, dict):
        return ("table", [(key, typed(item)) for key, item in value.items()])
    if isinstance(value, list):
        return ("array", [typed(item) for item in value])
    if isinstance(value, datetime):
        return ("datetime", value, value.utcoffset())
    return (type(value).__name__, value)


def as_parse_toml_reads(data: bytes) -> Any:
    try:
        return typed(parse_toml(PATH, data))
    except SaveError:
        return REFUSED


def same_as_parse_toml(data: bytes) -> None:
    """Whatever the fast way reads is what `parse_toml` reads; what it leaves, `parse_toml`
    reads (or refuses) through `parse_records`."""
    expected = as_parse_toml_reads(data)
    fast = plain_records(data)
    if fast is not None:
        assert typed(fast) == expected
    try:
        assert typed(parse_records(PATH, data)) == expected
    except SaveError:
        assert expected == REFUSED


zones = st.integers(-23 * 60 - 59, 23 * 60 + 59).map(lambda m: timezone(timedelta(minutes=m)))
scalars = (
    st.text(max_size=12)
    | st.integers()
    | st.integers(-(2**63), 2**63 - 1)
    | st.booleans()
    | st.floats()
    | st.datetimes(timezones=zones)
    | st.datetimes()
    | st.dates()
    | st.times()
)
keys = st.from_regex(r"[A-Za-z0-9_-]{1,6}", fullmatch=True) | st.text(max_size=6)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(keys, inner, max_size=3),
    max_leaves=10,
)
tables = st.dictionaries(keys, values, max_size=4)
lines = st.builds(lambda key, value: f"{key} = {inline(value)}\n", keys, tables)
records = st.lists(lines, max_size=3).map(lambda written: "\n[records]\n" + "".join(written))


@given(st.lists(lines, max_size=4))
def test_record_lines_of_any_values_read_as_parse_toml_reads_them(written: list[str]) -> None:
    same_as_parse_toml("".join(written).encode("utf-8"))


@given(
    lines,
    st.integers(0, 200),
    st.sampled_from(
        [
            b"",
            b" ",
            b"\t",
            b"\r",
            b"\\",
            b'"',
            b",",
            b"}",
            b"{",
            b"]",
            b"[",
            b"=",
            b".",
            b"#",
            b"\n",
            b"0",
            b"e",
            b"_",
            b"+",
            b":",
            b"\x7f",
        ]
    ),
)
def test_a_line_one_character_away_reads_as_parse_toml_reads_it(
    line: str, where: int, character: bytes
) -> None:
    data = line.encode("utf-8")
    where = min(where, len(data))
    same_as_parse_toml(data[:where] + character + data[where:])  # one more
    same_as_parse_toml(data[:where] + data[where + 1 :])  # one fewer


@given(st.binary(max_size=60) | st.text(max_size=60).map(lambda text: text.encode("utf-8")))
def test_any_text_reads_as_parse_toml_reads_it(data: bytes) -> None:
    same_as_parse_toml(data)


def same_document(data: bytes) -> None:
    expected = as_parse_toml_reads(data)
    try:
        assert typed(parse_document(PATH, data)) == expected
    except SaveError:
        assert expected == REFUSED


documents = st.builds(
    lambda head, records, blank: tomli_w.dumps(head) + ("\n" if blank else "") + records,
    st.dictionaries(keys, values | tables, max_size=5),
    st.just("")
    | st.lists(lines, max_size=3).map(lambda written: "\n[records]\n" + "".join(written)),
    st.booleans(),
)


@given(documents)
def test_a_document_reads_as_parse_toml_reads_it(document: str) -> None:
    same_document(document.encode("utf-8"))


@given(documents, st.integers(0, 400), st.sampled_from([b"", b"[", b"\n", b'"', b"=", b" ", b"#"]))
def test_a_document_one_character_away_reads_as_parse_toml_reads_it(
    document: str, where: int, character: bytes
) -> None:
    data = document.encode("utf-8")
    where = min(where, len(data))
    same_document(data[:where] + character + data[where:])
    same_document(data[:where] + data[where + 1 :])


def test_the_edges_of_what_toml_holds() -> None:
    for line in (
        "r1 = { n = 9223372036854775807 }\n",  # 64 bits: read
        "r1 = { n = 9223372036854775808 }\n",  # one more: refused
        "r1 = { n = 0123 }\n",
        "r1 = { n = -0 }\n",
        "r1 = { at = 2026-02-30 10:00:00+00:00 }\n",
        "r1 = { at = 2026-12-01 10:00:00+00:75 }\n",
        "r1 = { at = 2026-12-01T10:00:00.1234567z }\n",
        "r1 = { at = 2026-12-01 10:00:60Z }\n",
        "r1 = { a = [1, 2, ], b = [ ] }\n",
        "r1 = { a = [1 2] }\n",
        "r1 = { a = 1, a = 2 }\n",
        "r1 = { a = 1, }\n",
        "r1 = { a = truex }\n",
        'r1 = { a = "tab\there" }\n',
        'r1 = { "a" = 1 }\n',
        "r1 = { a.b = 1 }\n",
        "r1 = {}\nr1 = {}\n",
        "r1 = " + "[" * 40 + "]" * 40 + "\n",
        "r1 = { x = 1 }",  # no newline
        "  r1 = { x = 1 }\n",
        "r1 = { x = 1 }  \n",
        "r1 = { x = 1 } # a comment\n",
    ):
        same_as_parse_toml(line.encode("utf-8"))
    for document in (
        "a = 1\n\n[a]\nb = 2\n",  # a key and a table of one name
        "records = {}\n[records]\nr1 = {}\n",
        "x = [\n[1],\n]\n[t]\n",  # a table line inside an array
        't = """\n[records]\n"""\n[records]\nr1 = {}\n',  # and inside a text
        "[records]\nr1 = {}\n[records]\nr2 = {}\n",
        "[records.r1]\n[records]\nr2 = {}\n",
        "a = 1\n[s]\nb = 2\n[records]\nr1 = { do = { c = 3 } }\n",
        "a = 1\nb = [\n  1,\n]\nc = 2\n\n[t]\nx = 1\n",  # plain keys after an array
        "a = 1\nb = [\n  1,\n]\na = 2\n[t]\n",
        "a = 1\na = 2\n[t]\n",
        't = """\na = 1\n"""\nb = 2\n[t2]\n',  # a plain line inside a text
        't = """\n[x]\na = 1"""\n',
        "a = 1\nb = 2",  # no newline at its end
    ):
        same_document(document.encode("utf-8"))
    moment = plain_records(b"r1 = { at = 2026-12-01 10:30:00-05:30 }\n")
    assert moment == {"r1": {"at": datetime(2026, 12, 1, 16, 0, tzinfo=UTC)}}
    assert plain_records(b"r1 = { d = 2026-12-01 }\n") is None  # a date alone: left to tomllib


def test_the_lines_this_app_writes_take_the_fast_way(tmp_path: Path) -> None:
    """Devices, seats, times, `was`, undo, redo and a play's details (a tab, an accent, a
    quote left to `parse_toml`): the lines of a real game, and of a long one."""
    store, finished = finished_six_sojourns(tmp_path)
    saved = store.open_for_play(finished.id)
    undo_close = Draft("undo", target=saved.origins[-1].number)
    coins = Draft("do", EnterCount("Ana", "coins", 3), was="1")
    store.transact(saved, lambda _theirs: [undo_close, coins], by="b0123456789a", seat="Ana")
    store.transact(saved, lambda _theirs: [Draft("undo", target=saved.origins[-1].number)])
    store.transact(saved, lambda _theirs: [Draft("redo", target=saved.undone[-1].number)])
    store.transact(
        saved,
        lambda _theirs: [details_draft(saved, PlayDetails("Café\tclub"), fixed_clock())],
        by="t1a2b3c4d5e6",
        seat="Zoë",
    )
    content = store.path_for(saved.id).read_bytes()
    region = content[records_start(content) or 0 :]
    assert region.count(b"\n") > 50 and b"was = " in region and b"seat = " in region
    fast = plain_records(region)
    assert fast is not None and typed(fast) == as_parse_toml_reads(region)
    assert plain_records(region + b'r999 = { seat = "A \\"B\\"" }\n') is None


def test_the_keys_before_the_first_table_take_the_fast_way(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An older save with thousands of keys of its own (written by `tomli_w`, an array of
    actions before them): `parse_toml` reads only its few other lines."""
    save_id = many_keys_save(tmp_path, keys=3000)
    content = (tmp_path / "games" / f"{save_id}.toml").read_bytes()
    read_slowly: list[int] = []
    real = record_lines.parse_toml

    def counted(path: Path, data: bytes) -> Any:
        read_slowly.append(len(data))
        return real(path, data)

    monkeypatch.setattr(record_lines, "parse_toml", counted)
    document = parse_document(PATH, content)
    assert typed(document) == as_parse_toml_reads(content) and document["u2999"] == 2999
    assert sum(read_slowly) < len(content) // 20
