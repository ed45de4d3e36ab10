"""How the Stats screen reads its date filters and shows a figure in a table cell."""

from __future__ import annotations

from datetime import date
from typing import Any

import lang
from lang import t
from widgets.stats.charts import percent


def day_or_none(text: str) -> date | None:
    """A date typed as YYYY-MM-DD; None when empty or not a date."""
    try:
        return date.fromisoformat(text.strip()) if text.strip() else None
    except ValueError:
        return None


def is_day(text: str) -> bool:
    return not text.strip() or day_or_none(text) is not None


def shown(value: Any) -> str:
    """A figure in a cell: "-" for none; a number as the reader writes it ("12,75" in French;
    English keeps Python's "12.75" and "4.0", as `companion stats` prints them)."""
    if value is None:
        return "-"
    if isinstance(value, float) and lang.current() != lang.SOURCE:
        return str(lang.number(value))
    return str(value)


def best_words(figures: dict[str, Any]) -> str:
    """A best score, with "(low)" where the lowest is best (Cavendish)."""
    if figures["lower_is_better"]:
        # TRANSLATORS: a best score where the lowest is best, in a narrow column: "3 (low)".
        return t("{score} (low)", score=shown(figures["best_score"]))
    return shown(figures["best_score"])


def per_game_title(person: dict[str, Any]) -> str:
    """The per-game table's title, with the player's win rate in each kind of play they had
    ("competitive 50% · co-op 100%"): a duel won, a mission completed and a solo run home are
    not one kind of win."""
    rates = person.get("win_rate_by_kind", {})
    parts = (f"{kind_word(kind)} {percent(rate)}" for kind, rate in rates.items())
    return " · ".join([t("Per game"), *parts])


def kind_word(kind: str) -> str:
    """A kind of play (an id in the figures: `competitive`, `co-op`, `solo`) in words."""
    words = {"competitive": t("competitive"), "co-op": t("co-op"), "solo": t("solo")}
    return words.get(kind, kind)
