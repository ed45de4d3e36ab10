"""Items as the book keeps them: green Items in front of the agent and swapped; yellow and red
Items read, resolved and stowed unless their card text keeps them; the Talisman never swapped.

The rulebook: "A green Item ... is placed faceup in front of the player who has it, and it may be
swapped."; "A yellow Item ... Once read and resolved, it is immediately stowed unless the card
text indicates otherwise."; "A red Item ... Once read, it is stowed unless the card text indicates
otherwise."; "Talisman cards cannot be swapped." / "Cannot be given to other agents."
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from companion.cavendish.actions import TakeItem
from companion.cavendish.model import ITEM_KINDS, Item, ItemKind
from companion.cavendish.saying import both
from companion.core import RuleError
from companion.phrases import phrase

ITEM_NUMBER = re.compile(r"(?:items?)?\s*(?:#|no\.?|n°)?\s*([0-9]{1,3})", re.IGNORECASE)
"""An Item named by its number as the cards say it: "ITEM 17", "Item 17", "item17", "17", and
as the rulebook lists them ("ITEMS 17"), or "Item #17", "Item no. 17"."""

ITEMS_AS_THE_BOOK = 4
"""The rules revision from which an Item named "Talisman ..." is the agent's Talisman (never
given) and an Item is one card by its number (docs/rules-notes.md, Cavendish revision 4)."""

STOWED_WHEN_RESOLVED: tuple[ItemKind, ...] = ("yellow", "red")
"""The colours stowed once read and resolved, unless the card text keeps them."""


def item_number(name: str) -> int | None:
    """The ITEM number a name gives, or None for an Item named otherwise ("Lantern")."""
    found = ITEM_NUMBER.fullmatch(name.strip())
    return int(found.group(1)) if found else None


def kind_of(action: TakeItem, rules: int) -> ItemKind:
    """The Item's kind as typed; left blank, a Talisman by its name (from revision 4), else
    green. A kind no card has is refused."""
    kind = action.kind.strip().lower()
    if kind:
        for known in ITEM_KINDS:
            if kind == known:
                return known
        raise RuleError(
            phrase(
                "An Item is green, yellow or red, or the agent's Talisman; not {kind}.",
                kind=action.kind,
            )
        )
    named = " ".join(action.name.split()).lower()
    if rules >= ITEMS_AS_THE_BOOK and named.startswith("talisman"):
        return "talisman"
    return "green"


def check_kept(kind: ItemKind, kept: bool) -> None:
    """Only a yellow or red Item is stowed once resolved, so only one of them is kept by its
    card."""
    if kept and kind not in STOWED_WHEN_RESOLVED:
        if kind == "talisman":
            raise RuleError(
                phrase(
                    "A Talisman stays in front of the agent anyway: only a yellow or red Item is "
                    "stowed once resolved unless its card text keeps it."
                )
            )
        raise RuleError(
            phrase(
                "A green Item stays in front of the agent anyway: only a yellow or red Item is "
                "stowed once resolved unless its card text keeps it."
            )
        )


def stowed_at_once(kind: ItemKind, kept: bool) -> bool:
    """A yellow or red Item not kept by its card: read, resolved, then stowed."""
    return kind in STOWED_WHEN_RESOLVED and not kept


def find_held(held: Sequence[Item], name: str, rules: int) -> Item | None:
    """The Item an agent holds under a name as typed: the exact name, or (from revision 4) the
    same card in another spelling ("17", "item 17" for ITEM 17); None when not held."""
    for item in held:
        if item.name == name:
            return item
    if rules < ITEMS_AS_THE_BOOK:
        return None
    spelled = " ".join(name.split())
    for item in held:
        if spelled and same_card(item.name, spelled, rules):
            return item
    return None


def same_card(held: str, name: str, rules: int) -> bool:
    """Whether two names are one Item card: the same name, or (from revision 4) the same ITEM
    number ("17" and "ITEM 17")."""
    if held.lower() == name.lower():
        return True
    if rules < ITEMS_AS_THE_BOOK:
        return False
    number = item_number(name)
    return number is not None and number == item_number(held)


def check_giving(items: Sequence[Item]) -> None:
    """A Talisman is never given nor swapped: refused, naming the rule."""
    talismans = [item.name for item in items if item.kind == "talisman"]
    if talismans:
        raise RuleError(
            phrase(
                "Talisman cards cannot be swapped: {items} cannot be given to other agents.",
                items=both(talismans),
            )
        )


def check_one_talisman(receptacle: str, held: Sequence[Item], kind: ItemKind) -> None:
    """ "Each receptacle has an object they can use during the adventure": one Talisman card."""
    if kind != "talisman":
        return
    for item in held:
        if item.kind == "talisman":
            raise RuleError(
                phrase(
                    "{agent} has one Talisman card, {item}, already: each receptacle has its own.",
                    agent=receptacle,
                    item=item.name,
                )
            )
