"""The small pages the server answers instead of the app: refused, or too many apps.

Plain HTML with the same viewport as the app's page, so a phone shows them readable; every text
escaped; no resource from anywhere; in the language the browser asks for.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from aiohttp import web

from companion.phrases import Phrase
from lang import t, tr
from webserve.languages import page_language, speaking


def too_many(most: int) -> str:
    """Why a device gets no more windows, in the language in use."""
    return t(
        "This device already runs {most} companion windows on this server, the most one address "
        "may open (`companion serve --max-apps`). Close a tab of the companion here, wait a few "
        "seconds for its window to end, then reload this page.",
        most=most,
    )


def notice(status: int, title: str, text: str, language: str) -> web.Response:
    body = f"""<!DOCTYPE html>
<html lang="{escape(language)}">
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


def forbidden(refusal: Phrase, headers: Mapping[str, str]) -> web.Response:
    """403 with why (`webserve.access`'s refusals), in the browser's language."""
    with speaking(page_language(headers)) as language:
        # TRANSLATORS: the title of the page refusing a browser (HTTP status 403)
        return notice(403, t("403 Forbidden"), tr(refusal), language)


def too_many_apps(most: int, headers: Mapping[str, str]) -> web.Response:
    with speaking(page_language(headers)) as language:
        return notice(429, t("Too many windows"), too_many(most), language)
