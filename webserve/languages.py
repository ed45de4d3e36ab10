"""Each browser its language: the server's pages speak what the browser asks for.

A browser says which languages its reader wants in every request's `Accept-Language` header.
The server hands it to that browser's app (`lang.BROWSER_LANGUAGES` in the app's environment,
where `companion` chooses its language with it) and speaks it on its own pages (a refusal, the
connection lost notice, the table page), negotiated per request: one server, a French phone and
a German tablet each read their own. What the server prints in its terminal stays in the host's
language, the one `companion serve` started in.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager

import lang

ACCEPT_LANGUAGE = "Accept-Language"
LONGEST = 256
"""Characters of a header kept: far more than any browser sends (`fr-CH,fr;q=0.9,en;q=0.8`);
a longer one is cut, never refused."""


def asked(headers: Mapping[str, str]) -> str:
    """The languages a request asks for, as printable text of reasonable length ("" if none):
    what goes into the app's environment."""
    header = headers.get(ACCEPT_LANGUAGE, "")[:LONGEST]
    return "".join(char for char in header if char.isprintable() and char.isascii())


def page_language(headers: Mapping[str, str]) -> str:
    """The language to answer a request in: the browser's first that the companion speaks,
    else the host's."""
    return lang.negotiate(asked(headers)) or lang.current()


@contextmanager
def speaking(code: str) -> Iterator[str]:
    """Words said in `code` for the length of the block (the server is one thread: nothing else
    says a word meanwhile), then in the host's language again; yields the language spoken."""
    host = lang.current()
    if code == host:
        yield host
        return
    spoken = lang.use(code)
    try:
        yield spoken
    finally:
        lang.use(host)
