"""A stand-in for `companion` under `companion serve`: says it is a Textual app, records its
environment, then quits when asked (`polite`), ends at once without a word (`crashing`), or ignores
every request to end (`stubborn`: it never reads its input and ignores SIGTERM, as a hung app
would). `standby` stands in for `companion.cli.standby`: it notes that it waits
(`RECORD.waiting.PID`), says it is ready and forks a child for each browser (webserve/forks.py,
the real loop); each child takes its browser's environment, draws one frame, then is `polite`.
`standby-crashing` and `standby-stubborn`: the same, each child then `crashing` or `stubborn`."""

from __future__ import annotations

import json
import os
import signal
import sys
import time

from webserve.forks import serve_forks
from webserve.handover import say_ready

record, manner = sys.argv[1], sys.argv[2]
names = ("COMPANION_DEVICE", "COMPANION_TABLE_DISPLAY", "COMPANION_ACCEPT_LANGUAGE")
if manner.startswith("standby"):
    with open(f"{record}.waiting.{os.getpid()}", "w", encoding="utf-8"):
        pass
    say_ready(sys.stdout.fileno())
    handed = serve_forks(sys.stdin.fileno(), sys.stdout.fileno())
    if handed is None:
        sys.exit(0)
    os.environ.clear()
    os.environ.update(handed)
    names += ("COLUMNS", "ROWS")
seen = {name: os.environ.get(name) for name in names}
with open(f"{record}.{os.getpid()}", "w", encoding="utf-8") as handle:
    json.dump(seen, handle)
sys.stdout.write("__GANGLION__\n")
sys.stdout.flush()
if manner.startswith("standby"):
    frame = b"\x1b[1;1Hready"
    sys.stdout.buffer.write(b"D" + len(frame).to_bytes(4, "big") + frame)
    sys.stdout.flush()
if manner.endswith("crashing"):
    sys.exit(1)
if manner.endswith("stubborn"):
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    while True:
        time.sleep(1)
for chunk in iter(lambda: sys.stdin.buffer.read1(4096), b""):
    if b'"quit"' in chunk:
        break
