"""What a play screen says when several devices play one game: refusals, the undo of another
device's action, who undid or redid this device's action elsewhere, what another device's change
cleared, and the question of a file changed outside the app. Plain functions of what happened,
so each wording is tested without an app.

Each says a `Phrase` (`companion.phrases`): English wherever a `str` is read (a test), and
translated where it is shown (`lang.tr`: the app's notices translate every phrase they show).

A seat, a log line or a file's problem comes from a save another program may have written: each
is quoted through `visible`, so no escape sequence in it reaches the terminal from a dialog."""

from __future__ import annotations

from collections.abc import Iterable

from companion.phrases import Phrase, phrase, phrase_n
from companion.session import Step
from companion.text import visible


def quoted(text: str) -> str:
    """A log line or a file's words inside a sentence: a phrase kept (translated where shown,
    its control characters made visible there), other text made visible now."""
    return text if isinstance(text, Phrase) else visible(text)


# What other devices did


def who(whose: Iterable[str]) -> str:
    """Who made a set of records (each record's `whose`), capitalised for the start of a
    sentence: `Ana`, `Ana and Ben`; three or more: `Other devices`."""
    names = [visible(name) for name in sorted(set(whose))]
    names = [name[:1].upper() + name[1:] for name in names[:1]] + names[1:]
    if len(names) >= 3:
        return phrase("Other devices")
    if len(names) == 2:
        return phrase("{first} and {second}", first=names[0], second=names[1])
    return names[0] if names else ""


def last_line(step: Step | None) -> str:
    """The log's line of the game's last action (`None`: there is none left)."""
    return step.line if step is not None else phrase("the game is back at its start")


def changed_first(who: str, last: str, rule: str) -> str:
    """A change refused on the newest state, which another device's change made."""
    return phrase("{who} has just changed the game ({last}): {rule}", who=who, last=last, rule=rule)


def waiting_for_answer(asker: str, question: str, rule: str) -> str:
    """A change refused while the game waits for the answer to another device's question."""
    return phrase(
        "Waiting for {asker}'s answer ({question}): {rule}",
        asker=asker,
        question=question,
        rule=rule,
    )


def answered_first(whose: str, last: str) -> str:
    """This device's answer came second: the question was answered on another device."""
    return phrase("{who} answered first: {last}", who=whose, last=last)


def where(by: str, here: str) -> str:
    """Which device made a record, as the device `here` says it. Devices have no names: a
    record says only which kind of device made it (its `by`: `b...` a browser, `t...` a
    terminal or `companion act`); one made by this browser's id came from another of its tabs."""
    if by == here and by.startswith("b"):
        return phrase("in another tab of this browser")
    if by.startswith("b"):
        return phrase("in a browser")
    return phrase("at a terminal") if by.startswith("t") else phrase("on another device")


def doer(seat: str, by: str, here: str) -> str:
    """Who made a record, to start a sentence with a verb: `Ben, in a browser,` when someone
    sat at that device, else `Someone in a browser`."""
    if seat:
        return phrase("{seat}, {where},", seat=visible(seat), where=where(by, here))
    return phrase("Someone {where}", where=where(by, here))


def person_of(seat: str, labels: Iterable[tuple[str, str]]) -> str:
    """Who sits at `seat`, as the table calls them: the player in a game whose seats are
    characters (Cavendish's seat `Amy` is shown `Amy (Ana)`: Ana plays her), else the seat as
    written. `labels`: each seat the game has now, with how it is shown (`Game.seats`)."""
    for name, label in labels:
        if name == seat and label.startswith(f"{seat} (") and label.endswith(")"):
            return label[len(seat) + 2 : -1]
    return seat


CHANGED, ANSWERED = "changed the game", "answered"
"""What another device did, for a view it made stale (`made`): changed the game, or answered
the question the view asked."""


def made(doer: str, line: str, verb: str = CHANGED) -> str:
    """Another device's change, for a view it made stale (`line`: its log line, "" when none;
    `verb`: `ANSWERED` for the question it answered)."""
    if verb == ANSWERED:
        if line:
            return phrase("{doer} answered: {line}", doer=doer, line=quoted(line))
        return phrase("{doer} answered.", doer=doer)
    if line:
        return phrase("{doer} changed the game: {line}", doer=doer, line=quoted(line))
    return phrase("{doer} changed the game.", doer=doer)


CHANGED_ELSEWHERE = phrase("Answered or changed on another device.")
"""A closed question's line when who changed the game is not known."""
END_UNDONE = phrase("The game's end was undone on another device")
"""A closed result's line when who undid the end is not known."""

TAKEN_BACK = {"undo": "undid", "redo": "redid"}
"""The record kinds that take an action back or put it back (with the verb English says)."""


def taken(doer: str, kind: str, line: str) -> str:
    """Another device undid or redid (`kind`) an action: `Ben, in a browser, undid: <line>`."""
    if kind == "redo":
        return phrase("{doer} redid: {line}", doer=doer, line=quoted(line))
    return phrase("{doer} undid: {line}", doer=doer, line=quoted(line))


def yours_changed(doer: str, kind: str, line: str, more: int = 0) -> str:
    """Another device undid or redid (`kind`) this device's action; `more`: how many other
    undos and redos of its actions came before it in the same look at the file."""
    said = taken(doer, kind, line)
    if not more:
        return said
    return phrase_n(
        "{said} (and {n} more of your actions)",
        "{said} (and {n} more of your actions)",
        more,
        said=said,
    )


def undid_back(doer: str, line: int, count: int, yours: int) -> str:
    """Another device undid every action after log line `line` (`count` of them, `yours` of
    this device's)."""
    if yours:
        return phrase_n(
            "{doer} undid back to line {line} ({n} action, {yours} of them yours)",
            "{doer} undid back to line {line} ({n} actions, {yours} of them yours)",
            count,
            doer=doer,
            line=line,
            yours=yours,
        )
    return phrase_n(
        "{doer} undid back to line {line} ({n} action)",
        "{doer} undid back to line {line} ({n} actions)",
        count,
        doer=doer,
        line=line,
    )


def redo_cleared(doer: str, line: str) -> str:
    """What this device could have redone is gone: another device made a change (`line`, its
    log line; "" when it is no longer in the log)."""
    if line:
        return phrase("Redo cleared: {doer} made a change: {line}", doer=doer, line=quoted(line))
    return phrase("Redo cleared: {doer} made a change.", doer=doer)


# Writing under the game's lock


def waiting_for_lock(count: int) -> str:
    """The lasting line while changes wait for another device's save of the game."""
    return phrase_n(
        "Waiting for another device to finish saving: {n} change to follow.",
        "Waiting for another device to finish saving: {n} changes to follow.",
        count,
    )


def lock_held_too_long(seconds: float) -> str:
    """Why the changes waiting for the game's lock were dropped."""
    return phrase("another device held the game for {seconds} s", seconds=round(seconds))


def changes_dropped(reason: object, count: int) -> str:
    """The changes that waited for the game's lock, not made."""
    return phrase_n(
        "Not saved ({reason}): {n} change not made; try again.",
        "Not saved ({reason}): {n} changes not made; try again.",
        count,
        reason=reason,
    )


# An older save opened while another device saves it

UPGRADE_WAITS = phrase(
    "Another device is saving this game: it is shown, and you can play once that device is done."
)
"""Why a save that must first be brought up to date only shows while another device holds it."""
PLAYABLE_NOW = phrase("Another device finished saving this game: you can play now.")
UPGRADED_NOW = phrase(
    "The disk took this save again: it is brought up to date, and you can play now."
)
NOT_WRITABLE = phrase("This save's file cannot be written here: it is shown, not changed.")


def cannot_be_added(reason: str) -> str:
    """Why a save is shown and never changed here (`SavedGame.cannot_add`)."""
    return phrase(
        "This save cannot be added to ({reason}): it is shown, not changed.", reason=quoted(reason)
    )


def watch_only_reason(cannot_add: str, writable: bool) -> str:
    """Why a save opened for play is only shown here ("": it is played)."""
    if cannot_add:
        return cannot_be_added(cannot_add)
    return "" if writable else NOT_WRITABLE


def upgrade_retries(cannot_add: str) -> str:
    """An older save the disk refused to write again: shown, and tried again by itself."""
    return phrase(
        "This save could not be brought up to date ({reason}): it is shown, and tried again "
        "by itself once the disk has room.",
        reason=quoted(cannot_add),
    )


def upgrade_given_up(reason: object) -> str:
    """A save still held by another device after the wait: it stays shown only."""
    return phrase(
        "This save could not be brought up to date ({reason}): it is shown, not changed. "
        "Open it again to play.",
        reason=reason if isinstance(reason, Phrase) else visible(str(reason)),
    )


def change_refused_by_disk(reason: str) -> str:
    """The lasting line while the disk refuses the game's records."""
    return phrase(
        "Not saved ({reason}): that change was not made, and the game is as its file has it. "
        "Try again once the disk can be written.",
        reason=reason,
    )


# Undo and redo


def look_first(last: str) -> str:
    """Undo refused: the game moved since this screen showed it."""
    return phrase(
        "Not undone: another device has just changed the game. The last action is now "
        "{last}: press ctrl+z again to undo it.",
        last=last,
    )


def undo_question(seat: str) -> str:
    """The question before undoing another device's action (`seat`: who sits there, if said)."""
    if visible(seat):
        return phrase("Undo {seat}'s action?", seat=visible(seat))
    return phrase("Undo another device's action?")


def undo_detail(line: str) -> str:
    """Under that question: the action it would take back."""
    return phrase("Made on another device: {line}", line=quoted(line))


UNDO_AFTER = phrase("Redo (ctrl+y) puts it back, until someone makes another change.")
"""Under that question: that the undo can itself be taken back."""


def not_undone(last: str) -> str:
    """Undo refused on the newest state: another device made the last action meanwhile."""
    return phrase("Nothing was undone: the last action is now {last}", last=last)


def undone(line: str) -> str:
    """What an undo took back."""
    return phrase("Undone: {line}", line=line)


def redone(line: str) -> str:
    """What a redo put back."""
    return phrase("Redone: {line}", line=line)


# A file changed outside the app

CHANGED_OUTSIDE = phrase("was changed outside the app")
"""Why a game was kept as a copy, when its player chose to keep it."""


def conflict_text(why: str) -> str:
    """The conflict question's text: what is wrong with the file (if known) and the choices."""
    choices = phrase(
        "Nothing is lost either way. Reload it to go on from the file as it is now, or keep "
        "this window's game as a copy: a new save beside it."
    )
    if why:
        return phrase(
            "It {why}: it is not written over. {choices}", why=quoted(why), choices=choices
        )
    return choices


def kept_as_copy(copy_id: str, why: str) -> str:
    """This window's game, saved under a new id; `why` says what happened to the first file."""
    return phrase(
        "Saved as a copy, {copy}: the first file {why}.", copy=visible(copy_id), why=quoted(why)
    )


def copy_failed(error: object) -> str:
    """Keeping a copy failed (a full or read-only disk): nothing was saved."""
    return phrase("Could not save a copy: {problem}", problem=error)
