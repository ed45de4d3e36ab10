"""`companion serve`: the default host, the token over HTTP, the printed address and QR code, a
port in use. The server runs in-process (aiohttp's test client), its apps are never started."""

from __future__ import annotations

import io
import socket
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from companion import cli
from saves.settings import SettingsStore
from webserve import server
from webserve.access import TOKEN_SETTING, Access
from webserve.server import TOKEN_COOKIE, CompanionServer, ServeError

TOKEN = "t" * 22


async def client_for(access: Access) -> TestClient[Any, Any]:
    app = await CompanionServer("true", access).web_app()
    client: TestClient[Any, Any] = TestClient(TestServer(app))
    await client.start_server()
    return client


async def test_over_http_a_wrong_or_missing_token_gets_403_and_no_app() -> None:
    client = await client_for(Access("0.0.0.0", TOKEN))
    try:
        for query in ("", "?token=wrong", f"?token={TOKEN}x"):
            response = await client.get(f"/{query}")
            assert response.status == 403
            assert "textual" not in (await response.text()).lower()
        assert (await client.get("/ws?token=wrong")).status == 403
        page = await client.get(f"/?token={TOKEN}")
        assert page.status == 200
        assert "textual.js" in await page.text()
        # the page's websocket gets the token as a cookie (its script adds a query of its own)
        cookie = page.cookies[TOKEN_COOKIE]
        assert cookie.value == TOKEN and cookie["httponly"] and cookie["samesite"] == "Strict"
        assert (await client.get("/static/js/textual.js")).status == 200
    finally:
        await client.close()


async def test_the_websocket_address_is_the_one_the_browser_used() -> None:
    client = await client_for(Access("0.0.0.0", TOKEN))
    try:
        page = await client.get(f"/?token={TOKEN}", headers={"Host": "192.168.1.20:8000"})
        assert '"ws://192.168.1.20:8000/ws"' in await page.text()
    finally:
        await client.close()


async def test_locally_the_page_opens_without_a_token_but_not_under_another_name() -> None:
    client = await client_for(Access("127.0.0.1", None))
    try:
        assert (await client.get("/")).status == 200
        assert (await client.get("/", headers={"Host": "evil.example"})).status == 403
    finally:
        await client.close()


def test_serve_listens_on_this_computer_only_by_default() -> None:
    args = cli.build_parser().parse_args(["serve"])
    assert args.host == "127.0.0.1" and args.port == 8000 and not args.keep_token


def started(monkeypatch: pytest.MonkeyPatch) -> list[CompanionServer]:
    """Record the servers `serve` would run, instead of running them."""
    servers: list[CompanionServer] = []

    def record(self: CompanionServer, listening: socket.socket) -> None:
        servers.append(self)
        listening.close()

    monkeypatch.setattr(CompanionServer, "serve_on", record)
    return servers


def test_locally_no_token_and_no_qr_code(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    servers = started(monkeypatch)
    out = io.StringIO()
    assert server.serve(tmp_path, "127.0.0.1", 0, keep_token=False, out=out) == 0
    assert servers[0].access == Access("127.0.0.1", None)
    assert "http://127.0.0.1:" in out.getvalue() and "token" not in out.getvalue()
    assert "█" not in out.getvalue()


def test_on_the_network_the_address_has_a_new_token_and_a_qr_code(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    servers = started(monkeypatch)
    first, second = io.StringIO(), io.StringIO()
    server.serve(tmp_path, "0.0.0.0", 0, keep_token=False, out=first)
    server.serve(tmp_path, "0.0.0.0", 0, keep_token=False, out=second)
    tokens = [s.access.token for s in servers]
    assert tokens[0] and tokens[1] and tokens[0] != tokens[1]
    assert f"?token={tokens[0]}" in first.getvalue()
    assert "▄" in first.getvalue() and "█" in first.getvalue()  # the QR code
    assert SettingsStore(tmp_path).preference(TOKEN_SETTING, "") == ""  # nothing kept


def test_keep_token_keeps_one_token_in_settings_between_starts(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    servers = started(monkeypatch)
    for _ in range(2):
        server.serve(tmp_path, "0.0.0.0", 0, keep_token=True, out=io.StringIO())
    kept = SettingsStore(tmp_path).preference(TOKEN_SETTING, "")
    assert kept and [s.access.token for s in servers] == [kept, kept]


def test_a_token_that_cannot_be_kept_is_used_once_and_said(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    servers = started(monkeypatch)
    (tmp_path / "settings.toml").write_text("not [valid", "utf-8")
    out = io.StringIO()
    server.serve(tmp_path, "0.0.0.0", 0, keep_token=True, out=out)
    assert servers[0].access.token
    assert "for this start only" in out.getvalue()
    assert (tmp_path / "settings.toml").read_text("utf-8") == "not [valid"  # never overwritten


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


def test_a_kept_token_that_does_not_look_like_one_is_replaced(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    servers = started(monkeypatch)
    SettingsStore(tmp_path).set_preference(TOKEN_SETTING, "1234")  # edited by hand: too short
    server.serve(tmp_path, "0.0.0.0", 0, keep_token=True, out=io.StringIO())
    token = servers[0].access.token
    assert token and token != "1234"
    assert SettingsStore(tmp_path).preference(TOKEN_SETTING, "") == token
