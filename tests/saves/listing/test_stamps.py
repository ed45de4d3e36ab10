"""The caches' stamps are found from the code itself (issue 41): every module of the kernel and
the storage, and each game's rules package, never a list of files kept by hand; a change to any
of them refuses what the listing cache kept."""

from __future__ import annotations

from pathlib import Path

import pytest

import companion.cli
import companion.core
import companion.session
import companion.six_sojourns
import saves.codec
import saves.files
import saves.games.checkpoint
import saves.games.record_lines
import saves.listing.cache
from saves.games.store import SaveStore
from saves.listing import stamps
from tests.conftest import fixed_clock
from tests.support.saving import record_played
from tests.support.toy import Add, CountingTally, TallySetup


def test_every_module_that_decides_a_line_is_stamped_and_the_printing_is_not() -> None:
    kernel = stamps.kernel_files()
    for module in (
        saves.games.record_lines,  # missed by the list kept by hand
        saves.codec,
        saves.files,
        saves.games.checkpoint,
        saves.listing.cache,
        companion.core,
        companion.session,
    ):
        assert Path(module.__file__ or "") in kernel
    package = Path(companion.six_sojourns.__file__ or "").parent
    assert not any(path.is_relative_to(package) for path in kernel)  # stamped on its own
    assert Path(companion.six_sojourns.__file__ or "") in stamps.game_files("six-sojourns")
    command_line = Path(companion.cli.__file__ or "").parent
    assert not any(path.is_relative_to(command_line) for path in kernel)


def test_a_changed_module_refuses_the_cached_lines(
    companion_home: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    tally = CountingTally()
    extra = tmp_path / "extra_package"
    extra.mkdir()
    module = extra / "decides.py"
    module.write_text("LIMIT = 1\n")
    folders = stamps.kernel_folders()
    monkeypatch.setattr(stamps, "kernel_folders", lambda: (*folders, extra))
    store = SaveStore(companion_home, fixed_clock, games={"tally": tally.game})
    saved = store.create(tally.game, TallySetup())
    saved.session.do(Add(0, 2))
    record_played(store, saved)
    store.listing()
    tally.calls = 0
    store.listing()
    assert tally.calls == 0
    module.write_text("LIMIT = 2\n")  # the same size: only the bytes tell
    store.listing()
    assert tally.calls == 1
    tally.calls = 0
    (extra / "added.py").write_text("")  # a module added is stamped too
    store.listing()
    assert tally.calls == 1


def test_the_same_bytes_elsewhere_keep_their_stamp(tmp_path: Path) -> None:
    """A reinstall of the same code in another place, or with new file times, keeps the
    caches (their stamps are of bytes and of names within the package)."""
    for place in ("one", "two"):
        (tmp_path / place / "pkg").mkdir(parents=True)
        (tmp_path / place / "pkg" / "rules.py").write_text("X = 1\n")
    one, two = (tmp_path / place / "pkg" / "rules.py" for place in ("one", "two"))
    assert stamps.digest_of([one]) == stamps.digest_of([two])
    two.write_text("X = 2\n")
    assert stamps.digest_of([one]) != stamps.digest_of([two])
