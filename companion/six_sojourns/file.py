"""Six Sojourns board files: the plain data of a TOML file turned into a checked `Sheet`.

The shape is documented in docs/six-sojourns.md. Omitted keys are 0 / false / empty; an unknown
key, a wrong type or an impossible board is refused with where it is and what is wrong.
"""

from __future__ import annotations

from typing import Any

from companion.core import RuleError
from companion.phrases import phrase
from companion.six_sojourns.check import check_sheet, player_where, space_where
from companion.six_sojourns.model import Objective, Pieces, PlayerSheet, Sheet, Space

TOP_KEYS = {"expansions", "upgrades", "player", "space"}
PLAYER_KEYS = {"name", "coins", "trades", "objectives"}
PAD_KEYS = {"spaces", "islands", "objective_vp", "expansion_vp"}
SPACE_KEYS = {
    "name",
    "island",
    "sea",
    "landmark",
    "mountain",
    "shrines",
    "serpents",
    "trade_token",
    "lava",
    "pieces",
}
PIECE_KEYS = {"people", "boats", "houses", "tower"}
OBJECTIVE_SHAPES: dict[str, set[str]] = {
    "houses": {"houses", "vp"},
    "trade": {"trade", "at_least", "vp"},
    "trades": {"trades", "at_least", "vp"},
    "place": {"place", "vp"},
    "islands": {"islands", "vp"},
}


def sheet_from_plain(data: dict[str, Any]) -> Sheet:
    """A checked sheet from a parsed board file; `RuleError` names the first problem."""
    the_file = phrase("the file")
    _keys(data, TOP_KEYS, the_file)
    players_raw = _list(data, "player", the_file)
    spaces_raw = _list(data, "space", the_file)
    pad = not spaces_raw
    if not players_raw:
        raise RuleError(phrase("the file: no [[player]] tables (give each player in turn order)"))
    players = tuple(_player(raw, i, pad) for i, raw in enumerate(players_raw, start=1))
    expansions = tuple(_str_item(x, "expansions") for x in _list(data, "expansions", the_file))
    upgrades: dict[str, tuple[int, ...]] = {}
    for trade, values in _table(data, "upgrades", the_file).items():
        if not isinstance(values, list):
            raise RuleError(
                phrase(
                    "upgrades: {trade} takes a list of token values, like [2] or [-1, 1]",
                    trade=trade,
                )
            )
        where = phrase("upgrades: {trade}", trade=trade)
        upgrades[trade] = tuple(_int_item(v, where) for v in values)
    spaces = tuple(_space(raw, i) for i, raw in enumerate(spaces_raw, start=1))
    sheet = Sheet(players, expansions, upgrades, spaces, pad)
    check_sheet(sheet)
    return sheet


def _player(raw: Any, number: int, pad: bool) -> PlayerSheet:
    where = player_where(str(number))
    if not isinstance(raw, dict):
        raise RuleError(phrase("{where}: expected a [[player]] table", where=where))
    name = _str(raw, "name", where)
    where = player_where(name or str(number))
    allowed = PLAYER_KEYS | PAD_KEYS
    _keys(raw, allowed, where)
    if pad and "objectives" in raw:
        raise RuleError(
            phrase(
                "{where}: a score pad (no [[space]]) gives objective_vp, not objectives",
                where=where,
            )
        )
    if not pad:
        for key in sorted(PAD_KEYS & set(raw)):
            raise RuleError(
                phrase(
                    "{where}: {key} is a score-pad number; this file has [[space]] tables, "
                    "so the board is scored",
                    where=where,
                    key=key,
                )
            )
    trades = {t: _int(_table(raw, "trades", where), t, where) for t in _table(raw, "trades", where)}
    objectives = tuple(
        _objective(o, phrase("{where}, objective {number}", where=where, number=i))
        for i, o in enumerate(_list(raw, "objectives", where), start=1)
    )
    return PlayerSheet(
        name=name,
        coins=_int(raw, "coins", where),
        trades=trades,
        objectives=objectives,
        spaces=_int(raw, "spaces", where),
        islands=_int(raw, "islands", where),
        objective_vp=_int(raw, "objective_vp", where),
        expansion_vp=_int(raw, "expansion_vp", where),
    )


def _objective(raw: Any, where: str) -> Objective:
    if not isinstance(raw, dict):
        raise RuleError(
            phrase(
                "{where}: expected a table like {example}",
                where=where,
                example="{ houses = 3, vp = 3 }",
            )
        )
    vp = _int(raw, "vp", where)
    for kind, keys in OBJECTIVE_SHAPES.items():
        if kind in raw:
            _keys(raw, keys, where)
            if kind == "houses":
                return Objective("houses", vp, at_least=_int(raw, "houses", where))
            if kind == "islands":
                return Objective("islands", vp, at_least=_int(raw, "islands", where))
            if kind == "place":
                return Objective("place", vp, place=_str(raw, "place", where))
            at_least = _int(raw, "at_least", where)
            if kind == "trade":
                return Objective("trade", vp, at_least, (_str(raw, "trade", where),))
            named = tuple(_str_item(t, where) for t in _list(raw, "trades", where))
            return Objective("trades", vp, at_least, named)
    _keys(raw, {"vp"}, where)
    return Objective("vp", vp)


def _space(raw: Any, number: int) -> Space:
    if not isinstance(raw, dict):
        raise RuleError(
            phrase("{where}: expected a [[space]] table", where=space_where(str(number)))
        )
    name = _str(raw, "name", space_where(str(number)))
    where = space_where(name or str(number))
    if not name:
        raise RuleError(phrase("{where}: give the space a name", where=where))
    _keys(raw, SPACE_KEYS, where)
    pieces: dict[str, Pieces] = {}
    for player, table in _table(raw, "pieces", where).items():
        if not isinstance(table, dict):
            raise RuleError(
                phrase(
                    "{where}: {player}'s pieces are a table, like {example}",
                    where=where,
                    player=player,
                    example="{ people = 2 }",
                )
            )
        who = phrase("{where}, {player}", where=where, player=player)
        _keys(table, PIECE_KEYS, who)
        pieces[player] = Pieces(
            people=_int(table, "people", who),
            boats=_int(table, "boats", who),
            houses=_int(table, "houses", who),
            tower=_bool(table, "tower", who),
        )
    return Space(
        name=name,
        island=_str(raw, "island", where),
        sea=_bool(raw, "sea", where),
        landmark=_str(raw, "landmark", where),
        mountain=_bool(raw, "mountain", where),
        shrines=_int(raw, "shrines", where),
        serpents=_int(raw, "serpents", where),
        trade_token=_str(raw, "trade_token", where),
        lava=_int(raw, "lava", where),
        pieces=pieces,
    )


def _keys(table: dict[str, Any], allowed: set[str], where: str) -> None:
    unknown = sorted(set(table) - allowed)
    if unknown:
        raise RuleError(
            phrase(
                "{where}: unknown key {key} (allowed: {allowed})",
                where=where,
                key=repr(unknown[0]),
                allowed=", ".join(sorted(allowed)),
            )
        )


def _int(table: dict[str, Any], key: str, where: str) -> int:
    return _int_item(table.get(key, 0), phrase("{where}: {key}", where=where, key=key))


def _int_item(value: Any, where: str) -> int:
    if type(value) is not int:
        raise RuleError(
            phrase("{where} must be a whole number, not {value}", where=where, value=repr(value))
        )
    return value


def _bool(table: dict[str, Any], key: str, where: str) -> bool:
    value = table.get(key, False)
    if type(value) is not bool:
        raise RuleError(
            phrase(
                "{where}: {key} must be true or false, not {value}",
                where=where,
                key=key,
                value=repr(value),
            )
        )
    return value


def _str(table: dict[str, Any], key: str, where: str) -> str:
    return _str_item(table.get(key, ""), phrase("{where}: {key}", where=where, key=key))


def _str_item(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise RuleError(phrase("{where} must be text, not {value}", where=where, value=repr(value)))
    return value.strip()


def _table(table: dict[str, Any], key: str, where: str) -> dict[str, Any]:
    value = table.get(key, {})
    if not isinstance(value, dict):
        raise RuleError(
            phrase(
                "{where}: {key} must be a table, like {example}",
                where=where,
                key=key,
                example="{ cooking = 6 }",
            )
        )
    return value


def _list(table: dict[str, Any], key: str, where: str) -> list[Any]:
    value = table.get(key, [])
    if not isinstance(value, list):
        raise RuleError(phrase("{where}: {key} must be a list", where=where, key=key))
    return value
