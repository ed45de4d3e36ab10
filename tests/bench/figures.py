"""The figures the benchmarks print: one line per figure, against its target."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Figure:
    """One line of the results: what was measured, the value, the target and whether it holds."""

    name: str
    value: float
    unit: str
    target: str
    met: bool
    detail: str


def table(figures: list[Figure]) -> str:
    rows = [("Figure", "Value", "Target", "Met", "Detail")]
    for f in figures:
        value = f"{f.value:.2f} {f.unit}"
        rows.append((f.name, value, f.target, "yes" if f.met else "NO", f.detail))
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    lines = []
    for row in rows:
        cells = [cell.ljust(width) for cell, width in zip(row[:4], widths, strict=True)]
        lines.append("  ".join([*cells, row[4]]))
    return "\n".join(lines)
