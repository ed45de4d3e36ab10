"""Another process holds a game's lock while its play screen acts, ends the game and saves the
play's details: the screen keeps taking keys and says its changes wait, and once the lock is let
go every change is in the file exactly once. The lock covers only catch-up, decide and append:
the screen's thread never waits for it, and nothing is drawn while it is held."""

from __future__ import annotations

import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, Static

from companion.cavendish.actions import AbandonMission, GainAzrak, LoseAzrak
from companion.cavendish.game import CAVENDISH
from companion.history.details import PlayDetails
from companion.six_sojourns.actions import AdjustCoins
from saves import append_log
from saves.games.journal import Draft
from saves.games.records import Record, RecordReader
from saves.games.store import SavedGame, SaveStore
from saves.history.details import details_draft, details_of
from saves.paths import locks_dir
from tests.conftest import fixed_clock
from tests.history.games import cavendish_in_play, samples
from tests.support.samples import install_sample
from tests.support.waiting import HANG_SECONDS, pause_until
from widgets.play import shared_game, upgrade, words
from widgets.play.game_screen import GameScreen
from widgets.play.result import ResultScreen
from widgets.stats.details import DetailsDialog
from widgets.table_view import TableViewScreen

OTHER_DEVICE = "b0123456789a"
HOLDER = """
import fcntl, os, sys
descriptor = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o600)
fcntl.flock(descriptor, fcntl.LOCK_EX)
print("held", flush=True)
sys.stdin.readline()
"""
"""Another process: holds the lock file it is given until a line comes on its input."""


@contextmanager
def held_elsewhere(lock_file: Path) -> Iterator[None]:
    """The game's lock held by another process for the block (let go at its end)."""
    lock_file.parent.mkdir(parents=True, exist_ok=True)
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(lock_file)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout is not None and holder.stdin is not None
    try:
        assert holder.stdout.readline().strip() == "held"
        yield
    finally:
        holder.stdin.write("go\n")
        holder.stdin.flush()
        holder.wait(HANG_SECONDS)


def records_in(store: SaveStore, save_id: str) -> list[Record]:
    import tomllib

    path = store.path_for(save_id)
    tables = tomllib.loads(path.read_text("utf-8"))["records"]
    return RecordReader(path, store.load(save_id).game).records(tables, 1)


def waiting_line(screen: GameScreen) -> str:
    found = screen.query("#lock-wait")
    return str(found.first(Static).render()) if found else ""


@pytest.fixture
def never_on_screen_thread(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """Every deadline the screen's thread asks the game's lock for (each must be 0: try once,
    never wait)."""
    asked: list[float] = []
    real = SaveStore.game_lock

    def game_lock(self: SaveStore, save_id: str, deadline: float = 2.0) -> Any:
        if threading.current_thread() is threading.main_thread():
            asked.append(deadline)
        return real(self, save_id, deadline)

    monkeypatch.setattr(SaveStore, "game_lock", game_lock)
    monkeypatch.setattr(shared_game, "WAIT_SECONDS", HANG_SECONDS)  # only a hang gives up
    monkeypatch.setattr(upgrade, "WAIT_SECONDS", HANG_SECONDS)
    return asked


async def test_the_screen_plays_on_while_another_process_holds_the_lock(
    make_test_app: Any, companion_home: Path, never_on_screen_thread: list[float]
) -> None:
    saved = cavendish_in_play(companion_home)
    later = samples.play(
        CAVENDISH, samples.CAVENDISH_SETUP, samples.cavendish_moves, 11, 2026
    ).actions[10]
    lock_file = locks_dir(companion_home) / f"{saved.id}.lock"
    app = make_test_app(start=lambda app: app.open_saved(saved.id))
    async with app.run_test(size=(80, 24)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        never_on_screen_thread.clear()  # from here: the screen acts, ends, saves details
        with held_elsewhere(lock_file):
            assert screen.act(later)  # accepted on the state shown: it waits for the lock
            await pilot.press("X", "y")  # the end of the mission, behind it
            await pause_until(pilot, lambda: "2 changes to follow" in waiting_line(screen))
            await pilot.press("v")  # a later key is handled while the lock is held
            await pause_until(pilot, lambda: isinstance(app.screen, TableViewScreen))
            await pilot.press("escape")
            await pause_until(pilot, lambda: app.screen is screen)
            assert screen.session.actions == saved.session.actions  # nothing made yet
            assert not screen.is_over
        await pause_until(pilot, lambda: isinstance(app.screen, ResultScreen))
        assert not waiting_line(screen)
        await pilot.press("escape")
        await pause_until(pilot, lambda: isinstance(app.screen, DetailsDialog))
        app.screen.query_one("#details-location", Input).value = "Club"
        with held_elsewhere(lock_file):
            await pilot.press("ctrl+s")
            await pause_until(pilot, lambda: "1 change to follow" in waiting_line(screen))
            assert app.screen is screen  # the dialog closed: the screen takes keys
            await pilot.press("v")
            await pause_until(pilot, lambda: isinstance(app.screen, TableViewScreen))
            await pilot.press("escape")
            await pause_until(pilot, lambda: app.screen is screen)
            assert "play_details" not in screen.saved.extra
        await pause_until(pilot, lambda: "play_details" in screen.saved.extra)
        assert not waiting_line(screen)
    assert never_on_screen_thread and set(never_on_screen_thread) == {0}
    store = SaveStore(companion_home)
    records = records_in(store, saved.id)
    made = [record.action for record in records if record.kind == "do"]
    assert made == [*saved.session.actions, later, AbandonMission()]  # each once, in order
    assert [record.kind for record in records].count("details") == 1
    reloaded = store.load(saved.id)
    assert reloaded.status != "playing"
    assert details_of(reloaded.extra) == PlayDetails("Club")


async def test_the_screen_waits_for_no_write_lock_on_the_game_file_either(
    make_test_app: Any,
    companion_home: Path,
    monkeypatch: pytest.MonkeyPatch,
    never_on_screen_thread: list[float],
) -> None:
    """Another process holds the game file's own lock for a write (a writer whose lock file was
    deleted under it): the screen's write tries it once, the change waits and is made once it
    is free, and the screen takes keys meanwhile."""
    saved = cavendish_in_play(companion_home)
    later = samples.play(
        CAVENDISH, samples.CAVENDISH_SETUP, samples.cavendish_moves, 11, 2026
    ).actions[10]
    tried: list[float] = []
    real = append_log.lock_for_write

    def lock_for_write(path: Path, descriptor: int, deadline: float) -> None:
        if threading.current_thread() is threading.main_thread():
            tried.append(deadline)
        real(path, descriptor, deadline)

    monkeypatch.setattr(append_log, "lock_for_write", lock_for_write)
    app = make_test_app(start=lambda app: app.open_saved(saved.id))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_cavendish(pilot, app)
        with held_elsewhere(SaveStore(companion_home).path_for(saved.id)):
            assert screen.act(later)
            await pause_until(pilot, lambda: "1 change to follow" in waiting_line(screen))
            await pilot.press("v")
            await pause_until(pilot, lambda: isinstance(app.screen, TableViewScreen))
            await pilot.press("escape")
            await pause_until(pilot, lambda: app.screen is screen)
            assert screen.session.actions == saved.session.actions
        await pause_until(pilot, lambda: not waiting_line(screen))
        assert screen.session.actions == [*saved.session.actions, later]
    assert tried and set(tried) == {0}
    made = [r.action for r in records_in(SaveStore(companion_home), saved.id) if r.kind == "do"]
    assert made == [*saved.session.actions, later]


async def test_changes_held_up_past_the_wait_are_dropped_and_said(
    make_test_app: Any, companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = cavendish_in_play(companion_home)
    later = samples.play(
        CAVENDISH, samples.CAVENDISH_SETUP, samples.cavendish_moves, 11, 2026
    ).actions[10]
    monkeypatch.setattr(shared_game, "WAIT_SECONDS", 0.0)  # the lock never comes free in time
    app = make_test_app(start=lambda app: app.open_saved(saved.id))
    dropped: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        monkeypatch.setattr(
            screen, "notify", lambda message, **_kw: dropped.append(message), raising=False
        )
        with held_elsewhere(locks_dir(companion_home) / f"{saved.id}.lock"):
            assert screen.act(later)
            await pause_until(pilot, lambda: any("not made" in said for said in dropped))
            assert not screen.shared.waiting and not waiting_line(screen)
        assert screen.act(later)  # the lock free again: made at once
    made = [r.action for r in records_in(SaveStore(companion_home), saved.id) if r.kind == "do"]
    assert made == [*saved.session.actions, later]


async def test_changes_waiting_for_the_lock_when_the_game_closes_are_said_not_made(
    make_test_app: Any, companion_home: Path
) -> None:
    """A change waits for another device's lock and the player leaves the game meanwhile: it
    is not made, and one line says so (it never vanishes without a word)."""
    from tests.support.notes import record_notes

    saved = cavendish_in_play(companion_home)
    later = samples.play(
        CAVENDISH, samples.CAVENDISH_SETUP, samples.cavendish_moves, 11, 2026
    ).actions[10]
    app = make_test_app(start=lambda app: app.open_saved(saved.id))
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        with held_elsewhere(locks_dir(companion_home) / f"{saved.id}.lock"):
            assert screen.act(later) and screen.shared.queue  # it waits for the lock
            screen.action_leave()
            await pause_until(pilot, lambda: not isinstance(app.screen, GameScreen))
            said = "Not saved (the game was closed while another device saved it): 1 change"
            await pause_until(pilot, lambda: any(note.startswith(said) for note in notes))
    made = [r.action for r in records_in(SaveStore(companion_home), saved.id) if r.kind == "do"]
    assert made == saved.session.actions


def appends_as_the_lock_is_taken(
    monkeypatch: pytest.MonkeyPatch, store: SaveStore, home: Path, save_id: str, draft: Any
) -> None:
    """Another device appends `draft()` between the screen's look at the file and its lock
    (once: the next transaction is left alone)."""
    real = store.transact
    done: list[bool] = []

    def transact(*args: Any, **kwargs: Any) -> Any:
        if not done:
            done.append(True)
            other = SaveStore(home, fixed_clock)
            theirs = other.load(save_id)
            other.transact(theirs, lambda _theirs: [draft(theirs)], by=OTHER_DEVICE)
        return real(*args, **kwargs)

    monkeypatch.setattr(store, "transact", transact)


async def open_cavendish(pilot: Any, app: Any) -> GameScreen:
    await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
    screen = app.screen
    assert isinstance(screen, GameScreen)
    return screen


async def test_an_action_appended_as_the_lock_is_taken_is_decided_on(
    make_test_app: Any, companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = cavendish_in_play(companion_home)
    later = samples.play(
        CAVENDISH, samples.CAVENDISH_SETUP, samples.cavendish_moves, 11, 2026
    ).actions[10]
    app = make_test_app(start=lambda app: app.open_saved(saved.id))
    decided_on: list[list[Record]] = []
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_cavendish(pilot, app)
        store = screen.companion.store
        appends_as_the_lock_is_taken(
            monkeypatch, store, companion_home, saved.id, lambda _g: Draft("do", later)
        )

        def decide(theirs: list[Record]) -> list[Draft]:
            decided_on.append(list(theirs))
            return [Draft("do", later)]

        assert screen.shared.commit(decide) is True
    (theirs,) = decided_on  # decided once, knowing the other device's record
    assert [record.by for record in theirs] == [OTHER_DEVICE]
    records = records_in(SaveStore(companion_home), saved.id)
    assert [(r.action, r.by) for r in records[-2:]] == [
        (later, OTHER_DEVICE),
        (later, app.device.id),
    ]


def undo_last(game: SavedGame) -> Draft:
    return Draft("undo", target=game.origins[-1].number)


def redo_last(game: SavedGame) -> Draft:
    return Draft("redo", target=game.undone[-1].number)


def club_details(game: SavedGame) -> Draft:
    return details_draft(game, PlayDetails("Club"), fixed_clock())


@pytest.mark.parametrize(
    ("theirs", "kind"), [(undo_last, "undo"), (redo_last, "redo"), (club_details, "details")]
)
async def test_an_undo_redo_or_details_appended_as_the_lock_is_taken_keeps_a_legal_change(
    make_test_app: Any,
    companion_home: Path,
    monkeypatch: pytest.MonkeyPatch,
    theirs: Callable[[SavedGame], Draft],
    kind: str,
) -> None:
    """Another device's undo, redo or play details between the screen's look at the file and
    its lock: the change is decided on the game after them, and made while it is still legal."""
    saved = cavendish_in_play(companion_home)
    if kind == "redo":  # something to redo: the last action undone before the screen opens
        store = SaveStore(companion_home, fixed_clock)
        undone = store.open_for_play(saved.id)
        store.transact(undone, lambda _theirs: [undo_last(undone)], by=OTHER_DEVICE)
    still_legal = LoseAzrak("Amy", 1)  # legal with Amy's last Explore and without it
    app = make_test_app(start=lambda app: app.open_saved(saved.id))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_cavendish(pilot, app)
        shown = screen.session.actions
        store = screen.companion.store
        appends_as_the_lock_is_taken(monkeypatch, store, companion_home, saved.id, theirs)
        assert screen.act(still_legal)
        after = {"undo": shown[:-1], "redo": [*shown, saved.session.actions[-1]]}
        assert screen.session.actions == [*after.get(kind, shown), still_legal]
    records = records_in(SaveStore(companion_home), saved.id)
    assert [(r.kind, r.by) for r in records[-2:]] == [(kind, OTHER_DEVICE), ("do", app.device.id)]
    assert records[-1].action == still_legal


async def test_a_change_an_undo_appended_as_the_lock_is_taken_makes_illegal_is_refused(
    make_test_app: Any, companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The undo another device appended between the screen's look and its lock fills Amy's
    pool again: the gain the screen accepted is refused on the newest state, saying who changed
    the game and the rule; the undo is shown and nothing of this screen is written."""
    saved = cavendish_in_play(companion_home)
    app = make_test_app(start=lambda app: app.open_saved(saved.id))
    said: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_cavendish(pilot, app)
        store = screen.companion.store
        appends_as_the_lock_is_taken(monkeypatch, store, companion_home, saved.id, undo_last)
        monkeypatch.setattr(
            screen, "notify", lambda message, **_kw: said.append(message), raising=False
        )
        assert not screen.act(GainAzrak("Amy", 1))  # accepted on the state shown, then refused
        assert screen.session.actions == saved.session.actions[:-1]  # theirs shown
    assert any(
        line.startswith("A browser has just changed the game") and "Amy's pool is full" in line
        for line in said
    ), said
    records = records_in(SaveStore(companion_home), saved.id)
    assert [(r.kind, r.by) for r in records[-1:]] == [("undo", OTHER_DEVICE)]  # theirs only


async def test_an_older_save_opened_while_another_process_holds_its_lock_plays_once_free(
    make_test_app: Any, companion_home: Path, never_on_screen_thread: list[float]
) -> None:
    """A format 1 save must be written again before it is played: opened while another process
    holds its lock, the screen shows it (watching, saying why) without waiting, and plays it
    once the lock is let go. Nothing is written while the lock is held."""
    save_id = install_sample(companion_home, "six-sojourns")
    path = SaveStore(companion_home).path_for(save_id)
    before = path.read_bytes()
    app = make_test_app(start=lambda app: app.open_saved(save_id))
    said: list[str] = []
    with ExitStack() as lock:
        lock.enter_context(held_elsewhere(locks_dir(companion_home) / f"{save_id}.lock"))
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_cavendish(pilot, app)  # (any game's play screen)
            await pause_until(pilot, lambda: screen.watch_only == words.UPGRADE_WAITS)
            assert screen.sub_title.endswith("(watching)")
            real_notify = screen.notify
            screen.notify = lambda message, **_kw: said.append(message)  # type: ignore[method-assign]
            assert not screen.act(AdjustCoins("Ana", 1))  # refused: only shown for now
            assert said == [words.UPGRADE_WAITS] and path.read_bytes() == before
            screen.notify = real_notify  # type: ignore[method-assign]
            lock.close()  # the other process lets go
            await pause_until(pilot, lambda: not screen.watch_only)
            assert screen.sub_title == screen.saved.title  # no longer "(watching)"
            assert screen.act(AdjustCoins("Ana", 1))
            coins = screen.state.sheet.player("Ana").coins
    assert never_on_screen_thread and set(never_on_screen_thread) == {0}
    reopened = SaveStore(companion_home).load(save_id)  # the next start reads it so
    assert reopened.format_read == 2 and reopened.position is not None
    assert reopened.session.state.sheet.player("Ana").coins == coins
    records = records_in(SaveStore(companion_home), save_id)
    assert [(r.action, r.by) for r in records[-1:]] == [(AdjustCoins("Ana", 1), app.device.id)]


async def test_an_older_save_whose_lock_stays_held_past_the_wait_stays_shown_saying_why(
    make_test_app: Any, companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save_id = install_sample(companion_home, "six-sojourns")
    before = SaveStore(companion_home).path_for(save_id).read_bytes()
    monkeypatch.setattr(upgrade, "WAIT_SECONDS", 0.0)  # the lock never comes free in time
    app = make_test_app(start=lambda app: app.open_saved(save_id))
    with held_elsewhere(locks_dir(companion_home) / f"{save_id}.lock"):
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_cavendish(pilot, app)
            gave_up = words.upgrade_given_up(words.lock_held_too_long(0.0))
            await pause_until(pilot, lambda: screen.watch_only == gave_up)
            assert not screen.act(AdjustCoins("Ana", 1))
    assert SaveStore(companion_home).path_for(save_id).read_bytes() == before
