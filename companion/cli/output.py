"""What the `companion` command prints, and how it fails: one line on stderr with exit code 2,
control characters made visible, any output encoding (`companion/cli/__init__.py` wires the
commands). Part of the command line, not of the rules: the rules core does no I/O."""

from __future__ import annotations

import io
import os
import sys

from companion.text import visible

EXIT_USAGE = 2
EXIT_CLOSED_PIPE = 141
"""What a shell reports for a command ended by SIGPIPE (128 + 13), as `yes | head` does."""


class CommandError(Exception):
    """A problem to print as one line on stderr before exiting with code 2."""


def replace_unencodable() -> None:
    """Output in any encoding: a character the terminal's or file's encoding lacks (a name in a
    legacy code page, `> list.txt` under LANG=C) prints as `?` instead of failing."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")


def fail(message: object, who: str = "companion") -> int:
    """Say what went wrong in one line on stderr (control characters made visible): words said
    here are already in the reader's language (`t`), what another layer said (a phrase, an
    error carrying one) is translated now (`tr`), any other text is shown as it is."""
    from lang import tr

    print(f"{who}: {visible(tr(message))}", file=sys.stderr)
    return EXIT_USAGE


def detach_stdout() -> None:
    """Point stdout at the null device, so the output still buffered is not written again (and
    does not fail again) when Python exits."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError):  # no real file behind stdout (tests capture it): nothing to do
        pass


def say(text: object, *, lines: bool = False) -> None:
    """Print a line of output, with the control characters of titles and file names made visible;
    `lines=True` keeps the line breaks of a block written here. As `fail`: a phrase another
    layer said is translated here, text said here (`t`) or from a file is shown as it is."""
    from lang import tr

    print(visible(tr(text), lines=lines))
