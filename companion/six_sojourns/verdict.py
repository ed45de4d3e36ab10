"""Six Sojourns' result in words: most VP wins; tied, most coins; still tied, the win is shared.

The scoring decides (`scoring.winners`); this says why, the coin tie-break included, for the result
screen, the Why tab, the exports and `companion score`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.core import Result


def _and(names: Sequence[str]) -> str:
    """ "Ana", "Ana and Ben", "Ana, Ben and Cy"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def explain_ranking(totals: Mapping[str, int], coins: Mapping[str, int], final: bool) -> Result:
    """Who wins (or leads, before the end) and why, from each player's VP and coins."""
    players = list(totals)
    best = max(totals.values())
    if len(players) == 1:
        return Result(f"{players[0]} scores {best} VP")
    top = [p for p in players if totals[p] == best]
    rest = [f"{p} {totals[p]}" for p in sorted(players, key=lambda p: -totals[p]) if p not in top]
    behind = f"; then {', '.join(rest)}" if rest else ""
    if len(top) == 1:
        verb = "wins" if final else "leads"
        most_vp = f"{top[0]} has the most VP: {best}{behind}."
        return Result(f"{top[0]} {verb} with {best} VP", (most_vp,))
    most = max(coins[p] for p in top)
    winners = [p for p in top if coins[p] == most]
    counted = ", ".join(f"{p} {coins[p]}" for p in top)
    tied = f"{_and(top)} tied on {best} VP{behind}."
    if len(winners) == 1:
        verb = "wins" if final else "leads"
        return Result(
            f"{winners[0]} {verb} on coins with {best} VP",
            (tied, f"Tie-break: {winners[0]} has more coins ({counted})."),
        )
    share, what = ("share the win", "win") if final else ("share the lead", "lead")
    who = "coins tied too" if len(winners) == len(top) else f"{_and(winners)} tie on most coins"
    return Result(
        f"{_and(winners)} {share} with {best} VP",
        (tied, f"Tie-break: {who} ({counted}): the {what} is shared."),
    )
