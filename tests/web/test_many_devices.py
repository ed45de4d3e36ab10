"""Several browsers play one Cavendish mission at once (issue 21): each device sits at its own
agent and spends that agent's crystals (Explore, the AND cost) at the same moment as the others,
then in turn. Every action is in the game's file exactly once, under the device that made it, and
every device's screen, the file and `companion show --json` end on the same crystals.

Each browser is its own device: a Chromium of its own (its own cookie jar, so its own device
cookie), and so its own app started by `companion serve`. The time another device's action takes
to show on a page is measured and printed, a figure and not a limit (the issue's target is a
median of 150 ms), beside the time the acting device's own page takes and the time the record
takes to reach the file: `pytest -n 0 -s tests/web/test_many_devices.py`.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from companion.cavendish.actions import AndCost, ChooseLocation, Explore
from companion.cavendish.game import apply
from companion.cavendish.model import CavendishState, ReceptacleCard, ReceptacleCards
from companion.registry import get_game
from saves.games.store import SaveStore
from tests.cavendish.conftest import setup_for
from tests.support.saving import record_played
from tests.web.browser import START_SECONDS, OpenTabs, Tab, served
from tests.web.table_devices import (
    Growth,
    crystals_shown,
    device_of,
    pools_shown,
    records_by_device,
    seen_after,
    send_keys,
    watch_for,
)

pytestmark = pytest.mark.browser

CARDS = ReceptacleCards(
    anton=ReceptacleCard(starting=10, strength=2, confidence=1, dexterity=2),
    amy=ReceptacleCard(starting=10, strength=1, confidence=2, dexterity=3),
    jennifer=ReceptacleCard(starting=1, strength=1, confidence=3, dexterity=2),
    doug=ReceptacleCard(starting=10, strength=3, confidence=1, dexterity=1),
)
"""Ten crystals for each agent played (all 31 laid): enough for the nine spends below without a
link breaking."""
SPENDS = {"x": Explore, "a": AndCost}
"""The keys that spend the selected agent's crystals, and the action each makes."""
AT_ONCE = ("x", "a", "x", "a", "x", "a")
"""What every device types at the same moment, without a pause: the devices' transactions
meet at the game's lock, and each waits its turn ("Another device is saving")."""
IN_TURN = 3
"""Rounds in which the devices spend one after the other, each timed on every screen."""
SETTLE_SECONDS = 20.0
"""The longest the screens may take to agree once the typing stops (a limit, not a measure)."""
TITLE = "Many hands"
DEVICES = 3
"""Browsers at the table, one per agent: the issue's three (about 27 s on a busy two-core
machine, so in the default run)."""


def new_mission(home: Path, devices: int) -> tuple[str, CavendishState]:
    """A mission for `devices` players in its first Discovery phase at location A."""
    game = get_game("cavendish")
    assert game is not None
    store = SaveStore(home)
    saved = store.create(game, setup_for(devices, CARDS), TITLE)
    saved.session.do(ChooseLocation("A"))
    record_played(store, saved)
    return saved.id, saved.session.state


def sit_down(tabs: OpenTabs, name: str, url: str, agent_key: str, agent: str) -> Tab:
    """A browser opens the mission from the saved games and selects its agent."""
    tab = tabs.browsers.take(name)
    try:
        tab.open(url)
        tab.wait_for(lambda shown: TITLE in shown, START_SECONDS, "the saved game")
        tab.press("r")
        tab.wait_for(lambda shown: "Discovery phase" in shown, START_SECONDS, "the mission")
        tab.press(agent_key)
        tab.wait_for(lambda shown: f"{agent}: no Items" in shown, what=f"{agent} selected")
    except BaseException:
        tab.close()
        raise
    return tab


def spent(state: CavendishState, agent: str, keys: tuple[str, ...]) -> CavendishState:
    """The state once `agent` made the spends `keys` type (each agent's spends change only
    that agent's pool and the Vortex, so their order across devices does not matter)."""
    for key in keys:
        state = apply(state, SPENDS[key](agent))  # type: ignore[arg-type]
    return state


def pools(state: CavendishState) -> dict[str, int]:
    return {agent.receptacle: agent.pool for agent in state.agents}


@dataclass
class Figures:
    """Milliseconds from a key on one device to its action seen: on the other devices' pages,
    on its own page, and in the game's file."""

    others: list[float] = field(default_factory=list)
    itself: list[float] = field(default_factory=list)
    file: list[float] = field(default_factory=list)
    behind: list[float] = field(default_factory=list)
    """How much later each other page showed an action than the page that made it."""

    def __str__(self) -> str:
        median = statistics.median
        return (
            f"another device's action on screen after a median of {median(self.others):.0f} ms "
            f"(fastest {min(self.others):.0f}, worst {max(self.others):.0f}, "
            f"{len(self.others)} looks), {median(self.behind):.0f} ms behind the screen that "
            f"made it ({median(self.itself):.0f} ms, worst {max(self.itself):.0f}); in the file "
            f"after {median(self.file):.0f} ms (worst {max(self.file):.0f})"
        )


def spend_in_turn(
    tabs: list[Tab], seats: dict[str, str], state: CavendishState, path: Path
) -> tuple[CavendishState, Figures]:
    """Each device in turn explores once, `IN_TURN` times round the table, each Explore timed
    from its key to its agent's new pool on every page."""
    figures = Figures()
    for _round in range(IN_TURN):
        for sender, agent in zip(tabs, seats, strict=True):
            state = spent(state, agent, ("x",))
            after = state.agents[list(seats).index(agent)]
            row = rf"{agent}\s+{seats[agent]}\s+{after.pool}/{after.starting}\b"
            for tab in tabs:
                watch_for(tab, row)
            grown = Growth(path, SETTLE_SECONDS)
            sent = send_keys(sender, "x")
            seen = {
                tab.name: seen_after(tab, sent, SETTLE_SECONDS, f"{agent}'s Explore")
                for tab in tabs
            }
            itself = seen.pop(sender.name)
            figures.itself.append(itself)
            figures.others.extend(seen.values())
            figures.behind.extend(other - itself for other in seen.values())
            figures.file.append(grown.after(sent))
    return state, figures


def shown_json(save_id: str) -> dict[str, Any]:
    shown = subprocess.run(
        [sys.executable, "-m", "companion", "show", save_id, "--json"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    result: dict[str, Any] = json.loads(shown.stdout)
    return result


def test_three_devices_spend_their_own_agents_crystals_at_once_and_agree(
    tabs: OpenTabs, companion_home: Path
) -> None:
    save_id, start = new_mission(companion_home, DEVICES)
    seats: dict[str, str] = {agent.receptacle: agent.player for agent in start.agents}
    agents = list(seats)
    path = SaveStore(companion_home).path_for(save_id)
    with served(companion_home) as (_server, url), ThreadPoolExecutor(DEVICES) as pool:
        sitting = [
            pool.submit(sit_down, tabs, f"device-{seat + 1}", url, str(seat + 1), agent)
            for seat, agent in enumerate(agents)
        ]
        tabs.extend(future.result() for future in sitting if future.exception() is None)
        for future in sitting:
            future.result()  # a browser that could not sit down fails the test

        together = threading.Barrier(DEVICES)

        def spend_at_once(tab: Tab) -> None:
            together.wait(timeout=30)
            send_keys(tab, "".join(AT_ONCE))

        for typed in [pool.submit(spend_at_once, tab) for tab in tabs]:
            typed.result()
        state = start
        for agent in agents:
            state = spent(state, agent, AT_ONCE)
        wanted = pools(state)
        for tab in tabs:
            tab.wait_for(
                lambda shown: pools_shown(shown, seats) == wanted,
                SETTLE_SECONDS,
                f"the pools {wanted} after the spends at once",
            )

        state, figures = spend_in_turn(tabs, seats, state, path)
        print(f"\n{DEVICES} devices: {figures}")

        made = Counter({("", "ChooseLocation", ""): 1})
        ids = [device_of(tab) for tab in tabs]
        assert len(set(ids)) == DEVICES and all(found.startswith("b") for found in ids)
        for device, agent in zip(ids, agents, strict=True):
            made[(device, "Explore", agent)] = AT_ONCE.count("x") + IN_TURN
            made[(device, "AndCost", agent)] = AT_ONCE.count("a")
        assert records_by_device(path) == made  # every action once, by its own device

        final = SaveStore(companion_home).load(save_id).session.state
        assert pools(final) == pools(state)
        crystals = (final.vortex, final.mission_return)
        for tab in tabs:
            shown = tab.text()
            assert pools_shown(shown, seats) == pools(final), tab.name
            assert crystals_shown(shown) == crystals, tab.name
        described = shown_json(save_id)
        assert {a["receptacle"]: a["pool"] for a in described["agents"]} == pools(final)
        assert (described["vortex"], described["mission_return"]) == crystals
