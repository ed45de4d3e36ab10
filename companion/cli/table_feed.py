"""`python -m companion.cli.table_feed`: what the table page of `companion serve` shows, as data.

The table page (`/table`) is plain HTML made by the server, which loads nothing of the app
(webserve/table_page.py); this process reads the games for it. One runs for every table display
of a server (started by webserve/table_feed.py when the first display opens, ended with the
server): it follows the game the terminal's table display follows (the most recently played
one still in play, `followed`), reading only the records appended since its last look, four
times a second, and writes one JSON line each time what a display shows changes: the game's
table view (the `TableContent` its `GameUI.table_view` gives, the same the terminal's table view
draws) said in every language the companion speaks, so each display shows its own. It changes
no game, holds no lock, starts no app, and ends when the server closes its input.

A line: `{"game": null}` while no game is in play, else `{"game": {"id", "title", "game_title",
"ended", "push_link", "views": {code: view}}}`, a view being `{"headline", "groups": [{"title",
"figures": [{"label", "value"}], "note"}], "board_title", "board", "narrow_board"}`; the board
(Time Bastards' timelines) is its widest drawing, the narrow board its narrowest (for a phone;
empty when there is only one), each as lines of `[text, colour or null, bold, dim]` runs.
"""

from __future__ import annotations

import json
import os
import select
import signal
import sys
from pathlib import Path
from typing import Any

import lang
from lang import tr

LOOK_SECONDS = 0.25
"""How often the folder and the game's file are looked at (as the terminal's table display)."""


class Follower:
    """The game a table display shows, read from the data folder as it changes."""

    def __init__(self, home: Path) -> None:
        from saves.games.store import SaveStore

        self.store = SaveStore(home, workers=False)
        self.saved: Any = None
        self.folder_mark: Any = None
        self.problem: str | None = None

    def look(self) -> bool:
        """Follow the newest game in play; True when what a display shows may have changed."""
        from saves.files import SaveError, mark_of
        from saves.games.journal import Rewritten
        from widgets.table_view.display import followed

        mark = mark_of(self.store.folder)
        if mark is None or mark != self.folder_mark:
            self.folder_mark = mark
            entries, _unreadable = self.store.listing(with_facts=False)
            current = self.saved.id if self.saved is not None else None
            wanted = followed(entries, current)
            if wanted != current:
                return self.open(wanted)
        if self.saved is None:
            return False
        try:
            return bool(self.store.catch_up(self.saved))
        except Rewritten:
            return self.open(self.saved.id)
        except SaveError as error:
            self.report(error)
            return False

    def open(self, save_id: str | None) -> bool:
        from saves.files import SaveError

        if save_id is None:
            self.saved = None
            return True
        try:
            self.saved = self.store.load(save_id)
        except SaveError as error:  # the last state read stays on the page
            self.report(error)
            return False
        self.problem = None
        return True

    def report(self, error: Exception) -> None:
        """Why a file is not followed, once, in the server's log (in the host's language)."""
        problem = tr(error)
        if problem != self.problem:
            self.problem = problem
            print(problem, file=sys.stderr, flush=True)

    def shown(self) -> dict[str, Any]:
        """What every display shows now, in every language."""
        saved = self.saved
        if saved is None:
            return {"game": None}
        from widgets.table_view.push_code import link_of

        ended = saved.status != "playing"
        host, views = lang.current(), {}
        for code in lang.available():
            lang.use(code)
            views[code] = view_of(saved.game.id, tr(saved.game.title), saved.session.state)
        lang.use(host)
        return {
            "game": {
                "id": saved.id,
                "title": saved.title,
                "game_title": tr(saved.game.title),
                "ended": ended,
                "push_link": link_of(self.store.home, saved) if ended else None,
                "views": views,
            }
        }


def view_of(game_id: str, title: str, state: Any) -> dict[str, Any]:
    """A game's table view as data, in the language in use."""
    from widgets.table_view.view import content_for

    content = content_for(game_id, title, state)
    return {
        "headline": tr(content.headline),
        "groups": [
            {
                "title": tr(group.title),
                "figures": [
                    {"label": tr(figure.label), "value": figure.value} for figure in group.figures
                ],
                "note": tr(group.note),
            }
            for group in content.groups
        ],
        "board_title": tr(content.board_title),
        "board": runs_of(content.boards[0]) if content.boards else [],
        "narrow_board": runs_of(content.boards[-1]) if len(content.boards) > 1 else [],
    }


def runs_of(board: Any) -> list[list[list[Any]]]:
    """A drawing (Rich `Text`) as lines of runs: its text, its colour as `#rrggbb` (None: the
    page's own), bold, dim."""
    from rich.console import Console

    console = Console(color_system="truecolor", width=10_000, legacy_windows=False)
    lines = []
    for line in board.split("\n", allow_blank=True):
        runs = []
        for segment in line.render(console):
            if not segment.text or segment.control:
                continue
            style = segment.style
            colour = None
            if style is not None and style.color is not None and not style.color.is_default:
                colour = style.color.get_truecolor().hex
            bold = bool(style is not None and style.bold)
            dim = bool(style is not None and style.dim)
            runs.append([segment.text, colour, bold, dim])
        lines.append(runs)
    return lines


def server_gone(timeout: float) -> bool:
    """Wait up to `timeout` seconds; True once the server closed this process's input."""
    readable, _, _ = select.select([sys.stdin], [], [], timeout)
    return bool(readable) and not os.read(sys.stdin.fileno(), 4096)


def main() -> int:
    from companion import points
    from companion.cli import entry_points
    from saves.paths import data_home

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C on `serve`: the server ends it
    lang.use(lang.choose(None, None, None, os.environ))  # what it prints: the host's language
    points.find_with(entry_points)
    follower = Follower(data_home())
    said = ""
    while True:
        if follower.look() or not said:
            line = json.dumps(follower.shown(), ensure_ascii=False, separators=(",", ":"))
            if line != said:
                said = line
                sys.stdout.write(line + "\n")
                sys.stdout.flush()
        if server_gone(LOOK_SECONDS):
            return 0


if __name__ == "__main__":
    try:
        raise SystemExit(main())
    except BrokenPipeError:  # the server went first: nothing to say
        raise SystemExit(0) from None
