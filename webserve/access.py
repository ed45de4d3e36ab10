"""Who may open the served app: the routes, the address it listens on, the token, the refusals.

On this computer only (the default, 127.0.0.1) no token is needed, but a request must still name a
loopback host (a web page elsewhere cannot rename itself to reach it) and a browser's websocket
must come from the served page itself. On a network (`--host`), every route in `TOKEN_ROUTES`
needs the token: from the cookie a page sets, from `?token=` in the address, or as the short
scan key of a QR code (`/s/KEY`, `/t/KEY`), which the server turns into the cookie and takes out
of the address bar. Only the page's static files (script, styles, font: no game data) are open.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import hmac
import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from companion.phrases import Phrase, phrase
from lang import t
from saves.shared.serve_token import new_token as new_token  # the token's shape lives with its file
from saves.shared.serve_token import usable_token as usable_token

PLAY = "play"
TABLE = "table"
PAGES = {"/": PLAY, "/table/terminal": TABLE}
"""The app's pages: the app to play, and the watch-only table display as a terminal app."""
TABLE_PAGE = "/table"
"""The table page: the game in play's table view as an HTML page (webserve/table_page.py)."""
TABLE_EVENTS = "/table/events"
"""The table page's stream of changes (server-sent events)."""
OPENED = (*PAGES, TABLE_PAGE)
"""Every page a browser opens: the token goes from its address to a cookie there."""
SOCKETS = {"/ws": PLAY, "/ws/table": TABLE}
"""Each app page's websocket: one `companion` process per connection."""
DOWNLOAD = "/download/{key}"
SCANS = {"/s/": "/", "/t/": TABLE_PAGE}
"""A QR code's short address (`/s/KEY`) and the page it leads to once the key is checked."""
TOKEN_ROUTES = (*OPENED, TABLE_EVENTS, *SOCKETS, DOWNLOAD)
"""Every route that needs the token on a network. Anything else but the static files is refused
too (an unknown path gets the same 403, not a hint)."""
STATIC_PREFIX = "/static/"
ANY_ADDRESS = {"0.0.0.0", "::", ""}
SCAN_KEY_LENGTH = 20
"""Base32 characters of a scan key: 100 bits, and short enough that two QR codes of the longest
address (an IPv6 host, port 65535) fit side by side in 80 columns."""

FORBIDDEN_TOKEN = phrase(
    "This table's address carries a secret, and this one is missing or out of date. "
    "Scan the QR code that `companion serve` shows again, or open the address it printed."
)
FORBIDDEN_HOST = phrase("This companion answers on this computer only (127.0.0.1).")
FORBIDDEN_ORIGIN = phrase("The app opens only from its own page.")
"""Why a request is refused: said on its 403 page in the browser's language (`pages`)."""


def port_number(text: str) -> int:
    """A TCP port for `--port` (0: any free one); anything else is one line for argparse."""
    try:
        port = int(text, 10)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(
            t("'{text}' is not a port: choose 0 to 65535", text=text[:40])
        )
    return port


def app_limit(text: str) -> int:
    """`--max-apps`: how many apps one address may run at once, 1 to 1000."""
    try:
        most = int(text, 10)
    except ValueError:
        most = 0
    if not 1 <= most <= 1000:
        raise argparse.ArgumentTypeError(
            t("'{text}' is not a number of apps: choose 1 to 1000", text=text[:40])
        )
    return most


def is_loopback(host: str) -> bool:
    """127.x.x.x, ::1 and `localhost`: reachable from this computer only."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def scan_key(token: str) -> str:
    """The short key a QR code carries instead of the token: derived from it (a kept token keeps
    its key), upper case so the whole address is cheap to encode."""
    digest = hmac.new(token.encode(), b"companion scan key", hashlib.sha256).digest()
    return base64.b32encode(digest).decode("ascii")[:SCAN_KEY_LENGTH]


@dataclass(frozen=True)
class Access:
    """The rules for one running server: where it listens and the token, if one is needed."""

    host: str
    token: str | None

    @property
    def local_only(self) -> bool:
        return is_loopback(self.host)

    def scan_target(self, path: str) -> str | None:
        """The page a scan address with the right key leads to; None for any other path."""
        for prefix, page in SCANS.items():
            if path.startswith(prefix) and self.token is not None:
                key = path.removeprefix(prefix).upper().encode()
                if hmac.compare_digest(key, scan_key(self.token).encode()):
                    return page
        return None

    def given_token(self, given: str) -> bool:
        return self.token is not None and hmac.compare_digest(given.encode(), self.token.encode())

    def refusal(
        self, path: str, given_token: str, host_header: str, origin: str | None
    ) -> Phrase | None:
        """Why a request is refused (its 403 text), or None to serve it."""
        if self.local_only and not is_loopback(_hostname(host_header)):
            return FORBIDDEN_HOST
        if path.startswith(STATIC_PREFIX) or self.scan_target(path) is not None:
            return None
        if self.token is not None and not self.given_token(given_token):
            return FORBIDDEN_TOKEN
        if origin is not None and urlsplit(origin).netloc.lower() != host_header.lower():
            return FORBIDDEN_ORIGIN
        return None


def _hostname(host_header: str) -> str:
    """The host of a Host header: `127.0.0.1:8000` -> 127.0.0.1, `[::1]:8000` -> ::1."""
    return urlsplit(f"//{host_header}").hostname or ""


def public_host(host: str) -> str:
    """The host to put in the printed address: the machine's address on the network when the
    server listens on every address, else the host as given."""
    if host not in ANY_ADDRESS:
        return host
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))  # picks the outgoing interface; sends nothing
        address: str = probe.getsockname()[0]
    except OSError:
        address = socket.gethostname()
    finally:
        probe.close()
    return address


def address_of(host: str, port: int, token: str | None, page: str = "/") -> str:
    """The URL to open in a browser (the token, if any, as its query)."""
    shown = f"[{host}]" if ":" in host else host
    query = f"?token={token}" if token else ""
    return f"http://{shown}:{port}{page}{query}"


def scan_address(host: str, port: int, token: str, page: str = "/") -> str:
    """The short address of a page for a QR code: `/s/KEY` plays, `/t/KEY` is the table."""
    shown = f"[{host}]" if ":" in host else host
    prefix = next(prefix for prefix, target in SCANS.items() if target == page)
    return f"http://{shown}:{port}{prefix}{scan_key(token)}"
