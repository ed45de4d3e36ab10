"""Card data remembered between missions in the app's settings: receptacle cards, Destiny deck."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.cavendish_model import ReceptacleCards

if TYPE_CHECKING:
    from widgets.app import CompanionApp

CARDS_KEY = "cavendish"
DESTINY_KEY = "cavendish-destiny"


@dataclass(frozen=True)
class RememberedCards:
    """The four Receptacle cards as typed last time."""

    cards: ReceptacleCards | None = None


@dataclass(frozen=True)
class RememberedDestiny:
    """The six Destiny modifiers once a mission has learned them."""

    cards: tuple[int, ...] = ()


def remembered_cards(app: CompanionApp) -> ReceptacleCards | None:
    return app.settings.remembered(CARDS_KEY, RememberedCards, RememberedCards()).cards


def remember_cards(app: CompanionApp, cards: ReceptacleCards) -> None:
    app.settings.remember(CARDS_KEY, RememberedCards(cards))


def remembered_destiny(app: CompanionApp) -> tuple[int, ...]:
    return app.settings.remembered(DESTINY_KEY, RememberedDestiny, RememberedDestiny()).cards


def remember_destiny(app: CompanionApp, cards: tuple[int, ...]) -> None:
    """Keep a learned composition for the next mission (written only when it changed)."""
    if remembered_destiny(app) != tuple(sorted(cards)):
        app.settings.remember(DESTINY_KEY, RememberedDestiny(tuple(sorted(cards))))
