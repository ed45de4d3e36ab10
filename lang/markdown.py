"""Help pages in any language: a Markdown page cut into blocks, each block one catalog message.

As Sphinx and po4a do, the translator never sees Markdown's structure, only its sentences: a
heading's words, a paragraph, a list item, a table cell. `extract` is the Babel extractor for
the help pages (babel.cfg names it), `translated` puts a page together again in the language in
use, each block translated when the catalog has it and left in English when not. Code blocks
and a table's rule line are kept as they are. Line breaks inside a paragraph or an item become
spaces (Markdown renders them so).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import IO, Any

ITEM = re.compile(r"^(\s*(?:[-*+]|\d+[.)])\s+)(.*)$")
HEADING = re.compile(r"^(#{1,6}\s+)(.*)$")
QUOTE = re.compile(r"^(>\s?)(.*)$")
RULE_ROW = re.compile(r"^\s*\|?\s*:?-{3,}")


@dataclass(frozen=True)
class Block:
    """One piece of a page: `prefix` (a heading's hashes, an item's bullet) kept, `text`
    translated (None: kept as it is, like a code block or a blank line)."""

    prefix: str
    text: str | None
    line: int
    after: str = "\n"


def blocks(page: str) -> Iterator[Block]:
    """The page's pieces in order; joined again by `render`, they make the same page."""
    lines = page.split("\n")
    index = 0
    while index < len(lines):
        line = lines[index]
        start = index + 1
        if line.lstrip().startswith("```"):
            end = index + 1
            while end < len(lines) and not lines[end].lstrip().startswith("```"):
                end += 1
            yield Block("\n".join(lines[index : end + 1]), None, start)
            index = end + 1
            continue
        if not line.strip() or RULE_ROW.match(line):
            yield Block(line, None, start)
            index += 1
            continue
        if line.lstrip().startswith("|"):
            yield from _row(line, start)
            index += 1
            continue
        marked = HEADING.match(line) or QUOTE.match(line)
        if marked:
            yield Block(marked.group(1), marked.group(2).strip(), start)
            index += 1
            continue
        item = ITEM.match(line)
        prefix, words = (item.group(1), [item.group(2)]) if item else ("", [line.strip()])
        index += 1
        while index < len(lines) and _continues(lines[index]):
            words.append(lines[index].strip())
            index += 1
        yield Block(prefix, " ".join(words), start)


def _continues(line: str) -> bool:
    stripped = line.strip()
    return bool(
        stripped
        and not ITEM.match(line)
        and not HEADING.match(line)
        and not QUOTE.match(line)
        and not stripped.startswith(("|", "```"))
    )


def _row(line: str, start: int) -> Iterator[Block]:
    indent = line[: len(line) - len(line.lstrip())]
    yield Block(f"{indent}|", None, start, "")
    for cell in line.strip().strip("|").split("|"):
        yield Block(" ", cell.strip(), start, " |")
    yield Block("", None, start)


def render(pieces: Iterable[Block], say: Callable[[str], str]) -> str:
    """The page again, each block's text through `say`."""
    out = [block.prefix + (say(block.text) if block.text else "") + block.after for block in pieces]
    return "".join(out).rstrip("\n") + "\n"


def translated(page: str) -> str:
    """The help page in the language in use (English blocks where no translation is); in
    English, the page exactly as written."""
    from lang import SOURCE, current, lookup

    return page if current() == SOURCE else render(blocks(page), lookup)


def extract(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel's extractor for a help page: each block with words is a message."""
    page = fileobj.read().decode("utf-8")
    for block in blocks(page):
        if block.text and re.search(r"[A-Za-z]", block.text):
            yield block.line, "", block.text, []
