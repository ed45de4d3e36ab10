"""Entry points whose import fails in the three ways an import can: an exception, a syntax error
and `sys.exit`. Each names its way as `hostile.broken:WAY`."""

from __future__ import annotations

import sys
from typing import Any


def __getattr__(name: str) -> Any:
    if name == "RUNTIME":
        raise RuntimeError("the plug-in's import failed")
    if name == "SYNTAX":
        return compile("def broken(:\n", "hostile_syntax.py", "exec")
    if name == "EXIT":
        sys.exit(3)
    raise AttributeError(name)
