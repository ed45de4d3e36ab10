"""What only Sojourn can say on the Stats screen: the win rate and how runs were lost."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text

from lang import t
from widgets.stats.charts import percent


def chart_notes(game: Mapping[str, Any], colours: Mapping[str, str]) -> list[str | Text]:
    """The win rate, and the lost runs by cause: health at 0 or stuck with no reachable card."""
    lost = game["lost_by"]
    line = t(
        "Win rate {rate} · lost runs: {health} at Health 0, {stuck} stuck",
        rate=percent(game["win_rate"]),
        health=lost["health"],
        stuck=lost["stuck"],
    )
    return [f"  {line}"]
