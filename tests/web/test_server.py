"""`companion serve` over HTTP: the token and its cookie, the scan addresses, the table display's
page, the page template, a port out of range. The server runs in-process (aiohttp's test
client); its apps are never started here (see test_apps.py)."""

from __future__ import annotations

import re
import socket
import sys
from html import escape
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from companion import cli
from webserve import server
from webserve.access import DOWNLOAD, FORBIDDEN_TOKEN, TOKEN_ROUTES, Access, scan_key
from webserve.server import DEVICE_COOKIE, TOKEN_COOKIE, CompanionServer, ServeError

TOKEN = "t" * 22


FAKE_FEED = [sys.executable, str(Path(__file__).with_name("fake_feed.py"))]
"""The table feed's stand-in: no game in play (its file is never written)."""


async def client_for(
    access: Access, keep_token: bool = False, max_apps: int = 8
) -> TestClient[Any, Any]:
    feed = [*FAKE_FEED, "/nonexistent/table-feed"]
    app = await CompanionServer("true", access, keep_token, max_apps, feed_command=feed).web_app()
    client: TestClient[Any, Any] = TestClient(TestServer(app))
    await client.start_server()
    return client


async def test_over_http_a_wrong_or_missing_token_gets_403_saying_to_scan_again() -> None:
    client = await client_for(Access("0.0.0.0", TOKEN))
    try:
        for query in ("", "?token=wrong", f"?token={TOKEN}x"):
            response = await client.get(f"/{query}", allow_redirects=False)
            assert response.status == 403
            text = await response.text()
            assert "textual" not in text.lower() and "Scan the QR code" in text
        assert (await client.get("/ws?token=wrong")).status == 403
        assert (await client.get("/static/js/textual.js")).status == 200
    finally:
        await client.close()


async def test_every_route_that_needs_the_token_refuses_without_it() -> None:
    client = await client_for(Access("0.0.0.0", TOKEN))
    try:
        paths = [route.replace("{key}", "abc") for route in TOKEN_ROUTES]
        assert DOWNLOAD in TOKEN_ROUTES and "/table" in paths and "/ws/table" in paths
        for path in [*paths, "/no-such-page", "/s/WRONGKEY", "/t/"]:
            response = await client.get(path, allow_redirects=False)
            assert response.status == 403, path
            assert escape(FORBIDDEN_TOKEN) in await response.text()
    finally:
        await client.close()


async def test_the_token_leaves_the_address_bar_for_a_cookie() -> None:
    client = await client_for(Access("0.0.0.0", TOKEN))
    try:
        first = await client.get(f"/?token={TOKEN}&fontsize=20", allow_redirects=False)
        assert first.status == 303
        assert first.headers["Location"] == "/?fontsize=20"  # the token is gone, the rest stays
        cookie = first.cookies[TOKEN_COOKIE]
        assert cookie.value == TOKEN and cookie["httponly"] and cookie["samesite"] == "Lax"
        assert not cookie["max-age"]  # without --keep-token: for this browser session only
        page = await client.get("/?fontsize=20")  # the cookie alone opens the page
        assert page.status == 200 and "textual.js" in await page.text()
        assert page.cookies[TOKEN_COOKIE].value == TOKEN  # given again on every page route
        device = first.cookies[DEVICE_COOKIE]
        assert len(device.value) >= 22 and int(device["max-age"]) > 300 * 24 * 3600
    finally:
        await client.close()


async def test_with_keep_token_the_cookie_lasts() -> None:
    client = await client_for(Access("0.0.0.0", TOKEN), keep_token=True)
    try:
        first = await client.get(f"/table?token={TOKEN}", allow_redirects=False)
        assert first.headers["Location"] == "/table"
        assert int(first.cookies[TOKEN_COOKIE]["max-age"]) > 300 * 24 * 3600
    finally:
        await client.close()


async def test_a_scan_address_leads_to_its_page_with_the_cookie() -> None:
    client = await client_for(Access("0.0.0.0", TOKEN))
    key = scan_key(TOKEN)
    try:
        for path, page in ((f"/s/{key}", "/"), (f"/t/{key.lower()}", "/table")):
            response = await client.get(path, allow_redirects=False)
            assert response.status == 303 and response.headers["Location"] == page
            assert response.cookies[TOKEN_COOKIE].value == TOKEN
        assert (await client.get(f"/s/{key[:-1]}", allow_redirects=False)).status == 403
    finally:
        await client.close()


async def test_the_table_display_page_opens_its_own_websocket() -> None:
    client = await client_for(Access("0.0.0.0", TOKEN))
    try:
        await client.get(f"/?token={TOKEN}")
        page = await client.get("/table/terminal", headers={"Host": "192.168.1.20:8000"})
        assert '"ws://192.168.1.20:8000/ws/table"' in await page.text()
        play = await client.get("/", headers={"Host": "192.168.1.20:8000"})
        assert '"ws://192.168.1.20:8000/ws"' in await play.text()
    finally:
        await client.close()


async def test_the_page_loads_nothing_from_outside_and_sizes_itself_for_the_device() -> None:
    client = await client_for(Access("127.0.0.1", None))
    try:
        page = await (await client.get("/")).text()
        assert "interactive-widget=resizes-content" in page and "width=device-width" in page
        assert "@font-face" in page and "fonts/RobotoMono-VariableFont_wght.ttf" in page
        assert not re.search(r"https?://", page)  # no stylesheet, font or script from anywhere
        for reference in re.findall(r'(?:src|href)="([^"]*)"', page):
            assert reference.startswith("/static/"), reference
        assert (await client.get("/static/fonts/RobotoMono-VariableFont_wght.ttf")).status == 200
        # the font is in before textual.js starts the terminal, with the size chosen by then
        assert page.index("js/textual.js") < page.index("document.fonts.load")
    finally:
        await client.close()


async def test_locally_the_page_opens_without_a_token_but_not_under_another_name() -> None:
    client = await client_for(Access("127.0.0.1", None))
    try:
        assert (await client.get("/")).status == 200
        assert (await client.get("/table")).status == 200
        assert (await client.get("/", headers={"Host": "evil.example"})).status == 403
    finally:
        await client.close()


async def test_an_address_that_runs_its_most_apps_gets_a_page_saying_why() -> None:
    client = await client_for(Access("127.0.0.1", None), max_apps=1)
    try:
        with _server_of(client).apps.one("127.0.0.1"):
            response = await client.get("/")
            assert response.status == 429
            text = await response.text()
            assert "already runs 1 companion windows" in text and "--max-apps" in text
        assert (await client.get("/")).status == 200
    finally:
        await client.close()


def _server_of(client: TestClient[Any, Any]) -> CompanionServer:
    """The CompanionServer behind a test client (its guard is a bound method of it)."""
    for middleware in client.server.app.middlewares:
        owner = getattr(middleware, "__self__", None)
        if isinstance(owner, CompanionServer):
            return owner
    raise AssertionError("no CompanionServer behind this client")


def test_serve_listens_on_this_computer_only_by_default() -> None:
    args = cli.build_parser().parse_args(["serve"])
    assert args.host == "127.0.0.1" and args.port == 8000 and not args.keep_token
    assert args.max_apps == 8


@pytest.mark.parametrize("port", ["70000", "-1", "http", "65536"])
def test_a_port_out_of_range_is_one_line_and_exit_2(
    port: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["serve", "--port", port]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"'{port}' is not a port: choose 0 to 65535" in err
    with pytest.raises(ServeError, match="is not a port"):
        server.bind("127.0.0.1", 70000)


@pytest.mark.parametrize("most", ["0", "many", "1001"])
def test_max_apps_out_of_range_is_one_line_and_exit_2(
    most: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["serve", "--max-apps", most]) == 2
    assert "is not a number of apps" in capsys.readouterr().err


def test_a_port_in_use_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        with pytest.raises(ServeError, match=f"port {port} is in use"):
            server.bind("127.0.0.1", port)
        assert cli.main(["serve", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert err == f"companion: port {port} is in use: choose another with --port\n"


def test_an_unknown_host_is_one_line() -> None:
    with pytest.raises(ServeError, match="no such address"):
        server.bind("no-such-host.invalid", 0)
