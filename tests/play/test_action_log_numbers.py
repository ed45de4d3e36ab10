"""From entry 1,000 on the log's number is wider: no entry's first line loses its last letters
(issue 33's snag: "to th", "fro" at the right edge of the play screen's log)."""

from __future__ import annotations

from rich.console import Console
from textual.app import App, ComposeResult

from companion.session import Session
from companion.six_sojourns.actions import AdjustCoins
from companion.six_sojourns.game import SIX_SOJOURNS
from companion.six_sojourns.setup import SojournsSetup
from widgets.play.action_log import ActionLog, entry_lines

LONG = "gains a coin from an explore token after a long crossing to the far islands"


def test_every_line_of_a_numbered_entry_fits_and_keeps_every_word() -> None:
    console = Console(width=200)
    for number in (1, 999, 1000, 12345):
        for width in range(16, 60):  # wide enough for its longest word
            lines = entry_lines(number, LONG, width, console)
            assert all(line.cell_len <= width for line in lines), (number, width)
            words = " ".join(line.plain for line in lines).split()
            assert words == [f"{number}.", *LONG.split()], (number, width)


def test_later_lines_stand_under_the_text_of_a_four_digit_entry() -> None:
    lines = entry_lines(1000, LONG, 30, Console(width=200))
    assert lines[0].plain.startswith("1000. ")
    assert len(lines) > 1 and all(line.plain.startswith(" " * 6) for line in lines[1:])


class LogHost(App[None]):
    def compose(self) -> ComposeResult:
        yield ActionLog(id="log")


async def test_the_drawn_line_of_entry_1000_ends_as_the_entry_does() -> None:
    game = Session(SIX_SOJOURNS, SojournsSetup(players=("Ana", "Ben")))
    for _ in range(1000):
        game.do(AdjustCoins("Ana", 1))
    last = f"1000. {game.history[-1]}"
    app = LogHost()
    async with app.run_test(size=(40, 10)) as pilot:
        log = app.query_one(ActionLog)
        log.show(game.steps)
        for width in range(18, 30):  # one of them is exactly as wide as the entry's words
            await pilot.resize_terminal(width, 10)
            await pilot.pause()
            drawn = [log.line(log.view.top + y).text.strip() for y in range(log.view.height)]
            start = next(y for y, line in enumerate(drawn) if line.startswith("1000. "))
            assert " ".join(drawn[start:]).strip() == last, (width, drawn)
