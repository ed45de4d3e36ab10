"""A saved game as the documents a player takes away: JSON for programs (docs/json.md), CSV for a
spreadsheet, Markdown to paste anywhere. The same words as on screen, control characters made
visible in the text formats (`companion.text.visible`); a CSV text cell never starts a formula
(`csv_text`, numbers stay numbers); in Markdown every text is inert (`markdown_text`: a title
`<img src=x onerror=...>` or `[t](javascript:...)` shows as typed, never as HTML or a link, and a
table cell stays one cell); JSON keeps the exact text with its own escapes."""

from __future__ import annotations

import csv
import io
from dataclasses import asdict
from typing import Any

from companion.core import Score
from companion.text import csv_text, markdown_text
from saves.games.store import SavedGame


def game_json(saved: SavedGame) -> dict[str, Any]:
    """A saved game as JSON (docs/json.md): its identity, what it waits for, the game's own
    description, the log and any score (winners are the game's to report, once it is over)."""
    state = saved.session.state
    waiting = saved.game.waiting_for(state)
    data: dict[str, Any] = {
        "id": saved.id,
        "title": saved.title,
        "game": saved.game.id,
        "rules": saved.session.rules,
        "updated": saved.updated.isoformat(),
        "status": saved.status,
        "waiting_for": None if waiting is None else asdict(waiting),
        **saved.game.describe(state),
        "history": saved.session.history,
    }
    score = explained_score(saved)
    if score is not None:
        data["score"] = score_json(score)
    if saved.game.explain is not None:
        result = saved.game.explain(state)
        data["explanation"] = {"outcome": result.outcome, "why": list(result.why)}
    return data


def explained_score(saved: SavedGame) -> Score | None:
    """The game's score, or None for a game without one (or a failed mission, which has none)."""
    if saved.game.score is None:
        return None
    score = saved.game.score(saved.session.state)
    return score if score.totals else None


def score_json(score: Score) -> dict[str, Any]:
    """A score as plain data: totals, the direction, every reason."""
    return {
        "totals": dict(score.totals),
        "lower_is_better": score.lower_is_better,
        "lines": [
            {"player": line.player, "points": line.points, "reason": line.reason}
            for line in score.lines
        ],
    }


CSV_COLUMNS = ["part", "step", "player", "points", "text"]
"""One table a spreadsheet reads whole: `part` says whether a row is a `log` step (its number
and what happened), a `score` line (player, points, reason) or the `result` in words."""


def export_csv(saved: SavedGame) -> str:
    """The log, the score and the result in words as the rows of one CSV table."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for number, line in enumerate(saved.session.history, start=1):
        writer.writerow(["log", number, "", "", csv_text(line)])
    score = explained_score(saved)
    if score is not None:
        for s in score.lines:
            writer.writerow(["score", "", csv_text(s.player), s.points, csv_text(s.reason)])
    if saved.game.explain is not None:
        result = saved.game.explain(saved.session.state)
        for words in (result.outcome, *result.why):
            writer.writerow(["result", "", "", "", csv_text(words)])
    return out.getvalue()


def export_markdown(saved: SavedGame) -> str:
    """The log, the score and the result in words as a Markdown page."""
    state, md = saved.session.state, markdown_text
    lines = [f"# {md(saved.title)}", "", f"{md(saved.game.title)}, {saved.status}.", ""]
    lines += [md(saved.game.summary(state)), "", "## Log", ""]
    lines += [f"{n}. {md(line)}" for n, line in enumerate(saved.session.history, start=1)]
    score = explained_score(saved)
    if score is not None:
        lines += ["", "## Score", "", "| Player | Points | Reason |", "| --- | --- | --- |"]
        lines += [f"| {md(s.player)} | {s.points:+d} | {md(s.reason)} |" for s in score.lines]
        lines += ["", "| Player | Total |", "| --- | --- |"]
        lines += [f"| {md(name)} | {total} |" for name, total in score.totals.items()]
        if len(score.totals) > 1:  # a group playing together (Cavendish) has nobody to beat
            lines += ["", f"Winner: {md(', '.join(score.winners)) or 'none'}"]
    if saved.game.explain is not None:
        result = saved.game.explain(state)
        lines += ["", "## Result", "", f"{md(result.outcome)}."]
        lines += [f"- {md(why)}" for why in result.why]
    return "\n".join(lines) + "\n"
