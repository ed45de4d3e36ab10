"""The language the command and the app start in, chosen when `companion` runs (never at import:
a served app is forked from a warm parent that imported everything for every browser).

`lang.choose` decides: `--lang CODE` (anywhere among the words, before `--`), then the language
chosen in the app on this device, then the browser's `Accept-Language` (a served app's
`lang.BROWSER_LANGUAGES`), then the system's locale. The choice made in the app is kept in the
settings (saves/shared/languages.py): a terminal's as `language`, a served device's in the
`device_languages` table under its public id, so each phone at the table keeps
its own. English needs no catalog: choosing it reads none and imports no Babel.

argparse says its own words ("usage:", "options", "invalid choice: ...") through the standard
`gettext` functions; `argparse_speaks` points them at the command line's catalog (`cli.mo`, where
companion/cli/argparse_words.py lists them) for the length of building and reading the command.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

import lang
from companion.cli.output import CommandError
from lang import t

FLAG = "--lang"
"""The preference (a table: a served device's public id -> its language) where each browser's
own choice is kept (the app's language dialog writes it)."""
DOMAIN = "cli"
"""The catalog argparse's own words are in (lang/locale/<code>/LC_MESSAGES/cli.mo)."""


def take_flag(words: list[str]) -> tuple[str | None, list[str]]:
    """`--lang CODE` or `--lang=CODE`, before or after the command, and the other words
    (`""` for a `--lang` given no code; None when there is none)."""
    flag: str | None = None
    rest: list[str] = []
    index = 0
    while index < len(words):
        word = words[index]
        if word == "--":
            rest.extend(words[index:])
            break
        if word == FLAG:
            flag = words[index + 1] if index + 1 < len(words) else ""
            index += 2
            continue
        if word.startswith(FLAG + "="):
            flag = word.partition("=")[2]
        else:
            rest.append(word)
        index += 1
    return flag, rest


def language_of(flag: str) -> str:
    """The language `--lang` names: `de`, `de-AT` and `de_AT` all name German."""
    return flag.strip().replace("_", "-").split("-")[0].lower()


def refusal(flag: str) -> CommandError:
    """Why `--lang` is refused, in one line (in the language the companion speaks instead)."""
    speaks = lang.listed(lang.available())
    if not flag.strip():
        return CommandError(t("--lang needs a language: {languages}", languages=speaks))
    return CommandError(
        t(
            "--lang {code}: not a language the companion speaks ({languages})",
            code=flag,
            languages=speaks,
        )
    )


def chosen_in_app(home: Path, environ: Mapping[str, str]) -> str | None:
    """The language chosen in the app on this device (None when never chosen, or no settings
    file: then no settings module is imported, a quick start)."""
    from saves.paths import settings_path

    if not os.path.lexists(settings_path(home)):
        return None
    from saves.shared.devices import this_device
    from saves.shared.languages import chosen_language
    from saves.shared.settings import SettingsStore

    return chosen_language(SettingsStore(home), this_device(dict(environ)))


def start_language(flag: str | None, environ: Mapping[str, str] | None = None) -> str:
    """Speak the language this start chooses (see the module's docstring) from now on, and
    return it; a `--lang` the companion does not speak is refused (`CommandError`), said in
    the language chosen without it."""
    from saves.paths import data_home

    if flag is not None and language_of(flag) in lang.available():
        return lang.use(language_of(flag))
    environ = os.environ if environ is None else environ
    setting = chosen_in_app(data_home(), environ)
    browser = environ.get(lang.BROWSER_LANGUAGES)
    chosen = lang.use(lang.choose(None, setting, browser, environ))
    if flag is not None:
        raise refusal(flag)
    return chosen


@contextmanager
def argparse_speaks() -> Iterator[None]:
    """argparse's own words in the language in use while the parser is built and reads the
    command (its `gettext` calls find `cli.mo` by the standard domain and `LANGUAGE`); both are
    as they were afterwards, so nothing this process starts inherits them."""
    domain = gettext.textdomain()
    had = os.environ.get("LANGUAGE")
    gettext.bindtextdomain(DOMAIN, str(lang.LOCALE_DIR))
    gettext.textdomain(DOMAIN)
    os.environ["LANGUAGE"] = lang.current()
    try:
        yield
    finally:
        gettext.textdomain(domain)
        if had is None:
            os.environ.pop("LANGUAGE", None)
        else:
            os.environ["LANGUAGE"] = had
