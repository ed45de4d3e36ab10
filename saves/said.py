"""What the rules said, kept in a cache as they said it: a phrase's template and values, so a
line read back from the listing cache or a checkpoint is still shown in the reader's language.

A save never holds a phrase (only actions and English ids); the listing cache and the
checkpoints, files the app makes again from the saves whenever it likes, keep the phrases of
the lines they spare replaying (a game's summary, its log, why a file is unreadable) in the
language the app is written in: the English template and its values, never a translation.

- `kept_text(text)`: a plain `str` as it is; a `Phrase` as a JSON table
  `{"t": template, "v": {name: value}, "p": plural, "n": count}` (a `Joined` as
  `{"j": separator, "parts": [...]}`), its values kept the same way (a date as
  `{"date": ISO}`, a date and time as `{"datetime": ISO}`, an exception as what it said).
- `text_back(data)`: the text back, a `Phrase` again; `ValueError` for anything `kept_text`
  does not write (a cache is never trusted).
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from companion.phrases import Joined, Phrase

MAX_DEPTH = 8
"""How deeply phrases are read back inside each other (a rule's words nest two or three)."""


def kept_text(text: str) -> Any:
    """`text` as JSON holds it: a plain string as it is, a phrase as its template and values."""
    if isinstance(text, Joined):
        return {"j": text.separator, "parts": [kept_text(part) for part in text.parts]}
    if isinstance(text, Phrase):
        kept: dict[str, Any] = {"t": text.template}
        if text.params:
            kept["v"] = {name: _value(value) for name, value in text.params.items()}
        if text.plural is not None:
            kept["p"], kept["n"] = text.plural, text.number
        return kept
    return str(text)


def _value(value: Any) -> Any:
    if isinstance(value, BaseException):
        first = value.args[0] if len(value.args) == 1 else None
        value = first if isinstance(first, str) else str(value)
    if isinstance(value, str):
        return kept_text(value)
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, datetime):
        return {"datetime": value.isoformat()}
    if isinstance(value, date):
        return {"date": value.isoformat()}
    return str(value)


def text_back(data: Any, depth: int = 0) -> str:
    """What `kept_text` wrote, as the text it was: a `Phrase` again where it was one."""
    if isinstance(data, str):
        return data
    if not isinstance(data, dict) or depth > MAX_DEPTH:
        raise ValueError("not a text kept by the listing")
    if set(data) == {"j", "parts"}:
        parts = data["parts"]
        if not isinstance(data["j"], str) or not isinstance(parts, list):
            raise ValueError("not a text kept by the listing")
        return Joined(data["j"], [text_back(part, depth + 1) for part in parts])
    template, values = data.get("t"), data.get("v", {})
    plural, count = data.get("p"), data.get("n")
    if (
        not isinstance(template, str)
        or not isinstance(values, dict)
        or not set(data) <= {"t", "v", "p", "n"}
        or (plural is not None and not isinstance(plural, str))
        or (count is not None and type(count) is not int)
    ):
        raise ValueError("not a text kept by the listing")
    params = {str(name): _value_back(value, depth + 1) for name, value in values.items()}
    try:
        return Phrase(template, params, plural, count)
    except (KeyError, IndexError, ValueError, AttributeError, TypeError):
        raise ValueError("not a text kept by the listing") from None


def _value_back(value: Any, depth: int) -> Any:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if (
        isinstance(value, dict)
        and set(value) == {"datetime"}
        and isinstance(value["datetime"], str)
    ):
        return datetime.fromisoformat(value["datetime"])
    if isinstance(value, dict) and set(value) == {"date"} and isinstance(value["date"], str):
        return date.fromisoformat(value["date"])
    return text_back(value, depth)
