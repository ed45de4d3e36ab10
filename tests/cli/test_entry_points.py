"""The installed entry points are found as `importlib.metadata` finds them, without its import:
the same points, groups, packages, names and versions, in the same order; a package installed
later is found once the registries forget what they read; a zip on `sys.path` is read by
`importlib.metadata` itself."""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from companion import points as finders
from companion import registry
from companion.cli import entry_points as installed
from companion.points import Point

ROOT = Path(__file__).resolve().parents[2]
GROUPS = ("companion.games", "companion.screens", "console_scripts", "pytest11")


def seen(points: list[Point] | importlib.metadata.EntryPoints) -> list[tuple[str, ...]]:
    """What the registries read of each point: its name, value, package and version."""
    return [(p.name, p.value, str(p.dist.name), str(p.dist.version)) for p in points]


def metadata_says(group: str) -> list[tuple[str, ...]]:
    return seen(importlib.metadata.entry_points(group=group))


def install(site: Path, folder: str, metadata: str, points: str) -> None:
    info = site / folder
    info.mkdir(parents=True)
    (info / "METADATA").write_text(metadata, "utf-8")
    (info / "entry_points.txt").write_text(points, "utf-8")


@pytest.fixture
def fresh() -> object:
    installed.forget()
    yield
    installed.forget()


def test_every_group_of_this_environment_reads_as_importlib_metadata_reads_it(
    fresh: object,
) -> None:
    for group in GROUPS:
        assert seen(installed.entry_points(group)) == metadata_says(group), group
    assert seen(installed.entry_points("companion.games"))  # the project's four at least


def test_plugins_on_the_path_read_as_importlib_metadata_reads_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh: object
) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    folded = "Metadata-Version: 2.1\nName: Fifth.Game\nVersion: 0.3\nSummary: a\n b\n\nName: x\n"
    points = "# a comment\n[companion.games]\n x = a:b \n"
    install(first, "Fifth_Game-0.3.dist-info", folded, points)
    install(first, "other-1.0.dist-info", "Name: other\nVersion: 1.0\n", "[companion.games]\ny=c")
    shadowed = "Name: fifth-game\nVersion: 9\n"  # the same package later on the path: not read
    install(second, "fifth_game-9.dist-info", shadowed, "[companion.games]\nz = d:e\n")
    (first / "old.egg-info").write_text("Name: old\nVersion: 0.0\n", "utf-8")  # no points
    monkeypatch.syspath_prepend(str(second))
    monkeypatch.syspath_prepend(str(first))
    games = installed.entry_points("companion.games")
    assert seen(games) == metadata_says("companion.games")
    assert ("x", "a:b", "Fifth.Game", "0.3") in seen(games)
    assert not [point for point in games if point.name == "z"]


def test_a_line_without_a_value_names_nothing_and_stops_no_other(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh: object
) -> None:
    points = "[companion.games]\nbad\ngood = m:n\n"
    install(tmp_path, "odd-1.dist-info", "Name: odd\nVersion: 1\n", points)
    monkeypatch.syspath_prepend(str(tmp_path))
    found = installed.entry_points("companion.games")
    assert [p.name for p in found if p.dist.name == "odd"] == ["good"]


def test_a_point_loads_what_its_value_names_and_refuses_a_value_that_names_nothing(
    tmp_path: Path,
) -> None:
    dist = installed.Distribution(str(tmp_path))
    assert installed.EntryPoint("p", "companion.registry:LeftOut.line", "g", dist).load() is (
        registry.LeftOut.line
    )
    with pytest.raises(ValueError, match="not an entry point"):
        installed.EntryPoint("p", "no such:thing", "g", dist).load()


def test_a_zip_on_the_path_is_read_by_importlib_metadata(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh: object
) -> None:
    archive = tmp_path / "zipped.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr("zipped-1.0.dist-info/METADATA", "Name: zipped\nVersion: 1.0\n")
        zipped.writestr("zipped-1.0.dist-info/entry_points.txt", "[companion.games]\nq = r:s\n")
    monkeypatch.syspath_prepend(str(archive))
    found = seen(installed.entry_points("companion.games"))
    assert ("q", "r:s", "zipped", "1.0") in found
    assert found == metadata_says("companion.games")


def test_a_package_installed_later_is_found_once_the_registry_forgets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh: object
) -> None:
    monkeypatch.setattr(finders, "FINDER", installed)  # as the command line hands it in
    installed.entry_points("companion.games")  # read before the install
    points = "[companion.games]\nl = m:n\n"
    install(tmp_path, "late-1.dist-info", "Name: late\nVersion: 1\n", points)
    monkeypatch.syspath_prepend(str(tmp_path))
    registry.forget_entries()
    assert ("l", "m:n", "late", "1") in seen(installed.entry_points("companion.games"))
    registry.forget_entries()


def test_the_start_does_not_import_importlib_metadata() -> None:
    code = (
        "import sys\nfrom companion import points, registry\n"
        "from companion.cli import entry_points\nfrom widgets.shell import games\n"
        "points.find_with(entry_points)\n"
        "registry.catalogue(); games.has_screens('sojourn'); registry.source('sojourn')\n"
        "print('importlib.metadata' in sys.modules, 'email' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == ["False", "False"]
