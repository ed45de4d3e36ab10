"""The reader's language: gettext catalogs (managed with Babel) and the words shown in them.

Every word a person reads goes through here where it is shown: the app, the command line, the
F1 help, the served pages. Three ways in, one rule:

- `t("Roll the dice")`, `t("{n} left", n=3)`, `tn("{n} action", "{n} actions", n)`: words the
  showing code says now, in the language in use; `tp("duration", "Time")` for English words
  that say two things (gettext's context).
- `tr(something)`: what another layer said as a `companion.phrases.Phrase` (a rule's refusal, a
  log line, a score's reason, a save's problem), or an exception carrying one; any other text
  (a player's name, a file's) is shown as it is, never looked up.
- Strings made at import time (`BINDINGS` descriptions, module constants) are
  `phrase("...")`: English until shown, then `tr(...)`. Nothing here is frozen at import.

A language is a folder `lang/locale/<code>/LC_MESSAGES/` of compiled catalogs (`*.mo`, one per
part of the app, each beside its `.po`); adding a language is adding that folder
(docs/translating.md). English is the source: it needs no catalog. A catalog that is missing
or damaged, or a translation whose placeholders do not fit, falls back to English for that
message and never fails. One language is in use per process: each device of `companion serve`
has its own process, and so its own language.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime
from string import Formatter
from typing import Any

from companion.phrases import Joined, Phrase
from lang.choice import (
    BROWSER_LANGUAGES,
    SYSTEM,
    choose,
    from_environment,
    listed,
    negotiate,
    own_name,
)
from lang.reader import (
    LOCALE_DIR,
    SOURCE,
    _reader,
    add_catalogs,
    available,
    current,
    load,
    lookup,
    use,
)
from lang.values import Localised, day, moment, number

__all__ = [
    "BROWSER_LANGUAGES",
    "LOCALE_DIR",
    "SOURCE",
    "SYSTEM",
    "_reader",
    "add_catalogs",
    "available",
    "choose",
    "current",
    "day",
    "from_environment",
    "listed",
    "load",
    "lookup",
    "moment",
    "negotiate",
    "number",
    "own_name",
    "placeholders",
    "t",
    "tn",
    "tp",
    "tr",
    "use",
]


def t(message: str, /, **params: Any) -> str:
    """`message` (an English text, the catalogs' id) in the language in use, its `{names}`
    filled with `params` (numbers in the reader's locale, phrases translated)."""
    return _filled(_reader.catalog.gettext(message), message, params)


def tp(context: str, message: str, /, **params: Any) -> str:
    """`t` for a message whose English says two things (gettext's context): "Time" as a
    clock's time or as a duration, `tp("duration", "Time")`."""
    return _filled(_reader.catalog.pgettext(context, message), message, params)


def tn(singular: str, plural: str, count: int, /, **params: Any) -> str:
    """A counted message in the language in use (its own plural forms); `{n}` is the count
    unless `params` names it."""
    params.setdefault("n", count)
    english = singular if count == 1 else plural
    return _filled(_reader.catalog.ngettext(singular, plural, count), english, params)


def tr(said: object) -> str:
    """What another layer said, in the language in use: a `Phrase` translated (its phrase
    values with it), an exception by its message, any other text exactly as it is."""
    if isinstance(said, BaseException):
        return tr(said.args[0]) if len(said.args) == 1 else str(said)
    if isinstance(said, Joined):
        return said.separator.join(tr(part) for part in said.parts)
    if isinstance(said, Phrase):
        if said.plural is not None and said.number is not None:
            text = _reader.catalog.ngettext(said.template, said.plural, said.number)
            english = said.template if said.number == 1 else said.plural
            return _filled(text, english, said.params)
        return _filled(_reader.catalog.gettext(said.template), said.template, said.params)
    return said if type(said) is str else str(said)


def _filled(text: str, english: str, params: Mapping[str, Any]) -> str:
    if not params:
        return text
    shown = {name: _shown(value) for name, value in params.items()}
    try:
        return text.format(**shown)
    except (KeyError, IndexError, ValueError, AttributeError):  # a translator's slip: English
        return english.format(**shown)


def placeholders(text: str) -> frozenset[str]:
    """The `{names}` a message fills (its format spec included), for checking a translation."""
    try:
        return frozenset(
            f"{name}:{spec}" if spec else name
            for _, name, spec, _ in Formatter().parse(text)
            if name is not None
        )
    except ValueError:
        return frozenset({"<unbalanced braces>"})


def _shown(value: Any) -> Any:
    """A phrase's value as the reader writes it: a phrase translated; a number, a date or a
    time in the reader's locale, with the format spec of its placeholder (`{share:.0%}`,
    `{when:%H:%M}`) read the reader's way. English keeps Python's own formatting (a number of
    1,000 and more grouped), so it reads exactly as the phrase's English text."""
    if isinstance(value, (Phrase, BaseException)):
        return tr(value)
    if isinstance(value, (date, datetime)):
        return value if current() == SOURCE else Localised(value)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return value
    if current() == SOURCE and abs(value) < 1000:
        return value
    return Localised(value)
