"""The app opened on a game in play, for the table view's tests."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from table_view_helpers import sojourn_run

from tests.support.samples import install_sample


@pytest.fixture
def game_app(make_test_app: Callable[..., Any], companion_home: Path) -> Callable[[str], Any]:
    """The app opened on a game in play (by game id), its table view not open yet."""

    def build(game_id: str) -> Any:
        if game_id == "sojourn":
            return make_test_app(start=sojourn_run)
        save_id = install_sample(companion_home, game_id)
        return make_test_app(start=lambda app: app.open_saved(save_id))

    return build
