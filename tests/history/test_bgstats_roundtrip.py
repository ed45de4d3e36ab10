"""Property: any play we export to BG Stats' file imports back to the same figures (players,
scores, winners, how it ended, when it started, its details and its uuids)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.history.bgstats import Exported, play_file
from companion.history.bgstats_import import read_play_file
from companion.history.details import MAX_MINUTES, PlayDetails, expansions_of
from companion.history.recorded import RecordedPlay, as_play, check, facts_of

NAMES = ("Ana", "Ben", "Cy", "Zoë", "Dee Dee", "Émile")
SIX_EXPANSIONS = tuple(expansions_of("six-sojourns"))
FIRST = datetime(1990, 1, 1, tzinfo=UTC)


@st.composite
def recorded_plays(draw: st.DrawFn) -> RecordedPlay:
    """A play of one of the four games that its rules accept, scored or winner-only."""
    game = draw(st.sampled_from(["sojourn", "six-sojourns", "cavendish", "time-bastards"]))
    sizes = {"sojourn": (1, 1), "six-sojourns": (1, 4), "cavendish": (1, 4)}
    low, high = sizes.get(game, (2, 2))
    players = tuple(
        draw(st.lists(st.sampled_from(NAMES), min_size=low, max_size=high, unique=True))
    )
    scores: dict[str, int] = {}
    winners: tuple[str, ...] = ()
    outcome = ""
    if game == "sojourn":
        outcome = draw(st.sampled_from(["won", "lost"]))
    elif game == "cavendish":
        outcome = draw(st.sampled_from(["won", "failed"]))
        if outcome == "won" and draw(st.booleans()):
            scores = dict.fromkeys(players, draw(st.integers(0, 40)))
    elif draw(st.booleans()):  # scored: the winners hold the best score
        scores = {name: draw(st.integers(0, 9999)) for name in players}
        top = [name for name in players if scores[name] == max(scores.values())]
        winners = tuple(draw(st.lists(st.sampled_from(top), unique=True)))
    else:  # winner-only, or nobody won
        winners = tuple(draw(st.lists(st.sampled_from(players), unique=True)))
    start = draw(st.sampled_from(("", *players))) if game != "sojourn" and len(players) > 1 else ""
    details = PlayDetails(
        location=draw(st.sampled_from(["", "Ana's kitchen", "Club"])),
        start_player=start,
        minutes=draw(st.none() | st.integers(1, MAX_MINUTES)),
        expansions=tuple(draw(st.lists(st.sampled_from(SIX_EXPANSIONS), unique=True)))
        if game == "six-sojourns"
        else (),
        notes=draw(st.sampled_from(["", "close one", "line 1\nline 2"])),
    )
    played = FIRST + timedelta(seconds=draw(st.integers(0, 40 * 365 * 24 * 3600)))
    source = draw(st.sampled_from(["", "7e57ab1e-0000-4000-8000-00000000beef"]))
    return check(RecordedPlay(game, played, players, scores, winners, outcome, details, source))


def figures(play: RecordedPlay) -> tuple[Any, ...]:
    facts = facts_of(play)
    return (
        play.game_id,
        play.played.astimezone(UTC),
        facts.players,
        dict(facts.scores),
        set(facts.winners),
        facts.status,
        play.details,
    )


@settings(max_examples=150, deadline=None)
@given(recorded_plays())
def test_any_play_we_export_imports_back_to_the_same_figures(play: RecordedPlay) -> None:
    uuid = play.source or "5C0FFEE0-0000-4000-8000-000000000001"
    item = Exported(as_play("recorded-x", play), play.details, uuid, FIRST, FIRST)
    text = json.dumps(play_file([item]))
    result = read_play_file(json.loads(text), set())
    assert (result.skipped, result.unscored) == ({}, {})
    (back,) = result.plays
    assert figures(back) == figures(play)
    assert back.source == uuid
