"""The choices in hand as plain lines (issue 44): each with its key, a long one wrapped under its
words, the highlight told by more than its colour, and a tap, enter or a move's number takes a
choice as the option list did."""

from __future__ import annotations

from typing import Any

from textual.events import MouseScrollUp
from textual.geometry import Region

from companion.time_bastards.model import MoveEarliest, RollD6, TimeBastardsSetup, Traveller
from tests.support.painted import painted_strips
from tests.support.waiting import pause_until
from widgets.dice.ask import DieRollDialog
from widgets.time_bastards.choices import KEY_WIDTH, NumberedChoices
from widgets.time_bastards.play import TimeBastardsScreen

SETUP = TimeBastardsSetup((Traveller("Ana", "red", 1), Traveller("Ben", "blue", 3)))


def playing(actions: list[Any]) -> Any:
    def start(app: Any) -> None:
        saved = app.start_game("time-bastards", SETUP, "Ana v Ben")
        for action in actions:
            saved.session.do(action)

    return start


def face(choices: NumberedChoices) -> list[str]:
    """The list's lines as painted (its padding left out), without trailing blanks."""
    width = choices.outer_size.width
    lines = [strip.text.rstrip() for strip in painted_strips(choices)]
    assert all(len(line) <= width for line in lines)
    return [line[1:] for line in lines if line.strip()]


def bold_lines(choices: NumberedChoices) -> list[bool]:
    """Whether each painted line with words on it is drawn bold."""
    strips = painted_strips(choices)
    return [
        any(segment.style is not None and segment.style.bold for segment in strip)
        for strip in strips
        if strip.text.strip()
    ]


async def test_a_fresh_turn_lists_its_choices_as_plain_lines_on_a_phone(
    make_test_app: Any,
) -> None:
    app = make_test_app(start=playing([MoveEarliest(0), MoveEarliest(1)]))
    async with app.run_test(size=(44, 43)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TimeBastardsScreen)
        choices = screen.query_one(NumberedChoices)
        await pilot.pause()
        shown = face(choices)
        assert shown == choices.plain_lines
        assert [line[0] for line in shown if line[0] != " "] == ["m", "t", "r"]
        first = choices.entries[0].words
        assert len(first) > 44 - 2 - KEY_WIDTH  # it wraps at 44 columns ...
        move = shown[: shown.index(next(line for line in shown if line.startswith("t ")))]
        assert len(move) > 1 and all(line.startswith(" " * KEY_WIDTH) for line in move[1:])
        assert " ".join(line[KEY_WIDTH:].strip() for line in move) == first  # ... under its words
        # The highlighted choice (the first, the list focused) is bold: not its colour alone.
        assert choices.has_focus and choices.highlighted == 0
        assert bold_lines(choices) == [True] * len(move) + [False] * (len(shown) - len(move))


async def test_enter_takes_the_highlighted_choice_and_up_goes_round_to_the_last(
    make_test_app: Any,
) -> None:
    app = make_test_app(start=playing([MoveEarliest(0), MoveEarliest(1)]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TimeBastardsScreen)
        await pilot.press("down", "enter")  # the real die: its prompt opens
        await pause_until(pilot, lambda: isinstance(app.screen, DieRollDialog))
        await pilot.press("escape")
        await pause_until(pilot, lambda: app.screen is screen)
        choices = screen.query_one(NumberedChoices)
        assert screen.tb.roll is None and choices.highlighted == 1
        await pilot.press("up", "up")  # from the first round to the last: the app's D6
        assert choices.highlighted == 2
        steps = len(screen.session.steps)
        await pilot.press("enter")
        await pause_until(pilot, lambda: len(screen.session.steps) > steps)
        assert screen.session.history[-1].startswith("Ana rolls")


async def test_a_tap_on_a_choice_takes_it(make_test_app: Any) -> None:
    app = make_test_app(start=playing([MoveEarliest(0), MoveEarliest(1)]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TimeBastardsScreen)
        choices = screen.query_one(NumberedChoices)
        before = screen.tb
        row = next(i for i, line in enumerate(choices.plain_lines) if line.startswith("m "))
        words = choices.plain_lines[row + 1].strip()  # a tap on its second line takes it too
        assert await pilot.click(NumberedChoices, offset=(6, row + 1))
        await pause_until(pilot, lambda: screen.tb != before)
        assert screen.tb.turn == 1 and screen.tb.roll is None
        assert words in screen.session.history[-1]


async def test_moves_after_a_six_are_numbered_lines_and_a_tap_takes_one(
    make_test_app: Any,
) -> None:
    app = make_test_app(start=playing([MoveEarliest(0), MoveEarliest(1), RollD6(0, 6)]))
    async with app.run_test(size=(44, 43)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TimeBastardsScreen)
        choices = screen.query_one(NumberedChoices)
        keys = [line[0] for line in face(choices) if line[0] != " "]
        assert keys == ["1", "2", "3", "4", "n"]
        second = choices.entries[1].words
        row = choices.plain_lines.index(next(p for p in choices.plain_lines if p[0] == "2"))
        region = choices.region
        assert region.contains_region(Region(region.x, region.y + row, 1, 1))
        assert await pilot.click(NumberedChoices, offset=(6, row))
        await pause_until(pilot, lambda: screen.tb.roll is None)
        assert screen.session.steps[-1].line.startswith(second.split(".")[0])


async def test_the_choice_under_the_mouse_is_lit(make_test_app: Any) -> None:
    app = make_test_app(start=playing([MoveEarliest(0), MoveEarliest(1)]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        choices = app.screen.query_one(NumberedChoices)
        rows = {line[0]: row for row, line in enumerate(choices.plain_lines) if line[0] != " "}

        def background(key: str) -> Any:
            strip = painted_strips(choices)[rows[key]]
            return next(s.style.bgcolor for s in strip if s.text.strip() and s.style is not None)

        assert background("t") == background("r")
        await pilot.hover(NumberedChoices, offset=(6, rows["r"]))
        await pilot.pause()
        assert background("r") != background("t")
        await pilot.hover(NumberedChoices, offset=(6, rows["t"]))
        await pilot.pause()
        assert background("t") != background("r")


async def test_a_list_longer_than_its_box_scrolls_by_its_own_scrollbar_and_the_wheel(
    make_test_app: Any,
) -> None:
    """The list draws its scrollbar in its own lines (Textual's never shows: no layout when it
    comes or goes): the words wrap beside it, a press on it scrolls there and takes no choice,
    and the wheel scrolls the list."""
    app = make_test_app(start=playing([MoveEarliest(0), MoveEarliest(1), RollD6(0, 6)]))
    picked: list[object] = []
    async with app.run_test(size=(80, 20), message_hook=picked.append) as pilot:
        await pilot.pause()
        choices = app.screen.query_one(NumberedChoices)
        view = choices.scrollable_content_region
        assert len(choices.plain_lines) > view.height  # it overflows its box
        assert not choices.show_vertical_scrollbar
        words = view.width - choices.styles.scrollbar_size_vertical
        assert all(len(line) <= words for line in choices.plain_lines)

        def bar() -> list[list[Any]]:
            painted = painted_strips(choices)
            return [list(strip.crop(words + 1, view.width + 1)) for strip in painted]

        at_top = bar()
        assert await pilot.click(NumberedChoices, offset=(1 + words, view.height - 1))
        await pilot.pause()
        assert choices.scroll_y == choices.max_scroll_y > 0
        assert bar() != at_top  # the thumb moved down
        assert not [message for message in picked if isinstance(message, NumberedChoices.Picked)]
        for _ in range(choices.max_scroll_y):
            choices.post_message(MouseScrollUp(choices, 2, 2, 0, 0, 0, False, False, False))
            await pilot.pause()
        assert choices.scroll_y == 0 and bar() == at_top
