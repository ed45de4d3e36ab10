"""Every view follows the journal: on each game that has a result, another device ends the game,
undoes the end, and ends it again; the result here opens, closes and opens again with it, each
time saying who did what. A question of the game's open here (Sojourn's RISK roll) closes when
another device answers it, and opens again when the answer is undone; the keys list (`?`) open
here lists the keys of the stage another device moved the game to."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from companion.cavendish.actions import AbandonMission
from companion.cavendish.game import CAVENDISH
from companion.core import Game
from companion.six_sojourns.actions import CloseSojourn
from companion.six_sojourns.game import SIX_SOJOURNS
from companion.six_sojourns.setup import SojournsSetup
from companion.sojourn.game import SOJOURN
from companion.sojourn.model import SojournSetup
from companion.time_bastards.game import TIME_BASTARDS
from saves.games.journal import Draft
from saves.games.store import SaveStore
from tests.conftest import fixed_clock
from tests.history.games import SET_UP, samples
from tests.play.test_many_hands_app import OTHER_DEVICE
from tests.support.notes import record_notes
from tests.support.saving import record_played
from tests.support.waiting import pause_until
from widgets.play.game_screen import GameScreen
from widgets.play.result import ResultScreen
from widgets.shell.keys import KeysScreen


@dataclass(frozen=True)
class Ending:
    """A game one action from its end: how it is set up and played, and the ending action."""

    game: Game[Any, Any]
    setup: Any
    moves: Callable[[], list[Any]]
    """Every action of the game up to and including the one that ends it."""
    seat: str = "Ben"
    """Who sits at the other device, as written with its records."""
    person: str = "Ben"
    """Who the notices name: the person at that seat."""


def played(game: Game[Any, Any], setup: Any, propose: Any, seed: int) -> list[Any]:
    """The seeded sample player's game, to its end."""
    session = samples.play(game, setup, propose, 3000, seed)
    assert game.status(session.state) != "playing"
    return list(session.actions)


def six_sojourns_moves() -> list[Any]:
    setup = SojournsSetup(players=samples.SIX_PLAYERS, map="A", expansions=samples.SIX_EXPANSIONS)
    moves = samples.play(SIX_SOJOURNS, setup, samples.six_moves, 200, 1).actions
    return [*moves, CloseSojourn()]


def cavendish_moves() -> list[Any]:
    setup = samples.CAVENDISH_SETUP
    moves = samples.play(CAVENDISH, setup, samples.cavendish_moves, 10, 2026).actions
    return [*moves, AbandonMission()]


SIX_SETUP = SojournsSetup(players=samples.SIX_PLAYERS, map="A", expansions=samples.SIX_EXPANSIONS)
ENDINGS = {
    "sojourn": Ending(
        SOJOURN, SojournSetup(), lambda: played(SOJOURN, SojournSetup(), samples.sojourn_moves, 1)
    ),
    "six-sojourns": Ending(SIX_SOJOURNS, SIX_SETUP, six_sojourns_moves),
    # a Cavendish seat is an agent: the notices name the player who plays it (Anton: Ben)
    "cavendish": Ending(
        CAVENDISH, samples.CAVENDISH_SETUP, cavendish_moves, seat="Anton", person="Ben"
    ),
    "time-bastards": Ending(
        TIME_BASTARDS,
        samples.BASTARDS_SETUP,
        lambda: played(TIME_BASTARDS, samples.BASTARDS_SETUP, samples.bastards_moves, 1),
    ),
}


def one_from_the_end(home: Path, ending: Ending) -> tuple[str, Any]:
    """The game saved one action from its end; its id and the action that ends it."""
    *before, last = ending.moves()
    store = SaveStore(home, clock=lambda: SET_UP)
    saved = store.create(ending.game, ending.setup, title="Evening game")
    for move in before:
        saved.session.do(move)
    record_played(store, saved)
    return saved.id, last


def elsewhere(home: Path, save_id: str, draft: Callable[[Any], Draft], seat: str) -> None:
    """Another device (a browser where `seat` sits) appends one record to the game."""
    store = SaveStore(home, fixed_clock)
    theirs = store.open_for_play(save_id)
    store.transact(theirs, lambda _theirs: [draft(theirs)], by=OTHER_DEVICE, seat=seat)


def results_open(app: Any) -> int:
    return sum(isinstance(screen, ResultScreen) for screen in app.screen_stack)


@pytest.mark.parametrize("game_id", list(ENDINGS))
async def test_the_result_follows_the_end_its_undo_and_the_end_again_made_elsewhere(
    make_test_app: Any, companion_home: Path, game_id: str
) -> None:
    ending = ENDINGS[game_id]
    save_id, end = one_from_the_end(companion_home, ending)
    app = make_test_app(start=lambda app: app.open_saved(save_id))
    notes = record_notes(app)
    seat, who = ending.seat, f"{ending.person}, in a browser,"
    async with app.run_test(size=(80, 24)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen_stack[1], GameScreen))
        screen = app.screen_stack[1]
        assert isinstance(screen, GameScreen) and not screen.is_over

        elsewhere(companion_home, save_id, lambda _saved: Draft("do", end), seat)
        await pause_until(pilot, lambda: isinstance(app.screen, ResultScreen))
        assert screen.is_over and results_open(app) == 1
        step = screen.session.last_step
        assert step is not None
        end_line = step.line
        assert f"{who} changed the game: {end_line}" in notes  # who ended it

        undo = lambda saved: Draft("undo", target=saved.origins[-1].number)  # noqa: E731
        elsewhere(companion_home, save_id, undo, seat)
        await pause_until(pilot, lambda: not screen.is_over and results_open(app) == 0)
        assert f"{who} undid: {end_line}. Play goes on." in notes

        elsewhere(companion_home, save_id, lambda _saved: Draft("do", end), seat)  # again
        await pause_until(pilot, lambda: isinstance(app.screen, ResultScreen))
        assert screen.is_over and results_open(app) == 1
        assert notes.count(f"{who} changed the game: {end_line}") == 2


async def test_a_question_closes_when_answered_elsewhere_and_opens_again_when_undone(
    make_test_app: Any, companion_home: Path
) -> None:
    """Sojourn asks for its RISK roll on every device; another device rolls (and loses the
    game): the question here closes, saying who, and the result opens; the roll undone there
    asks it here again."""
    from widgets.sojourn.dialogs import RiskDialog

    save_id, roll = one_from_the_end(companion_home, ENDINGS["sojourn"])
    app = make_test_app(start=lambda app: app.open_saved(save_id))
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, RiskDialog))
        asked = app.screen
        elsewhere(companion_home, save_id, lambda _saved: Draft("do", roll), "Ben")
        await pause_until(pilot, lambda: isinstance(app.screen, ResultScreen))
        assert asked not in app.screen_stack
        assert any(note.startswith("Ben, in a browser, changed the game: ") for note in notes)
        undo = lambda saved: Draft("undo", target=saved.origins[-1].number)  # noqa: E731
        elsewhere(companion_home, save_id, undo, "Ben")
        await pause_until(pilot, lambda: isinstance(app.screen, RiskDialog))
        assert app.screen is not asked  # asked afresh, for the state shown now
        assert results_open(app) == 0


async def test_a_dialog_opened_for_a_moment_taken_back_elsewhere_closes_saying_who(
    make_test_app: Any, companion_home: Path
) -> None:
    """This device is asked "End the game?"; another device undoes the last action meanwhile:
    the question was about a moment the table took back, so it closes, naming who undid what."""
    save_id, _end = one_from_the_end(companion_home, ENDINGS["cavendish"])
    app = make_test_app(start=lambda app: app.open_saved(save_id))
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        step = screen.session.last_step
        assert step is not None
        await pilot.press("X")  # "Abandon the mission?"
        await pause_until(pilot, lambda: app.screen is not screen)
        undo = lambda saved: Draft("undo", target=saved.origins[-1].number)  # noqa: E731
        elsewhere(companion_home, save_id, undo, "Anton")
        await pause_until(pilot, lambda: app.screen is screen)
        assert f"Ben, in a browser, undid: {step.line}" in notes
        assert not screen.is_over


async def test_a_stale_dialog_under_a_keys_list_closes_with_what_was_opened_over_it(
    make_test_app: Any, companion_home: Path
) -> None:
    """ "Abandon the mission?" is asked here and `?` opened over it; another device undoes the
    last action: the question was about a moment taken back, so it closes with the keys list
    over it, naming who undid what."""
    save_id, _end = one_from_the_end(companion_home, ENDINGS["cavendish"])
    app = make_test_app(start=lambda app: app.open_saved(save_id))
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        step = screen.session.last_step
        assert step is not None
        await pilot.press("X")  # "Abandon the mission?"
        await pause_until(pilot, lambda: app.screen is not screen)
        asked = app.screen
        keys = KeysScreen(asked)
        await app.push_screen(keys)
        await pause_until(pilot, lambda: app.screen is keys)
        undo = lambda saved: Draft("undo", target=saved.origins[-1].number)  # noqa: E731
        elsewhere(companion_home, save_id, undo, "Anton")
        await pause_until(pilot, lambda: app.screen is screen)
        assert asked not in app.screen_stack and keys not in app.screen_stack
        assert f"Ben, in a browser, undid: {step.line}" in notes


async def test_the_keys_list_follows_the_stage_another_device_moves_the_game_to(
    make_test_app: Any, companion_home: Path
) -> None:
    """`?` open here while another device ends the game: the list shows the keys as they are now
    (the result key `R` usable now, where it was not before)."""
    save_id, end = one_from_the_end(companion_home, ENDINGS["time-bastards"])
    app = make_test_app(start=lambda app: app.open_saved(save_id))
    async with app.run_test(size=(80, 24)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        keys = KeysScreen(screen)
        await app.push_screen(keys)
        await pause_until(pilot, lambda: app.screen is keys)
        result_row = next(row for row in keys.rows if row[1] == "Result")
        assert result_row[2] != "yes"
        elsewhere(companion_home, save_id, lambda _saved: Draft("do", end), "Ben")
        await pause_until(pilot, lambda: ("R", "Result", "yes") in keys.rows)
        table = keys.query_one("#keys-table")
        assert table.row_count == len(keys.rows)
