"""The `companion` command: the one place where the rules, the saves and the app are wired together.

Errors print one line on stderr and exit with code 2; nothing is written on error.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from companion import __version__, dice, fairness
from companion.cli.games import GameChoices
from companion.cli.output import (
    EXIT_CLOSED_PIPE,
    EXIT_USAGE,
    CommandError,
    detach_stdout,
    fail,
    replace_unencodable,
    say,
)
from companion.cli.plays import add_record_commands
from companion.cli.roll_words import no_rolls_reason
from companion.cli.score import offers_board_file, score_output
from companion.cli.show import listing_json, listing_lines, show_lines
from companion.cli.stats import NoFigures, plays_output, stats_output
from companion.dice import DiceError
from companion.history.stats import Filter
from companion.registry import catalogue, entries
from companion.text import plural, visible
from saves.files import SaveError
from saves.games.exports import export_csv, export_markdown, game_json
from saves.games.store import SaveStore, utc_now
from saves.history.plays import time_zone
from saves.paths import HOME_VARIABLE, data_home, data_home_problem, locations
from saves.shared import rolls
from saves.shared.rolls import RollLog
from saves.shared.settings import SettingsStore
from webserve.access import app_limit, port_number

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

SAVE_ID_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-")


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a bad command is one line on stderr (no usage block) and exit code 2."""

    def error(self, message: str) -> NoReturn:
        fail(f"{message} (see `{self.prog} --help`)", who=self.prog)
        raise SystemExit(EXIT_USAGE)

    def print_help(self, file: SupportsWrite[str] | None = None) -> None:
        """argparse's help, but a failed write is not ignored (a full stdout is an error)."""
        (file or sys.stdout).write(self.format_help())


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit code."""
    replace_unencodable()
    try:
        try:
            args = build_parser().parse_args(argv)
        except SystemExit as done:  # --help printed, or a bad command refused
            sys.stdout.flush()
            return done.code if isinstance(done.code, int) else EXIT_USAGE
        handler: Callable[[argparse.Namespace], int] = (
            run_version if args.version else getattr(args, "handler", run_app)
        )
        problem = None if handler is run_version else data_home_problem(data_home())
        if problem is not None:
            return fail(f"{problem}; set {HOME_VARIABLE} to another folder")
        try:
            code = handler(args)
        except (CommandError, SaveError, DiceError) as error:
            return fail(str(error))
        sys.stdout.flush()
        return code
    except BrokenPipeError:  # the reader left (`| head -1`): stop quietly, as standard tools do
        detach_stdout()
        return EXIT_CLOSED_PIPE
    except OSError as error:  # stdout full (`> /dev/full`) or gone, or a file the command read
        if error.filename is not None:
            return fail(f"{error.filename}: {error.strerror or error}")
        detach_stdout()
        return fail(f"cannot write the output: {error.strerror or error}")


def save_id(text: str) -> str:
    """A save id as typed on the command line: lowercase ASCII letters, digits and dashes."""
    if not text or not set(text) <= SAVE_ID_CHARACTERS:
        raise argparse.ArgumentTypeError(
            f"'{text}' is not a save id (lowercase ASCII letters, digits and dashes; "
            "`companion list` shows them)"
        )
    return text


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="companion", description="A table companion for four time-travel board games."
    )
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")

    new = commands.add_parser("new", help="start the app in a new game's setup")
    new.add_argument("game", choices=list(entries()))
    new.set_defaults(handler=run_new)

    resume = commands.add_parser("resume", help="open the newest (or the given) saved game")
    resume.add_argument("id", nargs="?", type=save_id)
    resume.set_defaults(handler=run_resume)

    roll = commands.add_parser("roll", help="roll dice: d%%, d100, d6, 2d6+1, 4d6 ...")
    roll.add_argument("expression")
    roll.add_argument("--seed", type=int, help="seed for a repeatable roll")
    roll.add_argument("-n", type=int, default=None, dest="count", help="roll this many times")
    roll.add_argument("--json", action="store_true", help="print JSON")
    roll.add_argument("--no-history", action="store_true", help="do not keep it in the history")
    roll.set_defaults(handler=run_roll)

    history = commands.add_parser("rolls", help="print the roll history, oldest first")
    history.add_argument("--json", action="store_true", help="print JSON")
    history.add_argument("--die", help="only this kind of die: d6, d%%, d20 ...")
    history.add_argument("--source", choices=["physical", "app"])
    history.set_defaults(handler=run_rolls)

    check = commands.add_parser("dice-check", help="is my die fair? (physical rolls only)")
    check.add_argument("--json", action="store_true", help="print JSON")
    check.add_argument("--since", help="only rolls made from this date: 2026-11-01")
    check.set_defaults(handler=run_dice_check)

    listing = commands.add_parser("list", help="list saved games")
    listing.add_argument("--json", action="store_true")
    listing.set_defaults(handler=run_list)

    show = commands.add_parser("show", help="show one saved game")
    show.add_argument("id", type=save_id)
    show.add_argument("--json", action="store_true")
    show.set_defaults(handler=run_show)

    act = commands.add_parser("act", help="apply one action to a saved game (no ACTION: list them)")
    act.add_argument("id", type=save_id)
    act.add_argument("action", nargs="?", help="the action's name, as in the game's guide")
    act.add_argument("values", nargs="*", metavar="FIELD=VALUE")
    act.add_argument("--json", action="store_true", help="print the game after it as JSON")
    act.set_defaults(handler=run_act)

    export = commands.add_parser("export", help="print a saved game's log and score")
    export.add_argument("id", type=save_id)
    export.add_argument("--format", choices=["md", "csv", "json"], default="md")
    export.set_defaults(handler=run_export)

    scoring = commands.add_parser("score", help="end-of-game scores from a board file")
    scoring.add_argument("game").choices = GameChoices(offers_board_file)
    scoring.add_argument("file")
    scoring.add_argument("--json", action="store_true", help="print JSON")
    scoring.set_defaults(handler=run_score)

    locate = commands.add_parser("locate", help="print where the companion keeps its files")
    locate.set_defaults(handler=run_locate)

    stats = commands.add_parser("stats", help="plays, wins and scores across every saved game")
    stats.add_argument("--game", choices=[game_id for game_id, _ in catalogue()])
    stats.add_argument("--player", help="only the plays of this player")
    stats.add_argument("--json", action="store_true", help="print JSON")
    stats.set_defaults(handler=run_stats)

    plays = commands.add_parser("plays", help="every finished play, one row per player")
    plays.add_argument("--format", choices=["csv", "json", "bgstats"], default="csv")
    plays.add_argument("--game", choices=list(entries()))
    plays.add_argument("--player", help="only the plays of this player (bgstats)")
    plays.add_argument("--since", help="only plays from this date: 2026-11-01 (bgstats)")
    plays.add_argument("--until", help="only plays up to this date (bgstats)")
    plays.add_argument("--me", help="who you are among the players (bgstats: userInfo)")
    plays.add_argument(
        "--bgstats-link", metavar="ID", help="the link that sends this one play to BG Stats"
    )
    plays.set_defaults(handler=run_plays)
    add_record_commands(commands, run_play_command)  # record, import: companion/cli/plays.py

    serve = commands.add_parser("serve", help="play in the browsers at the table")
    serve.add_argument("--host", default="127.0.0.1", help="listen here (0.0.0.0: the network)")
    serve.add_argument("--port", type=port_number, default=8000, help="listen here (0: any free)")
    serve.add_argument("--keep-token", action="store_true", help="keep the secret between starts")
    serve.add_argument("--max-apps", type=app_limit, default=8, help="apps one device may run")
    serve.set_defaults(handler=run_serve)
    return parser


def run_app(args: argparse.Namespace, start: Any = None) -> int:
    if os.environ.get("COMPANION_TABLE_DISPLAY") == "1":  # `companion serve`'s /table
        from widgets.table_view.display import make_display_app

        make_display_app().run()
        return 0
    from webserve.device import device_start
    from widgets.app import make_app

    make_app(start=device_start(start)).run()
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
        plain = [dice.roll_json(r) for r in rolls]
        print(json.dumps(plain if args.count is not None else plain[0]))
    else:
        for r in rolls:
            faces = " ".join(str(face) for face in r.faces)
            say(f"{r.expression}: {r.total}  [{faces}]")
    if args.seed is None and not args.no_history:  # a seeded roll is a replay, not a new roll
        log = RollLog(data_home(), utc_now)
        notice = log.add_many(rolls)
        if log.pending:  # this process ends now: what waits in memory is lost
            notice = f"{plural(log.pending, 'roll')} not kept: {log.failure}"
        if notice:
            print(f"companion: {visible(notice)}", file=sys.stderr)
    return 0


def run_rolls(args: argparse.Namespace) -> int:
    log = RollLog(data_home(), utc_now)
    if log.problem:
        raise CommandError(log.problem)
    entries = rolls.select(log.rolls, args.die, args.source)
    if not entries and log.rolls and (args.die or args.source):
        raise CommandError(no_rolls_reason(log.rolls, args.die, args.source))
    zone = time_zone(SettingsStore(data_home()))[0]
    if args.json:
        print(json.dumps({"rolls": [rolls.entry_json(e) for e in entries]}, indent=2))
    else:
        lines = "\n".join(rolls.entry_line(e, zone) for e in entries)
        say(lines or "No rolls kept yet.", lines=True)
    return 0


def run_dice_check(args: argparse.Namespace) -> int:
    try:
        zone = time_zone(SettingsStore(data_home()))[0]
        since = rolls.parse_since(args.since, zone) if args.since else None
    except ValueError as error:
        raise CommandError(str(error)) from None
    log = RollLog(data_home(), utc_now)
    if log.problem:
        raise CommandError(log.problem)
    checks = fairness.check_dice(e.roll for e in rolls.select(log.rolls, since=since))
    if args.json:
        print(json.dumps({"dice": [fairness.check_json(c) for c in checks]}, indent=2))
    else:
        say(
            "\n\n".join(map(fairness.check_text, checks)) or "No physical rolls kept yet.",
            lines=True,
        )
    return 0


def run_list(args: argparse.Namespace) -> int:
    entries, unreadable = SaveStore(data_home()).listing()
    if args.json:
        print(json.dumps(listing_json(entries, unreadable), indent=2))
        return 0
    print("\n".join(listing_lines(entries, unreadable)))  # made visible line by line
    return 0


def run_show(args: argparse.Namespace) -> int:
    saved = SaveStore(data_home()).load(args.id)
    if args.json:
        print(json.dumps(game_json(saved), indent=2))
    else:
        print("\n".join(show_lines(saved)))  # made visible line by line
    return 0


def run_act(args: argparse.Namespace) -> int:
    """`companion act` (its logic and its output: companion/cli/act.py)."""
    from companion.cli.act import ActError, act_output
    from saves.shared.devices import this_device

    store = SaveStore(data_home(), workers=False)
    try:
        text = act_output(store, args.id, args.action, args.values, args.json, this_device().id)
    except ActError as error:
        raise CommandError(str(error)) from None
    if args.json:
        print(text)  # JSON: nothing in it to make visible
    else:
        say(text, lines=True)
    return 0


def run_export(args: argparse.Namespace) -> int:
    saved = SaveStore(data_home()).load(args.id)
    if args.format == "json":
        print(json.dumps(game_json(saved), indent=2))
    elif args.format == "csv":
        say(export_csv(saved).removesuffix("\n"), lines=True)
    else:
        say(export_markdown(saved).removesuffix("\n"), lines=True)
    return 0


def run_score(args: argparse.Namespace) -> int:
    """Score a game's board file with the card data kept in settings (`companion/cli/score.py`)."""
    try:
        text = score_output(args.game, args.file, SettingsStore(data_home()), args.json)
    except ValueError as error:  # a board the rules refuse
        raise CommandError(str(error)) from None
    say(text.removesuffix("\n"), lines=True)
    return 0


def run_version(args: argparse.Namespace) -> int:
    say(f"companion {__version__}")
    return 0


def run_locate(args: argparse.Namespace) -> int:
    for name, path in locations(data_home()).items():
        say(f"{name:<9} {path}")
    return 0


def run_stats(args: argparse.Namespace) -> int:
    keep = Filter(game=args.game, player=args.player)
    try:
        print(stats_output(data_home(), keep, args.json), end="")
    except NoFigures as error:
        raise CommandError(str(error)) from None
    return 0


def run_plays(args: argparse.Namespace) -> int:
    if args.bgstats_link is not None:
        args.play_command = "link"
        return run_play_command(args)
    if args.format == "bgstats":
        args.play_command = "plays"
        return run_play_command(args)
    flags = ("game", "player", "since", "until", "me")
    if any(getattr(args, flag) is not None for flag in flags):
        raise CommandError("--game, --player, --since, --until and --me go with --format bgstats")
    print(plays_output(data_home(), args.format), end="")
    return 0


def run_play_command(args: argparse.Namespace) -> int:
    """`record`, `import` and `plays --format bgstats` (their logic: companion/cli/plays.py)."""
    from companion.cli.plays import run_play_command as run

    try:
        text = run(data_home(), args)
    except ValueError as error:
        raise CommandError(str(error)) from None
    if args.play_command in ("plays", "link"):
        print(text, end="")  # JSON, or a link URL-encoded whole: nothing in it to make visible
    else:
        say(text.removesuffix("\n"), lines=True)
    return 0


def run_serve(args: argparse.Namespace) -> int:
    from webserve.server import ServeError, serve

    try:
        return serve(data_home(), args.host, args.port, args.keep_token, max_apps=args.max_apps)
    except ServeError as error:
        raise CommandError(str(error)) from None
