"""The `companion` command: the one place where the rules, the saves and the app are wired together.

Errors print one line on stderr and exit with code 2; nothing is written on error. Each command
imports what it uses when it runs (companion/cli/commands.py): `companion --version` imports no
rules, saves or screens, nor even the parser. The language is chosen when `main` runs, before
any word is said (companion/cli/language.py): a served app forked from a warm parent chooses
its own.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from companion import __version__
from companion.cli.output import (
    EXIT_CLOSED_PIPE,
    EXIT_USAGE,
    CommandError,
    detach_stdout,
    fail,
    replace_unencodable,
)

if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit code."""
    replace_unencodable()
    given = sys.argv[1:] if argv is None else list(argv)
    try:
        if given == ["--version"]:  # what scripts and installers ask: answered before any import
            return run_version()
        from companion.cli.language import argparse_speaks, start_language, take_flag

        flag, words = take_flag(given)
        try:
            start_language(flag)
        except CommandError as refused:
            return fail(refused)
        if words == ["--version"]:
            return run_version()
        from companion import points
        from companion.cli import entry_points

        points.find_with(entry_points)  # the installed games, read without importlib.metadata
        if not words:  # the app: its start builds no parser, nor imports argparse (some 10 ms)
            from companion.cli.commands import run

            return run(None)
        try:
            with argparse_speaks():
                args = build_parser().parse_args(words)
        except SystemExit as done:  # --help printed, or a bad command refused
            sys.stdout.flush()
            return done.code if isinstance(done.code, int) else EXIT_USAGE
        if args.version:
            return run_version()
        from companion.cli.commands import run

        return run(args)
    except BrokenPipeError:  # the reader left (`| head -1`): stop quietly, as standard tools do
        detach_stdout()
        return EXIT_CLOSED_PIPE
    except OSError as error:  # stdout full (`> /dev/full`) or gone, or a file the command read
        if error.filename is not None:
            return fail(f"{error.filename}: {error.strerror or error}")
        detach_stdout()
        from lang import t

        return fail(t("cannot write the output: {reason}", reason=error.strerror or error))


def build_parser() -> argparse.ArgumentParser:
    """The whole command line, each command wired to its run (companion/cli/commands.py)."""
    from companion.cli.commands import build_parser as built

    return built()


def run_version() -> int:
    print(f"companion {__version__}")  # no words to translate: `lang` is not even imported
    sys.stdout.flush()
    return 0
