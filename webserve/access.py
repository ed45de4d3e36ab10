"""Who may open the served app: the address it listens on, the secret token, the requests refused.

On this computer only (the default, 127.0.0.1) no token is needed, but a request must still name a
loopback host (a web page elsewhere cannot rename itself to reach it) and a browser's websocket
must come from the served page itself. On a network (`--host`), every request but the page's
static files (textual-serve's script and styles, no game data) must carry the token: in the
address, or in the cookie the page got when it was opened with it.
"""

from __future__ import annotations

import hmac
import ipaddress
import re
import secrets
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

TOKEN_SETTING = "serve-token"
"""The preference that keeps the token between starts (`companion serve --keep-token`)."""

TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_-]{22,64}")
"""What `secrets.token_urlsafe(16)` makes; a kept token of another shape is replaced."""

STATIC_PREFIX = "/static/"
ANY_ADDRESS = {"0.0.0.0", "::", ""}

FORBIDDEN_TOKEN = (
    "403 Forbidden: this table's address carries a secret. Open the address that "
    "`companion serve` printed, or scan its QR code."
)
FORBIDDEN_HOST = "403 Forbidden: this companion answers on this computer only (127.0.0.1)."
FORBIDDEN_ORIGIN = "403 Forbidden: the app opens only from its own page."


def is_loopback(host: str) -> bool:
    """127.x.x.x, ::1 and `localhost`: reachable from this computer only."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def new_token() -> str:
    return secrets.token_urlsafe(16)


def usable_token(kept: object) -> str | None:
    """A token kept in settings, if it still has the shape of one (settings can be edited)."""
    return kept if isinstance(kept, str) and TOKEN_PATTERN.fullmatch(kept) else None


@dataclass(frozen=True)
class Access:
    """The rules for one running server: where it listens and the token, if one is needed."""

    host: str
    token: str | None

    @property
    def local_only(self) -> bool:
        return is_loopback(self.host)

    def refusal(
        self, path: str, given_token: str, host_header: str, origin: str | None
    ) -> str | None:
        """Why a request is refused (its 403 text), or None to serve it."""
        if self.local_only and not is_loopback(_hostname(host_header)):
            return FORBIDDEN_HOST
        if path.startswith(STATIC_PREFIX):
            return None
        if self.token is not None and not hmac.compare_digest(
            given_token.encode(), self.token.encode()
        ):
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


def address_of(host: str, port: int, token: str | None) -> str:
    """The URL to open in a browser."""
    shown = f"[{host}]" if ":" in host else host
    query = f"/?token={token}" if token else "/"
    return f"http://{shown}:{port}{query}"
