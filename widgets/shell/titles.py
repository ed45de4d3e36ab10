"""Games' names as players say them at the table, for the home and Stats screens alike."""

from __future__ import annotations

from companion.registry import catalogue


def short_title(title: str) -> str:
    """The name players use at the table ("Cavendish" for "TIME Stories Revolution: Cavendish")."""
    return title.split(":")[-1].strip()


def short_titles() -> dict[str, str]:
    """Game id -> short title, for every game listed (those registered at run time too)."""
    return {game_id: short_title(title) for game_id, title in catalogue()}
