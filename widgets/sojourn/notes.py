"""What only Sojourn can say on the Stats screen: the win rate and how runs were lost."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text

from widgets.stats.charts import percent


def chart_notes(game: Mapping[str, Any], colours: Mapping[str, str]) -> list[str | Text]:
    """The win rate, and the lost runs by cause: health at 0 or stuck with no reachable card."""
    lost = game["lost_by"]
    return [
        f"  Win rate {percent(game['win_rate'])} · lost runs: {lost['health']} at Health 0, "
        f"{lost['stuck']} stuck"
    ]
