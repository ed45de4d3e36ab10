"""A checkpoint's state decoded by a plan made once for its type (saves/games/state_plan.py):
the very state the codec gives back, and a state the plan cannot give back exactly is said so
(its checkpoint is then never written)."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from pathlib import Path

from companion.registry import get_game
from saves.codec import from_plain, to_plain
from saves.games.document import read_document
from saves.games.state_plan import decoded_state, decodes_exactly

SAMPLES = Path(__file__).resolve().parents[2] / "data" / "samples"


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True)
class Piece:
    colour: Colour
    at: tuple[int, int]
    weight: float = 1.0


@dataclass(frozen=True)
class Board:
    pieces: tuple[Piece, ...]
    names: tuple[str, ...]
    owner: str | None
    either: int | str
    notes: dict[str, Piece] = field(default_factory=dict)


def test_every_kind_of_field_comes_back_as_the_codec_gives_it() -> None:
    board = Board(
        (Piece(Colour.RED, (1, 2)), Piece(Colour.BLUE, (3, 4), 2.5)),
        ("Ana", "Ben"),
        None,
        "seven",
        {"first": Piece(Colour.RED, (0, 0))},
    )
    plain = to_plain(board)
    plain["pieces"][0]["weight"] = 1  # a whole number where a float is kept
    assert decoded_state(Board, plain) == from_plain(Board, plain) == board
    assert decodes_exactly(board, to_plain(board))


def test_a_state_the_plan_cannot_give_back_is_said_so() -> None:
    board = Board((), (), "Ana", 7)
    assert not decodes_exactly(board, {**to_plain(board), "stray": 1})
    assert not decodes_exactly(board, {**to_plain(board), "owner": "Ben"})


def test_every_games_sample_states_come_back_exactly() -> None:
    for sample in sorted(SAMPLES.glob("*.toml")):
        saved = read_document(sample, sample.read_bytes())
        game = get_game(saved.game.id)
        assert game is not None
        for step in saved.session.steps:
            plain = to_plain(step.state)
            assert decoded_state(game.state_type, plain) == step.state, sample.name


@dataclass(frozen=True)
class Tidied:
    """A state whose `__post_init__` tidies what it is given: built through its `__init__`."""

    names: tuple[str, ...]
    count: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "names", tuple(sorted(self.names)))


def test_a_state_is_built_as_its_class_builds_it() -> None:
    tidied = decoded_state(Tidied, {"names": ["Ben", "Ana"]})
    assert tidied == Tidied(("Ana", "Ben")) and tidied.names == ("Ana", "Ben")
    piece = decoded_state(Piece, {"colour": "red", "at": [1, 2]})  # its default kept
    assert piece == Piece(Colour.RED, (1, 2)) and piece.weight == 1.0
    assert not decodes_exactly(Piece(Colour.RED, (1, 2)), {"colour": "red", "at": [1, 2], "x": 1})
