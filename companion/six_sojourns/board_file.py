"""`companion score six-sojourns FILE`: a board (or score pad) file scored with the trade
thresholds players keep in the settings (`Game.board_file`)."""

from __future__ import annotations

from typing import Any

from companion.core import BoardFile
from companion.six_sojourns.file import sheet_from_plain
from companion.six_sojourns.model import DEFAULT_THRESHOLDS, Thresholds
from companion.six_sojourns.report import Say, score_json, score_text

THRESHOLDS_KEY = "six-sojourns-thresholds"
"""The settings key the trade thresholds are remembered under (the setup screen edits them)."""


def board_text(data: dict[str, Any], thresholds: Thresholds, say: Say = str) -> str:
    """The score table of a parsed board file, every reason under it; `RuleError` for a board
    the rules refuse. `say` shows each word (`lang.tr` for the reader's language: the table's
    columns are then aligned to the words as shown); English by default."""
    return score_text(sheet_from_plain(data), thresholds, say)


def board_json(data: dict[str, Any], thresholds: Thresholds) -> str:
    """The same score as JSON text."""
    return score_json(sheet_from_plain(data), thresholds)


BOARD_FILE = BoardFile(THRESHOLDS_KEY, Thresholds, DEFAULT_THRESHOLDS, board_text, board_json)
"""Six Sojourns' board file, as `companion score` reads it."""
