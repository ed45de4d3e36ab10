"""Six Sojourns scores as text: the `companion score` output and the sheet's exports.

Pure string building from a sheet and its score; the CLI prints it, the app writes it to a file.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from typing import Any

from companion.core import Score
from companion.phrases import Phrase, phrase
from companion.six_sojourns.model import Sheet, Thresholds
from companion.six_sojourns.scoring import score, shown_categories, standings
from companion.six_sojourns.verdict import each_and, explain_ranking

Say = Callable[[str], str]
"""How a word is shown: `str` (English, the default: files and `--json`) or `lang.tr`."""
CATEGORY_WORDS: dict[str, Phrase] = {
    "spaces": phrase("spaces"),
    "islands": phrase("islands"),
    "trades": phrase("trades"),
    "objectives": phrase("objectives"),
    "serpents": phrase("serpents"),
    "shrines": phrase("shrines"),
    "mountains": phrase("mountains"),
    "feuds": phrase("feuds"),
    "expansions": phrase("expansions"),
}
"""A category of the score as a table's heading names it."""


def why_lines(sheet: Sheet, result: Score) -> tuple[str, ...]:
    """Who wins and why, the coin tie-break included, as the result screen says it."""
    explained = explain_ranking(result.totals, {p.name: p.coins for p in sheet.players}, True)
    return (phrase("{outcome}.", outcome=explained.outcome), *explained.why)


def score_data(sheet: Sheet, thresholds: Thresholds) -> dict[str, Any]:
    """The JSON of `companion score six-sojourns FILE --json`."""
    result = score(sheet, thresholds)
    players = [
        {
            "name": s.name,
            "total": s.total,
            "coins": s.coins,
            "rank": s.rank,
            "breakdown": s.breakdown,
        }
        for s in standings(sheet, result)
    ]
    return {
        "players": players,
        "winners": list(result.winners),
        "why": [str(line) for line in why_lines(sheet, result)],
    }


def score_json(sheet: Sheet, thresholds: Thresholds) -> str:
    return json.dumps(score_data(sheet, thresholds), indent=2)


def _table_rows(sheet: Sheet, result: Score, say: Say) -> tuple[list[str], list[list[str]]]:
    table = standings(sheet, result)
    categories = shown_categories(sheet, table)
    header = [
        say(phrase("Rank")),
        say(phrase("Player")),
        *(say(CATEGORY_WORDS.get(c, c)) for c in categories),
        say(phrase("Total")),
        say(phrase("Coins")),
    ]
    rows = [
        [
            str(s.rank),
            s.name,
            *(str(s.breakdown[c]) for c in categories),
            str(s.total),
            str(s.coins),
        ]
        for s in sorted(table, key=lambda s: s.rank)
    ]
    return header, rows


TEXT_WIDTH = 80
"""The columns of a terminal the plain score table fits in."""


def _aligned(rows: list[list[str]], left: int) -> list[str]:
    """The rows as lines of columns two spaces apart, column `left` to the left, numbers right."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [
        "  ".join(
            cell.ljust(width) if i == left else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    ]


def _reason(player: str, points: int, reason: str, say: Say) -> str:
    """A point's line: "Ana +1 island North: 3 spaces vs 2"."""
    return f"{player} {points:+d} {say(reason)}"


def _winner(result: Score, say: Say) -> str:
    return say(phrase("Winner: {players}", players=each_and(result.winners)))


def score_text(sheet: Sheet, thresholds: Thresholds, say: Say = str) -> str:
    """The plain score table with every reason under it ("Ana +1 island North: 3 spaces vs 2"):
    a row per player, or, when that is wider than a terminal, a column per player as on the
    score pad."""
    result = score(sheet, thresholds)
    header, rows = _table_rows(sheet, result, say)
    out = _aligned([header, *rows], left=1)
    if max(map(len, out)) > TEXT_WIDTH:
        by_player = [header[1:2] + [row[1] for row in rows], header[:1] + [row[0] for row in rows]]
        by_player += [[label] + [row[i] for row in rows] for i, label in enumerate(header) if i > 1]
        out = _aligned(by_player, left=0)
    out.append("")
    out += [_reason(line.player, line.points, line.reason, say) for line in result.lines]
    out.append("")
    out.append(_winner(result, say))
    out += [say(line) for line in why_lines(sheet, result)]
    return "\n".join(out) + "\n"


def sheet_markdown(sheet: Sheet, thresholds: Thresholds, title: str, say: Say = str) -> str:
    """The scored sheet as Markdown: the table, then the reasons."""
    result = score(sheet, thresholds)
    header, rows = _table_rows(sheet, result, say)
    out = [f"# {title}", "", "| " + " | ".join(header) + " |", "|" + " --- |" * len(header)]
    out += ["| " + " | ".join(row) + " |" for row in rows]
    reasons = say(phrase("Reasons"))
    out += ["", f"## {reasons}", ""]
    out += [f"- {_reason(line.player, line.points, line.reason, say)}" for line in result.lines]
    out += ["", _winner(result, say), ""]
    out += [f"- {say(line)}" for line in why_lines(sheet, result)]
    return "\n".join(out) + "\n"


def sheet_csv(sheet: Sheet, thresholds: Thresholds, say: Say = str) -> str:
    """The scored sheet as CSV: the table, a blank row, then player/points/reason rows."""
    result = score(sheet, thresholds)
    header, rows = _table_rows(sheet, result, say)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    writer.writerow([])
    # TRANSLATORS: the headings of the reasons' columns in a CSV export of the sheet
    writer.writerow([say(phrase("player")), say(phrase("points")), say(phrase("reason"))])
    writer.writerows([line.player, line.points, say(line.reason)] for line in result.lines)
    writer.writerow([])
    writer.writerow([say(phrase("result"))])
    writer.writerows([say(line)] for line in why_lines(sheet, result))
    return buffer.getvalue()


def sheet_json(sheet: Sheet, thresholds: Thresholds) -> str:
    """The scored sheet as JSON: the `companion score --json` shape plus every reason."""
    data = score_data(sheet, thresholds)
    data["reasons"] = [
        {"player": line.player, "points": line.points, "reason": str(line.reason)}
        for line in score(sheet, thresholds).lines
    ]
    return json.dumps(data, indent=2) + "\n"
