"""Text from players and files made safe to show: no control character reaches a terminal.

A title, a player's name or a file name can hold an escape sequence (`\\x1b[2J` clears a
terminal), a carriage return that hides what came before, or a newline that splits one line of
output in two. `visible` swaps each such character for a printable stand-in, one for one, so the
text keeps its length and anything that points into it (a style span, a column) stays right:

- C0 controls and DEL become their Unicode control pictures (`\\x1b` shows as `␛`, a newline
  as `␊`, a tab as `␉`);
- C1 controls, lone surrogates (undecodable bytes in a file name) become `�`;
- the line and paragraph separators (U+2028, U+2029) become `␤`.

Right-to-left text, combining marks, emoji and their joiners are printable and left as they are.
"""

from __future__ import annotations

REPLACEMENT = 0xFFFD
NEWLINE_PICTURE = 0x2424

_STAND_INS: dict[int, int] = {
    **{code: 0x2400 + code for code in range(0x20)},
    0x7F: 0x2421,
    **{code: REPLACEMENT for code in range(0x80, 0xA0)},
    0x2028: NEWLINE_PICTURE,
    0x2029: NEWLINE_PICTURE,
    **{code: REPLACEMENT for code in range(0xD800, 0xE000)},
}
_STAND_INS_KEEPING_LINES = {code: to for code, to in _STAND_INS.items() if code != ord("\n")}


def visible(text: str, *, lines: bool = False) -> str:
    """`text` with every control character made visible; `lines=True` keeps the newlines."""
    return text.translate(_STAND_INS_KEEPING_LINES if lines else _STAND_INS)


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet reads as the start of a formula (or strips before one) in a text cell."""


def csv_text(text: str) -> str:
    """A CSV text cell (never a number) a spreadsheet shows as text: a leading `'` before a
    formula's first character (OWASP's advice), control characters made visible after it."""
    shown = visible(text)
    return f"'{shown}" if text.startswith(FORMULA_STARTS) else shown


MARKDOWN_INERT = str.maketrans(
    {"&": "&amp;", "<": "&lt;", ">": "&gt;", **{mark: f"\\{mark}" for mark in "\\`*_[]#|~"}}
)
"""What makes a text plain in Markdown: HTML's `<`, `>` and `&` as entities (no tag, no entity
of the text's own), and a backslash before each mark that starts a link, an image, code,
emphasis, a heading's end or a table cell."""


def markdown_text(text: str) -> str:
    """`text` (a title, a name, a log line, a table cell) as Markdown that shows exactly it:
    controls made visible, nothing read as HTML, a link or a table's edge (`<img onerror=...>`
    and `[t](javascript:...)` stay text)."""
    return visible(text).translate(MARKDOWN_INERT)
