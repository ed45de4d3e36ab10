"""What the table view shows for a state, game by game, read as data (no terminal)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from table_view_helpers import CARDS, FOUR_AGENTS, SOJOURN_MOVES, B, T, card

from companion.cavendish.actions import ChooseLocation, Eject, LoseAzrak
from companion.cavendish.game import CAVENDISH
from companion.session import Session
from companion.six_sojourns.actions import CloseSojourn, EnterCount
from companion.six_sojourns.game import SIX_SOJOURNS
from companion.six_sojourns.setup import SojournsSetup
from companion.sojourn.actions import DrawDestination, DrawTimestream, Travel
from companion.sojourn.game import SOJOURN
from companion.sojourn.model import SojournSetup, SojournState
from companion.time_bastards.model import RollD6, TimeBastardsSetup, Traveller
from companion.time_bastards.rules import apply as tb_apply
from companion.time_bastards.rules import start as tb_start
from widgets.cavendish import table_view as cavendish
from widgets.six_sojourns import table_view as six_sojourns
from widgets.sojourn import table_view as sojourn
from widgets.table_view.figures import Figure, Group, columns_for
from widgets.time_bastards import table_view as time_bastards


def numbers(group: Group) -> dict[str, int]:
    return {figure.label: figure.value for figure in group.figures}


def test_columns_fill_rows_evenly() -> None:
    box = Group("Ana", (Figure("Achievements", 1), Figure("On board", 2)))  # 26 columns
    assert box.width == 26
    assert columns_for((box,) * 3, 80) == (26, 26, 26)
    assert columns_for((box,) * 4, 80) == (26, 26)  # two rows of two, not three and one
    assert columns_for((box,) * 5, 80) == (26, 26, 26)
    assert columns_for((box,) * 2, 20) == (26,)


def test_columns_are_as_wide_as_their_widest_box() -> None:
    clock = Group("Clock", (Figure("Hour of 12", 3),))
    name = Group("● Bartholomew-Jones Jr", (Figure("On board", 1),))
    assert (clock.width, name.width) == (14, 21)  # a title wraps between words, never inside
    assert columns_for((clock, name, name, clock), 80) == (14, 21, 21, 14)
    assert columns_for((clock, name, name, clock), 60) == (21, 21)


def test_a_number_wider_than_its_label_keeps_a_column_either_side() -> None:
    assert Figure("COST", 3).width == 5
    assert Figure("RISK %", 75).width == 8
    assert Figure("Mission Return", 4).width == 14


def test_cavendish_says_the_captain_an_ejection_and_a_broken_link_in_words() -> None:
    state = CAVENDISH.start(FOUR_AGENTS)
    state = CAVENDISH.apply(state, ChooseLocation("A"))
    state = CAVENDISH.apply(state, Eject("Doug"))
    state = CAVENDISH.apply(state, LoseAzrak("Jennifer", CARDS.jennifer.starting))
    shown = cavendish.table(state)
    assert shown.headline == "Round 1 · Discovery phase at A"
    notes = {group.title: group.note for group in shown.groups}
    assert notes["Anton · Ben"] == "★ Time Captain"  # Anton's player starts as captain
    assert notes["Doug · Di"] == "✖ ejected"
    assert notes["Jennifer · Cy"] == "! link broken"
    assert numbers(shown.groups[3]) == {"Azrak of 6": 0, "Fear": 0}
    assert numbers(shown.groups[0])["Vortex"] == state.vortex


def test_time_bastards_says_the_roll_and_a_co_op_clock_of_twelve() -> None:
    players = (Traveller("Ana", "red", 1), Traveller("Ben", "blue", 2))
    state = tb_start(TimeBastardsSetup(players, "coop", 6))
    state = tb_apply(state, RollD6(0, 6))
    shown = time_bastards.table(state)
    assert shown.headline == "Ana's turn · rolled 6"
    clock, team, ana, ben = shown.groups
    assert (numbers(clock), clock.note) == ({"Hour of 12": 1}, "lap 1 of 1")
    assert (numbers(team), team.note) == ({"Achievements": 0}, "none held")
    assert [numbers(ana), numbers(ben)] == [{"On board": 1}, {"On board": 1}]
    assert (ana.note, ben.note) == ("▶ turn", "")
    assert len(columns_for(shown.groups, 80)) == 4  # one row: the timelines fit at 80x24
    assert shown.boards
    rows = shown.boards[0].plain.split("\n")
    assert rows[2].split() == ["I", "●1", "·", "·", "·", "·", "·"]
    assert rows[4].split() == ["II", "◆1", "·", "·", "·", "·", "·"]


def test_six_sojourns_campaign_adds_the_closed_sojourns_to_the_one_in_play() -> None:
    setup = SojournsSetup(("Ana", "Ben"), "A", ("places",), sojourn=1, campaign=True)
    session = Session(SIX_SOJOURNS, setup)
    for action in (
        EnterCount("Ana", "spaces", 5),
        CloseSojourn(),
        EnterCount("Ben", "spaces", 7),
    ):
        session.do(action)
    shown = six_sojourns.table(session.state)
    assert [group.title for group in shown.groups] == ["1. Ben", "2. Ana"]
    assert numbers(shown.groups[0]) == {"Sojourn VP": 7, "Campaign VP": 7, "Coins": 12}
    assert numbers(shown.groups[1]) == {"Sojourn VP": 0, "Campaign VP": 5, "Coins": 12}
    assert shown.headline.endswith("· leading: Ben")


def test_six_sojourns_shares_a_place_when_vp_and_coins_tie() -> None:
    session = Session(SIX_SOJOURNS, SojournsSetup(("Ana", "Ben", "Cy")))
    session.do(EnterCount("Cy", "spaces", 3))
    session.do(EnterCount("Ben", "spaces", 3))
    shown = six_sojourns.table(session.state)
    assert [group.title for group in shown.groups] == ["1. Ben", "1. Cy", "3. Ana"]
    assert shown.headline == "Map A · level: Ben and Cy"


def sojourn_after(moves: list[Any], setup: SojournSetup | None = None) -> SojournState:
    state = SOJOURN.start(setup or SojournSetup())
    for move in moves:
        state = SOJOURN.apply(state, move)
    return state


def test_sojourn_shows_the_trip_under_way_until_its_risk_roll() -> None:
    state = sojourn_after(SOJOURN_MOVES[:8])  # at Pearl Harbor, Rome opened, the roll to come
    trip = sojourn.trip_group(state)
    assert trip.title == "This trip"
    assert numbers(trip) == {"RISK %": 90, "DMG": 4}
    assert trip.note == "to Pearl Harbor (1941)"
    after = sojourn.trip_group(sojourn_after(SOJOURN_MOVES[:9]))
    assert after.title == "Next trip"
    assert numbers(after) == {"RISK %": 25, "COST": 1, "DMG": 1}
    assert after.note == "to Rome (44 BC)"


def test_sojourn_with_no_other_destination_open_says_so() -> None:
    state = sojourn_after([DrawTimestream((B, T, B, T, B))])
    trip = sojourn.trip_group(state)
    assert trip.figures == () and trip.note == "No destination open yet besides this one."


def test_sojourn_read_one_to_hundred_adds_the_exact_chance_of_damage() -> None:
    setup = replace(SojournSetup(), read_one_to_hundred=True)
    moves = [DrawTimestream((B, T, B, T, B)), DrawDestination(card("Troy", -1200, 0, 1, 25, 2))]
    trip = sojourn.trip_group(sojourn_after(moves, setup))
    assert trip.note == "to Troy (1200 BC) · damage on 24 in 100 rolls"
    travelled = sojourn_after([*moves, Travel(1)], setup)
    assert sojourn.headline(travelled).startswith("At Troy (1200 BC) · ")


def test_a_box_of_words_only_is_wide_enough_to_read() -> None:
    """A fresh Sojourn's trip box has no figures, only its note: it wraps at 24 columns, not at
    its title's width (which broke `destination` in two)."""
    trip = sojourn.trip_group(SOJOURN.start(SojournSetup()))
    assert (trip.figures, trip.note) == ((), "No destination open yet besides this one.")
    assert trip.width == 24 + 4
    assert Group("Clock", (), "lap 1 of 2").width == len("lap 1 of 2") + 4
    assert Group("Ana", (), "Supercalifragilisticexpialidocious!").width == 35 + 4
