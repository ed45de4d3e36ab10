"""A browser whose connection is lost says so at once over the game, in words a phone reads, and
takes no tap or key meanwhile; it reconnects by itself, and its game, reopened, says how many
actions other devices made while it was away (issue 42, item 5).

The connection is lost as a phone's Wi-Fi loses it: the socket stays open while nothing answers
(the server and its apps stopped with SIGSTOP). Run with `pytest -n 0 -m browser tests/web`."""

from __future__ import annotations

import os
import re
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import pytest

from companion.cavendish.actions import LoseAzrak, TakeFear
from saves.games.journal import Draft
from saves.games.store import SaveStore
from saves.shared.devices import LastGame, remembered
from tests.support.waiting import HANG_SECONDS, wait_until
from tests.web.browser import PHONE, START_SECONDS, OpenTabs, Tab, served
from tests.web.table_devices import DEVICE_COOKIE
from tests.web.test_browser import alive, apps_of, descendants_of
from tests.web.test_phone import mission, page_text, page_until

pytestmark = pytest.mark.browser

OTHER = "b0a1b2c3d4e5"
LOST = "document.body.classList.contains('-lost')"
COVERED = """
const box = document.querySelector('.lost-dialog').getBoundingClientRect();
const middle = document.elementFromPoint(window.innerWidth / 2, window.innerHeight * 0.8);
const size = parseFloat(getComputedStyle(document.querySelector('.lost-dialog .message')).fontSize);
return [box.width >= window.innerWidth && box.height >= window.innerHeight,
        Boolean(middle && middle.closest('.lost-dialog')), size];
"""
"""Whether the notice covers the whole page and takes a tap low on the screen (where the
phone's buttons are), and its type's size in CSS px."""

RECORD_SENT = """
window.sentWhileLost = [];
const socket = window.companionSocket.socket, send = socket.send;
socket.send = function (data) {
  if (typeof data === 'string' && data.startsWith('["stdin"')) window.sentWhileLost.push(data);
  return send(data);
};
"""
"""Every key or tap the terminal passes on to its socket from now on, recorded."""


@contextmanager
def frozen(server: int) -> Iterator[set[int]]:
    """The server and its apps stopped: the browser's socket stays open, and nothing answers
    (as when a phone's Wi-Fi drops); yields the apps, all going on again at the end."""
    apps = descendants_of(server)
    os.kill(server, signal.SIGSTOP)
    for app in apps:
        os.kill(app, signal.SIGSTOP)
    try:
        yield apps
    finally:
        for pid in (*apps, server):
            if alive(pid):
                os.kill(pid, signal.SIGCONT)


def shown_words(screen: str) -> str:
    """The screen's words in one line: a notice's wrapped lines and their border left out."""
    return " ".join(re.sub(r"[\u2500-\u259f]", " ", screen).split())


def memory(tab: Tab, home: Path) -> LastGame | None:
    cookie = tab.driver.get_cookie(DEVICE_COOKIE)
    assert cookie is not None, f"{tab.name} has no device cookie"
    return remembered(home, cookie["value"])


def another_device_plays(home: Path, save_id: str) -> int:
    """Ben and Cy play two actions at another device; the game's record count after them."""
    store = SaveStore(home, lambda: datetime.now(UTC))
    theirs = store.open_for_play(save_id)
    store.transact(theirs, lambda _: [Draft("do", TakeFear("Anton", 1))], by=OTHER, seat="Ben")
    store.transact(theirs, lambda _: [Draft("do", LoseAzrak("Doug", 1))], by=OTHER, seat="Cy")
    return theirs.record_count


def test_a_phone_that_loses_its_connection_says_so_drops_its_keys_and_is_told_what_it_missed(
    tabs: OpenTabs, companion_home: Path
) -> None:
    save_id = mission(companion_home)
    with served(companion_home) as (server, url):
        phone = tabs.new("phone", PHONE)
        phone.open(url)
        phone.wait_for(lambda shown: "Three agents" in shown, START_SECONDS, "the saved games")
        phone.press("r")
        phone.wait_for(lambda shown: "Explore (x)" in shown, START_SECONDS, "the game")
        wait_until(lambda: memory(phone, companion_home) is not None, "the game remembered")
        seen = memory(phone, companion_home)
        assert seen is not None and seen.save_id == save_id and seen.seen is not None
        assert not phone.script(f"return {LOST};")
        (old,) = apps_of(server.pid)  # the phone's app (the warm parent waits, one thread)

        with frozen(server.pid):
            page_until(phone, LOST, "the lost connection said")
            said = page_text(phone)
            assert "Connection lost: reconnecting..." in said
            assert "Your taps are not sent" in said
            covers, takes_taps, size = phone.script(COVERED)
            assert covers and takes_taps and size >= 16
            phone.script(RECORD_SENT)
            phone.press("x")  # Explore, typed while lost: the terminal never even sees it
            assert phone.script("return window.sentWhileLost;") == []
            count = another_device_plays(companion_home, save_id)

        page_until(phone, f"!{LOST} && window.companionSocket.firstFrameAt", "back", HANG_SECONDS)
        shown = phone.wait_for(
            lambda screen: "2 actions were made while this device was away" in shown_words(screen),
            START_SECONDS,
            "the missed actions said",
        )
        words = shown_words(shown)
        assert "Back" in words and "Ben:" in words and "Cy:" in words
        wait_until(lambda: not alive(old), "the lost connection's app ended")
        saved = SaveStore(companion_home).load(save_id)
        assert saved.record_count == count  # Ben's and Cy's, not the Explore typed while lost
        assert "explored" not in phone.text()
        wait_until(lambda: memory(phone, companion_home) == LastGame(save_id, count), "seen kept")
