"""A stand-in for `companion` under `companion serve`: says it is a Textual app, records its
environment, then quits when asked (`polite`), ends at once without a word (`crashing`), or ignores
every request to end (`stubborn`: it never reads its input and ignores SIGTERM, as a hung app
would)."""

from __future__ import annotations

import json
import os
import signal
import sys
import time

record, manner = sys.argv[1], sys.argv[2]
seen = {name: os.environ.get(name) for name in ("COMPANION_DEVICE", "COMPANION_TABLE_DISPLAY")}
with open(f"{record}.{os.getpid()}", "w", encoding="utf-8") as handle:
    json.dump(seen, handle)
sys.stdout.write("__GANGLION__\n")
sys.stdout.flush()
if manner == "crashing":
    sys.exit(1)
if manner == "stubborn":
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    while True:
        time.sleep(1)
for chunk in iter(lambda: sys.stdin.buffer.read1(4096), b""):
    if b'"quit"' in chunk:
        break
