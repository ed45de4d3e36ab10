"""Pieces of Cavendish's sentences said the same way everywhere: names put together with "and"
(each "and" a word of the reader's language), the game's terms, and counted crystals."""

from __future__ import annotations

from collections.abc import Sequence

from companion.phrases import Phrase, phrase, phrase_n


def both(names: Sequence[str]) -> str:
    """ "Anton and Amy", "Anton and Amy and Doug" as the log has always said them; "" for none."""
    if not names:
        return ""
    said: str = names[0]
    for name in names[1:]:
        said = phrase("{first} and {second}", first=said, second=name)
    return said


def azrak(count: int) -> Phrase:
    """ "3 Azrak": crystals counted."""
    return phrase_n("{n} Azrak", "{n} Azrak", count)


def capitalised(text: str) -> str:
    """A name typed by the group, starting a sentence (a name is data: never looked up)."""
    return text[:1].upper() + text[1:]


ATTRIBUTE_NAMES: dict[str, Phrase] = {
    "strength": phrase("Strength"),
    "confidence": phrase("Confidence"),
    "dexterity": phrase("Dexterity"),
}
"""The three attributes printed on a Receptacle card."""

KIND_NAMES: dict[str, Phrase] = {
    # TRANSLATORS: an Item card's colour
    "green": phrase("green"),
    # TRANSLATORS: an Item card's colour
    "yellow": phrase("yellow"),
    # TRANSLATORS: an Item card's colour
    "red": phrase("red"),
    # TRANSLATORS: the agent's Talisman card, as a kind of Item
    "talisman": phrase("talisman"),
}
"""An Item's kind in words."""
