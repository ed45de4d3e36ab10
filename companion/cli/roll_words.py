"""Why a filtered roll history is empty, in words: the filter, and what the history does hold."""

from __future__ import annotations

from collections.abc import Sequence

from lang import tn
from saves.shared.rolls import LoggedRoll, select


def no_rolls_reason(kept: Sequence[LoggedRoll], die: str | None, source: str | None) -> str:
    """The line `companion rolls --die/--source` says when no kept roll matches: how many are
    kept, and of which dice, so the player sees what to ask for instead."""
    asked = " ".join(part for part in (source, die) if part)
    dice = sorted({entry.roll.expression for entry in select(kept, source=source)})
    if not dice:
        return tn(
            "no {asked} rolls among the {n} roll kept",
            "no {asked} rolls among the {n} rolls kept",
            len(kept),
            asked=asked,
        )
    held = ", ".join(dice[:8]) + (", ..." if len(dice) > 8 else "")
    return tn(
        "no {asked} rolls among the {n} roll kept ({dice})",
        "no {asked} rolls among the {n} rolls kept ({dice})",
        len(kept),
        asked=asked,
        dice=held,
    )
