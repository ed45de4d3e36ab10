"""A Hypothesis state machine: several writers on one game's file in one process (issue 21).

Each writer is a `SaveStore` and the `SavedGame` it loaded, acting only through `transact`: an
action, a count set, a play's details, an undo and a redo (of what it sees as last: a target it
saw before catching up may be stale, and is then refused), a catch-up, and a crash in the
middle of a line. A model (a `Session` and the record numbers on its two stacks) follows the
one order in which the transactions were made. After every step: the file loads and equals the
model, its records are numbered r1, r2, ... with no gap, and every writer, once caught up,
equals a fresh load.
"""

from __future__ import annotations

import shutil
import tempfile
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

from companion.core import RuleError
from companion.session import Session
from companion.six_sojourns.actions import AdjustCoins, EnterCount
from companion.six_sojourns.game import SIX_SOJOURNS
from companion.six_sojourns.setup import SojournsSetup
from saves.games.journal import Draft
from saves.games.records import Record, record_line
from saves.games.store import SavedGame, SaveStore
from tests.conftest import fixed_clock

SETUP = SojournsSetup(("Ana", "Ben"))
WRITERS = 3
QUICK = settings(max_examples=30, stateful_step_count=40, deadline=None)
LONG = settings(max_examples=300, stateful_step_count=60, deadline=None)

writers = st.integers(0, WRITERS - 1)
players = st.sampled_from(SETUP.players)


def seen(saved: SavedGame) -> tuple[Any, ...]:
    return (
        SIX_SOJOURNS.describe(saved.session.state),
        saved.session.history,
        [r.number for r in saved.origins],
        [r.number for r in saved.undone],
        saved.record_count,
        saved.extra.get("play_details"),
    )


class HandsMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.home = Path(tempfile.mkdtemp(prefix="hands-machine-"))
        first = SaveStore(self.home, fixed_clock, workers=False)
        saved = first.create(SIX_SOJOURNS, SETUP, "Machine")
        self.id = saved.id
        self.stores = [first] + [
            SaveStore(self.home, fixed_clock, workers=False) for _ in range(WRITERS - 1)
        ]
        self.games = [saved] + [store.load(self.id) for store in self.stores[1:]]
        self.model = Session(SIX_SOJOURNS, SETUP)
        self.applied: list[int] = []
        self.undone: list[int] = []
        self.records = 0
        self.details_made: list[dict[str, str]] = []
        self.was: dict[int, str] = {}
        """The value each count's record says it replaced."""
        self.torn = False
        """A crash left part of a line at the end, not yet cut off by an append."""

    def teardown(self) -> None:
        shutil.rmtree(self.home, ignore_errors=True)

    @property
    def path(self) -> Path:
        return self.stores[0].path_for(self.id)

    def transact(self, writer: int, draft: Draft | Any) -> bool:
        """One transaction of `writer`; `draft` may be a function of its caught-up game."""
        store, saved = self.stores[writer], self.games[writer]

        def drafts(_theirs: list[Record]) -> list[Draft]:
            return [draft(saved) if callable(draft) else draft]

        try:
            store.transact(saved, drafts, by=f"t{writer}")
        except RuleError:
            return False
        self.records += 1
        self.torn = False
        return True

    def do(self, writer: int, action: Any) -> None:
        try:
            self.model.do(action)
        except RuleError:
            assert not self.transact(writer, Draft("do", action))
            return
        assert self.transact(writer, Draft("do", action))
        self.applied.append(self.records)
        self.undone.clear()

    @rule(writer=writers, player=players, delta=st.integers(-13, 3).filter(bool))
    def adjust_coins(self, writer: int, player: str, delta: int) -> None:
        self.do(writer, AdjustCoins(player, delta))

    @rule(writer=writers, player=players, value=st.integers(0, 9))
    def set_count(self, writer: int, player: str, value: int) -> None:
        """A count typed over the value this writer shows (it may not have caught up): as every
        device does, it carries that value and is refused when the newest state has another."""
        action = EnterCount(player, "cooking", value)
        seen = SIX_SOJOURNS.replaced(self.games[writer].session.state, action)
        assert seen is not None

        def draft(caught_up: SavedGame) -> Draft:
            now = SIX_SOJOURNS.replaced(caught_up.session.state, action)
            if now is None or now.value != seen.value:
                raise RuleError("changed on another device meanwhile")
            return Draft("do", action, was=seen.value)

        newest = SIX_SOJOURNS.replaced(self.model.state, action)
        if newest is None or newest.value != seen.value:
            assert not self.transact(writer, draft)
            return
        self.model.do(action)
        assert self.transact(writer, draft)
        self.applied.append(self.records)
        self.undone.clear()
        self.was[self.records] = seen.value

    @rule(writer=writers, stale=st.booleans())
    def undo(self, writer: int, stale: bool) -> None:
        """Undo the last step: as the writer sees it now (`stale`), or once caught up."""
        saved = self.games[writer]
        seen_target = saved.origins[-1].number if saved.origins else None

        def draft(caught_up: SavedGame) -> Draft:
            target = (
                seen_target
                if stale
                else caught_up.origins[-1].number
                if caught_up.origins
                else None
            )
            if target is None:
                raise RuleError("Nothing to undo.")
            return Draft("undo", target=target)

        expected = seen_target if stale else (self.applied[-1] if self.applied else None)
        made = self.transact(writer, draft)
        assert made == (
            expected is not None and bool(self.applied) and expected == self.applied[-1]
        )
        if made:
            self.model.undo()
            self.undone.append(self.applied.pop())

    @rule(writer=writers, stale=st.booleans())
    def redo(self, writer: int, stale: bool) -> None:
        saved = self.games[writer]
        seen_target = saved.undone[-1].number if saved.undone else None

        def draft(caught_up: SavedGame) -> Draft:
            target = (
                seen_target if stale else caught_up.undone[-1].number if caught_up.undone else None
            )
            if target is None:
                raise RuleError("Nothing to redo.")
            return Draft("redo", target=target)

        expected = seen_target if stale else (self.undone[-1] if self.undone else None)
        made = self.transact(writer, draft)
        assert made == (expected is not None and bool(self.undone) and expected == self.undone[-1])
        if made:
            self.model.redo()
            self.applied.append(self.undone.pop())

    @rule(writer=writers, note=st.text(max_size=20))
    def details(self, writer: int, note: str) -> None:
        """A play's details: a record of its own, on neither stack."""
        assert self.transact(writer, Draft("details", details={"note": note}))
        self.details_made.append({"note": note})

    @rule(writer=writers)
    def catch_up(self, writer: int) -> None:
        self.stores[writer].catch_up(self.games[writer])

    @rule(cut=st.integers(1, 400))
    def crash_mid_line(self, cut: int) -> None:
        """A writer died in the middle of its line (maybe longer than the next one): never
        read, cut off by the next append."""
        line = record_line(Record(self.records + 1, "do", AdjustCoins("Ana", 1), seat="x" * 300))
        with open(self.path, "ab") as handle:
            handle.write(line.encode()[: min(cut, len(line) - 1)])
        self.torn = True

    @invariant()
    def the_file_loads_and_equals_the_model(self) -> None:
        content = self.path.read_bytes()
        complete = content[: content.rfind(b"\n") + 1]
        assert self.torn or complete == content
        numbers = list(tomllib.loads(complete.decode())["records"])
        assert numbers == [f"r{n}" for n in range(1, self.records + 1)]
        loaded = SaveStore(self.home, fixed_clock, workers=False).load(self.id)
        assert SIX_SOJOURNS.describe(loaded.session.state) == SIX_SOJOURNS.describe(
            self.model.state
        )
        assert [r.number for r in loaded.origins] == self.applied
        assert [r.number for r in loaded.undone] == self.undone
        assert loaded.extra.get("play_details", []) == self.details_made
        assert {r.number: r.was for r in loaded.origins if r.was is not None} == {
            number: was for number, was in self.was.items() if number in self.applied
        }
        for saved, store in zip(self.games, self.stores, strict=True):
            caught_up = saved.trial()  # the writer itself stays where it was
            store.catch_up(caught_up)
            assert seen(caught_up) == seen(loaded)


TestHandsMachine = HandsMachine.TestCase
TestHandsMachine.settings = QUICK


@pytest.mark.slow
def test_hands_machine_long() -> None:
    run_state_machine_as_test(HandsMachine, settings=LONG)
