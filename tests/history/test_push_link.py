"""BG Stats' push link, checked against its documented format ("Push plays to BG Stats from other
apps or websites"): `https://app.bgstatsapp.com/createPlay.html?data=` and one play as
URL-encoded JSON with the page's fields, every id stable."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest

from companion.cli import main
from companion.history.bgstats import Exported
from companion.history.details import PlayDetails
from companion.history.push import PUSH_LINK, push_link
from companion.history.recorded import RecordedPlay, as_play, check
from saves.history.recorded import RecordedStore
from tests.history.games import cavendish_in_play

STARTED = datetime(2026, 11, 29, 19, 30, tzinfo=UTC)
PLAY_KEYS = {"sourceName", "sourcePlayId", "playDate", "game", "players"}
"""Always there; `durationMin`, `location` and `comments` when the play has them."""
GAME_KEYS = {"name", "bggId", "highestWins", "noPoints", "cooperative", "sourceGameId"}
PLAYER_KEYS = {"name", "sourcePlayerId", "winner", "startPlayer"}
"""Always there; `score` when the player has one."""


def data_of(link: str) -> Any:
    assert link.startswith(PUSH_LINK)
    encoded = link.removeprefix(PUSH_LINK)
    assert all(ch.isalnum() or ch in "%-._~" for ch in encoded)  # URL-encoded whole
    return json.loads(unquote(encoded))


def exported(play: RecordedPlay, **sources: str) -> Exported:
    play = check(play)
    return Exported(
        as_play("recorded-x", play), play.details, "UUID-1", STARTED, STARTED, False, sources
    )


def test_a_scored_play_has_every_documented_field() -> None:
    details = PlayDetails("Ana's kitchen", "Ben", 95, ("places",), "close one")
    play = RecordedPlay(
        "six-sojourns", STARTED, ("Ana", "Ben"), {"Ana": 40, "Ben": 38}, details=details
    )
    data = data_of(push_link(exported(play, Ana="5c0ffee0-aaaa")))
    assert set(data) == PLAY_KEYS | {"durationMin", "location", "comments"}
    assert data["sourceName"] == "Table Companion" and data["sourcePlayId"] == "UUID-1"
    assert data["playDate"] == "2026-11-29 19:30:00"  # UTC, as the push format takes it
    assert (data["durationMin"], data["location"], data["comments"]) == (
        95,
        "Ana's kitchen",
        "close one",
    )
    assert data["game"] == {
        "name": "Six Sojourns",
        "bggId": 439826,
        "highestWins": True,
        "noPoints": False,
        "cooperative": False,
        "sourceGameId": "six-sojourns",
    }
    ana, ben = data["players"]
    assert set(ana) == set(ben) == PLAYER_KEYS | {"score"}
    assert (ana["name"], ana["score"], ana["winner"], ana["startPlayer"]) == (
        "Ana",
        40,
        True,
        False,
    )
    assert (ben["score"], ben["winner"], ben["startPlayer"]) == (38, False, True)
    assert ana["sourcePlayerId"] == "5c0ffee0-aaaa"  # BG Stats' own player, as it came
    again = data_of(push_link(exported(play)))
    assert again["players"][1]["sourcePlayerId"] == ben["sourcePlayerId"]  # stable


def test_a_winner_only_co_op_play_sends_no_score_and_says_how_it_is_won() -> None:
    play = RecordedPlay("cavendish", STARTED, ("Ana", "Ben"), outcome="won")
    data = data_of(push_link(exported(play)))
    assert set(data) == PLAY_KEYS
    assert data["game"]["cooperative"] is True and data["game"]["highestWins"] is False
    assert [set(player) for player in data["players"]] == [PLAYER_KEYS, PLAYER_KEYS]
    assert [player["winner"] for player in data["players"]] == [True, True]


def test_the_command_prints_the_link_of_one_play(
    companion_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    entry = RecordedStore(companion_home, lambda: STARTED).add(
        RecordedPlay("sojourn", STARTED, ("Zoë",), outcome="lost")
    )
    assert main(["plays", "--bgstats-link", entry.id]) == 0
    data = data_of(capsys.readouterr().out.strip())
    assert data["players"] == [
        {
            "name": "Zoë",
            "sourcePlayerId": data["players"][0]["sourcePlayerId"],
            "winner": False,
            "startPlayer": False,
        }
    ]
    assert data["game"]["noPoints"] is True
    assert main(["plays", "--bgstats-link", "nothing-here"]) == 2
    assert "no play 'nothing-here'" in capsys.readouterr().err


def test_a_game_still_being_played_has_no_link(
    companion_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = cavendish_in_play(companion_home)
    assert main(["plays", "--bgstats-link", saved.id]) == 2
    assert "has not ended: only a finished play goes to BG Stats" in capsys.readouterr().err
