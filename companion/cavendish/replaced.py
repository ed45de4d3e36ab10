"""What a Cavendish action that sets a value replaces, for a group playing on several devices.

The one such action is the Standard Update: the group splits the Vortex between the pools as it
saw them. When another device moved crystals meanwhile (an agent spent, gained or lost some), the
split was made for other numbers, so it is refused with both (`saves.games.journal`) rather than
applied
to pools nobody looked at. Every other action spends, gains, moves or announces: it replaces
nothing, and the rules check it against the newest state.
"""

from __future__ import annotations

from typing import Any

from companion.cavendish.actions import StandardUpdate
from companion.cavendish.model import CavendishState
from companion.core import Replaced
from companion.phrases import phrase


def replaced(state: CavendishState, action: Any) -> Replaced | None:
    """The crystals a Standard Update's split shares out at `state`; None for any other action."""
    if isinstance(action, StandardUpdate):
        return Replaced(phrase("the crystals to share"), crystals_words(state))
    return None


def crystals_words(state: CavendishState) -> str:
    """`Vortex 7 (Anton 3/5, Amy 0/6)`: the Vortex and each pool against its starting level, the
    numbers a split is chosen from."""
    pools = ", ".join(f"{agent.receptacle} {agent.pool}/{agent.starting}" for agent in state.agents)
    return phrase("Vortex {vortex} ({pools})", vortex=state.vortex, pools=pools)
