"""The rules core stays pure: importing it loads no Textual and no storage code."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_rules_core_imports_no_textual_and_no_saves() -> None:
    code = (
        "import sys, pkgutil, importlib, companion\n"
        "def walk(path, prefix):\n"  # every module but the command line, which wires the layers
        "    for m in pkgutil.iter_modules(path, prefix):\n"
        "        if m.name not in ('companion.cli', 'companion.__main__'):\n"
        "            module = importlib.import_module(m.name)\n"
        "            if m.ispkg:\n"
        "                walk(module.__path__, m.name + '.')\n"
        "walk(companion.__path__, 'companion.')\n"
        "outside = ('textual', 'rich', 'saves', 'widgets')\n"
        "bad = [n for n in sys.modules if n.split('.')[0] in outside]\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""


def test_the_web_server_runs_the_app_as_processes_and_imports_no_screens() -> None:
    """`companion serve` starts `companion` per browser: the server itself loads no screen code
    (a crash in a browser's app never takes the server down with it)."""
    code = (
        "import sys, webserve.server\n"
        "print(','.join(n for n in sys.modules if n.split('.')[0] in ('widgets', 'textual')))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""
