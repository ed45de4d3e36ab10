"""Small builders for Six Sojourns sheets, so each test states only what it is about."""

from __future__ import annotations

from companion.six_sojourns.model import Objective, Pieces, PlayerSheet, Sheet, Space


def land(name: str, island: str = "North", **pieces: Pieces) -> Space:
    return Space(name, island=island, pieces=dict(pieces))


def sea(name: str, **pieces: Pieces) -> Space:
    return Space(name, sea=True, pieces=dict(pieces))


def board(
    *spaces: Space,
    players: tuple[str, ...] = ("Ana", "Ben"),
    expansions: tuple[str, ...] = (),
    coins: dict[str, int] | None = None,
    trades: dict[str, dict[str, int]] | None = None,
    objectives: dict[str, tuple[Objective, ...]] | None = None,
    upgrades: dict[str, tuple[int, ...]] | None = None,
) -> Sheet:
    sheets = tuple(
        PlayerSheet(
            name,
            coins=(coins or {}).get(name, 0),
            trades=(trades or {}).get(name, {}),
            objectives=(objectives or {}).get(name, ()),
        )
        for name in players
    )
    return Sheet(sheets, expansions, upgrades or {}, spaces, pad=False)


def people(n: int) -> Pieces:
    return Pieces(people=n)
