"""The command line's language: `--lang` (before or after the command), then the language chosen
in the app (a terminal's, or a served device's own), then the browser's, then the system's; every
printed line, error line and `--help` (argparse's own words too) in it; `--json` never changes."""

from __future__ import annotations

import argparse
import inspect
import os
import subprocess
import sys
from pathlib import Path

import pytest

import lang
from companion import cli
from companion.cli import commands
from companion.cli.argparse_words import ARGPARSE_WORDS
from companion.cli.language import start_language, take_flag
from saves.shared.devices import public_id
from saves.shared.languages import DEVICE_SETTING, LANGUAGE_SETTING
from saves.shared.settings import SettingsStore
from tests.cli.conftest import LOCALE_VARIABLES, Run

ROOT = Path(__file__).resolve().parents[2]

SECRET = "a-browser-cookie-secret-0123456789"
"""A served device's secret, as `companion serve` hands it to the browser's app."""


def choose_in_app(home: Path, code: str, device_secret: str | None = None) -> None:
    """What the app's language dialog keeps: a terminal's choice, or a served device's own."""
    settings = SettingsStore(home)
    if device_secret is None:
        settings.set_preference(LANGUAGE_SETTING, code)
    else:
        settings.set_preference(DEVICE_SETTING, {public_id(device_secret): code})


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (["--lang", "fr", "list"], "Aucune partie enregistrée.\n"),
        (["list", "--lang", "de"], "Keine gespeicherten Partien.\n"),
        (["--lang=de", "list"], "Keine gespeicherten Partien.\n"),
        (["list"], "No saved games.\n"),
    ],
)
def test_a_printed_line_is_in_the_language_asked_before_or_after_the_command(
    run: Run, companion_home: Path, words: list[str], said: str
) -> None:
    assert run(*words) == (0, said, "")


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("fr", "companion: aucune partie enregistrée à reprendre\n"),
        ("de", "companion: es gibt keine gespeicherte Partie zum Fortsetzen\n"),
    ],
)
def test_an_error_line_is_in_the_language_asked(
    run: Run, companion_home: Path, code: str, said: str
) -> None:
    assert run("--lang", code, "resume") == (2, "", said)


def test_help_is_translated_argparse_s_own_words_too(run: Run, companion_home: Path) -> None:
    code, out, _ = run("--lang", "fr", "--help")
    assert code == 0
    assert out.startswith("utilisation : companion [-h]")
    assert "afficher cette aide et quitter" in out
    assert "commandes:" in out and "lancer des dés : d%, d100" in out
    code, out, _ = run("roll", "--help", "--lang", "de")
    assert code == 0
    assert out.startswith("Aufruf: companion roll")
    assert "Positionsargumente:" in out and "Optionen:" in out
    assert "diese Hilfe anzeigen und beenden" in out and "so oft würfeln" in out
    assert "show this help" not in out and "usage:" not in out


def test_argparse_s_refusals_are_translated(run: Run, companion_home: Path) -> None:
    code, out, err = run("--lang", "de", "roll")
    assert (code, out) == (2, "")
    assert err == (
        "companion roll: folgende Argumente fehlen: expression (siehe `companion roll --help`)\n"
    )
    code, _, err = run("--lang", "fr", "rol")
    assert code == 2
    assert err.startswith("companion: argument COMMAND : choix invalide : 'rol' (choisir parmi ")


def test_a_language_the_companion_does_not_speak_is_one_line_and_exit_2(
    run: Run, companion_home: Path
) -> None:
    assert run("--lang", "xx", "list") == (
        2,
        "",
        "companion: --lang xx: not a language the companion speaks (en, de, fr)\n",
    )
    assert run("list", "--lang") == (2, "", "companion: --lang needs a language: en, de, fr\n")
    assert not companion_home.exists()  # refused before anything was read or written


def test_the_system_locale_speaks_when_nothing_else_is_said(
    run: Run, companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANGUAGE", "fr")
    assert run("list") == (0, "Aucune partie enregistrée.\n", "")
    monkeypatch.setenv("LANGUAGE", "pt")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")  # LANGUAGE names none we speak: gettext's order
    assert run("list")[1] == "No saved games.\n"


def test_the_language_chosen_in_the_app_comes_after_the_flag_and_before_the_system(
    run: Run, companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    choose_in_app(companion_home, "de")
    monkeypatch.setenv("LANGUAGE", "fr")
    assert run("list")[1] == "Keine gespeicherten Partien.\n"
    assert run("--lang", "fr", "list")[1] == "Aucune partie enregistrée.\n"
    choose_in_app(companion_home, lang.SYSTEM)
    assert run("list")[1] == "Aucune partie enregistrée.\n"


def test_a_served_device_speaks_its_own_choice_then_its_browser_s(
    companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    choose_in_app(companion_home, "fr")  # the terminal's choice is not the phone's
    monkeypatch.setenv("COMPANION_DEVICE", SECRET)
    monkeypatch.setenv(lang.BROWSER_LANGUAGES, "de-CH,de;q=0.9,en;q=0.5")
    monkeypatch.setenv("LANGUAGE", "fr")
    assert start_language(None) == "de"  # no choice on this device: its browser's
    choose_in_app(companion_home, "fr", device_secret=SECRET)
    assert start_language(None) == "fr"  # this device's own choice
    choose_in_app(companion_home, "fr", device_secret="another-phone-secret-9876543210")
    assert start_language(None) == "de"  # another phone's choice is not this one's: the browser


def test_the_browser_s_language_comes_before_the_system_s(
    run: Run, companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANGUAGE", "de")
    monkeypatch.setenv(lang.BROWSER_LANGUAGES, "fr-FR,fr;q=0.9")
    assert run("list")[1] == "Aucune partie enregistrée.\n"
    assert run("--lang", "en", "list")[1] == "No saved games.\n"


@pytest.mark.parametrize(
    "words",
    [
        ["roll", "3d6+1", "--seed", "5", "--json", "-n", "2"],
        ["list", "--json"],
        ["games", "--json"],
    ],
)
def test_json_is_the_same_in_every_language(
    run: Run, companion_home: Path, words: list[str]
) -> None:
    english = run(*words)
    assert english[0] == 0
    assert run("--lang", "fr", *words) == english
    assert run(*words, "--lang", "de") == english


def test_the_language_is_chosen_when_the_command_runs_not_at_import(
    monkeypatch: pytest.MonkeyPatch, companion_home: Path
) -> None:
    """A served app is forked from a parent that imported everything for every browser: the
    child chooses its browser's language when it runs `companion`, from its own environment."""
    spoken: list[str] = []
    monkeypatch.setattr(
        commands, "run_app", lambda args, start=None: spoken.append(lang.current()) or 0
    )
    assert lang.current() == "en"  # the modules are imported: nothing was chosen yet
    monkeypatch.setenv(lang.BROWSER_LANGUAGES, "de")
    assert cli.main([]) == 0
    monkeypatch.setenv(lang.BROWSER_LANGUAGES, "fr")
    assert cli.main([]) == 0
    assert spoken == ["de", "fr"]


def test_argparse_s_words_are_left_as_they_were_after_the_command_is_read(
    run: Run, companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANGUAGE", "pt")
    run("--lang", "de", "roll", "--help")
    assert os.environ["LANGUAGE"] == "pt"  # nothing this process starts inherits German
    monkeypatch.delenv("LANGUAGE")
    run("--lang", "de", "roll", "--help")
    assert "LANGUAGE" not in os.environ


def test_every_argparse_word_in_the_catalog_is_one_argparse_says() -> None:
    source = inspect.getsource(argparse)
    for said in ARGPARSE_WORDS:
        for template in filter(None, (said.template, said.plural)):
            assert repr(template)[1:-1] in source, template


def test_the_flag_is_taken_out_wherever_it_is_but_not_after_a_double_dash() -> None:
    assert take_flag(["--lang", "fr", "show", "x"]) == ("fr", ["show", "x"])
    assert take_flag(["show", "x", "--lang=de"]) == ("de", ["show", "x"])
    assert take_flag(["act", "x", "--", "--lang", "fr"]) == (
        None,
        ["act", "x", "--", "--lang", "fr"],
    )
    assert take_flag(["list", "--lang"]) == ("", ["list"])
    assert take_flag(["--lang", "de-AT", "list"])[0] == "de-AT"


@pytest.mark.parametrize("with_settings", [False, True], ids=["no settings", "settings"])
def test_english_reads_no_catalog_and_imports_no_babel(tmp_path: Path, with_settings: bool) -> None:
    """Issue 44 measured the start: choosing English costs no catalog and no Babel."""
    if with_settings:
        choose_in_app(tmp_path, "en")
    code = (
        "import sys\n"
        "from companion.cli import main\n"
        "main(['locate'])\n"
        "import lang\n"
        "print(lang.current(), 'babel' in sys.modules, type(lang._reader.catalog).__name__)\n"
    )
    environment = {k: v for k, v in os.environ.items() if k not in LOCALE_VARIABLES}
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**environment, "COMPANION_HOME": str(tmp_path)},
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.splitlines()[-1] == "en False NullTranslations"


@pytest.mark.parametrize(
    ("code", "heading", "reason"), [("fr", "Joueur", "contrôle A1"), ("de", "Spieler", "A1")]
)
def test_a_board_file_is_scored_in_the_language_asked_its_columns_aligned(
    run: Run, companion_home: Path, code: str, heading: str, reason: str
) -> None:
    board = ROOT / "tests" / "six_sojourns" / "data" / "full_board.toml"
    status, out, _ = run("--lang", code, "score", "six-sojourns", str(board))
    lines = out.splitlines()
    assert status == 0 and lines[0].split() == [heading, "Ana", "Ben"]
    assert len({len(line) for line in lines[:12]}) == 1  # the table's lines all one width
    assert "Player" not in out and reason in out
