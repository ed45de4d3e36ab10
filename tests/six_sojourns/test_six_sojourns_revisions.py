"""Six Sojourns rules revision 2: a switch between the score pad and the board never counts a
trades token twice (it converts the icons typed or keeps them, and says which), beside what
revision 1 still does for the games saved before it; revision 3: a count of icons no trade can
use is refused, and older games keep theirs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import tomli_w

from companion.core import RuleError
from companion.session import Session
from companion.six_sojourns.actions import EnterCount, EnterSpace, ScoreBy, SojournsState
from companion.six_sojourns.game import SIX_SOJOURNS, narrate
from companion.six_sojourns.model import RULES_REVISION, Pieces, Space
from companion.six_sojourns.scoring import score
from companion.six_sojourns.setup import SojournsSetup
from companion.six_sojourns.switch import held_tokens, tokens_words
from saves.games.store import SaveStore, to_document
from tests.conftest import fixed_clock
from tests.support.saving import record_played

SETUP = SojournsSetup(players=("Ana", "Ben"), expansions=("trades-tokens",))
ART_TOKEN = Space("A1", island="North", trade_token="art", pieces={"Ana": Pieces(people=2)})
ENTERED = [
    EnterCount("Ana", "art", 4),
    EnterCount("Ana", "spaces", 1),
    EnterSpace(ART_TOKEN),
]
"""Ana's pad: 4 art icons, the trades token on A1 among them (art 4/5: 4 VP), and 1 space.
The board: A1, which Ana controls, with that art token on it."""


def played(actions: list[Any], revision: int = RULES_REVISION) -> SojournsState:
    return Session(SIX_SOJOURNS, SETUP, [*ENTERED, *actions], rules=revision).state


def ana(state: SojournsState) -> int:
    return score(state.sheet, state.thresholds).totals["Ana"]


def test_a_new_game_plays_under_the_newest_revision() -> None:
    assert SIX_SOJOURNS.rules_revision == RULES_REVISION == 3
    assert Session(SIX_SOJOURNS, SETUP).state.rules == 3


def test_the_board_gives_the_token_to_whoever_controls_its_space() -> None:
    state = played([])
    assert held_tokens(state.sheet) == {"Ana": {"art": 1}, "Ben": {}}
    assert tokens_words(held_tokens(state.sheet)) == "Ana 1 art token"
    assert ana(state) == 5  # the pad: 1 space + art 4 VP


def test_revision_one_counts_the_token_twice_as_it_did() -> None:
    """The friction found: the switch added the token on top of the icons typed (4 + 1 = 5
    art, 7 VP instead of 4), without a word."""
    state = played([ScoreBy("board")], revision=1)
    assert state.sheet.players[0].icons("art") == 4
    assert ana(state) == 1 + 1 + 7  # A1, the North island, art 7 VP
    with pytest.raises(RuleError, match="revision 1"):
        played([ScoreBy("board", "convert")], revision=1)


def test_revision_two_asks_which() -> None:
    with pytest.raises(RuleError, match=r"trades tokens \(Ana 1 art token\).*convert.*keep"):
        played([ScoreBy("board")])


def test_convert_takes_the_token_out_of_the_icons_typed_and_says_so() -> None:
    before = played([])
    after = played([ScoreBy("board", "convert")])
    assert after.sheet.players[0].icons("art") == 3
    assert ana(after) == 1 + 1 + 4  # A1, the North island, art 3 + 1 token = 4: 4 VP
    line = narrate(before, ScoreBy("board", "convert"), after)
    assert line == (
        "Scoring from the board; the trades tokens now count from the board, taken out of the "
        "icons typed (Ana art 4 -> 3)"
    )


def test_keep_leaves_the_icons_as_typed_and_says_so() -> None:
    before = played([])
    after = played([ScoreBy("board", "keep")])
    assert after.sheet.players[0].icons("art") == 4
    assert narrate(before, ScoreBy("board", "keep"), after) == (
        "Scoring from the board; icons kept as typed, the board's trades tokens on top "
        "(Ana 1 art token)"
    )


def test_back_to_the_pad_converts_the_other_way() -> None:
    board = played([ScoreBy("board", "convert")])
    pad = played([ScoreBy("board", "convert"), ScoreBy("pad", "convert")])
    assert pad.sheet.pad and pad.sheet.players[0].icons("art") == 4
    assert ana(pad) == 5
    assert narrate(board, ScoreBy("pad", "convert"), pad).endswith(
        "the board's trades tokens added to the icons typed (Ana art 3 -> 4)"
    )


def test_icons_too_few_to_hold_the_token_cannot_be_converted() -> None:
    with pytest.raises(RuleError, match="Ana has 0 art icons typed, fewer than the 1 trades"):
        played([EnterCount("Ana", "art", 0), ScoreBy("board", "convert")])


def test_no_token_on_the_board_needs_no_choice() -> None:
    state = Session(SIX_SOJOURNS, SETUP, [EnterCount("Ana", "art", 4), ScoreBy("board")]).state
    assert not state.sheet.pad and state.sheet.players[0].icons("art") == 4
    same = SIX_SOJOURNS.apply(state, ScoreBy("board", "convert"))
    assert same == state  # already scored from the board: nothing to switch


def test_a_save_from_before_the_revision_replays_as_it_was(companion_home: Path) -> None:
    store = SaveStore(companion_home, fixed_clock, games={SIX_SOJOURNS.id: SIX_SOJOURNS})
    saved = store.create(SIX_SOJOURNS, SETUP, "Before")
    for action in ENTERED:
        saved.session.do(action)
    record_played(store, saved)
    path = store.path_for(saved.id)
    assert "rules = 3\n" in path.read_text(encoding="utf-8")
    old = to_document(saved)  # as a format 1 save of before the revision had it
    old["format"], old["revision"] = 1, 3
    del old["rules"]
    old["actions"].append({"action": "ScoreBy", "mode": "board"})
    path.write_text(tomli_w.dumps(old), encoding="utf-8")
    loaded = store.load(saved.id)
    assert loaded.session.rules == 1
    state = loaded.session.state
    assert not state.sheet.pad and state.sheet.players[0].icons("art") == 4
    assert ana(state) == 1 + 1 + 7  # scored as it was when it was saved


def test_revision_three_refuses_a_count_of_icons_no_trade_can_use() -> None:
    """The friction: 225 icons were accepted (2, 2 and 5 meant for three cells). Revision 3
    refuses a count over 99, naming the limit; 99 itself is taken."""
    with pytest.raises(RuleError, match=r"Ana: 225 cooking icons .* at most 99 icons of a trade"):
        played([EnterCount("Ana", "cooking", 225)])
    assert played([EnterCount("Ana", "cooking", 99)]).sheet.players[0].icons("cooking") == 99


def test_a_game_of_revision_two_keeps_its_counts_as_typed() -> None:
    """A save played before revision 3 replays with the count it holds, however big."""
    state = played([EnterCount("Ana", "cooking", 225)], revision=2)
    assert state.rules == 2 and state.sheet.players[0].icons("cooking") == 225
