"""What the app imports before a game opens: the play screens' collaborators only come with the
first game, so the start to the home screen does not pay for them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def modules_after(statement: str) -> set[str]:
    """The modules in `sys.modules` after `statement` ran in a fresh interpreter."""
    code = f"import sys\n{statement}\nprint('\\n'.join(sorted(sys.modules)))\n"
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return set(done.stdout.split())


def test_the_app_imports_the_shared_game_only_when_a_game_opens() -> None:
    modules = modules_after("import widgets.app")
    assert "widgets.play.game_screen" in modules  # the report is read right
    assert "widgets.play.shared_game" not in modules
