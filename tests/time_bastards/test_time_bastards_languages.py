"""Time Bastards in French and German: a refusal, a log line and the winner's reason said in the
reader's language (the rules say them as phrases, English underneath), and the play screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from companion.core import RuleError
from companion.time_bastards.game import narrate
from companion.time_bastards.model import MoveEarliest, PlaceNewPiece, RollD6, TimeBastardsState
from companion.time_bastards.result import verdict
from companion.time_bastards.rules import apply
from lang import tr
from tests.time_bastards.test_time_bastards_snapshots import MIDGAME, playing, settle


def refusal(state: TimeBastardsState) -> RuleError:
    with pytest.raises(RuleError) as raised:
        apply(state, MoveEarliest(1))
    return raised.value


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("fr", "C\u2019est à Ana de jouer, pas à Ben."),
        ("de", "Ana ist am Zug, nicht Ben."),
    ],
)
def test_a_refusal_is_said_in_the_reader_s_language(
    duel: TimeBastardsState, speak: Callable[[str], str], code: str, said: str
) -> None:
    error = refusal(duel)
    assert str(error) == "It is Ana's turn, not Ben's."  # English underneath, for --json
    speak(code)
    assert tr(error) == said


@pytest.mark.parametrize(
    ("code", "said"),
    [
        (
            "fr",
            "Ana fait 2. Le nouveau pion va au temps 1 : Ana choisit sa ligne temporelle. "
            "Ana pose un nouveau pion sur II au temps 1.",
        ),
        (
            "de",
            "Ana würfelt 2. Der neue Stein kommt auf Zeit 1: Ana wählt seine Zeitlinie. "
            "Ana setzt einen neuen Stein auf II bei 1.",
        ),
    ],
)
def test_a_log_line_is_said_in_the_reader_s_language(
    duel: TimeBastardsState, speak: Callable[[str], str], code: str, said: str
) -> None:
    moved = duel
    for player in (0, 1, 0, 1, 0, 1):  # three rounds: both first pieces at time 3
        moved = apply(moved, MoveEarliest(player))
    rolled = apply(moved, RollD6(0, 2))
    placed = apply(rolled, PlaceNewPiece(0, 2))
    lines = [narrate(moved, RollD6(0, 2), rolled), narrate(rolled, PlaceNewPiece(0, 2), placed)]
    assert lines[1] == "Ana places a new piece on II at 1."
    speak(code)
    assert " ".join(tr(line) for line in lines) == said


@pytest.mark.parametrize(
    ("code", "said"),
    [
        (
            "fr",
            "Égalité d\u2019exploits à 1 ; Ben a moins de pions sur le plateau (1 à 2).",
        ),
        ("de", "Erfolge gleichauf bei 1; Ben hat weniger Steine auf dem Plan (1 zu 2)."),
    ],
)
def test_the_winner_s_reason_is_said_in_the_reader_s_language(
    laid_out: Any, speak: Callable[[str], str], code: str, said: str
) -> None:
    state = laid_out([(0, 1, 3), (0, 2, 5), (1, 3, 4)], achievements=((1,), (2,)), finished=True)
    reason = verdict(state).reason
    assert reason == "Achievements tied at 1; Ben has fewer pieces on the board (1 to 2)."
    speak(code)
    assert tr(reason) == said


@pytest.mark.parametrize("code", ["fr", "de"])
def test_the_play_screen_in_french_and_german(
    snap_compare: Any, make_test_app: Any, speak: Callable[[str], str], code: str
) -> None:
    speak(code)
    app = make_test_app(start=playing([*MIDGAME, RollD6(0, 3)]))
    assert snap_compare(app, terminal_size=(80, 24), run_before=settle)
