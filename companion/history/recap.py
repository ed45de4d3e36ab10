""" "Where were we": a short recap of a game, built from its log, for a table coming back to it.

Pure: the game, its setup and state, the journal's steps (each with its time and who made it)
and `now` come in as values; no clock, file or screen is read here. It says:

- when the game was last played, relative to `now` ("Saturday 5 December, 21:40, 2 days ago");
- the main events of the last session: the steps since the last pause of more than
  `SESSION_GAP` (4 hours). Of those, at most `MAIN_EVENTS` (5) of the game's own log lines are
  picked, the ones that matter most first: a step that ended the game, then one that changed
  the score, then the latest; they are shown in play order;
- where each player stands: the game's `summary`, its `score` totals when it has a score, and
  its `seats` when a seat's label says more than its name (Cavendish: "Amy (Ana)");
- what the game waits for (`waiting_for`) and whose turn it is when the game names the player,
  or how it ended.

Every call into the game's code is guarded here: a game that raises leaves its part out of the
recap, never the recap out of the screen (a plug-in is a guest).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, TypeVar

from companion.core import Game, Score, SeatOption, WaitingFor
from companion.phrases import Joined, joined, phrase, phrase_n

SESSION_GAP = timedelta(hours=4)
"""A pause longer than this between two actions ends a session (an evening, a sitting)."""
MAIN_EVENTS = 5
"""At most this many events of the last session are recalled: a recap is read in a glance."""
RESUME_PAUSE = timedelta(hours=1)
"""A game opened this long after its last action shows its recap (`worth_recalling`)."""

T = TypeVar("T")


@dataclass(frozen=True)
class RecapStep:
    """One step of the journal as the recap reads it."""

    line: str
    """The game's log line for it (`Game.narrate`)."""
    before: Any
    after: Any
    at: datetime | None = None
    """When it was made (None: a save from before times were kept)."""
    who: str = ""
    """Who made it, in words (the seat's name, "a browser"); "" when not known."""


@dataclass(frozen=True)
class Event:
    """One main event of the last session."""

    line: str
    at: datetime | None
    who: str


@dataclass(frozen=True)
class Recap:
    """Where a game stands and how it got there, in a few lines."""

    game_title: str
    last_played: datetime | None
    """The last action's time, in `now`'s zone (None: no action, or none with a time)."""
    last_played_words: str
    session_actions: int
    """How many actions the last session had."""
    session_started: datetime | None
    events: tuple[Event, ...]
    summary: str
    score: Score | None
    seats: tuple[str, ...]
    """The seats' labels, when they say more than the players' names; else empty."""
    status: str
    outcome: str
    """How it ended, in words (`Game.explain`), once it ended; else ""."""
    waiting: WaitingFor | None

    @property
    def turn(self) -> str | None:
        """The player whose move it is, when the game names one."""
        return self.waiting.who if self.waiting is not None else None

    def lines(self) -> list[str]:
        """The recap as plain lines (a caller makes them safe for its terminal or screen)."""
        lines: list[str] = []
        if self.last_played_words:
            lines.append(phrase("Last played {when}", when=self.last_played_words))
        elif not self.session_actions:
            lines.append(phrase("Not played yet."))
        if self.events:
            lines.append(
                phrase_n(
                    "The last session ({n} action):",
                    "The last session ({n} actions):",
                    self.session_actions,
                )
            )
            lines.extend(_indented(_event_words(event)) for event in self.events)
        lines.append(phrase("Where everyone stands:"))
        lines.extend(_indented(part) for part in _lines_of(self.summary) if part.strip())
        if self.score is not None and self.score.totals:
            lines.append(_indented(_score_words(self.score)))
        if self.seats:
            lines.append(_indented(phrase("Seats: {seats}", seats=", ".join(self.seats))))
        if self.status != "playing":
            lines.append(phrase("Ended: {outcome}", outcome=self.outcome or self.status))
        elif self.waiting is not None:
            lines.append(phrase("Waiting for {what}", what=self.waiting.text))
            if self.turn:
                lines.append(phrase("Whose turn: {player}", player=self.turn))
        return lines

    def to_json(self) -> dict[str, Any]:
        """The recap as plain data (`companion recap ID --json`, docs/json.md)."""
        score = self.score
        waiting = self.waiting
        return {
            "game": self.game_title,
            "last_played": _iso(self.last_played),
            "last_played_words": self.last_played_words,
            "session": {"actions": self.session_actions, "started": _iso(self.session_started)},
            "events": [
                {"at": _iso(event.at), "who": event.who, "line": event.line}
                for event in self.events
            ],
            "summary": self.summary,
            "score": None
            if score is None
            else {
                "heading": score.heading,
                "totals": dict(score.totals),
                "lower_is_better": score.lower_is_better,
            },
            "seats": list(self.seats),
            "status": self.status,
            "outcome": self.outcome,
            "waiting_for": None
            if waiting is None
            else {"kind": waiting.kind, "text": waiting.text, "who": waiting.who},
            "turn": self.turn,
        }


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()


def _indented(line: str) -> str:
    """A line of the recap two spaces in, still said in the reader's words."""
    return joined("", ("  ", line))


def _lines_of(text: str) -> list[str]:
    """The lines of a game's summary, each still a phrase where the game said them apart."""
    if isinstance(text, Joined) and text.separator == "\n":
        return [line for part in text.parts for line in _lines_of(part)]
    return [text] if "\n" not in text else text.splitlines()


def _event_words(event: Event) -> str:
    if event.at is not None and event.who:
        return phrase("{time:%H:%M} {line} ({who})", time=event.at, line=event.line, who=event.who)
    if event.at is not None:
        return phrase("{time:%H:%M} {line}", time=event.at, line=event.line)
    if event.who:
        return phrase("{line} ({who})", line=event.line, who=event.who)
    return event.line


def _score_words(score: Score) -> str:
    totals = joined(
        ", ",
        # TRANSLATORS: one player's (or the team's) points in a score ("Ana 12")
        [
            phrase("{player} {points}", player=name, points=points)
            for name, points in score.totals.items()
        ],
    )
    if score.lower_is_better:
        return phrase("{heading}: {totals} (lower is better)", heading=score.heading, totals=totals)
    # TRANSLATORS: a score's heading ("Total") and each player's points ("Ana 12, Ben 9")
    return phrase("{heading}: {totals}", heading=score.heading, totals=totals)


def _asked(call: Callable[[], T], default: T) -> T:
    """A call into the game's code; its failure leaves that part of the recap out."""
    try:
        return call()
    except Exception:  # a guest's code: any failure is its own, never the recap's
        return default


def when_words(moment: datetime, now: datetime) -> str:
    """A moment as a table says it, relative to `now` (both in the zone shown):
    "Saturday 5 December, 21:40, 2 days ago", "today, 21:40", the year when it is not now's."""
    days = (now.date() - moment.date()).days
    if days == 0:
        return phrase("today, {time:%H:%M}", time=moment)
    if days == 1:
        return phrase("yesterday, {time:%H:%M}", time=moment)
    if moment.year != now.year:
        # TRANSLATORS: a weekday, day, month and year, written in your language's way by itself
        day = phrase("{day:%A %-d %B %Y}", day=moment)
    else:
        # TRANSLATORS: a weekday, day and month, written in your language's way by itself
        day = phrase("{day:%A %-d %B}", day=moment)
    if 1 < days < 14:
        return phrase_n(
            "{day}, {time:%H:%M}, {n} day ago",
            "{day}, {time:%H:%M}, {n} days ago",
            days,
            day=day,
            time=moment,
        )
    return phrase("{day}, {time:%H:%M}", day=day, time=moment)


def last_session(steps: Sequence[RecapStep], gap: timedelta = SESSION_GAP) -> list[RecapStep]:
    """The steps since the last pause longer than `gap` (steps without a time join the
    session they sit in)."""
    start = len(steps)
    later: datetime | None = None
    while start > 0:
        at = steps[start - 1].at
        if at is not None and later is not None and later - at > gap:
            break
        start -= 1
        later = at if at is not None else later
    return list(steps[start:])


def main_events(game: Game[Any, Any], session: Sequence[RecapStep]) -> list[RecapStep]:
    """At most `MAIN_EVENTS` steps of a session, in play order: a step that ended the game
    first, then one that changed the score totals, then the latest."""

    score = game.score
    totals: dict[int, Any] = {}  # by the state's id: each state is scored once

    def totals_of(state: Any) -> Any:
        if id(state) not in totals:
            totals[id(state)] = _asked(lambda: score(state).totals, None) if score else None
        return totals[id(state)]

    def weight(step: RecapStep) -> int:
        if _asked(lambda: game.status(step.after) != game.status(step.before), False):
            return 2
        return 1 if totals_of(step.after) != totals_of(step.before) else 0

    ranked = sorted(range(len(session)), key=lambda i: (weight(session[i]), i), reverse=True)
    return [session[i] for i in sorted(ranked[:MAIN_EVENTS])]


def seat_labels(game: Game[Any, Any], state: Any) -> tuple[str, ...]:
    """The seats' labels when one says more than its name (an agent and its player)."""
    none: tuple[SeatOption, ...] = ()
    seats = _asked(lambda: tuple(game.seats(state)), none)
    if any(seat.label != seat.name for seat in seats):
        return tuple(seat.label for seat in seats)
    return ()


def recap(
    game: Game[Any, Any],
    state: Any,
    steps: Sequence[RecapStep],
    now: datetime,
    saved_at: datetime | None = None,
) -> Recap:
    """The recap of a game at `state`, reached through `steps` (the journal's, in play order),
    read at `now` (an aware time: the recap's times are in its zone). `saved_at`, the save's
    last change, dates it when no step has a time (a save from before the journal)."""
    zone = now.tzinfo
    times = [step.at for step in steps if step.at is not None]
    newest = max(times) if times else saved_at if steps else None
    last = newest.astimezone(zone) if newest is not None else None
    session = last_session(steps)
    started = next((step.at for step in session if step.at is not None), None)
    events = tuple(
        Event(step.line, step.at.astimezone(zone) if step.at else None, step.who)
        for step in main_events(game, session)
    )
    status = _asked(lambda: game.status(state), "playing")
    explain = game.explain
    outcome = ""
    if status != "playing" and explain is not None:
        outcome = _asked(lambda: explain(state).outcome, "")
    score = game.score
    return Recap(
        game_title=game.title,
        last_played=last,
        last_played_words=when_words(last, now.astimezone(zone)) if last is not None else "",
        session_actions=len(session),
        session_started=started.astimezone(zone) if started is not None else None,
        events=events,
        summary=_asked(lambda: game.summary(state), ""),
        score=_asked(lambda: score(state), None) if score is not None else None,
        seats=seat_labels(game, state),
        status=status,
        outcome=outcome,
        waiting=_asked(lambda: game.waiting_for(state), None),
    )


def worth_recalling(last_action: datetime | None, now: datetime) -> bool:
    """A game opened after a pause (more than `RESUME_PAUSE` since its last action) is
    recalled once; one played a minute ago is not."""
    return last_action is not None and now - last_action > RESUME_PAUSE
