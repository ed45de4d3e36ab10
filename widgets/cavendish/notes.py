"""What only Cavendish can say on the Stats screen: success rate, best score, crystals spent."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text

from lang import t
from widgets.stats.charts import percent


def chart_notes(game: Mapping[str, Any], colours: Mapping[str, str]) -> list[str | Text]:
    """How often missions succeed, the best (lowest) final score and where crystals went."""
    spent = game["crystals_spent"]
    best = "-" if game["best_score"] is None else game["best_score"]
    return [
        "  "
        + t(
            "Success rate {rate} · best (lowest) final score {best}",
            rate=percent(game["success_rate"]),
            best=best,
        ),
        "  "
        + t(
            "Crystals spent: tests {tests}, explores {explores}, updates {updates}",
            tests=spent["tests"],
            explores=spent["explores"],
            updates=spent["updates"],
        ),
    ]
