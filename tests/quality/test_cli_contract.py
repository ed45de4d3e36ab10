"""The command line's contract, over every subcommand: an error is one line on stderr and exit
code 2, argparse's own included; a closed pipe ends quietly; a full stdout is one line and a
non-zero exit; output never carries a control character from a title, a name or a file name."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import IO

import pytest

from companion import cli
from companion.text import visible
from saves.games.boards import MAX_BOARD_FILE
from tests.quality.hostile import hostile_save
from tests.support.samples import install_sample

ROOT = Path(__file__).resolve().parents[2]

BAD_COMMANDS = [
    ["bogus"],
    ["--nope"],
    ["-x"],
    ["--version", "extra"],
    ["new"],
    ["new", "chess"],
    ["new", "cavendish", "extra"],
    ["resume", "a", "b"],
    ["resume", "Not An Id"],
    ["resume", "two\nlines"],
    ["resume", "esc\x1b[2J"],
    ["resume", "caf\u00e9"],
    ["resume", "no-such-game"],
    ["roll"],
    ["roll", "2x"],
    ["roll", "d6", "-n"],
    ["roll", "d6", "-n", "x"],
    ["roll", "d6", "-n", "0"],
    ["roll", "d6", "--seed"],
    ["roll", "d6", "--seed", "x"],
    ["roll", "d6", "--json", "extra"],
    ["roll", "\u0663d\u0666"],
    ["roll", "d\uff16"],
    ["roll", "d6\n+1"],
    ["roll", "d6\x1b[2J"],
    ["list", "extra"],
    ["list", "--bogus"],
    ["show"],
    ["show", "nothing-here"],
    ["show", "../../etc/passwd"],
    ["show", "a\nb"],
    ["show", "x", "--bogus"],
    ["export"],
    ["export", "nothing-here"],
    ["export", "x", "--format"],
    ["export", "x", "--format", "pdf"],
    ["score"],
    ["score", "chess", "board.toml"],
    ["score", "six-sojourns"],
    ["score", "six-sojourns", "/nonexistent/board.toml"],
    ["score", "six-sojourns", "/"],
    ["score", "six-sojourns", os.devnull],
    ["score", "six-sojourns", "board.toml", "extra"],
    ["locate", "extra"],
]


def one_line_error(err: str) -> None:
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert err.startswith("companion"), err
    assert visible(err[:-1]) == err[:-1], "a control character reached the terminal"


@pytest.mark.parametrize("args", BAD_COMMANDS, ids=repr)
def test_every_bad_command_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], companion_home: Path, args: list[str]
) -> None:
    assert cli.main(args) == 2
    out, err = capsys.readouterr()
    assert out == ""
    one_line_error(err)
    assert not companion_home.exists()  # nothing is written on error


def test_an_id_with_a_newline_is_one_line_naming_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["show", "abc\ndef"]) == 2
    assert "'abc␊def' is not a save id" in capsys.readouterr().err


def test_dice_in_other_scripts_digits_are_refused_with_the_reason(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["roll", "\u0663d\u0666"]) == 2
    assert "ASCII digits" in capsys.readouterr().err


def test_board_files_too_deep_too_large_or_not_toml_are_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    cases = {
        "deep-array.toml": ("x = " + "[" * 5000 + "]" * 5000, "nested too deeply"),
        "deep-table.toml": ("x = " + "{a=" * 5000 + "1" + "}" * 5000, "nested too deeply"),
        "not-toml.toml": ("[[player]", "not valid TOML"),
        "huge.toml": ("# " + "x" * MAX_BOARD_FILE, "larger than a board file"),
    }
    for name, (content, reason) in cases.items():
        (tmp_path / name).write_text(content + "\n", "utf-8")
        assert cli.main(["score", "six-sojourns", str(tmp_path / name)]) == 2, name
        out, err = capsys.readouterr()
        assert out == ""
        one_line_error(err)
        assert reason in err, name


def companion_process(
    args: list[str], stdout: int | IO[bytes], stderr: int = subprocess.PIPE
) -> subprocess.Popen[bytes]:
    """The real `companion` command in its own process, on this tree."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "companion", *args]
    return subprocess.Popen(command, env=env, cwd=ROOT, stdout=stdout, stderr=stderr)


def test_a_fifo_as_the_board_file_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "board.toml"
    os.mkfifo(fifo)
    process = companion_process(["score", "six-sojourns", str(fifo)], stdout=subprocess.PIPE)
    out, err = process.communicate(timeout=30)  # opened for reading, it would wait for a writer
    assert process.returncode == 2 and out == b""
    one_line_error(err.decode())
    assert "not a regular file" in err.decode()


PIPED = [
    ["list"],
    ["list", "--json"],
    ["roll", "d6", "-n", "1000"],
    ["show", "sojourn"],
    ["export", "sojourn", "--format", "csv"],
    ["locate"],
    ["--help"],
    ["--version"],
]


@pytest.mark.parametrize("args", PIPED, ids=" ".join)
def test_a_closed_pipe_ends_quietly(companion_home: Path, args: list[str]) -> None:
    """`companion list | head -1`: the reader has gone before anything is written."""
    install_sample(companion_home, "sojourn")
    process = companion_process(args, stdout=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()
    err = process.stderr.read()
    assert process.wait(timeout=60) in (0, 141)
    assert err == b""


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", PIPED, ids=" ".join)
def test_a_full_stdout_is_one_line_and_a_non_zero_exit(
    companion_home: Path, args: list[str]
) -> None:
    install_sample(companion_home, "sojourn")
    with open("/dev/full", "wb") as full:
        process = companion_process(args, stdout=full)
        _, err = process.communicate(timeout=60)
    assert process.returncode == 2
    one_line_error(err.decode())
    assert "cannot write the output" in err.decode()


def test_output_never_carries_a_control_character(
    capsys: pytest.CaptureFixture[str], companion_home: Path
) -> None:
    """Escape sequences in a card's name and a file's name are shown, not sent to the terminal."""
    save_id = hostile_save(companion_home, "sojourn", "\x1b[2J\x1b]0;pwned\x07")
    odd = os.path.join(os.fsencode(companion_home / "games"), b"\xff\x1b[2J.toml")
    with open(odd, "wb") as file:
        file.write(b"not toml")
    commands = [
        ["list"],
        ["show", save_id],
        ["export", save_id],
        ["export", save_id, "--format", "csv"],
        ["locate"],
    ]
    for args in commands:
        assert cli.main(args) == 0
        out = capsys.readouterr().out
        assert visible(out, lines=True) == out, args
    cli.main(["list"])
    listed = capsys.readouterr().out
    assert "␛[2J.toml" in listed and "\ufffd" in listed
    cli.main(["show", save_id])
    assert "␛[2J␛]0;pwned␇" in capsys.readouterr().out
