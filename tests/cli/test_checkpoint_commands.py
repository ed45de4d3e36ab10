"""`companion act`, `show` and `resume` start from a game's checkpoint (issue 30): they keep it,
and print what a full replay of the file gives."""

from __future__ import annotations

import json
from pathlib import Path

from companion.cli.show import show_lines
from companion.six_sojourns.actions import AdjustCoins
from companion.six_sojourns.game import SIX_SOJOURNS
from companion.six_sojourns.setup import SojournsSetup
from saves.games import checkpoint
from saves.games.exports import game_json
from saves.games.journal import Draft
from saves.games.store import SaveStore
from tests.cli.conftest import Run
from tests.conftest import fixed_clock


def long_game(home: Path) -> str:
    """A Six Sojourns game long enough for a checkpoint (coins up and down); its id."""
    store = SaveStore(home, fixed_clock)
    saved = store.create(SIX_SOJOURNS, SojournsSetup(players=("Ana", "Ben")))
    length = checkpoint.SMALLEST_GAME + 10
    drafts = [Draft("do", AdjustCoins("Ana", 1 if n % 2 == 0 else -1)) for n in range(length)]
    store.transact(saved, lambda _theirs: drafts)
    return saved.id


def test_act_and_show_keep_a_checkpoint_and_print_what_the_file_says(
    run: Run, companion_home: Path
) -> None:
    save_id = long_game(companion_home)
    kept = checkpoint.checkpoint_path(companion_home, save_id)
    assert run("act", save_id, "AdjustCoins", "player=Ben", "delta=2")[0] == 0
    assert kept.is_file()
    code, out, err = run("act", save_id, "AdjustCoins", "player=Ben", "delta=-1")
    full = SaveStore(companion_home).load(save_id)
    assert (code, err) == (0, "") and out == f"{full.session.history[-1]}\n"
    assert run("show", save_id) == (0, "\n".join(show_lines(full)) + "\n", "")
    code, out, _err = run("show", save_id, "--json")
    assert json.loads(out) == json.loads(json.dumps(game_json(full)))
