"""The statistics tests' data folder: the eleven saves of stats_helpers, played once per module."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from stats_helpers import write_games


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The eleven saves, played once for the module."""
    home = tmp_path_factory.mktemp("played")
    write_games(home)
    return home


@pytest.fixture
def games(played: Path, companion_home: Path) -> Path:
    """A copy of the played folder as this test's data folder."""
    shutil.copytree(played, companion_home)
    return companion_home
