"""Read what the app tells players, through its public `notify`, in Pilot tests."""

from __future__ import annotations

from typing import Any


def record_notes(app: Any) -> list[str]:
    """Keep every notification's message as players read it, and still show it."""
    notes: list[str] = []
    original = app.notify

    def note(message: str, **kwargs: Any) -> None:
        notes.append(str(message))
        original(message, **kwargs)

    app.notify = note
    return notes
