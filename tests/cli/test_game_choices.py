"""The commands that take only some games (`score`, `record`) offer the games whose `Game` has
what they need, listed only when that command is used: every other command starts without
importing any game's rules."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion import cli, registry
from companion.cli.games import GameChoices
from companion.cli.score import score_output
from companion.core import Game
from companion.registry import all_games
from saves.shared.settings import SettingsStore
from tests.support.toy import TALLY

ROOT = Path(__file__).resolve().parents[2]


def test_the_choices_are_found_when_first_asked_and_once() -> None:
    asked: list[str] = []

    def offers(game: Game[Any, Any]) -> bool:
        asked.append(game.id)
        return game.score is not None

    choices = GameChoices(offers)
    assert asked == []
    assert list(choices) == ["six-sojourns", "cavendish", "time-bastards"]
    assert "sojourn" not in choices and "cavendish" in choices
    assert asked == [game_id for game_id, _title in registry.catalogue()]


def test_building_the_parser_imports_no_games_rules() -> None:
    code = (
        "import sys\n"
        "from companion.cli import build_parser\n"
        "build_parser()\n"
        "print(','.join(n for n in sys.modules if n.endswith('.game')))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""


@pytest.mark.parametrize(
    ("command", "choices"),
    [
        ("score", "{six-sojourns}"),
        ("record", "{sojourn,six-sojourns,cavendish,time-bastards}"),
    ],
)
def test_each_command_lists_the_games_that_offer_it(
    capsys: pytest.CaptureFixture[str], command: str, choices: str
) -> None:
    assert cli.main([command, "--help"]) == 0
    assert f"  {choices}\n" in capsys.readouterr().out


def test_a_game_without_a_board_file_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["score", "sojourn", "board.toml"]) == 2
    assert capsys.readouterr().err == (
        "companion score: argument game: invalid choice: 'sojourn' (choose from "
        "'six-sojourns') (see `companion score --help`)\n"
    )


def test_only_six_sojourns_has_a_board_file_under_the_setups_thresholds_key() -> None:
    from widgets.six_sojourns.setup import THRESHOLDS_KEY

    boards = {game_id: game.board_file for game_id, game in all_games().items()}
    assert [game_id for game_id, board in boards.items() if board] == ["six-sojourns"]
    board = boards["six-sojourns"]
    assert board is not None and board.cards_key == THRESHOLDS_KEY


def test_scoring_a_game_without_a_board_file_says_so(
    companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(registry.GAMES, TALLY.id, TALLY)
    with pytest.raises(ValueError, match="tally has no board file to score"):
        score_output(TALLY.id, "board.toml", SettingsStore(companion_home), as_json=False)
