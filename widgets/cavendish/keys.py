"""Which Cavendish keys are on when, and the command palette's entries."""

from __future__ import annotations

from companion.cavendish.azrak import check_update_allowed
from companion.cavendish.model import CavendishState
from companion.core import RuleError
from companion.phrases import phrase
from widgets.cavendish import conflicts

PHASE_KEYS: dict[str, set[str]] = {
    "time-captain": {"location"},
    "discovery": {"explore", "test", "and_cost", "give", "eject", "next_phase"},
    "between": {"update", "give", "next_phase"},
}
"""Actions offered only in some phases (the rest are card effects, offered while playing)."""


def update_allowed(state: CavendishState) -> bool:
    """Whether `u` may start a Standard Update now: not outside the Between Locations phase, nor
    once the phase's update is done, nor with nothing to share (the footer hides it then)."""
    try:
        check_update_allowed(state)
    except RuleError:
        return False
    return True


PLAYING_KEYS = {
    "gain",
    "lose",
    "fear",
    "discard_fear",
    "item",
    "stow",
    "reshuffle",
    "epilogue",
    "end",
    "abandon",
}
"""Card effects and the end of the mission: offered in any phase while the mission is on."""

PALETTE: tuple[tuple[str, str, str], ...] = (
    ("location", phrase("choose a location"), phrase("Time Captain puts 1 Azrak on a location")),
    ("explore", phrase("explore"), phrase("The selected agent explores (1 Azrak)")),
    ("test", phrase("test"), phrase("Open the test panel")),
    ("and_cost", phrase("AND cost"), phrase("Both options of an OR/AND card (1 Azrak)")),
    ("give", phrase("give Items"), phrase("Hand Items to another agent")),
    ("eject", phrase("eject agent"), phrase("A card ejects the selected agent")),
    (
        "next_phase",
        phrase("next phase"),
        phrase("Leave the location / pass the Time Captain deck"),
    ),
    ("update", phrase("standard update"), phrase("Share the Vortex (Between Locations)")),
    ("gain", phrase("gain Azrak"), phrase("Card effect: gain from the Vortex")),
    ("lose", phrase("lose Azrak"), phrase("Card effect: lose to the Vortex")),
    ("fear", phrase("take Fear"), phrase("Fear tokens onto the selected agent")),
    ("discard_fear", phrase("discard Fear"), phrase("Fear tokens off the selected agent")),
    ("item", phrase("take Item"), phrase("A green Item with its bonuses")),
    ("stow", phrase("put Item away"), phrase("Stow or remove an Item")),
    (
        "reshuffle",
        phrase("reshuffle Destiny"),
        phrase("Discarded Destiny cards back into the deck"),
    ),
    (
        "epilogue",
        phrase("epilogue event"),
        phrase("Record now: Damien rescued, a note, the emerald, Anton dead"),
    ),
    ("end", phrase("end mission"), phrase("The four adjustments and the final score")),
    ("abandon", phrase("abandon mission"), phrase("End early to start a new run (failed)")),
    *conflicts.PALETTE,
)
"""(action, name, help) for each command palette entry, offered while its key is on."""
