"""The statistics against an independent count: generated histories (renames, aliases, two
Unicode spellings, campaigns, co-op and solo games, plays all over the world's time zones) are
counted here by plain loops that share no code with `companion/history/stats.py`, and every figure
of
`companion stats --json` must agree. Small by default; 2,000 plays under `-m slow`."""

from __future__ import annotations

import random
import unicodedata
from datetime import UTC, date, datetime, timedelta, timezone
from typing import Any

import pytest

from companion.core import Facts
from companion.history.plays import Play
from companion.history.stats import Filter, renamed
from saves.history.plays import stats_data

NAMES = ["Ana", "Ben", "Cy", "Zo\u00eb", "Zoe\u0308", "Anna", "Dee"]
""""Zoë" in both Unicode forms; "Anna" is renamed to "Ana" (an alias) in every history."""
ALIASES = {"Anna": "Ana", "Dee": "Cy"}
SPELLINGS = {"Zoe\u0308": "Zo\u00eb", **ALIASES}
"""How a name is counted, written out by hand (NFC then the alias)."""
START = datetime(2025, 1, 1, tzinfo=UTC)
CATEGORIES = ("spaces", "trades", "serpents", "feuds")
BASE = ("spaces", "trades")
"""The categories every game has; the others only the games whose expansion was chosen."""


def history(count: int, seed: int) -> list[Play]:
    """`count` plays of the four games; at most one spelling of a player per play."""
    rng = random.Random(seed)
    plays = []
    for number in range(count):
        game = rng.choice(["six-sojourns", "cavendish", "sojourn", "time-bastards"])
        seats = {"sojourn": 1, "time-bastards": 2}.get(game, rng.randint(1, 4))
        people: dict[str, str] = {}
        for name in rng.sample(NAMES, len(NAMES)):
            people.setdefault(SPELLINGS.get(name, name), name)  # one spelling per person
        players = tuple(list(people.values())[:seats])
        status = rng.choice(["finished", "finished", "finished", "playing"])
        scores: dict[str, int] = {}
        winners: tuple[str, ...] = ()
        cooperative = game in ("cavendish", "sojourn") or (
            game == "time-bastards" and rng.random() < 0.3
        )
        campaign = game == "six-sojourns" and rng.random() < 0.2
        if status != "playing":
            if game == "sojourn":
                status = rng.choice(["won", "lost"])
                winners = players if status == "won" else ()
            elif cooperative:
                won = rng.random() < 0.5
                status = "finished" if won or game != "cavendish" else "failed"
                team = rng.randint(0, 12)
                scores = {} if game == "cavendish" and not won else dict.fromkeys(players, team)
                winners = players if won else ()
            else:
                top = 200 if campaign else 50
                scores = {name: rng.randint(0, top) for name in players}
                best = max(scores.values())
                winners = tuple(n for n in players if scores[n] == best)
        details: dict[str, Any] = {}
        if game == "six-sojourns" and scores:
            chosen = [c for c in CATEGORIES if c in BASE or rng.random() < 0.5]  # expansions
            details["categories"] = {
                name: {c: rng.choice([0, 0, 1, 3, 5]) for c in chosen} for name in players
            }
        facts = Facts(
            status,
            players,
            scores,
            winners,
            cooperative,
            lower_is_better=game == "cavendish",
            campaign=campaign,
            details=details,
        )
        ended = START + timedelta(hours=rng.randint(0, 24 * 600), minutes=rng.randint(0, 59))
        offset = rng.choice([-480, -300, 0, 60, 330, 600, None])
        plays.append(
            Play(f"p-{number:05d}", game, ended - timedelta(hours=1), ended, facts, offset)
        )
    return plays


def counted_as(name: str) -> str:
    name = unicodedata.normalize("NFC", name)
    return ALIASES.get(name, name)


def local_day(play: Play) -> date:
    if play.utc_offset is None:
        return play.ended.astimezone().date()
    return play.ended.astimezone(timezone(timedelta(minutes=play.utc_offset))).date()


def expected(plays: list[Play], since: date | None, until: date | None) -> dict[str, Any]:
    """Every figure of `stats --json` but the game notes, counted by hand."""
    kept = [p for p in plays if (since is None or local_day(p) >= since)]
    kept = [p for p in kept if until is None or local_day(p) <= until]
    kept.sort(key=lambda p: (p.ended, p.save_id))
    games: dict[str, Any] = {}
    players: dict[str, Any] = {}
    for play in kept:
        game = games.setdefault(
            play.game_id, {"plays": 0, "in_progress": 0, "wins": 0, "scores": [], "last": None}
        )
        game["last"] = play
        if play.facts.status == "playing":
            game["in_progress"] += 1
            continue
        game["plays"] += 1
        seated = [counted_as(n) for n in play.facts.players]
        alone = len(seated) == 1
        # a play of one against the game is solo; one player alone in a scored game has no goal
        what = (
            ("solo" if alone else "co-op")
            if play.facts.cooperative
            else (None if alone else "competitive")
        )
        winners = {counted_as(n) for n in play.facts.winners} if what else set()
        game["wins"] += bool(winners)
        for raw in play.facts.players:
            name = counted_as(raw)
            person = players.setdefault(
                name, {"plays": 0, "wins": 0, "results": [], "games": {}, "h2h": {}, "kinds": {}}
            )
            person["plays"] += 1
            person["wins"] += name in winners
            if what:
                person["results"].append(name in winners)
                tally = person["kinds"].setdefault(what, [0, 0])
                tally[0] += name in winners
                tally[1] += 1
            mine = person["games"].setdefault(play.game_id, {"plays": 0, "wins": 0, "scores": []})
            mine["plays"] += 1
            mine["wins"] += name in winners
            if not play.facts.campaign and raw in play.facts.scores:
                mine["scores"].append(play.facts.scores[raw])
                game["scores"].append(play.facts.scores[raw])
            for other in seated:
                if other != name:
                    row = person["h2h"].setdefault(other, [0, 0, 0])
                    row[0] += 1
                    row[1] += name in winners and other not in winners
                    row[2] += other in winners and name not in winners

    def scores(values: list[int], low: bool) -> dict[str, Any]:
        return {
            "average_score": round(sum(values) / len(values), 2) if values else None,
            "best_score": (min(values) if low else max(values)) if values else None,
            "lower_is_better": low,
        }

    def streaks(results: list[bool]) -> tuple[int, int]:
        run = best = 0
        for won in results:
            run = run + 1 if won else 0
            best = max(best, run)
        return run, best

    out_games = {}
    for game_id, game in games.items():
        low = game_id == "cavendish"
        last = game["last"]
        local = last.ended.astimezone(
            timezone(timedelta(minutes=last.utc_offset)) if last.utc_offset is not None else None
        )
        out_games[game_id] = {
            "plays": game["plays"],
            "in_progress": game["in_progress"],
            "wins": game["wins"],
            **scores(game["scores"], low),
            "last_played": local.isoformat(),
        }
    out_players = {}
    for name in sorted(players, key=str.casefold):
        person = players[name]
        streak, best = streaks(person["results"])
        out_players[name] = {
            "plays": person["plays"],
            "wins": person["wins"],
            "win_rate": round(person["wins"] / max(len(person["results"]), 1), 3),
            "win_rate_by_kind": {
                k: round(person["kinds"][k][0] / person["kinds"][k][1], 3)
                for k in ("competitive", "co-op", "solo")
                if k in person["kinds"]
            },
            "streak": streak,
            "best_streak": best,
            "games": {
                game_id: {
                    "plays": row["plays"],
                    "wins": row["wins"],
                    **scores(row["scores"], game_id == "cavendish"),
                }
                for game_id, row in person["games"].items()
            },
            "head_to_head": {
                other: {"played": r[0], "won": r[1], "lost": r[2]}
                for other, r in sorted(person["h2h"].items(), key=lambda i: i[0].casefold())
            },
        }
    return {"games": out_games, "players": out_players}


def six_sojourns_notes(plays: list[Play]) -> dict[str, Any]:
    """The Six Sojourns notes counted by hand: categories in play (those a game's facts hold),
    the winner's strict leads, the average points over the games each was in play, and the
    campaign table (a solo game or campaign is never won)."""
    in_play: dict[str, int] = {}
    led: dict[str, int] = {}
    points: dict[str, list[int]] = {}
    campaigns: dict[str, dict[str, Any]] = {}
    for play in plays:
        if play.game_id != "six-sojourns" or play.facts.status == "playing":
            continue
        winners = {counted_as(n) for n in play.facts.winners}
        if len(play.facts.players) == 1:
            winners = set()  # a game played alone has no win (docs/stats.md, issue 42)
        if play.facts.campaign:
            for raw in play.facts.players:
                row = campaigns.setdefault(
                    counted_as(raw), {"played": 0, "won": 0, "points": 0, "best": None}
                )
                row["played"] += 1
                row["won"] += counted_as(raw) in winners
                row["points"] += play.facts.scores[raw]
                row["best"] = max(row["best"] or 0, play.facts.scores[raw])
            continue
        sheets = play.facts.details.get("categories", {})
        for category in CATEGORIES:
            if not any(category in sheet for sheet in sheets.values()):
                continue  # its expansion was not chosen: not in play, no 0s averaged in
            values = {counted_as(n): sheet[category] for n, sheet in sheets.items()}
            points.setdefault(category, []).extend(values.values())  # 0s in play count
            in_play[category] = in_play.get(category, 0) + 1
            top = max(values.values())
            leaders = [n for n, v in values.items() if v == top]
            led[category] = led.get(category, 0) + (len(leaders) == 1 and leaders[0] in winners)
    ordered = sorted(campaigns.items(), key=lambda item: (-item[1]["won"], -item[1]["points"]))
    return {
        "average_points": {c: round(sum(v) / len(v), 2) for c, v in points.items()},
        "in_play": in_play,
        "winner_led": led,
        "campaigns": dict(ordered),
    }


def compare(plays: list[Play], since: date | None = None, until: date | None = None) -> None:
    data = stats_data(renamed(plays, ALIASES), Filter(since=since, until=until))
    own = {"plays", "in_progress", "wins", "average_score", "best_score", "lower_is_better"}
    printed = {
        game_id: {k: v for k, v in game.items() if k in own | {"last_played"}}
        for game_id, game in data["games"].items()
    }
    wanted = expected(plays, since, until)
    assert printed == wanted["games"]
    assert data["players"] == wanted["players"]
    six = data["games"].get("six-sojourns", {})
    notes = {key: six.get(key) for key in ("average_points", "in_play", "winner_led", "campaigns")}
    kept = [p for p in plays if (since is None or local_day(p) >= since)]
    kept = [p for p in kept if until is None or local_day(p) <= until]
    wanted_notes = six_sojourns_notes(sorted(kept, key=lambda p: (p.ended, p.save_id)))
    assert {k: dict(sorted(v.items())) if k != "campaigns" else v for k, v in notes.items()} == {
        k: dict(sorted(v.items())) if k != "campaigns" else v for k, v in wanted_notes.items()
    }


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_small_history_agrees(seed: int) -> None:
    compare(history(120, seed))


def test_a_date_range_by_local_dates_agrees() -> None:
    compare(history(200, 9), date(2025, 3, 1), date(2025, 9, 30))


@pytest.mark.slow
def test_two_thousand_plays_agree() -> None:
    compare(history(2000, 2026))
    compare(history(2000, 7), date(2025, 6, 1), date(2026, 1, 31))
