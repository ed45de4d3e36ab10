"""Why a filtered roll history is empty, in words: the filter, and what the history does hold."""

from __future__ import annotations

from collections.abc import Sequence

from companion.text import plural
from saves.shared.rolls import LoggedRoll, select


def no_rolls_reason(kept: Sequence[LoggedRoll], die: str | None, source: str | None) -> str:
    """The line `companion rolls --die/--source` says when no kept roll matches: how many are
    kept, and of which dice, so the player sees what to ask for instead."""
    asked = " ".join(part for part in (source, die) if part)
    dice = sorted({entry.roll.expression for entry in select(kept, source=source)})
    held = f" ({', '.join(dice[:8])}{', ...' if len(dice) > 8 else ''})" if dice else ""
    return f"no {asked} rolls among the {plural(len(kept), 'roll')} kept{held}"
