"""What a Six Sojourns entry that sets a value replaces, for a table playing on several devices.

Counts, objectives, an edited space, the thresholds and where the score comes from are typed
over what was there: when another device changed that value meanwhile, the entry is refused with
both values (`saves.games.journal`) rather than silently written over. Entries that add to the sheet
(coins gained or paid, a card bought, an upgrade token, a new space) replace nothing.
"""

from __future__ import annotations

from typing import Any

from companion.core import Replaced
from companion.phrases import phrase
from companion.six_sojourns.actions import (
    COUNTS,
    EnterCount,
    EnterSpace,
    ScoreBy,
    SetObjectives,
    SetThresholds,
    SojournsState,
)
from companion.six_sojourns.model import TRADES, Objective, PlayerSheet, Space, Thresholds
from companion.six_sojourns.text import marks_text, objective_line, pieces_text

PAD_WORDS = {
    "spaces": phrase("VP for spaces"),
    "islands": phrase("VP for islands"),
    "objective_vp": phrase("VP from objectives"),
    "expansion_vp": phrase("VP from expansions"),
}
"""The score pad's numbers as a player names them."""


def replaced(state: SojournsState, action: Any) -> Replaced | None:
    """The value `action` types over at `state`, or None when it adds rather than sets (or names
    a player or a number the rules refuse anyway). An edited space another device removed or
    renamed reads `not on the sheet`, so the edit is refused saying so."""
    match action:
        case EnterCount(player=str(name), what=str(what)) if what in COUNTS:
            player = state.sheet.player(name)
            if player is None:
                return None
            return Replaced(
                phrase("{player}'s {count}", player=name, count=count_words(what)),
                str(count_of(player, what)),
            )
        case SetObjectives(player=str(name)):
            player = state.sheet.player(name)
            if player is None:
                return None
            return Replaced(
                phrase("{player}'s objectives", player=name), objectives_words(player.objectives)
            )
        case EnterSpace(replaces=str(name)) if name:
            space = next((s for s in state.sheet.spaces if s.name == name), None)
            value = phrase("not on the sheet") if space is None else space_words(state, space)
            return Replaced(phrase("space {space}", space=name), value)
        case ScoreBy():
            return Replaced(phrase("where the score comes from"), scored_from(state))
        case SetThresholds():
            return Replaced(phrase("the trade thresholds"), thresholds_words(state.thresholds))
    return None


def count_words(what: str) -> str:
    """`coins`, `cooking icons`, `VP for spaces`: one number of a player's sheet."""
    if what in TRADES:
        return phrase("{trade} icons", trade=what)
    if what == "coins":
        return phrase("coins")
    return PAD_WORDS.get(what, what)


def count_of(player: PlayerSheet, what: str) -> int:
    """The number `EnterCount` would replace: coins, a trade's icons or a score-pad number."""
    if what in TRADES:
        return player.icons(what)
    value: int = getattr(player, what)
    return value


def objectives_words(objectives: tuple[Objective, ...]) -> str:
    """The objective cards as typed (`houses 3 = 3; vp 2`), or `none`."""
    return "; ".join(objective_line(objective) for objective in objectives) or phrase("none")


def space_words(state: SojournsState, space: Space) -> str:
    """Everything an edit of a space types over: where it is, its marks and the pieces on it,
    players in seat order so that the same space always reads the same."""
    where = phrase("sea") if space.sea else phrase("island {island}", island=space.island)
    seats = {name: seat for seat, name in enumerate(state.players)}
    owners = sorted(space.pieces, key=lambda name: (seats.get(name, len(seats)), name))
    pieces = ", ".join(
        f"{name} {pieces_text(space.pieces[name])}"
        for name in owners
        if not space.pieces[name].empty
    )
    return phrase(
        "{where}; {marks}; {pieces}",
        where=where,
        marks=marks_text(space) or phrase("no marks"),
        pieces=pieces or phrase("no pieces"),
    )


def scored_from(state: SojournsState) -> str:
    """The source `ScoreBy` switches away from: a switch made for the other one is stale."""
    return phrase("the score pad") if state.sheet.pad else phrase("the board")


def thresholds_words(thresholds: Thresholds) -> str:
    """`cooking 5/9, carpentry 5/8, ...`: every trade's icons for 4 VP and for 7 VP."""
    return ", ".join(
        f"{trade} {thresholds.of(trade).first}/{thresholds.of(trade).second}" for trade in TRADES
    )
