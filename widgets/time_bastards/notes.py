"""What only Time Bastards can say on the Stats screen: which step of the tie-break decided."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text

from companion.phrases import phrase
from lang import t, tr

STEP_WORDS = {
    "achievements": phrase("most achievements"),
    "pieces": phrase("fewer pieces"),
    "oldest piece": phrase("oldest piece"),
    "tied": phrase("shared win"),
}
"""The words for each step of the winner rule that decided a game."""


def chart_notes(game: Mapping[str, Any], colours: Mapping[str, str]) -> list[str | Text]:
    """How many games each step of the winner rule decided."""
    decided = ", ".join(f"{tr(STEP_WORDS[s])} {n}" for s, n in game["decided_by"].items())
    return ["  " + t("Decided by: {steps}", steps=decided)]
