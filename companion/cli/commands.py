"""Each `companion` command's run: what it imports, it imports when it runs (the parser is in
companion/cli/parser.py, `main` in companion/cli/__init__.py)."""

from __future__ import annotations

import gc
import json
import os
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.cli.output import CommandError, fail, say
from lang import t, tn, tr

if TYPE_CHECKING:
    import argparse

    from companion.cli import parser
    from companion.dice import Roll


def run(args: argparse.Namespace | None) -> int:
    """Run the parsed command (the app when none is named, or None: no parser was built, nor
    `argparse` imported, for the app's start); its refusal is one line on stderr."""
    from saves.paths import HOME_VARIABLE, data_home, data_home_problem

    problem = data_home_problem(data_home())
    if problem is not None:
        return fail(
            t(
                "{problem}; set {variable} to another folder",
                problem=problem,
                variable=HOME_VARIABLE,
            )
        )
    try:
        if args is None:
            code = run_app(None)
        else:
            handler: parser.Handler = getattr(args, "handler", run_app)
            code = handler(args)
    except Exception as error:
        if not isinstance(error, refusals()):
            raise
        return fail(error)
    sys.stdout.flush()
    return code


def refusals() -> tuple[type[Exception], ...]:
    """The errors a command says in one line: imported only once a command has failed."""
    from companion.dice import DiceError
    from companion.guard import GameFault
    from saves.files import SaveError

    return (CommandError, SaveError, DiceError, GameFault)


def home() -> Path:
    """The data folder (`saves.paths` is imported by the commands that use it)."""
    from saves.paths import data_home

    return data_home()


def build_parser() -> argparse.ArgumentParser:
    """The command line (companion/cli/parser.py), each command run by its `run_` function."""
    from companion.cli import parser

    return parser.build_parser(
        {
            "new": run_new,
            "resume": run_resume,
            "roll": run_roll,
            "rolls": run_rolls,
            "dice-check": run_dice_check,
            "list": run_list,
            "games": run_games,
            "show": run_show,
            "recap": run_recap,
            "act": run_act,
            "line-play": run_line_play,
            "export": run_export,
            "score": run_score,
            "locate": run_locate,
            "stats": run_stats,
            "plays": run_plays,
            "play": run_play_command,
            "serve": run_serve,
        }
    )


def run_app(args: argparse.Namespace | None, start: Any = None) -> int:
    # No garbage collection while the app's modules are imported: what they make lives as long
    # as the app (it collects again once its first screen is drawn, `CompanionApp.run`).
    gc.disable()
    from saves.shared.devices import DEVICE_VARIABLE, TABLE_DISPLAY_VARIABLE

    if os.environ.get(TABLE_DISPLAY_VARIABLE) == "1":  # `companion serve`'s /table
        from widgets.table_view.display import make_display_app

        make_display_app().run()
        return 0
    from widgets.app import make_app

    if os.environ.get(DEVICE_VARIABLE):  # a browser's app: back on its last game, told what it
        from widgets.play.reopen import device_start  # missed (a terminal's start needs none)

        start = device_start(start)
    make_app(start=start).run()
    return 0


def run_new(args: argparse.Namespace) -> int:
    game_id: str = args.game
    return run_app(args, start=lambda app: app.new_game(game_id))


def run_resume(args: argparse.Namespace) -> int:
    from saves.games import checkpoint
    from saves.games.store import SaveStore

    store = SaveStore(home())
    save_id: str | None = args.id
    if save_id is None:
        entries, _unreadable = store.listing(with_facts=False)
        if not entries:
            raise CommandError(t("there is no saved game to resume"))
        save_id = entries[0].id
    checkpoint.load(store, save_id)  # an unreadable file is refused here, with its reason
    chosen = save_id
    return run_app(args, start=lambda app: app.open_saved(chosen))


def run_roll(args: argparse.Namespace) -> int:
    import random

    from companion import dice

    if args.count is not None and not 1 <= args.count <= 1000:
        raise CommandError(t("-n takes a count from 1 to 1000"))
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
        keep_rolls(rolls)
    return 0


def keep_rolls(rolls: list[Roll]) -> None:
    """Add the rolls to the history; what could not be kept is said on stderr."""
    from companion.text import visible
    from saves.shared.rolls import RollLog

    log = RollLog(home(), utc_now)
    notice = log.add_many(rolls)
    if log.pending:  # this process ends now: what waits in memory is lost
        notice = tn(
            "{n} roll not kept: {reason}",
            "{n} rolls not kept: {reason}",
            log.pending,
            reason=log.failure,
        )
    if notice:
        print(f"companion: {visible(tr(notice))}", file=sys.stderr)


def utc_now() -> datetime:
    """The real clock, to the second, as `saves.games.document.utc_now` gives it: a roll
    command does not import the store of games for it."""
    return datetime.now(UTC).replace(microsecond=0)


def run_rolls(args: argparse.Namespace) -> int:
    from companion.cli.roll_words import no_rolls_reason
    from saves.history.plays import time_zone
    from saves.shared import rolls
    from saves.shared.rolls import RollLog
    from saves.shared.settings import SettingsStore

    log = RollLog(home(), utc_now)
    if log.problem:
        raise CommandError(log.problem)
    entries = rolls.select(log.rolls, args.die, args.source)
    if not entries and log.rolls and (args.die or args.source):
        raise CommandError(no_rolls_reason(log.rolls, args.die, args.source))
    zone = time_zone(SettingsStore(home()))[0]
    if args.json:
        print(json.dumps({"rolls": [rolls.entry_json(e) for e in entries]}, indent=2))
    else:
        lines = "\n".join(tr(rolls.entry_line(e, zone)) for e in entries)
        say(lines or t("No rolls kept yet."), lines=True)
    return 0


def run_dice_check(args: argparse.Namespace) -> int:
    from companion import fairness
    from saves.history.plays import time_zone
    from saves.shared import rolls
    from saves.shared.rolls import RollLog
    from saves.shared.settings import SettingsStore

    try:
        zone = time_zone(SettingsStore(home()))[0]
        since = rolls.parse_since(args.since, zone) if args.since else None
    except ValueError as error:
        raise CommandError(error) from None
    log = RollLog(home(), utc_now)
    if log.problem:
        raise CommandError(log.problem)
    checks = fairness.check_dice(e.roll for e in rolls.select(log.rolls, since=since))
    if args.json:
        print(json.dumps({"dice": [fairness.check_json(c) for c in checks]}, indent=2))
    else:
        texts = [tr(fairness.check_text(check)) for check in checks]
        say("\n\n".join(texts) or t("No physical rolls kept yet."), lines=True)
    return 0


def run_list(args: argparse.Namespace) -> int:
    from companion.cli.show import listing_json, listing_lines
    from saves.games.store import SaveStore

    entries, unreadable = SaveStore(home()).listing(with_facts=False)
    if args.json:
        print(json.dumps(listing_json(entries, unreadable), indent=2))
        return 0
    print("\n".join(listing_lines(entries, unreadable)))  # made visible line by line
    return 0


def run_games(args: argparse.Namespace) -> int:
    """`companion games`: the games, their packages, and the plug-ins left out with why."""
    from companion.cli.installed import games_output

    text = games_output(args.json)
    if args.json:
        print(text)  # JSON: nothing in it to make visible
    else:
        say(text, lines=True)
    return 0


def run_show(args: argparse.Namespace) -> int:
    from companion.cli.show import show_lines
    from saves.games import checkpoint
    from saves.games.exports import game_json
    from saves.games.store import SaveStore

    saved = checkpoint.load(SaveStore(home()), args.id)
    if args.json:
        print(json.dumps(game_json(saved), indent=2))
    else:
        print("\n".join(show_lines(saved)))  # made visible line by line
    return 0


def run_recap(args: argparse.Namespace) -> int:
    """`companion recap ID`: when it was last played, that session's main events, where each
    player stands and what the game waits for (companion/history/recap.py)."""
    from companion.text import visible
    from saves.games import checkpoint
    from saves.games.recap import recap_of
    from saves.games.store import SaveStore

    saved = checkpoint.load(SaveStore(home()), args.id)
    told = recap_of(saved, datetime.now(UTC).astimezone())  # the machine's local time
    if args.json:
        print(json.dumps({"id": saved.id, "title": saved.title, **told.to_json()}, indent=2))
    else:
        heading = t("{title} ({game}): where were we", title=saved.title, game=told.game_title)
        lines = [heading, *(tr(line) for line in told.lines())]
        print("\n".join(visible(line) for line in lines))  # a name's newline never splits one
    return 0


def run_act(args: argparse.Namespace) -> int:
    """`companion act` (its logic and its output: companion/cli/act.py)."""
    from companion.cli.act import ActError, act_output
    from saves.games.store import SaveStore
    from saves.shared.devices import this_device

    store = SaveStore(home(), workers=False)
    try:
        text = act_output(
            store, args.id, args.action, args.values, args.json, this_device().id, args.to
        )
    except ActError as error:
        raise CommandError(error) from None
    if args.json:
        print(text)  # JSON: nothing in it to make visible
    else:
        say(text, lines=True)
    return 0


def run_line_play(args: argparse.Namespace) -> int:
    """`companion play`: the game in plain lines (companion/cli/line_mode.py)."""
    from companion.cli.line_mode import run
    from saves.games.store import SaveStore
    from saves.shared.devices import this_device

    store = SaveStore(home(), workers=False)
    try:
        return run(store, args.id, this_device().id, sys.stdin, sys.stdout)
    except KeyboardInterrupt:
        return 130


def run_export(args: argparse.Namespace) -> int:
    from saves.games.exports import export_csv, export_markdown, game_json
    from saves.games.store import SaveStore

    saved = SaveStore(home()).load(args.id)
    if args.format == "json":
        print(json.dumps(game_json(saved), indent=2))
    elif args.format == "csv":
        say(export_csv(saved).removesuffix("\n"), lines=True)
    else:
        say(export_markdown(saved).removesuffix("\n"), lines=True)
    return 0


def run_score(args: argparse.Namespace) -> int:
    """Score a game's board file with the card data kept in settings (`companion/cli/score.py`)."""
    from companion.cli.score import score_output
    from saves.shared.settings import SettingsStore

    try:
        text = score_output(args.game, args.file, SettingsStore(home()), args.json)
    except ValueError as error:  # a board the rules refuse
        raise CommandError(error) from None
    say(text.removesuffix("\n"), lines=True)
    return 0


def run_locate(args: argparse.Namespace) -> int:
    from saves.paths import locations

    for name, path in locations(home()).items():
        say(f"{name:<9} {path}")  # the folders' names are the same words in every language
    return 0


def run_stats(args: argparse.Namespace) -> int:
    from companion.cli.stats import NoFigures, stats_output
    from companion.history.stats import Filter

    keep = Filter(game=args.game, player=args.player)
    try:
        print(stats_output(home(), keep, args.json), end="")
    except NoFigures as error:
        raise CommandError(error) from None
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
        raise CommandError(
            t("--game, --player, --since, --until and --me go with --format bgstats")
        )
    from companion.cli.stats import plays_output

    print(plays_output(home(), args.format), end="")
    return 0


def run_play_command(args: argparse.Namespace) -> int:
    """`record`, `import` and `plays --format bgstats` (their logic: companion/cli/plays.py)."""
    from companion.cli.plays import run_play_command as run

    try:
        text = run(home(), args)
    except ValueError as error:
        raise CommandError(error) from None
    if args.play_command in ("plays", "link"):
        print(text, end="")  # JSON, or a link URL-encoded whole: nothing in it to make visible
    else:
        say(text.removesuffix("\n"), lines=True)
    return 0


def run_serve(args: argparse.Namespace) -> int:
    from webserve.server import ServeError, serve

    try:
        return serve(home(), args.host, args.port, args.keep_token, max_apps=args.max_apps)
    except ServeError as error:
        raise CommandError(error) from None
