"""What the statistics count of a Sojourn run (`Game.facts`): the traveller's win or loss."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.core import Facts, Game, Transition
from companion.sojourn.model import SojournSetup, SojournState

UNNAMED_TRAVELLER = "Unnamed traveller"
"""The traveller of a Sojourn run saved before the setup asked for a name."""


def facts(
    game: Game[Any, Any], setup: SojournSetup, state: SojournState, steps: Sequence[Transition]
) -> Facts:
    """Solo: reaching home is the traveller's win; a lost run ended by health or by being stuck."""
    traveller = setup.traveller or UNNAMED_TRAVELLER
    status = game.status(state)
    details = {"ended": "health" if state.health == 0 else "stuck"} if status == "lost" else {}
    winners = (traveller,) if status == "won" else ()
    return Facts(status, (traveller,), {}, winners, cooperative=True, details=details)
