"""A pytest-xdist worker ends without syrupy's summary, which nobody sees.

Syrupy (the snapshots' store, under pytest-textual-snapshot) prints a summary at the end of a
run: snapshots passed, failed and unused. To find the unused ones it matches every snapshot file
no test of the process used against every test the process ran, a path built for each pair. In
a worker that is each snapshot file against the worker's 700 tests: 3 to 5 s of CPU per worker
on the whole suite, all workers at once after their last test, longer than pytest-xdist's 10 s
wait for a worker's end on a busy machine (the worker was then interrupted). A worker's summary
is never shown, and syrupy itself acts on unused snapshots only in a run without workers (its
`finish` returns early in a worker). So a worker unregisters syrupy once syrupy's own session
end has run (its snapshots written): only its summary is skipped. A run without workers
(`pytest -n 0`) keeps it whole.
"""

from __future__ import annotations

from typing import Any

SNAPSHOT_PLUGIN = "syrupy"
"""Syrupy's name as a pytest plug-in (its entry point)."""


def drop_snapshot_summary(config: Any) -> bool:
    """In a pytest-xdist worker, unregister syrupy (call once its `pytest_sessionfinish` ran);
    returns whether it did."""
    if not hasattr(config, "workerinput"):
        return False
    plugin = config.pluginmanager.get_plugin(SNAPSHOT_PLUGIN)
    if plugin is None:
        return False
    config.pluginmanager.unregister(plugin)
    return True
