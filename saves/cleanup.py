"""What a killed write leaves behind, removed at the next start.

Every file the companion writes whole is first written to a temp file beside it, named
`.<name>.<random>.tmp` (`files.write_text`, `files.write_temp`: saves, settings, rolls, the
listing cache, checkpoints and their key, exports, imports, the serve token), then renamed over
the file or linked in. A write killed before that leaves its temp file; the file itself is
whole. Such a file older than `files.STALE_TEMP_SECONDS` (far longer than the longest write,
a 4 MB import) is removed from every folder the companion writes, when the saves are listed
(the app's start, `companion list`). A side folder that is a link out of the data folder is
left alone: nothing is removed through it.
"""

from __future__ import annotations

from pathlib import Path

from saves.files import remove_stale_temp_files
from saves.paths import (
    checkpoints_dir,
    exports_dir,
    games_dir,
    locks_dir,
    recorded_dir,
    side_folder_inside,
)


def written_folders(home: Path) -> list[Path]:
    """Every folder the companion writes files in: the data folder (settings, rolls, the listing
    cache, the serve token) and its side folders."""
    return [
        home,
        games_dir(home),
        recorded_dir(home),
        exports_dir(home),
        checkpoints_dir(home),
        locks_dir(home),
    ]


def remove_leftovers(home: Path) -> None:
    """Remove the old temp files of killed writes from every folder the companion writes (never
    through a side folder that leads out of the data folder)."""
    for folder in written_folders(home):
        if folder == home or side_folder_inside(home, folder):  # never through a link
            remove_stale_temp_files(folder)
