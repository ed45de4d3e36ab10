"""Many hands, one game (issue 21): three processes append to one game while an app window
plays it too. Every record is in the file exactly once, the file replays, and the window, once
it has caught up, shows what `companion show --json` reads from the file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from companion.six_sojourns.game import SIX_SOJOURNS
from companion.six_sojourns.setup import SojournsSetup
from saves.games.store import SaveStore
from tests.conftest import fixed_clock
from tests.quality.hands_worker import device
from tests.support.waiting import pause_until
from widgets.app import make_app
from widgets.play.result import ConfirmEndDialog
from widgets.six_sojourns.play import SojournsScreen

ROOT = Path(__file__).resolve().parents[2]
WORKERS = ("Ben", "Cy", "Dee")
"""One process per player, giving that player coins; the window buys the 0-cost card (one key,
whoever's turn it is: it changes no one's coins)."""
START_COINS = 12
WINDOW_MOST = 30
"""The window's purchases at most (4 players buy 36 cards in a game)."""


def workers(home: Path, save_id: str, count: int, pause: float) -> list[subprocess.Popen[str]]:
    worker = [sys.executable, "-m", "tests.quality.hands_worker", str(home), save_id]
    return [
        subprocess.Popen(
            [*worker, player, str(count), str(pause)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        for player in WORKERS
    ]


def shown_json(home: Path, save_id: str) -> dict[str, Any]:
    shown = subprocess.run(
        [sys.executable, "-m", "companion", "show", "--json", save_id],
        env={**os.environ, "COMPANION_HOME": str(home), "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    data: dict[str, Any] = json.loads(shown.stdout)
    return data


async def many_hands(home: Path, count: int, pause: float) -> None:
    """The workers give `count` coins each, `pause` seconds apart; the window buys cards (and
    undoes and redoes one now and then) for as long as they run."""
    store = SaveStore(home, fixed_clock, workers=False)
    saved = store.create(SIX_SOJOURNS, SojournsSetup(("Ana", *WORKERS)), "Many hands")
    processes = workers(home, saved.id, count, pause)
    app = make_app(home, clock=fixed_clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.open_saved(saved.id)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SojournsScreen)
        await pilot.press("t")
        (home / "go").touch()
        made = 0
        running = True
        while made < 3 or (running and made < WINDOW_MOST):
            await pilot.press("0")
            made += 1
            if made % 5 == 0:  # an undo between the others' records, and its redo
                await pilot.press("ctrl+z")
                await pilot.pause()
                if isinstance(app.screen, ConfirmEndDialog):  # the top is another device's
                    await pilot.press("n")
                else:
                    await pilot.press("ctrl+y")
            await pilot.pause()
            running = any(process.poll() is None for process in processes)
        outputs = [process.communicate(timeout=120) for process in processes]
        assert [process.returncode for process in processes] == [0, 0, 0], outputs
        assert all(out == "" for out, _err in outputs), outputs
        final = store.load(saved.id)
        await pause_until(pilot, lambda: screen.saved.record_count == final.record_count)
        assert screen.saved.record_count == final.record_count
        window = SIX_SOJOURNS.describe(screen.state)
        window_history = screen.session.history

    records = tomllib.loads(store.path_for(saved.id).read_text("utf-8"))["records"]
    assert list(records) == [f"r{n}" for n in range(1, final.record_count + 1)]
    tags = Counter(r["seat"] for r in records.values() if r.get("by", "").startswith("w"))
    expected = {f"{player} {n}" for player in WORKERS for n in range(1, count + 1)}
    assert set(tags) == expected and set(tags.values()) == {1}
    assert {r.seat for r in final.origins if r.by.startswith("w")} == expected  # none undone
    window_does = [key for key, r in records.items() if r.get("by") == app.device.id and "do" in r]
    assert len(window_does) == made
    mine = [r.number for r in final.origins if r.by == app.device.id]
    theirs = [r.number for r in final.origins if r.by != app.device.id]
    assert min(mine) < max(theirs)  # the window acted among the others
    assert [r.number for r in final.origins] == sorted(r.number for r in final.origins)
    coins = {p.name: p.coins for p in final.session.state.sheet.players}
    assert coins == {"Ana": START_COINS, **{player: START_COINS + count for player in WORKERS}}
    assert final.session.state.cards_taken == len(mine)
    shown = shown_json(home, saved.id)
    assert window == {key: shown[key] for key in window}
    assert window_history == shown["history"]
    assert {device(p) for p in WORKERS} | {app.device.id} == {r.by for r in final.origins}


async def test_three_processes_and_a_window_on_one_game(companion_home: Path) -> None:
    await many_hands(companion_home, 200, 0.02)


@pytest.mark.slow
async def test_three_processes_and_a_window_on_one_game_for_longer(companion_home: Path) -> None:
    await many_hands(companion_home, 1000, 0.01)
