"""Every folder and file the companion writes, in one place (`companion locate` prints them)."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

from companion.phrases import phrase

HOME_VARIABLE = "COMPANION_HOME"


def data_home(override: Path | str | None = None) -> Path:
    """The data folder: the override, else `$COMPANION_HOME`, else the user data folder."""
    if override is not None:
        return Path(override)
    from_environment = os.environ.get(HOME_VARIABLE)
    if from_environment:
        return Path(from_environment)
    return Path(platformdirs.user_data_dir("companion", appauthor=False))


def games_dir(home: Path) -> Path:
    """One TOML file per game lives here."""
    return home / "games"


def settings_path(home: Path) -> Path:
    """Preferences and card data typed once, remembered between games."""
    return home / "settings.toml"


def rolls_path(home: Path) -> Path:
    """The dice tray's roll history."""
    return home / "rolls.toml"


def exports_dir(home: Path) -> Path:
    """Score sheets and logs exported from the app (Markdown, CSV, JSON)."""
    return home / "exports"


def listing_cache_path(home: Path) -> Path:
    """What the saved-games list showed last time, so unchanged saves are not replayed at start."""
    return home / "listing-cache.json"


def checkpoints_dir(home: Path) -> Path:
    """Each long game's replayed state, so a command replays only the records after it (a cache)."""
    return home / "checkpoints"


def recorded_dir(home: Path) -> Path:
    """Plays played without the app, one TOML file each (`companion record`, BG Stats imports)."""
    return home / "recorded"


def locks_dir(home: Path) -> Path:
    """Lock files (who is changing a game or a shared file right now), each game's seats (who
    sits at which device) and each browser's last game (reopened when it reconnects)."""
    return home / "locks"


def serve_token_path(home: Path) -> Path:
    """The secret of `companion serve --keep-token`: its own file, readable by its owner only."""
    return home / "serve-token"


def locations(home: Path) -> dict[str, Path]:
    """Name -> path for everything the companion keeps."""
    return {
        "data": home,
        "games": games_dir(home),
        "recorded": recorded_dir(home),
        "settings": settings_path(home),
        "rolls": rolls_path(home),
        "exports": exports_dir(home),
        "cache": listing_cache_path(home),
        "checkpoints": checkpoints_dir(home),
        "locks": locks_dir(home),
        "serve-token": serve_token_path(home),
    }


def side_folder_inside(home: Path, folder: Path) -> bool:
    """Whether a side folder of the data folder (checkpoints, exports, recorded plays, locks) is
    the data folder's own: missing yet (it is made there), or a real folder in it. A link, even
    to a folder inside, leads where the companion cannot vouch for: nothing is written, read
    back or removed through it."""
    if not os.path.lexists(folder):
        return True
    if os.path.islink(folder) or not os.path.isdir(folder):
        return False
    return os.path.dirname(os.path.realpath(folder)) == os.path.realpath(home)


def data_home_problem(home: Path) -> str | None:
    """Why the data folder cannot be used, in one line (None when it can, or does not exist yet
    and will be made): it is not a folder, or it cannot be entered or read."""
    try:
        with os.scandir(home):
            return None
    except FileNotFoundError:
        if not home.is_symlink():
            return None
        return phrase("the data folder {folder} is a broken link", folder=str(home))
    except NotADirectoryError:
        return phrase("the data folder {folder} is not a folder", folder=str(home))
    except OSError as error:
        return phrase(
            "the data folder {folder} cannot be opened ({reason})",
            folder=str(home),
            reason=error.strerror or str(error),
        )
