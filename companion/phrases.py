"""Words the rules and the saves say, kept as they were said so they can be shown in any language.

The rules are pure: they read no catalog and know no reader. What they say (a refusal, a log
line, a score's reason) is a `Phrase`: the English text it reads as everywhere a plain `str` is
expected (a test, `--json`, a file), plus its template and values, so the layer that shows it
(`lang.tr`) says the same thing in the reader's language. A save never holds a phrase's
translation: only actions and English ids are written.

- `phrase("Not enough Temporal Charge: this trip costs {cost}, you have {have}", cost=3, have=2)`
- `phrase_n("{n} tower", "{n} towers", count)`: counted nouns (`n` is the count unless given)
- `phrase("the first destination, free")`: a constant, marked for the catalog and shown later
- `joined("; ", parts)`: phrases put side by side, each translated on its own

A value that is itself a phrase is translated with it; any other value (a player's name, a
number) is put in as it is. `str(a_phrase)`, `+` and f-strings give plain English text: build a
sentence from phrases with a template (`phrase("{who} loses {what}", ...)`) or `joined`, never
by concatenation, or its translation is lost. `pybabel extract` finds the templates by the names
`phrase` and `phrase_n` (babel.cfg).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


class Phrase(str):
    """English text that remembers its template and values (see the module's docstring)."""

    template: str
    plural: str | None
    number: int | None
    """The count a counted phrase was said for (`str.count` keeps its name)."""
    params: Mapping[str, Any]

    def __new__(
        cls,
        template: str,
        params: Mapping[str, Any] | None = None,
        plural: str | None = None,
        count: int | None = None,
    ) -> Phrase:
        values = dict(params or {})
        chosen = template if plural is None or count == 1 else plural
        made = super().__new__(cls, chosen.format(**values) if values else chosen)
        made.template, made.plural, made.number, made.params = template, plural, count, values
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (Phrase, (self.template, dict(self.params), self.plural, self.number))


class Joined(Phrase):
    """Phrases (or names) side by side with a separator that is punctuation, not words."""

    parts: tuple[str, ...]
    separator: str

    def __new__(cls, separator: str, parts: Iterable[str]) -> Joined:
        listed = tuple(parts)
        made = str.__new__(cls, separator.join(listed))
        made.template, made.plural, made.number, made.params = "", None, None, {}
        made.parts, made.separator = listed, separator
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (Joined, (self.separator, self.parts))


def phrase(template: str, /, **params: Any) -> Phrase:
    """What the rules say, in English now and in any language where it is shown."""
    return Phrase(template, params)


def phrase_n(singular: str, plural: str, count: int, /, **params: Any) -> Phrase:
    """A counted phrase: `singular` for one, `plural` otherwise in English; each language its
    own forms. `{n}` is the count unless `params` names it."""
    params.setdefault("n", count)
    return Phrase(singular, params, plural, count)


def joined(separator: str, parts: Iterable[str]) -> Joined:
    """`parts` joined by `separator` (", ", "; ", " · "), each part translated on its own."""
    return Joined(separator, parts)
