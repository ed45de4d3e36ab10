"""What a failing disk keeps from a game's file, said in one line that stays until a save works."""

from __future__ import annotations

from datetime import datetime

from companion.text import plural


class UnsavedChanges:
    """The changes (actions, undos, redos) made since the game's file was last written."""

    def __init__(self, saved_at: datetime) -> None:
        self.saved_at = saved_at
        """When the file was last written (UTC)."""
        self.count = 0
        self.reason = ""

    def failed(self, error: OSError) -> None:
        """One more change that could not be written."""
        self.count += 1
        self.reason = error.strerror or str(error)

    def saved(self, at: datetime) -> None:
        """A save worked: nothing is lost any more."""
        self.count, self.reason, self.saved_at = 0, "", at

    def line(self) -> str:
        """`Not saved since 14:02 (No space left on device): quitting now would lose 2 changes`."""
        since = self.saved_at.astimezone().strftime("%H:%M")
        lost = plural(self.count, "change")
        return (
            f"Not saved since {since} ({self.reason}): quitting now would lose {lost}; "
            "the next one tries again."
        )
