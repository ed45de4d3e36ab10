"""The process's last collections still run every finalizer, and what survives is frozen."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from tests.support.process_end import collect_then_freeze


class Cycle:
    """An object in a reference cycle that records its finalizer, and may leave another behind."""

    def __init__(self, finalized: list[str], name: str, then: str | None = None) -> None:
        self.me = self
        self.finalized = finalized
        self.name = name
        self.then = then

    def __del__(self) -> None:
        self.finalized.append(self.name)
        if self.then is not None:  # new garbage, made while the collector runs
            Cycle(self.finalized, self.then)


@pytest.fixture
def unfrozen() -> Iterator[None]:
    """The worker's heap unfrozen again after the test (the run goes on)."""
    yield
    gc.unfreeze()


def test_garbage_left_by_a_finalizer_is_collected_before_the_heap_is_frozen(
    unfrozen: None,
) -> None:
    finalized: list[str] = []
    Cycle(finalized, "first", then="second")

    ran = collect_then_freeze()

    assert finalized == ["first", "second"]
    assert ran >= 2  # the second cycle was only made by the first collection
    assert gc.get_freeze_count() > 0


def test_it_stops_at_its_limit_even_if_garbage_keeps_coming(unfrozen: None) -> None:
    finalized: list[str] = []
    Cycle(finalized, "first", then="second")

    assert collect_then_freeze(most=1) == 1
    assert finalized == ["first"]
