"""Hand-worked cases of issue 43's Cavendish rules, each checked against the rulebook line it
cites (/work/shared/rules/cavendish.txt, "line N") and docs/rules-notes.md where the book is
silent: Items and Talismans, the handwritten notes, the epilogue's events and the final score,
several adversaries in one group conflict, and how revision 3 saves replay."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest

from companion.cavendish.actions import (
    AddAdversary,
    AnnounceGroupConflict,
    AntonDies,
    AttemptTest,
    BeginGroupConflict,
    ChooseLocation,
    EndGroupConflict,
    EndMission,
    GiveEmerald,
    GiveItems,
    LeaveLocation,
    PassCaptain,
    RescueDamien,
    StowItem,
    TakeItem,
    TakeNote,
)
from companion.cavendish.game import CAVENDISH, apply
from companion.cavendish.model import Adjustments, CavendishState
from companion.cavendish.words import narrate
from companion.core import RuleError
from companion.session import Session
from tests.cavendish.conftest import setup_for


def mission(rules: int = 4, players: int = 2) -> CavendishState:
    """A mission in its first Discovery phase at location A, under a rules revision."""
    state = CAVENDISH.at_revision(CAVENDISH.start(setup_for(players)), rules)
    return apply(state, ChooseLocation("A"))


def play(state: CavendishState, actions: Sequence[Any]) -> CavendishState:
    for action in actions:
        state = apply(state, action)
    return state


def held(state: CavendishState, receptacle: str) -> list[str]:
    return [item.name for item in state.agents[state.index(receptacle)].items]


def pool(state: CavendishState, receptacle: str) -> int:
    return state.agents[state.index(receptacle)].pool


# --- Talismans: never swapped nor given, in any phase --------------------------------------------

TALISMAN = "Talisman cards cannot be swapped"
"""line 346: "Talisman cards cannot be swapped." (line 523: "Cannot be given to other agents.")"""

PHASES: dict[str, list[Any]] = {
    "time captain phase (no gift at all)": [LeaveLocation(), PassCaptain()],
    "discovery, in stand by (1 Azrak a gift otherwise, line 344)": [],
    "between locations, free swaps (line 342)": [LeaveLocation()],
    "group conflict announced, free swaps (line 278)": [AnnounceGroupConflict("the Butler")],
    "group conflict begun, no swaps (line 278)": [
        AnnounceGroupConflict("the Butler"),
        BeginGroupConflict(order=("Anton", "Amy"), life_points=4),
    ],
}


@pytest.mark.parametrize("phase", PHASES)
@pytest.mark.parametrize(
    "taken",
    [
        TakeItem("Amy", "Locket", kind="talisman"),
        TakeItem("Amy", "Talisman: Locket"),  # revision 4: a name "Talisman ..." with no colour
    ],
    ids=["kind talisman", "named Talisman"],
)
def test_a_talisman_is_refused_in_every_phase_naming_the_rule(phase: str, taken: TakeItem) -> None:
    state = play(mission(), [taken, *PHASES[phase]])
    with pytest.raises(RuleError, match=TALISMAN) as refused:
        apply(state, GiveItems("Amy", "Anton", (taken.name,)))
    assert "cannot be given to other agents" in str(refused.value)  # line 523


def test_a_talisman_in_a_gift_with_a_green_item_refuses_the_whole_gift() -> None:
    # line 346: the Talisman cannot be swapped; the gift is one action, so nothing moves
    state = play(mission(), [TakeItem("Amy", "Locket", kind="talisman"), TakeItem("Amy", "Rope")])
    with pytest.raises(RuleError, match=TALISMAN):
        apply(state, GiveItems("Amy", "Anton", ("Rope", "Locket")))


def test_a_green_item_in_the_time_captain_phase_is_refused_naming_the_phases() -> None:
    state = play(mission(), [TakeItem("Amy", "Rope"), LeaveLocation(), PassCaptain()])
    with pytest.raises(RuleError, match="Items are given in the Discovery phase"):
        apply(state, GiveItems("Amy", "Anton", ("Rope",)))


def test_a_revision_3_talisman_named_item_still_changes_hands_as_it_did() -> None:
    # docs/rules-notes.md, revision 4: revision 3 took "Talisman ..." without a colour for green
    state = play(mission(rules=3), [TakeItem("Amy", "Talisman: Locket"), LeaveLocation()])
    after = apply(state, GiveItems("Amy", "Anton", ("Talisman: Locket",)))
    assert held(after, "Anton") == ["Talisman: Locket"]


# --- Colours: yellow and red stowed once resolved, unless kept; green swapped --------------------


@pytest.mark.parametrize(
    ("taken", "in_front"),
    [
        # line 324: "A green Item ... is placed faceup in front of the player who has it"
        (TakeItem("Amy", "ITEM 4", kind="green"), True),
        # line 325: "A yellow Item ... Once read and resolved, it is immediately stowed"
        (TakeItem("Amy", "ITEM 5", kind="yellow"), False),
        # line 326: "A red Item ... Once read, it is stowed unless the card text indicates
        # otherwise."
        (TakeItem("Amy", "ITEM 6", kind="red"), False),
        # lines 325-326: "unless the card text indicates otherwise"
        (TakeItem("Amy", "ITEM 7", kind="yellow", kept=True), True),
        (TakeItem("Amy", "ITEM 8", kind="red", kept=True), True),
        # line 523: "Talisman: is kept faceup in front of the agent"
        (TakeItem("Amy", "Locket", kind="talisman"), True),
        # the colour left blank: a green Item, as before revision 4
        (TakeItem("Amy", "Lantern"), True),
    ],
    ids=["green", "yellow", "red", "yellow kept", "red kept", "talisman", "blank"],
)
def test_an_item_is_in_front_of_the_agent_or_stowed_by_its_colour(
    taken: TakeItem, in_front: bool
) -> None:
    after = apply(mission(), taken)
    assert (taken.name in held(after, "Amy")) is in_front


def test_a_stowed_yellow_item_can_be_taken_again() -> None:
    # line 486: "Stow: Place the corresponding card or token back to where it was placed"
    state = apply(mission(), TakeItem("Amy", "ITEM 5", kind="yellow"))
    assert held(apply(state, TakeItem("Anton", "ITEM 5", kind="yellow", kept=True)), "Anton") == [
        "ITEM 5"
    ]


def test_a_stowed_item_says_its_bonus_goes_with_it() -> None:
    # line 328: "Some Items add an attribute bonus to their owner": a stowed card has no owner
    before = mission()
    taken = TakeItem("Amy", "ITEM 9", strength=1, kind="yellow")
    after = apply(before, taken)
    assert held(after, "Amy") == []
    assert narrate(before, taken, after).endswith(
        "read and resolved, then stowed (its Strength +1 goes with it: only a kept Item gives "
        "a bonus)"
    )


@pytest.mark.parametrize("kind", ["green", "talisman"])
def test_kept_is_refused_for_an_item_that_stays_anyway(kind: str) -> None:
    with pytest.raises(RuleError, match="only a yellow or red Item is stowed once resolved"):
        apply(mission(), TakeItem("Amy", "ITEM 9", kind=kind, kept=True))


@pytest.mark.parametrize(
    ("before", "cost", "refused"),
    [
        ([], 1, ""),  # line 344: "may spend 1 Azrak to give one or more of their Items"
        ([LeaveLocation()], 0, ""),  # line 342: "players may freely swap Items they own"
        ([AnnounceGroupConflict("the Butler")], 0, ""),  # line 278: "may freely swap Items"
        (
            [
                AnnounceGroupConflict("the Butler"),
                BeginGroupConflict(order=("Anton", "Amy"), life_points=4),
            ],
            0,
            "no further swapping is allowed",  # line 278
        ),
    ],
    ids=["discovery", "between", "announced", "begun"],
)
def test_green_items_swap_as_the_book_says(before: list[Any], cost: int, refused: str) -> None:
    state = play(mission(), [TakeItem("Amy", "Rope", kind="green"), *before])
    if refused:
        with pytest.raises(RuleError, match=refused):
            apply(state, GiveItems("Amy", "Anton", ("Rope",)))
        return
    after = apply(state, GiveItems("Amy", "Anton", ("Rope",)))
    assert held(after, "Anton") == ["Rope"] and held(after, "Amy") == []
    assert pool(state, "Amy") - pool(after, "Amy") == cost


def test_a_kept_red_item_swaps_like_a_green_one() -> None:
    # line 346: only Talismans are named as never swapped
    state = play(mission(), [TakeItem("Amy", "ITEM 8", kind="red", kept=True), LeaveLocation()])
    assert held(apply(state, GiveItems("Amy", "Anton", ("ITEM 8",))), "Anton") == ["ITEM 8"]


# --- The handwritten notes: Items by number, in every spelling -----------------------------------

SPELLINGS = ["ITEM 17", "Item 17", "item 17", "item17", "17", "#17", "ITEMS 17", "Item no. 17"]
"""line 398: "assembling the handwritten notes - ITEMS 1, 17, 26, 37, 43, and 48"."""


@pytest.mark.parametrize("spelling", SPELLINGS)
def test_a_note_taken_as_an_item_counts_in_every_spelling(spelling: str) -> None:
    after = apply(mission(), TakeItem("Amy", spelling))
    assert after.epilogue.notes == (17,)
    with pytest.raises(RuleError, match="already holds"):  # line 322: "already claimed, ignore"
        apply(after, TakeNote("Anton", 17))


@pytest.mark.parametrize("spelling", SPELLINGS)
def test_a_note_is_given_and_stowed_by_any_spelling_of_its_number(spelling: str) -> None:
    # docs/rules-notes.md: from revision 4 "17", "Item 17" and "ITEM 17" are one card
    state = play(mission(), [TakeNote("Amy", 17), LeaveLocation()])
    given = apply(state, GiveItems("Amy", "Anton", (spelling,)))
    assert held(given, "Anton") == ["ITEM 17"] and held(given, "Amy") == []
    assert "gave ITEM 17 to Anton" in narrate(state, GiveItems("Amy", "Anton", (spelling,)), given)
    stowed = apply(given, StowItem("Anton", spelling))
    assert held(stowed, "Anton") == [] and stowed.epilogue.notes == (17,)  # stowed, still found


def test_one_card_named_twice_in_a_gift_is_refused() -> None:
    state = play(mission(), [TakeNote("Amy", 17), LeaveLocation()])
    with pytest.raises(RuleError, match="named once"):
        apply(state, GiveItems("Amy", "Anton", ("ITEM 17", "17")))


@pytest.mark.parametrize(("kind", "kept"), [("yellow", False), ("red", False), ("yellow", True)])
def test_a_note_of_any_colour_counts_and_follows_its_colour(kind: str, kept: bool) -> None:
    # line 398: the notes found; lines 325-326: a yellow or red Item is stowed once resolved
    # "unless the card text indicates otherwise"; the note stays found (docs/rules-notes.md)
    after = apply(mission(), TakeItem("Amy", "ITEM 26", kind=kind, kept=kept))
    assert after.epilogue.notes == (26,)
    assert held(after, "Amy") == (["ITEM 26"] if kept else [])


@pytest.mark.parametrize("number", [2, 16, 18, 44, 0, 100])
def test_only_the_six_numbers_are_notes(number: int) -> None:
    with pytest.raises(RuleError, match=r"the notes are ITEMS 1, 17, 26, 37, 43 and 48"):
        apply(mission(), TakeNote("Amy", number))
    assert apply(mission(), TakeItem("Amy", f"ITEM {number}")).epilogue.notes == ()


def test_six_notes_find_the_elixir_and_five_do_not() -> None:
    five = play(mission(), [TakeNote("Amy", note) for note in (1, 17, 26, 37, 43)])
    assert not five.epilogue.elixir_found and five.epilogue.notes_missing == (48,)
    assert apply(five, TakeItem("Anton", "48")).epilogue.elixir_found


# --- The epilogue's events and the final score ---------------------------------------------------

NOTES = [TakeNote("Amy", note) for note in (1, 17, 26, 37, 43, 48)]


@pytest.mark.parametrize(
    ("on_card", "events", "final"),
    [
        # lines 397-400, in printed order; a removal takes a crystal only if one is there
        # (docs/rules-notes.md, Cavendish revision 2)
        (3, [], 3),
        (3, [RescueDamien()], 2),  # line 397: "remove 1 Azrak"
        (3, NOTES, 2),  # line 398: "remove 1 Azrak"
        (3, [GiveEmerald("Amy")], 5),  # line 399: "add 2 Azrak"
        (3, [AntonDies()], 4),  # line 400: "add 1 Azrak"
        (3, [RescueDamien(), *NOTES, GiveEmerald("Anton"), AntonDies()], 4),
        (1, [RescueDamien(), *NOTES, GiveEmerald("Anton")], 2),  # 1 -> 0 -> 0 -> 2
        (0, [RescueDamien(), *NOTES], 0),  # nothing to remove
        (0, [RescueDamien(), AntonDies()], 1),  # 0 -> 0 -> 1
        (1, [*NOTES[:5], RescueDamien()], 0),  # five notes: no elixir
    ],
)
def test_the_final_score_from_the_recorded_events(
    on_card: int, events: list[Any], final: int
) -> None:
    state = replace(mission(), mission_return=on_card, vortex=mission().vortex - on_card)
    ended = apply(play(state, events), EndMission())
    assert ended.final_score == final


def test_answers_changed_at_the_end_overrule_the_recorded_events() -> None:
    # line 395: the group adjusts the card "Before reading the Cavendish epilogue"
    state = replace(mission(), mission_return=2, vortex=mission().vortex - 2)
    state = play(state, [RescueDamien(), AntonDies()])
    answers = Adjustments(damien_rescued=False, elixir_found=True, anigimas_freed=True)
    assert apply(state, EndMission(answers)).final_score == 3  # 2 -> 1 (elixir) -> 3 (Anigimas)


@pytest.mark.parametrize(
    "event",
    [RescueDamien(), TakeNote("Amy", 17), GiveEmerald("Anton"), AntonDies()],
    ids=["Damien", "note", "emerald", "Anton"],
)
def test_each_event_is_recorded_undone_and_redone(event: Any) -> None:
    session = Session(CAVENDISH, setup_for(2), [ChooseLocation("A")])
    before = session.state.epilogue
    session.do(event)
    recorded = session.state.epilogue
    assert recorded != before
    with pytest.raises(RuleError):  # each is recorded once
        session.do(event)
    session.undo()
    assert session.state.epilogue == before
    session.redo()
    assert session.state.epilogue == recorded
    assert session.history[-1]


@pytest.mark.parametrize(
    "before",
    [
        [],
        [LeaveLocation()],
        [AnnounceGroupConflict("the Butler")],
        [AnnounceGroupConflict("the Butler"), BeginGroupConflict(("Anton", "Amy"), 4)],
    ],
    ids=["discovery", "between", "announced", "begun"],
)
def test_the_events_are_recorded_in_every_phase(before: list[Any]) -> None:
    state = play(mission(), [*before, RescueDamien(), GiveEmerald("Amy"), AntonDies()])
    assert state.epilogue.adjustments() == Adjustments(True, False, True, True)


# --- Several adversaries -------------------------------------------------------------------------


def two_adversaries(rules: int = 4) -> CavendishState:
    """The Butler (4 life points) and the Ghoul (3), Anton then Amy attempting."""
    return play(
        mission(rules),
        [
            AnnounceGroupConflict("the Butler"),
            AddAdversary("the Ghoul", 3),
            BeginGroupConflict(order=("Anton", "Amy"), life_points=4),
        ],
    )


def test_each_adversary_has_its_own_life_points_and_damage() -> None:
    # line 452: "each adversary will have a certain amount of life points"; line 529: damage
    # "placed on the opponent's card"
    state = play(
        two_adversaries(),
        [
            AttemptTest("Anton", "strength", 2, 0, damage=2, adversary="the Ghoul"),
            AttemptTest("Amy", "strength", 2, 0, damage=1),  # unnamed: the first standing
        ],
    )
    assert state.conflict is not None
    assert [(a.called, a.damage, a.life_points) for a in state.conflict.adversaries] == [
        ("the Butler", 1, 4),
        ("the Ghoul", 2, 3),
    ]


def test_the_conflict_ends_only_when_every_adversary_is_defeated() -> None:
    # line 452: "when an adversary has accumulated damage equal to or greater than their life
    # points"; line 282: "A group conflict ends when the adversary is defeated."
    state = apply(two_adversaries(), AttemptTest("Anton", "strength", 2, 0, damage=6))
    assert state.conflict is not None  # the Butler fell (6 of 4); the Ghoul stands
    assert state.conflict.standing[0].called == "the Ghoul"
    state = apply(state, AttemptTest("Amy", "strength", 2, 0, damage=3))
    assert state.conflict is None
    with pytest.raises(RuleError, match=r"the Butler defeated .6 damage of 4 life points."):
        apply(state, AttemptTest("Amy", "strength", 2, 0, damage=1))


def test_an_adversary_joining_after_the_conflict_ended_says_it_is_over() -> None:
    state = play(
        two_adversaries(),
        [
            AttemptTest("Anton", "strength", 2, 0, damage=4),
            AttemptTest("Amy", "strength", 2, 0, damage=3),
        ],
    )
    with pytest.raises(
        RuleError, match="the group conflict against the Butler and the Ghoul is over"
    ):
        apply(state, AddAdversary("the Ghast", 2))


def test_damage_named_for_a_fallen_adversary_is_refused_naming_who_stands() -> None:
    state = apply(two_adversaries(), AttemptTest("Anton", "strength", 2, 0, damage=4))
    with pytest.raises(RuleError, match=r"defeated already .* .standing: the Ghoul"):
        apply(state, AttemptTest("Amy", "strength", 2, 0, damage=1, adversary="the butler"))


def test_the_players_word_for_one_adversary_then_the_last() -> None:
    state = apply(two_adversaries(), EndGroupConflict("the Ghoul"))
    assert state.conflict is not None and state.conflict.standing[0].called == "the Butler"
    done = apply(state, EndGroupConflict())
    assert done.conflict is None and done.ended_conflict is not None
    assert all(adversary.defeated for adversary in done.ended_conflict.adversaries)


@pytest.mark.parametrize("rules", [1, 2, 3])
def test_an_older_one_adversary_conflict_replays_as_it_did(rules: int) -> None:
    # docs/rules-notes.md: "A conflict with one adversary plays exactly as before"
    state = play(
        mission(rules),
        [
            AnnounceGroupConflict("the Butler"),
            BeginGroupConflict(order=("Anton", "Amy"), life_points=3),
            AttemptTest("Anton", "strength", 2, 0, damage=2),
        ],
    )
    assert state.conflict is not None and state.conflict.damage == 2
    ended = apply(state, AttemptTest("Amy", "strength", 2, 0, damage=1))
    assert ended.conflict is None  # 3 of 3: over mid-game, at once
