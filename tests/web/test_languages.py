"""Each browser its language: the `Accept-Language` a request carries chooses the server's own
pages' words (refused, the app page's notices), per request, and the host's language stays the
server's (what `companion serve` prints). The hand-over of the header to a browser's app is in
test_apps.py and test_standby.py."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from aiohttp.test_utils import TestClient, TestServer

import lang
from webserve.access import Access
from webserve.languages import LONGEST, asked, page_language, speaking
from webserve.server import CompanionServer, print_local

TOKEN = "t" * 22
FAKE_FEED = [sys.executable, str(Path(__file__).with_name("fake_feed.py")), "/nonexistent"]


async def client_for(access: Access) -> TestClient[Any, Any]:
    app = await CompanionServer("true", access, feed_command=FAKE_FEED).web_app()
    client: TestClient[Any, Any] = TestClient(TestServer(app))
    await client.start_server()
    return client


def test_the_header_handed_over_is_printable_and_short() -> None:
    assert asked({"Accept-Language": "fr-CH,fr;q=0.9"}) == "fr-CH,fr;q=0.9"
    assert asked({"Accept-Language": "de\x1b[2J\u00e9"}) == "de[2J"
    assert len(asked({"Accept-Language": "x" * 5000})) == LONGEST
    assert asked({}) == ""


def test_a_page_speaks_the_browsers_language_or_the_hosts(speak: Callable[[str], str]) -> None:
    assert page_language({"Accept-Language": "es, de;q=0.5"}) == "de"
    assert page_language({"Accept-Language": "es"}) == "en"  # none spoken: the host's
    speak("fr")
    assert page_language({}) == "fr"
    with speaking("de") as spoken:
        assert spoken == "de" and lang.t("Open again") == "Wieder öffnen"
    assert lang.current() == "fr"  # the host's again


async def test_a_refusal_is_said_in_the_browsers_language() -> None:
    client = await client_for(Access("0.0.0.0", TOKEN))
    try:
        french = await client.get("/", headers={"Accept-Language": "fr-FR,fr;q=0.9"})
        text = await french.text()
        assert french.status == 403 and '<html lang="fr">' in text
        assert "403 Accès refusé" in text and "Scannez à nouveau le QR code" in text
        german = await client.get("/table", headers={"Accept-Language": "de"})
        assert "Scanne den QR-Code" in await german.text()
        english = await client.get("/table/events")
        assert "Scan the QR code" in await english.text()
        assert lang.current() == "en"  # the server's own language is untouched
    finally:
        await client.close()


async def test_the_app_page_says_its_notices_in_the_browsers_language() -> None:
    client = await client_for(Access("127.0.0.1", None))
    try:
        page = await (await client.get("/", headers={"Accept-Language": "de-AT"})).text()
        assert '<html lang="de">' in page
        assert "Verbindung verloren: verbinde neu …" in page and "Wieder öffnen" in page
        assert "Bildschirmleser" in page  # the screen reader switch
        english = await (await client.get("/")).text()
        assert "Connection lost: reconnecting..." in english and "Screen reader" in english
    finally:
        await client.close()


def test_what_serve_prints_is_in_the_hosts_language(speak: Callable[[str], str]) -> None:
    speak("fr")
    out = io.StringIO()
    print_local("127.0.0.1", 8000, out)
    printed = out.getvalue()
    assert "ouvrez dans un navigateur sur cet ordinateur" in printed
    assert "http://127.0.0.1:8000/table   (l\u2019affichage de table)" in printed
    assert "Ctrl+C arrête le serveur." in printed
