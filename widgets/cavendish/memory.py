"""Card data remembered between missions in the app's settings: receptacle cards, Destiny deck."""

from __future__ import annotations

from dataclasses import dataclass

from companion.cavendish.model import ReceptacleCards
from widgets.services import AppServices

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


def remembered_cards(app: AppServices) -> ReceptacleCards | None:
    return app.settings.remembered(CARDS_KEY, RememberedCards, RememberedCards()).cards


def remember_cards(app: AppServices, cards: ReceptacleCards) -> None:
    app.settings.remember(CARDS_KEY, RememberedCards(cards))


def remembered_destiny(app: AppServices) -> tuple[int, ...]:
    return app.settings.remembered(DESTINY_KEY, RememberedDestiny, RememberedDestiny()).cards


def remember_destiny(app: AppServices, cards: tuple[int, ...]) -> None:
    """Keep a learned composition for the next mission (written only when it changed)."""
    if remembered_destiny(app) != tuple(sorted(cards)):
        app.settings.remember(DESTINY_KEY, RememberedDestiny(tuple(sorted(cards))))
