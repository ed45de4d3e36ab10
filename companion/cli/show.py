"""What `companion list` and `companion show` print: text made safe for a terminal, or JSON."""

from __future__ import annotations

from typing import Any

from companion.text import visible
from lang import t, tr
from saves.games.store import SavedGame
from saves.listing.cache import SaveEntry, UnreadableSave


def listing_json(entries: list[SaveEntry], unreadable: list[UnreadableSave]) -> dict[str, Any]:
    """`companion list --json`: every readable game, then every unreadable file with why."""
    games = [
        {
            "id": e.id,
            "title": e.title,
            "game": e.game_id,
            "updated": e.updated.isoformat(),
            "summary": e.summary,
            "status": e.status,
            "waiting_for": e.waiting_for or None,
        }
        for e in entries
    ]
    bad = [{"path": str(u.path), "reason": u.reason} for u in unreadable]
    return {"games": games, "unreadable": bad}


def listing_lines(entries: list[SaveEntry], unreadable: list[UnreadableSave]) -> list[str]:
    """`companion list`: a line per game, then a line per unreadable file, control characters
    made visible (a title's newline never splits its line)."""
    if not entries and not unreadable:
        return [t("No saved games.")]
    return [
        *(
            visible(
                f"{e.id}  {e.game_title}  {e.title}  [{status_word(e.status)}]  {tr(e.summary)}"
            )
            for e in entries
        ),
        *(
            visible(t("UNREADABLE  {path}: {reason}", path=str(u.path), reason=u.reason))
            for u in unreadable
        ),
    ]


def status_word(status: str) -> str:
    """A game's status (an id in the save: `playing`, `won`) in the reader's words; a status
    a plug-in made up is shown as it is."""
    words = {
        "playing": t("playing"),
        "finished": t("finished"),
        "won": t("won"),
        "lost": t("lost"),
        "failed": t("failed"),
    }
    return words.get(status, status)


def show_lines(saved: SavedGame) -> list[str]:
    """`companion show`: the title and state, what the game waits for, then the numbered log,
    control characters made visible (only the state's summary keeps its line breaks)."""
    state = saved.session.state
    lines = [
        visible(f"{saved.title} ({saved.game.title}), {status_word(saved.status)}"),
        visible(tr(saved.game.summary(state)), lines=True),
    ]
    waiting = saved.game.waiting_for(state)
    if waiting is not None:
        lines.append(visible(t("Waiting for {what}", what=waiting.text)))
    history = enumerate(saved.session.history, start=1)
    lines.extend(visible(f"{number:>4}. {tr(line)}") for number, line in history)
    return lines
