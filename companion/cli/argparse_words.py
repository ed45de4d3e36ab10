"""argparse's own words, as its source says them, so the command line's catalog carries their
translations: argparse looks each up with the standard `gettext` functions when it builds a
parser, prints its help or refuses a command (companion/cli/language.py points them at `cli.mo`).
Nothing shows these phrases themselves; tests/cli/test_languages.py checks that each is still
one argparse says, so a Python release that rewords one is noticed."""

from __future__ import annotations

from companion.phrases import phrase, phrase_n

ARGPARSE_WORDS = (
    # TRANSLATORS: argparse's: before the usage line of `companion --help` (keep the space).
    phrase("usage: "),
    # TRANSLATORS: argparse's: the heading of the arguments without a dash in --help.
    phrase("positional arguments"),
    # TRANSLATORS: argparse's: the heading of the arguments with a dash (--json) in --help.
    phrase("options"),
    phrase("show this help message and exit"),
    # TRANSLATORS: argparse's: keep %(argument_name)s and %(message)s.
    phrase("argument %(argument_name)s: %(message)s"),
    # TRANSLATORS: argparse's: a command that is not one; keep %(value)r and %(choices)s.
    phrase("invalid choice: %(value)r (choose from %(choices)s)"),
    # TRANSLATORS: argparse's: keep %(type)s and %(value)r.
    phrase("invalid %(type)s value: %(value)r"),
    # TRANSLATORS: argparse's: keep %s (the missing arguments' names).
    phrase("the following arguments are required: %s"),
    # TRANSLATORS: argparse's: keep %s (the words it did not understand).
    phrase("unrecognized arguments: %s"),
    phrase("expected one argument"),
    phrase("expected at most one argument"),
    phrase("expected at least one argument"),
    # TRANSLATORS: argparse's: keep %s (a number).
    phrase_n("expected %s argument", "expected %s arguments", 2),
    # TRANSLATORS: argparse's: keep %(option)s and %(matches)s.
    phrase("ambiguous option: %(option)s could match %(matches)s"),
    # TRANSLATORS: argparse's: keep %s.
    phrase("not allowed with argument %s"),
    # TRANSLATORS: argparse's: keep %r.
    phrase("ignored explicit argument %r"),
    # TRANSLATORS: argparse's: keep %s.
    phrase("one of the arguments %s is required"),
    # TRANSLATORS: argparse's: keep %s.
    phrase("unexpected option string: %s"),
    # TRANSLATORS: argparse's: keep %(parser_name)r and %(choices)s.
    phrase("unknown parser %(parser_name)r (choices: %(choices)s)"),
)
