"""A stand-in for `companion.cli.table_feed` under `companion serve`: says each line appended to
the file named by its argument (none yet: no game in play), as the real feed says each change,
and ends when the server closes its input."""

from __future__ import annotations

import os
import select
import sys
from pathlib import Path

said = Path(sys.argv[1])
told = 0
if not said.exists():
    sys.stdout.write('{"game": null}\n')
    sys.stdout.flush()
while True:
    readable, _, _ = select.select([sys.stdin], [], [], 0.05)
    if readable and not os.read(sys.stdin.fileno(), 4096):
        sys.exit(0)
    try:
        lines = said.read_text("utf-8").splitlines()
    except FileNotFoundError:
        continue
    for line in lines[told:]:
        sys.stdout.write(line + "\n")
    sys.stdout.flush()
    told = len(lines)
