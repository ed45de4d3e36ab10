"""BG Stats' push link: one play, as a link that opens BG Stats with the play filled in.

BG Stats documents this one route for other apps ("Push plays to BG Stats from other apps or
websites", https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/):
`https://app.bgstatsapp.com/createPlay.html?data=` and the play as URL-encoded JSON, with the
page's fields: `sourceName`, `sourcePlayId`, `playDate`, `durationMin`, `location`,
`comments`, `game` (`name`, `bggId`, `highestWins`, `noPoints`, `cooperative`,
`sourceGameId`) and `players` (`name`, `sourcePlayerId`, `score`, `winner`, `startPlayer`).
BG Stats remembers the games and players the user matches by their source ids, so every id
here is stable: the play's uuid in our play file, the game's id, each player's uuid.
"""

from __future__ import annotations

import json
from datetime import UTC
from typing import Any
from urllib.parse import quote

from companion.history.bgstats import (
    DATE_FORMAT,
    Exported,
    game_entry,
    in_co_op_mode,
    player_uuid,
)

PUSH_LINK = "https://app.bgstatsapp.com/createPlay.html?data="
"""Opens BG Stats on a phone that has it (`bgstats://app.bgstatsapp.com/...` opens it too)."""
SOURCE_NAME = "Table Companion"
"""Who sends the play: BG Stats keeps the user's matches per source, so this never changes."""


def push_data(item: Exported) -> dict[str, Any]:
    """The play in BG Stats' push format. `playDate` is in UTC, as the push format takes it
    (BG Stats' own files keep local time instead); a player without a score has no `score`."""
    play, details = item.play, item.details
    facts = play.facts
    co_op = in_co_op_mode(play)
    entry = game_entry(play.game_id, co_op)
    players = []
    for name in facts.players:
        player: dict[str, Any] = {
            "name": name,
            "sourcePlayerId": player_uuid(name, item.player_sources),
            "winner": name in facts.winners,
            "startPlayer": name == details.start_player,
        }
        if name in facts.scores:
            player["score"] = facts.scores[name]
        players.append(player)
    data: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": item.uuid,
        "playDate": play.started.astimezone(UTC).strftime(DATE_FORMAT),
        "game": {
            "name": entry["name"],
            "bggId": entry["bggId"],
            "highestWins": entry["highestWins"],
            "noPoints": entry["noPoints"],
            "cooperative": entry["cooperative"],
            "sourceGameId": f"{play.game_id}-co-op" if co_op else play.game_id,
        },
        "players": players,
    }
    if details.minutes:
        data["durationMin"] = details.minutes
    if details.location:
        data["location"] = details.location
    if details.notes:
        data["comments"] = details.notes
    return data


def push_link(item: Exported) -> str:
    """The link that opens BG Stats with this play filled in, ready to save."""
    text = json.dumps(push_data(item), ensure_ascii=False, separators=(",", ":"))
    return PUSH_LINK + quote(text, safe="")
