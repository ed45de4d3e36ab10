"""A play's details (where, who started, how long, expansions, notes): the form, the dialog that
asks for them once when a game ends, and the BG Stats file of one play, sent to whoever asks.

In a browser (`companion serve`) the file is downloaded through Textual's file delivery; in a
terminal it is written to the exports folder.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Input, Label, Static, TextArea

from companion.core import RuleError
from companion.history.details import (
    MAX_LOCATION,
    MAX_NOTES,
    PlayDetails,
    expansions_of,
    has_start_player,
    minutes_text,
    parse_minutes,
)
from companion.history.names import name_key
from companion.history.plays import Play
from companion.phrases import phrase
from companion.text import visible
from lang import t, tp, tr
from saves.files import SaveError, write_text
from saves.games.journal import Draft
from saves.games.store import SavedGame, entry_of
from saves.history.bgstats import bgstats_text
from saves.history.details import (
    DetailsProblem,
    add_details,
    details_draft,
    offered_minutes,
    players_of,
    prefilled,
)
from saves.paths import exports_dir
from saves.shared.lock import Busy
from widgets.kit.kept_focus import Focus, focus_again, focus_of
from widgets.shell.base import Dialog
from widgets.shell.chrome import KeyFooter


class DetailsForm(Vertical):
    """The details fields; `read` gives what they say, or `RuleError` naming the wrong field."""

    def __init__(
        self,
        game_id: str,
        players: Sequence[str],
        details: PlayDetails,
        ask_start: bool = False,
        offered: int | None = None,
        typed: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(classes="details-form")
        self.game_id = game_id
        self.players = tuple(players)
        self.details = details
        self.ask_start = has_start_player(game_id) and (ask_start or len(players) > 1)
        """The players are typed in the same dialog (recording): the field is always there."""
        self.offered = offered
        """The active time of a game played in the app, offered for the duration (never typed
        in for the players: a game played on the table and scored in the app is longer)."""
        self.typed = dict(typed or {})
        """What the player had typed in each field (by its id) when a switch of language
        composed the form again: shown rather than `details`."""

    def compose(self) -> ComposeResult:
        details = self.details
        typed = self.typed.get
        yield Label(t("Where (location)"))
        yield Input(
            typed("details-location", details.location),
            id="details-location",
            max_length=MAX_LOCATION,
            compact=True,
        )
        yield Label(t("How long did you play? (minutes, or h:mm)"))
        offered = minutes_text(self.offered)
        yield Input(
            typed("details-minutes", minutes_text(details.minutes)),
            placeholder=offered,
            id="details-minutes",
            max_length=8,
            compact=True,
        )
        if self.offered is not None:
            yield Static(
                t("Active in the app: {time}, counted when left empty.", time=offered),
                id="details-offered",
                markup=False,
            )
        if self.ask_start:
            among = ", ".join(self.players) if self.players else t("one of the players")
            yield Static(t("Start player ({players})", players=among), markup=False)
            start = typed("details-start", details.start_player)
            yield Input(start, id="details-start", max_length=40, compact=True)
        names = expansions_of(self.game_id)
        if names:
            listed = ", ".join(names.values())
            yield Static(
                t("Expansions (comma between): {expansions}", expansions=listed), markup=False
            )
            shown = ", ".join(names[key] for key in details.expansions if key in names)
            yield Input(typed("details-expansions", shown), id="details-expansions", compact=True)
        yield Label(t("Notes (at most {n} characters)", n=MAX_NOTES))
        notes = typed("details-notes", details.notes)
        yield TextArea(
            notes, id="details-notes", soft_wrap=True, show_line_numbers=False, compact=True
        )

    def typed_now(self) -> dict[str, str]:
        """What each field holds now, as typed, by its id (kept through a switch of language)."""
        found = {field.id: field.value for field in self.query(Input) if field.id}
        found.update({area.id: area.text for area in self.query(TextArea) if area.id})
        return found

    def read(self) -> PlayDetails:
        minutes = parse_minutes(self.query_one("#details-minutes", Input).value)
        start = ""
        if self.query("#details-start"):
            typed = " ".join(self.query_one("#details-start", Input).value.split())
            found = [name for name in self.players if name_key(name) == name_key(typed)]
            if typed and not found:
                raise RuleError(
                    t(
                        "{player} did not play: the start player is one of the players.",
                        player=typed,
                    )
                )
            start = found[0] if found else ""
        expansions: list[str] = []
        if self.query("#details-expansions"):
            by_name = {name_key(name): key for key, name in expansions_of(self.game_id).items()}
            for part in self.query_one("#details-expansions", Input).value.split(","):
                part = " ".join(part.split())
                if not part:
                    continue
                key = by_name.get(name_key(part)) or (part if part in by_name.values() else None)
                if key is None:
                    raise RuleError(t("'{name}' is not a Six Sojourns expansion.", name=part))
                expansions.append(key)
        return PlayDetails(
            location=self.query_one("#details-location", Input).value,
            start_player=start,
            minutes=minutes,
            expansions=tuple(expansions),
            notes=self.query_one("#details-notes", TextArea).text,
        )


class DetailsDialog(Dialog[PlayDetails | None]):
    """Where, who started, how long, which expansions, and a note; all may stay empty.

    | Key | Action |
    | --- | --- |
    | ctrl+s | Save the details |
    | escape | Skip (nothing is saved) |
    """

    HELP_TOPIC = "stats"
    CSS_PATH = "bgstats.tcss"
    BINDINGS = [
        Binding("ctrl+s", "save", phrase("Save"), id="details-save"),
        Binding("escape", "skip", phrase("Skip"), id="details-skip"),
    ]

    def __init__(
        self,
        title: str,
        game_id: str,
        players: Sequence[str],
        details: PlayDetails,
        offered: int | None = None,
    ):
        super().__init__()
        self.heading = title
        self.asked = (game_id, tuple(players), details, offered)
        """What the form is made of: the game, its players, the details so far, the time."""
        self.typed: dict[str, str] = {}
        """What the player typed, read before a switch of language composes the form again."""
        self.refused = False
        """A refusal is shown (said again in the new language after a switch)."""
        self.box_y = 0.0
        self.focus_kept = Focus()

    def compose(self) -> ComposeResult:
        game_id, players, details, offered = self.asked
        with VerticalScroll(id="details-box"):
            yield Label(visible(self.heading), id="details-title", markup=False)
            yield DetailsForm(game_id, players, details, offered=offered, typed=self.typed)
            yield Static("", id="details-problem", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#details-box").border_title = t("Play details")
        self.query_one("#details-location", Input).focus()

    def remember_before_speaking(self) -> None:
        """What is typed, where the focus is and how far the box is scrolled."""
        self.typed = self.query_one(DetailsForm).typed_now()
        self.focus_kept = focus_of(self)
        self.box_y = self.query_one("#details-box").scroll_y

    def spoken_again(self) -> None:
        """Composed again in another language: every field holding what was typed, the focus
        and the cursor where they were, a refusal said again."""
        box = self.query_one("#details-box")
        box.border_title = t("Play details")
        if self.refused:
            self.checked()
        focus_again(self, self.focus_kept, self.query_one("#details-location", Input))
        self.call_after_refresh(box.scroll_to, y=self.box_y, animate=False)

    @on(Input.Submitted)
    def submitted(self) -> None:
        self.action_save()

    def checked(self) -> PlayDetails | None:
        """The details as typed, or None with the reason shown (the field to mend named)."""
        try:
            details = self.query_one(DetailsForm).read()
        except RuleError as error:
            self.refused = True
            self.query_one("#details-problem", Static).update(
                t("Not saved: {reason}", reason=error)
            )
            return None
        return details

    def action_save(self) -> None:
        details = self.checked()
        if details is not None:
            self.dismiss(details)

    def action_skip(self) -> None:
        self.dismiss(None)


def edit_details(screen: Any, saved: SavedGame, then: Any = None) -> None:
    """Open the details dialog for a saved game and append what is saved to its file: through
    the transactions of the play screen that holds the game (so it waits, like an action, for
    a lock another device holds, without holding up this screen), else in one transaction of
    its own that never waits for the lock."""

    def answered(details: PlayDetails | None) -> None:
        if details is None:
            return
        now = screen.companion.store.clock()

        def saved_now(_mine: object = None) -> None:
            screen.notify(t("Details saved."), title=tp("done", "Saved"))
            if then is not None:
                then()

        shared = _playing(screen, saved)
        if shared is not None:

            def decide(_theirs: object) -> list[Draft]:
                try:
                    return [details_draft(saved, details, now)]
                except DetailsProblem as error:
                    raise RuleError(error.args[0] if error.args else str(error)) from None

            shared.commit(decide, saved_now)
            return
        if _saved_alone(screen, saved, details, now):
            saved_now()

    offered = offered_minutes(saved)
    form = prefilled(saved)
    dialog = DetailsDialog(saved.title, saved.game.id, players_of(saved), form, offered)
    screen.app.push_screen(dialog, answered)


def _playing(screen: Any, saved: SavedGame) -> Any:
    """The transactions (`SharedGame`) of the play screen that shows this very game, if one is
    open under the dialog (the result screen's game, or the game that just ended)."""
    for shown in reversed(screen.app.screen_stack):
        shared = getattr(shown, "shared", None)
        if shared is not None and getattr(shown, "saved", None) is saved:
            return shared
    return None


def _saved_alone(screen: Any, saved: SavedGame, details: PlayDetails, now: Any) -> bool:
    """One transaction for a game no play screen holds (the plays list): the lock is tried
    once, never waited for; whether the details were saved (else it says why)."""
    store = screen.companion.store
    try:
        by = screen.companion.device.id
        add_details(store, saved, details, now, by, getattr(screen, "seat", ""), deadline=0)
    except (RuleError, DetailsProblem, SaveError) as error:
        screen.notify(tr(error), title=t("Not saved"), severity="error", markup=False)
        return False
    except Busy:
        screen.notify(
            t(
                "Another device is saving this game: nothing was saved. Open the details again "
                "in a moment."
            ),
            title=t("Not saved"),
            severity="warning",
        )
        return False
    except OSError as error:
        screen.notify(
            t("Could not save: {reason}", reason=str(error)),
            title=t("Not saved"),
            severity="error",
            markup=False,
        )
        return False
    return True


def ask_once(screen: Any, saved: SavedGame) -> None:
    """At the end of a game, on the device that ended it: ask for the details, once."""
    asked = screen.companion.details_asked
    if saved.id in asked or "play_details" in saved.extra:
        return
    asked.add(saved.id)
    edit_details(screen, saved)


def send_play_file(screen: Any, plays: Sequence[Play], name: str) -> None:
    """BG Stats' play file of these plays for whoever asks: in a browser a download (Textual's
    file delivery, to the device that asked); in a terminal a file in the exports folder,
    written atomically (a failed write is said, and leaves nothing)."""
    store = screen.companion.store
    text = bgstats_text(store.home, plays)
    filename = f"{name}.bgsplay"
    if screen.app.is_web:
        screen.app.deliver_text(
            io.StringIO(text), save_filename=filename, mime_type="application/json"
        )
        screen.notify(
            t("Sending {file} to this browser.", file=filename),
            title=t("BG Stats file"),
            markup=False,
        )
        return
    where = exports_dir(store.home) / filename
    try:
        write_text(where, text, links_within=store.home)
    except OSError as error:
        screen.notify(
            t("Could not write the file: {reason}", reason=str(error)),
            title=t("Not written"),
            severity="error",
            markup=False,
        )
        return
    screen.notify(t("Written to {path}", path=str(where)), title=t("BG Stats file"), markup=False)


def saved_play(saved: SavedGame) -> Play | None:
    """The statistics' play of a saved game; None while it is being played."""
    facts = entry_of(saved).facts
    if facts is None or saved.status == "playing":
        return None
    return Play(saved.id, saved.game.id, saved.created, saved.updated, facts)


def send_saved_play(screen: Any, saved: SavedGame) -> None:
    """The BG Stats file of one saved game (the result screen's `b`)."""
    play = saved_play(saved)
    if play is None:
        screen.notify(
            t("This game is still being played."), title=t("Not sent"), severity="warning"
        )
        return
    send_play_file(screen, [play], saved.id)
