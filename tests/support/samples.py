"""The shipped sample saves (`tests/data/samples`), put in a data folder as a player's own."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

SAMPLES = Path(__file__).resolve().parents[1] / "data" / "samples"


def install_sample(home: Path, game_id: str) -> str:
    """Copy a game's sample save into `home`'s games folder; returns its save id."""
    sample = SAMPLES / f"{game_id}.toml"
    save_id: str = tomllib.loads(sample.read_text("utf-8"))["id"]
    (home / "games").mkdir(parents=True, exist_ok=True)
    shutil.copyfile(sample, home / "games" / f"{save_id}.toml")
    return save_id
