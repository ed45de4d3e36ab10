"""The keys list (`?`) and the footer follow the stage: a key bound to several actions, one per
stage (Cavendish's `G` announces a group conflict, begins it, then ends it by the players' word),
is listed with the action it takes now, and a tap on its row does it (issue 42: right after an
announce, `?` listed "Group conflict: not here" and refused the tap)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.widgets import DataTable

from companion.cavendish.actions import AnnounceGroupConflict, BeginGroupConflict, ChooseLocation
from tests.support.waiting import pause_until
from widgets.cavendish.conflicts import OrderDialog
from widgets.cavendish.play import CavendishScreen
from widgets.kit.main_actions import ActionButton
from widgets.shell.chrome import FooterKey
from widgets.shell.keys import NOW, KeysScreen


def footer_words(app: Any) -> list[str]:
    return [key.description for key in app.screen.query(FooterKey)]


async def tap_key_of(pilot: Any, key: str, words: str) -> None:
    """`?` opened, the row of `key` listed with `words` and usable now, then tapped."""
    app = pilot.app
    await pilot.press("question_mark")
    await pause_until(pilot, lambda: isinstance(app.screen, KeysScreen))
    keys = app.screen
    assert isinstance(keys, KeysScreen)
    rows = [i for i, (shown, _said, _now) in enumerate(keys.rows) if shown == key]
    assert len(rows) == 1, keys.rows  # the key once, with the action it takes now
    row = rows[0]
    assert keys.rows[row][1:] == (words, NOW)
    table = keys.query_one("#keys-table", DataTable)
    await pause_until(pilot, lambda: table.size.height > 0)
    table.scroll_to(y=row, animate=False)
    await pilot.pause()
    await pilot.click(table, offset=(2, 1 + row - round(table.scroll_y)))
    await pause_until(pilot, lambda: app.screen is not keys)


async def test_g_is_listed_and_shown_with_the_group_conflicts_next_step(
    make_test_app: Callable[..., Any], make_setup: Callable[..., Any]
) -> None:
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        app.start_game("cavendish", make_setup(2), "Keys follow the stage")
        await pause_until(pilot, lambda: bool(app.screen.query("#agents")))
        screen = app.screen
        assert isinstance(screen, CavendishScreen)
        assert screen.act(ChooseLocation("A")) and screen.act(AnnounceGroupConflict("the Butler"))
        await pause_until(pilot, lambda: "Begin conflict" in footer_words(app))
        assert footer_words(app)[0] == "Begin conflict"  # the step under way, first
        assert "Group conflict" not in footer_words(app) and "Defeated" not in footer_words(app)

        # announced: G begins it, listed as such, and a tap opens the order of attempts
        await tap_key_of(pilot, "G", "Begin conflict")
        assert isinstance(app.screen, OrderDialog)
        await pilot.press("escape")
        await pause_until(pilot, lambda: app.screen is screen)

        # begun: G is the players' word that the adversary is defeated, and a tap ends it
        assert screen.act(BeginGroupConflict(("Anton", "Amy"), 0))
        await pause_until(pilot, lambda: "Defeated" in footer_words(app))
        assert footer_words(app)[0] == "Defeated"
        assert "Begin conflict" not in footer_words(app)
        before = len(screen.session.steps)
        await tap_key_of(pilot, "G", "Defeated")
        await pause_until(pilot, lambda: len(screen.session.steps) == before + 1)
        assert screen.cav.conflict is None
        assert screen.session.steps[-1].line.endswith(
            "the group conflict against the Butler is over"
        )

        # no conflict: G announces one again
        await pilot.press("question_mark")
        await pause_until(pilot, lambda: isinstance(app.screen, KeysScreen))
        keys = app.screen
        assert isinstance(keys, KeysScreen)
        assert [(said, now) for shown, said, now in keys.rows if shown == "G"] == [
            ("Group conflict", NOW)
        ]


async def test_a_phone_has_the_group_conflicts_next_step_as_a_button(
    make_test_app: Callable[..., Any], make_setup: Callable[..., Any]
) -> None:
    """On a phone, where the footer has room for two or three keys, `G`'s next step is a
    button while a group conflict is under way (it was the command palette or nothing)."""
    app = make_test_app()
    async with app.run_test(size=(44, 43)) as pilot:
        app.start_game("cavendish", make_setup(2), "Keys follow the stage")
        await pause_until(pilot, lambda: bool(app.screen.query("#agents")))
        screen = app.screen
        assert isinstance(screen, CavendishScreen)
        assert screen.act(ChooseLocation("A")) and screen.act(AnnounceGroupConflict("the Butler"))

        def labels() -> list[str]:
            return [str(button.label) for button in screen.query(ActionButton)]

        await pause_until(pilot, lambda: "Begin conflict (G)" in labels())
        await pilot.click(next(b for b in screen.query(ActionButton) if "Begin" in str(b.label)))
        await pause_until(pilot, lambda: isinstance(app.screen, OrderDialog))
        await pilot.press("escape")
        await pause_until(pilot, lambda: app.screen is screen)
        assert screen.act(BeginGroupConflict(("Anton", "Amy"), 0))
        await pause_until(pilot, lambda: "Defeated (G)" in labels())
        assert "Begin conflict (G)" not in labels()
