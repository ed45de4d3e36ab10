"""Six Sojourns: what makes an entered sheet impossible, named so players can fix it.

The same checks guard the board file of `companion score` and every entry made in the app.
"""

from __future__ import annotations

from collections import Counter

from companion.core import RuleError
from companion.six_sojourns.model import (
    EXPANSIONS,
    MOUNTAIN_TOKENS,
    PIECES_PER_COLOUR,
    SERPENT_TOKENS,
    SHRINES_EACH,
    TRADE_TOKENS_EACH,
    TRADES,
    UPGRADE_RANGE,
    UPGRADE_TOKENS,
    UPGRADES_PER_TRADE,
    Objective,
    PlayerSheet,
    Sheet,
    Space,
    towers_kept,
)
from companion.text import plural

MAX_PLAYERS = 4
MAX_NAME = 24


def check_sheet(sheet: Sheet) -> None:
    """Raise `RuleError` naming the first impossible thing in the sheet; return if all is fine."""
    check_players(sheet.players)
    check_expansions(sheet.expansions)
    for player in sheet.players:
        check_player(player)
    check_upgrades(sheet)
    names = [player.name for player in sheet.players]
    seen: set[str] = set()
    for space in sheet.spaces:
        if space.name in seen:
            raise RuleError(f"space {space.name}: entered twice (space names must be unique)")
        seen.add(space.name)
        check_space(space, names, sheet.expansions)
    check_totals(sheet)


def check_players(players: tuple[PlayerSheet, ...]) -> None:
    if not 1 <= len(players) <= MAX_PLAYERS:
        raise RuleError(f"Six Sojourns is for 1 to 4 players, not {len(players)}")
    names = [player.name for player in players]
    for name in names:
        if not name.strip() or len(name) > MAX_NAME:
            raise RuleError(f"player name {name!r}: give 1 to {MAX_NAME} characters")
    twice = [name for name, count in Counter(names).items() if count > 1]
    if twice:
        raise RuleError(f"player {twice[0]}: named twice (names must differ)")


def check_expansions(expansions: tuple[str, ...]) -> None:
    for expansion in expansions:
        if expansion not in EXPANSIONS:
            known = ", ".join(EXPANSIONS)
            raise RuleError(f"unknown expansion {expansion!r} (known: {known})")
    if "feuds" in expansions and "fierce-feuds" in expansions:
        raise RuleError("the feud card is either Feuds or Fierce Feuds, not both")


def check_player(player: PlayerSheet) -> None:
    where = f"player {player.name}"
    if player.coins < 0:
        raise RuleError(f"{where}: coins cannot be negative ({player.coins})")
    for trade, icons in player.trades.items():
        check_trade(trade, where)
        if icons < 0:
            raise RuleError(f"{where}: {trade} icons cannot be negative ({icons})")
    for label, value in (
        ("spaces", player.spaces),
        ("islands", player.islands),
        ("objective_vp", player.objective_vp),
        ("expansion_vp", player.expansion_vp),
    ):
        if value < 0:
            raise RuleError(f"{where}: {label} cannot be negative ({value})")
    for objective in player.objectives:
        check_objective(objective, where)


def check_trade(trade: str, where: str) -> None:
    if trade not in TRADES:
        raise RuleError(f"{where}: unknown trade {trade!r} (trades: {', '.join(TRADES)})")


def check_objective(objective: Objective, where: str) -> None:
    if objective.vp < 0:
        raise RuleError(f"{where}: an objective's VP cannot be negative ({objective.vp})")
    if objective.at_least < 0:
        raise RuleError(f"{where}: an objective's count cannot be negative")
    if objective.kind in ("trade", "trades"):
        if not objective.trades:
            raise RuleError(f"{where}: a trade objective names its trade")
        for trade in objective.trades:
            check_trade(trade, where)
    if objective.kind == "place" and not objective.place.strip():
        raise RuleError(f"{where}: a place objective names its landmark")


def check_upgrades(sheet: Sheet) -> None:
    placed = 0
    for trade, values in sheet.upgrades.items():
        check_trade(trade, "upgrades")
        if len(values) > UPGRADES_PER_TRADE:
            raise RuleError(
                f"upgrades: {trade} has {len(values)} tokens; each trade takes at most "
                f"{UPGRADES_PER_TRADE}"
            )
        for value in values:
            if value == 0 or abs(value) > UPGRADE_RANGE:
                raise RuleError(
                    f"upgrades: {trade} token {value} is not a printed value "
                    f"(-{UPGRADE_RANGE} to +{UPGRADE_RANGE}, not 0)"
                )
        placed += len(values)
    if placed > UPGRADE_TOKENS:
        raise RuleError(f"upgrades: {placed} tokens placed; the game has {UPGRADE_TOKENS}")
    if placed and "upgrades" not in sheet.expansions:
        raise RuleError("upgrades: tokens are placed but the Upgrades expansion is not in play")


def check_space(space: Space, players: list[str], expansions: tuple[str, ...]) -> None:
    """The problems of one space on its own (pieces where they may stand, tokens in play)."""
    where = f"space {space.name}"
    if not space.name.strip() or len(space.name) > MAX_NAME:
        raise RuleError(
            f"space {space.name!r}: give the space a name of 1 to {MAX_NAME} characters"
        )
    if space.sea and space.island:
        raise RuleError(f"{where}: a sea space belongs to no island ({space.island})")
    if not space.sea and not space.island.strip():
        raise RuleError(f"{where}: a land space names its island (or it is sea)")
    for label, count in (
        ("shrines", space.shrines),
        ("serpents", space.serpents),
        ("lava", space.lava),
    ):
        if count < 0:
            raise RuleError(f"{where}: {label} cannot be negative ({count})")
    _check_tokens(space, where, expansions)
    towers = 0
    for name, pieces in space.pieces.items():
        if name not in players:
            raise RuleError(f"{where}: unknown player {name!r} (players: {', '.join(players)})")
        for label, count in (
            ("people", pieces.people),
            ("boats", pieces.boats),
            ("houses", pieces.houses),
        ):
            if count < 0:
                raise RuleError(f"{where}: {name} has a negative count of {label} ({count})")
        if space.sea and pieces.people:
            raise RuleError(
                f"{where}: people at sea ({name} has {pieces.people}); they stand on land"
            )
        if space.sea and pieces.houses:
            raise RuleError(
                f"{where}: houses at sea ({name} has {pieces.houses}); build them on land"
            )
        if not space.sea and pieces.boats:
            raise RuleError(
                f"{where}: a boat on land ({name} has {pieces.boats}); boats sail the sea"
            )
        towers += pieces.tower
    if towers > 1:
        raise RuleError(f"{where}: {plural(towers, 'tower')}; a space holds at most one tower")


def _check_tokens(space: Space, where: str, expansions: tuple[str, ...]) -> None:
    needs = (
        (space.mountain, "mountains", "a mountain token"),
        (space.shrines > 0, "shrines", "shrines"),
        (space.serpents > 0, "sea-serpents", "sea serpents"),
        (bool(space.trade_token), "trades-tokens", "a trades token"),
        (space.lava > 0, "volcano", "lava"),
    )
    for present, expansion, what in needs:
        if present and expansion not in expansions:
            raise RuleError(f"{where}: {what} here but {EXPANSIONS[expansion]} is not in play")
    if space.sea and space.mountain:
        raise RuleError(f"{where}: mountain tokens go on land spaces, not at sea")
    if space.sea and space.shrines:
        raise RuleError(f"{where}: shrines are built on land, not at sea")
    if not space.sea and space.serpents:
        raise RuleError(f"{where}: sea serpents live on sea spaces, not on land")
    if space.trade_token:
        check_trade(space.trade_token, where)


def check_totals(sheet: Sheet) -> None:
    """Piece counts per colour, towers per seat, and token counts over the whole board."""
    count = len(sheet.players)
    for seat, player in enumerate(sheet.players, start=1):
        used = {"people": 0, "boats": 0, "houses": 0, "towers": 0}
        for space in sheet.spaces:
            pieces = space.pieces.get(player.name)
            if pieces is not None:
                used["people"] += pieces.people
                used["boats"] += pieces.boats
                used["houses"] += pieces.houses
                used["towers"] += pieces.tower
        for kind, have in PIECES_PER_COLOUR.items():
            if used[kind] > have:
                raise RuleError(
                    f"player {player.name}: {used[kind]} {kind} on the board; a colour has {have}"
                )
        kept = towers_kept(seat, count)
        if used["towers"] > kept:
            raise RuleError(
                f"player {player.name}: {plural(used['towers'], 'tower')} on the board, but "
                f"seat {seat} of {count} keeps {kept}"
            )
    totals = (
        (sum(s.serpents for s in sheet.spaces), SERPENT_TOKENS, "sea serpent tokens"),
        (sum(s.mountain for s in sheet.spaces), MOUNTAIN_TOKENS, "mountain tokens"),
        (sum(s.shrines for s in sheet.spaces), SHRINES_EACH * count, "shrines"),
    )
    for used_tokens, have, what in totals:
        if used_tokens > have:
            raise RuleError(f"board: {used_tokens} {what}; the game has {have}")
    tokens = Counter(s.trade_token for s in sheet.spaces if s.trade_token)
    for trade, used_tokens in sorted(tokens.items()):
        if used_tokens > TRADE_TOKENS_EACH:
            raise RuleError(
                f"board: {used_tokens} {trade} trades tokens; the game has {TRADE_TOKENS_EACH}"
            )
