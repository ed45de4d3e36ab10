"""No value in any file can crash or stall anything (issue 20): numbers and dates at the limits.

tomllib reads an integer of any size (and raises ValueError past Python's 4,300 digits), reads
`1e400` as infinity, and loads a date like `9999-12-31T23:59:59-23:59` that has no UTC time:
each reader must say "unreadable, with the reason", and every command one line, exit 2 at most.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from saves.codec import CodecError, bounded, load_json
from saves.files import SaveError, read_toml
from saves.games.boards import read_board_file
from saves.games.store import SaveStore
from saves.paths import rolls_path, settings_path
from saves.shared.rolls import RollLog
from saves.shared.settings import SettingsStore
from tests.conftest import fixed_clock
from tests.support.samples import install_sample

ROOT = Path(__file__).resolve().parents[2]

REFUSED = [
    "9223372036854775808",
    "-9223372036854775809",
    "1" * 4301,
    "1" * 50_000,
    "1e400",
    "-1e400",
    "inf",
    "-inf",
    "nan",
    "0xffffffffffffffff",
    "9999-12-31T23:59:59-23:59",
    "0001-01-01T00:00:00+23:59",
]
"""Values TOML parses but no file of ours may hold (or that Python's reader refuses itself)."""
ACCEPTED = [
    "9223372036854775807",
    "-9223372036854775808",
    "0x7fffffffffffffff",
    "9999-12-31T23:59:59Z",
    "0001-01-01T00:00:00Z",
    "1979-05-27T07:32:00",
    "1979-05-27",
    "23:59:59.999999",
]
EXTREME_TOML_VALUES = REFUSED + ACCEPTED


def edited(sample: str, value: str) -> str:
    """A sample save with one value replaced by `value` (the revision, a first action's field)."""
    return sample.replace("format = 1\n", f"format = 1\nrevision = {value}\n", 1)


@pytest.mark.parametrize("value", EXTREME_TOML_VALUES)
def test_every_toml_reader_refuses_an_out_of_range_value_with_a_reason(
    tmp_path: Path, value: str
) -> None:
    path = tmp_path / "extreme.toml"
    path.write_text(f"format = 1\nextreme = {value}\n")
    for read in (read_toml, lambda p: read_board_file(str(p))):
        if value in REFUSED:
            with pytest.raises(SaveError) as refused:
                read(path)
            assert str(path) in str(refused.value)
        else:
            assert "extreme" in read(path)


@pytest.mark.parametrize("value", EXTREME_TOML_VALUES)
def test_settings_and_rolls_with_any_value_start_and_keep_the_file(
    companion_home: Path, value: str
) -> None:
    companion_home.mkdir(parents=True)
    settings_path(companion_home).write_text(f"format = 1\n[preferences]\ntheme = {value}\n")
    rolls_path(companion_home).write_text(f"format = 2\nrolls = [{{ at = {value} }}]\n")
    before = settings_path(companion_home).read_bytes(), rolls_path(companion_home).read_bytes()
    settings = SettingsStore(companion_home)
    assert settings.preference("theme", "textual-dark") == "textual-dark"
    settings.set_preference("theme", "nord")
    log = RollLog(companion_home, fixed_clock)
    assert log.problem is not None  # not one roll: reported, never written over
    after = settings_path(companion_home).read_bytes(), rolls_path(companion_home).read_bytes()
    if settings.problem is not None:
        assert after[0] == before[0]
    assert after[1] == before[1]


def test_a_save_with_a_huge_number_is_listed_unreadable_with_the_reason(
    companion_home: Path,
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    path = companion_home / "games" / f"{save_id}.toml"
    path.write_text(edited(path.read_text(), "1" * 5000))
    entries, unreadable = SaveStore(companion_home).listing()
    assert entries == [] and len(unreadable) == 1
    assert "not valid TOML" in unreadable[0].reason or "64 bits" in unreadable[0].reason


@pytest.mark.parametrize(
    "value",
    [
        "1" * 5000,
        pytest.param("1e400", marks=pytest.mark.slow),
        pytest.param("9223372036854775808", marks=pytest.mark.slow),
        pytest.param("nan", marks=pytest.mark.slow),
    ],
)
@pytest.mark.parametrize(
    "command",
    [
        ["list"],
        ["list", "--json"],
        ["show", "time-bastards"],
        ["export", "time-bastards"],
        ["stats"],
        ["plays"],
        ["rolls"],
        ["resume", "time-bastards"],
    ],
)
def test_every_command_says_one_line_for_a_file_at_the_limits(
    companion_home: Path, value: str, command: list[str]
) -> None:
    save_id = install_sample(companion_home, "time-bastards")
    path = companion_home / "games" / f"{save_id}.toml"
    path.write_text(edited(path.read_text(), value))
    settings_path(companion_home).write_text(f"format = 1\nbig = {value}\n")
    rolls_path(companion_home).write_text(f"format = {value}\n")
    done = subprocess.run(
        [sys.executable, "-m", "companion", *command],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "COMPANION_HOME": str(companion_home), "PYTHONPATH": str(ROOT)},
        stdin=subprocess.DEVNULL,
    )
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode in (0, 2) and len(done.stderr.splitlines()) <= 1, done.stderr


def test_a_listing_cache_with_infinity_or_a_huge_number_is_rebuilt(companion_home: Path) -> None:
    install_sample(companion_home, "cavendish")
    store = SaveStore(companion_home)
    store.listing()
    cache = companion_home / "listing-cache.json"
    text = cache.read_text()
    for poison in ("Infinity", "NaN", "1" * 5000):
        cache.write_text(text.replace('"format": ', f'"x": {poison}, "format": ', 1))
        entries, unreadable = SaveStore(companion_home).listing()
        assert len(entries) == 1 and unreadable == []
        assert "Infinity" not in cache.read_text() and "NaN" not in cache.read_text()


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=5),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=3), children, max_size=3)
    ),
    max_leaves=12,
)


@settings(max_examples=200, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(json_values)
def test_load_json_holds_only_what_a_file_may_hold(value: object) -> None:
    text = json.dumps(value)
    try:
        loaded = load_json(text)
    except CodecError as error:
        assert any(word in str(error) for word in ("64 bits", "not a number", "finite", "JSON"))
    else:
        assert loaded == json.loads(text)
        assert "Infinity" not in json.dumps(loaded) and "NaN" not in json.dumps(loaded)


toml_scalars = st.one_of(
    st.integers(min_value=-(2**64), max_value=2**64).map(str),
    st.sampled_from(EXTREME_TOML_VALUES),
    st.floats(allow_nan=False, allow_infinity=False).map(repr),
)


@settings(max_examples=150)
@given(st.lists(toml_scalars, min_size=1, max_size=6))
def test_read_toml_turns_any_value_into_data_or_a_reason(values: list[str]) -> None:
    import tempfile

    document = (
        "".join(f"k{i} = {v}\n" for i, v in enumerate(values)) + f"a = [{', '.join(values)}]\n"
    )
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "values.toml"
        path.write_text(document)
        try:
            data = read_toml(path)
        except SaveError as error:
            assert str(error)
        else:
            assert bounded(data) == data  # whatever is read is within the limits
