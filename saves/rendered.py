"""A game's actions kept rendered as TOML between saves, so an autosave renders only new ones."""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import tomli_w
from tomli_w import _writer as tomli_writer


class RenderedArray:
    """An array of tables (a game's actions) kept rendered as TOML between saves.

    Each table is rendered once, as the inline row `tomli_w` writes when every table fits on a
    line, and appended to a running text; its `[[key]]` section is rendered only once some table
    does not fit (then every table needs one). A save of a long game renders only its new tables,
    and a game just loaded `adopt`s the rows of its own file, so its first save costs what the
    next ones do. `document` gives exactly what `tomli_w.dumps({**head, key: tables})` gives.
    """

    def __init__(self, key: str) -> None:
        self.key = key
        self.sources: list[Any] = []
        """What each table was rendered from, compared by identity to find what changed."""
        self._rows = ""
        self._ends: list[tuple[int, int]] = []
        """After each table: the length of the rows text, and how many tables so far cannot be
        written inline."""
        self._blocks: list[str] = []
        """Each table's `[[key]]` section, for as many tables as have needed one."""
        self._table_of: Callable[[Any], dict[str, Any]] | None = None

    def sync(self, sources: Sequence[Any], table_of: Callable[[Any], dict[str, Any]]) -> None:
        """Match `sources`: keep the rendered prefix they share by identity, render the rest."""
        self._table_of = table_of
        same = list(map(operator.is_, self.sources, sources))  # at C speed: 5,000 in ~50 us
        try:
            kept = same.index(False)
        except ValueError:
            kept = len(same)
        if kept < len(self.sources):
            self._rows = self._rows[: self._ends[kept - 1][0] if kept else 0]
            del self.sources[kept:], self._ends[kept:], self._blocks[kept:]
        # New rows are gathered in a list and joined once: adding to the text row by row copied
        # it each time, and the first save of a long game grew with the square of its actions.
        rows, rows_end = [self._rows], len(self._rows)
        blocked = self._ends[-1][1] if self._ends else 0
        for source in sources[kept:]:
            table = table_of(source)
            context = _context()  # one per table: see `_render_blocks`
            if tomli_writer.is_suitable_inline_table(table, context):
                rows.append(f"    {tomli_writer.format_inline_table(table, context)},\n")
                rows_end += len(rows[-1])
            else:
                blocked += 1
            self.sources.append(source)
            self._ends.append((rows_end, blocked))
        self._rows = "".join(rows)
        if blocked:
            self._render_blocks(table_of)

    def _render_blocks(self, table_of: Callable[[Any], dict[str, Any]]) -> None:
        for source in self.sources[len(self._blocks) :]:
            # A fresh context per table: tomli_w caches inline tables by id(), and the ids of
            # tables freed along the way come back for the next ones.
            chunks = tomli_writer.gen_table_chunks(
                table_of(source), _context(), name=self.key, inside_aot=True
            )
            self._blocks.append("".join(chunks))

    def adopt(self, sources: Sequence[Any], head: dict[str, Any], text: str) -> bool:
        """Take the rows of `text`, the file `sources` were just read from, as their rendering,
        if the file is exactly what `document(head)` would write for them (one inline table a
        line); False, and nothing taken, for any other file (it is rendered at the next save)."""
        literals, sections = _split_head(head)
        start = f"{literals}{tomli_writer.format_key_part(self.key)} = [\n"
        end = "]\n" + (f"\n{sections}" if sections else "")
        if not sources or not text.startswith(start) or not text.endswith(end):
            return False
        rows = text[len(start) : len(text) - len(end)]
        lines = rows.splitlines(keepends=True)
        if len(lines) != len(sources) or not all(
            line.startswith("    {") and line.endswith("},\n") for line in lines
        ):
            return False
        ends, total = [], 0
        for line in lines:
            total += len(line)
            ends.append((total, 0))
        self.sources, self._rows, self._ends, self._blocks = list(sources), rows, ends, []
        return True

    def document(self, head: dict[str, Any]) -> str:
        """The whole TOML document: `head` (which must not hold `key`) and the array.

        tomli_w writes plain values first, then tables in order; an array whose every table
        fits on a line is a plain value, else each table is a `[[key]]` section.
        """
        literals, sections = _split_head(head)
        key = tomli_writer.format_key_part(self.key)
        inline = not self._ends or self._ends[-1][1] == 0
        parts = [literals]
        if not self.sources:
            parts.append(f"{key} = []\n")
        elif inline:
            parts.append(f"{key} = [\n{self._rows}]\n")
        texts = [sections] if sections else []
        if self.sources and not inline:
            if len(self._blocks) < len(self.sources) and self._table_of is not None:
                self._render_blocks(self._table_of)
            texts.append("\n".join(self._blocks))
        for section in texts:
            if any(parts):
                parts.append("\n")
            parts.append(section)
        return "".join(parts)


def _context() -> Any:
    return tomli_writer.Context(allow_multiline=False, indent=4)


def _split_head(head: dict[str, Any]) -> tuple[str, str]:
    """The head's plain values and its tables, each as `tomli_w` writes them ("" for none)."""
    literals, tables = {}, {}
    for name, value in head.items():
        if isinstance(value, Mapping) or (
            tomli_writer.is_aot(value)
            and not all(tomli_writer.is_suitable_inline_table(t, _context()) for t in value)
        ):
            tables[name] = value
        else:
            literals[name] = value
    return tomli_w.dumps(literals), tomli_w.dumps(tables) if tables else ""
