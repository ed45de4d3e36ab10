"""A switch of language on a game's setup (issue 45): every word of the setup is said at once in
the new language, as the setup opened in that language says it, and nothing the player entered
is lost: names, choices, toggles, ticked expansions, card numbers, the field with the focus."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from textual.containers import ScrollableContainer
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import (
    Button,
    Input,
    RadioButton,
    Select,
    SelectionList,
    Static,
)

import lang
from tests.support.waiting import pause_until
from widgets.shell.base import SetupScreen
from widgets.shell.chrome import FooterKey
from widgets.shell.home import HomeScreen


def words(screen: Screen[Any]) -> list[str]:
    """Every word the setup shows that is not a value entered: its title, its boxes' titles,
    labels, hints, buttons, placeholders, the prompts of its lists and the footer's keys (the
    checklist is left out: it follows the choices, looked at on its own)."""
    shown = [screen.title or ""]
    for widget in screen.query("*"):
        if widget.border_title:
            shown.append(str(widget.border_title))
        in_a_list = any(isinstance(above, Select) for above in widget.ancestors)
        if isinstance(widget, (RadioButton, Button)):
            shown.append(str(widget.label))
        elif isinstance(widget, Static) and widget.id != "ss-checklist" and not in_a_list:
            shown.append(str(widget.render()))
        elif isinstance(widget, Input):
            shown.append(widget.placeholder)
        elif isinstance(widget, Select):
            shown.extend(str(prompt) for prompt, _value in widget._options)
        elif isinstance(widget, SelectionList):
            options = range(widget.option_count)
            shown.extend(str(widget.get_option_at_index(i).prompt) for i in options)
        elif isinstance(widget, FooterKey):
            shown.append(widget.description)
    return shown


def values(screen: Screen[Any]) -> dict[str, object]:
    """What every field with an id holds, which field has the focus, and where its cursor is."""
    held: dict[str, object] = {"focused": screen.focused.id if screen.focused else None}
    if isinstance(screen.focused, Input):  # where the next key goes (no text selected)
        held["selection"] = screen.focused.selection
    for widget in screen.query("*"):
        if widget.id is None:
            continue
        if isinstance(widget, (Input, Select, RadioButton)):
            held[widget.id] = widget.value
        elif isinstance(widget, SelectionList):
            held[widget.id] = sorted(widget.selected)
    return held


def field(screen: Screen[Any], name: str) -> Any:
    return screen.query_one(f"#{name}", Widget)


@dataclass(frozen=True)
class Case:
    game_id: str
    title_fr: str
    enter: Callable[[Screen[Any]], None]
    focus: str
    proposed: tuple[str, str, str] | None = None
    """A field the player left as the setup proposed it in its words: (id, English, French)."""


def enter_cavendish(screen: Screen[Any]) -> None:
    field(screen, "player-0").value = "Zoé"
    field(screen, "player-1").value = "Yann"
    field(screen, "receptacle-1").value = "Doug"
    field(screen, "Anton-starting").value = "3"
    field(screen, "Doug-dexterity").value = "2"
    field(screen, "destiny-known").value = "-1 0 +1"


def enter_six_sojourns(screen: Screen[Any]) -> None:
    field(screen, "ss-players").value = "Zoé, Yann, Ines"
    field(screen, "ss-preset").value = 2  # the preset ticks its expansions ...


def tweak_six_sojourns(screen: Screen[Any]) -> None:
    """... and the player unticks one of them and turns to the other map."""
    expansions = field(screen, "ss-expansions")
    expansions.deselect(sorted(expansions.selected)[0])
    field(screen, "map-b").value = True


def enter_sojourn(screen: Screen[Any]) -> None:
    field(screen, "title").value = "Le long voyage"
    field(screen, "traveller").value = "Zoé"
    field(screen, "one-to-100").value = True
    next(w for w in screen.query(Input) if (w.id or "").startswith("deck-")).value = "5"


def enter_time_bastards(screen: Screen[Any]) -> None:
    field(screen, "coop").value = True
    field(screen, "tb-name-1").value = "Zoé"
    colours = field(screen, "tb-colour-2")
    colours.value = colours._options[-1][1]
    starts = field(screen, "tb-start-1")
    starts.value = starts._options[-1][1]
    field(screen, "tb-length").value = "9"


CASES = [
    Case("cavendish", "Cavendish : mise en place", enter_cavendish, "destiny-known"),
    Case("six-sojourns", "Six Sojourns : préparation", enter_six_sojourns, "ss-expansions"),
    Case("sojourn", "Sojourn : mise en place", enter_sojourn, "traveller"),
    Case(
        "time-bastards",
        "Time Bastards : préparation",
        enter_time_bastards,
        "tb-length",
        proposed=("tb-name-2", "Blue", "Bleu"),  # a traveller named by colour
    ),
]


async def open_setup(pilot: Any, game_id: str) -> SetupScreen:
    app = pilot.app
    app.go_home()
    await pause_until(pilot, lambda: isinstance(app.screen, HomeScreen))
    app.new_game(game_id)
    await pause_until(pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.title)
    await pilot.pause()
    return app.screen


async def switch(pilot: Any, screen: Screen[Any], code: str, title: str) -> None:
    pilot.app.language_picked(code)
    await pause_until(pilot, lambda: screen.title == title)
    await pilot.pause()
    await pilot.pause()


@pytest.mark.parametrize("case", CASES, ids=[case.game_id for case in CASES])
async def test_a_switch_says_every_word_again_and_keeps_every_field(
    make_test_app: Callable[..., Any], case: Case
) -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        lang.use("fr")
        screen = await open_setup(pilot, case.game_id)
        field(screen, case.focus).focus()  # the footer's keys are those of the field focused
        await pilot.pause()
        french = words(screen)
        lang.use("en")
        screen = await open_setup(pilot, case.game_id)
        case.enter(screen)
        await pilot.pause()
        if case.game_id == "six-sojourns":
            tweak_six_sojourns(screen)
            await pilot.pause()
        focused = field(screen, case.focus)
        focused.focus()
        await pilot.pause()
        if isinstance(focused, Input):  # the player typing in the middle of the field
            focused.cursor_position = 1
        entered = values(screen)
        assert entered["focused"] == case.focus
        english = words(screen)
        assert french != english and screen.title != case.title_fr

        await switch(pilot, screen, "fr", case.title_fr)
        assert app.screen is screen
        assert words(screen) == french
        if case.proposed:
            name, english_value, french_value = case.proposed
            assert entered[name] == english_value
            assert values(screen) == {**entered, name: french_value}
        else:
            assert values(screen) == entered

        await switch(pilot, screen, "en", english[0])
        assert words(screen) == english
        assert values(screen) == entered


def checklist_said(screen: Screen[Any]) -> str:
    return str(screen.query_one("#ss-checklist", Static).render())


async def test_the_checklist_and_the_scroll_follow_a_switch(
    make_test_app: Callable[..., Any],
) -> None:
    """Six Sojourns' checklist is said again for the choices kept; the Cavendish setup stays
    scrolled to the field typed in (a small window shows a part of it), not back at the top."""
    app = make_test_app()
    async with app.run_test(size=(44, 24)) as pilot:
        screen = await open_setup(pilot, "six-sojourns")
        enter_six_sojourns(screen)
        await pilot.pause()
        english = checklist_said(screen)
        await switch(pilot, screen, "fr", "Six Sojourns : préparation")
        assert checklist_said(screen) != english
        assert checklist_said(screen).startswith("[ ] Posez le plateau, face plan B visible")
        await switch(pilot, screen, "en", "Six Sojourns: setup")
        assert checklist_said(screen) == english

        screen = await open_setup(pilot, "cavendish")
        field(screen, "destiny-known").focus()
        box = screen.query_one("#cav-setup", ScrollableContainer)
        await pause_until(pilot, lambda: box.scroll_y > 0)
        await switch(pilot, screen, "de", "Cavendish: Aufbau")
        box = screen.query_one("#cav-setup", ScrollableContainer)
        destiny = field(screen, "destiny-known")
        assert app.focused is destiny
        # not back at the top: the field typed in stays in view (German words take more lines)
        await pause_until(
            pilot,
            lambda: box.scroll_y > 0 and box.region.contains_region(destiny.region),
        )
        assert "Start mission (ctrl+s)" not in [str(b.label) for b in screen.query(Button)]
        await switch(pilot, screen, "en", "Cavendish: setup")
