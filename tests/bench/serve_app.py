"""`companion serve`'s server running another app, for the browser benchmark: the same
`CompanionServer` (textual-serve, our page template, the token and host checks, the cookies), the
addresses printed the same way, but each browser's app is one of `browser_apps.py`'s minimal apps,
or `companion` itself started afresh for each browser (`companion`: no app kept ready ahead of
the browser, as `companion serve` started them before it had one). `stock` is textual-serve's own
server, unchanged, starting `python -m companion` for each browser: the memory figure's baseline
(that process imports nothing of ours, so its memory is textual-serve's alone).

    python serve_app.py hello --port 0 [--host 0.0.0.0]
    python serve_app.py turns FILE --port 0
    python serve_app.py companion --port 0
    python serve_app.py stock --port 0
"""

from __future__ import annotations

import argparse
import shlex
import socket
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

APPS = Path(__file__).with_name("browser_apps.py")


def app_command(app: str, args: list[str]) -> str:
    program = ["-m", "companion"] if app in ("companion", "stock") else [str(APPS), app, *args]
    return "exec " + shlex.join([sys.executable, *program])


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("app", choices=["hello", "turns", "companion", "stock"])
    parser.add_argument("args", nargs="*", help="the app's own (turns: its file)")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args(argv)
    if args.app == "stock":
        serve_stock(app_command(args.app, args.args), args.host, args.port)
        return 0
    from saves.shared.serve_token import new_token
    from webserve.access import Access, is_loopback, public_host
    from webserve.server import CompanionServer, bind, print_codes, print_local

    listening = bind(args.host, args.port)
    token = None if is_loopback(args.host) else new_token()
    host, port = public_host(args.host), listening.getsockname()[1]
    if token is None:
        print_local(host, port, sys.stdout)
    else:
        print_codes(host, port, token, sys.stdout)
    server = CompanionServer(app_command(args.app, args.args), Access(args.host, token))
    server.serve_on(listening)
    return 0


def serve_stock(command: str, host: str, port: int) -> None:
    """textual-serve's `Server` as it ships (its own page, no token), on a socket bound here:
    this process imports nothing of ours, as `textual serve` would not, so its memory is stock
    textual-serve's alone."""
    from aiohttp import web
    from textual_serve.server import Server

    listening = socket.create_server((host, port))
    print(f"stock textual-serve: http://{host}:{listening.getsockname()[1]}/", flush=True)
    server = Server(command)
    server.initialize_logging()
    web.run_app(server._make_app(), sock=listening, print=None)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
