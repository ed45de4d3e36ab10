"""Six Sojourns' result in words: most VP wins; tied, most coins; still tied, the win is shared.

The scoring decides (`scoring.winners`); this says why, the coin tie-break included, for the result
screen, the Why tab, the exports and `companion score`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.core import Result
from companion.phrases import Phrase, phrase


def names_and(names: Sequence[str]) -> str:
    """ "Ana", "Ana and Ben", "Ana, Ben and Cy"."""
    if len(names) == 1:
        return names[0]
    return phrase("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


def each_and(names: Sequence[str]) -> str:
    """ "Ana", "Ana and Ben", "Ana and Ben and Cy": the winners a log line or a table names."""
    said: str = names[0]
    for name in names[1:]:
        said = phrase("{names} and {last}", names=said, last=name)
    return said


def explain_ranking(totals: Mapping[str, int], coins: Mapping[str, int], final: bool) -> Result:
    """Who wins (or leads, before the end) and why, from each player's VP and coins."""
    players = list(totals)
    best = max(totals.values())
    if len(players) == 1:
        return Result(phrase("{player} scores {vp} VP", player=players[0], vp=best))
    top = [p for p in players if totals[p] == best]
    rest = [f"{p} {totals[p]}" for p in sorted(players, key=lambda p: -totals[p]) if p not in top]
    behind: Phrase | str = phrase("; then {rest}", rest=", ".join(rest)) if rest else ""
    if len(top) == 1:
        most_vp = phrase(
            "{player} has the most VP: {vp}{behind}.", player=top[0], vp=best, behind=behind
        )
        if final:
            outcome = phrase("{player} wins with {vp} VP", player=top[0], vp=best)
        else:
            outcome = phrase("{player} leads with {vp} VP", player=top[0], vp=best)
        return Result(outcome, (most_vp,))
    most = max(coins[p] for p in top)
    winners = [p for p in top if coins[p] == most]
    counted = ", ".join(f"{p} {coins[p]}" for p in top)
    tied = phrase(
        "{players} tied on {vp} VP{behind}.", players=names_and(top), vp=best, behind=behind
    )
    if len(winners) == 1:
        if final:
            outcome = phrase("{player} wins on coins with {vp} VP", player=winners[0], vp=best)
        else:
            outcome = phrase("{player} leads on coins with {vp} VP", player=winners[0], vp=best)
        return Result(
            outcome,
            (
                tied,
                phrase(
                    "Tie-break: {player} has more coins ({coins}).",
                    player=winners[0],
                    coins=counted,
                ),
            ),
        )
    sharing = names_and(winners)
    if final:
        outcome = phrase("{players} share the win with {vp} VP", players=sharing, vp=best)
    else:
        outcome = phrase("{players} share the lead with {vp} VP", players=sharing, vp=best)
    if len(winners) == len(top):
        if final:
            why = phrase("Tie-break: coins tied too ({coins}): the win is shared.", coins=counted)
        else:
            why = phrase("Tie-break: coins tied too ({coins}): the lead is shared.", coins=counted)
    elif final:
        why = phrase(
            "Tie-break: {players} tie on most coins ({coins}): the win is shared.",
            players=sharing,
            coins=counted,
        )
    else:
        why = phrase(
            "Tie-break: {players} tie on most coins ({coins}): the lead is shared.",
            players=sharing,
            coins=counted,
        )
    return Result(outcome, (tied, why))
