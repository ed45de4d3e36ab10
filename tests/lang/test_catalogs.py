"""Every message of the app in every catalog: translated, placeholders kept, compiled.

The messages are extracted from the source as `python -m lang.catalogs update` extracts them
(Babel), so a string added to the code and not to a catalog fails here, naming it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from lang import catalogs

ROOT = Path(__file__).resolve().parents[2]
MARKERS = {"t": 1, "tn": 2, "tp": 2, "phrase": 1, "phrase_n": 2}
"""Each marker and how many literal messages it starts with."""


@pytest.mark.parametrize("part", sorted(catalogs.PARTS))
def test_every_message_is_translated_in_every_language(part: str) -> None:
    assert [problem.line() for problem in catalogs.problems([part])] == []


def test_a_message_reads_the_same_in_every_part_of_a_language() -> None:
    assert [problem.line() for problem in catalogs.disagreements()] == []


def test_french_and_german_are_there() -> None:
    assert {"fr", "de"} <= set(catalogs.languages())


def python_files() -> list[Path]:
    return sorted(
        path for part in catalogs.PARTS for path in catalogs.files_of(part) if path.suffix == ".py"
    ) + sorted((ROOT / "lang").glob("*.py"))


def misused(path: Path) -> list[str]:
    """Calls of a marker whose messages are not plain literals (Babel cannot extract an
    f-string or a name), and `t`/`tn` called at import time (a module's or a class's body),
    which would freeze the words in the language of the moment."""
    tree = ast.parse(path.read_text("utf-8"))
    found = []
    at_import: set[int] = set()
    for holder in [tree, *(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef))]:
        for statement in holder.body:
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            at_import.update(id(node) for node in ast.walk(statement))
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        wanted = MARKERS.get(node.func.id)
        if wanted is None:
            continue
        where = f"{path.relative_to(ROOT)}:{node.lineno}"
        literal = node.args[:wanted]
        if len(literal) < wanted or not all(
            isinstance(arg, ast.Constant) and isinstance(arg.value, str) for arg in literal
        ):
            found.append(f"{where} {node.func.id}(...) needs a literal message")
        if node.func.id in ("t", "tn", "tp") and id(node) in at_import:
            found.append(f"{where} {node.func.id}(...) runs at import: use phrase(...) and tr")
    return found


def test_messages_are_literals_and_never_translated_at_import() -> None:
    assert [line for path in python_files() for line in misused(path)] == []


def test_the_checker_finds_an_f_string_and_an_import_time_translation(tmp_path: Path) -> None:
    sample = ROOT / "lang" / "_sample_for_test.py"
    sample.write_text(
        'from lang import t\nTITLE = t("Home")\nclass A:\n    X = t("Y")\n'
        'def f(n):\n    return t(f"{n} left")\ndef g():\n    return t("fine")\n',
        "utf-8",
    )
    try:
        assert misused(sample) == [
            "lang/_sample_for_test.py:2 t(...) runs at import: use phrase(...) and tr",
            "lang/_sample_for_test.py:4 t(...) runs at import: use phrase(...) and tr",
            "lang/_sample_for_test.py:6 t(...) needs a literal message",
        ]
    finally:
        sample.unlink()


def test_a_translation_that_adds_a_bracket_or_changes_a_placeholder_is_named() -> None:
    from babel.messages.catalog import Message

    wanted = Message("Keep {name} (ctrl+s)")
    said = [
        problem.why
        for text in ("Garder [b]{name}[/b]", "Garder {nom}", "Garder {name} (ctrl+s)")
        for problem in catalogs._checked("fr.po", wanted, Message(wanted.id, text))
    ]
    assert said == [
        "a square bracket the English does not have",
        "placeholders differ: 'Garder {nom}'",
    ]
