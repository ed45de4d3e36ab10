"""Six Sojourns short text entries: what players type in a cell of the sheet or the board grid.

`2p 1b 1h T` (pieces), `North` or `sea` (where), `mountain, shrines 1, token cooking` (marks),
`houses 3 = 3` (objectives), `5/9` (thresholds). Each parser raises `RuleError` with an example.
"""

from __future__ import annotations

import re
from dataclasses import replace

from companion.core import RuleError
from companion.phrases import phrase
from companion.six_sojourns.model import TRADES, Objective, Pieces, Space, Threshold

_PIECE = re.compile(r"(\d+)\s*([pbh])|(t)\b", re.IGNORECASE)


def parse_pieces(text: str) -> Pieces:
    """`2p 1b 1h T`: people, boats, houses and a tower; empty text clears the cell."""
    cleaned = text.strip().lower()
    counts = {"p": 0, "b": 0, "h": 0}
    tower = False
    position = 0
    for match in _PIECE.finditer(cleaned):
        if cleaned[position : match.start()].strip(" ,"):
            break
        if match.group(3):
            tower = True
        else:
            counts[match.group(2).lower()] += int(match.group(1))
        position = match.end()
    if cleaned[position:].strip(" ,"):
        raise RuleError(
            phrase(
                "Cannot read {text}: write pieces like 2p 1b 1h T "
                "(p people, b boats, h houses, T tower).",
                text=repr(text),
            )
        )
    return Pieces(people=counts["p"], boats=counts["b"], houses=counts["h"], tower=tower)


def pieces_text(pieces: Pieces | None) -> str:
    """The cell text of a player's pieces (the inverse of `parse_pieces`)."""
    if pieces is None:
        return ""
    bits = [
        f"{n}{k}" for n, k in ((pieces.people, "p"), (pieces.boats, "b"), (pieces.houses, "h")) if n
    ]
    return " ".join(bits + ["T"] * pieces.tower)


def parse_new_space(text: str) -> Space:
    """`A1 North` or `S3 sea`: a new space's name and where it is."""
    parts = text.split(maxsplit=1)
    if len(parts) != 2:
        raise RuleError(
            phrase("Write the space's name then its island or sea, like 'A1 North' or 'S3 sea'.")
        )
    return with_where(Space(parts[0]), parts[1])


def with_where(space: Space, text: str) -> Space:
    """The space on the island named by `text`, or at sea when `text` is `sea`."""
    where = text.strip()
    if not where:
        raise RuleError(phrase("A land space is on an island: name the island, or write sea."))
    if where.lower() == "sea":
        return replace(space, island="", sea=True)
    return replace(space, island=where, sea=False)


def where_text(space: Space) -> str:
    return "sea" if space.sea else space.island


MARK_HELP = phrase(
    "like: landmark Lighthouse, mountain, shrines 1, serpents 2, token cooking, lava 1"
)


def parse_marks(space: Space, text: str) -> Space:
    """The space with the marks written in `text` (anything not written is cleared)."""
    landmark, token = "", ""
    mountain = False
    counts = {"shrines": 0, "serpents": 0, "lava": 0}
    for item in filter(None, (part.strip() for part in text.split(","))):
        word, _, rest = item.partition(" ")
        word, rest = word.lower(), rest.strip()
        if word == "landmark" and rest:
            landmark = rest
        elif word == "mountain" and not rest:
            mountain = True
        elif word in counts and rest.isdigit():
            counts[word] = int(rest)
        elif word == "token" and rest in TRADES:
            token = rest
        else:
            raise RuleError(
                phrase("Cannot read {text}: write marks {how}.", text=repr(item), how=MARK_HELP)
            )
    return replace(
        space,
        landmark=landmark,
        mountain=mountain,
        shrines=counts["shrines"],
        serpents=counts["serpents"],
        trade_token=token,
        lava=counts["lava"],
    )


def marks_text(space: Space) -> str:
    """The cell text of a space's marks (the inverse of `parse_marks`)."""
    parts = [f"landmark {space.landmark}"] * bool(space.landmark)
    parts += ["mountain"] * space.mountain
    parts += [
        f"{k} {v}" for k, v in (("shrines", space.shrines), ("serpents", space.serpents)) if v
    ]
    parts += [f"token {space.trade_token}"] * bool(space.trade_token)
    parts += [f"lava {space.lava}"] * bool(space.lava)
    return ", ".join(parts)


OBJECTIVE_HELP = phrase(
    "one per line: 'houses 3 = 3', 'cooking 7 = 3', 'sewing+shoe-making 7 = 4', "
    "'place Lighthouse = 3', 'islands 2 = 3', 'vp 2'"
)


def parse_objective(text: str) -> Objective:
    """One objective card: `houses 3 = 3`, `cooking 7 = 3`, `place Lighthouse = 3`, `vp 2` ..."""
    line = text.strip()
    plain = re.fullmatch(r"vp\s+(\d+)", line, re.IGNORECASE)
    if plain:
        return Objective("vp", int(plain.group(1)))
    condition, equals, vp_text = line.rpartition("=")
    unread = phrase(
        "Cannot read {text}: write objectives {how}.", text=repr(line), how=OBJECTIVE_HELP
    )
    if not equals or not vp_text.strip().isdigit():
        raise RuleError(unread)
    vp = int(vp_text)
    word, _, rest = condition.strip().partition(" ")
    rest = rest.strip()
    if word.lower() == "place" and rest:
        return Objective("place", vp, place=rest)
    if not rest.isdigit():
        raise RuleError(unread)
    count = int(rest)
    if word.lower() in ("houses", "islands"):
        return Objective("houses" if word.lower() == "houses" else "islands", vp, at_least=count)
    trades = tuple(t.strip().lower() for t in word.split("+"))
    for trade in trades:
        if trade not in TRADES:
            raise RuleError(
                phrase(
                    "{trade} is not a trade ({trades}).",
                    trade=repr(trade),
                    trades=", ".join(TRADES),
                )
            )
    return Objective("trades" if len(trades) > 1 else "trade", vp, count, trades)


def objective_line(objective: Objective) -> str:
    """The typed form of an objective (the inverse of `parse_objective`)."""
    match objective.kind:
        case "houses" | "islands":
            return f"{objective.kind} {objective.at_least} = {objective.vp}"
        case "trade" | "trades":
            return f"{'+'.join(objective.trades)} {objective.at_least} = {objective.vp}"
        case "place":
            return f"place {objective.place} = {objective.vp}"
        case _:
            return f"vp {objective.vp}"


def parse_objectives(text: str) -> tuple[Objective, ...]:
    return tuple(parse_objective(line) for line in text.splitlines() if line.strip())


def parse_threshold(text: str) -> Threshold:
    """`5/9`: icons for 4 VP, then for 7 VP."""
    match = re.fullmatch(r"\s*(\d+)\s*/\s*(\d+)\s*", text)
    if not match:
        raise RuleError(
            phrase("Cannot read {text}: write the two thresholds like 5/9.", text=repr(text))
        )
    return Threshold(int(match.group(1)), int(match.group(2)))


def parse_upgrade(text: str) -> tuple[str, int]:
    """`cooking +2`: a trade and an upgrade token's printed value."""
    match = re.fullmatch(r"\s*([a-z-]+)\s+([+-]?\d+)\s*", text.lower())
    if not match or match.group(1) not in TRADES:
        raise RuleError(
            phrase(
                "Cannot read {text}: write a trade and the token's value, like cooking +2.",
                text=repr(text),
            )
        )
    return match.group(1), int(match.group(2))
