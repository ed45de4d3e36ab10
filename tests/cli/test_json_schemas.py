"""`companion show --json` and `companion list --json` checked against the JSON Schemas that
docs/json.md documents (docs/schemas/): every shipped sample save, and saves made here at every
kind of moment of each game (in progress, waiting for each kind of decision, finished, failed)."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import asdict, replace
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from companion import cli
from companion.cavendish.actions import AbandonMission, EndMission
from companion.cavendish.game import CAVENDISH
from companion.cavendish.model import Adjustments
from companion.core import Game
from companion.session import Session
from companion.six_sojourns.actions import CloseSojourn, TakeCard
from companion.six_sojourns.game import SIX_SOJOURNS
from companion.six_sojourns.setup import SojournsSetup, sojourn
from companion.sojourn.actions import (
    DrawDestination,
    DrawTimeFragment,
    DrawTimestream,
    RollRisk,
    Travel,
    TravelHome,
)
from companion.sojourn.game import SOJOURN
from companion.sojourn.model import DestinationCard, HistoricalDate, Kind, SojournSetup
from companion.time_bastards.game import TIME_BASTARDS
from saves.games.store import SavedGame, SaveStore
from tests.data.samples import make_samples
from tests.support.samples import install_sample
from tests.support.saving import publish_whole

SCHEMAS = Path(__file__).resolve().parents[2] / "docs" / "schemas"
GAMES = ("sojourn", "six-sojourns", "cavendish", "time-bastards")
SHARED = ("save_id", "waiting_for", "history")
"""Definitions every game's schema repeats (each schema stands alone): they must not drift."""
NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


@cache
def validator(name: str) -> Draft202012Validator:
    schema = json.loads((SCHEMAS / f"{name}.schema.json").read_text("utf-8"))
    return Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)


def check(name: str, document: Any) -> None:
    """Fail with every place where the document breaks its schema."""
    errors = [
        f"{error.json_path}: {error.message}" for error in validator(name).iter_errors(document)
    ]
    assert not errors, "\n".join(errors)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    assert cli.main(list(args)) == 0
    return json.loads(capsys.readouterr().out)


def save(home: Path, save_id: str, game: Game[Any, Any], setup: Any, actions: Sequence[Any]) -> str:
    """Write a game played through its rules as a save, the way the app does."""
    session = Session(game, setup, actions)
    publish_whole(SaveStore(home), SavedGame(save_id, f"{game.title} test", session, NOW, NOW))
    return save_id


def moments(session: Session) -> list[int]:
    """The step counts at which each (status, kind of decision awaited) is first reached, and
    the last one."""
    game, seen, cuts = session.game, set(), []
    states = [Session(game, session.setup).state, *(step.state for step in session.steps)]
    for count, state in enumerate(states):
        waiting = game.waiting_for(state)
        key = (game.status(state), waiting and waiting.kind)
        if key not in seen or count == len(session.steps):
            seen.add(key)
            cuts.append(count)
    return cuts


def test_every_schema_is_a_valid_2020_12_schema() -> None:
    for name in (*GAMES, "list"):
        Draft202012Validator.check_schema(validator(name).schema)


def test_the_shared_definitions_are_the_same_in_every_game_schema() -> None:
    first = validator(GAMES[0]).schema["$defs"]
    for name in GAMES[1:]:
        defs = validator(name).schema["$defs"]
        assert {key: defs[key] for key in SHARED} == {key: first[key] for key in SHARED}, name
    scored = [validator(name).schema["$defs"]["score"] for name in GAMES if name != "sojourn"]
    assert all(score == scored[0] for score in scored)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_sample_save_shows_as_its_schema_says(
    capsys: pytest.CaptureFixture[str], companion_home: Path, game_id: str
) -> None:
    save_id = install_sample(companion_home, game_id)
    check(game_id, run(capsys, "show", save_id, "--json"))


def test_the_listing_follows_its_schema_and_says_what_each_game_waits_for(
    capsys: pytest.CaptureFixture[str], companion_home: Path
) -> None:
    ids = [install_sample(companion_home, game_id) for game_id in GAMES]
    (companion_home / "games" / "broken.toml").write_text("not = [toml", "utf-8")
    listing = run(capsys, "list", "--json")
    check("list", listing)
    assert len(listing["unreadable"]) == 1
    listed = {entry["id"]: entry["waiting_for"] for entry in listing["games"]}
    assert set(listed) == set(ids)
    for save_id in ids:
        waiting = run(capsys, "show", save_id, "--json")["waiting_for"]
        assert listed[save_id] == (waiting and waiting["text"])
    assert any(text is None for text in listed.values())
    assert any(text is not None for text in listed.values())


def sample_plays() -> list[tuple[str, str, Game[Any, Any], Any, list[Any]]]:
    """Seeded plays of each game (the samples' players), each made to end where it can."""
    plays = []
    for game_id, _title, game, setup, propose, _count in make_samples.SAMPLES:
        for seed in (1, 3):
            actions = make_samples.play(game, setup, propose, 400, seed).actions
            plays.append((game_id, f"{game_id}-{seed}", game, setup, actions))
    mission = cavendish_midway()
    ended = [*mission, EndMission(Adjustments(damien_rescued=True))]
    plays.append(("cavendish", "cavendish-ended", CAVENDISH, CAVENDISH_SETUP, ended))
    abandoned = [*mission, AbandonMission()]
    plays.append(("cavendish", "cavendish-abandoned", CAVENDISH, CAVENDISH_SETUP, abandoned))
    six_setup = make_samples.SAMPLES[1][3]
    board = make_samples.play(SIX_SOJOURNS, six_setup, make_samples.six_moves, 400, 2).actions
    closed = [*board, CloseSojourn()]
    plays.append(("six-sojourns", "six-closed", SIX_SOJOURNS, six_setup, closed))
    first = sojourn(1)
    campaign = SojournsSetup(make_samples.SIX_PLAYERS, "A", first.expansions, 1, campaign=True)
    sojourn_one = make_samples.play(SIX_SOJOURNS, campaign, make_samples.six_moves, 120, 2).actions
    on_to_two = [*sojourn_one, CloseSojourn(), TakeCard(1)]
    plays.append(("six-sojourns", "six-campaign", SIX_SOJOURNS, campaign, on_to_two))
    coop = replace(make_samples.BASTARDS_SETUP, mode="coop")
    together = make_samples.play(TIME_BASTARDS, coop, make_samples.bastards_moves, 400, 5).actions
    plays.append(("time-bastards", "bastards-coop", TIME_BASTARDS, coop, together))
    return plays


CAVENDISH_SETUP = make_samples.CAVENDISH_SETUP


def cavendish_midway() -> list[Any]:
    """Thirty moves of the sample's three-agent mission, no broken link left open."""
    session = make_samples.play(CAVENDISH, CAVENDISH_SETUP, make_samples.cavendish_moves, 30, 4)
    assert not session.state.pending and not session.state.outcome
    return session.actions


@pytest.mark.parametrize(
    ("game_id", "save_id", "game", "setup", "actions"),
    [pytest.param(*play, id=play[1]) for play in sample_plays()],
)
def test_saves_at_every_kind_of_moment_show_as_their_schema_says(
    capsys: pytest.CaptureFixture[str],
    companion_home: Path,
    game_id: str,
    save_id: str,
    game: Game[Any, Any],
    setup: Any,
    actions: list[Any],
) -> None:
    session = Session(game, setup, actions)
    for count in moments(session):
        cut = save(companion_home, f"{save_id}-{count}", game, setup, actions[:count])
        shown = run(capsys, "show", cut, "--json")
        check(game_id, shown)
        waiting = game.waiting_for(Session(game, setup, actions[:count]).state)
        assert shown["waiting_for"] == (waiting and asdict(waiting))


# The cases the issue names ----------------------------------------------------------------------

FRAGMENT_SITE = DestinationCard("Fall of Troy", HistoricalDate(-1184), 1, 1, 50, 2, 1)
NEXT_SITE = DestinationCard("Apollo 11", HistoricalDate(1969, 7, 20), 1, 2, 25, 1, 1)
TO_THE_RISK_ROLL = [
    DrawTimestream((Kind.BANDAGE, Kind.FRACTURE, Kind.LOOP, Kind.PARADOX, Kind.BATTERY)),
    *(DrawTimeFragment() for _ in range(4)),
    DrawDestination(FRAGMENT_SITE),
    Travel(1, (Kind.BANDAGE,)),
    DrawDestination(NEXT_SITE),
]


def test_a_sojourn_trip_stopped_at_its_risk_roll_waits_for_the_risk_roll(
    capsys: pytest.CaptureFixture[str], companion_home: Path
) -> None:
    save(companion_home, "sojourn-at-risk", SOJOURN, SojournSetup(), TO_THE_RISK_ROLL)
    shown = run(capsys, "show", "sojourn-at-risk", "--json")
    check("sojourn", shown)
    assert shown["waiting_for"] == {
        "kind": "risk-roll",
        "text": "the RISK roll at Fall of Troy (RISK 50%)",
        "who": None,
        "question": False,
    }
    assert shown["trip"]["step"] == "risk-roll" and shown["trip"]["collected"] == 4
    assert [step["step"] for step in shown["pending"]] == ["risk-roll", "gain"]
    assert shown["destinations"][1]["date"] == "1184 BC"
    listing = run(capsys, "list", "--json")
    assert listing["games"][0]["waiting_for"] == "the RISK roll at Fall of Troy (RISK 50%)"
    assert cli.main(["show", "sojourn-at-risk"]) == 0
    assert "Waiting for the RISK roll at Fall of Troy" in capsys.readouterr().out


def test_a_won_sojourn_reports_its_result_and_waits_for_nothing(
    capsys: pytest.CaptureFixture[str], companion_home: Path
) -> None:
    actions = [*TO_THE_RISK_ROLL, RollRisk(70, 0), DrawTimestream((Kind.LOOP,)), TravelHome()]
    save(companion_home, "sojourn-won", SOJOURN, SojournSetup(), actions)
    shown = run(capsys, "show", "sojourn-won", "--json")
    check("sojourn", shown)
    assert (shown["status"], shown["result"], shown["waiting_for"]) == ("won", "won", None)
    assert "winners" not in shown


def test_a_failed_mission_has_no_score_and_no_winners(
    capsys: pytest.CaptureFixture[str], companion_home: Path
) -> None:
    failed = [*cavendish_midway(), AbandonMission()]
    save(companion_home, "cavendish-failed", CAVENDISH, CAVENDISH_SETUP, failed)
    shown = run(capsys, "show", "cavendish-failed", "--json")
    check("cavendish", shown)
    assert (shown["status"], shown["result"]) == ("failed", "failed")
    assert not {"final_score", "winners", "score", "adjustments"} & set(shown)
    assert shown["waiting_for"] is None
    assert cli.main(["export", "cavendish-failed", "--format", "md"]) == 0
    exported = capsys.readouterr().out
    assert "Mission failed:" in exported and "## Score" not in exported and "Winner" not in exported


def test_a_shared_win_lists_every_winner(
    capsys: pytest.CaptureFixture[str], companion_home: Path
) -> None:
    setup = SojournsSetup(players=("Ana", "Ben", "Cy"), map="A")
    save(companion_home, "six-tied", SIX_SOJOURNS, setup, [CloseSojourn()])
    shown = run(capsys, "show", "six-tied", "--json")
    check("six-sojourns", shown)
    assert shown["winners"] == ["Ana", "Ben", "Cy"]
    assert "winners" not in shown["score"]


def test_every_example_in_the_json_guide_follows_its_schema() -> None:
    guide = (SCHEMAS.parent / "json.md").read_text("utf-8")
    examples = [json.loads(block) for block in re.findall(r"```json\n(.*?)\n```", guide, re.S)]
    named = [schema_of(example) for example in examples]
    assert set(named) == {*GAMES, "list", "games"}
    for name, example in zip(named, examples, strict=True):
        check(name, example)


def schema_of(example: dict[str, Any]) -> str:
    """The schema a guide's example follows: a game's, `list --json`'s or `games --json`'s."""
    return "games" if "left_out" in example else example.get("game", "list")
