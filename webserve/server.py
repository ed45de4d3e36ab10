"""The web server of `companion serve`: textual-serve's, with the access rules of `access.py`.

textual-serve starts one `companion` process per browser tab and relays its screen over a
websocket. This subclass adds the token and host checks, builds the websocket address from the
address the browser used (a phone reaches the computer by its network address, not 127.0.0.1),
prints the address and its QR code, and stops cleanly on Ctrl+C.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import shlex
import signal
import socket
import sys
from pathlib import Path
from typing import Any, TextIO

import aiohttp_jinja2
import segno
from aiohttp import web
from textual_serve.server import Server

from saves.settings import SettingsStore
from webserve.access import (
    TOKEN_SETTING,
    Access,
    address_of,
    is_loopback,
    new_token,
    public_host,
    usable_token,
)

TITLE = "Table Companion"
TOKEN_COOKIE = "companion-token"
"""The token, given back to the page that was opened with it, for its websocket."""
SHUTDOWN_SECONDS = 3.0
"""How long Ctrl+C waits for the browsers' apps to close before they are stopped."""


class ServeError(Exception):
    """A problem that stops the server before it starts: one line for the player."""


class CompanionServer(Server):
    """textual-serve's server for the companion, refusing what `Access` refuses."""

    def __init__(self, command: str, access: Access) -> None:
        super().__init__(command, title=TITLE)
        self.access = access
        self.sessions: set[asyncio.Task[Any]] = set()
        """One task per connected browser, each relaying one `companion` process."""

    def initialize_logging(self) -> None:
        """Warnings only: the terminal shows the address and the QR code, not every request."""
        logging.basicConfig(level=logging.WARNING, format="%(message)s")

    async def on_startup(self, app: web.Application) -> None:
        """Nothing to print: `serve` printed the address before listening."""

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """textual-serve's relay for one browser, kept track of so Ctrl+C can end it."""
        task = asyncio.current_task()
        assert task is not None
        self.sessions.add(task)
        try:
            return await super().handle_websocket(request)
        finally:
            self.sessions.discard(task)

    async def on_shutdown(self, app: web.Application) -> None:
        """Ctrl+C: every browser's app is asked to quit and awaited (each saved as it went),
        so no `companion` process outlives the server."""
        for session in self.sessions:
            session.cancel()
        if self.sessions:
            await asyncio.wait(self.sessions, timeout=SHUTDOWN_SECONDS)

    async def web_app(self) -> web.Application:
        """textual-serve's routes behind the access check."""
        app = await self._make_app()
        app.middlewares.append(self._guard)
        return app

    @web.middleware
    async def _guard(self, request: web.Request, handler: Any) -> web.StreamResponse:
        given = request.query.get("token") or request.cookies.get(TOKEN_COOKIE, "")
        refusal = self.access.refusal(
            request.path, given, request.host, request.headers.get("Origin")
        )
        if refusal is not None:
            raise web.HTTPForbidden(text=refusal)
        response: web.StreamResponse = await handler(request)
        if self.access.token is not None and request.path == "/":
            # the page's script opens /ws with a query of its own: the token goes as a cookie
            response.set_cookie(TOKEN_COOKIE, self.access.token, httponly=True, samesite="Strict")
        return response

    async def handle_index(self, request: web.Request) -> web.Response:
        """The page, with a websocket address on the host the browser asked for."""
        scheme = "wss" if request.secure else "ws"
        websocket = f"{scheme}://{request.host}/ws"
        font_size = request.query.get("fontsize", "16")
        context = {
            "font_size": int(font_size)
            if font_size.isdigit() and 6 <= int(font_size) <= 64
            else 16,
            "app_websocket_url": websocket,
            "config": {"static": {"url": "/static/"}},
            "application": {"name": TITLE},
        }
        return aiohttp_jinja2.render_template("app_index.html", request, context)

    def serve_on(self, listening: socket.socket) -> None:
        """Serve on a bound socket until Ctrl+C (or SIGTERM)."""
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        loop.add_signal_handler(signal.SIGINT, self.request_exit)
        loop.add_signal_handler(signal.SIGTERM, self.request_exit)
        web.run_app(
            self.web_app(),
            sock=listening,
            handle_signals=False,
            loop=loop,
            print=None,
            shutdown_timeout=SHUTDOWN_SECONDS,
        )


def serve(home: Path, host: str, port: int, keep_token: bool, out: TextIO = sys.stdout) -> int:
    """Listen, print the address and its QR code, serve until Ctrl+C; 0 when stopped."""
    listening = bind(host, port)
    token = None if is_loopback(host) else choose_token(SettingsStore(home), keep_token, out)
    url = address_of(public_host(host), listening.getsockname()[1], token)
    print_address(url, token is not None, out)
    command = shlex.join([sys.executable, "-m", "companion"])
    server = CompanionServer(command, Access(host, token))
    server.serve_on(listening)
    print("\nStopped: every browser's game was saved as it went.", file=out, flush=True)
    return 0


def bind(host: str, port: int) -> socket.socket:
    """The listening socket, or one line on why not (a port in use, an unknown host)."""
    try:
        family = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM)[0][0]
        return socket.create_server((host, port), family=family, backlog=64)
    except socket.gaierror:
        raise ServeError(f"cannot listen on '{host}': no such address on this computer") from None
    except OSError as error:
        if error.errno == errno.EADDRINUSE:
            raise ServeError(f"port {port} is in use: choose another with --port") from None
        raise ServeError(f"cannot listen on {host}:{port}: {error.strerror or error}") from None


def choose_token(settings: SettingsStore, keep_token: bool, out: TextIO) -> str:
    """A new token, or with `--keep-token` the one kept in settings (made and kept the first
    time). A token that cannot be kept is used for this start only, and said so."""
    if not keep_token:
        return new_token()
    kept = usable_token(settings.preference(TOKEN_SETTING, ""))
    if kept is not None:
        return kept
    token = new_token()
    if not settings.set_preference(TOKEN_SETTING, token):
        why = settings.problem or settings.file.failure or "the settings file cannot be written"
        print(f"companion: the token is for this start only ({why})", file=out)
    return token


def print_address(url: str, with_token: bool, out: TextIO) -> None:
    """The QR code (for a phone's camera) above the address, and how to stop: 24 lines at most,
    so the address stays on an 80x24 terminal."""
    if with_token:
        segno.make(url).terminal(out=out, compact=True, border=2)
        print(f"{TITLE}: scan the code, or open on each device at the table", file=out)
        print(f"  {url}", file=out)
        print("The address carries a secret: share it only with the players.", file=out)
    else:
        print(f"{TITLE}: open in a browser on this computer", file=out)
        print(f"  {url}", file=out)
        print("For the table's phones and tablets, add --host 0.0.0.0.", file=out)
    print("Ctrl+C stops the server.", file=out, flush=True)
