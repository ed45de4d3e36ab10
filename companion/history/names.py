"""One identity rule for players' names, used everywhere names are compared: the statistics, the
roster, the renames, recorded and imported plays, and the app's setups.

Two names are one player when they differ only by Unicode form (NFC/NFD "Zoë"), by letter case
("Cy" and "cy"), by spaces, or by characters nobody sees (a zero-width space, a joiner, a soft
hyphen): what players at a table would read as the same name.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

_INVISIBLE_MARKS = frozenset("\u034f\u115f\u1160\u3164\uffa0")
"""Invisible characters Unicode does not class as format characters (a combining grapheme
joiner, Hangul fillers)."""

_EMOJI_JOINER = "\u200d"
"""The zero-width joiner, which a spelling keeps (it draws 👨‍👩‍👧 as one emoji) and a
comparison drops."""


def _visible(name: str, keep: str = "") -> str:
    return "".join(
        ch
        for ch in name
        if ch in keep or (unicodedata.category(ch) != "Cf" and ch not in _INVISIBLE_MARKS)
    )


@lru_cache(maxsize=4096)  # an import of 100,000 plays names the same few players
def tidy(name: str) -> str:
    """A name in one spelling, as it is shown: Unicode NFC, invisible characters dropped (an
    emoji's joiner kept), spaces collapsed and trimmed. Letter case is kept."""
    visible = _visible(unicodedata.normalize("NFC", name), keep=_EMOJI_JOINER)
    return " ".join(visible.split())


@lru_cache(maxsize=4096)
def name_key(name: str) -> str:
    """The form two names are compared in: the tidy spelling without any invisible character,
    case-folded ("Cy" and "cy", "Zoë" in NFC and NFD, with or without a zero-width space: one)."""
    folded = _visible(tidy(name)).casefold()
    return " ".join(unicodedata.normalize("NFC", folded).split())
