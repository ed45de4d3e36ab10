"""Sojourn, the solo time-travel card game: the saved-game summary, the result in words and the
`Game` the registry lists. The rules live in `rules`, the log in `words`, the JSON description in
`show`."""

from __future__ import annotations

from dataclasses import replace

from companion.core import Game, Result, SeatOption
from companion.sojourn import GAME_ID, TITLE, history
from companion.sojourn.actions import ACTION_TYPES
from companion.sojourn.facts import facts
from companion.sojourn.model import FRAGMENTS_NEEDED, RULES_REVISION, SojournSetup, SojournState
from companion.sojourn.replaced import replaced
from companion.sojourn.rules import apply, start
from companion.sojourn.show import describe, waiting_for
from companion.sojourn.words import narrate
from companion.text import plural


def status(state: SojournState) -> str:
    return "playing" if state.outcome is None else state.outcome.status


def summary(state: SojournState) -> str:
    where = state.here.name
    ended = "" if state.outcome is None else f"{explain(state).outcome} · "
    return (
        f"{ended}Health {state.health}, Charge {state.charge}, "
        f"{state.fragments}/{FRAGMENTS_NEEDED} fragments, {plural(state.hand.total, 'card')}, "
        f"at {where}"
    )


def explain(state: SojournState) -> Result:
    """The traveller's end: home (and how), or lost in time and why; else where things stand."""
    standing = (
        f"Health {state.health} of 7, Temporal Charge {state.charge} of 7, "
        f"{state.fragments} of {FRAGMENTS_NEEDED} Time Fragments, "
        f"{plural(len(state.timeline) - 1, 'destination')} opened."
    )
    if state.outcome is None:
        return Result(f"Travelling, at {state.here.name}", (standing,))
    if state.outcome.status == "won":
        who = state.setup.traveller.strip() or "the traveller"
        return Result(f"Home: {who} is back in 2020", (state.outcome.reason, standing))
    return Result("Lost in time", (state.outcome.reason, standing))


def setup_summary(setup: SojournSetup) -> str:
    reading = "dice 1-100" if setup.read_one_to_hundred else "dice 00-99"
    return f"solo, {reading}, {setup.deck.total} timestream cards"


def seats(state: SojournState) -> tuple[SeatOption, ...]:
    """Sojourn's one seat: its traveller, as named in the setup."""
    name = state.setup.traveller or "The traveller"
    return (SeatOption(name, name),)


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
)
