"""A pytest-xdist worker's end unregisters syrupy (its unseen summary); a run without workers,
and a worker until its session end, keep it."""

from __future__ import annotations

from types import ModuleType, SimpleNamespace

import pytest

from tests.support.worker_end import SNAPSHOT_PLUGIN, drop_snapshot_summary


def config_with_syrupy(worker: bool) -> SimpleNamespace:
    """A config as pytest makes it: a plug-in manager with a plug-in named as syrupy, and
    `workerinput` in a pytest-xdist worker only."""
    manager = pytest.PytestPluginManager()
    manager.register(ModuleType("syrupy_stand_in"), name=SNAPSHOT_PLUGIN)
    config = SimpleNamespace(pluginmanager=manager)
    if worker:
        config.workerinput = {"workerid": "gw0"}
    return config


def test_a_worker_unregisters_syrupy() -> None:
    config = config_with_syrupy(worker=True)

    assert drop_snapshot_summary(config)
    assert config.pluginmanager.get_plugin(SNAPSHOT_PLUGIN) is None
    assert not drop_snapshot_summary(config)  # once is all


def test_a_run_without_workers_keeps_syrupy() -> None:
    config = config_with_syrupy(worker=False)

    assert not drop_snapshot_summary(config)
    assert config.pluginmanager.get_plugin(SNAPSHOT_PLUGIN) is not None


def test_syrupy_is_registered_while_the_tests_run(pytestconfig: pytest.Config) -> None:
    assert pytestconfig.pluginmanager.get_plugin(SNAPSHOT_PLUGIN) is not None
