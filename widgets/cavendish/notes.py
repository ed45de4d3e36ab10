"""What only Cavendish can say on the Stats screen: success rate, best score, crystals spent."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text

from widgets.stats.charts import percent


def chart_notes(game: Mapping[str, Any], colours: Mapping[str, str]) -> list[str | Text]:
    """How often missions succeed, the best (lowest) final score and where crystals went."""
    spent = game["crystals_spent"]
    best = "-" if game["best_score"] is None else game["best_score"]
    return [
        f"  Success rate {percent(game['success_rate'])} · best (lowest) final score {best}",
        f"  Crystals spent: tests {spent['tests']}, explores {spent['explores']}, "
        f"updates {spent['updates']}",
    ]
