"""`companion record`, `companion import` and `companion plays --format bgstats`: the commands'
own logic (`companion/cli/` only wires them in). Errors are `ValueError`s the command prints in
one line.
"""

from __future__ import annotations

import argparse
from datetime import date
from pathlib import Path

from companion.cli.stats import say_left_out
from companion.core import RuleError
from companion.history.bgstats_import import FileProblem
from companion.history.details import PlayDetails, parse_minutes, whole_number
from companion.history.recorded import RecordedPlay, parse_when, recorded_game, rules_of_play
from companion.history.stats import Filter, select
from lang import t, tr
from saves.games.store import SaveStore, utc_now
from saves.history.bgstats import bgstats_text, import_file, import_report, push_link_of
from saves.history.plays import gather
from saves.history.recorded import RecordedStore
from saves.shared.lock import Busy
from saves.shared.settings import SettingsStore


def play_from_args(args: argparse.Namespace) -> RecordedPlay:
    """The play the `record` command describes (checked when it is added)."""
    names, scores = [], {}
    for given in args.player:
        name, has_score, points = given.partition("=")
        names.append(name)
        if has_score:
            try:
                scores[name.strip()] = whole_number(points)
            except ValueError:
                raise ValueError(
                    t(
                        "{player}'s score '{points}' is not a whole number",
                        player=name,
                        points=points,
                    )
                ) from None
    rules = recorded_game(args.game)
    if args.score is not None:
        if not rules.cooperative:
            raise ValueError(
                t("--score is a co-op group's score: give each player's as NAME=SCORE")
            )
        scores = dict.fromkeys(names, args.score)
    try:
        minutes = parse_minutes(args.duration)
    except RuleError as error:
        raise ValueError(error) from None
    details = PlayDetails(
        args.location, args.start_player, minutes, tuple(args.expansion), args.notes
    )
    return RecordedPlay(
        args.game,
        parse_when(args.date, utc_now()),
        tuple(names),
        scores,
        tuple(args.winner),
        args.outcome or "",
        details,
    )


def run_record(home: Path, args: argparse.Namespace) -> str:
    try:
        entry = RecordedStore(home, utc_now).add(play_from_args(args))
    except RuleError as error:
        raise ValueError(error) from None
    play = entry.play
    told = t(
        "Recorded {id}: {game}, {result}.",
        id=entry.id,
        game=recorded_game(play.game_id).title,
        result=result_words(play),
    )
    return told + "\n"


def result_words(play: RecordedPlay) -> str:
    """Who played and how it ended, as recorded: every player with their score, then the winner
    (and whether a tie-break decided), the shared win, or a group's outcome and score."""
    rules = rules_of_play(play)
    if rules.cooperative:
        group = names_and(play.players)
        outcome = outcome_word(play.outcome)
        if not play.scores:
            return t("{group}: {outcome}", group=group, outcome=outcome)
        score = next(iter(play.scores.values()))
        if rules.lower_is_better:
            return t(
                "{group}: {outcome}, score {score} (lower is better)",
                group=group,
                outcome=outcome,
                score=score,
            )
        return t("{group}: {outcome}, score {score}", group=group, outcome=outcome, score=score)
    players = ", ".join(
        f"{name} {play.scores[name]}" if name in play.scores else name for name in play.players
    )
    if not play.winners:
        return t("{players}: nobody won", players=players)
    if len(play.winners) > 1:
        return t(
            "{players}: {winners} share the win", players=players, winners=names_and(play.winners)
        )
    winner = play.winners[0]
    tied = [name for name in play.scores if play.scores[name] == play.scores.get(winner)]
    if len(tied) > 1:
        return t("{players}: {winner} won on the tie-break", players=players, winner=winner)
    return t("{players}: {winner} won", players=players, winner=winner)


def names_and(names: tuple[str, ...]) -> str:
    """Players' names as one group: "Ana and Bo", "Ana and Bo and Cy" (as recorded)."""
    # TRANSLATORS: between the names of players who played or won together.
    return t(" and ").join(names)


def outcome_word(outcome: str) -> str:
    """A co-op play's outcome (an id in the file: `won`, `lost`, `failed`) in the reader's
    words."""
    return {"won": t("won"), "lost": t("lost"), "failed": t("failed")}.get(outcome, outcome)


def run_import(home: Path, path: str) -> str:
    try:
        result, written = import_file(home, path)
    except FileProblem as error:
        raise ValueError(t("{path}: {problem}", path=path, problem=error)) from None
    except Busy:
        raise ValueError(
            t(
                "{path}: another import is still running; nothing was imported (try again when "
                "it has ended)",
                path=path,
            )
        ) from None
    return tr(import_report(result, written))


def parse_day(text: str | None, flag: str) -> date | None:
    if text is None:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise ValueError(
            t("{flag} '{text}' is not a date: 2026-11-29", flag=flag, text=text)
        ) from None


def plays_bgstats(home: Path, keep: Filter, me: str = "") -> str:
    """`companion plays --format bgstats`: the play file of the plays the filter keeps."""
    plays, unreadable = gather(SaveStore(home), SettingsStore(home))
    say_left_out(home, unreadable)
    return bgstats_text(home, select(plays, keep), me)


def bgstats_link(home: Path, save_id: str) -> str:
    """`companion plays --bgstats-link ID`: BG Stats' push link of one finished play."""
    plays, _unreadable = gather(SaveStore(home), SettingsStore(home))
    found = [play for play in plays if play.save_id == save_id]
    if not found:
        raise ValueError(
            t("no play '{id}' (companion list, or the plays list on Stats)", id=save_id)
        )
    link = push_link_of(home, found[0])
    if link is None:
        raise ValueError(
            t("'{id}' has not ended: only a finished play goes to BG Stats", id=save_id)
        )
    return link + "\n"


def run_play_command(home: Path, args: argparse.Namespace) -> str:
    """What `record`, `import`, `plays --format bgstats` or `plays --bgstats-link` prints;
    ValueError for what is refused, in words."""
    if args.play_command == "link":
        return bgstats_link(home, args.bgstats_link)
    if args.play_command == "plays":
        since, until = parse_day(args.since, "--since"), parse_day(args.until, "--until")
        keep = Filter(game=args.game, player=args.player, since=since, until=until)
        return plays_bgstats(home, keep, args.me or "")
    if args.play_command == "record":
        return run_record(home, args)
    return run_import(home, args.file)
