"""Sojourn, the solo time-travel card game: the saved-game summary, the result in words and the
`Game` the registry lists. The rules live in `rules`, the log in `words`, the JSON description in
`show`."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.core import Game, Result, SeatOption
from companion.phrases import phrase, phrase_n
from companion.sojourn import GAME_ID, TITLE, history
from companion.sojourn.actions import (
    ACTION_TYPES,
    LoopTo,
    OpenWithCharge,
    PlaceSide,
    PlayBandage,
    PlayBattery,
    PlayFracture,
    Travel,
    TravelHome,
)
from companion.sojourn.facts import facts
from companion.sojourn.model import FRAGMENTS_NEEDED, RULES_REVISION, SojournSetup, SojournState
from companion.sojourn.replaced import replaced
from companion.sojourn.rules import apply, start
from companion.sojourn.show import describe, waiting_for
from companion.sojourn.words import narrate


def status(state: SojournState) -> str:
    return "playing" if state.outcome is None else state.outcome.status


def summary(state: SojournState) -> str:
    standing = phrase_n(
        "Health {health}, Charge {charge}, {fragments}/{needed} fragments, {n} card, at {place}",
        "Health {health}, Charge {charge}, {fragments}/{needed} fragments, {n} cards, at {place}",
        state.hand.total,
        health=state.health,
        charge=state.charge,
        fragments=state.fragments,
        needed=FRAGMENTS_NEEDED,
        place=state.here.name,
    )
    if state.outcome is None:
        return standing
    # TRANSLATORS: a saved game's line: how the run ended, then where things stood
    return phrase("{ended} · {standing}", ended=explain(state).outcome, standing=standing)


def explain(state: SojournState) -> Result:
    """The traveller's end: home (and how), or lost in time and why; else where things stand."""
    standing = phrase_n(
        "Health {health} of 7, Temporal Charge {charge} of 7, "
        "{fragments} of {needed} Time Fragments, {n} destination opened.",
        "Health {health} of 7, Temporal Charge {charge} of 7, "
        "{fragments} of {needed} Time Fragments, {n} destinations opened.",
        len(state.timeline) - 1,
        health=state.health,
        charge=state.charge,
        fragments=state.fragments,
        needed=FRAGMENTS_NEEDED,
    )
    if state.outcome is None:
        return Result(phrase("Travelling, at {place}", place=state.here.name), (standing,))
    if state.outcome.status == "won":
        who = state.setup.traveller.strip()
        home = (
            phrase("Home: {traveller} is back in 2020", traveller=who)
            if who
            else phrase("Home: the traveller is back in 2020")
        )
        return Result(home, (state.outcome.reason, standing))
    return Result(phrase("Lost in time"), (state.outcome.reason, standing))


def setup_summary(setup: SojournSetup) -> str:
    if setup.read_one_to_hundred:
        return phrase("solo, dice 1-100, {n} timestream cards", n=setup.deck.total)
    return phrase("solo, dice 00-99, {n} timestream cards", n=setup.deck.total)


def seats(state: SojournState) -> tuple[SeatOption, ...]:
    """Sojourn's one seat: its traveller, as named in the setup (the name a device sits as
    stays English when none was given: it is the seat's identity; its label is said)."""
    name = state.setup.traveller or "The traveller"
    label = state.setup.traveller or phrase("The traveller")
    return (SeatOption(name, label),)


TRAVELLERS_CHOICES: tuple[type, ...] = (
    Travel,
    LoopTo,
    OpenWithCharge,
    PlayFracture,
    PlayBandage,
    PlayBattery,
    TravelHome,
    PlaceSide,
)
"""What the traveller decides; the rest (cards drawn, the RISK roll, a card corrected) is what
whoever holds the decks or the dice tells the app."""


def mover(state: SojournState, action: Any) -> str | None:
    """The traveller's choices are the traveller's (the one seat); the rest is the table's."""
    return seats(state)[0].name if isinstance(action, TRAVELLERS_CHOICES) else None


SOJOURN: Game[SojournSetup, SojournState] = Game(
    id=GAME_ID,
    title=TITLE,
    min_players=1,
    max_players=1,
    setup_type=SojournSetup,
    state_type=SojournState,
    action_types=ACTION_TYPES,
    start=start,
    apply=apply,
    narrate=narrate,
    summary=summary,
    status=status,
    describe=describe,
    setup_summary=setup_summary,
    waiting_for=waiting_for,
    explain=explain,
    rules_revision=RULES_REVISION,
    at_revision=lambda state, revision: replace(state, rules=revision),
    facts=facts,
    replaced=replaced,
    recorded=history.RECORDED,
    start_player=history.START_PLAYER,
    other_names=history.OTHER_NAMES,
    figures=history.figures,
    seats=seats,
    mover=mover,
)
