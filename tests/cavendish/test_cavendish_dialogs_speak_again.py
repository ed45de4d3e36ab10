"""A switch of language over a Cavendish dialog (issue 45): the test panel, the order of
attempts and the end of mission say every word in the new language at once, and keep what the
table typed, picked and ticked so far; each still plays the game once answered."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from tests.conftest import FIXED_NOW
from tests.support.samples import install_sample
from tests.support.waiting import pause_until
from widgets.cavendish import panel
from widgets.cavendish.conflicts import AdversaryDialog, OrderDialog
from widgets.cavendish.phase_dialogs import EndMissionDialog, UpdateDialog
from widgets.cavendish.play import CavendishScreen


def shown(dialog: Any, selector: str) -> str:
    return str(dialog.query_one(selector, Static).render())


def buttons(dialog: Any) -> list[str]:
    return [str(button.label) for button in dialog.query(Button)]


def labels(dialog: Any) -> list[str]:
    return [str(label.render()) for label in dialog.query(Label)]


async def switched(pilot: Any, code: str, said: Callable[[], bool]) -> None:
    """The language picked as home's `L` or the palette does, then every screen said again."""
    pilot.app.language_picked(code)
    await pause_until(pilot, said, what=f"the dialog said again in {code}")
    await pilot.pause()


def opened(make_test_app: Callable[..., Any], home: Path) -> Any:
    save_id = install_sample(home, "cavendish", played_at=FIXED_NOW)
    return make_test_app(start=lambda app: app.open_saved(save_id))


async def test_the_test_panel_keeps_the_test_typed_across_a_switch(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    app = opened(make_test_app, companion_home)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("3", "t")  # Doug's test
        await pause_until(pilot, lambda: isinstance(app.screen, panel.TestPanel))
        dialog = app.screen
        dialog.query_one("#test-attribute", Select).value = "dexterity"
        dialog.query_one("#test-difficulty", Input).value = "4"
        dialog.query_one("#test-destiny", Input).value = "-1"
        dialog.query_one("#test-boosts", Input).focus()
        await pilot.press("2")
        await pilot.pause()
        typed = {"#test-difficulty": "4", "#test-boosts": "2", "#test-destiny": "-1"}

        await switched(pilot, "fr", lambda: "Difficulté" in labels(dialog))
        assert app.screen is dialog
        assert "Carte Destiny" in labels(dialog) and "Difficulty" not in labels(dialog)
        assert dialog.query_one("#test-agent", Select).value == "Doug"
        assert dialog.query_one("#test-attribute", Select).value == "dexterity"
        assert {key: dialog.query_one(key, Input).value for key in typed} == typed
        assert app.focused is dialog.query_one("#test-boosts", Input)
        preview = shown(dialog, "#test-preview")
        assert "Avant Destiny : " in preview and "+2 boosts" in preview

        await switched(pilot, "en", lambda: "Difficulty" in labels(dialog))
        assert {key: dialog.query_one(key, Input).value for key in typed} == typed
        assert "Before Destiny: " in shown(dialog, "#test-preview")


async def test_the_order_of_attempts_keeps_what_was_typed_and_begins_the_conflict(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    app = opened(make_test_app, companion_home)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CavendishScreen)
        await pilot.press("G", *"Butler", "enter")  # the group conflict announced
        await pause_until(pilot, lambda: screen.cav.conflict is not None)
        await pilot.press("G")
        await pause_until(pilot, lambda: isinstance(app.screen, OrderDialog))
        dialog = app.screen
        await pilot.press("6")  # the life points, focused first
        dialog.query_one("#order", Input).value = "3 1 2"
        await pilot.pause()

        await switched(pilot, "fr", lambda: "Commencer le conflit" in labels(dialog)[0])
        assert (
            labels(dialog)[0] == "Commencer le conflit de groupe contre Butler : Doug fixe l'ordre"
        )
        assert app.screen is dialog
        assert dialog.query_one("#life-points", Input).value == "6"
        assert dialog.query_one("#order", Input).value == "3 1 2"
        assert app.focused is dialog.query_one("#life-points", Input)
        assert shown(dialog, "#order-preview").startswith("Ordre : Doug, Amy, Anton ; ")

        await pilot.press("enter")  # the dialog still plays the game, in the order typed
        await pause_until(pilot, lambda: app.screen is screen)
        conflict = screen.cav.conflict
        assert conflict is not None and conflict.begun
        assert conflict.order == ("Doug", "Amy", "Anton") and conflict.life_points == 6


async def test_the_end_of_mission_keeps_its_ticks_across_a_switch(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    app = opened(make_test_app, companion_home)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("e")
        await pause_until(pilot, lambda: isinstance(app.screen, EndMissionDialog))
        dialog = app.screen
        dialog.query_one("#anton_dead", Checkbox).value = True
        await pilot.pause()
        before = shown(dialog, "#end-preview")

        await switched(pilot, "fr", lambda: "Fin de mission" in labels(dialog))
        assert app.screen is dialog
        assert dialog.query_one("#anton_dead", Checkbox).value is True
        assert "Anton mort" in str(dialog.query_one("#anton_dead", Checkbox).label)
        assert shown(dialog, "#anton_dead-source") == "  changé ici (noté : non ; non noté)"
        assert shown(dialog, "#elixir_found-source").startswith("  0 notes prises sur 6 : ITEMS 1,")
        score = before.split(":")[1].split("(")[0].strip()
        assert shown(dialog, "#end-preview").startswith(f"Score final : {score} (")

        await switched(pilot, "en", lambda: "End of mission" in labels(dialog))
        assert dialog.query_one("#anton_dead", Checkbox).value is True
        assert shown(dialog, "#end-preview") == before


async def test_another_adversary_and_the_shares_typed_are_kept_across_a_switch(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    """Dialogs built whole by `compose` are composed again too: what was typed goes back."""
    app = opened(make_test_app, companion_home)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CavendishScreen)
        await pilot.press("G", *"Butler", "enter")
        await pause_until(pilot, lambda: screen.cav.conflict is not None)
        await pilot.press("A", *"Cook", "tab", "4")
        await pause_until(pilot, lambda: isinstance(app.screen, AdversaryDialog))
        adversary = app.screen
        await switched(pilot, "fr", lambda: "Rejoindre (ctrl+s)" in buttons(adversary))
        assert adversary.query_one("#adversary-name", Input).value == "Cook"
        assert adversary.query_one("#adversary-life", Input).value == "4"
        assert app.focused is adversary.query_one("#adversary-life", Input)
        await pilot.press("escape", "ctrl+z")  # the conflict taken back: the update phase next
        await pause_until(pilot, lambda: screen.cav.conflict is None)

        await pilot.press("n", "u")
        await pause_until(pilot, lambda: isinstance(app.screen, UpdateDialog))
        update = app.screen
        first = update.query(Input).first()
        proposed, first.value = first.value, "7"
        await pilot.pause()
        await switched(pilot, "en", lambda: "Update (ctrl+s)" in buttons(update))
        assert update.query(Input).first().value == "7" != proposed


async def test_a_count_and_a_name_typed_in_small_dialogs_survive_a_switch(
    make_test_app: Callable[..., Any],
) -> None:
    from companion.phrases import phrase
    from widgets.cavendish.dialogs import AmountDialog, NameDialog

    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(AmountDialog(phrase("Fear"), default=1))
        await pause_until(pilot, lambda: bool(app.screen.query("#amount")))
        amount = app.screen
        amount.query_one("#amount", Input).value = "4"
        await pilot.pause()
        await switched(pilot, "fr", lambda: "Confirmer (entrée)" in buttons(amount))
        assert amount.query_one("#amount", Input).value == "4"

        app.push_screen(NameDialog(phrase("Location"), known=["A", "B"]))
        await pause_until(pilot, lambda: bool(app.screen.query("#name")))
        name = app.screen
        name.query_one("#name", Input).value = "Library"
        await pilot.pause()
        await switched(pilot, "de", lambda: "Bekannte Orte: A, B" in shown(name, ".hint"))
        assert name.query_one("#name", Input).value == "Library"
