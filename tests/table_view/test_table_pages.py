"""The table display's pages (`widgets/table_view/pages.py`): each screenful starts at a box,
holds as many whole boxes as fit, and the last can start at its box too."""

from __future__ import annotations

from widgets.table_view.pages import page_tops, room_under, whole_on


def test_a_view_that_fits_its_screen_is_one_page() -> None:
    assert page_tops([0, 5, 10], screen=20, total=20) == (0,)
    assert page_tops([0, 5, 10], screen=0, total=20) == (0,)  # not laid out yet
    assert room_under((0,), screen=20, total=20) == 0


def test_pages_break_between_boxes_never_through_one() -> None:
    # boxes start at rows 1, 9, 17, 25 and 33; the view ends at row 41; 10 rows a screen
    edges = [1, 9, 17, 25, 33]
    tops = page_tops(edges, screen=10, total=41)
    assert tops == (0, 9, 17, 25, 33)
    assert all(top in edges for top in tops[1:])
    assert room_under(tops, screen=10, total=41) == 2  # the last page starts at its box


def test_a_page_holds_as_many_whole_boxes_as_fit() -> None:
    assert page_tops([1, 5, 9, 13, 17], screen=10, total=21) == (0, 9, 17)


def test_only_a_box_taller_than_the_screen_is_cut_at_the_screen() -> None:
    assert page_tops([1, 30], screen=10, total=35) == (0, 1, 11, 21, 30)


def test_a_page_shows_only_the_boxes_whole_on_it() -> None:
    assert whole_on(9, 8, top=9, screen=10)
    assert not whole_on(17, 8, top=9, screen=10)  # its foot would be cut: the next page's
    assert not whole_on(1, 8, top=9, screen=10)  # the last page's
    assert whole_on(1, 25, top=11, screen=10)  # taller than the screen: on every page it is on
