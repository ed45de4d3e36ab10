"""The epilogue's events on the play screen: `h` records one when it happens, and the end of
mission asks its four questions starting from what was recorded, saying where each answer came
from ("recorded at 21:40 by Ana", "from the log")."""

from __future__ import annotations

from collections.abc import Sequence

from companion.cavendish.actions import AntonDies, GiveEmerald, RescueDamien, TakeNote
from companion.cavendish.epilogue import notes_words
from companion.cavendish.model import ADJUSTMENTS, HANDWRITTEN_NOTES, CavendishState, Epilogue
from companion.phrases import phrase
from companion.session import Step
from lang import t, tr
from saves.games.records import Record
from widgets.kit.shown import local_time

EVENTS: tuple[tuple[str, str], ...] = (
    ("damien", phrase("Damien rescued")),
    ("note", phrase("a handwritten note taken (ITEMS 1, 17, 26, 37, 43, 48)")),
    ("emerald", phrase("the emerald given to Anigimas")),
    ("anton", phrase("Anton dead")),
)
"""(id, words) of each event `h` records."""


def event_choices(state: CavendishState, agent: str) -> list[tuple[str, str]]:
    """The events still to record, in the rulebook's order (the note and the emerald are the
    selected agent's)."""
    epilogue = state.epilogue
    done = {
        "damien": epilogue.damien_rescued,
        "note": epilogue.elixir_found,
        "emerald": epilogue.anigimas_freed,
        "anton": epilogue.anton_dead,
    }
    words = {key: tr(text) for key, text in EVENTS}
    words["note"] = t(
        "{agent} takes a handwritten note ({notes} left)",
        agent=agent,
        notes=notes_words(epilogue.notes_missing),
    )
    words["emerald"] = t("{agent} gives the emerald to Anigimas", agent=agent)
    return [(key, words[key]) for key, _text in EVENTS if not done[key]]


def note_choices(state: CavendishState) -> list[tuple[str, str]]:
    """The handwritten notes not taken yet."""
    return [(str(note), t("ITEM {number}", number=note)) for note in state.epilogue.notes_missing]


def event_action(key: str, agent: str) -> object | None:
    """The action of an event that needs no more answers (a note needs its number)."""
    if key == "damien":
        return RescueDamien()
    if key == "emerald":
        return GiveEmerald(agent)  # type: ignore[arg-type]
    if key == "anton":
        return AntonDies()
    return None


def note_action(agent: str, number: str) -> TakeNote:
    return TakeNote(agent, int(number))  # type: ignore[arg-type]


def answer_sources(
    state: CavendishState, steps: Sequence[Step], origins: Sequence[Record]
) -> dict[str, str]:
    """Where each prefilled answer comes from: the step that recorded it, with its time and who
    made it when the file says so ("recorded at 21:40 by Ana"), else "from the log"; an answer
    nothing recorded reads "not recorded"."""
    sources: dict[str, str] = {}
    for question, _words, _delta in ADJUSTMENTS:  # an `Epilogue` property of the same name
        for number, step in enumerate(steps):
            if getattr(step.state.epilogue, question):
                origin = origins[number] if number < len(origins) else None
                sources[question] = recorded_words(origin, number + 1)
                break
        else:
            sources[question] = phrase("not recorded")
    if not state.epilogue.elixir_found:
        sources["elixir_found"] = notes_status(state.epilogue)
    return sources


def recorded_words(origin: Record | None, number: int) -> str:
    """ "recorded at 21:40 by Ana (log line 12)", or "from the log (line 12)" without a time."""
    if origin is None or origin.at is None:
        return phrase("from the log (line {number})", number=number)
    when = local_time(origin.at, "%H:%M")
    return phrase(
        "recorded at {time} by {who} (log line {number})",
        time=when,
        who=origin.whose,
        number=number,
    )


def notes_status(epilogue: Epilogue) -> str:
    """ "4 of 6 notes taken: ITEMS 43 and 48 missing"."""
    taken = len(epilogue.notes)
    missing = notes_words(epilogue.notes_missing)
    return phrase(
        "{taken} of {all} notes taken: {missing} missing",
        taken=taken,
        all=len(HANDWRITTEN_NOTES),
        missing=missing,
    )
