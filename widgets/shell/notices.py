"""What the app shows as toasts, kept apart so that one kind can go without taking the others.

- An error stays until it is read: no time out; a click (a tap) on it, or the next key, closes it.
  On a narrow screen (a phone, taps only: no next key) it goes by itself after
  `NARROW_ERROR_SECONDS`, and the notices sit at the top (`companion.tcss`), off the buttons
  at the bottom that a refusal is about.
- A confirmation (undone, redone, exported...) replaces the confirmations shown before it, and
  only them: it never clears an error or a warning ("Not saved" must outlive "Undone").
- A warning waits for its time out.

Textual can only clear every notification at once (`App.clear_notifications`), so taking some
away means clearing and showing the others again (with the time they had left).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import App
from textual.notifications import Notification, Notify, SeverityLevel

from widgets.shell.chrome import NARROW_WIDTH

ERROR_SECONDS = 365 * 24 * 3600.0
"""An error's "time out": never, in practice; it closes when read."""
NARROW_ERROR_SECONDS = 6.0
"""An error's time out on a narrow screen, where no key closes it: long enough to read a
refusal of two lines, short enough not to stay between a phone and its next tap."""
TOAST_ID_PREFIX = "--textual-toast-"
"""What Textual's toast rack puts before a notification's identity in its toast's id."""


class Notices:
    """The notifications one app has shown and that are still on screen.

    Every notification goes through `_sync`, in turn with the messages posted before it, which
    posts the new ones, or, when some were taken away, clears the lot and posts again those left.
    """

    def __init__(self, app: App[Any]) -> None:
        self.app = app
        self.live: dict[str, Notification] = {}
        self._posted: set[str] = set()
        self._taken_away = False

    def show(
        self, message: str, title: str, severity: SeverityLevel, timeout: float | None
    ) -> None:
        """Post a notification (never markup); a confirmation takes the others away."""
        if severity == "error":
            timeout = NARROW_ERROR_SECONDS if self._narrow() else ERROR_SECONDS
        elif timeout is None:
            timeout = self.app.NOTIFICATION_TIMEOUT
        if severity == "information":
            self._take_away(lambda shown: shown.severity == "information")
        notification = Notification(message, title, severity, timeout, markup=False)
        self.live[notification.identity] = notification
        self.app.call_later(self._sync)

    def _narrow(self) -> bool:
        """A phone's width: no keyboard to read an error with (`WIDTH_BREAKPOINTS`)."""
        return 0 < self.app.size.width < NARROW_WIDTH

    def errors_read(self) -> None:
        """A key was pressed: the errors on screen have been seen, and close."""
        if self._take_away(lambda shown: shown.severity == "error"):
            self._sync()

    def closed(self, toast_id: str) -> None:
        """A toast was clicked (Textual closes it itself): it is no longer shown."""
        identity = toast_id.removeprefix(TOAST_ID_PREFIX)
        self.live.pop(identity, None)
        self._posted.discard(identity)

    def on_screen(self, severity: SeverityLevel | None = None) -> list[Notification]:
        """The notifications still shown, oldest first (of one severity, if given)."""
        self._reap()
        return [n for n in self.live.values() if severity is None or n.severity == severity]

    def _take_away(self, unwanted: Callable[[Notification], bool]) -> bool:
        self._reap()
        gone = [key for key, n in self.live.items() if unwanted(n)]
        for key in gone:
            del self.live[key]
        self._taken_away = self._taken_away or any(key in self._posted for key in gone)
        return bool(gone)

    def forget(self) -> None:
        """Every notification was cleared (`App.clear_notifications`): none is shown again."""
        self.live, self._posted, self._taken_away = {}, set(), False

    def _sync(self) -> None:
        if self._taken_away:
            kept = list(self.live.values())
            self.app.clear_notifications()
            self.forget()  # (the kept are posted again)
            # Shown again as new notifications (a new identity, the time left): a toast being
            # removed still holds the old identity's place in the rack.
            self.live = {
                n.identity: n
                for n in (
                    Notification(n.message, n.title, n.severity, n.time_left, False) for n in kept
                )
            }
        for key, notification in self.live.items():
            if key not in self._posted:
                self._posted.add(key)
                self.app.post_message(Notify(notification))

    def _reap(self) -> None:
        self.live = {key: n for key, n in self.live.items() if not n.has_expired}
