"""The epilogue's four questions kept when they happen: Damien rescued, the six handwritten notes
taken, the emerald given to Anigimas, Anton dead.

The rulebook asks them only at the end ("Did you rescue Damien? ..."), hours after the fact; the
table records each at the moment, and the end-of-mission questions start from what was recorded
(the group may still change any answer there). Recording is a fact, not a move: it costs nothing,
happens in any phase and is undone like any action.
"""

from __future__ import annotations

from dataclasses import replace

from companion.cavendish.actions import AntonDies, GiveEmerald, RescueDamien, TakeItem, TakeNote
from companion.cavendish.azrak import agent_at
from companion.cavendish.items import item_number
from companion.cavendish.model import HANDWRITTEN_NOTES, CavendishState
from companion.core import RuleError
from companion.phrases import Phrase, joined, phrase


def notes_words(notes: tuple[int, ...]) -> Phrase:
    """ "ITEMS 1, 17 and 26" or "ITEM 48"."""
    if not notes:
        # TRANSLATORS: no handwritten note
        return phrase("none")
    numbers = [str(note) for note in notes]
    if len(numbers) == 1:
        return phrase("ITEM {number}", number=numbers[0])
    return phrase(
        "ITEMS {numbers} and {last}", numbers=joined(", ", numbers[:-1]), last=numbers[-1]
    )


def note_number(name: str) -> int | None:
    """The handwritten note an Item's name names, or None for any other Item."""
    number = item_number(name)
    return number if number in HANDWRITTEN_NOTES else None


def note_name(item: int) -> str:
    """The name a handwritten note is kept under: `ITEM 17`."""
    return f"ITEM {item}"


def with_note(state: CavendishState, item: int) -> CavendishState:
    """The note counted as taken (once: a note stowed and taken again is still one note)."""
    epilogue = state.epilogue
    if item in epilogue.notes:
        return state
    return replace(state, epilogue=replace(epilogue, notes=(*epilogue.notes, item)))


def take_note_item(state: CavendishState, action: TakeNote) -> TakeItem:
    """The Item a handwritten note is: refused for a number that is not one of the six."""
    if action.item not in HANDWRITTEN_NOTES:
        raise RuleError(
            phrase(
                "ITEM {number} is not a handwritten note: the notes are {notes}.",
                number=action.item,
                notes=notes_words(HANDWRITTEN_NOTES),
            )
        )
    return TakeItem(action.agent, note_name(action.item))


def rescue_damien(state: CavendishState, action: RescueDamien) -> CavendishState:
    """Damien is rescued (recorded once)."""
    if state.epilogue.damien_rescued:
        raise RuleError(
            phrase("Damien's rescue is recorded already (undo it if it was a mistake).")
        )
    return replace(state, epilogue=replace(state.epilogue, damien_rescued=True))


def give_emerald(state: CavendishState, action: GiveEmerald) -> CavendishState:
    """The emerald is given to Anigimas, who is freed (recorded once)."""
    agent_at(state, action.agent)
    if state.epilogue.anigimas_freed:
        raise RuleError(phrase("The emerald was given to Anigimas already: he is free."))
    return replace(state, epilogue=replace(state.epilogue, anigimas_freed=True))


def anton_dies(state: CavendishState, action: AntonDies) -> CavendishState:
    """Anton is dead (recorded once)."""
    if state.epilogue.anton_dead:
        raise RuleError(phrase("Anton's death is recorded already."))
    return replace(state, epilogue=replace(state.epilogue, anton_dead=True))


EPILOGUE_ACTIONS = (RescueDamien, TakeNote, GiveEmerald, AntonDies)
"""The actions that record an epilogue event."""


def notes_progress(state: CavendishState) -> str:
    """ "a handwritten note: 2 of 6 (ITEMS 1 and 17)", or that all six find the elixir."""
    notes = state.epilogue.notes
    if state.epilogue.elixir_found:
        return phrase(
            "the sixth handwritten note: all six assembled, the elixir of eternal life is found "
            "(the end of mission removes 1 Azrak from the Mission Return card)"
        )
    return phrase(
        "a handwritten note: {taken} of {all} ({notes})",
        taken=len(notes),
        all=len(HANDWRITTEN_NOTES),
        notes=notes_words(tuple(sorted(notes))),
    )


def epilogue_words(before: CavendishState, action: object, after: CavendishState) -> str:
    """The log line of an epilogue event, saying what the end of mission will do with it."""
    if isinstance(action, RescueDamien):
        return phrase(
            "Damien is rescued (the end of mission removes 1 Azrak from the Mission Return card)"
        )
    if isinstance(action, TakeNote):
        return phrase(
            "{agent} took {item}, {progress}",
            agent=action.agent,
            item=note_name(action.item),
            progress=notes_progress(after),
        )
    if isinstance(action, GiveEmerald):
        return phrase(
            "{agent} gave the emerald to Anigimas: he is free (the end of mission adds 2 Azrak "
            "to the Mission Return card)",
            agent=action.agent,
        )
    return phrase("Anton is dead (the end of mission adds 1 Azrak to the Mission Return card)")


def note_taken_words(line: str, before: CavendishState, after: CavendishState) -> str:
    """After an Item taken: ", a handwritten note: 3 of 6 (...)" when it counted a new note."""
    if len(after.epilogue.notes) == len(before.epilogue.notes):
        return line
    return joined(", ", [line, notes_progress(after)])
