"""The details that tripped players: the pad/board switch (Pilot), the board's rows on the
sheet, no columns for expansions not in play, a finished game's Turns tab, counted nouns."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from six_sojourns_helpers import board, land, people
from textual.widgets import Static

from companion.core import RuleError
from companion.session import Session
from companion.six_sojourns.actions import (
    AdjustCoins,
    CloseSojourn,
    EnterCount,
    EnterSpace,
    ScoreBy,
    TakeCard,
)
from companion.six_sojourns.check import check_sheet
from companion.six_sojourns.game import SIX_SOJOURNS, narrate
from companion.six_sojourns.model import DEFAULT_THRESHOLDS, Pieces, Space
from companion.six_sojourns.report import score_text, sheet_csv, sheet_markdown
from companion.six_sojourns.scoring import score, shown_categories, standings
from companion.six_sojourns.setup import SojournsSetup, checklist
from tests.support.notes import record_notes
from tests.support.saving import record_played
from widgets.kit.line_table import LineTable
from widgets.six_sojourns.dialogs import TokensDialog
from widgets.six_sojourns.play import SojournsScreen
from widgets.six_sojourns.standing import turn_words
from widgets.six_sojourns.tables import sheet_rows

FEUDS = SojournsSetup(("Ana", "Ben"), "A", ("trades-tokens", "feuds"))
A1 = Space(
    "A1",
    island="North",
    trade_token="art",
    pieces={"Ana": Pieces(people=3), "Ben": Pieces(people=1)},
)
PAD_WITH_TOKEN = [EnterCount("Ana", "art", 4), EnterSpace(A1)]
"""Ana typed 4 art icons for the pad, the trades token on A1 among them; A1 is hers, with one of
Ben's people there (a feud)."""


def opened(actions: list[Any], setup: SojournsSetup = FEUDS) -> Callable[[Any], None]:
    def start(app: Any) -> None:
        saved = app.start_game("six-sojourns", setup, "Ana, Ben")
        for action in actions:
            saved.session.do(action)
        record_played(app.store, saved)

    return start


def cells(table: LineTable, row: str) -> list[str]:
    return [str(cell) for cell in table.get_row(row)]


async def test_the_switch_asks_and_says_what_it_did(make_test_app: Callable[..., Any]) -> None:
    app = make_test_app(start=opened(PAD_WITH_TOKEN))
    async with app.run_test(size=(80, 24)) as pilot:
        notes = record_notes(app)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SojournsScreen)
        await pilot.press("m")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, TokensDialog)
        assert "Ana 1 art token" in dialog.question
        await pilot.press("escape")  # not switched: nothing changes
        await pilot.pause()
        assert app.screen is screen and screen.game.sheet.pad
        await pilot.press("m")
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        state = screen.game
        assert not state.sheet.pad and state.sheet.players[0].icons("art") == 3
        assert score(state.sheet, state.thresholds).totals["Ana"] == 1 + 1 + 4 + 1
        status = str(screen.query_one("#ss-status", Static).render())
        assert status.startswith("Map A · switched to the board, 1 space · leading: Ana · ")
        assert status.endswith("…")  # the tokens' words cut at the edge: the log has them whole
        assert not notes  # said in the status line, not over the sheet
        assert cells(screen.query_one("#ss-sheet", LineTable), "art")[2] == "3+1 (4)"
        await pilot.press("m")  # back to the pad: asked again, the token goes back in
        await pilot.pause()
        assert isinstance(app.screen, TokensDialog)
        await pilot.press("c")
        await pilot.pause()
        assert screen.game.sheet.pad and screen.game.sheet.players[0].icons("art") == 4
    again = make_test_app(start=lambda app: app.open_saved(screen.saved.id))
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert again.screen.game.sheet.players[0].icons("art") == 4  # survives a restart


async def test_no_token_no_question(make_test_app: Callable[..., Any]) -> None:
    app = make_test_app(start=opened([EnterCount("Ana", "art", 4)]))
    async with app.run_test(size=(80, 24)) as pilot:
        notes = record_notes(app)
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, SojournsScreen) and not app.screen.game.sheet.pad
        status = str(app.screen.query_one("#ss-status", Static).render())
        assert status == "Map A · switched to the board, 0 spaces · leading: Ana"
        assert not notes


def test_the_board_gives_the_sheet_its_rows_in_play() -> None:
    state = Session(SIX_SOJOURNS, FEUDS, [*PAD_WITH_TOKEN, ScoreBy("board", "keep")]).state
    rows = sheet_rows(state)
    assert rows[rows.index("jewelry") + 1 : rows.index("total")] == [
        "board-spaces",
        "board-islands",
        "board-feuds",
        "objectives",
    ]
    pad = Session(SIX_SOJOURNS, FEUDS, PAD_WITH_TOKEN).state
    assert "board-spaces" not in sheet_rows(pad) and "spaces" in sheet_rows(pad)


async def test_the_board_s_points_on_the_sheet_and_the_why_table(
    make_test_app: Callable[..., Any],
) -> None:
    """The sheet shows the board's points, edited on the board; the Why table has columns only
    for what is in play."""
    app = make_test_app(start=opened([*PAD_WITH_TOKEN, ScoreBy("board", "keep")]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        sheet = app.screen.query_one("#ss-sheet", LineTable)
        assert cells(sheet, "board-spaces") == ["Spaces (VP)", "b: board", "1", "0"]
        assert cells(sheet, "board-islands") == ["Islands (VP)", "b: board", "1", "0"]
        assert cells(sheet, "board-feuds") == ["Feuds (VP)", "b: board", "1", "0"]

        await pilot.press("w")
        await pilot.pause()
        why = app.screen.query_one("#ss-why", LineTable)
        labels = [str(column.label) for column in why.columns.values()]
        assert labels == ["#", "Player", "Spc", "Isl", "Trd", "Obj", "Feu", "Total", "Coins"]

        await pilot.press("s")
        await pilot.pause()
        sheet.move_cursor(row=sheet.get_row_index("board-feuds"), column=2)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.tab == "board"  # the board's points are edited on the board


def test_no_column_for_an_expansion_not_in_play() -> None:
    sheet = board(land("A1", Ana=people(2)), land("A2", Ben=people(1)))
    assert shown_categories(sheet, standings(sheet, score(sheet))) == (
        "spaces",
        "islands",
        "trades",
        "objectives",
    )
    markdown = sheet_markdown(sheet, DEFAULT_THRESHOLDS, "T").splitlines()[2]
    csv_header = sheet_csv(sheet, DEFAULT_THRESHOLDS).splitlines()[0]
    text_header = score_text(sheet, DEFAULT_THRESHOLDS).splitlines()[0]
    for header in (markdown, csv_header, text_header):
        assert "spaces" in header and "objectives" in header
        for absent in ("serpents", "shrines", "mountains", "feuds", "expansions"):
            assert absent not in header
    played = board(land("A1", Ana=people(2)), expansions=("fierce-feuds", "mountains"))
    shown = shown_categories(played, standings(played, score(played)))
    assert shown == ("spaces", "islands", "trades", "objectives", "mountains", "feuds")


def test_a_point_is_never_hidden() -> None:
    """A score pad's expansion VP typed with no expansion in play still shows its column."""
    pad = Session(SIX_SOJOURNS, SojournsSetup(), [EnterCount("Ana", "expansion_vp", 2)]).state
    shown = shown_categories(pad.sheet, standings(pad.sheet, score(pad.sheet)))
    assert shown[-1] == "expansions"
    blank = Session(SIX_SOJOURNS, SojournsSetup()).state.sheet
    assert "expansions" not in shown_categories(blank, standings(blank, score(blank)))


FINISHED = [TakeCard(0), EnterCount("Ana", "spaces", 3), CloseSojourn()]
"""One card bought of the eighteen, then the game scored and finished anyway."""


def test_a_finished_game_asks_for_no_card() -> None:
    state = Session(SIX_SOJOURNS, SojournsSetup(), FINISHED).state
    assert state.finished and not state.cards_over
    assert turn_words(state) == (
        "The game is finished and scored: no card to buy (ctrl+z reopens it)."
    )
    assert SIX_SOJOURNS.waiting_for(state) is None


async def test_the_turns_tab_of_a_finished_game(make_test_app: Callable[..., Any]) -> None:
    app = make_test_app(start=opened(FINISHED, SojournsSetup()))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if not isinstance(app.screen, SojournsScreen):  # the result screen opens a finished game
            await pilot.press("escape")
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SojournsScreen)
        await pilot.press("t")
        await pilot.pause()
        said = str(screen.query_one("#ss-turn", Static).render())
        assert "buys a card" not in said and "finished and scored" in said
        turns = screen.query_one("#ss-turns", LineTable)
        assert all(not cells(turns, name)[0].startswith(">") for name in ("Ana", "Ben"))
        await pilot.press("2")
        await pilot.pause()
        assert len(screen.session.actions) == len(FINISHED)


def test_counted_nouns_take_their_number() -> None:
    assert "Ana keeps 1 tower." in checklist(SojournsSetup())
    assert "Ben keeps 0 towers." in checklist(SojournsSetup())
    lone_tower = board(land("A1", Ben=Pieces(people=1, tower=True)))
    with pytest.raises(RuleError, match="player Ben: 1 tower on the board, but seat 2 of 2"):
        check_sheet(lone_tower)
    state = Session(SIX_SOJOURNS, SojournsSetup(), [AdjustCoins("Ana", -10)]).state
    after = SIX_SOJOURNS.apply(state, TakeCard(1))
    assert narrate(state, TakeCard(1), after) == "Ana buys a 1-cost card (turn 1), 1 coin left"
    gained = SIX_SOJOURNS.apply(state, AdjustCoins("Ben", 1))
    assert narrate(state, AdjustCoins("Ben", 1), gained) == "Ben gains 1 coin"
    with pytest.raises(RuleError, match="Ana has 2 coins and cannot buy"):
        SIX_SOJOURNS.apply(state, TakeCard(3))
    poorer = SIX_SOJOURNS.apply(state, AdjustCoins("Ana", -1))
    with pytest.raises(RuleError, match="Ana has 1 coin and cannot buy"):
        SIX_SOJOURNS.apply(poorer, TakeCard(2))
