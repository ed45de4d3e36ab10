"""Which Cavendish keys are on when, and the command palette's entries."""

from __future__ import annotations

from companion.cavendish.azrak import check_update_allowed
from companion.cavendish.model import CavendishState
from companion.core import RuleError
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
    ("location", "choose a location", "Time Captain puts 1 Azrak on a location"),
    ("explore", "explore", "The selected agent explores (1 Azrak)"),
    ("test", "test", "Open the test panel"),
    ("and_cost", "AND cost", "Both options of an OR/AND card (1 Azrak)"),
    ("give", "give Items", "Hand Items to another agent"),
    ("eject", "eject agent", "A card ejects the selected agent"),
    ("next_phase", "next phase", "Leave the location / pass the Time Captain deck"),
    ("update", "standard update", "Share the Vortex (Between Locations)"),
    ("gain", "gain Azrak", "Card effect: gain from the Vortex"),
    ("lose", "lose Azrak", "Card effect: lose to the Vortex"),
    ("fear", "take Fear", "Fear tokens onto the selected agent"),
    ("discard_fear", "discard Fear", "Fear tokens off the selected agent"),
    ("item", "take Item", "A green Item with its bonuses"),
    ("stow", "put Item away", "Stow or remove an Item"),
    ("reshuffle", "reshuffle Destiny", "Discarded Destiny cards back into the deck"),
    ("epilogue", "epilogue event", "Record now: Damien rescued, a note, the emerald, Anton dead"),
    ("end", "end mission", "The four adjustments and the final score"),
    ("abandon", "abandon mission", "End early to start a new run (failed)"),
    *conflicts.PALETTE,
)
"""(action, name, help) for each command palette entry, offered while its key is on."""
