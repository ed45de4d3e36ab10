"""The `companion` command: the one place where the rules, the saves and the app are wired together.

Errors print one line on stderr and exit with code 2; nothing is written on error.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import random
import sys
import tomllib
from collections.abc import Callable, Sequence
from typing import Any

from companion import __version__, dice
from companion.core import Score
from companion.dice import DiceError, Roll
from companion.registry import CATALOGUE
from companion.stats import Filter
from saves.files import SaveError
from saves.paths import data_home, locations
from saves.plays import plays_output, stats_output
from saves.store import SavedGame, SaveStore

EXIT_USAGE = 2


class CommandError(Exception):
    """A problem to print as one line on stderr before exiting with code 2."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Callable[[argparse.Namespace], int] = getattr(args, "handler", run_app)
    try:
        return handler(args)
    except (CommandError, SaveError, DiceError) as error:
        print(f"companion: {error}", file=sys.stderr)
        return EXIT_USAGE


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion", description="A table companion for four time-travel board games."
    )
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")

    new = commands.add_parser("new", help="start the app in a new game's setup")
    new.add_argument("game", choices=[game_id for game_id, _ in CATALOGUE])
    new.set_defaults(handler=run_new)

    resume = commands.add_parser("resume", help="open the newest (or the given) saved game")
    resume.add_argument("id", nargs="?")
    resume.set_defaults(handler=run_resume)

    roll = commands.add_parser("roll", help="roll dice: d%%, d100, d6, 2d6+1, 4d6 ...")
    roll.add_argument("expression")
    roll.add_argument("--seed", type=int, help="seed for a repeatable roll")
    roll.add_argument("-n", type=int, default=None, dest="count", help="roll this many times")
    roll.add_argument("--json", action="store_true", help="print JSON")
    roll.set_defaults(handler=run_roll)

    listing = commands.add_parser("list", help="list saved games")
    listing.add_argument("--json", action="store_true")
    listing.set_defaults(handler=run_list)

    show = commands.add_parser("show", help="show one saved game")
    show.add_argument("id")
    show.add_argument("--json", action="store_true")
    show.set_defaults(handler=run_show)

    export = commands.add_parser("export", help="print a saved game's log and score")
    export.add_argument("id")
    export.add_argument("--format", choices=["md", "csv", "json"], default="md")
    export.set_defaults(handler=run_export)

    scoring = commands.add_parser("score", help="end-of-game scores from a board file")
    scoring.add_argument("game", choices=["six-sojourns"])
    scoring.add_argument("file")
    scoring.add_argument("--json", action="store_true", help="print JSON")
    scoring.set_defaults(handler=run_score)

    locate = commands.add_parser("locate", help="print where the companion keeps its files")
    locate.set_defaults(handler=run_locate)

    stats = commands.add_parser("stats", help="plays, wins and scores across every saved game")
    stats.add_argument("--game", choices=[game_id for game_id, _ in CATALOGUE])
    stats.add_argument("--player", help="only the plays of this player")
    stats.add_argument("--json", action="store_true", help="print JSON")
    stats.set_defaults(handler=run_stats)

    plays = commands.add_parser("plays", help="every finished play, one row per player")
    plays.add_argument("--format", choices=["csv", "json"], default="csv")
    plays.set_defaults(handler=run_plays)
    return parser


def run_app(args: argparse.Namespace, start: Any = None) -> int:
    from widgets.app import make_app

    make_app(start=start).run()
    return 0


def run_new(args: argparse.Namespace) -> int:
    game_id: str = args.game
    return run_app(args, start=lambda app: app.new_game(game_id))


def run_resume(args: argparse.Namespace) -> int:
    store = SaveStore(data_home())
    save_id: str | None = args.id
    if save_id is None:
        entries, _unreadable = store.listing()
        if not entries:
            raise CommandError("there is no saved game to resume")
        save_id = entries[0].id
    store.load(save_id)  # refuse an unreadable file here, with its reason, before the app starts
    chosen = save_id
    return run_app(args, start=lambda app: app.open_saved(chosen))


def run_roll(args: argparse.Namespace) -> int:
    if args.count is not None and not 1 <= args.count <= 1000:
        raise CommandError("-n takes a count from 1 to 1000")
    spec = dice.parse(args.expression)
    rng = random.Random(args.seed) if args.seed is not None else random.SystemRandom()
    rolls = [dice.roll(spec, rng) for _ in range(args.count or 1)]
    if args.json:
        plain = [roll_json(r) for r in rolls]
        print(json.dumps(plain if args.count is not None else plain[0]))
    else:
        for r in rolls:
            faces = " ".join(str(face) for face in r.faces)
            print(f"{r.expression}: {r.total}  [{faces}]")
    return 0


def roll_json(roll: Roll) -> dict[str, Any]:
    return {
        "expression": roll.expression,
        "faces": list(roll.faces),
        "total": roll.total,
        "source": roll.source,
    }


def run_list(args: argparse.Namespace) -> int:
    entries, unreadable = SaveStore(data_home()).listing()
    if args.json:
        games = [
            {
                "id": e.id,
                "title": e.title,
                "game": e.game_id,
                "updated": e.updated.isoformat(),
                "summary": e.summary,
                "status": e.status,
            }
            for e in entries
        ]
        bad = [{"path": str(u.path), "reason": u.reason} for u in unreadable]
        print(json.dumps({"games": games, "unreadable": bad}, indent=2))
        return 0
    if not entries and not unreadable:
        print("No saved games.")
    for e in entries:
        print(f"{e.id}  {e.game_title}  {e.title}  [{e.status}]  {e.summary}")
    for u in unreadable:
        print(f"UNREADABLE  {u.path}: {u.reason}")
    return 0


def run_show(args: argparse.Namespace) -> int:
    saved = SaveStore(data_home()).load(args.id)
    if args.json:
        print(json.dumps(game_json(saved), indent=2))
        return 0
    state = saved.session.state
    print(f"{saved.title} ({saved.game.title}), {saved.status}")
    print(saved.game.summary(state))
    for number, line in enumerate(saved.session.history, start=1):
        print(f"{number:>4}. {line}")
    return 0


def game_json(saved: SavedGame) -> dict[str, Any]:
    """A saved game as JSON: its identity, the game's own description, the log and any score."""
    state = saved.session.state
    data: dict[str, Any] = {
        "id": saved.id,
        "title": saved.title,
        "game": saved.game.id,
        "updated": saved.updated.isoformat(),
        "status": saved.status,
        **saved.game.describe(state),
        "history": saved.session.history,
    }
    if saved.game.score is not None:
        data["score"] = score_json(saved.game.score(state))
    return data


def score_json(score: Score) -> dict[str, Any]:
    return {
        "totals": dict(score.totals),
        "winners": list(score.winners),
        "lower_is_better": score.lower_is_better,
        "lines": [
            {"player": line.player, "points": line.points, "reason": line.reason}
            for line in score.lines
        ],
    }


def run_export(args: argparse.Namespace) -> int:
    saved = SaveStore(data_home()).load(args.id)
    if args.format == "json":
        print(json.dumps(game_json(saved), indent=2))
    elif args.format == "csv":
        print(export_csv(saved), end="")
    else:
        print(export_markdown(saved), end="")
    return 0


def export_csv(saved: SavedGame) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["step", "what happened"])
    for number, line in enumerate(saved.session.history, start=1):
        writer.writerow([number, line])
    if saved.game.score is not None:
        writer.writerow([])
        writer.writerow(["player", "points", "reason"])
        for score_line in saved.game.score(saved.session.state).lines:
            writer.writerow([score_line.player, score_line.points, score_line.reason])
    return out.getvalue()


def export_markdown(saved: SavedGame) -> str:
    state = saved.session.state
    lines = [f"# {saved.title}", "", f"{saved.game.title}, {saved.status}.", ""]
    lines += [saved.game.summary(state), "", "## Log", ""]
    lines += [f"{n}. {line}" for n, line in enumerate(saved.session.history, start=1)]
    if saved.game.score is not None:
        score = saved.game.score(state)
        lines += ["", "## Score", "", "| Player | Points | Reason |", "| --- | --- | --- |"]
        lines += [f"| {s.player} | {s.points:+d} | {s.reason} |" for s in score.lines]
        lines += ["", "| Player | Total |", "| --- | --- |"]
        lines += [f"| {player} | {total} |" for player, total in score.totals.items()]
        lines += ["", f"Winner: {', '.join(score.winners) or 'none'}"]
    return "\n".join(lines) + "\n"


def run_score(args: argparse.Namespace) -> int:
    """Score a Six Sojourns board (or score pad) file with the thresholds kept in settings."""
    from companion.core import RuleError
    from companion.six_sojourns.file import sheet_from_plain
    from companion.six_sojourns.model import DEFAULT_THRESHOLDS, Thresholds
    from companion.six_sojourns.report import score_json, score_text
    from saves.settings import SettingsStore

    try:
        with open(args.file, "rb") as handle:
            data = tomllib.load(handle)
    except OSError as error:
        raise CommandError(f"{args.file}: cannot read ({error.strerror or error})") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise CommandError(f"{args.file}: not valid TOML ({error})") from None
    try:
        sheet = sheet_from_plain(data)
    except RuleError as error:
        raise CommandError(f"{args.file}: {error}") from None
    settings = SettingsStore(data_home())
    thresholds = settings.remembered("six-sojourns-thresholds", Thresholds, DEFAULT_THRESHOLDS)
    print(score_json(sheet, thresholds) if args.json else score_text(sheet, thresholds), end="")
    if args.json:
        print()
    return 0


def run_locate(args: argparse.Namespace) -> int:
    for name, path in locations(data_home()).items():
        print(f"{name:<9} {path}")
    return 0


def run_stats(args: argparse.Namespace) -> int:
    keep = Filter(game=args.game, player=args.player)
    print(stats_output(data_home(), keep, args.json), end="")
    return 0


def run_plays(args: argparse.Namespace) -> int:
    print(plays_output(data_home(), args.format), end="")
    return 0
