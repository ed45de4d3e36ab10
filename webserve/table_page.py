"""The table page (`/table`): a game's table view as HTML, and what changed, in words.

What it shows comes from the table feed (companion/cli/table_feed.py, through
webserve/table_feed.py) as data: the headline, a box per group of figures, the drawing under
them. Here it becomes HTML that a screen reader reads as a document: the headline is the page's
heading, each box a section under its own heading, its figures a description list (the label,
then the number), the drawing preformatted text under its title. Every text is data (a player's
name, a game's words) and is escaped: a name like `<b>Ana</b>` shows as typed. Colour never
carries meaning alone: the drawing's marks and the boxes' words do.

`said` compares two views of one game and says the figures that changed ("Amy · Ana, Fear: 2
(was 1)"), for the page's live region: a screen reader hears a move as it is made.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from lang import number, t

PUSH_LINK = "https://"
"""A push link the page draws: a web address (BG Stats' own), never anything else."""
MOST_SAID = 6
"""Changes said at once; a bigger change (a new round) is said by its headline."""
COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


def fragment(game: Mapping[str, Any] | None, language: str) -> str:
    """The page's body for what the feed says (`None`: no game in play), in `language`'s
    view (the words around it in the language in use)."""
    if game is None:
        return (
            '<header><h1 id="headline">'
            + escape(t("No game in play."))
            + '</h1></header><p class="waiting">'
            + escape(
                t(
                    "Start or resume a game on a phone or laptop at the table (the companion's "
                    "main address, without /table): this page shows it as soon as it starts, "
                    "and follows every move."
                )
            )
            + "</p>"
        )
    view = _view(game, language)
    context = t(
        "{game} · {title}", game=_text(game.get("game_title")), title=_text(game.get("title"))
    )
    parts = [
        '<header><p class="context">',
        escape(context),
        '</p><h1 id="headline">',
        escape(_text(view.get("headline"))),
        "</h1></header>",
    ]
    groups = _list(view.get("groups"))
    if groups:
        parts.append('<div class="boxes">')
        parts.extend(_box(index, group) for index, group in enumerate(groups))
        parts.append("</div>")
    board = _list(view.get("board"))
    if board:
        parts.append(_board(_text(view.get("board_title")), board, _list(view.get("narrow_board"))))
    link = game.get("push_link")
    if game.get("ended") is True and isinstance(link, str) and link.startswith(PUSH_LINK):
        parts.append(_push_code(link))
    return "".join(parts)


def starting() -> str:
    """The page's body before the feed's first look (a slow start): it comes by the stream."""
    looking = escape(t("Looking for the game in play..."))
    return f'<header><h1 id="headline">{looking}</h1></header>'


def said(before: Mapping[str, Any] | None, now: Mapping[str, Any] | None, language: str) -> str:
    """What changed between two things the feed said, in words ("" when nothing was shown
    before): the figures of the same game that changed, else the game now shown."""
    if before is None and now is None:
        return ""
    if now is None:
        return t("No game in play.")
    if before is None or before.get("id") != now.get("id"):
        headline = _text(_view(now, language).get("headline"))
        title = _text(now.get("title"))
        return t("Now showing {title}: {headline}", title=title, headline=headline)
    old, new = _view(before, language), _view(now, language)
    was = _figures(old)
    changes = [
        t(
            "{box}, {figure}: {value} (was {before})",
            box=box,
            figure=label,
            value=value,
            before=was[box, label],
        )
        for (box, label), value in _figures(new).items()
        if (box, label) in was and was[box, label] != value
    ]
    headline = _text(new.get("headline"))
    if headline != _text(old.get("headline")) or len(changes) > MOST_SAID:
        return "; ".join([headline, *changes[:MOST_SAID]])
    return "; ".join(changes)


def _view(game: Mapping[str, Any], language: str) -> Mapping[str, Any]:
    views = game.get("views")
    if not isinstance(views, Mapping):
        return {}
    view = views.get(language) or views.get("en") or {}
    return view if isinstance(view, Mapping) else {}


def _figures(view: Mapping[str, Any]) -> dict[tuple[str, str], str]:
    """Each figure's number by its box and label."""
    found = {}
    for group in _list(view.get("groups")):
        for figure in _list(group.get("figures")):
            found[_text(group.get("title")), _text(figure.get("label"))] = _number(
                figure.get("value")
            )
    return found


def _box(index: int, group: Mapping[str, Any]) -> str:
    heading = f"box-{index}"
    figures = "".join(_figure(figure) for figure in _list(group.get("figures")))
    note = _text(group.get("note"))
    return (
        f'<section class="box" aria-labelledby="{heading}">'
        f'<h2 id="{heading}">{escape(_text(group.get("title")))}</h2>'
        + (f'<dl class="figures">{figures}</dl>' if figures else "")
        + (f'<p class="note">{escape(note)}</p>' if note else "")
        + "</section>"
    )


def _figure(figure: Mapping[str, Any]) -> str:
    shown = _number(figure.get("value"))
    return (
        f'<div class="figure" style="--chars: {max(1, len(shown))}">'
        f"<dt>{escape(_text(figure.get('label')))}</dt>"
        f'<dd class="number">{escape(shown)}</dd></div>'
    )


def _board(title: str, lines: Sequence[Any], narrow: Sequence[Any]) -> str:
    """The drawing as preformatted text, each run in its colour (bold, dim) where it has one:
    its marks and numbers carry the meaning, the colours only help. With a narrow drawing too,
    the page shows the one that reads larger on its screen (the other hidden, from a screen
    reader too)."""
    drawings = _drawing(lines, "wide") + (_drawing(narrow, "narrow", hidden=True) if narrow else "")
    return (
        '<figure class="board" aria-labelledby="board-title">'
        f'<figcaption><h2 id="board-title">{escape(title)}</h2></figcaption>{drawings}</figure>'
    )


def _drawing(lines: Sequence[Any], kind: str, hidden: bool = False) -> str:
    cells = max((sum(len(_text(run[0])) for run in _list(line)) for line in lines), default=1)
    drawn = "\n".join("".join(_run(run) for run in _list(line)) for line in lines)
    shown = " hidden" if hidden else ""
    return f'<pre class="{kind}" style="--cells: {max(1, cells)}"{shown}>{drawn}</pre>'


def _push_code(link: str) -> str:
    """The ended game's BG Stats push link as a QR code (each player scans it with their own
    phone, as on the terminal's table display), its purpose in words beside it."""
    import segno

    code = segno.make(link, error="l", micro=False).svg_inline(
        scale=4, border=2, dark="#000000", light="#ffffff", omitsize=True
    )
    label = escape(t("QR code: the play, for BG Stats"))
    return (
        '<figure class="push" aria-labelledby="push-title">'
        f'<figcaption><h2 id="push-title">{escape(t("Send to BG Stats"))}</h2>'
        f'<p class="note">{escape(t("Each player scans it with their own phone."))}</p>'
        f'</figcaption><div class="code" role="img" aria-label="{label}">{code}</div></figure>'
    )


def _run(run: Any) -> str:
    if not isinstance(run, list) or not run:
        return ""
    text = escape(_text(run[0]))
    colour = run[1] if len(run) > 1 and isinstance(run[1], str) and COLOUR.match(run[1]) else None
    classes = [name for name, on in (("bold", _flag(run, 2)), ("dim", _flag(run, 3))) if on]
    if colour is None and not classes:
        return text
    style = f' style="color: {colour}"' if colour else ""
    kind = f' class="{" ".join(classes)}"' if classes else ""
    return f"<span{kind}{style}>{text}</span>"


def _flag(run: list[Any], index: int) -> bool:
    return len(run) > index and run[index] is True


def _number(value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, int):
        return _text(value)
    return str(number(value))


def _text(value: Any) -> str:
    return value if isinstance(value, str) else "" if value is None else str(value)


def _list(value: Any) -> list[Any]:
    """A list from the feed, its items of the expected kind only (a mapping, or a list)."""
    if not isinstance(value, list):
        return []
    return [item for item in value if isinstance(item, (Mapping, list))]
