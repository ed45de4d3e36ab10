"""Pilot test: a group conflict with two adversaries from the keyboard: `A` brings in the second
with its life points, the test panel asks on whose card the damage goes, one adversary falls and
the conflict goes on, then the players' word defeats the last one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.widgets import Input, Select

from companion.cavendish.actions import AnnounceGroupConflict, BeginGroupConflict, ChooseLocation
from companion.cavendish.model import CavendishState
from tests.cavendish.test_cavendish_conflict_damage_app import notes, text_of, type_text
from widgets.cavendish import panel
from widgets.cavendish.conflicts import AdversaryDialog
from widgets.cavendish.dialogs import PickDialog
from widgets.cavendish.play import CavendishScreen


def conflict_of(app: Any) -> Any:
    screen = next(s for s in reversed(app.screen_stack) if isinstance(s, CavendishScreen))
    state: CavendishState = screen.state
    return state.conflict


async def test_a_conflict_with_two_adversaries(
    make_test_app: Callable[..., Any], make_setup: Callable[..., Any]
) -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game("cavendish", make_setup(2), "Two adversaries")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CavendishScreen)
        assert screen.act(ChooseLocation("A")) and screen.act(AnnounceGroupConflict("the Butler"))
        await pilot.pause()

        await pilot.press("A")  # the Ghoul joins, 2 life points
        await pilot.pause()
        assert isinstance(app.screen, AdversaryDialog)
        await type_text(pilot, "Ghoul")
        app.screen.query_one("#adversary-life", Input).focus()
        await type_text(pilot, "2")
        await pilot.press("enter")
        await pilot.pause()
        assert [a.name for a in conflict_of(app).adversaries] == ["the Butler", "Ghoul"]
        assert screen.act(BeginGroupConflict(("Anton", "Amy"), 0))  # the Butler: not counted
        await pilot.pause()

        await pilot.press("t")  # Anton: 2 damage on the Ghoul's card
        await pilot.pause()
        assert isinstance(app.screen, panel.TestPanel)
        app.screen.query_one("#test-destiny", Input).value = "0"
        await type_text(pilot, "3")
        app.screen.query_one("#test-damage", Input).focus()
        await type_text(pilot, "2")
        app.screen.query_one("#test-target", Select).value = "Ghoul"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, CavendishScreen), notes(app)
        conflict = conflict_of(app)
        assert conflict is not None and [a.defeated for a in conflict.adversaries] == [False, True]
        assert "Ghoul is defeated (2 damage of 2 life points)" in screen.session.steps[-1].line
        assert "the Butler (0 damage, life points not counted)" in text_of(app, "#conflict")

        await pilot.press("t")  # Amy ends the turn without damage
        await pilot.pause()
        app.screen.query_one("#test-destiny", Input).value = "0"
        await type_text(pilot, "3")
        await pilot.press("ctrl+s")
        await pilot.pause()

        await pilot.press("G")  # one adversary left: the players' word ends the conflict
        await pilot.pause()
        assert not isinstance(app.screen, PickDialog)
        assert conflict_of(app) is None
        assert screen.session.steps[-1].line == (
            "By the players' word the Butler is defeated: the group conflict against the Butler "
            "and Ghoul is over"
        )
