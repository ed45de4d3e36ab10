"""What a player meets in a real terminal (issue 31): the app in a pty (tests/bench/terminal.py),
each figure beside a minimal Textual app measured the same way in the same run.

- Start to the home screen shown: `python -m companion` on a lived-in data folder, until its
  saved games are on the screen and the output is quiet, against one Static and a Footer.
- Key to frame: undo and redo in turn on each game's play screen, against a Static updated and a
  notification shown. Two figures each: to the first frame that answers (the screen reacts), and
  to the last before the output goes quiet (the notification in place, everything drawn); and
  the app's main-thread CPU from the key to that first frame, which the other programs of a busy
  machine stretch less (`terminal_apps.count_cpu`).
- Another window's action to this window's frame: a transaction appended by this process (as
  another window makes it) until the play screen has redrawn, against a minimal follower that
  watches its file the same way and shows the file's last line in a Static.

The apps take turns sample by sample where they can run side by side, so a busy moment on the
machine falls on both. Run by `run.py` (`--only terminal`).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bench_games import cavendish_action, long_game, sample_game
from screen_keys import GAMES, SHORT_ONLY
from terminal import Answer, Terminal
from terminal_apps import CPU_ENV

from saves.games.journal import Draft
from saves.games.store import SavedGame, SaveStore

Row = tuple[str, float, str, str, bool, str]
"""(name, value, unit, target, met, detail): one figure, as run.py's `Figure` takes it."""
ROOT = Path(__file__).resolve().parents[2]
APPS = Path(__file__).with_name("terminal_apps.py")
KEYS = (b"\x1a", b"\x19")
"""ctrl+z and ctrl+y, as a terminal sends them."""
HOME_WORDS = b"Long mission"
"""A saved game's title the home screen lists (the data folder's newest game)."""
PLAY_SIZE = 1000
WARM_UP = 2
KEY_TARGET, FOLLOW_TARGET, START_TARGET = 1.5, 2.0, 1.25


def environment(home: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "COMPANION_HOME": str(home)}


def app(name: str, *args: str) -> list[str]:
    return [sys.executable, str(APPS), name, *args]


def starts(home: Path, reps: int) -> dict[str, list[Answer]]:
    """Start to the screen shown: the companion's home (its saves listed) and the baseline."""
    commands = {
        "baseline": (app("baseline"), b"Hello"),
        "companion": ([sys.executable, "-m", "companion"], HOME_WORDS),
    }
    answers: dict[str, list[Answer]] = {name: [] for name in commands}
    for number in range(1 + reps):  # the first of each warms the disk cache and the bytecode
        for name, (argv, words) in commands.items():
            with Terminal(argv, environment(home), ROOT) as terminal:
                answer = terminal.settle(terminal.started, words)
            if number:
                answers[name].append(answer)
    return answers


def started(argv: list[str], home: Path, cpu: Path | None = None) -> Terminal:
    """An app started and shown, one at a time: each answers the terminal's question at once
    (with `cpu`, the file it notes its main thread's CPU in)."""
    env = environment(home) if cpu is None else {**environment(home), CPU_ENV: str(cpu)}
    terminal = Terminal(argv, env, ROOT)
    try:
        terminal.settle(terminal.started)
    except BaseException:
        terminal.close()
        raise
    return terminal


class CpuNotes:
    """An app's notes of its main thread's CPU (`terminal_apps.count_cpu`), read as they grow."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.read = 0

    def key_to_frame(self) -> float:
        """CPU seconds from the last key noted since the last call to the first frame after it."""
        with open(self.path, encoding="utf-8") as notes:
            notes.seek(self.read)
            lines = notes.read().splitlines()
            self.read = notes.tell()
        key = max(i for i, line in enumerate(lines) if line.startswith("key "))
        frame = next(line for line in lines[key:] if line.startswith("frame "))
        return float(frame.split()[1]) - float(lines[key].split()[1])


def keys(
    home: Path, saves: dict[str, str], reps: int
) -> tuple[dict[str, list[Answer]], dict[str, list[float]]]:
    """Undo and redo typed on each play screen, and on the minimal app, taking turns: the
    answers, and each app's main-thread CPU from the key to its first frame."""
    commands = {"minimal": app("notify")}
    commands.update({name: app("play", str(home), save_id) for name, save_id in saves.items()})
    terminals: dict[str, Terminal] = {}
    answers: dict[str, list[Answer]] = {name: [] for name in commands}
    cpu: dict[str, list[float]] = {name: [] for name in commands}
    notes = {name: CpuNotes(home / f"cpu-{number}.txt") for number, name in enumerate(commands)}
    try:
        for name, argv in commands.items():
            terminals[name] = started(argv, home, notes[name].path)
        for number in range(WARM_UP + reps):
            for name, terminal in terminals.items():
                answer = terminal.press(KEYS[number % len(KEYS)])
                spent = notes[name].key_to_frame()
                if number >= WARM_UP:
                    answers[name].append(answer)
                    cpu[name].append(spent)
    finally:
        for terminal in terminals.values():
            terminal.close()
    return answers, cpu


def follows(home: Path, store: SaveStore, reps: int) -> dict[str, list[Answer]]:
    """Another window's action on this window's screen: the play screen and the minimal
    follower each watch a game this process appends to, in turn."""
    games = {"minimal": long_game(store, PLAY_SIZE), "companion": long_game(store, PLAY_SIZE)}
    path = store.path_for(games["minimal"].id)
    commands = {
        "minimal": app("follower", str(path)),
        "companion": app("play", str(home), games["companion"].id),
    }
    terminals: dict[str, Terminal] = {}
    answers: dict[str, list[Answer]] = {name: [] for name in commands}
    try:
        for name, argv in commands.items():
            terminals[name] = started(argv, home)
        for number in range(WARM_UP + reps):
            for name, terminal in terminals.items():
                terminal.drain()
                appended = append_one(store, games[name])
                entry = f"{len(games[name].session.steps)}. ".encode()  # the log's new line
                answer = terminal.settle(appended, entry if name == "companion" else b"")
                if number >= WARM_UP:
                    answers[name].append(answer)
    finally:
        for terminal in terminals.values():
            terminal.close()
    return answers


def append_one(store: SaveStore, saved: SavedGame) -> float:
    """Append the game's next action as another window would; the moment it is on disk."""
    action = cavendish_action(len(saved.session.steps))
    store.transact(saved, lambda _theirs: [Draft("do", action)], by="tbench")
    return time.perf_counter()


def start_rows(reps: int, furnish: Callable[[SaveStore], None]) -> list[Row]:
    """Start to the home screen shown, `reps` of each app: `furnish` fills the data folder the
    start is measured on (run.py's lived-in folder). Alone as `run.py --only start`."""
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as folder:
        home = Path(folder)
        store = SaveStore(home, workers=False)
        furnish(store)
        started = starts(home, reps)
    name = "start to the home screen shown"
    return [_ratio(name, started, "baseline", "companion", START_TARGET)]


def terminal_rows(reps: int, furnish: Callable[[SaveStore], None]) -> list[Row]:
    """`furnish` fills the data folder the start is measured on (run.py's lived-in folder)."""
    rows = start_rows(max(3, reps // 4), furnish)
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as folder:
        home = Path(folder)
        store = SaveStore(home, workers=False)
        saves = {}
        for game in GAMES:
            size = SHORT_ONLY.get(game, PLAY_SIZE)
            if game == "cavendish":
                saves[f"{game}@{size}"] = long_game(store, size).id
            else:
                saves[f"{game}@{size}"] = sample_game(store, game, size).id
        typed, spent = keys(home, saves, reps)
        followed = follows(home, store, reps)
    rows += [
        row
        for name in saves
        for row in _key_rows(f"{name.replace('@', ' at ')} actions", typed, spent, name)
    ]
    rows += _follow_rows(followed)
    return rows


def _median(answers: list[Answer], part: str) -> float:
    return statistics.median(getattr(answer, part) for answer in answers)


def _ratio(
    name: str,
    answers: dict[str, list[Answer]],
    base: str,
    measured: str,
    most: float,
    part: str = "last",
) -> Row:
    ours, theirs = _median(answers[measured], part), _median(answers[base], part)
    worst = max(getattr(answer, part) for answer in answers[measured])
    detail = (
        f"{ours * 1000:.1f} ms (worst {worst * 1000:.0f}) vs {theirs * 1000:.1f} ms, "
        f"{len(answers[measured])} each, a pty of 80x24"
    )
    return (f"terminal: {name}", ours / theirs, "x", f"<= {most}x", ours / theirs <= most, detail)


def _key_rows(
    label: str, answers: dict[str, list[Answer]], cpu: dict[str, list[float]], name: str
) -> list[Row]:
    ours, theirs = statistics.median(cpu[name]), statistics.median(cpu["minimal"])
    detail = f"{ours * 1000:.1f} ms vs {theirs * 1000:.1f} ms of main-thread CPU, the same keys"
    return [
        _ratio(f"key to first frame, {label}", answers, "minimal", name, KEY_TARGET, "first"),
        (
            f"terminal: key to first frame (CPU), {label}",
            ours / theirs,
            "x",
            f"<= {KEY_TARGET}x",
            ours / theirs <= KEY_TARGET,
            detail,
        ),
        _ratio(f"key to quiet, {label}", answers, "minimal", name, KEY_TARGET, "last"),
    ]


def _follow_rows(answers: dict[str, list[Answer]]) -> list[Row]:
    label = f"another window's action to frame, cavendish at {PLAY_SIZE}"
    return [_ratio(label, answers, "minimal", "companion", FOLLOW_TARGET, "first")]
