"""The epilogue kept when it happens: Damien rescued, the six handwritten notes (ITEMS 1, 17, 26,
37, 43 and 48), the emerald given to Anigimas, Anton dead; each recorded once, in any phase,
undone like any action, told in the log and in `companion show --json`."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from companion.cavendish.actions import (
    AntonDies,
    ChooseLocation,
    EndMission,
    GiveEmerald,
    LeaveLocation,
    RescueDamien,
    StowItem,
    TakeItem,
    TakeNote,
)
from companion.cavendish.game import CAVENDISH, apply
from companion.cavendish.model import HANDWRITTEN_NOTES, Adjustments, CavendishState
from companion.core import RuleError
from companion.session import Session
from tests.cavendish.conftest import setup_for

State = Callable[..., CavendishState]


def test_the_rulebook_names_six_notes() -> None:
    """ "assembling the handwritten notes - ITEMS 1, 17, 26, 37, 43, and 48 -"."""
    assert HANDWRITTEN_NOTES == (1, 17, 26, 37, 43, 48)


def test_nothing_is_recorded_at_the_start(new_state: State) -> None:
    assert new_state(2).epilogue.adjustments() == Adjustments()


@pytest.mark.parametrize(
    ("action", "answer"),
    [
        (RescueDamien(), "damien_rescued"),
        (GiveEmerald("Amy"), "anigimas_freed"),
        (AntonDies(), "anton_dead"),
    ],
)
def test_each_event_answers_its_question(at_location: State, action: object, answer: str) -> None:
    state = apply(at_location(2), action)
    assert getattr(state.epilogue.adjustments(), answer) is True
    others = {name for name in ("damien_rescued", "elixir_found", "anigimas_freed", "anton_dead")}
    for other in others - {answer}:
        assert getattr(state.epilogue.adjustments(), other) is False


@pytest.mark.parametrize(
    ("action", "refusal"),
    [
        (RescueDamien(), "Damien's rescue is recorded already"),
        (GiveEmerald("Anton"), "The emerald was given to Anigimas already"),
        (AntonDies(), "Anton's death is recorded already"),
    ],
)
def test_each_event_is_recorded_once(at_location: State, action: object, refusal: str) -> None:
    state = apply(at_location(2), action)
    with pytest.raises(RuleError, match=refusal):
        apply(state, action)


def test_events_cost_nothing_and_happen_in_any_phase(at_location: State) -> None:
    state = apply(at_location(2), LeaveLocation())
    after = apply(apply(state, RescueDamien()), AntonDies())
    assert after.agents == state.agents and after.vortex == state.vortex
    assert after.phase == "between"
    before_location = apply(CAVENDISH.start(setup_for(2)), RescueDamien())
    assert before_location.epilogue.damien_rescued


def test_the_emerald_is_given_by_an_agent_in_play(at_location: State) -> None:
    with pytest.raises(RuleError, match="Doug is not in this mission"):
        apply(at_location(2), GiveEmerald("Doug"))


def test_a_note_is_an_item_in_front_of_the_agent(at_location: State) -> None:
    state = apply(at_location(2), TakeNote("Amy", 17))
    assert [item.name for item in state.agents[1].items] == ["ITEM 17"]
    assert state.epilogue.notes == (17,)
    assert state.epilogue.notes_missing == (1, 26, 37, 43, 48)
    assert not state.epilogue.elixir_found


def test_only_the_six_numbers_are_notes(at_location: State) -> None:
    with pytest.raises(RuleError, match="ITEM 5 is not a handwritten note: the notes are ITEMS 1"):
        apply(at_location(2), TakeNote("Amy", 5))


def test_a_note_held_by_another_agent_is_not_taken_again(at_location: State) -> None:
    state = apply(at_location(2), TakeNote("Amy", 17))
    with pytest.raises(RuleError, match="Amy already holds ITEM 17"):
        apply(state, TakeNote("Anton", 17))


def test_all_six_notes_find_the_elixir(at_location: State) -> None:
    state = at_location(2)
    for number, note in enumerate(HANDWRITTEN_NOTES):
        state = apply(state, TakeNote("Anton" if number % 2 else "Amy", note))
    assert state.epilogue.elixir_found
    assert state.epilogue.adjustments() == Adjustments(elixir_found=True)


@pytest.mark.parametrize("name", ["ITEM 43", "Item 43", "item43", "43"])
def test_an_item_taken_by_a_note_number_counts_as_the_note(at_location: State, name: str) -> None:
    state = apply(at_location(2), TakeItem("Anton", name))
    assert state.epilogue.notes == (43,)


@pytest.mark.parametrize("name", ["ITEM 4", "ITEM 170", "Lantern", "ITEM 17b"])
def test_other_items_are_not_notes(at_location: State, name: str) -> None:
    assert apply(at_location(2), TakeItem("Anton", name)).epilogue.notes == ()


def test_a_note_put_away_was_still_taken(at_location: State) -> None:
    """The notes are assembled once found: stowing the card does not unfind it, and taking it
    again counts it once."""
    state = apply(at_location(2), TakeNote("Amy", 1))
    state = apply(state, StowItem("Amy", "ITEM 1"))
    assert state.epilogue.notes == (1,)
    state = apply(state, TakeNote("Anton", 1))
    assert state.epilogue.notes == (1,)


def test_undo_takes_back_each_event() -> None:
    session = Session(CAVENDISH, setup_for(2))
    session.do(ChooseLocation("A"))
    for action in (RescueDamien(), TakeNote("Amy", 26), GiveEmerald("Amy"), AntonDies()):
        before = session.state.epilogue
        session.do(action)
        assert session.state.epilogue != before
        session.undo()
        assert session.state.epilogue == before
        session.redo()
    assert session.state.epilogue.adjustments() == Adjustments(True, False, True, True)


def test_the_log_tells_each_event(at_location: State) -> None:
    state = at_location(2)
    lines = []
    for action in (
        RescueDamien(),
        TakeNote("Amy", 17),
        TakeItem("Anton", "ITEM 1"),
        GiveEmerald("Amy"),
        AntonDies(),
    ):
        after = apply(state, action)
        lines.append(CAVENDISH.narrate(state, action, after))
        state = after
    assert lines == [
        "Damien is rescued (the end of mission removes 1 Azrak from the Mission Return card)",
        "Amy took ITEM 17, a handwritten note: 1 of 6 (ITEM 17)",
        "Anton took ITEM 1, a handwritten note: 2 of 6 (ITEMS 1 and 17)",
        "Amy gave the emerald to Anigimas: he is free (the end of mission adds 2 Azrak to the "
        "Mission Return card)",
        "Anton is dead (the end of mission adds 1 Azrak to the Mission Return card)",
    ]


def test_the_sixth_note_says_the_elixir_is_found(at_location: State) -> None:
    state = at_location(2)
    for note in HANDWRITTEN_NOTES[:-1]:
        state = apply(state, TakeNote("Amy", note))
    after = apply(state, TakeNote("Anton", 48))
    line = CAVENDISH.narrate(state, TakeNote("Anton", 48), after)
    assert line.startswith("Anton took ITEM 48, the sixth handwritten note: all six assembled")
    assert "the elixir of eternal life is found" in line


def test_show_json_carries_the_epilogue(at_location: State) -> None:
    state = apply(apply(at_location(2), TakeNote("Amy", 37)), AntonDies())
    assert CAVENDISH.describe(state)["epilogue"] == {
        "damien_rescued": False,
        "notes": [37],
        "notes_missing": [1, 17, 26, 43, 48],
        "elixir_found": False,
        "anigimas_freed": False,
        "anton_dead": True,
    }


def test_nothing_is_recorded_after_the_end(at_location: State) -> None:
    state = apply(at_location(2), EndMission(Adjustments()))
    with pytest.raises(RuleError, match="The mission is over"):
        apply(state, RescueDamien())


def test_an_end_without_answers_takes_the_recorded_ones(at_location: State) -> None:
    """`companion act ID EndMission` with no adjustments: the events recorded answer them."""
    state = at_location(2)
    for note in HANDWRITTEN_NOTES:
        state = apply(state, TakeNote("Amy", note))
    state = apply(apply(state, AntonDies()), EndMission())
    assert state.adjustments == Adjustments(elixir_found=True, anton_dead=True)


def test_the_groups_answers_win_over_the_recorded_ones(at_location: State) -> None:
    state = apply(apply(at_location(2), RescueDamien()), EndMission(Adjustments(anton_dead=True)))
    assert state.adjustments == Adjustments(anton_dead=True)
