"""The games a command takes, as argparse's choices, found only when that command needs them."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from companion.core import Game
from companion.registry import catalogue, get_game


class GameChoices:
    """The ids of the games `offers` accepts, in listing order, as argparse's `choices` of a
    command: found the first time argparse asks (when that command is parsed, refused or its
    help printed), because finding them imports every game's rules (about 100 ms), which no
    other command pays for. Set it on the argument after `add_argument`, which would otherwise
    list the choices at once to check the usage line."""

    def __init__(self, offers: Callable[[Game[Any, Any]], bool]) -> None:
        self.offers = offers
        self._ids: list[str] | None = None

    @property
    def ids(self) -> list[str]:
        if self._ids is None:
            games = [get_game(game_id) for game_id, _title in catalogue()]
            self._ids = [game.id for game in games if game is not None and self.offers(game)]
        return self._ids

    def __contains__(self, value: object) -> bool:
        return value in self.ids

    def __iter__(self) -> Iterator[str]:
        return iter(self.ids)
