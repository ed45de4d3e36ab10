"""BG Stats files of many plays, built to the shape BG Stats writes: for the import tests and the
bench of an import at scale."""

from __future__ import annotations

import json
from pathlib import Path


def play_file(path: Path, count: int, first: int = 0) -> Path:
    """`count` Time Bastards duels, every one started in the same second (the worst case for
    names made from a start time)."""
    data = {
        "games": [{"id": 1, "name": "Time Bastards", "bggId": 0}],
        "players": [{"id": 1, "name": "Ana", "uuid": "a"}, {"id": 2, "name": "Ben", "uuid": "b"}],
        "plays": [
            {
                "uuid": f"PLAY-{number}",
                "gameRefId": 1,
                "playDate": "2020-10-23 19:16:58",
                "durationMin": 30,
                "playerScores": [
                    {"playerRefId": 1, "score": "3", "winner": True},
                    {"playerRefId": 2, "score": str(number % 3), "winner": False},
                ],
            }
            for number in range(first, first + count)
        ],
    }
    path.write_text(json.dumps(data), encoding="utf-8")
    return path
