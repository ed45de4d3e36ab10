"""The table page (`/table`) without a browser: its HTML from what the feed says (every text
escaped, a figure's change said in words), the server's page and stream (each change the feed
says, in the page's language), and the real feed following the game in play."""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp import ClientResponse
from aiohttp.test_utils import TestClient, TestServer

from companion.cli.table_feed import Follower
from companion.registry import get_game
from saves.games.store import SaveStore
from tests.support.samples import install_sample
from tests.table_view.table_view_helpers import WORST_CASES
from webserve.access import Access
from webserve.server import CompanionServer
from webserve.table_page import fragment, said
from widgets.table_view.view import content_for

FAKE_FEED = Path(__file__).with_name("fake_feed.py")
WAIT_SECONDS = 20.0
"""The most a test waits for the feed's next word on a busy machine (a limit, not a measure)."""


def game(title: str = "Ana and Ben", fear: int = 1, player: str = "Ana") -> dict[str, Any]:
    view = {
        "headline": "Round 2 · Discovery phase",
        "groups": [
            {"title": "Azrak crystals", "figures": [{"label": "Vortex", "value": 4}], "note": ""},
            {
                "title": f"Amy · {player}",
                "figures": [{"label": "Azrak of 6", "value": 6}, {"label": "Fear", "value": fear}],
                "note": "★ Time Captain",
            },
        ],
        "board_title": "",
        "board": [],
    }
    return {
        "id": "mission",
        "title": title,
        "game_title": "Cavendish",
        "ended": False,
        "push_link": None,
        "views": {"en": view},
    }


def test_every_text_on_the_page_is_data_shown_as_typed() -> None:
    page = fragment(game(title="<i>Friday</i>", player="<b>Ana</b>"), "en")
    assert "&lt;b&gt;Ana&lt;/b&gt;" in page and "&lt;i&gt;Friday&lt;/i&gt;" in page
    assert "<b>" not in page and "<i>" not in page
    drawn = dict(
        game(),
        views={
            "en": {
                "headline": "x",
                "groups": [],
                "board": [
                    [["<script>alert(1)</script>", "red;background:url(//x)", True, False]],
                    [["● 1", "#aa0000", False, True]],
                ],
            }
        },
    )
    board = fragment(drawn, "en")
    assert "&lt;script&gt;" in board and "<script>" not in board
    assert "url(" not in board  # a colour is a colour (#rrggbb) or nothing
    assert '<span class="dim" style="color: #aa0000">● 1</span>' in board


def test_the_page_is_a_document_a_screen_reader_reads() -> None:
    page = fragment(game(), "en")
    assert '<h1 id="headline">Round 2 · Discovery phase</h1>' in page
    assert '<section class="box" aria-labelledby="box-1"><h2 id="box-1">Amy · Ana</h2>' in page
    assert '<dt>Fear</dt><dd class="number">1</dd>' in page  # the label, then its number
    assert '<p class="note">★ Time Captain</p>' in page  # the role in words, not a colour


def test_a_figure_that_changed_is_said_with_what_it_was() -> None:
    assert said(game(fear=1), game(fear=2), "en") == "Amy · Ana, Fear: 2 (was 1)"
    assert said(game(), game(), "en") == ""
    assert said(None, game(), "en") == "Now showing Ana and Ben: Round 2 · Discovery phase"
    assert said(game(), None, "en") == "No game in play."


def test_a_game_without_a_table_view_says_so_in_words() -> None:
    view = {"headline": "Pocket Dice has no table view.", "groups": [], "board": []}
    page = fragment(dict(game(), views={"en": view}), "en")
    assert '<h1 id="headline">Pocket Dice has no table view.</h1>' in page
    assert "<section" not in page


@pytest.fixture
async def serving(tmp_path: Path) -> AsyncIterator[tuple[TestClient[Any, Any], Path]]:
    """A local server whose table feed says each line the test appends to its file."""
    lines = tmp_path / "feed.jsonl"
    feed = [sys.executable, str(FAKE_FEED), str(lines)]
    server = CompanionServer("true", Access("127.0.0.1", None), feed_command=feed)
    client: TestClient[Any, Any] = TestClient(TestServer(await server.web_app()))
    await client.start_server()
    try:
        yield client, lines
    finally:
        await client.close()


async def next_event(stream: ClientResponse) -> dict[str, Any]:
    """The stream's next change (its keep-alive comments skipped)."""

    async def read() -> dict[str, Any]:
        while True:
            line = (await stream.content.readline()).decode()
            if line.startswith("data: "):
                told: dict[str, Any] = json.loads(line[len("data: ") :])
                return told

    return await asyncio.wait_for(read(), WAIT_SECONDS)


def say(lines: Path, said_game: dict[str, Any] | None) -> None:
    with lines.open("a", encoding="utf-8") as feed:
        feed.write(json.dumps({"game": said_game}) + "\n")


async def test_the_page_shows_what_the_feed_said_and_its_stream_each_change(
    serving: tuple[TestClient[Any, Any], Path],
) -> None:
    client, lines = serving
    say(lines, game())
    page = await client.get("/table")
    text = await page.text()
    assert page.status == 200 and "Amy · Ana" in text and 'lang="en"' in text
    assert '<dd class="number">1</dd>' in text
    version = text.split('data-version="')[1].split('"')[0]
    stream = await client.get(f"/table/events?lang=en&since={version}")
    say(lines, game(fear=3))
    told = await next_event(stream)
    assert '<dt>Fear</dt><dd class="number">3</dd>' in told["html"]
    assert told["said"] == "Amy · Ana, Fear: 3 (was 1)"
    say(lines, None)
    assert (await next_event(stream))["said"] == "No game in play."
    stream.close()


async def test_a_french_browser_gets_a_french_page_and_stream(
    serving: tuple[TestClient[Any, Any], Path],
) -> None:
    client, lines = serving
    say(lines, None)
    page = await client.get("/table", headers={"Accept-Language": "fr-CH,fr;q=0.9,en;q=0.5"})
    text = await page.text()
    assert 'lang="fr"' in text and "Aucune partie en cours." in text
    assert 'data-events="/table/events?lang=fr"' in text  # its stream speaks French too
    stream = await client.get("/table/events?lang=de&since=0")
    assert "Keine Partie" in (await next_event(stream))["html"]
    stream.close()


def test_the_feed_follows_the_newest_game_in_play_in_every_language(
    companion_home: Path,
) -> None:
    follower = Follower(companion_home)
    assert follower.look() is False and follower.shown() == {"game": None}
    install_sample(companion_home, "cavendish")
    assert follower.look() is True
    shown = follower.shown()["game"]
    assert shown["id"] == "cavendish" and set(shown["views"]) == {"en", "fr", "de"}
    state = follower.saved.session.state
    content = content_for("cavendish", "Cavendish", state)
    figures = [[f["value"] for f in g["figures"]] for g in shown["views"]["en"]["groups"]]
    assert figures == [[f.value for f in g.figures] for g in content.groups]
    assert follower.look() is False  # nothing new

    duel = get_game("time-bastards")
    assert duel is not None
    setup = WORST_CASES["time-bastards"]
    newer = SaveStore(companion_home).create(duel, setup, "Mara vs <b>Jonas</b>")
    assert follower.look() is True and follower.shown()["game"]["id"] == newer.id
    board = follower.shown()["game"]["views"]["en"]["board"]
    assert board and all(isinstance(run[0], str) for line in board for run in line)


def test_an_ended_game_shows_its_bg_stats_code_and_only_a_web_link() -> None:
    link = "https://app.bgstatsapp.com/createPlay.html?data=%7B%7D"
    ended = dict(game(), ended=True, push_link=link)
    page = fragment(ended, "en")
    assert '<h2 id="push-title">Send to BG Stats</h2>' in page and "<svg" in page
    assert 'role="img" aria-label="QR code: the play, for BG Stats"' in page
    assert "<svg" not in fragment(dict(ended, push_link="javascript:alert(1)"), "en")
    assert "<svg" not in fragment(dict(ended, ended=False), "en")  # an undo of the end


def test_a_board_with_a_narrow_drawing_offers_both_one_hidden() -> None:
    view = {
        "headline": "x",
        "groups": [],
        "board_title": "Timelines",
        "board": [[["I   ●1  ·   ·", None, False, False]]],
        "narrow_board": [[["I ●1· ·", None, False, False]]],
    }
    page = fragment(dict(game(), views={"en": view}), "en")
    assert '<pre class="wide" style="--cells: 13">I   ●1  ·   ·</pre>' in page
    assert '<pre class="narrow" style="--cells: 7" hidden>I ●1· ·</pre>' in page
