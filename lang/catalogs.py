"""The catalogs, kept with Babel: `python -m lang.catalogs update|compile|check|new CODE`.

The app is cut into parts (`PARTS`): each has a template `lang/locale/<part>.pot` extracted from
its files, and in each language a catalog `lang/locale/<code>/LC_MESSAGES/<part>.po`, compiled
beside it to `<part>.mo`, the file the app reads. Parts keep each catalog a size a translator
can take in (one game, the command line, the served pages); the app reads them all as one.

- `update [--part P]`: extract the messages again (Babel's Python extractor with the keywords
  below, and `lang.markdown.extract` for the help pages), rewrite each template, and bring every
  language's catalog up to date (`pybabel update`: new messages added untranslated, changed
  ones marked fuzzy, gone ones kept as obsolete).
- `compile [--part P]`: each `.po` to its `.mo` (fuzzy translations left out).
- `check`: every message of every part translated in every language, its placeholders kept,
  and every `.mo` compiled from its `.po` (what tests/lang/test_catalogs.py asserts).
- `new CODE`: a new language, every part's catalog made from its template, ready to translate.
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from lang import LOCALE_DIR, SOURCE, placeholders

ROOT = LOCALE_DIR.parents[1]
KEYWORDS = {"t": None, "tn": (1, 2), "tp": ((1, "c"), 2), "phrase": None, "phrase_n": (1, 2)}
"""The names whose literal first argument(s) are messages: `lang.t`/`tn` where words are shown,
`companion.phrases.phrase`/`phrase_n` where they are said before being shown."""
COMMENT_TAGS = ("TRANSLATORS:",)
"""A comment starting so, on the line before a message, goes to the translator."""
HELP_PAGES = "lang.markdown.extract"
TEMPLATES_DATED = datetime(2026, 12, 7, tzinfo=UTC)
"""A fixed date in every template's header, so extracting again changes only what changed."""

SHARED_PARTS: dict[str, tuple[str, ...]] = {
    "core": ("companion/*.py", "companion/history/**/*.py", "saves/**/*.py"),
    "cli": ("companion/cli/**/*.py",),
    "app": (
        "widgets/*.py",
        "widgets/shell/**/*.py",
        "widgets/shell/help/home.md",
        "widgets/shell/help/dice.md",
        "widgets/play/**/*.py",
        "widgets/play/help.md",
        "widgets/kit/**/*.py",
        "widgets/dice/**/*.py",
    ),
    "stats": (
        "widgets/stats/**/*.py",
        "widgets/shell/help/stats.md",
        "widgets/table_view/**/*.py",
        "widgets/shell/help/table-view.md",
    ),
    "web": ("webserve/**/*.py",),
}
"""The parts every game shares; each game is a part of its own (`game_parts`)."""


def game_parts() -> dict[str, tuple[str, ...]]:
    """One part per game: a folder of the same name in the rules and in the screens."""
    names = sorted(
        folder.name
        for folder in (ROOT / "widgets").iterdir()
        if folder.is_dir() and (ROOT / "companion" / folder.name / "__init__.py").is_file()
    )
    return {
        name: (f"companion/{name}/**/*.py", f"widgets/{name}/**/*.py", f"widgets/{name}/*.md")
        for name in names
    }


PARTS = {**SHARED_PARTS, **game_parts()}


def files_of(part: str) -> list[Path]:
    """The files a part's messages come from, each once, in order."""
    found = {path for pattern in PARTS[part] for path in ROOT.glob(pattern) if path.is_file()}
    return sorted(found)


def extracted(part: str) -> Catalog:
    """The part's messages as they are in its files now (a template: no translations)."""
    template = Catalog(
        project="Table Companion", domain=part, fuzzy=False, creation_date=TEMPLATES_DATED
    )
    for path in files_of(part):
        method = HELP_PAGES if path.suffix == ".md" else "python"
        found = extract_from_file(
            method, str(path), keywords=KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True
        )
        where = str(path.relative_to(ROOT))
        for line, message, comments, context in found:
            template.add(
                message,
                locations=[(where, line)],
                auto_comments=comments,
                context=context,
                flags=("python-brace-format",) if _has_braces(message) else (),
            )
    return template


def _has_braces(message: str | tuple[str, ...]) -> bool:
    texts = message if isinstance(message, tuple) else (message,)
    return any("{" in text for text in texts)


def languages() -> list[str]:
    """Every language with a catalog folder (English, the source, has none)."""
    return sorted(
        folder.name
        for folder in LOCALE_DIR.iterdir()
        if folder.is_dir() and (folder / "LC_MESSAGES").is_dir() and folder.name != SOURCE
    )


def po_path(code: str, part: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{part}.po"


def read_catalog(path: Path, code: str) -> Catalog:
    with path.open("rb") as stream:
        return read_po(stream, locale=code, domain=path.stem)


def write_catalog(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, omit_header=False, sort_output=False)
    path.write_bytes(buffer.getvalue())


def update(parts: list[str]) -> None:
    for part in parts:
        template = extracted(part)
        write_catalog(template, LOCALE_DIR / f"{part}.pot")
        for code in languages():
            path = po_path(code, part)
            catalog = (
                read_catalog(path, code) if path.exists() else Catalog(locale=code, domain=part)
            )
            catalog.update(template, update_header_comment=False)
            write_catalog(catalog, path)


def compiled(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def compile_all(parts: list[str]) -> None:
    for code in languages():
        for part in parts:
            path = po_path(code, part)
            if path.exists():
                path.with_suffix(".mo").write_bytes(compiled(read_catalog(path, code)))


@dataclass(frozen=True)
class Problem:
    """One thing a catalog lacks, in a line a translator can act on."""

    where: str
    message: str
    why: str

    def line(self) -> str:
        return f"{self.where}: {self.why}: {self.message[:80]!r}"


def problems(parts: list[str] | None = None) -> Iterator[Problem]:
    """Each message a language lacks, or has wrong, and each stale compiled catalog."""
    for part in parts or list(PARTS):
        template = extracted(part)
        for code in languages():
            path = po_path(code, part)
            where = str(path.relative_to(ROOT))
            if not path.exists():
                yield Problem(where, part, "no catalog for this part")
                continue
            catalog = read_catalog(path, code)
            for wanted in template:
                if not wanted.id:
                    continue
                yield from _checked(where, wanted, catalog.get(wanted.id, wanted.context))
            mo = path.with_suffix(".mo")
            if not mo.exists() or mo.read_bytes() != compiled(catalog):
                yield Problem(where, part, "its .mo is not compiled from this .po")


def disagreements(parts: list[str] | None = None) -> Iterator[Problem]:
    """Each message that two parts of one language translate differently: the app reads every
    part as one catalog, so only one of the two could ever be shown."""
    for code in languages():
        said: dict[tuple[str, str | None], dict[str, tuple[str, ...]]] = {}
        for part in parts or list(PARTS):
            path = po_path(code, part)
            if not path.exists():
                continue
            for message in read_catalog(path, code):
                if message.id and not message.fuzzy and all(_texts(message.string)):
                    key = (_texts(message.id)[0], message.context)
                    said.setdefault(key, {})[part] = _texts(message.string)
        for (message_id, _), by_part in said.items():
            if len(set(by_part.values())) > 1:
                how = "; ".join(f"{part}: {texts[0]!r}" for part, texts in by_part.items())
                where = f"lang/locale/{code}"
                yield Problem(where, message_id, f"translated differently by part ({how})")


def _checked(where: str, wanted: Message, found: Message | None) -> Iterator[Problem]:
    key = _texts(wanted.id)[0]
    if found is None:
        yield Problem(where, key, "missing")
        return
    if found.fuzzy:
        yield Problem(where, key, "fuzzy (check the translation, then remove the flag)")
        return
    sources = _texts(wanted.id)
    strings = _texts(found.string)
    if not all(strings):
        yield Problem(where, key, "not translated")
        return
    if any("[" in text for text in strings) and not any("[" in text for text in sources):
        # a label shows its words as Rich content: a bracket the English has not may be markup
        yield Problem(where, key, "a square bracket the English does not have")
    if any("{" in text for text in sources):  # a brace-format message: its fields kept
        fields = placeholders(sources[-1]) | placeholders(sources[0])
        for text in strings:
            if placeholders(text) - fields or (len(sources) == 1 and placeholders(text) != fields):
                yield Problem(where, key, f"placeholders differ: {text[:60]!r}")


def _texts(value: object) -> tuple[str, ...]:
    """A message's id or string as a tuple of texts (one, or each plural form)."""
    if isinstance(value, (tuple, list)):
        return tuple(str(text or "") for text in value)
    return (str(value or ""),)


def new_language(code: str) -> None:
    for part in PARTS:
        path = po_path(code, part)
        if not path.exists():
            catalog = Catalog(locale=code, domain=part)
            catalog.update(extracted(part))
            write_catalog(catalog, path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lang.catalogs", description=__doc__)
    parser.add_argument("command", choices=("update", "compile", "check", "new"))
    parser.add_argument("code", nargs="?", help="the new language's code, for `new`")
    parser.add_argument("--part", choices=sorted(PARTS), action="append")
    args = parser.parse_args(argv)
    parts = args.part or list(PARTS)
    if args.command == "update":
        update(parts)
    elif args.command == "compile":
        compile_all(parts)
    elif args.command == "new":
        if not args.code:
            parser.error("`new` needs the language's code, e.g. `new it`")
        new_language(args.code)
    else:
        found = [problem.line() for problem in [*problems(parts), *disagreements()]]
        print("\n".join(found) or "every catalog complete")
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
