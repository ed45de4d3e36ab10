"""A vertical scrollbar drawn as the last cells of a widget's own lines (issue 44).

Textual's scrollbar is a widget of its own: showing or hiding it lays the screen out again, and
every layout of the screen (a notice shown) draws it again in one frame more. A widget that draws
its lines itself draws its scrollbar in them instead, with Textual's public `ScrollBarRender` and
the colours Textual's own scrollbar takes from the widget's styles: it looks the same, and a
change redraws only the rows whose cell changed (widgets/play/tail_view.py, the Time Bastards
choices).
"""

from __future__ import annotations

from rich.segment import Segment
from textual.scrollbar import ScrollBarRender
from textual.widget import Widget


def bar_cells(
    widget: Widget, height: int, count: int, top: int, thickness: int, always: bool = False
) -> list[Segment]:
    """The scrollbar's cell of each of `height` rows showing `count` lines from `top`: blank
    while every line fits (Textual leaves the gutter blank then), `thickness` columns wide;
    `always` (`overflow-y: scroll`): its track drawn even then, as Textual draws it."""
    if count <= height and not always:
        return [Segment(" " * thickness, widget.rich_style)] * height
    styles = widget.styles
    background = styles.scrollbar_background
    if background.a < 1:
        background = widget.background_colors[0] + background
    color = background + styles.scrollbar_color
    bar = ScrollBarRender.render_bar(
        size=height,
        virtual_size=max(count, height),
        window_size=height,
        position=top,
        thickness=thickness,
        vertical=True,
        back_color=background.rich_color,
        bar_color=color.rich_color,
    )
    # without the mouse actions of Textual's scrollbar widget: the widget scrolls itself
    return [
        Segment(cell.text, cell.style and cell.style.clear_meta_and_links())
        for cell in bar.segments
    ]
