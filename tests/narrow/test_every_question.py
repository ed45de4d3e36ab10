"""Every question the four games ask, on a phone (40x40, and 43x42 = a 390x844 phone in a
browser): each answer a button that is whole (inside the screen and its dialog, its label
shown in full, nothing over it), names its key, and every key the dialog takes is one tap away
(a button, the footer, or the footer's `?` list). Its fields read without colour: the one with
the focus drawn with its marks and no other, each placeholder slanted."""

from __future__ import annotations

import random
import re
import textwrap
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Input

from companion.cavendish.actions import (
    AnnounceGroupConflict,
    BeginGroupConflict,
    ChooseLocation,
    LoseAzrak,
)
from companion.cavendish.game import CAVENDISH, apply
from companion.cavendish.model import CavendishState
from companion.core import SeatOption
from saves.games.undo_back import undo_back
from saves.shared.presence import Seat
from tests.cavendish.conftest import setup_for
from tests.conftest import FIXED_NOW
from tests.support.drawn import shows_focus, slanted, words_drawn
from tests.support.samples import install_sample
from tests.support.waiting import pause_until
from widgets.cavendish import panel
from widgets.cavendish.conflicts import OrderDialog
from widgets.cavendish.dialogs import (
    AmountDialog,
    BrokenLinkDialog,
    ItemDialog,
    NameDialog,
    PickDialog,
)
from widgets.cavendish.phase_dialogs import EndMissionDialog, FreeUpdateDialog, UpdateDialog
from widgets.dice.ask import DieRollDialog
from widgets.dice.check import DiceCheckScreen
from widgets.dice.tray import DiceTray
from widgets.play.conflict import ConflictDialog
from widgets.play.result import ConfirmEndDialog, ConfirmUndoDialog
from widgets.play.seats import SitDialog
from widgets.play.undo_to import UndoToDialog
from widgets.shell.base import Answers, Dialog
from widgets.shell.chrome import KeyFooter
from widgets.shell.home import HomeScreen
from widgets.six_sojourns.dialogs import LinesDialog, TextDialog, TokensDialog
from widgets.sojourn.destination_dialog import DestinationDialog
from widgets.sojourn.dialogs import CardsDialog, InfoDialog, RiskDialog, SideDialog
from widgets.sojourn.travel_dialog import TravelDialog
from widgets.stats.colours import ColourDialog
from widgets.stats.plays import ConfirmDelete
from widgets.stats.record import RecordDialog
from widgets.stats.rename import RenameDialog

SIZES = [(40, 40), (43, 42)]

Question = Callable[[Any], Dialog[Any]]
"""A question, built from the state of the game on the screen."""


def yes(action: object) -> bool:
    return True


def cavendish_state(players: int = 4) -> CavendishState:
    """A mission of four at location A, with a group conflict announced."""
    state = apply(CAVENDISH.start(setup_for(players)), ChooseLocation("A"))
    return apply(state, AnnounceGroupConflict("The Clockwork Sentinel"))


def conflict_begun() -> CavendishState:
    """The group conflict begun: each test asks for its damage too."""
    state = cavendish_state()
    order = tuple(agent.receptacle for agent in state.agents)
    return apply(state, BeginGroupConflict(order, life_points=6))


def broken_link(free_updates: bool) -> CavendishState:
    """Amy lost her last Azrak: her link is broken (a free update still offered, or not)."""
    state = apply(CAVENDISH.start(setup_for(4)), ChooseLocation("A"))
    if not free_updates:
        state = replace(state, free_updates_left=0)
    amy = state.agents[state.index("Amy")]
    return apply(state, LoseAzrak("Amy", amy.pool))


def sojourn(screen: Any) -> Any:
    return screen.state


CAVENDISH_QUESTIONS: list[Question] = [
    lambda screen: BrokenLinkDialog(broken_link(free_updates=True)),
    lambda screen: BrokenLinkDialog(broken_link(free_updates=False)),
    lambda screen: FreeUpdateDialog(2),
    lambda screen: UpdateDialog(cavendish_state()),
    lambda screen: EndMissionDialog(cavendish_state()),
    lambda screen: OrderDialog(cavendish_state(), yes),
    lambda screen: panel.TestPanel(cavendish_state(), "Amy", yes),
    lambda screen: panel.TestPanel(conflict_begun(), "Amy", yes),
    lambda screen: OrderDialog(conflict_begun(), yes),
    lambda screen: AmountDialog("Amy gains how many Azrak?"),
    lambda screen: NameDialog("Which location do you travel to?", ["A", "B", "Library"]),
    lambda screen: PickDialog("Who takes the Fear?", [("Amy", "Amy (Ana)"), ("Doug", "Doug")]),
    lambda screen: ItemDialog("Jennifer"),
]
TRAVEL_QUESTIONS: list[Question] = [
    lambda screen: TravelDialog(yes, screen.state, 0, "travel"),
    lambda screen: TravelDialog(yes, screen.state, 0, "loop"),
]
SOJOURN_QUESTIONS: list[Question] = [
    lambda screen: CardsDialog(yes, screen.state, 3, "Draw for the Loop"),
    lambda screen: SideDialog(yes, "Ancient Rome", "The Library of Alexandria"),
    lambda screen: RiskDialog(yes, screen.state, random.Random(1), lambda roll, label: None),
    *TRAVEL_QUESTIONS,
    lambda screen: DestinationDialog(yes, "New destination"),
    lambda screen: DestinationDialog(yes, "Edit the card", editing=0),
    lambda screen: InfoDialog("Can I still make it home?", "Yes: 3 Loops in hand."),
]
SIX_SOJOURNS_QUESTIONS: list[Question] = [
    lambda screen: TextDialog("Ana's points for gold", "12", "A whole number", numeric=True),
    lambda screen: LinesDialog("Ana's objective cards", "Rome\nAthens", "One card a line"),
    lambda screen: TokensDialog(
        "Score from the board",
        "Ana typed 3 trade icons on the pad. The board gives trades tokens for them.",
        "Convert the icons typed into trades tokens",
        "Keep the icons as typed, with no tokens",
    ),
]
TIME_BASTARDS_QUESTIONS: list[Question] = [
    lambda screen: DieRollDialog("d6", "Mara: roll the D6.", yes)
]
SHARED_QUESTIONS: list[Question] = [
    lambda screen: ConfirmEndDialog("End the game now?", "Nobody has won yet."),
    lambda screen: ConfirmUndoDialog(
        "Undo Ben's action?", "Ben, on the laptop: took 1 Fear", "Undo it"
    ),
    lambda screen: SitDialog(
        [SeatOption("Amy", "Amy (Ana)"), SeatOption("Doug", "Doug (Ben)")],
        {"Doug": Seat("Doug", "other-device")},
        "this-device",
        "Amy",
    ),
    lambda screen: ConflictDialog("was written over by another program"),
    lambda screen: UndoToDialog(undo_back(screen.saved, len(screen.session.steps) - 5)),
    lambda screen: DiceTray(),
    lambda screen: DiceCheckScreen([]),
    lambda screen: RecordDialog(None, FIXED_NOW),
    lambda screen: RenameDialog("Ana"),
    lambda screen: ColourDialog("Ana", None),
    lambda screen: ConfirmDelete("Cavendish, 29 Nov: the group, 4 crystals"),
]

GAMES = [
    ("cavendish", CAVENDISH_QUESTIONS),
    ("sojourn", SOJOURN_QUESTIONS),
    ("six-sojourns", SIX_SOJOURNS_QUESTIONS),
    ("time-bastards", TIME_BASTARDS_QUESTIONS + SHARED_QUESTIONS),
]

KEY_IN_LABEL = re.compile(r"\(([^()]+)\)\s*$")
"""An answer's key, at the end of its label: "Lose control (l)"."""


def keys_taken(dialog: Screen[Any]) -> dict[str, set[str]]:
    """Every key the dialog takes now (its own, the focused widget's, the app's), by action:
    each as it is typed and as the footer shows it."""
    taken: dict[str, set[str]] = {}
    for node, binding, enabled, _tip in dialog.active_bindings.values():
        if not enabled:
            continue
        names = taken.setdefault(f"{id(node)}:{binding.action}", set())
        names.update(part.strip() for part in binding.key.split(","))
        names.add(dialog.app.get_key_display(binding))
    return taken


def label_of(button: Button) -> str:
    """The words on the button."""
    return Content.from_text(button.label).plain


def label_is_whole(button: Button) -> bool:
    """The label, wrapped at the button's width, takes no more lines than the button has, and
    no word of it is cut."""
    text = label_of(button)
    width, height = button.content_size
    words = text.split()
    if width <= 0 or any(len(word) > width for word in words):
        return False
    return len(textwrap.wrap(text, width)) <= height


def answer_problems(dialog: Dialog[Any]) -> list[str]:
    """What keeps an answer of the dialog from being tapped whole, or a key from one tap."""
    problems = []
    screen_region = dialog.region
    box = next(child for child in dialog.children if not isinstance(child, KeyFooter))
    taken = keys_taken(dialog)
    all_names = set().union(*taken.values())
    reached: set[str] = set()
    for button in dialog.query(Button):
        if not button.display or not button.parent or not button.parent.display:
            continue
        label = label_of(button)
        region = button.region
        if region.area == 0:
            problems.append(f"{label!r} is not laid out")
            continue
        if not screen_region.contains_region(region) or not box.region.contains_region(region):
            problems.append(f"{label!r} at {region} is outside the dialog {box.region}")
        if not label_is_whole(button):
            problems.append(f"{label!r} is cut at {button.content_size}")
        covered = [
            (x, y)
            for y in range(region.y, region.bottom)
            for x in range(region.x, region.right)
            if screen_region.contains(x, y) and dialog.get_widget_at(x, y)[0] is not button
        ]
        if covered:
            problems.append(f"{label!r} is covered at {covered[0]}")
        key = KEY_IN_LABEL.search(label) or re.match(r"^(\S+) ", label)  # the tray: "d6 6"
        shown = key.group(1) if key else ""
        if isinstance(button.parent, Answers) and not button.disabled and shown not in all_names:
            problems.append(f"{label!r} names no key the dialog takes ({shown!r})")
        reached.update(action for action, names in taken.items() if shown in names)
    in_footer = keys_in(dialog.query_one(KeyFooter))
    if "question_mark" not in in_footer:  # no keys list: each key a button or in the footer
        for action, names in taken.items():
            if action not in reached and not names & in_footer and is_own(dialog, action):
                problems.append(f"{sorted(names)} is neither a button nor in the footer")
    return problems


def field_problems(dialog: Dialog[Any]) -> list[str]:
    """What keeps the dialog's fields from reading without colour: the focus shown on another
    field than the focused one, or on none; a placeholder drawn upright like a typed value."""
    problems = []
    for field in dialog.query("Input, TextArea, Select"):
        if not field.display or field.region.area == 0:
            continue
        name = field.id or type(field).__name__
        if shows_focus(field) and field is not dialog.focused:
            problems.append(f"{name} is drawn as focused without the focus")
        if field is dialog.focused and not shows_focus(field):
            problems.append(f"{name} has the focus and does not show it")
        shown = words_drawn(field)
        placeholder = isinstance(field, Input) and field.placeholder and not field.value
        if placeholder and " ".join(slanted(field).split()) != shown:
            problems.append(f"{name}'s placeholder {shown!r} is not slanted")
    return problems


def is_own(dialog: Screen[Any], action: str) -> bool:
    """A key of the dialog itself, shown in its footer (not a field's editing key)."""
    return action.startswith(f"{id(dialog)}:") and any(
        binding.show and f"{id(dialog)}:{binding.action}" == action
        for _node, binding, _e, _t in dialog.active_bindings.values()
    )


def opened(save_id: str) -> Callable[[Any], None]:
    def start(app: Any) -> None:
        app.open_saved(save_id)

    return start


TMUX_PHONE = (44, 43)
"""Issue 33: at 44x43 (a phone in tmux) the travel dialog's card buttons read "p Par…", the
Temporal Battery off the screen."""

Round = tuple[tuple[int, int], list[Question]]
"""Questions asked at one size."""


def rounds(game: str, questions: list[Question], size: tuple[int, int]) -> list[Round]:
    """The questions at `size`; Sojourn's travel questions at 44x43 first, the window then
    narrowed to `size`."""
    ahead = [(TMUX_PHONE, TRAVEL_QUESTIONS)] if game == "sojourn" else []
    return [*ahead, (size, questions)]


ONE_SIZE_EACH = [
    pytest.param(game, rounds(game, questions, SIZES[index % len(SIZES)]), id=game)
    for index, (game, questions) in enumerate(GAMES)
]
"""Each game at one of the phone sizes, the sizes taken in turn: every size and game checked."""

EVERY_SIZE = [
    pytest.param(
        game,
        rounds(game, questions, size),
        id=f"{game}-{size[0]}x{size[1]}",
        marks=pytest.mark.slow,
    )
    for game, questions in GAMES
    for size in SIZES
]


@pytest.mark.parametrize(("game", "asked_in_turn"), ONE_SIZE_EACH)
async def test_every_answer_is_a_whole_button_on_a_phone(
    make_test_app: Any, companion_home: Path, game: str, asked_in_turn: list[Round]
) -> None:
    """Every question of each game, at one phone size; the other size of each game is left to
    the slow variant below. Sojourn's travel questions are also asked at 44x43 (issue 33)."""
    await check_every_question(make_test_app, companion_home, game, asked_in_turn)


@pytest.mark.parametrize(("game", "asked_in_turn"), EVERY_SIZE)
async def test_every_answer_is_a_whole_button_at_every_phone_size(
    make_test_app: Any, companion_home: Path, game: str, asked_in_turn: list[Round]
) -> None:
    """The full sweep (slow): every question of every game at both phone sizes."""
    await check_every_question(make_test_app, companion_home, game, asked_in_turn)


async def check_every_question(
    make_test_app: Any, companion_home: Path, game: str, asked_in_turn: list[Round]
) -> None:
    """Open each question over the game's sample, at each size in turn (the largest first),
    and collect what keeps an answer from a tap."""
    app = make_test_app(start=opened(install_sample(companion_home, game)))
    async with app.run_test(size=asked_in_turn[0][0]) as pilot:
        await pilot.pause()
        if app.screen.is_modal:  # the sample's own question (a Sojourn side) put off
            await pilot.press("escape")
        await pause_until(pilot, lambda: not app.screen.is_modal)
        play = app.screen
        found: dict[str, list[str]] = {}
        for size, questions in asked_in_turn:
            await pilot.resize_terminal(*size)
            await pause_until(pilot, lambda s=size: play.size == s)
            for question in questions:
                dialog = question(play)
                problems = await asked(pilot, dialog)
                if problems:
                    found[f"{type(dialog).__name__} at {size[0]}x{size[1]}"] = problems
                app.pop_screen()
                await pause_until(pilot, lambda: app.screen is play)
        assert not found, found


async def asked(pilot: Any, dialog: Dialog[Any]) -> list[str]:
    """Open the question, laid out for the screen, and say what keeps its answers from a tap."""
    await pilot.app.push_screen(dialog)
    await pause_until(pilot, lambda: pilot.app.screen is dialog and dialog.is_mounted)
    await pilot.pause()  # the answers are fitted to their row once it has its width
    await pilot.pause()
    assert dialog.query(Button), f"{type(dialog).__name__} has no answer to tap"
    return answer_problems(dialog) + field_problems(dialog)


async def test_the_first_screen_a_browser_opens_shows_its_keys(make_test_app: Any) -> None:
    """A served page starts without the focus (Textual's web driver blurs the app at once):
    home's footer still offers its keys before anything on the page is tapped."""

    def blurred_at_once(app: Any) -> None:
        app.post_message(events.AppBlur())

    app = make_test_app(start=blurred_at_once)
    async with app.run_test(size=(43, 42)) as pilot:
        await pause_until(pilot, lambda: not app.app_focus)
        assert isinstance(app.screen, HomeScreen)
        footer = app.screen.query_one(KeyFooter)
        await pause_until(pilot, lambda: {"n", "question_mark"} <= keys_in(footer))


def keys_in(footer: KeyFooter) -> set[str]:
    """The keys the footer shows (found by their CSS type: Textual's FooterKey is private)."""
    return {str(getattr(key, "key", "")) for key in footer.query("FooterKey")}
