"""Several sizes of one screen in one app run (the `snap_sizes` fixture).

`snap_compare` (pytest-textual-snapshot) starts an app for each picture: a screen drawn at 44x43,
80x24 and 120x40 was set up three times, the same keys pressed three times. `snap_sizes` starts
the app once at the largest size, runs the flow, compares the picture, then makes the terminal
smaller to each further size and compares again, as a player narrowing a window or turning a
tablet upright would see it. Each picture is the snapshot file the parametrized test had
(`Class.test_name[44x43].svg`), and each goes into the screenshot report
(`test-artifacts/snapshot_report.html`) as its own entry. A screen that draws differently after a
resize than when started at that size fails here: a player would meet that screen too.

Largest first: Textual's `DataTable` keeps a row's background at the old width when the table
grows (the stats screen's dated table after 80x24 -> 120x40), a quirk of growing only.
"""

from __future__ import annotations

import inspect
import pickle
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from typing import Any

import pytest
from pytest_textual_snapshot import (
    PseudoApp,
    PseudoConsole,
    SVGImageExtension,
    node_to_report_path,
)
from rich.console import Console
from syrupy import SnapshotAssertion
from textual.app import App
from textual.pilot import Pilot

Size = tuple[int, int]
RunBefore = Callable[[Pilot[Any]], Awaitable[None] | None]


def size_label(size: Size, name: str = "") -> str:
    """The snapshot's name for a size, after the test's own name for the picture if it has one:
    `44x43`, `sojourn-44x43`."""
    return f"{name}-{size[0]}x{size[1]}" if name else f"{size[0]}x{size[1]}"


class SizedSVG(SVGImageExtension):
    """Snapshot files named by the test function and the size (`Class.test_x[80x24].svg`),
    whatever the test's own parameters (`[sizes]`, `[40x40]`)."""

    @classmethod
    def get_snapshot_name(cls, *, test_location: Any, index: Any = 0) -> str:
        base = test_location.methodname
        if test_location.classname is not None:
            base = f"{test_location.classname}.{base}"
        return f"{base}[{index}]"


def size_sets(default: Sequence[Size], slow: Sequence[Size] = ()) -> list[Any]:
    """The parameters of a test taking its sizes: the default run's sizes in one app run, and
    each size only `-m slow` draws in an app of its own (started at that size)."""
    sets = [pytest.param(list(default), id="sizes")]
    for size in slow:
        sets.append(pytest.param([size], id=size_label(size), marks=pytest.mark.slow))
    return sets


async def settle(pilot: Pilot[Any]) -> None:
    """What `take_svg_screenshot` waits for before its picture."""
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()


@pytest.fixture
def snap_sizes(
    snapshot: SnapshotAssertion, request: pytest.FixtureRequest
) -> Callable[..., list[str]]:
    """`snap_sizes(app, sizes, press=..., run_before=..., name=..., views=...)`: the pictures
    that differ from their snapshots (an empty list when every one matches), all drawn in one
    app run; `name` goes before the size in the snapshot's name where a test has other
    parameters. `views` ({"why": ["w"], "board": ["b"]}) takes several views of the same
    game at each size, each shown by its keys (tabs, panels: keys that change nothing), each
    its own snapshot (`Class.test_x[why-80x24].svg`)."""
    sized = snapshot.use_extension(SizedSVG)
    node = request.node

    def compare(
        app: App[Any],
        sizes: Iterable[Size],
        press: Iterable[str] = (),
        run_before: RunBefore | None = None,
        name: str = "",
        views: Mapping[str, Sequence[str]] | None = None,
    ) -> list[str]:
        sizes = sorted(sizes, key=lambda size: size[0] * size[1], reverse=True)
        shown = dict(views) if views is not None else {"": ()}
        pictures: dict[str, str] = {}

        async def auto_pilot(pilot: Pilot[Any]) -> None:
            if run_before is not None:
                result = run_before(pilot)
                if inspect.isawaitable(result):
                    await result
            await pilot.pause()
            await pilot.press(*press)
            await settle(pilot)
            for number, size in enumerate(sizes):
                if number:
                    await pilot.resize_terminal(*size)
                    await settle(pilot)
                for view, keys in shown.items():
                    await pilot.press(*keys)
                    await settle(pilot)
                    label = size_label(size, "-".join(part for part in (name, view) if part))
                    pictures[label] = app.export_screenshot(simplify=True)
            app.exit()

        # a picture is of the settled screen: an animation (a tab's underline sliding) is
        # drawn at its end at once, never caught halfway on a busy machine
        app.animation_level = "none"
        app.run(headless=True, auto_pilot=auto_pilot, size=sizes[0])
        wanted = len(sizes) * len(shown)
        assert len(pictures) == wanted, f"the app closed before its pictures: {list(pictures)}"
        return [label for label, svg in pictures.items() if not matches(label, svg)]

    def matches(label: str, svg: str) -> bool:
        """Compare one picture and file it for the report, as `snap_compare` does."""
        passed = bool(sized(name=label) == svg)
        result = sized.executions.get(sized._execution_name_index.get(label, -1))
        expected = result.recalled_data if result is not None else None
        exists = result is not None and result.final_data is not None
        console = Console(legacy_windows=False, force_terminal=True)
        pseudo = PseudoApp(PseudoConsole(console.legacy_windows, console.size))
        path, line, name = node.reportinfo()
        data = (
            passed,
            "" if expected is None else str(expected),
            svg,
            pseudo,
            path,
            line,
            f"{name} at {label}",
            inspect.getdoc(node.function) or "",
            "",
            exists,
        )
        report = node_to_report_path(node).with_name(f"{node_to_report_path(node).name}_{label}")
        report.write_bytes(pickle.dumps(data))
        return passed

    return compare
