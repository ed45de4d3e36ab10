"""`companion act ID ACTION FIELD=VALUE ...`: one action applied from the command line through
the game's transaction, each value read by its field's declared type; every refusal is one line
on stderr, exit code 2 and the file left byte for byte as it was."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.six_sojourns.actions import AdjustCoins, SetThresholds
from companion.six_sojourns.game import SIX_SOJOURNS
from companion.six_sojourns.model import START_COINS, Threshold, Thresholds
from companion.six_sojourns.setup import SojournsSetup
from saves.games.journal import Draft
from saves.games.store import SavedGame, SaveStore
from tests.cli.conftest import Run
from tests.conftest import fixed_clock
from tests.support.samples import install_sample


def new_game(home: Path, *players: str) -> str:
    """A Six Sojourns game in its first turn, saved in format 2; its id."""
    saved = SaveStore(home, fixed_clock).create(SIX_SOJOURNS, SojournsSetup(players=players))
    return saved.id


def sample(home: Path, game_id: str) -> str:
    """A shipped sample, already brought to format 2 (loading a format 1 file rewrites it)."""
    save_id = install_sample(home, game_id)
    SaveStore(home, fixed_clock).load(save_id)
    return save_id


def game_file(home: Path, save_id: str) -> Path:
    return home / "games" / f"{save_id}.toml"


def test_an_action_is_appended_as_one_record_and_its_log_line_printed(
    run: Run, companion_home: Path
) -> None:
    save_id = new_game(companion_home, "Nan", "Ben")
    before = game_file(companion_home, save_id).read_text("utf-8")
    code, out, err = run("act", save_id, "AdjustCoins", "player=Nan", "delta=1")
    after = game_file(companion_home, save_id).read_text("utf-8")
    saved = SaveStore(companion_home).load(save_id)
    assert (code, err) == (0, "")
    assert out == f"{saved.session.history[-1]}\n"
    assert after.startswith(before) and after[len(before) :].count("\n") == 1
    last = after.splitlines()[-1]
    number = saved.record_count
    assert last.startswith(f"r{number} = {{") and 'by = "t' in last
    assert saved.session.actions == [AdjustCoins("Nan", 1)]  # `Nan` is a name, not a number
    assert saved.session.state.sheet.player("Nan").coins == START_COINS + 1


def test_a_text_field_keeps_what_was_typed(run: Run, companion_home: Path) -> None:
    save_id = new_game(companion_home, "true", "1")
    assert run("act", save_id, "AdjustCoins", "player=true", "delta=+2")[0] == 0
    assert run("act", save_id, "AdjustCoins", "player=1", "delta=-1")[0] == 0
    actions = SaveStore(companion_home).load(save_id).session.actions
    assert actions == [AdjustCoins("true", 2), AdjustCoins("1", -1)]


def test_a_name_with_control_characters_is_printed_as_symbols(
    run: Run, companion_home: Path
) -> None:
    save_id = new_game(companion_home, "Ana\x1b[31m", "Ben")
    code, out, err = run("act", save_id, "AdjustCoins", "player=Ana\x1b[31m", "delta=1")
    assert (code, err) == (0, "")
    assert out == "Ana\u241b[31m gains 1 coin\n"
    code, _, err = run("act", save_id, "AdjustCoins", "player=Ana\x1b[32m", "delta=1")
    assert code == 2 and "\x1b" not in err and err.count("\n") == 1


def test_json_prints_the_game_as_show_json_does(run: Run, companion_home: Path) -> None:
    save_id = new_game(companion_home, "Ana", "Ben")
    code, out, err = run("act", save_id, "adjustcoins", "delta=3", "player=Ben", "--json")
    assert (code, err) == (0, "")
    acted = json.loads(out)
    assert acted == json.loads(run("show", save_id, "--json")[1])
    assert acted["history"][-1].startswith("Ben")


def test_lists_comma_separated_and_tables_as_json(run: Run, companion_home: Path) -> None:
    save_id = new_game(companion_home, "Ana", "Ben")
    thresholds = '{"cooking": {"first": 6, "second": 10}}'
    assert run("act", save_id, "SetThresholds", f"thresholds={thresholds}")[0] == 0
    saved = SaveStore(companion_home).load(save_id)
    assert saved.session.state.thresholds.cooking == Threshold(6, 10)
    assert 'was = "cooking 5/9, carpentry 5/8' in game_file(companion_home, save_id).read_text()
    sojourn = sample(companion_home, "sojourn")
    code, _, err = run("act", sojourn, "DrawTimestream", "cards=loop,battery")
    assert code == 2 and "left or right" in err  # read as two cards; the rules wait for a side


def test_without_an_action_the_games_actions_are_listed(run: Run, companion_home: Path) -> None:
    save_id = sample(companion_home, "sojourn")
    code, out, _ = run("act", save_id)
    assert code == 0
    assert "  PlaceSide: side (left|right)\n" in out
    assert "  DrawTimeFragment: no fields\n" in out
    assert "source (app|physical, default app)" in out
    assert out.endswith(
        "Waiting for left or right for Woodstock: the spot above Pearl Harbor is taken.\n"
    )


def finished_cavendish(home: Path) -> str:
    from companion.cli.act import act

    save_id = sample(home, "cavendish")
    assert act(SaveStore(home), save_id, "AbandonMission", [], by="tsetup").status == "failed"
    return save_id


REFUSALS: list[tuple[str, list[str], str]] = [
    ("six", ["AdjustCoins", "player=Zed", "delta=1"], "There is no player 'Zed'"),
    ("six", ["AdjustCoins", "player=Ana", "delta=0"], "coins other than 0"),
    ("six", ["Fly"], "'Fly' is not an action of Six Sojourns; its actions: TakeCard, AdjustCoins"),
    ("six", ["AdjustCoins", "player=Ana", "colour=red"], "has no field 'colour'; its fields: "),
    ("six", ["AdjustCoins", "player=Ana"], "AdjustCoins needs delta; its fields: player (text)"),
    ("six", ["AdjustCoins", "player=Ana", "delta"], "'delta' is not FIELD=VALUE"),
    ("six", ["AdjustCoins", "player=Ana", "player=Ben", "delta=1"], "player is given twice"),
    ("six", ["AdjustCoins", "player=Ana", "delta=1.5"], "delta: '1.5' is not a whole number"),
    ("six", ["AdjustCoins", "player=Ana", "delta=nan"], "delta: 'nan' is not a whole number"),
    ("six", ["AdjustCoins", "player=Ana", "delta=٣"], "is not a whole number"),
    ("six", ["AdjustCoins", "player=Ana", "delta=9223372036854775808"], "too large for a game"),
    ("six", ["AdjustCoins", "player=Ana", f"delta={'9' * 5000}"], "too large for a game"),
    ("six", ["ScoreBy", "mode=pad", "tokens=burn"], "tokens: 'burn' is not one of \"\", convert"),
    ("six", ["SetThresholds", "thresholds=5"], "give the table as JSON"),
    ("six", ["SetThresholds", 'thresholds={"cooking": NaN}'], "NaN is not a number"),
    ("six", ["SetThresholds", 'thresholds={"baking": {}}'], "unknown key 'baking'"),
    ("sojourn", ["DrawTimeFragment"], "waiting for left or right for Woodstock: the spot above"),
    ("sojourn", ["PlaceSide", "side=up"], "side: 'up' is not one of left, right"),
    ("sojourn", ["Travel", "destination=1", "paradox=maybe"], "'maybe' is not true or false"),
    ("sojourn", ["DrawTimestream", "cards=loop,joker"], "cards[1]: 'joker' is not one of"),
    ("cavendish-over", ["LeaveLocation"], "the game is over (failed): it takes no more actions"),
]


@pytest.mark.parametrize(("where", "words", "said"), REFUSALS)
def test_a_refusal_is_one_line_exit_2_and_the_file_unchanged(
    run: Run, companion_home: Path, where: str, words: list[str], said: str
) -> None:
    made = {
        "six": lambda: new_game(companion_home, "Ana", "Ben"),
        "sojourn": lambda: sample(companion_home, "sojourn"),
        "cavendish-over": lambda: finished_cavendish(companion_home),
    }
    save_id = made[where]()
    before = game_file(companion_home, save_id).read_bytes()
    assert_refused(run("act", save_id, *words), said)
    assert game_file(companion_home, save_id).read_bytes() == before


def assert_refused(result: tuple[int, str, str], said: str) -> None:
    code, out, err = result
    assert (code, out) == (2, "")
    assert err.startswith(("companion: ", "companion act: ")) and err.count("\n") == 1
    assert said in err


def test_an_unknown_game_is_refused_and_nothing_made(run: Run, companion_home: Path) -> None:
    assert_refused(run("act", "nothing-here", "TakeCard", "cost=1"), "no such file")
    assert_refused(run("act", "nothing-here"), "no such file")
    assert_refused(run("act", "../etc", "TakeCard"), "is not a save id")
    assert not (companion_home / "games").exists()


def test_json_without_an_action_is_refused(run: Run, companion_home: Path) -> None:
    save_id = new_game(companion_home, "Ana", "Ben")
    assert_refused(run("act", save_id, "--json"), "--json goes with an ACTION")


def test_a_game_another_device_is_saving_is_refused(run: Run, companion_home: Path) -> None:
    save_id = new_game(companion_home, "Ana", "Ben")
    path = game_file(companion_home, save_id)
    before = path.read_bytes()
    with SaveStore(companion_home).game_lock(save_id):
        result = run("act", save_id, "AdjustCoins", "player=Ana", "delta=1")
    assert_refused(result, "another device is saving this game: try again")
    assert path.read_bytes() == before


class Racing(SaveStore):
    """A store whose game another device changes right after this one has read it."""

    def load(self, save_id: str) -> SavedGame:
        saved = super().load(save_id)
        other = SaveStore(self.home, fixed_clock)
        theirs = other.open_for_play(save_id)
        quick = SetThresholds(Thresholds(cooking=Threshold(4, 8)))
        other.transact(theirs, lambda _theirs: [Draft("do", quick)], by="b0123456789a")
        return saved


def test_a_value_another_device_set_meanwhile_is_not_written_over(
    companion_home: Path,
) -> None:
    from companion.cli.act import ActError, act

    save_id = new_game(companion_home, "Ana", "Ben")
    path = game_file(companion_home, save_id)
    thresholds = 'thresholds={"cooking": {"first": 6, "second": 10}}'
    with pytest.raises(
        ActError, match="changed on another device meanwhile: it is now cooking 4/8"
    ):
        act(Racing(companion_home), save_id, "SetThresholds", [thresholds], by="tabc")
    assert "first = 6" not in path.read_text() and "first = 4" in path.read_text()


def test_the_answer_to_the_question_waiting_is_taken(run: Run, companion_home: Path) -> None:
    save_id = sample(companion_home, "sojourn")
    code, out, _ = run("act", save_id, "PlaceSide", "side=left")
    assert code == 0 and out.startswith("Opened Woodstock")
    saved = SaveStore(companion_home).load(save_id)
    assert saved.game.waiting_for(saved.session.state).kind != "place-card"


class Replacing(SaveStore):
    """A store whose game's file another program writes anew right after this one read it."""

    def load(self, save_id: str) -> SavedGame:
        saved = super().load(save_id)
        path = self.path_for(save_id)
        copy = path.with_suffix(".new")
        copy.write_bytes(path.read_bytes())
        copy.replace(path)
        return saved


def test_a_file_rewritten_meanwhile_or_a_full_disk_is_not_written(
    companion_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno
    import os

    from companion.cli.act import ActError, act

    save_id = new_game(companion_home, "Ana", "Ben")
    path = game_file(companion_home, save_id)
    before = path.read_bytes()
    coins = ["player=Ana", "delta=1"]
    with pytest.raises(ActError, match=r"not saved: .* was replaced by another program"):
        act(Replacing(companion_home), save_id, "AdjustCoins", coins, by="tabc")

    def full(*_args: object) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "pwrite", full)
    with pytest.raises(ActError, match=r"^not saved: No space left on device$"):
        act(SaveStore(companion_home), save_id, "AdjustCoins", coins, by="tabc")
    assert path.read_bytes() == before


def test_a_value_read_by_its_declared_type() -> None:
    from companion.cli.act import ActError, read_value

    assert read_value(bool, "Yes", "f") is True and read_value(bool, "0", "f") is False
    assert read_value(float, "2.5e3", "f") == 2500.0
    assert read_value(str | None, "", "f") is None and read_value(int | None, "7", "f") == 7
    assert read_value(tuple[str, ...], "", "f") == []
    assert read_value(tuple[str, ...], "Ana, Ben", "f") == ["Ana", "Ben"]
    assert read_value(tuple[int, bool], "3,no", "f") == [3, False]
    assert read_value(tuple[tuple[str, int], ...], '[["Amy", 1]]', "f") == [["Amy", 1]]
    for hint, text, said in [
        (float, "inf", "'inf' is not a number"),
        (int | None, "x", "'x' is not a whole number"),
        (tuple[int, bool], "3", "takes 2 comma-separated values, not 1"),
        (tuple[tuple[str, int], ...], "Amy,1", "give the list as a JSON array"),
        (tuple[str, ...], "[1,", "not valid JSON"),
    ]:
        with pytest.raises(ActError, match=said):
            read_value(hint, text, "f")


async def test_an_open_window_follows_an_action_from_the_command_line(
    make_test_app: Callable[..., Any], companion_home: Path
) -> None:
    import asyncio
    import os
    import sys

    from tests.support.waiting import pause_until
    from widgets.play.game_screen import GameScreen

    save_id = new_game(companion_home, "Nan", "Ben")
    app = make_test_app(start=lambda app: app.open_saved(save_id))
    root = Path(__file__).resolve().parents[2]
    async with app.run_test(size=(80, 24)) as pilot:
        await pause_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen) and not screen.session.actions
        command = await asyncio.create_subprocess_exec(
            sys.executable,
            *("-m", "companion", "act", save_id, "AdjustCoins", "player=Nan", "delta=2"),
            cwd=root,
            env={**os.environ, "COMPANION_HOME": str(companion_home)},
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        out, err = await command.communicate()
        assert (command.returncode, err) == (0, b"")
        await pause_until(pilot, lambda: bool(screen.session.actions))
        assert screen.session.actions == [AdjustCoins("Nan", 2)]
        assert screen.state.sheet.player("Nan").coins == START_COINS + 2
        assert out.decode() == f"{screen.last_line()}\n"
        assert screen.saved.origins[-1].by.startswith("t")


def test_the_listing_names_only_the_agents_in_play_and_an_agent_is_read_in_any_case(
    run: Run, companion_home: Path
) -> None:
    save_id = sample(companion_home, "cavendish")  # Amy, Anton and Doug: no Jennifer
    code, out, _ = run("act", save_id)
    assert code == 0
    assert "  GainAzrak: agent (Amy|Anton|Doug), amount (whole number)\n" in out
    assert "Jennifer" not in out
    code, out, err = run("act", save_id, "TakeFear", "agent=amy", "count=1")
    assert (code, err) == (0, "")
    assert SaveStore(companion_home).load(save_id).session.actions[-1].agent == "Amy"
