"""What `companion stats` and `companion plays --format csv|json` print, from the games and the
recorded plays in the data folder."""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

from companion.history.plays import Play
from companion.history.report import play_rows, rows_csv, stats_text, with_colours
from companion.history.stats import Filter, identity, select
from companion.registry import catalogue
from companion.text import visible
from lang import t, tn, tr
from saves.games.store import SaveStore
from saves.history.plays import aliases, gather, stats_data, time_zone
from saves.listing.cache import UnreadableSave
from saves.paths import recorded_dir
from saves.shared.roster import player_colours
from saves.shared.settings import SettingsStore

REASONS_SHOWN = 3
"""The reasons a line about a file's left-out lines quotes; the rest are counted."""


class NoFigures(Exception):
    """Statistics asked of plays there are none of; the message says why (for one line)."""


def check_filter(plays: list[Play], keep: Filter, titles: dict[str, str]) -> None:
    """`NoFigures` naming why the filter keeps no play: no saved game at all, a player no game
    knows (their name is resolved first, so a renamed name finds its player), or no play of
    that game (by that player)."""
    if not plays:
        raise NoFigures(t("no games saved yet"))
    if keep.player is not None and not any(Filter(player=keep.player).keeps(p) for p in plays):
        raise NoFigures(
            tn(  # English says "games" even for one, as it always has (scripts may match it)
                "no player called {player} in {n} saved games "
                "(`companion stats` lists the players)",
                "no player called {player} in {n} saved games "
                "(`companion stats` lists the players)",
                len(plays),
                player=repr(keep.player),
            )
        )
    if not select(plays, keep):
        game = titles.get(keep.game or "", keep.game)
        if game and keep.player:
            raise NoFigures(t("no {game} game saved with {player}", game=game, player=keep.player))
        if game:
            raise NoFigures(t("no {game} game saved", game=game))
        if keep.player:
            raise NoFigures(t("no game saved with {player}", player=keep.player))
        raise NoFigures(t("no game saved"))


def stats_output(home: Path, keep: Filter, as_json: bool) -> str:
    """What `companion stats` prints, from the games in `home`: in JSON, each player with a
    colour carries it (`"colour": "red"`). `NoFigures` when there are saved games but the
    filter keeps none of them (the message says why)."""
    settings = SettingsStore(home)
    plays, unreadable = gather(SaveStore(home), settings)
    say_left_out(home, unreadable)
    if keep.player is not None:
        keep = replace(keep, player=identity(keep.player, aliases(settings)))
    keep = replace(keep, zone=time_zone(settings)[0])
    titles = dict(catalogue())
    if plays:
        check_filter(plays, keep, titles)  # NoFigures: the filter keeps no play, and why
    elif not as_json:
        return t("No games saved yet.") + "\n"
    data = stats_data(plays, keep)
    if as_json:
        return json.dumps(with_colours(data, player_colours(settings).chosen), indent=2) + "\n"
    return tr(stats_text(data, titles))


def plays_output(home: Path, form: str) -> str:
    """What `companion plays --format csv|json` prints: one row per player per finished play."""
    settings = SettingsStore(home)
    plays, unreadable = gather(SaveStore(home), settings)
    say_left_out(home, unreadable)
    rows = play_rows(plays, dict(catalogue()), time_zone(settings)[0])
    return rows_csv(rows) if form == "csv" else json.dumps(rows, indent=2) + "\n"


def left_out(home: Path, unreadable: list[UnreadableSave]) -> list[str]:
    """One line per file of recorded plays whose plays the figures leave out: an import's file
    says how many of its lines and why (the first reasons, with their lines); a recorded play's
    own file says why. A saved game that cannot be read is `companion list`'s to say."""
    folder = recorded_dir(home)
    reasons: dict[Path, list[str]] = {}
    for problem in unreadable:
        if problem.path.parent == folder:
            reasons.setdefault(problem.path, []).append(problem.reason)
    lines = []
    for path, why in reasons.items():
        if path.suffix != ".jsonl" or not _one_play(why[0]):  # the whole file
            lines.append(t("left out {path}: {reason}", path=str(path), reason=why[0]))
            continue
        shown = "; ".join(tr(reason) for reason in why[:REASONS_SHOWN])
        if len(why) > REASONS_SHOWN:
            more = len(why) - REASONS_SHOWN
            shown = tn("{reasons}; and {n} more", "{reasons}; and {n} more", more, reasons=shown)
        lines.append(
            tn(
                "left out {n} line of {path}: {reasons}",
                "left out {n} lines of {path}: {reasons}",
                len(why),
                path=str(path),
                reasons=shown,
            )
        )
    return lines


def _one_play(reason: str) -> bool:
    """Whether an import file's problem is one play's line (line 2 on; line 1 says what the
    file is)."""
    number = reason.removeprefix("line ").partition(":")[0]
    return reason.startswith("line ") and number.isdigit() and int(number) > 1


def say_left_out(home: Path, unreadable: list[UnreadableSave]) -> None:
    """`left_out`'s lines on stderr (the figures or rows on stdout stay whole)."""
    for line in left_out(home, unreadable):
        print(f"companion: {visible(line)}", file=sys.stderr)
