"""The `companion` command line: its commands, their arguments and their help.

Building it imports nothing a command might not use: the games' ids, a port's check and the
games a command takes are found when argparse first asks for them (that command parsed,
refused or its help printed), so `companion --version` costs little more than the interpreter.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, NoReturn

from companion.cli.output import EXIT_USAGE, fail
from lang import available, listed, t

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

    from companion.core import Game

Handler = Callable[[argparse.Namespace], int]
SAVE_ID_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-")


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a bad command is one line on stderr (no usage block) and exit code 2."""

    def error(self, message: str) -> NoReturn:
        fail(
            t("{message} (see `{command} --help`)", message=message, command=self.prog),
            who=self.prog,
        )
        raise SystemExit(EXIT_USAGE)

    def print_help(self, file: SupportsWrite[str] | None = None) -> None:
        """argparse's help, but a failed write is not ignored (a full stdout is an error)."""
        (file or sys.stdout).write(self.format_help())


class FoundChoices:
    """argparse's `choices`, found by `find` the first time argparse asks, and kept. Set it on
    the argument after `add_argument`, which would otherwise list them at once."""

    def __init__(self, find: Callable[[], list[str]]) -> None:
        self.find = find
        self._ids: list[str] | None = None

    @property
    def ids(self) -> list[str]:
        if self._ids is None:
            self._ids = self.find()
        return self._ids

    def __contains__(self, value: object) -> bool:
        return value in self.ids

    def __iter__(self) -> Iterator[str]:
        return iter(self.ids)


def installed_games() -> list[str]:
    """The installed games' ids (their entry points, `companion.cli.entry_points`)."""
    from companion.registry import entries

    return list(entries())


def listed_games() -> list[str]:
    """Every game the statistics count: the installed ones and any registered at run time."""
    from companion.registry import catalogue

    return [game_id for game_id, _title in catalogue()]


def games_offering(offers: Callable[[Game[Any, Any]], bool]) -> Callable[[], list[str]]:
    """The games whose `Game` `offers` accepts (this imports every game's rules)."""

    def find() -> list[str]:
        from companion.cli.games import GameChoices

        return GameChoices(offers).ids

    return find


def offers_board_file(game: Game[Any, Any]) -> bool:
    """`score`'s games, as companion/cli/score.py decides (imported when `score` is parsed)."""
    from companion.cli.score import offers_board_file as offers

    return offers(game)


def offers_recording(game: Game[Any, Any]) -> bool:
    """`record`'s games: those whose plays can be typed in."""
    return game.recorded is not None


def port_number(text: str) -> int:
    """`--port`, checked by `webserve.access` (imported only when `serve` is parsed)."""
    from webserve.access import port_number as checked

    return checked(text)


def app_limit(text: str) -> int:
    """`--max-apps`, checked by `webserve.access`."""
    from webserve.access import app_limit as checked

    return checked(text)


def whole_number(text: str) -> int:
    """A whole number in ASCII digits, read as a typed play's scores are."""
    from companion.history.details import whole_number as checked

    try:
        return checked(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            t("'{text}' is not a whole number (digits 0-9)", text=text)
        ) from None


def save_id(text: str) -> str:
    """A save id as typed on the command line: lowercase ASCII letters, digits and dashes."""
    if not text or not set(text) <= SAVE_ID_CHARACTERS:
        raise argparse.ArgumentTypeError(
            t(
                "'{text}' is not a save id (lowercase ASCII letters, digits and dashes; "
                "`companion list` shows them)",
                text=text,
            )
        )
    return text


def build_parser(run: dict[str, Handler]) -> argparse.ArgumentParser:
    """The whole command line; `run` names each command's handler (`record` and `import` share
    `play`, which reads `play_command`)."""
    parser = OneLineParser(
        prog="companion", description=t("A table companion for four time-travel board games.")
    )
    parser.add_argument("--version", action="store_true", help=t("print the version and exit"))
    parser.add_argument(  # read before the parser is built, so that it speaks it (language.py)
        "--lang",
        metavar="CODE",
        help=t(
            "speak this language, before or after the command: {languages}",
            languages=listed(available()),
        ),
    )
    commands = parser.add_subparsers(title=t("commands"), metavar="COMMAND")

    new = commands.add_parser("new", help=t("start the app in a new game's setup"))
    new.add_argument("game").choices = FoundChoices(installed_games)
    new.set_defaults(handler=run["new"])

    resume = commands.add_parser("resume", help=t("open the newest (or the given) saved game"))
    resume.add_argument("id", nargs="?", type=save_id)
    resume.set_defaults(handler=run["resume"])

    roll = commands.add_parser("roll", help=t("roll dice: d%%, d100, d6, 2d6+1, 4d6 ..."))
    roll.add_argument("expression")
    roll.add_argument("--seed", type=int, help=t("seed for a repeatable roll"))
    roll.add_argument("-n", type=int, default=None, dest="count", help=t("roll this many times"))
    roll.add_argument("--json", action="store_true", help=t("print JSON"))
    roll.add_argument("--no-history", action="store_true", help=t("do not keep it in the history"))
    roll.set_defaults(handler=run["roll"])

    history = commands.add_parser("rolls", help=t("print the roll history, oldest first"))
    history.add_argument("--json", action="store_true", help=t("print JSON"))
    history.add_argument("--die", help=t("only this kind of die: d6, d%%, d20 ..."))
    history.add_argument("--source", choices=["physical", "app"])
    history.set_defaults(handler=run["rolls"])

    check = commands.add_parser("dice-check", help=t("is my die fair? (physical rolls only)"))
    check.add_argument("--json", action="store_true", help=t("print JSON"))
    check.add_argument("--since", help=t("only rolls made from this date: 2026-11-01"))
    check.set_defaults(handler=run["dice-check"])

    listing = commands.add_parser("list", help=t("list saved games"))
    listing.add_argument("--json", action="store_true")
    listing.set_defaults(handler=run["list"])

    games = commands.add_parser("games", help=t("the games, their packages, plug-ins left out"))
    games.add_argument("--json", action="store_true", help=t("print JSON"))
    games.set_defaults(handler=run["games"])

    show = commands.add_parser("show", help=t("show one saved game"))
    show.add_argument("id", type=save_id)
    show.add_argument("--json", action="store_true")
    show.set_defaults(handler=run["show"])

    recap = commands.add_parser("recap", help=t("where were we: a saved game's last session"))
    recap.add_argument("id", type=save_id)
    recap.add_argument("--json", action="store_true")
    recap.set_defaults(handler=run["recap"])

    act = commands.add_parser(
        "act", help=t("apply one action to a saved game (no ACTION: list them)")
    )
    act.add_argument("id", type=save_id)
    act.add_argument("action", nargs="?", help=t("the action's name, as in the game's guide"))
    act.add_argument("values", nargs="*", metavar="FIELD=VALUE")
    act.add_argument("--json", action="store_true", help=t("print the game after it as JSON"))
    act.add_argument(
        "--to",
        type=whole_number,
        metavar="N",
        help=t("with undo: undo every action after log line N, newest first, as one change"),
    )
    act.set_defaults(handler=run["act"])

    play = commands.add_parser(
        "play", help=t("play a saved game in plain lines (a screen reader, a script)")
    )
    play.add_argument("id", type=save_id)
    play.set_defaults(handler=run["line-play"])

    export = commands.add_parser("export", help=t("print a saved game's log and score"))
    export.add_argument("id", type=save_id)
    export.add_argument("--format", choices=["md", "csv", "json"], default="md")
    export.set_defaults(handler=run["export"])

    scoring = commands.add_parser("score", help=t("end-of-game scores from a board file"))
    scoring.add_argument("game").choices = FoundChoices(games_offering(offers_board_file))
    scoring.add_argument("file")
    scoring.add_argument("--json", action="store_true", help=t("print JSON"))
    scoring.set_defaults(handler=run["score"])

    locate = commands.add_parser("locate", help=t("print where the companion keeps its files"))
    locate.set_defaults(handler=run["locate"])

    stats = commands.add_parser("stats", help=t("plays, wins and scores across every saved game"))
    stats.add_argument("--game").choices = FoundChoices(listed_games)
    stats.add_argument("--player", help=t("only the plays of this player"))
    stats.add_argument("--json", action="store_true", help=t("print JSON"))
    stats.set_defaults(handler=run["stats"])

    plays = commands.add_parser("plays", help=t("every finished play, one row per player"))
    plays.add_argument("--format", choices=["csv", "json", "bgstats"], default="csv")
    plays.add_argument("--game").choices = FoundChoices(installed_games)
    plays.add_argument("--player", help=t("only the plays of this player (bgstats)"))
    plays.add_argument("--since", help=t("only plays from this date: 2026-11-01 (bgstats)"))
    plays.add_argument("--until", help=t("only plays up to this date (bgstats)"))
    plays.add_argument("--me", help=t("who you are among the players (bgstats: userInfo)"))
    plays.add_argument(
        "--bgstats-link", metavar="ID", help=t("the link that sends this one play to BG Stats")
    )
    plays.set_defaults(handler=run["plays"])
    add_record_commands(commands, run["play"])

    serve = commands.add_parser("serve", help=t("play in the browsers at the table"))
    serve.add_argument("--host", default="127.0.0.1", help=t("listen here (0.0.0.0: the network)"))
    serve.add_argument(
        "--port", type=port_number, default=8000, help=t("listen here (0: any free)")
    )
    serve.add_argument(
        "--keep-token", action="store_true", help=t("keep the secret between starts")
    )
    serve.add_argument("--max-apps", type=app_limit, default=8, help=t("apps one device may run"))
    serve.set_defaults(handler=run["serve"])
    return parser


def add_record_commands(commands: argparse._SubParsersAction[Any], handler: Handler) -> None:
    """The `record` and `import` commands, run by `handler` (which reads `play_command`)."""
    record = commands.add_parser("record", help=t("record a play played without the app"))
    record.add_argument("game").choices = FoundChoices(games_offering(offers_recording))
    record.add_argument(
        "--player",
        action="append",
        default=[],
        metavar="NAME[=SCORE]",
        help=t("a player and their score (repeat for each player)"),
    )
    record.add_argument("--winner", action="append", default=[], metavar="NAME")
    record.add_argument("--outcome", choices=["won", "lost", "failed"], help=t("co-op and solo"))
    record.add_argument(
        "--score", type=whole_number, help=t("the group's score (Cavendish crystals)")
    )
    record.add_argument("--date", help=t("when it started: 2026-11-29 or 2026-11-29T19:30 (local)"))
    record.add_argument("--location", default="")
    record.add_argument("--duration", default="", help=t("minutes (95) or hours:minutes (1:35)"))
    record.add_argument("--start-player", default="")
    record.add_argument("--expansion", action="append", default=[], help="Six Sojourns")
    record.add_argument("--notes", default="")
    record.set_defaults(handler=handler, play_command="record")

    bring = commands.add_parser("import", help=t("bring in a BG Stats file's plays of our games"))
    bring.add_argument("file")
    bring.set_defaults(handler=handler, play_command="import")
