"""Recorded plays: checked by each game's rules, kept as files of their own kind, counted by the
statistics like any play, edited and deleted as that kind only."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from companion import registry
from companion.core import RuleError
from companion.history.details import PlayDetails
from companion.history.recorded import (
    RecordedPlay,
    check,
    facts_of,
    parse_when,
    recorded_games,
)
from companion.history.records import plays_per_month, records
from saves.files import SaveError
from saves.games.store import SaveStore
from saves.games.writers import SaveConflict
from saves.history.plays import gather
from saves.history.recorded import RecordedStore
from saves.paths import recorded_dir
from saves.shared.settings import SettingsStore
from tests.support.toy import TALLY

WHEN = datetime(2026, 11, 29, 19, 30, tzinfo=UTC)


def play(game: str, players: tuple[str, ...], **fields: object) -> RecordedPlay:
    return RecordedPlay(game, WHEN, players, **fields)  # type: ignore[arg-type]


def test_each_game_records_the_shape_it_recorded_before_its_contract_held_it() -> None:
    """The shapes the history's own table held, now given by each game's `Game.recorded`."""
    shapes = {
        game_id: (
            rules.title,
            rules.min_players,
            rules.max_players,
            rules.cooperative,
            rules.outcomes,
            rules.scored,
            rules.lower_is_better,
        )
        for game_id, rules in recorded_games().items()
    }
    assert shapes == {
        "sojourn": ("Sojourn", 1, 1, True, ("won", "lost"), False, False),
        "six-sojourns": ("Six Sojourns", 1, 4, False, (), True, False),
        "cavendish": (
            "TIME Stories Revolution: Cavendish", 1, 4, True, ("won", "failed"), True, True
        ),
        "time-bastards": ("Time Bastards", 2, 2, False, (), True, False),
    }  # fmt: skip


@pytest.mark.parametrize(
    ("recorded", "status"),
    [
        (play("sojourn", ("Ana",), outcome="won"), "won"),
        (play("sojourn", ("Ana",), outcome="lost"), "lost"),
        (play("cavendish", ("Ana", "Ben"), outcome="won", scores={"Ana": 4, "Ben": 4}), "finished"),
        (play("cavendish", ("Ana", "Ben"), outcome="failed"), "failed"),
        (play("six-sojourns", ("Ana", "Ben"), scores={"Ana": 4, "Ben": 2}), "finished"),
        (play("time-bastards", ("Ana", "Ben"), scores={"Ana": 4, "Ben": 2}), "finished"),
    ],
)
def test_a_recorded_play_has_the_status_the_games_own_facts_give(
    recorded: RecordedPlay, status: str
) -> None:
    """A completed Cavendish mission is `finished`, as the game's own facts say."""
    assert facts_of(check(recorded)).status == status


@pytest.mark.parametrize(
    ("recorded", "winners"),
    [
        (play("six-sojourns", ("Ana", "Ben"), winners=("Ben",)), ("Ben",)),
        (play("time-bastards", ("Ana", "Ben"), winners=("Ana", "Ben")), ("Ana", "Ben")),
        (play("time-bastards", ("Ana", "Ben")), ()),
        (play("cavendish", ("Ana", "Ben"), outcome="won"), ("Ana", "Ben")),
    ],
)
def test_a_winner_only_play_counts_its_winners_and_no_score(
    recorded: RecordedPlay, winners: tuple[str, ...]
) -> None:
    """BG Stats' play logged with its winners only: counted in plays and wins, no score (none
    named in a competitive game: nobody won)."""
    facts = facts_of(check(recorded))
    assert (facts.winners, dict(facts.scores)) == (winners, {})


def test_when_a_play_started_is_read_as_typed() -> None:
    assert parse_when("", WHEN) == WHEN.astimezone()  # nothing typed: now
    assert parse_when("2026-11-29T19:30+01:00", WHEN).utcoffset() == timedelta(hours=1)
    local = parse_when("2026-11-29", WHEN)
    assert (local.date().isoformat(), local.tzinfo is not None) == ("2026-11-29", True)
    with pytest.raises(ValueError, match="'29/11' is not a date: 2026-11-29 or 2026-11-29T19:30"):
        parse_when("29/11", WHEN)


def test_a_game_without_a_recorded_shape_is_not_recorded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.GAMES, TALLY.id, TALLY)
    monkeypatch.setitem(registry.ADDED, TALLY.id, TALLY.title)
    assert TALLY.id not in recorded_games()
    with pytest.raises(RuleError, match="'tally' is not a game of the companion"):
        check(play(TALLY.id, ("Ana", "Ben"), scores={"Ana": 1, "Ben": 0}))


@pytest.mark.parametrize(
    ("recorded", "reason"),
    [
        (play("sojourn", ("Ana", "Ben"), outcome="won"), "Sojourn is played by 1, not 2."),
        (play("time-bastards", ("Ana",), scores={"Ana": 1}), "played by 2, not 1"),
        (play("time-bastards", ("Ana", "Ben"), scores={"Ana": 1}), "Ben: no score."),
        (
            play("time-bastards", ("Ana", "Ben"), scores={"Ana": 1, "Ben": 3}, winners=("Ana",)),
            "Ana cannot win with 1: the most in Time Bastards wins (3).",
        ),
        (play("sojourn", ("Ana",), outcome="won", scores={"Ana": 3}), "Sojourn has no score."),
        (
            play("cavendish", ("Ana", "Ben"), outcome="failed", scores={"Ana": 2, "Ben": 2}),
            "A failed play of TIME Stories Revolution: Cavendish has no score.",
        ),
        (
            play("cavendish", ("Ana", "Ben"), outcome="won", scores={"Ana": 2, "Ben": 3}),
            "one score for the whole group",
        ),
        (play("cavendish", ("Ana",), outcome="lost"), "ends won or failed, not 'lost'"),
        (play("six-sojourns", ("Ana", "ana"), scores={"Ana": 1, "ana": 2}), "named twice"),
        (play("six-sojourns", ("Zoë", "Zoe\u0308"), scores={}), "named twice"),
        (play("six-sojourns", ("Ana",), scores={"Ana": -1}), "from 0 to 9999"),
        (play("six-sojourns", ("Ana",), scores={"Ana": 5}, outcome="won"), "has a winner"),
        (play("chess", ("Ana",)), "not a game of the companion"),
        (
            play("sojourn", ("Ana",), outcome="won", details=PlayDetails(start_player="Ana")),
            "no start player",
        ),
        (
            play(
                "time-bastards",
                ("Ana", "Ben"),
                scores={"Ana": 1, "Ben": 0},
                details=PlayDetails(expansions=("places",)),
            ),
            "this game has no expansions",
        ),
    ],
)
def test_the_rules_refuse_what_their_game_cannot_give(recorded: RecordedPlay, reason: str) -> None:
    with pytest.raises(RuleError, match=reason.replace("(", r"\(").replace(")", r"\)")):
        check(recorded)


def test_a_competitive_play_without_winners_is_won_by_the_best_scores() -> None:
    tied = check(play("six-sojourns", ("Ana", "Ben", "Cy"), scores={"Ana": 9, "Ben": 9, "Cy": 2}))
    assert tied.winners == ("Ana", "Ben")
    coins = check(
        play("six-sojourns", ("Ana", "Ben"), scores={"Ana": 9, "Ben": 9}, winners=("Ben",))
    )
    assert coins.winners == ("Ben",)  # a tie broken by coins, which a record does not hold


def test_a_cooperative_result_is_everyones() -> None:
    won = check(play("cavendish", ("Ana", "Ben"), outcome="won", scores={"Ana": 4, "Ben": 4}))
    assert won.winners == ("Ana", "Ben")
    lost = check(play("sojourn", ("Zoe\u0308",), outcome="lost"))
    assert lost.winners == () and lost.players == ("Zoë",)  # one normal form


def test_records_take_the_best_score_each_way_and_months_show_their_gaps(
    tmp_path: Path,
) -> None:
    store = RecordedStore(tmp_path, lambda: WHEN)
    for crystals, day in ((5, 0), (2, 1), (7, -1)):
        store.add(
            RecordedPlay(
                "cavendish",
                WHEN + timedelta(days=day),
                ("Ana",),
                {"Ana": crystals},
                (),
                "won",
            )
        )
    store.add(RecordedPlay("six-sojourns", WHEN + timedelta(days=40), ("Ana",), {"Ana": 30}))
    plays, _ = gather(SaveStore(tmp_path), SettingsStore(tmp_path))
    assert records(plays) == {"Ana": {"cavendish": 2, "six-sojourns": 30}}
    months = plays_per_month(plays)
    assert [count for _month, count in months] == [3, 0, 1]


def test_the_statistics_count_recorded_plays_like_any_play(tmp_path: Path) -> None:
    RecordedStore(tmp_path, lambda: WHEN).add(
        play("time-bastards", ("Ana", "Ben"), scores={"Ana": 3, "Ben": 1})
    )
    plays, unreadable = gather(SaveStore(tmp_path), SettingsStore(tmp_path))
    (only,) = plays
    assert unreadable == [] and only.finished and only.facts.winners == ("Ana",)


def test_edit_and_delete_work_on_that_kind_only_and_never_over_another_edit(
    tmp_path: Path,
) -> None:
    store = RecordedStore(tmp_path, lambda: WHEN)
    entry = store.add(play("sojourn", ("Ana",), outcome="won"))
    assert entry.id.startswith("recorded-sojourn-")
    edited = store.replace(entry, play("sojourn", ("Ana",), outcome="lost"))
    assert store.load(entry.id).play.outcome == "lost"
    with pytest.raises(SaveConflict):
        store.replace(entry, play("sojourn", ("Ana",), outcome="won"))  # read before the edit
    with pytest.raises(SaveError):
        store.path_for("sojourn-20261129-120000")  # a game save is not this kind
    store.delete(edited)
    assert store.listing() == ([], [])


def test_a_damaged_or_other_file_is_reported_and_left_alone(tmp_path: Path) -> None:
    folder = recorded_dir(tmp_path)
    folder.mkdir(parents=True)
    bad = folder / "recorded-sojourn-1.toml"
    bad.write_text('format = 1\nkind = "game"\n', encoding="utf-8")
    refused = folder / "recorded-sojourn-2.toml"
    refused.write_text(
        'format = 1\nkind = "recorded"\nid = "recorded-sojourn-2"\ngame = "sojourn"\n'
        "played = 2026-11-29T19:30:00Z\nrecorded = 2026-11-29T19:30:00Z\n"
        'players = ["Ana", "Ben"]\noutcome = "won"\n',
        encoding="utf-8",
    )
    entries, unreadable = RecordedStore(tmp_path, lambda: WHEN).listing()
    assert entries == []
    assert [u.reason for u in unreadable] == [
        "not a recorded play (kind is 'game')",
        "refused by the rules: Sojourn is played by 1, not 2.",
    ]
    assert bad.read_text(encoding="utf-8") == 'format = 1\nkind = "game"\n'


def test_the_documented_recorded_file_loads_as_written(tmp_path: Path) -> None:
    page = (Path(__file__).parents[2] / "docs" / "bgstats.md").read_text(encoding="utf-8")
    block = page.split("<!-- example: recorded -->\n```toml\n", 1)[1].split("\n```", 1)[0]
    folder = recorded_dir(tmp_path)
    folder.mkdir(parents=True)
    (folder / "recorded-cavendish-20261129-193000.toml").write_text(block, encoding="utf-8")
    (entry,), unreadable = RecordedStore(tmp_path, lambda: WHEN).listing()
    assert unreadable == []
    assert entry.play.details == PlayDetails("Ana's kitchen", "Ben", 95, (), "close one")
    assert entry.play.source == "5676d384-cc5e-5cee-b7c9-8f243ce4853d"
    assert entry.play.player_sources == {
        "Ana": "3B985399-5434-4CEB-A8D0-577578782CC6",
        "Ben": "75c16940-5255-41ab-a233-f721a7442d05",
    }
