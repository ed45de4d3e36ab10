"""The log tells what happened (issue 43): every step of a trip keeps its own line, the trip's
summary is added to its last step's line, and every change a step makes is named in it."""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sojourn_helpers import B, F, L, P, T, card, waiting_for_the_risk_roll

from companion.core import RuleError
from companion.session import Session
from companion.sojourn.actions import (
    DestinationDeckEmpty,
    DrawDestination,
    DrawTimeFragment,
    DrawTimestream,
    EditDestination,
    LoopTo,
    OpenWithCharge,
    PlaceSide,
    PlayBandage,
    PlayBattery,
    PlayFracture,
    RollRisk,
    Travel,
    TravelHome,
)
from companion.sojourn.game import SOJOURN
from companion.sojourn.model import (
    FRAGMENTS_NEEDED,
    KINDS,
    RISKS,
    Cards,
    DestinationCard,
    DrawCards,
    HistoricalDate,
    Kind,
    OpenNext,
    PlaceCard,
    RiskRoll,
    SojournSetup,
    SojournState,
)
from companion.sojourn.timeline import column_words
from companion.sojourn.words import narrate, step_line
from saves.codec import from_plain, to_plain
from saves.games.records import decode_action
from widgets.play.action_log import ActionLog
from widgets.sojourn.dialogs import RiskDialog
from widgets.sojourn.play import SojournScreen

ROOT = Path(__file__).resolve().parents[2]
HAND = DrawTimestream((B, F, L, P, T))


def log_of(actions: list[Any], rules: int | None = None, **setup: Any) -> list[str]:
    revision = {} if rules is None else {"rules": rules}
    return Session(SOJOURN, SojournSetup(**setup), actions, **revision).history


class TestTheIssuesCases:
    """Each case of issue 43: the state was right, the log left a step out."""

    def test_a_failed_roll_at_a_gain_0_destination_is_logged_with_its_damage(self) -> None:
        rome = card("Rome", -44, drop=1, cost=1, risk=75, dmg=2, gain=0)
        actions = [HAND, DrawDestination(rome), Travel(1, (B,)), DrawDestination(card("Ur"))]
        session = Session(SOJOURN, SojournSetup(traveller="Ana"), actions)
        session.do(RollRisk(10, 0, "physical"))
        assert session.state.health == 5
        assert session.history[-1] == (
            "Ana rolled 10 on real dice (10+0) vs RISK 75 at Rome: failed, DMG 2: "
            "Health 7 -> 5. Trip done: travelled to Rome, dropped 1, paid 1 charge, "
            "rolled 10 vs RISK 75: 2 damage, GAIN 0"
        )

    def test_the_roller_is_named_as_typed(self) -> None:
        rome = card("Rome", -44, drop=0, risk=25, gain=0)
        actions = [HAND, DrawDestination(rome), Travel(1), DrawDestination(card("Ur"))]
        log = log_of([*actions, RollRisk(50, 0, "physical")], traveller="de Vries")
        assert log[-1].startswith("de Vries rolled 50 on real dice (50+0) vs RISK 25 at Rome")
        log = log_of([*actions, RollRisk(50, 0, "physical")])
        assert log[-1].startswith("The traveller rolled 50 on real dice (50+0)")

    def test_the_roll_of_a_gain_0_trip_is_logged(self) -> None:
        rome = card("Rome", -44, drop=0, risk=25, gain=0)
        log = log_of([HAND, DrawDestination(rome), Travel(1), DrawDestination(card("Ur")), R50])
        assert log[-1].startswith("The app rolled 50 for the traveller (50+0) vs RISK 25 at Rome")
        assert "rolled 50 vs RISK 25: safe, GAIN 0" in log[-1]

    def test_a_risk_0_roll_typed_under_revision_2_is_logged_as_rolled(self) -> None:
        calm = card("Calm Sea", 1900, drop=0, risk=0, gain=0)
        log = log_of([HAND, DrawDestination(calm), Travel(1), DrawDestination(UR), R0], 2)
        assert log[-1].startswith("The app rolled 00 for the traveller (00+0) vs RISK 0")
        assert "rolled 00 vs RISK 0: safe" in log[-1] and "no roll" not in log[-1]

    def test_the_free_destination_of_a_risk_0_gain_0_trip_is_logged(self) -> None:
        calm = card("Calm Sea", 1900, drop=0, risk=0, gain=0)
        log = log_of([HAND, DrawDestination(calm), Travel(1), DrawDestination(UR)])
        assert log[-1] == (
            "Opened Ur (1900) at row 2, the start column (free after the trip). Trip done: "
            "travelled to Calm Sea, dropped 0, paid 1 charge, RISK 0: safe, no roll, GAIN 0"
        )

    def test_the_destination_after_a_loop_to_a_gain_0_card_with_a_side_is_logged(self) -> None:
        old = card("Old", -500, drop=0, risk=25, gain=0)
        actions = [
            HAND,
            DrawDestination(old),
            Travel(1),
            DrawDestination(card("New", 1990, drop=0, risk=25, gain=0)),
            R50,
            Travel(2),
            DrawDestination(card("Newer", 2000)),
            R50,
            LoopTo(1),
            DrawDestination(card("Taken", 1800)),
            PlaceSide("left"),
        ]
        log = log_of(actions)
        assert "Played Loop back to Old (500 BC)" in log[-3]
        assert log[-1] == (
            "Opened Taken (1800) at row 2, 1 left of start: to the left of the card above "
            "(free after the trip). Trip done: looped back to Old, no drop, cost or risk, GAIN 0"
        )


async def test_the_screens_log_shows_a_gain_0_trips_failed_roll(
    make_test_app: Callable[..., Any],
) -> None:
    """On the screen: the roll typed at Somme (RISK 90, DMG 3, GAIN 0) keeps its own entry,
    with the dice, the damage and the Health left, and the trip's summary after it."""
    app = make_test_app(start=waiting_for_the_risk_roll)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen_stack[-2]
        assert isinstance(screen, SojournScreen) and isinstance(app.screen, RiskDialog)
        await pilot.press("1", "2", "enter")
        await pilot.pause()
        assert app.screen is screen and screen.session.state.health == 4
        shown = " ".join(line.strip() for line in screen.query_one(ActionLog).plain_lines)
        assert (
            "5. The traveller rolled 12 on real dice (10+2) vs RISK 90 at Somme: failed, DMG 3: "
            "Health 7 -> 4. Trip done: travelled to Somme, dropped 0, paid 1 charge, rolled 12 "
            "vs RISK 90: 3 damage, GAIN 0"
        ) in shown


R0, R50 = RollRisk(0, 0), RollRisk(50, 0)
UR = card("Ur", 1900)


class TestRefusalsSayWhy:
    """The two Sojourn refusals of issue 43, which named the step due and not the rule."""

    def test_a_roll_at_a_risk_0_trip_says_it_needs_none(self) -> None:
        calm = card("Calm Sea", 1900, drop=0, risk=0, gain=1)
        state = Session(SOJOURN, SojournSetup(), [HAND, DrawDestination(calm), Travel(1)]).state
        for at in (state, SOJOURN.apply(state, DrawDestination(UR))):
            with pytest.raises(RuleError) as refused:
                SOJOURN.apply(at, R50)
            assert str(refused.value).startswith(
                "A RISK 0% trip needs no roll: every roll meets or beats 0 (Calm Sea is RISK 0%)."
            )
            assert "First type in" in str(refused.value)  # and what is due instead

    def test_a_card_typed_for_gain_0_says_gain_0_draws_none(self) -> None:
        rome = card("Rome", -44, drop=0, risk=25, gain=0)
        at_roll = Session(SOJOURN, SojournSetup(), [HAND, DrawDestination(rome), Travel(1)])
        at_roll.do(DrawDestination(UR))
        with pytest.raises(RuleError, match=r"^GAIN 0 draws no card: Rome gives no timestream"):
            SOJOURN.apply(at_roll.state, DrawTimestream((B,)))
        at_roll.do(R50)
        with pytest.raises(RuleError, match=r"; GAIN 0 draws no card: Rome gives no timestream"):
            SOJOURN.apply(at_roll.state, DrawTimestream((B,)))

    def test_a_card_typed_when_deck_and_discards_are_empty_says_so(self) -> None:
        rome = card("Rome", -44, drop=0, risk=25, gain=1)
        state = Session(SOJOURN, SojournSetup(), [HAND, DrawDestination(rome)]).state
        state = replace(state, deck=Cards())  # every other card out of play
        for action in (Travel(1), DrawDestination(UR), R50):
            state = SOJOURN.apply(state, action)
        assert state.waiting is None  # GAIN 1, but nothing left to draw
        with pytest.raises(RuleError, match=r"its discards are empty: there is no card to draw"):
            SOJOURN.apply(state, DrawTimestream((B,)))

    def test_a_loop_says_it_rolls_no_dice(self) -> None:
        actions = [
            HAND,
            DrawDestination(card("Old", -500, drop=0)),
            Travel(1),
            DrawDestination(card("New", 1990, drop=0)),
            R50,
            DrawTimestream((B,)),
            Travel(2),
            DrawDestination(card("Newer", 2000)),
            R50,
            DrawTimestream((B,)),
            LoopTo(1),
        ]
        state = Session(SOJOURN, SojournSetup(), actions).state
        with pytest.raises(RuleError, match=r"^A Loop skips the RISK roll"):
            SOJOURN.apply(state, R50)


# The property: every change a step makes is named in its line.

NAMES = [f"Place {n}" for n in range(40)]


@st.composite
def destination_cards(draw: st.DrawFn, name: str) -> DestinationCard:
    drop = draw(st.one_of(st.none(), st.integers(0, 2)))
    return DestinationCard(
        name=name,
        date=HistoricalDate(draw(st.integers(-3000, 2100))),
        drop=drop,
        cost=draw(st.integers(0, 3)),
        risk=draw(st.sampled_from(RISKS)),
        dmg=draw(st.integers(0, 4)),
        gain=draw(st.integers(0, 2)),
        drop_text="" if drop is not None else "Drop any",
    )


def drawn_cards(data: st.DataObject, state: SojournState, count: int) -> tuple[Kind, ...]:
    """Cards the timestream deck can give, reshuffling the discards as the rules do."""
    deck, discard, cards = state.deck, state.discard, []
    for _ in range(count):
        if not deck.total:
            deck, discard = discard, Cards()
        kind = data.draw(st.sampled_from([k for k in KINDS if deck.count(k)]))
        deck, cards = deck.plus(kind, -1), [*cards, kind]
    return tuple(cards)


def a_move(data: st.DataObject, state: SojournState) -> Any:
    """An action the rules are likely to accept at `state` (the answer due, else a move)."""
    waiting = state.waiting
    fresh = NAMES[len(state.timeline)]
    if isinstance(waiting, DrawCards):
        return DrawTimestream(drawn_cards(data, state, waiting.count))
    if isinstance(waiting, OpenNext):
        pick = data.draw(st.integers(0, 19))  # the deck seldom runs out
        if pick == 0:
            return DestinationDeckEmpty()
        if pick < 6:
            return DrawTimeFragment()
        return DrawDestination(data.draw(destination_cards(fresh)))
    if isinstance(waiting, PlaceCard):
        return PlaceSide(data.draw(st.sampled_from(["left", "right"])))
    if isinstance(waiting, RiskRoll):
        tens, units = data.draw(st.sampled_from(range(0, 100, 10))), data.draw(st.integers(0, 9))
        return RollRisk(tens, units, data.draw(st.sampled_from(["app", "physical"])))
    index = data.draw(st.integers(1, len(state.timeline) - 1)) if len(state.timeline) > 1 else 0
    hand = [kind for kind in KINDS for _ in range(state.hand.count(kind))]
    needed = state.timeline[index].card.drop
    drop = tuple(
        data.draw(st.permutations(hand))[: min(len(hand), 1 if needed is None else needed)]
    )
    return data.draw(
        st.sampled_from(
            [
                *[Travel(index, drop)] * 4,
                Travel(index, (), paradox=True),
                LoopTo(index),
                OpenWithCharge(),
                PlayFracture(),
                PlayBandage(),
                PlayBattery(),
                TravelHome(paradox=data.draw(st.booleans())),
                EditDestination(index, state.timeline[index].card),
            ]
        )
    )


def changes_named(before: SojournState, action: Any, after: SojournState, line: str) -> None:
    """Every change from `before` to `after` is in `line`, in the log's own words."""
    assert line.startswith(step_line(before, action, after)), "the step's words come first"
    if after.health != before.health:
        assert f"Health {before.health} -> {after.health}" in line
    if after.charge != before.charge:
        assert f"charge {before.charge} -> {after.charge}" in line
    if after.fragments != before.fragments:
        assert f"collected {after.fragments - before.fragments} Time Fragment" in line
        assert f"({after.fragments} of {FRAGMENTS_NEEDED})" in line
    for kind in KINDS:
        if after.hand.count(kind) != before.hand.count(kind):
            assert kind.label in line, f"the hand's {kind.label} changed"
    if after.deck.total > before.deck.total:
        assert "the discards were shuffled into a new deck" in line
    for place in after.timeline[len(before.timeline) :]:
        where = f"{place.name} ({place.card.date}) at row {place.row}, {column_words(place.column)}"
        assert f"Opened {where}" in line
    for was, now in zip(before.timeline, after.timeline, strict=False):
        if now.card != was.card:
            assert f"Corrected {now.name}" in line
        if now.fragments != was.fragments:
            taken = after.fragments - before.fragments
            if now.fragments:
                assert f"{now.fragments} more {'stays' if now.fragments == 1 else 'stay'}" in line
            if was.fragments - now.fragments > taken:
                assert f"{was.fragments - now.fragments - taken} more lost" in line
    if after.position != before.position:
        assert after.here.name in line
    if isinstance(action, RollRisk):
        assert f"({action.tens:02d}+{action.units})" in line
        assert ("real dice" if action.source == "physical" else "The app rolled") in line
    if isinstance(action, DrawTimestream) and isinstance(before.waiting, DrawCards):
        assert ("GAIN" if before.waiting.reason == "gain" else "starting hand") in line
    if after.outcome is not None and before.outcome is None:
        assert (
            "WON: " if after.outcome.status == "won" else "LOST: "
        ) + after.outcome.reason in line


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from([1, 2, 3]), st.booleans())
def test_every_change_a_step_makes_is_named_in_its_line(
    data: st.DataObject, revision: int, one_to_hundred: bool
) -> None:
    setup = SojournSetup(read_one_to_hundred=one_to_hundred)
    session = Session(SOJOURN, setup, rules=revision)
    for _ in range(60):
        before = session.state
        if before.outcome is not None:
            break
        action = a_move(data, before)
        try:
            after = session.do(action)
        except RuleError:
            continue
        changes_named(before, action, after, session.history[-1])
        assert session.history[-1] == narrate(before, action, after)


# Old saves replay to the same states: only the words changed.


def shipped_saves() -> dict[str, dict[str, Any]]:
    """The sample save and the guide's example save, as their files hold them."""
    sample = tomllib.loads((ROOT / "tests/data/samples/sojourn.toml").read_text("utf-8"))
    guide = (ROOT / "docs/sojourn.md").read_text("utf-8")
    found = re.search(r"<!-- example: save -->\n```toml\n(.*?)```", guide, re.S)
    assert found is not None
    return {"sample": sample, "guide": tomllib.loads(found[1])}


STATES_BEFORE_ISSUE_43 = {
    ("sample", 1): "a2dcaf1c3db6c301",
    ("sample", 2): "08f1ba28f58da499",
    ("sample", 3): "11dfbae81d251fdf",
    ("guide", 1): "842dbcbff09cde96",
    ("guide", 2): "fa25ca3d5bbd2bce",
    ("guide", 3): "dcb5e607bbc8c9bb",
}
"""A digest of every state each save went through, replayed under each revision by the rules
as they were before issue 43 (commit b0227ee)."""


@pytest.mark.parametrize(("save", "revision"), sorted(STATES_BEFORE_ISSUE_43))
def test_shipped_saves_replay_through_the_same_states(save: str, revision: int) -> None:
    data = shipped_saves()[save]
    session = Session(SOJOURN, from_plain(SojournSetup, data["setup"], "setup"), rules=revision)
    states: list[Any] = []
    for number, raw in enumerate(data["actions"]):
        try:
            session.do(decode_action(Path(save), SOJOURN, raw, f"action {number}"))
            states.append(to_plain(session.state))
        except RuleError:
            states.append("refused")
    digest = hashlib.sha256(json.dumps(states, sort_keys=True, default=str).encode())
    assert digest.hexdigest()[:16] == STATES_BEFORE_ISSUE_43[(save, revision)]
    assert len(session.history) == len(states)  # one line per step, none replaced
