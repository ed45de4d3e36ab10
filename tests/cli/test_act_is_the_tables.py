"""`companion act` is the table's: it sits at no seat, so another seat's move is never asked nor
refused there, strict seats or not (docs/seats.md, "Whose move it is")."""

from __future__ import annotations

from pathlib import Path

from companion.six_sojourns.actions import AdjustCoins
from companion.six_sojourns.game import SIX_SOJOURNS
from companion.six_sojourns.setup import SojournsSetup
from saves.games.store import SaveStore
from saves.shared.presence import Presence
from saves.shared.settings import SettingsStore
from tests.cli.conftest import Run
from tests.conftest import fixed_clock
from widgets.play.whose_move import STRICT_SEATS


def test_act_makes_a_seats_move_with_strict_seats_on(run: Run, companion_home: Path) -> None:
    saved = SaveStore(companion_home, fixed_clock).create(
        SIX_SOJOURNS, SojournsSetup(players=("Ana", "Ben"))
    )
    assert SettingsStore(companion_home).set_preference(STRICT_SEATS, True)
    elsewhere = Presence(companion_home, saved.id, "tother0000001", process=4242)
    elsewhere.sit("Ana", ["Ana", "Ben"])
    try:
        assert SIX_SOJOURNS.mover(saved.session.state, AdjustCoins("Ben", 1)) == "Ben"
        code, _out, err = run("act", saved.id, "AdjustCoins", "player=Ben", "delta=1")
    finally:
        elsewhere.release()
    assert (code, err) == (0, "")
    assert SaveStore(companion_home).load(saved.id).session.actions == [AdjustCoins("Ben", 1)]
