"""The web server of `companion serve`: textual-serve's, with the access rules of `access.py`.

textual-serve starts one `companion` process per browser tab and relays its screen over a
websocket. This subclass (textual-serve is pinned to one version: these hooks are not its public
API) serves our own page template, adds the token and host checks, the token and device cookies,
the table display's address, a heartbeat that notices a dropped browser within seconds, a limit
of apps per address, and stops cleanly on Ctrl+C.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import logging
import secrets
import shlex
import signal
import socket
import sys
from collections.abc import Callable
from importlib import import_module
from pathlib import Path
from typing import Any, TextIO, TypeVar

import aiohttp_jinja2
import textual_serve
from aiohttp import WSCloseCode, web
from textual_serve.server import Server, to_int

import lang
from lang import BROWSER_LANGUAGES, t
from saves.shared.devices import DEVICE_VARIABLE, TABLE_DISPLAY_VARIABLE, usable_device
from saves.shared.serve_token import keep_token as kept_token
from saves.shared.serve_token import move_from_settings, new_token
from webserve import pages, table_page
from webserve.access import (
    DOWNLOAD,
    FORBIDDEN_TOKEN,
    OPENED,
    PAGES,
    SCANS,
    SOCKETS,
    TABLE,
    TABLE_EVENTS,
    TABLE_PAGE,
    Access,
    address_of,
    is_loopback,
    public_host,
    scan_address,
)
from webserve.apps import (
    HEARTBEAT_SECONDS,
    AppCount,
    CompanionAppService,
    Standby,
    browserless_environment,
)
from webserve.forks import fork_warm_parent
from webserve.languages import asked, page_language, speaking
from webserve.table_feed import TableFeed

TITLE = "Table Companion"
TOKEN_COOKIE = "companion-token"
"""The token, given back to every page route, so the address bar never needs to show it."""
DEVICE_COOKIE = "companion-device"
"""Which browser this is, kept long, so its app reopens the game it last had open."""
LONG_COOKIE_SECONDS = 400 * 24 * 3600
"""The longest a browser keeps a cookie (Chromium's cap)."""
SHUTDOWN_SECONDS = 5.0
"""How long Ctrl+C waits for the browsers' apps to close before they are stopped."""
DEFAULT_MAX_APPS = 8
STANDBY = "companion.cli.standby"
"""The warm parent's module: the app's side, run by name as every app is (`-m companion`)."""
TABLE_FEED = "companion.cli.table_feed"
"""The table page's feed: the app's side, run by name (`-m`), one for every table page."""
FIRST_LOOK_SECONDS = 5.0
"""How long the first table page waits for the feed's first look (its start, then a listing
of the games): after that it shows "Looking for the game in play" and the stream brings it."""
EVENTS_PING_SECONDS = 4.0
"""A quiet stream says something this often: a page that went is noticed here, and a page
that hears nothing for three times as long takes its connection as lost (a network gone can
leave it looking open) and opens another."""
TEMPLATES = Path(__file__).parent / "templates"
STATIC = Path(textual_serve.__file__).parent / "static"
"""textual-serve's script, styles and the Roboto Mono font it ships."""


class ServeError(Exception):
    """A problem that stops the server before it starts: one line for the player."""


Answer = TypeVar("Answer", bound=web.StreamResponse)


def see_other(location: str) -> web.Response:
    return web.Response(status=303, headers={"Location": location})


async def _uncancelled(work: Any) -> None:
    """Run `work` to its end even if the caller is cancelled (Ctrl+C, a connection closed),
    then pass the cancellation on: an app being ended is always ended."""
    task = asyncio.ensure_future(work)
    cancelled = False
    while not task.done():
        try:
            await asyncio.shield(task)
        except asyncio.CancelledError:
            cancelled = True
    if cancelled:
        raise asyncio.CancelledError


class CompanionServer(Server):
    """textual-serve's server for the companion, refusing what `Access` refuses. With a
    `standby` command, each browser's app is forked from a warm parent started before it."""

    def __init__(
        self,
        command: str,
        access: Access,
        keep_token: bool = False,
        max_apps: int = DEFAULT_MAX_APPS,
        standby: str | None = None,
        warm_parent: Callable[[], int] | None = None,
        feed_command: list[str] | None = None,
    ) -> None:
        super().__init__(command, title=TITLE, statics_path=STATIC, templates_path=TEMPLATES)
        self.access = access
        self.keep_token = keep_token
        self.apps = AppCount(max_apps)
        self.sessions: set[asyncio.Task[Any]] = set()
        """One task per connected browser, each relaying one `companion` process."""
        self.standby = None if standby is None else Standby(standby, self.download_manager)
        self.warm_parent = warm_parent
        """The warm parent's `main`, forked by `serve_on` before the event loop starts, so the
        apps share this process's modules too; `standby` starts the later ones."""
        self.feed_command = feed_command
        self.table_feed: TableFeed | None = None
        """The one process reading the game in play for every table page, once one opened."""

    def initialize_logging(self) -> None:
        """Warnings only: the terminal shows the address and the QR code, not every request."""
        logging.basicConfig(level=logging.WARNING, format="%(message)s")

    async def on_startup(self, app: web.Application) -> None:
        """The warm parent is started (nothing to print: `serve` printed the address before
        listening)."""
        if self.standby is not None:
            self.standby.refill()

    async def on_shutdown(self, app: web.Application) -> None:
        """Ctrl+C: every browser's app is asked to quit and awaited (each saved as it went),
        so no `companion` process outlives the server."""
        for session in self.sessions:
            session.cancel()
        if self.standby is not None:  # first: an app that ends now starts no other parent
            self.standby.stop_starting()
        if self.sessions:
            await asyncio.wait(self.sessions, timeout=SHUTDOWN_SECONDS)
        if self.standby is not None:  # then: its children's ends were told by it
            await self.standby.close()
        if self.table_feed is not None:
            await self.table_feed.close()

    async def web_app(self) -> web.Application:
        """textual-serve's routes, the table display's and the scan addresses, behind the
        access check."""
        app = await self._make_app()
        for page in PAGES:
            if page != "/":
                app.router.add_get(page, self.handle_index)
        for websocket in SOCKETS:
            if websocket != "/ws":
                app.router.add_get(websocket, self.handle_websocket)
        for prefix in SCANS:
            app.router.add_get(prefix + "{key}", self.handle_scan)
        app.router.add_get(TABLE_PAGE, self.handle_table_page)
        app.router.add_get(TABLE_EVENTS, self.handle_table_events)
        assert DOWNLOAD in {resource.canonical for resource in app.router.resources()}
        app.middlewares.append(self._guard)
        return app

    @web.middleware
    async def _guard(self, request: web.Request, handler: Any) -> web.StreamResponse:
        given = request.query.get("token") or request.cookies.get(TOKEN_COOKIE, "")
        refusal = self.access.refusal(
            request.path, given, request.host, request.headers.get("Origin")
        )
        if refusal is not None:
            return pages.forbidden(refusal, request.headers)
        if request.path in OPENED and "token" in request.query:
            # opened with the token: keep it in the cookie, out of the address bar
            rest = {name: value for name, value in request.query.items() if name != "token"}
            return self._with_cookies(request, see_other(str(request.rel_url.with_query(rest))))
        response: web.StreamResponse = await handler(request)
        if request.path in OPENED:
            self._with_cookies(request, response)
        return response

    def _with_cookies(self, request: web.Request, response: Answer) -> Answer:
        """The token cookie (persistent with `--keep-token`) and the device id if missing."""
        if self.access.token is not None:
            lasting = LONG_COOKIE_SECONDS if self.keep_token else None
            response.set_cookie(
                TOKEN_COOKIE, self.access.token, max_age=lasting, httponly=True, samesite="Lax"
            )
        if usable_device(request.cookies.get(DEVICE_COOKIE)) is None:
            response.set_cookie(
                DEVICE_COOKIE,
                secrets.token_urlsafe(24),
                max_age=LONG_COOKIE_SECONDS,
                httponly=True,
                samesite="Lax",
            )
        return response

    async def handle_scan(self, request: web.Request) -> web.StreamResponse:
        """A QR code's address, its key already checked: on to its page, with the cookies."""
        page = self.access.scan_target(request.path)
        if page is None:
            return pages.forbidden(FORBIDDEN_TOKEN, request.headers)
        return self._with_cookies(request, see_other(page))

    async def handle_index(self, request: web.Request) -> web.Response:
        """The page, with a websocket address on the host the browser asked for."""
        if self.apps.full(request.remote or ""):
            return pages.too_many_apps(self.apps.most, request.headers)
        display = PAGES[request.path]
        socket_path = next(path for path, shown in SOCKETS.items() if shown == display)
        scheme = "wss" if request.secure else "ws"
        asked = to_int(request.query.get("fontsize", "0"), 0)
        with speaking(page_language(request.headers)) as language:
            context = {
                "font_size": asked if 6 <= asked <= 64 else 0,
                "display": display,
                "app_websocket_url": f"{scheme}://{request.host}{socket_path}",
                "config": {"static": {"url": "/static/"}},
                "application": {"name": TITLE},
                "language": language,
                "words": page_words(),
            }
            return aiohttp_jinja2.render_template("app_index.html", request, context)

    def feed(self) -> TableFeed:
        """The table feed, started if it is not running."""
        if self.table_feed is None:
            command = self.feed_command or [sys.executable, "-m", TABLE_FEED]
            self.table_feed = TableFeed(command, browserless_environment())
        self.table_feed.start()
        return self.table_feed

    async def handle_table_page(self, request: web.Request) -> web.Response:
        """The table page, with what the feed said last; its stream brings each change."""
        feed = self.feed()
        if feed.latest is None:  # its first look: a moment, not a blank page
            await feed.wait_newer(0, FIRST_LOOK_SECONDS)
        latest, version = feed.latest, feed.version
        with speaking(page_language(request.headers)) as language:
            if latest is None:
                body = table_page.starting()
            else:
                body = table_page.fragment(latest.get("game"), language)
            context = {
                "language": language,
                "title": t("Table display"),
                "body": body,
                "events": f"{TABLE_EVENTS}?lang={language}",
                "version": version,
                "config": {"static": {"url": "/static/"}},
                "words": {
                    "lost": t("Connection lost: reconnecting..."),
                    "far": t(
                        "The companion is not running, or this device cannot reach it. "
                        "This page comes back by itself."
                    ),
                },
            }
            return aiohttp_jinja2.render_template("table_page.html", request, context)

    async def handle_table_events(self, request: web.Request) -> web.StreamResponse:
        """The table page's stream: each change the feed says, as the page's new body and
        what changed in words, in the page's language; a ping when there is none for a
        while, so a page gone is noticed, and a page whose network went notices too."""
        feed = self.feed()
        wanted = request.query.get("lang", "")
        language = wanted if wanted in lang.available() else page_language(request.headers)
        seen = to_int(request.query.get("since", "0"), 0)
        before = feed.latest if seen == feed.version else None
        response = web.StreamResponse(
            headers={"Content-Type": "text/event-stream", "Cache-Control": "no-store"}
        )
        task = asyncio.current_task()
        assert task is not None
        self.sessions.add(task)
        try:
            await response.prepare(request)
            while True:
                version = await feed.wait_newer(seen, EVENTS_PING_SECONDS)
                if version == seen or feed.latest is None:
                    await response.write(b"event: ping\ndata: \n\n")
                    continue
                seen, now = version, feed.latest
                with speaking(language):
                    game = now.get("game")
                    told = {
                        "html": table_page.fragment(game, language),
                        "said": table_page.said(
                            None if before is None else before.get("game"), game, language
                        ),
                        "version": version,
                    }
                before = now
                data = json.dumps(told, ensure_ascii=False)
                await response.write(f"event: table\ndata: {data}\n\n".encode())
        except (ConnectionError, asyncio.CancelledError):  # the page went, or Ctrl+C
            pass
        finally:
            self.sessions.discard(task)
        return response

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """One browser's app: started with its device id and display, ended with it."""
        address = request.remote or ""
        if self.apps.full(address):
            with speaking(page_language(request.headers)):
                refused = pages.too_many(self.apps.most)
            raise web.HTTPTooManyRequests(text=refused)
        task = asyncio.current_task()
        assert task is not None
        self.sessions.add(task)
        try:
            with self.apps.one(address):
                return await self._relay(request)
        finally:
            self.sessions.discard(task)

    async def _relay(self, request: web.Request) -> web.WebSocketResponse:
        websocket = web.WebSocketResponse(heartbeat=HEARTBEAT_SECONDS, timeout=HEARTBEAT_SECONDS)
        environment: dict[str, str] = {}
        device = usable_device(request.cookies.get(DEVICE_COOKIE))
        if device is not None:
            environment[DEVICE_VARIABLE] = device
        if SOCKETS.get(request.path) == TABLE:
            environment[TABLE_DISPLAY_VARIABLE] = "1"
        languages = asked(request.headers)
        if languages:
            environment[BROWSER_LANGUAGES] = languages
        width = min(max(to_int(request.query.get("width", "80"), 80), 10), 1000)
        height = min(max(to_int(request.query.get("height", "24"), 24), 5), 1000)
        service = CompanionAppService(
            self.command,
            environment,
            self.standby,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=websocket.close,
            download_manager=self.download_manager,
        )
        try:
            await websocket.prepare(request)
            await service.start(width, height)
            watcher = asyncio.create_task(self._close_when_app_ends(service, websocket))
            try:
                await self._process_messages(websocket, service)
            finally:
                watcher.cancel()
        except asyncio.CancelledError:  # Ctrl+C: the page is told first, so it reconnects
            await websocket.close(code=WSCloseCode.GOING_AWAY)
        except Exception as error:  # a browser that sends garbage ends its own app only
            logging.getLogger("companion-serve").warning(
                t("browser connection: {problem}", problem=str(error))
            )
        finally:
            await _uncancelled(service.end())
            if not websocket.closed:
                await websocket.close()
            if self.standby is not None:  # a parent that ended is started again
                self.standby.refill()
        return websocket

    async def _close_when_app_ends(
        self, service: CompanionAppService, websocket: web.WebSocketResponse
    ) -> None:
        """An app that crashed (no `exit` of its own) closes its page's websocket, so the page
        reconnects to a new app instead of showing a screen that no longer answers."""
        await service.relay_ended()
        if not websocket.closed:
            await websocket.close(code=WSCloseCode.INTERNAL_ERROR)

    def serve_on(self, listening: socket.socket) -> None:
        """Serve on a bound socket until Ctrl+C (or SIGTERM)."""
        self.initialize_logging()
        if self.standby is not None and self.warm_parent is not None:
            self.standby.forked_by_server = fork_warm_parent(
                self.warm_parent, browserless_environment(), [listening]
            )
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


def page_words() -> dict[str, str]:
    """The app page's own words (its notices over the game), in the language in use."""
    return {
        "ended": t("This window has ended."),
        "open_again": t("Open again"),
        "lost": t("Connection lost: reconnecting..."),
        "taps": t("Your taps are not sent until the game is back."),
        "far": t(
            "The companion is not running, or this device cannot reach it (its Wi-Fi?). "
            "Start `companion serve` again on the computer: this page comes back by itself."
        ),
        "reader": t("Screen reader"),
        # TRANSLATORS: the screen reader switch's label on a phone, where it is short
        "reader_short": t("Reader"),
        "reader_on": t("Screen reader mode is on: the screen's text is in the page."),
        "reader_off": t("Screen reader mode is off."),
    }


def serve(
    home: Path,
    host: str,
    port: int,
    keep_token: bool,
    out: TextIO = sys.stdout,
    max_apps: int = DEFAULT_MAX_APPS,
) -> int:
    """Listen, print the addresses and their QR codes, serve until Ctrl+C; 0 when stopped.
    The warm parent (`STANDBY`) is forked before the event loop starts, so the browsers' apps
    share this process's modules too; if this process runs a thread, it is started as a
    command of its own instead."""
    listening = bind(host, port)
    token = None if is_loopback(host) else choose_token(home, keep_token, out)
    shown_host, bound_port = public_host(host), listening.getsockname()[1]
    if token is None:
        print_local(shown_host, bound_port, out)
    else:
        print_codes(shown_host, bound_port, token, out)
    command = "exec " + shlex.join([sys.executable, "-m", "companion"])  # signals reach the app
    standby = "exec " + shlex.join([sys.executable, "-m", STANDBY])
    server = CompanionServer(
        command, Access(host, token), keep_token, max_apps, standby, _warm_parent
    )
    server.serve_on(listening)
    print("\n" + t("Stopped: every browser's game was saved as it went."), file=out, flush=True)
    return 0


def _warm_parent() -> int:
    """`python -m companion.cli.standby`, run in the process forked from the server."""
    standby: Any = import_module(STANDBY)
    return int(standby.main())


def bind(host: str, port: int) -> socket.socket:
    """The listening socket, or one line on why not (a port in use, an unknown host)."""
    if not 0 <= port <= 65535:
        raise ServeError(t("'{text}' is not a port: choose 0 to 65535", text=port))
    try:
        family = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM)[0][0]
        return socket.create_server((host, port), family=family, backlog=64)
    except socket.gaierror:
        raise ServeError(
            t("cannot listen on '{host}': no such address on this computer", host=host)
        ) from None
    except OSError as error:
        if error.errno == errno.EADDRINUSE:
            raise ServeError(
                t("port {port} is in use: choose another with --port", port=str(port))
            ) from None
        raise ServeError(
            t(
                "cannot listen on {host}:{port}: {problem}",
                host=host,
                port=str(port),
                problem=error.strerror or str(error),
            )
        ) from None


def choose_token(home: Path, keep_token: bool, out: TextIO) -> str:
    """A new token, or with `--keep-token` the one kept in its file (made the first time). A
    token that cannot be kept is used for this start only, and said so."""
    if not keep_token:
        with contextlib.suppress(OSError):  # out of settings, where every window reads it
            move_from_settings(home)
        return new_token()
    kept = kept_token(home)
    if kept.problem is not None:
        print(
            t("companion: the token is for this start only ({problem})", problem=kept.problem),
            file=out,
        )
    return kept.token


def print_local(host: str, port: int, out: TextIO) -> None:
    print(t("{title}: open in a browser on this computer", title=TITLE), file=out)
    print(f"  {address_of(host, port, None)}", file=out)
    table = address_of(host, port, None, "/table")
    print("  " + t("{address}   (the table display)", address=table), file=out)
    print(t("For the table's phones and tablets, add --host 0.0.0.0."), file=out)
    print(t("Ctrl+C stops the server."), file=out, flush=True)


def print_codes(host: str, port: int, token: str, out: TextIO) -> None:
    """Two QR codes side by side (to play; the table display) above their addresses: 23 lines
    of 80 columns at most, even for an IPv6 host, so everything stays on an 80x24 terminal."""
    from webserve.qr import side_by_side

    play, table = scan_address(host, port, token, "/"), scan_address(host, port, token, "/table")
    for line in side_by_side([play, table]):
        print(line, file=out)
    print(t("Scan: left code to play (each phone), right code for the table display."), file=out)
    print(f"  {play}", file=out)
    print(f"  {table}", file=out)
    print(
        t("The addresses carry a secret: share them only with the players. Ctrl+C stops."),
        file=out,
        flush=True,
    )
