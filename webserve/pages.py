"""The small pages the server answers instead of the app: refused, or too many apps.

Plain HTML with the same viewport as the app's page, so a phone shows them readable; every text
escaped; no resource from anywhere.
"""

from __future__ import annotations

from html import escape

from aiohttp import web

TOO_MANY_APPS = (
    "This device already runs {most} companion windows on this server, the most one address "
    "may open (`companion serve --max-apps`). Close a tab of the companion here, wait a few "
    "seconds for its window to end, then reload this page."
)


def notice(status: int, title: str, text: str) -> web.Response:
    body = f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<style>
body {{ background: #ffffff; color: #111111; font: 1.2rem/1.5 sans-serif; margin: 1.5rem; }}
h1 {{ font-size: 1.5rem; }}
</style>
</head>
<body>
<h1>{escape(title)}</h1>
<p>{escape(text)}</p>
</body>
</html>
"""
    return web.Response(status=status, text=body, content_type="text/html")


def forbidden(text: str) -> web.Response:
    return notice(403, "403 Forbidden", text)


def too_many_apps(most: int) -> web.Response:
    return notice(429, "Too many windows", TOO_MANY_APPS.format(most=most))
