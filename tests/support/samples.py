"""The shipped sample saves (`tests/data/samples`), put in a data folder as a player's own."""

from __future__ import annotations

import re
import shutil
import tomllib
from datetime import datetime
from pathlib import Path

SAMPLES = Path(__file__).resolve().parents[1] / "data" / "samples"


def install_sample(home: Path, game_id: str, played_at: datetime | None = None) -> str:
    """Copy a game's sample save into `home`'s games folder; returns its save id. `played_at`:
    the save last changed then (a test whose app reads the real clock opens it without the
    recap a game paused for hours shows first)."""
    sample = SAMPLES / f"{game_id}.toml"
    text = sample.read_text("utf-8")
    save_id: str = tomllib.loads(text)["id"]
    (home / "games").mkdir(parents=True, exist_ok=True)
    target = home / "games" / f"{save_id}.toml"
    if played_at is None:
        shutil.copyfile(sample, target)
    else:
        when = played_at.isoformat(sep=" ", timespec="seconds")
        target.write_text(re.sub(r"(?m)^updated = .*$", f"updated = {when}", text), "utf-8")
    return save_id
