"""The Markdown export shows every title and name as typed: a hostile title or player's name in a
save comes out inert, never as HTML, a link or a broken table, whatever renders the page."""

from __future__ import annotations

from html import unescape
from pathlib import Path

from markdown_it import MarkdownIt

from saves.games.exports import export_markdown
from saves.games.store import SaveStore
from tests.support.samples import install_sample

TITLE = "# <img src=x onerror=alert(1)> [t](javascript:alert(1)) *x* `y` &lt; a\\b"
NAME = "<b>J</b>|[n](x:1)_"
"""Within the 20 characters a name may have."""


def hostile_save(home: Path) -> str:
    """The Time Bastards sample with its title and second player's name as another program
    could write them."""
    save_id = install_sample(home, "time-bastards")
    path = home / "games" / f"{save_id}.toml"
    text = path.read_text("utf-8")
    quoted_title = TITLE.replace("\\", "\\\\")
    text = text.replace('title = "Mara vs Jonas"', f'title = "{quoted_title}"')
    path.write_text(text.replace('"Jonas"', f'"{NAME}"'), "utf-8")
    return save_id


def rendered(markdown: str) -> str:
    """The page as a Markdown renderer that lets HTML through makes it (tables on)."""
    page: str = MarkdownIt("commonmark", {"html": True}).enable("table").render(markdown)
    return page


def test_a_hostile_title_and_name_come_out_as_text(companion_home: Path) -> None:
    saved = SaveStore(companion_home).load(hostile_save(companion_home))
    assert saved.title == TITLE
    markdown = export_markdown(saved)
    page = rendered(markdown)
    assert "<img" not in page and "<b>" not in page and "<a " not in page
    assert "<em>" not in page and "<code>" not in page
    title_line = markdown.splitlines()[0]
    assert title_line == (
        "# \\# &lt;img src=x onerror=alert(1)&gt; \\[t\\](javascript:alert(1)) \\*x\\* \\`y\\` "
        "&amp;lt; a\\\\b"
    )
    heading = page.split("<h1>", 1)[1].split("</h1>", 1)[0]
    assert unescape(heading) == TITLE, "the page shows the title exactly as typed"
    assert any(NAME in unescape(line) for line in page.splitlines()), "the name, as typed"


def test_a_plain_game_reads_as_before(companion_home: Path) -> None:
    saved = SaveStore(companion_home).load(install_sample(companion_home, "time-bastards"))
    lines = export_markdown(saved).splitlines()
    assert lines[:3] == ["# Mara vs Jonas", "", "Time Bastards, playing."]
    assert "## Log" in lines and not any("\\" in line for line in lines)
