"""Six Sojourns final scoring: one pure function of a sheet, every point with its reason.

The score pad and the board are two inputs of the same engine; the spaces are read in name order
so the result never depends on the order they were entered in.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from companion.core import Score, ScoreLine
from companion.phrases import Phrase, phrase, phrase_n
from companion.six_sojourns.model import (
    DEFAULT_THRESHOLDS,
    FIRST_VP,
    SECOND_VP,
    TRADES,
    Objective,
    Pieces,
    PlayerSheet,
    Sheet,
    Space,
    Thresholds,
)

CATEGORIES: tuple[str, ...] = (
    "spaces",
    "islands",
    "trades",
    "objectives",
    "serpents",
    "shrines",
    "mountains",
    "feuds",
)
"""The categories of the board's breakdown, in score-pad order."""
PAD_EXPANSIONS = "expansions"
"""The extra category of a score pad: its single expansion VP number."""
BASE_CATEGORIES: tuple[str, ...] = ("spaces", "islands", "trades", "objectives")
"""The categories every game scores, whatever its expansions."""
EXPANSION_CATEGORIES: dict[str, tuple[str, ...]] = {
    "serpents": ("sea-serpents",),
    "shrines": ("shrines",),
    "mountains": ("mountains",),
    "feuds": ("feuds", "fierce-feuds"),
}
"""A board category of an expansion -> the expansion ids that score it."""


@dataclass(frozen=True)
class SojournsLine(ScoreLine):
    """A reason for points, with the score-pad category it counts in."""

    category: str = "spaces"


@dataclass(frozen=True)
class Control:
    """Who controls a space and why: by tower, or strength against the strongest other."""

    owner: str | None
    strength: int = 0
    against: int = 0
    """The best strength of anyone else there (a player or the lava)."""
    tower: bool = False


@dataclass(frozen=True)
class Standing:
    """One player's place in the final ranking, with points per category."""

    name: str
    total: int
    coins: int
    rank: int
    breakdown: dict[str, int]


def strength(pieces: Pieces, sea: bool) -> int:
    """Control strength: boats alone at sea; people + boats + 2 per house on land."""
    return pieces.boats if sea else pieces.strength


def control(space: Space) -> Control:
    """Control of a space: a tower wins outright; else strictly the most strength, lava included."""
    for name, pieces in sorted(space.pieces.items()):
        if pieces.tower:
            return Control(name, strength(pieces, space.sea), tower=True)
    strengths = sorted(
        ((strength(p, space.sea), name) for name, p in space.pieces.items()), reverse=True
    )
    best, owner = strengths[0] if strengths else (0, "")
    others = [s for s, name in strengths if name != owner] + [space.lava]
    against = max(others)
    if best > 0 and best > against:
        return Control(owner, best, against)
    return Control(None, best, max(best, against))


def score(sheet: Sheet, thresholds: Thresholds = DEFAULT_THRESHOLDS) -> Score:
    """The final score of a score pad or a board, with a reason for every point."""
    lines = _pad_lines(sheet, thresholds) if sheet.pad else _board_lines(sheet, thresholds)
    totals = {
        p.name: sum(line.points for line in lines if line.player == p.name) for p in sheet.players
    }
    return Score(totals, tuple(lines), winners(sheet, totals))


def winners(sheet: Sheet, totals: dict[str, int]) -> tuple[str, ...]:
    """Most VP wins; tied, most coins; still tied, the win is shared."""
    best = max((totals[p.name], p.coins) for p in sheet.players)
    return tuple(p.name for p in sheet.players if (totals[p.name], p.coins) == best)


def standings(sheet: Sheet, result: Score) -> tuple[Standing, ...]:
    """Each player's total, coins, rank (shared when VP and coins tie) and category points."""
    keys = {p.name: (result.totals[p.name], p.coins) for p in sheet.players}
    categories = CATEGORIES + ((PAD_EXPANSIONS,) if sheet.pad else ())
    table = []
    for player in sheet.players:
        breakdown = dict.fromkeys(categories, 0)
        for line in result.lines:
            if line.player == player.name and isinstance(line, SojournsLine):
                breakdown[line.category] += line.points
        rank = 1 + sum(1 for key in keys.values() if key > keys[player.name])
        table.append(
            Standing(player.name, result.totals[player.name], player.coins, rank, breakdown)
        )
    return tuple(table)


def in_play(sheet: Sheet, category: str) -> bool:
    """Whether a category can score in this game as it is scored: the four every game scores;
    on the board, those of the expansions in play; on the pad, its one expansion VP number when
    any expansion is in play."""
    if category in BASE_CATEGORIES:
        return True
    if category == PAD_EXPANSIONS:
        return sheet.pad and bool(sheet.expansions)
    return not sheet.pad and any(sheet.has(e) for e in EXPANSION_CATEGORIES.get(category, ()))


def shown_categories(sheet: Sheet, table: tuple[Standing, ...]) -> tuple[str, ...]:
    """The categories worth a column in the Why table and the exports: those `in_play`, and
    any that holds a point (a point is never hidden)."""
    if not table:
        return ()
    return tuple(
        category
        for category in table[0].breakdown
        if in_play(sheet, category) or any(standing.breakdown[category] for standing in table)
    )


def trade_vp(icons: int, trade: str, sheet: Sheet, thresholds: Thresholds) -> tuple[int, Phrase]:
    """VP of one trade and the words for it: 4 or 7 by threshold, shifted by upgrades, never < 0."""
    limit = thresholds.of(trade)
    if icons >= limit.second:
        base, reached = SECOND_VP, limit.second
    elif icons >= limit.first:
        base, reached = FIRST_VP, limit.first
    else:
        return 0, phrase("{icons} below {first}", icons=icons, first=limit.first)
    shift = sum(sheet.upgrades.get(trade, ()))
    if shift:
        words = phrase(
            "{icons} icons reach {reached} -> {vp} VP, upgrades {shift}",
            icons=icons,
            reached=reached,
            vp=base,
            shift=format(shift, "+d"),
        )
    else:
        words = phrase(
            "{icons} icons reach {reached} -> {vp} VP", icons=icons, reached=reached, vp=base
        )
    return max(0, base + shift), words


def _line(player: str, points: int, reason: Phrase, category: str) -> SojournsLine:
    return SojournsLine(player, points, reason, category)


def _trade_lines(
    player: PlayerSheet, tokens: Counter[str], sheet: Sheet, thresholds: Thresholds
) -> list[SojournsLine]:
    lines = []
    for trade in TRADES:
        icons = player.icons(trade) + tokens[trade]
        vp, words = trade_vp(icons, trade, sheet, thresholds)
        if vp or icons >= thresholds.of(trade).first:
            if tokens[trade]:
                counted = phrase_n("{n} trades token", "{n} trades tokens", tokens[trade])
                words = phrase("{words} (incl. {tokens})", words=words, tokens=counted)
            reason = phrase("{trade}: {words}", trade=trade, words=words)
            lines.append(_line(player.name, vp, reason, "trades"))
    return lines


def _pad_lines(sheet: Sheet, thresholds: Thresholds) -> list[SojournsLine]:
    lines: list[SojournsLine] = []
    for player in sheet.players:
        for reason, value, category in (
            (phrase("spaces (score pad)"), player.spaces, "spaces"),
            (phrase("islands (score pad)"), player.islands, "islands"),
            (phrase("objective cards (score pad)"), player.objective_vp, "objectives"),
            (phrase("expansions (score pad)"), player.expansion_vp, PAD_EXPANSIONS),
        ):
            if value:
                lines.append(_line(player.name, value, reason, category))
        lines += _trade_lines(player, Counter(), sheet, thresholds)
    return lines


@dataclass(frozen=True)
class _Board:
    """What the board gives each player, worked out once for all the categories."""

    spaces: tuple[Space, ...]
    control: dict[str, Control]
    islands_won: dict[str, list[str]]
    tokens: dict[str, Counter[str]]


def _read_board(sheet: Sheet) -> _Board:
    spaces = tuple(sorted(sheet.spaces, key=lambda s: s.name))
    controls = {s.name: control(s) for s in spaces}
    islands: dict[str, Counter[str]] = {}
    tokens: dict[str, Counter[str]] = {p.name: Counter() for p in sheet.players}
    for space in spaces:
        owner = controls[space.name].owner
        if not space.sea:
            islands.setdefault(space.island, Counter())
        if owner is None:
            continue
        if not space.sea:
            islands[space.island][owner] += 1
        if space.trade_token:
            tokens[owner][space.trade_token] += 1
    won: dict[str, list[str]] = {p.name: [] for p in sheet.players}
    for island, counts in sorted(islands.items()):
        ranked = counts.most_common()
        if ranked and (len(ranked) == 1 or ranked[0][1] > ranked[1][1]):
            won[ranked[0][0]].append(island)
    return _Board(spaces, controls, won, tokens)


def _island_reason(island: str, owner: str, board: _Board) -> Phrase:
    counts = Counter(
        board.control[s.name].owner
        for s in board.spaces
        if not s.sea and s.island == island and board.control[s.name].owner
    )
    mine = counts.pop(owner)
    return phrase(
        "island {island}: {spaces} vs {others}",
        island=island,
        spaces=phrase_n("{n} space", "{n} spaces", mine),
        others=max(counts.values(), default=0),
    )


def _board_lines(sheet: Sheet, thresholds: Thresholds) -> list[SojournsLine]:
    board = _read_board(sheet)
    feud = 2 if sheet.has("fierce-feuds") else 1 if sheet.has("feuds") else 0
    lines: list[SojournsLine] = []
    for player in sheet.players:
        name = player.name
        for space in board.spaces:
            held = board.control[space.name]
            if held.owner != name:
                continue
            if held.tower:
                controls = phrase("controls {space}: tower", space=space.name)
            else:
                controls = phrase(
                    "controls {space}: {strength} vs {against}",
                    space=space.name,
                    strength=held.strength,
                    against=held.against,
                )
            lines.append(_line(name, 1, controls, "spaces"))
            if space.serpents:
                serpents = phrase_n(
                    "{n} sea serpent in {space}",
                    "{n} sea serpents in {space}",
                    space.serpents,
                    space=space.name,
                )
                lines.append(_line(name, space.serpents, serpents, "serpents"))
            if space.shrines:
                shrines = phrase_n(
                    "{n} shrine in {space}",
                    "{n} shrines in {space}",
                    space.shrines,
                    space=space.name,
                )
                lines.append(_line(name, space.shrines, shrines, "shrines"))
            if space.mountain:
                mountain = phrase("mountain in {space}", space=space.name)
                lines.append(_line(name, 1, mountain, "mountains"))
            rivals = sorted(n for n, p in space.pieces.items() if n != name and not p.empty)
            if feud and rivals:
                feuding = phrase(
                    "feud in {space} with {rivals}", space=space.name, rivals=", ".join(rivals)
                )
                lines.append(_line(name, feud, feuding, "feuds"))
        for island in board.islands_won[name]:
            lines.append(_line(name, 1, _island_reason(island, name, board), "islands"))
        lines += _trade_lines(player, board.tokens[name], sheet, thresholds)
        for objective in player.objectives:
            lines.append(_objective_line(player, objective, sheet, board))
    return lines


def objective_words(objective: Objective) -> Phrase:
    """An objective card in words ("3+ houses on the board")."""
    n = objective.at_least
    match objective.kind:
        case "houses":
            return phrase("{n}+ houses on the board", n=n)
        case "trade" | "trades":
            return phrase("{n}+ {trades} icons", n=n, trades=" + ".join(objective.trades))
        case "place":
            return phrase("control the {place}", place=objective.place)
        case "islands":
            return phrase("{n}+ islands", n=n)
        case _:
            return phrase("card")


def _objective_line(
    player: PlayerSheet, objective: Objective, sheet: Sheet, board: _Board
) -> SojournsLine:
    name = player.name
    has: int | Phrase
    match objective.kind:
        case "houses":
            has = sum(s.pieces[name].houses for s in board.spaces if name in s.pieces)
            met = has >= objective.at_least
        case "trade" | "trades":
            has = sum(player.icons(t) + board.tokens[name][t] for t in objective.trades)
            met = has >= objective.at_least
        case "place":
            wanted = objective.place.casefold()
            spots = [s.name for s in board.spaces if s.landmark.casefold() == wanted]
            held = [s for s in spots if board.control[s].owner == name]
            met = bool(held)
            has = (
                phrase("controls {space}", space=held[0])
                if held
                else (phrase("not controlled") if spots else phrase("not on the board"))
            )
        case "islands":
            has = len(board.islands_won[name])
            met = has >= objective.at_least
        case _:
            has, met = phrase("typed"), True
    card = objective_words(objective)
    if isinstance(has, int):
        if met:
            words = phrase("objective {card} (has {count})", card=card, count=has)
        else:
            words = phrase("missed objective {card} (has {count})", card=card, count=has)
    elif met:
        words = phrase("objective {card} ({state})", card=card, state=has)
    else:
        words = phrase("missed objective {card} ({state})", card=card, state=has)
    return _line(name, objective.vp if met else 0, words, "objectives")
