"""The table page (`/table`) in Chromium: on a portrait phone (390x844), a landscape tablet
(1280x800) and a 1920x1080 television every number is whole (no element's text overflows or is
cut, no ellipsis) and the whole view fits the screen; its figures are those `companion show ID
--json` gives; an action made with `companion act` shows on every page without a reload, and is
said in words in the page's live region; a French browser gets the page in French.

Run with `pytest -n 0 -m browser tests/web` (see test_browser.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.support.samples import install_sample
from tests.support.waiting import wait_until
from tests.web.browser import PHONE, START_SECONDS, TABLET, Device, OpenTabs, Tab, served

pytestmark = pytest.mark.browser

TELEVISION = Device(
    1920,
    1080,
    1.0,
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/126.0 Safari/537.36",
)
DEVICES = {"phone": PHONE, "tablet": TABLET, "television": TELEVISION}
FIGURES = """
const shown = {};
for (const box of document.querySelectorAll('main section.box')) {
  const figures = {};
  for (const figure of box.querySelectorAll('.figure')) {
    figures[figure.querySelector('dt').innerText] = figure.querySelector('dd').innerText;
  }
  shown[box.querySelector('h2').innerText] = figures;
}
return shown;
"""
"""Each box's figures as the page shows them: box title -> label -> number."""
CUT = """
const cut = [];
for (const element of document.querySelectorAll('body *')) {
  const style = getComputedStyle(element);
  if (style.display === 'none' || element.clientWidth === 0) continue;
  if (element.scrollWidth > element.clientWidth + 1 || style.textOverflow === 'ellipsis') {
    cut.push(element.tagName + ': ' + element.innerText.slice(0, 40));
  }
}
const page = document.documentElement;
if (page.scrollWidth > innerWidth + 1) cut.push('the page is wider than the screen');
if (page.scrollHeight > innerHeight + 1) cut.push('the page is taller than the screen');
return cut;
"""
"""Every element whose text does not fit its box, and a page that does not fit the screen."""
CONTEXT = "return (document.querySelector('.context') || {}).innerText || '';"
"""The line above the headline: the game and the save's title."""


def shown_figures(tab: Tab) -> dict[str, dict[str, str]]:
    figures: dict[str, dict[str, str]] = tab.script(FIGURES)
    return figures


def wait_for_figures(tab: Tab, wanted: dict[str, dict[str, str]]) -> None:
    seen: list[Any] = [None]

    def matches() -> bool:
        seen[0] = shown_figures(tab)
        return bool(seen[0] == wanted)

    wait_until(matches, f"{tab.name}: the figures {wanted}", START_SECONDS)


def companion(home: Path, *words: str) -> str:
    environment = dict(os.environ, COMPANION_HOME=str(home))
    done = subprocess.run(
        [sys.executable, "-m", "companion", *words],
        env=environment,
        capture_output=True,
        text=True,
        timeout=START_SECONDS,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def figures_of(home: Path, save_id: str) -> dict[str, dict[str, str]]:
    """What the table view shows of a Cavendish mission, from `companion show ID --json`."""
    game = json.loads(companion(home, "show", save_id, "--json"))
    figures = {
        "Azrak crystals": {
            "Vortex": str(game["vortex"]),
            "Mission Return": str(game["mission_return"]),
        }
    }
    for agent in game["agents"]:
        figures[f"{agent['receptacle']} · {agent['player']}"] = {
            f"Azrak of {agent['starting']}": str(agent["pool"]),
            "Fear": str(agent["fear"]),
        }
    return figures


def test_the_table_page_fits_every_screen_shows_the_game_and_follows_it_live(
    tabs: OpenTabs, companion_home: Path
) -> None:
    save_id = install_sample(companion_home, "cavendish")
    expected = figures_of(companion_home, save_id)
    with served(companion_home, "--host", "0.0.0.0") as (_server, url):
        pages = {}
        for name, device in DEVICES.items():
            pages[name] = tabs.new(name, device)
            pages[name].open(url.replace("/s/", "/t/"))
        for tab in pages.values():
            wait_for_figures(tab, expected)
            assert tab.script(CUT) == [], tab.name
            assert tab.script("return document.querySelector('h1').innerText").startswith("Round 2")
            tab.driver.save_screenshot(f"/tmp/web-table-{tab.name}.png")

        versions = {
            name: tab.script("return window.companionFitted;") for name, tab in pages.items()
        }
        companion(companion_home, "act", save_id, "TakeFear", "agent=Amy", "count=1")
        expected["Amy · Ana"]["Fear"] = str(int(expected["Amy · Ana"]["Fear"]) + 1)
        assert figures_of(companion_home, save_id) == expected
        for name, tab in pages.items():
            wait_for_figures(tab, expected)  # no reload: the stream brought it
            said = tab.script("return document.getElementById('said').innerText;")
            assert said.endswith(f"Amy · Ana, Fear: {expected['Amy · Ana']['Fear']} (was 1)")
            assert tab.script(CUT) == [], name
            assert tab.script("return window.companionFitted;") > versions[name]
            assert tab.script("return performance.getEntriesByType('navigation').length") == 1


def test_a_french_browser_gets_the_table_page_in_french(
    tabs: OpenTabs, companion_home: Path
) -> None:
    with served(companion_home) as (_server, url):
        tab = tabs.new("french", TABLET)
        headers = {"headers": {"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}}
        tab.driver.execute_cdp_cmd("Network.enable", {})
        tab.driver.execute_cdp_cmd("Network.setExtraHTTPHeaders", headers)
        try:
            tab.open(url + "table")
            heading = "return document.querySelector('h1').innerText;"
            wait_until(
                lambda: tab.script(heading) == "Aucune partie en cours.",
                "the French page",
                START_SECONDS,
            )
            assert tab.script("return document.documentElement.lang;") == "fr"
            install_sample(companion_home, "cavendish")  # a game starts: the stream brings it
            wait_until(
                lambda: "Amy · Ana" in shown_figures(tab),
                "the game on the French page",
                START_SECONDS,
            )
            said = tab.script("return document.getElementById('said').innerText;")
            assert said.startswith("Affiché maintenant : Cavendish, three agents")
        finally:
            tab.driver.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": {}})


def test_every_games_fullest_view_is_whole_on_every_screen(
    tabs: OpenTabs, companion_home: Path
) -> None:
    """Four agents, a 15-space duel between two long names, a campaign of four, Sojourn: each
    started after the last, so every page follows to it."""
    from companion.registry import get_game
    from companion.sojourn.model import SojournSetup
    from saves.games.store import SaveStore
    from tests.table_view.table_view_helpers import WORST_CASES

    cases = [*WORST_CASES.items(), ("sojourn", SojournSetup(traveller="Maximiliana Ostrova"))]
    started = datetime.now(UTC)
    with served(companion_home) as (_server, url):
        pages = [tabs.new(name, device) for name, device in DEVICES.items()]
        for index, (case, setup) in enumerate(cases):
            game_id = case.removesuffix("-coop")
            game = get_game(game_id)
            assert game is not None
            # each a minute after the last: the newest in play whatever the clock's second
            later = started + timedelta(minutes=index)
            store = SaveStore(companion_home, clock=lambda later=later: later)
            saved = store.create(game, setup, f"Fullest {case}")
            for tab in pages:
                if tab.script("return location.pathname") != "/table":
                    tab.open(url + "table")
                wait_until(
                    lambda tab=tab, title=saved.title: title in tab.script(CONTEXT),
                    f"{tab.name}: {case}",
                    START_SECONDS,
                )
                assert tab.script(CUT) == [], (tab.name, case)


def test_a_table_page_whose_connection_is_lost_says_so_and_comes_back_with_the_game(
    tabs: OpenTabs, companion_home: Path
) -> None:
    """The connection lost as a Wi-Fi loses it: the server (and the table feed) stopped, the
    stream left open and silent. Meanwhile a move is made at the table."""
    from tests.web.test_lost import frozen

    save_id = install_sample(companion_home, "cavendish")
    expected = figures_of(companion_home, save_id)
    with served(companion_home) as (server, url):
        tab = tabs.new("tablet", TABLET)
        tab.open(url + "table")
        wait_for_figures(tab, expected)
        lost = "return !document.querySelector('.lost').hidden;"
        with frozen(server.pid):
            wait_until(lambda: tab.script(lost), "the connection lost, said", START_SECONDS)
            notice = tab.script("return document.querySelector('.lost').innerText;")
            assert notice.startswith("Connection lost: reconnecting...")
            companion(companion_home, "act", save_id, "TakeFear", "agent=Amy", "count=1")
        expected["Amy · Ana"]["Fear"] = str(int(expected["Amy · Ana"]["Fear"]) + 1)
        wait_for_figures(tab, expected)  # back, with the move made while it was away
        wait_until(lambda: not tab.script(lost), "the notice gone", START_SECONDS)
        assert tab.script("return performance.getEntriesByType('navigation').length") == 1
