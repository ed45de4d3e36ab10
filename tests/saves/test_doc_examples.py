"""Every TOML example in the docs works as written, so the docs cannot drift from the code.

The rule for writers: each ```toml block in README.md and docs/*.md follows a marker line
`<!-- example: KIND -->` (an HTML comment: invisible on the rendered page), KIND being one of

- `save`: a `games/<id>.toml` file; it is loaded through the store (replayed by the rules)
  and shown by `companion show ID` and `companion show ID --json`;
- `board-file`: a Six Sojourns board file; `companion score six-sojourns FILE` scores it;
- `settings`, `rolls`: the other files of the data folder, read by their readers;
- `recorded`: a `recorded/<id>.toml` play (checked in tests/history/test_recorded.py);
- `seats`: a `locks/<id>.seats.toml` presence file, read by its reader
  (the listing cache is JSON: its one example is checked on its own).

A block without a marker, or with an unknown one, fails: a typo cannot make an example skipped.
Each game's guide also names, in its "Save file" section, every setup field and every action of
the game with every field and every named value they take, down to nested tables.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import re
import tomllib
import typing
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import pytest

from companion import cli
from companion.registry import entries, get_game
from saves.games.store import SaveStore
from saves.history.plays import aliases
from saves.listing.cache import CACHE_FORMAT, SaveEntry
from saves.listing.cache import _verdict as listing_verdict
from saves.listing.cache import entry_from_record as listing_entry
from saves.paths import games_dir, rolls_path, settings_path
from saves.shared.presence import parse_presence
from saves.shared.rolls import RollLog
from saves.shared.roster import player_colours
from saves.shared.settings import SettingsStore
from tests.conftest import fixed_clock
from webserve.access import usable_token

ROOT = Path(__file__).resolve().parents[2]
PAGES = (ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")))
KINDS = ("save", "board-file", "settings", "rolls", "recorded", "seats")
MARKER = re.compile(r"^<!--\s*example:\s*(\S+)\s*-->$")
GUIDES = {game_id: ROOT / "docs" / f"{game_id}.md" for game_id in entries()}
"""Each game's guide, which carries one example save of that game."""


@dataclass(frozen=True)
class Example:
    """One fenced ```toml block of a page, with the marker line just above it (if any)."""

    page: Path
    line: int
    """The line of the opening fence, counted from 1."""
    kind: str | None
    text: str

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"

    def data(self) -> dict[str, Any]:
        try:
            return tomllib.loads(self.text)
        except tomllib.TOMLDecodeError as error:
            pytest.fail(f"{self.where}: not valid TOML ({error})")


def examples_in(page: Path) -> list[Example]:
    """The page's ```toml blocks, each with the kind named by the marker on the line before."""
    found: list[Example] = []
    lines = page.read_text(encoding="utf-8").splitlines()
    previous = ""
    number = 0
    while number < len(lines):
        line = lines[number]
        fence = line.strip()
        if fence.startswith("```") and fence[3:].strip().lower().startswith("toml"):
            start = number
            body: list[str] = []
            number += 1
            while number < len(lines) and lines[number].strip() != "```":
                body.append(lines[number])
                number += 1
            marker = MARKER.match(previous)
            kind = marker[1] if marker else None
            found.append(Example(page, start + 1, kind, "\n".join(body) + "\n"))
            previous = "```"
        elif fence:
            previous = fence
        number += 1
    return found


EXAMPLES = [example for page in PAGES for example in examples_in(page)]


def of_kind(kind: str) -> list[Any]:
    return [pytest.param(e, id=e.where) for e in EXAMPLES if e.kind == kind]


def is_save(data: dict[str, Any]) -> bool:
    return "format" in data and "game" in data


def test_a_block_takes_only_the_marker_just_above_it(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "<!-- example: save -->\n\n```toml\nformat = 1\n```\n"
        "```toml\nformat = 2\n```\n"
        "<!-- example: settings -->\nSome words.\n```TOML\nformat = 3\n```\n"
        "```sh\ncompanion\n```\n",
        encoding="utf-8",
    )
    found = [(e.line, e.kind, e.text) for e in examples_in(page)]
    assert found == [
        (3, "save", "format = 1\n"),
        (6, None, "format = 2\n"),
        (11, None, "format = 3\n"),
    ]


@pytest.mark.parametrize("example", [pytest.param(e, id=e.where) for e in EXAMPLES])
def test_every_toml_block_is_marked_with_its_kind(example: Example) -> None:
    assert example.kind in KINDS, (
        f"{example.where}: put `<!-- example: KIND -->` on the line before this ```toml block, "
        f"KIND one of {', '.join(KINDS)} (found {example.kind!r})"
    )
    data = example.data()
    if example.kind not in ("save", "recorded"):  # a recorded play has a game, and its kind
        assert not is_save(data), f"{example.where}: has `format` and `game`: mark it `save`"


@pytest.mark.parametrize("game_id", list(GUIDES))
def test_every_game_guide_has_an_example_save_of_its_game(game_id: str) -> None:
    games = [e.data().get("game") for e in EXAMPLES if e.page == GUIDES[game_id]]
    assert game_id in games, f"{GUIDES[game_id].name} has no example save of {game_id}"


def vocabulary(hint: Any, seen: set[type]) -> set[str]:
    """Every field name and named value (Literal, Enum) a save can hold for this type."""
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if hint in seen:
            return set()
        seen.add(hint)
        hints = typing.get_type_hints(hint)
        words: set[str] = set()
        for field in dataclasses.fields(hint):
            if field.init:
                words |= {field.name, *vocabulary(hints[field.name], seen)}
        return words
    if typing.get_origin(hint) is Literal:
        return {value for value in typing.get_args(hint) if isinstance(value, str) and value}
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return {str(member.value) for member in hint}
    return {word for arg in typing.get_args(hint) for word in vocabulary(arg, seen)}


def save_file_section(page: Path) -> str:
    text = page.read_text(encoding="utf-8")
    assert "\n## Save file\n" in text, f"{page.name} has no '## Save file' section"
    section = text.split("\n## Save file\n", 1)[1]
    return section.split("\n## ", 1)[0]


@pytest.mark.parametrize("game_id", list(GUIDES))
def test_every_guide_names_its_whole_save_vocabulary(game_id: str) -> None:
    game = get_game(game_id)
    assert game is not None
    seen: set[type] = set()
    wanted = vocabulary(game.setup_type, seen)
    for action_type in game.action_types:
        wanted |= {action_type.__name__, *vocabulary(action_type, seen)}
    spans = re.findall(r"`([^`]+)`", save_file_section(GUIDES[game_id]))
    written = {word for span in spans for word in re.findall(r"\w+", span)}
    missing = sorted(wanted - written)
    assert not missing, f"{GUIDES[game_id].name}, Save file: not documented: {missing}"


@pytest.mark.parametrize("example", of_kind("save"))
def test_example_save_loads_and_shows(
    example: Example, companion_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = example.data()
    assert is_save(data), f"{example.where}: a save has `format` and `game`"
    steps = "actions" if data.get("format") == 1 else "records"
    for key in ("id", "title", "created", "updated", steps, "setup"):
        assert key in data, f"{example.where}: a complete example save has `{key}`"
    save_id = data["id"]
    folder = games_dir(companion_home)
    folder.mkdir(parents=True)
    (folder / f"{save_id}.toml").write_text(example.text, encoding="utf-8")
    store = SaveStore(companion_home, clock=fixed_clock)
    saved = store.load(save_id)
    if steps == "actions":
        assert len(saved.session.actions) == len(data["actions"])
    else:
        assert saved.revision == len(data["records"])
    assert saved.game.id == data["game"]
    entries, unreadable = store.listing()
    assert [entry.id for entry in entries] == [save_id] and unreadable == []
    for arguments in (["show", save_id], ["show", save_id, "--json"]):
        code = cli.main(arguments)
        _out, err = capsys.readouterr()
        assert code == 0, f"{example.where}: companion {' '.join(arguments)}: {err}"


@pytest.mark.parametrize("example", of_kind("seats"))
def test_example_seats_file_reads(example: Example, tmp_path: Path) -> None:
    path = tmp_path / "game.seats.toml"
    seats = parse_presence(path, example.text.encode("utf-8"))
    assert seats and all(isinstance(name, str) for name in seats.values())


@pytest.mark.parametrize("example", of_kind("board-file"))
def test_example_board_file_scores(
    example: Example, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = tmp_path / "board.toml"
    board.write_text(example.text, encoding="utf-8")
    for extra in ([], ["--json"]):
        code = cli.main(["score", "six-sojourns", str(board), *extra])
        out, err = capsys.readouterr()
        assert code == 0, f"{example.where}: companion score six-sojourns: {err}"
        assert out


@pytest.mark.parametrize("example", of_kind("settings"))
def test_example_settings_are_read_without_a_problem(
    example: Example, companion_home: Path
) -> None:
    path = settings_path(companion_home)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(example.text, encoding="utf-8")
    settings = SettingsStore(companion_home)
    assert settings.problem is None
    # each documented preference is read as the docs say, not ignored as mistyped
    assert player_colours(settings).ignored == ()
    if "player_aliases" in example.text:
        assert aliases(settings)
    if "serve-token" in example.text:
        assert usable_token(settings.preference("serve-token", "")) is not None


@pytest.mark.parametrize("example", of_kind("rolls"))
def test_example_rolls_are_read_without_a_problem(example: Example, companion_home: Path) -> None:
    path = rolls_path(companion_home)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(example.text, encoding="utf-8")
    log = RollLog(companion_home, fixed_clock)
    assert log.rolls and log.problem is None


def test_example_listing_cache_has_the_records_the_cache_writes() -> None:
    """The listing cache is JSON: its example in save-format.md follows `<!-- cache example -->`."""
    page = (ROOT / "docs" / "save-format.md").read_text(encoding="utf-8")
    block = page.split("<!-- cache example -->\n```json\n", 1)[1].split("\n```", 1)[0]
    data = json.loads(block)
    assert data["format"] == CACHE_FORMAT and isinstance(data["rules"], str)
    fields = {field.name for field in dataclasses.fields(SaveEntry)}
    for name, record in data["saves"].items():
        assert set(record) == {"digest", *fields}, f"save-format.md: record {name}"
        entry = listing_entry(record, with_facts=True)
        assert entry is not None and entry.facts, f"save-format.md: record {name} is refused"
    for name, record in data["unreadable"].items():
        assert listing_verdict(record) is not None, f"save-format.md: verdict {name} is refused"
