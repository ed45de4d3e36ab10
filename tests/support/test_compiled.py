"""The test processes keep compiled modules even where `PYTHONDONTWRITEBYTECODE` is set: the
controller drops it before the workers start (tests/conftest.py, `pytest_configure`)."""

from __future__ import annotations

import os
import sys


def test_this_process_and_the_ones_it_starts_keep_compiled_modules() -> None:
    assert "PYTHONDONTWRITEBYTECODE" not in os.environ
    assert not sys.dont_write_bytecode
