"""A play: what one saved game tells the statistics (who played, the scores, who won, how it ended).

A play is derived from the game's setup and its states through the game's own rules, never kept
apart from the save: each game says what its facts are (`Game.facts`, in its own package), so
this module knows no game. The facts travel as plain data (`to_plain` / `from_plain`) so the
saved-games cache can keep them and the statistics never replay a save whose bytes have not
changed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, tzinfo
from typing import Any

from companion.core import Facts, Game, Transition
from companion.dates import MAX_OFFSET_MINUTES, local
from companion.history.timing import app_span, play_minutes, span_seconds
from companion.session import Session


@dataclass(frozen=True)
class Play:
    """One saved game as the statistics see it."""

    save_id: str
    game_id: str
    started: datetime
    """When it started: its end less its duration for a game played in the app, the date typed
    for a play typed in or imported (`timing`)."""
    ended: datetime
    """When it ended: a game played in the app at its last action (`app_play`), a play typed in
    at its start plus its duration (`recorded.as_play`). Every date of a play is this one's."""
    facts: Facts
    utc_offset: int | None = None
    """Minutes east of UTC where the game was made (None: a save from before it was kept)."""
    names: Mapping[str, str] = field(default_factory=dict)
    """Each name as the save spells it -> the player it is counted as (`stats.renamed` fills it;
    empty: every name is its own player). Game details keyed by names are read through it."""
    set_up: datetime | None = None
    """When a game played in the app was set up (BG Stats' `entryDate`); None: typed in."""

    def player(self, name: str) -> str:
        """The player a name of the save is counted as."""
        return self.names.get(name, name)

    @property
    def finished(self) -> bool:
        return self.facts.status != "playing"

    @property
    def minutes(self) -> int | None:
        """How long it lasted, in whole minutes: from its start to its end (None: it ended as it
        started, no duration said)."""
        return play_minutes(None, span_seconds(self.started, self.ended))

    def ended_local(self, zone: tzinfo | None = None) -> datetime:
        """When it ended, where the game was played (or in `zone`)."""
        return local(self.ended, self.utc_offset, zone)

    def day(self, zone: tzinfo | None = None) -> date:
        """The play's date, where it was played (or in `zone`): what every figure dates it by."""
        return self.ended_local(zone).date()

    @property
    def outcome(self) -> str:
        """`won`, `lost` or `failed` for a finished solo or co-op game; "" otherwise."""
        if not self.facts.cooperative or not self.finished:
            return ""
        if self.facts.winners:
            return "won"
        return "failed" if self.facts.status == "failed" else "lost"


def app_play(
    save_id: str,
    game_id: str,
    created: datetime,
    last_action: datetime,
    facts: Facts,
    utc_offset: int | None = None,
    typed: int | None = None,
    active: int | None = None,
) -> Play:
    """The play of a game played in the app: it ends at its last action and lasts the duration
    typed in its details (`typed`) or else its active time (`active`, what the save kept:
    pauses over 30 minutes left out; when it kept none, from setup to last action), counted
    back from its end (`timing.app_span`)."""
    minutes = play_minutes(typed, active or span_seconds(created, last_action))
    started, ended = app_span(last_action, minutes)
    return Play(save_id, game_id, started, ended, facts, utc_offset, set_up=created)


def steps_of(initial: Any, transitions: Sequence[tuple[Any, Any]]) -> list[Transition]:
    """(before, action, after) for each (action, state after) in play order."""
    steps: list[Transition] = []
    before = initial
    for action, after in transitions:
        steps.append((before, action, after))
        before = after
    return steps


def facts_of(game: Game[Any, Any], setup: Any, state: Any, steps: Sequence[Transition]) -> Facts:
    """The facts of a game at `state`, reached through `steps`, as the game itself reads them."""
    return game.facts_at(setup, state, steps)


def facts_of_session(session: Session) -> Facts:
    """The statistics' facts of a game, read from its session's steps."""
    steps = steps_of(session.initial, [(step.action, step.state) for step in session.steps])
    return facts_of(session.game, session.setup, session.state, steps)


def to_plain(facts: Facts) -> dict[str, Any]:
    """The facts as JSON-ready data (for the saved-games cache)."""
    return {
        "status": facts.status,
        "players": list(facts.players),
        "scores": dict(facts.scores),
        "winners": list(facts.winners),
        "cooperative": facts.cooperative,
        "lower_is_better": facts.lower_is_better,
        "campaign": facts.campaign,
        "details": dict(facts.details),
    }


PLAIN_KEYS = to_plain(Facts("", ())).keys()
"""The keys `to_plain` writes."""


def from_plain(data: Any) -> Facts | None:
    """Facts written by `to_plain`, or None when the data is not exactly that."""
    if not isinstance(data, dict) or data.keys() != PLAIN_KEYS:
        return None
    names = data["players"], data["winners"]
    if not all(
        isinstance(items, list) and all(isinstance(n, str) for n in items) for items in names
    ):
        return None
    scores = data["scores"]
    if not isinstance(scores, dict) or not all(type(v) is int for v in scores.values()):
        return None
    if not isinstance(data["status"], str) or not isinstance(data["details"], dict):
        return None
    flags = data["cooperative"], data["lower_is_better"], data["campaign"]
    if any(type(flag) is not bool for flag in flags):
        return None
    return Facts(
        data["status"],
        tuple(data["players"]),
        scores,
        tuple(data["winners"]),
        data["cooperative"],
        data["lower_is_better"],
        data["campaign"],
        data["details"],
    )


def utc_offset_of(value: Any) -> int | None:
    """A kept UTC offset in minutes, or None when the value is not one (a hand-edited file)."""
    if type(value) is int and -MAX_OFFSET_MINUTES <= value <= MAX_OFFSET_MINUTES:
        return value
    return None
