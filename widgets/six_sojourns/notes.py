"""What only Six Sojourns can say on the Stats screen: points by category, who led, campaigns."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text

from companion.six_sojourns.report import CATEGORY_WORDS
from lang import SOURCE, current, number, t, tr
from widgets.stats.charts import bar, label, shown_score
from widgets.stats.colours import in_column


def chart_notes(game: Mapping[str, Any], colours: Mapping[str, str]) -> list[str | Text]:
    """The average points of each category as bars, how often the winner alone led each, and
    each campaign's totals (a player's name after their colour's ●)."""
    average = game["average_points"]
    largest = max(average.values(), default=0)
    lines: list[str | Text] = ["  " + t("Average points per category (per player per game):")]
    lines += [
        f"    {label(category_words(c), 12)} {bar(v, largest, 20).ljust(20)} {decimal(v)}"
        for c, v in average.items()
    ]
    led = ", ".join(
        t(
            "{category} {led} of {games}",
            category=category_words(c),
            led=n,
            games=game["in_play"][c],
        )
        for c, n in game["winner_led"].items()
    )
    lines.append(
        "  " + t("Winner alone led the category (games it was in play): {led}", led=led or "-")
    )
    if game["campaigns"]:
        lines.append("  " + t("Campaigns (totals of six games, apart from single games):"))
    for name, row in game["campaigns"].items():
        lines.append(
            Text.assemble(
                "    ",
                in_column(name, colours, 16),
                " "
                + t(
                    "{played} played, {won} won, {points} VP in all, best {best}",
                    played=row["played"],
                    won=row["won"],
                    points=row["points"],
                    best=shown_score(row["best"]),
                ),
            )
        )
    return lines


def category_words(category: str) -> str:
    """A category of the figures (an English id from the history) in the language in use."""
    return tr(CATEGORY_WORDS.get(category, category))


def decimal(value: float) -> str:
    """An average as the reader writes it: `3.5` in English (as it always read), `3,5` in French
    and German."""
    return str(value) if current() == SOURCE else str(number(value))
