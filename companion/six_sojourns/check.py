"""Six Sojourns: what makes an entered sheet impossible, named so players can fix it.

The same checks guard the board file of `companion score` and every entry made in the app.
"""

from __future__ import annotations

from collections import Counter

from companion.core import RuleError
from companion.phrases import Phrase, phrase, phrase_n
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

MAX_PLAYERS = 4
MAX_NAME = 24
PIECE_COUNTS = {
    "people": lambda n: phrase_n("{n} person", "{n} people", n),
    "boats": lambda n: phrase_n("{n} boat", "{n} boats", n),
    "houses": lambda n: phrase_n("{n} house", "{n} houses", n),
    "towers": lambda n: phrase_n("{n} tower", "{n} towers", n),
}
"""A count of one kind of a colour's pieces, in words."""


def player_where(name: str) -> Phrase:
    """Where a problem is: `player Ana`."""
    return phrase("player {player}", player=name)


def space_where(name: str) -> Phrase:
    """Where a problem is: `space A1`."""
    return phrase("space {space}", space=name)


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
            raise RuleError(
                phrase(
                    "space {space}: entered twice (space names must be unique)", space=space.name
                )
            )
        seen.add(space.name)
        check_space(space, names, sheet.expansions)
    check_totals(sheet)


def check_players(players: tuple[PlayerSheet, ...]) -> None:
    if not 1 <= len(players) <= MAX_PLAYERS:
        raise RuleError(
            phrase("Six Sojourns is for 1 to 4 players, not {count}", count=len(players))
        )
    names = [player.name for player in players]
    for name in names:
        if not name.strip() or len(name) > MAX_NAME:
            raise RuleError(
                phrase(
                    "player name {name}: give 1 to {most} characters",
                    name=repr(name),
                    most=MAX_NAME,
                )
            )
    twice = [name for name, count in Counter(names).items() if count > 1]
    if twice:
        raise RuleError(phrase("player {player}: named twice (names must differ)", player=twice[0]))


def check_expansions(expansions: tuple[str, ...]) -> None:
    for expansion in expansions:
        if expansion not in EXPANSIONS:
            known = ", ".join(EXPANSIONS)
            raise RuleError(
                phrase(
                    "unknown expansion {expansion} (known: {known})",
                    expansion=repr(expansion),
                    known=known,
                )
            )
    if "feuds" in expansions and "fierce-feuds" in expansions:
        raise RuleError(phrase("the feud card is either Feuds or Fierce Feuds, not both"))


def check_player(player: PlayerSheet) -> None:
    where = player_where(player.name)
    if player.coins < 0:
        raise RuleError(
            phrase("{where}: coins cannot be negative ({coins})", where=where, coins=player.coins)
        )
    for trade, icons in player.trades.items():
        check_trade(trade, where)
        if icons < 0:
            raise RuleError(
                phrase(
                    "{where}: {trade} icons cannot be negative ({icons})",
                    where=where,
                    trade=trade,
                    icons=icons,
                )
            )
    for label, value in (
        ("spaces", player.spaces),
        ("islands", player.islands),
        ("objective_vp", player.objective_vp),
        ("expansion_vp", player.expansion_vp),
    ):
        if value < 0:
            raise RuleError(
                phrase(
                    "{where}: {field} cannot be negative ({value})",
                    where=where,
                    field=label,
                    value=value,
                )
            )
    for objective in player.objectives:
        check_objective(objective, where)


def check_trade(trade: str, where: str) -> None:
    if trade not in TRADES:
        raise RuleError(
            phrase(
                "{where}: unknown trade {trade} (trades: {trades})",
                where=where,
                trade=repr(trade),
                trades=", ".join(TRADES),
            )
        )


def check_objective(objective: Objective, where: str) -> None:
    if objective.vp < 0:
        raise RuleError(
            phrase(
                "{where}: an objective's VP cannot be negative ({vp})", where=where, vp=objective.vp
            )
        )
    if objective.at_least < 0:
        raise RuleError(phrase("{where}: an objective's count cannot be negative", where=where))
    if objective.kind in ("trade", "trades"):
        if not objective.trades:
            raise RuleError(phrase("{where}: a trade objective names its trade", where=where))
        for trade in objective.trades:
            check_trade(trade, where)
    if objective.kind == "place" and not objective.place.strip():
        raise RuleError(phrase("{where}: a place objective names its landmark", where=where))


def check_upgrades(sheet: Sheet) -> None:
    placed = 0
    for trade, values in sheet.upgrades.items():
        check_trade(trade, phrase("upgrades"))
        if len(values) > UPGRADES_PER_TRADE:
            raise RuleError(
                phrase(
                    "upgrades: {trade} has {count} tokens; each trade takes at most {most}",
                    trade=trade,
                    count=len(values),
                    most=UPGRADES_PER_TRADE,
                )
            )
        for value in values:
            if value == 0 or abs(value) > UPGRADE_RANGE:
                raise RuleError(
                    phrase(
                        "upgrades: {trade} token {value} is not a printed value "
                        "(-{most} to +{most}, not 0)",
                        trade=trade,
                        value=value,
                        most=UPGRADE_RANGE,
                    )
                )
        placed += len(values)
    if placed > UPGRADE_TOKENS:
        raise RuleError(
            phrase(
                "upgrades: {placed} tokens placed; the game has {have}",
                placed=placed,
                have=UPGRADE_TOKENS,
            )
        )
    if placed and "upgrades" not in sheet.expansions:
        raise RuleError(
            phrase("upgrades: tokens are placed but the Upgrades expansion is not in play")
        )


def check_space(space: Space, players: list[str], expansions: tuple[str, ...]) -> None:
    """The problems of one space on its own (pieces where they may stand, tokens in play)."""
    where = space_where(space.name)
    if not space.name.strip() or len(space.name) > MAX_NAME:
        raise RuleError(
            phrase(
                "space {space}: give the space a name of 1 to {most} characters",
                space=repr(space.name),
                most=MAX_NAME,
            )
        )
    if space.sea and space.island:
        raise RuleError(
            phrase(
                "{where}: a sea space belongs to no island ({island})",
                where=where,
                island=space.island,
            )
        )
    if not space.sea and not space.island.strip():
        raise RuleError(
            phrase("{where}: a land space names its island (or it is sea)", where=where)
        )
    for label, count in (
        ("shrines", space.shrines),
        ("serpents", space.serpents),
        ("lava", space.lava),
    ):
        if count < 0:
            raise RuleError(
                phrase(
                    "{where}: {field} cannot be negative ({value})",
                    where=where,
                    field=label,
                    value=count,
                )
            )
    _check_tokens(space, where, expansions)
    towers = 0
    for name, pieces in space.pieces.items():
        if name not in players:
            raise RuleError(
                phrase(
                    "{where}: unknown player {player} (players: {players})",
                    where=where,
                    player=repr(name),
                    players=", ".join(players),
                )
            )
        for label, count in (
            (phrase("people"), pieces.people),
            (phrase("boats"), pieces.boats),
            (phrase("houses"), pieces.houses),
        ):
            if count < 0:
                raise RuleError(
                    phrase(
                        "{where}: {player} has a negative count of {pieces} ({count})",
                        where=where,
                        player=name,
                        pieces=label,
                        count=count,
                    )
                )
        if space.sea and pieces.people:
            raise RuleError(
                phrase(
                    "{where}: people at sea ({player} has {count}); they stand on land",
                    where=where,
                    player=name,
                    count=pieces.people,
                )
            )
        if space.sea and pieces.houses:
            raise RuleError(
                phrase(
                    "{where}: houses at sea ({player} has {count}); build them on land",
                    where=where,
                    player=name,
                    count=pieces.houses,
                )
            )
        if not space.sea and pieces.boats:
            raise RuleError(
                phrase(
                    "{where}: a boat on land ({player} has {count}); boats sail the sea",
                    where=where,
                    player=name,
                    count=pieces.boats,
                )
            )
        towers += pieces.tower
    if towers > 1:
        raise RuleError(
            phrase(
                "{where}: {towers}; a space holds at most one tower",
                where=where,
                towers=phrase_n("{n} tower", "{n} towers", towers),
            )
        )


def _check_tokens(space: Space, where: Phrase, expansions: tuple[str, ...]) -> None:
    needs = (
        (space.mountain, "mountains", phrase("a mountain token")),
        (space.shrines > 0, "shrines", phrase("shrines")),
        (space.serpents > 0, "sea-serpents", phrase("sea serpents")),
        (bool(space.trade_token), "trades-tokens", phrase("a trades token")),
        (space.lava > 0, "volcano", phrase("lava")),
    )
    for present, expansion, what in needs:
        if present and expansion not in expansions:
            raise RuleError(
                phrase(
                    "{where}: {what} here but {expansion} is not in play",
                    where=where,
                    what=what,
                    expansion=EXPANSIONS[expansion],
                )
            )
    if space.sea and space.mountain:
        raise RuleError(
            phrase("{where}: mountain tokens go on land spaces, not at sea", where=where)
        )
    if space.sea and space.shrines:
        raise RuleError(phrase("{where}: shrines are built on land, not at sea", where=where))
    if not space.sea and space.serpents:
        raise RuleError(
            phrase("{where}: sea serpents live on sea spaces, not on land", where=where)
        )
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
                    phrase(
                        "player {player}: {pieces} on the board; a colour has {have}",
                        player=player.name,
                        pieces=PIECE_COUNTS[kind](used[kind]),
                        have=have,
                    )
                )
        kept = towers_kept(seat, count)
        if used["towers"] > kept:
            raise RuleError(
                phrase(
                    "player {player}: {towers} on the board, but seat {seat} of {count} keeps "
                    "{kept}",
                    player=player.name,
                    towers=phrase_n("{n} tower", "{n} towers", used["towers"]),
                    seat=seat,
                    count=count,
                    kept=kept,
                )
            )
    serpents = sum(s.serpents for s in sheet.spaces)
    mountains = sum(s.mountain for s in sheet.spaces)
    shrines = sum(s.shrines for s in sheet.spaces)
    totals = (
        (
            serpents,
            SERPENT_TOKENS,
            phrase_n("{n} sea serpent token", "{n} sea serpent tokens", serpents),
        ),
        (
            mountains,
            MOUNTAIN_TOKENS,
            phrase_n("{n} mountain token", "{n} mountain tokens", mountains),
        ),
        (shrines, SHRINES_EACH * count, phrase_n("{n} shrine", "{n} shrines", shrines)),
    )
    for used_tokens, have, what in totals:
        if used_tokens > have:
            raise RuleError(phrase("board: {used}; the game has {have}", used=what, have=have))
    tokens = Counter(s.trade_token for s in sheet.spaces if s.trade_token)
    for trade, used_tokens in sorted(tokens.items()):
        if used_tokens > TRADE_TOKENS_EACH:
            raise RuleError(
                phrase(
                    "board: {used} {trade} trades tokens; the game has {have}",
                    used=used_tokens,
                    trade=trade,
                    have=TRADE_TOKENS_EACH,
                )
            )
