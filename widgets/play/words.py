"""What a play screen says when several devices play one game: refusals, the undo of another
device's action, who undid or redid this device's action elsewhere, what another device's change
cleared, and the question of a file changed outside the app. Plain functions of what happened,
so each wording is tested without an app.

A seat, a log line or a file's problem comes from a save another program may have written: each
is quoted through `visible`, so no escape sequence in it reaches the terminal from a dialog."""

from __future__ import annotations

from collections.abc import Iterable

from companion.session import Step
from companion.text import plural, visible

# What other devices did


def who(whose: Iterable[str]) -> str:
    """Who made a set of records (each record's `whose`), capitalised for the start of a
    sentence: `Ana`, `Ana and Ben`; three or more: `Other devices`."""
    names = sorted(set(whose))
    text = visible(" and ".join(names) if len(names) < 3 else "other devices")
    return text[:1].upper() + text[1:]


def last_line(step: Step | None) -> str:
    """The log's line of the game's last action (`None`: there is none left)."""
    return step.line if step is not None else "the game is back at its start"


def changed_first(who: str, last: str, rule: str) -> str:
    """A change refused on the newest state, which another device's change made."""
    return f"{who} has just changed the game ({last}): {rule}"


def waiting_for_answer(asker: str, question: str, rule: str) -> str:
    """A change refused while the game waits for the answer to another device's question."""
    return f"Waiting for {asker}'s answer ({question}): {rule}"


def answered_first(whose: str, last: str) -> str:
    """This device's answer came second: the question was answered on another device."""
    return f"{whose} answered first: {last}"


def where(by: str, here: str) -> str:
    """Which device made a record, as the device `here` says it. Devices have no names: a
    record says only which kind of device made it (its `by`: `b...` a browser, `t...` a
    terminal or `companion act`); one made by this browser's id came from another of its tabs."""
    if by == here and by.startswith("b"):
        return "in another tab of this browser"
    if by.startswith("b"):
        return "in a browser"
    return "at a terminal" if by.startswith("t") else "on another device"


def doer(seat: str, by: str, here: str) -> str:
    """Who made a record, to start a sentence with a verb: `Ben, in a browser,` when someone
    sat at that device, else `Someone in a browser`."""
    if seat:
        return f"{visible(seat)}, {where(by, here)},"
    return f"Someone {where(by, here)}"


def person_of(seat: str, labels: Iterable[tuple[str, str]]) -> str:
    """Who sits at `seat`, as the table calls them: the player in a game whose seats are
    characters (Cavendish's seat `Amy` is shown `Amy (Ana)`: Ana plays her), else the seat as
    written. `labels`: each seat the game has now, with how it is shown (`Game.seats`)."""
    for name, label in labels:
        if name == seat and label.startswith(f"{seat} (") and label.endswith(")"):
            return label[len(seat) + 2 : -1]
    return seat


def made(doer: str, line: str, verb: str = "changed the game") -> str:
    """Another device's change, for a view it made stale (`line`: its log line, "" when none;
    `verb`: `answered` for the question it answered)."""
    return f"{doer} {verb}: {visible(line)}" if line else f"{doer} {verb}."


CHANGED_ELSEWHERE = "Answered or changed on another device."
"""A closed question's line when who changed the game is not known."""
END_UNDONE = "The game's end was undone on another device"
"""A closed result's line when who undid the end is not known."""

TAKEN_BACK = {"undo": "undid", "redo": "redid"}
"""What an undo or a redo record did to an action, as a verb."""


def yours_changed(doer: str, kind: str, line: str, more: int = 0) -> str:
    """Another device undid or redid (`kind`) this device's action; `more`: how many other
    undos and redos of its actions came before it in the same look at the file."""
    said = f"{doer} {TAKEN_BACK[kind]}: {visible(line)}"
    return f"{said} (and {more} more of your actions)" if more else said


def undid_back(doer: str, line: int, count: int, yours: int) -> str:
    """Another device undid every action after log line `line` (`count` of them, `yours` of
    this device's)."""
    mine = f", {yours} of them yours" if yours else ""
    return f"{doer} undid back to line {line} ({plural(count, 'action')}{mine})"


def redo_cleared(doer: str, line: str) -> str:
    """What this device could have redone is gone: another device made a change (`line`, its
    log line; "" when it is no longer in the log)."""
    change = f"made a change: {visible(line)}" if line else "made a change."
    return f"Redo cleared: {doer} {change}"


# Writing under the game's lock


def waiting_for_lock(count: int) -> str:
    """The lasting line while changes wait for another device's save of the game."""
    return f"Waiting for another device to finish saving: {plural(count, 'change')} to follow."


def lock_held_too_long(seconds: float) -> str:
    """Why the changes waiting for the game's lock were dropped."""
    return f"another device held the game for {seconds:.0f} s"


def changes_dropped(reason: object, count: int) -> str:
    """The changes that waited for the game's lock, not made."""
    return f"Not saved ({reason}): {plural(count, 'change')} not made; try again."


# An older save opened while another device saves it

UPGRADE_WAITS = (
    "Another device is saving this game: it is shown, and you can play once that device is done."
)
"""Why a save that must first be brought up to date only shows while another device holds it."""
PLAYABLE_NOW = "Another device finished saving this game: you can play now."
UPGRADED_NOW = "The disk took this save again: it is brought up to date, and you can play now."
NOT_WRITABLE = "This save's file cannot be written here: it is shown, not changed."


def cannot_be_added(reason: str) -> str:
    """Why a save is shown and never changed here (`SavedGame.cannot_add`)."""
    return f"This save cannot be added to ({visible(reason)}): it is shown, not changed."


def watch_only_reason(cannot_add: str, writable: bool) -> str:
    """Why a save opened for play is only shown here ("": it is played)."""
    if cannot_add:
        return cannot_be_added(cannot_add)
    return "" if writable else NOT_WRITABLE


def upgrade_retries(cannot_add: str) -> str:
    """An older save the disk refused to write again: shown, and tried again by itself."""
    return (
        f"This save could not be brought up to date ({visible(cannot_add)}): it is shown, and "
        "tried again by itself once the disk has room."
    )


def upgrade_given_up(reason: object) -> str:
    """A save still held by another device after the wait: it stays shown only."""
    return (
        f"This save could not be brought up to date ({visible(str(reason))}): it is shown, not "
        "changed. Open it again to play."
    )


def change_refused_by_disk(reason: str) -> str:
    """The lasting line while the disk refuses the game's records."""
    return (
        f"Not saved ({reason}): that change was not made, and the game is as its "
        "file has it. Try again once the disk can be written."
    )


# Undo and redo


def look_first(last: str) -> str:
    """Undo refused: the game moved since this screen showed it."""
    return (
        f"Not undone: another device has just changed the game. The last action is now "
        f"{last}: press ctrl+z again to undo it."
    )


def undo_question(seat: str) -> str:
    """The question before undoing another device's action (`seat`: who sits there, if said)."""
    return f"Undo {visible(seat) or 'another device'}'s action?"


def undo_detail(line: str) -> str:
    """Under that question: the action it would take back."""
    return f"Made on another device: {visible(line)}"


UNDO_AFTER = "Redo (ctrl+y) puts it back, until someone makes another change."
"""Under that question: that the undo can itself be taken back."""


def not_undone(last: str) -> str:
    """Undo refused on the newest state: another device made the last action meanwhile."""
    return f"Nothing was undone: the last action is now {last}"


def undone(line: str) -> str:
    """What an undo took back."""
    return f"Undone: {line}"


def redone(line: str) -> str:
    """What a redo put back."""
    return f"Redone: {line}"


# A file changed outside the app

CHANGED_OUTSIDE = "was changed outside the app"
"""Why a game was kept as a copy, when its player chose to keep it."""


def conflict_text(why: str) -> str:
    """The conflict question's text: what is wrong with the file (if known) and the choices."""
    said = f"It {visible(why)}: it is not written over. " if why else ""
    return (
        f"{said}Nothing is lost either way. Reload it to go on from the file as it is "
        "now, or keep this window's game as a copy: a new save beside it."
    )


def kept_as_copy(copy_id: str, why: str) -> str:
    """This window's game, saved under a new id; `why` says what happened to the first file."""
    return f"Saved as a copy, {visible(copy_id)}: the first file {visible(why)}."


def copy_failed(error: object) -> str:
    """Keeping a copy failed (a full or read-only disk): nothing was saved."""
    return f"Could not save a copy: {error}"
