"""`companion score GAME FILE`: a game's board file scored with the card data kept in the
settings (the game's `Game.board_file`), as text or JSON."""

from __future__ import annotations

from typing import Any

from companion.core import Game, RuleError
from companion.registry import get_game
from lang import t, tr
from saves.games.boards import read_board_file
from saves.shared.settings import SettingsStore


def offers_board_file(game: Game[Any, Any]) -> bool:
    """The game has a board file for `companion score` to read."""
    return game.board_file is not None


def score_output(game_id: str, name: str, settings: SettingsStore, as_json: bool) -> str:
    """What `companion score GAME FILE` prints: the file scored with the card data remembered
    in `settings`; `SaveError` for a file that cannot be read, ValueError naming what the rules
    refuse in it."""
    game = get_game(game_id)
    board = game.board_file if game is not None else None
    if board is None:
        raise ValueError(t("{game} has no board file to score", game=game_id))
    data = read_board_file(name)
    cards = settings.remembered(board.cards_key, board.cards_type, board.default_cards)
    try:
        return board.score_json(data, cards) if as_json else board.score_text(data, cards, tr)
    except RuleError as error:
        raise ValueError(t("{file}: {problem}", file=name, problem=error)) from None
    except RecursionError:
        raise ValueError(t("{file}: nested too deeply to be a board file", file=name)) from None
