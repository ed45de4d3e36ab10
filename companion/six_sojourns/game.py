"""Six Sojourns: the game as the companion knows it (setup, entries, scoring, campaign).

The rules live in modules of this package; this one names the actions in the log, describes a
game for `companion show`, totals a campaign and builds the `Game`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.core import Game, JsonValue, Result, Score, ScoreLine, SeatOption, WaitingFor
from companion.phrases import Phrase, joined, phrase, phrase_n
from companion.six_sojourns import GAME_ID, TITLE, history
from companion.six_sojourns.actions import (
    ACTIONS,
    AdjustCoins,
    CloseSojourn,
    EnterCount,
    EnterSpace,
    PayCoins,
    PlaceSerpent,
    PlaceShrine,
    PlaceUpgrade,
    RemoveSpace,
    RemoveUpgrade,
    ScoreBy,
    SetObjectives,
    SetThresholds,
    SojournsState,
    TakeCard,
)
from companion.six_sojourns.board_file import BOARD_FILE
from companion.six_sojourns.facts import facts
from companion.six_sojourns.model import CARDS_EACH, EXPANSIONS, RULES_REVISION, Objective, Space
from companion.six_sojourns.play import apply, start
from companion.six_sojourns.replaced import replaced
from companion.six_sojourns.scoring import objective_words, score, standings
from companion.six_sojourns.setup import SojournsSetup, sojourn
from companion.six_sojourns.switch import switch_words
from companion.six_sojourns.text import marks_text
from companion.six_sojourns.verdict import each_and, explain_ranking

COUNT_WORDS = {
    "coins": phrase("coins"),
    "spaces": phrase("spaces"),
    "islands": phrase("islands"),
    "objective_vp": phrase("objective vp"),
    "expansion_vp": phrase("expansion vp"),
}
"""A number of the sheet as the log names it (a trade by its name)."""


def pieces_words(space_pieces: dict[str, Any]) -> str:
    """A space's pieces in short words: `Ana 2p 1h T, Ben 3p`."""
    parts = []
    for name, p in space_pieces.items():
        bits = [f"{n}{k}" for n, k in ((p.people, "p"), (p.boats, "b"), (p.houses, "h")) if n]
        bits += ["T"] * p.tower
        if bits:
            parts.append(f"{name} {' '.join(bits)}")
    return ", ".join(parts) or phrase("empty")


def space_changes(old: Space | None, new: Space) -> str:
    """What an edit of a space changed, in words: its name, where, marks or pieces."""
    changes: list[str] = []
    if old is not None and old.name != new.name:
        changes.append(phrase("renamed from {space}", space=old.name))
    if old is None or (old.sea, old.island) != (new.sea, new.island):
        changes.append(phrase("sea") if new.sea else phrase("on {island}", island=new.island))
    if old is None or marks_text(old) != marks_text(new):
        changes.append(phrase("marks {marks}", marks=marks_text(new) or phrase("none")))
    if old is None or old.pieces != new.pieces:
        changes.append(pieces_words(new.pieces))
    return joined("; ", changes) if changes else phrase("unchanged")


def objective_text(objective: Objective) -> Phrase:
    return phrase("{card} = {vp} VP", card=objective_words(objective), vp=objective.vp)


def serpent_words(before: SojournsState, action: PlaceSerpent, after: SojournsState) -> str:
    """A sea serpent placed, and who paid its placer: each other player with a boat there pays
    1 coin, or nothing with no coin to pay (read off the coins before and after)."""
    placer = action.player
    line = phrase(
        "{player} places a sea serpent ({count} on the board)",
        player=placer,
        count=after.serpents_placed,
    )
    boats = [name for name in dict.fromkeys(action.boats_there) if name != placer]
    if not boats:
        return phrase("{placed}: no other player has a boat there, nobody pays", placed=line)
    paid: list[str] = []
    broke: list[str] = []
    for name in boats:
        had, has = before.sheet.player(name), after.sheet.player(name)
        coins = (had.coins if had else 0) - (has.coins if has else 0)
        (paid if coins else broke).append(name)
    said: list[str] = []
    if paid:
        said.append(
            phrase_n(
                "{players} pays {placer} 1 coin",
                "{players} pay {placer} 1 coin each",
                len(paid),
                players=each_and(paid),
                placer=placer,
            )
        )
    if broke:
        said.append(
            phrase_n(
                "{players} has no coin to pay",
                "{players} have no coin to pay",
                len(broke),
                players=each_and(broke),
            )
        )
    # TRANSLATORS: a sea serpent placed: who paid its placer, who could not
    return phrase("{placed}: {paid}", placed=line, paid=joined("; ", said))


def narrate(before: SojournsState, action: Any, after: SojournsState) -> str:
    """The log line of an action, in the table's words."""
    match action:
        case TakeCard(cost=cost):
            who = before.turn_player
            left = after.sheet.player(who)
            coins = left.coins if left else 0
            return phrase_n(
                "{player} buys a {cost}-cost card (turn {turn}), {n} coin left",
                "{player} buys a {cost}-cost card (turn {turn}), {n} coins left",
                coins,
                player=who,
                cost=cost,
                turn=before.turn_number,
            )
        case AdjustCoins(player=player, delta=delta):
            if delta > 0:
                return phrase_n(
                    "{player} gains {n} coin", "{player} gains {n} coins", delta, player=player
                )
            return phrase_n(
                "{player} pays {n} coin", "{player} pays {n} coins", -delta, player=player
            )
        case PayCoins(payer=payer, payee=payee, amount=amount):
            return phrase_n(
                "{payer} pays {payee} {n} coin",
                "{payer} pays {payee} {n} coins",
                amount,
                payer=payer,
                payee=payee,
            )
        case PlaceSerpent():
            return serpent_words(before, action, after)
        case PlaceShrine(player=player):
            return phrase(
                "{player} builds a shrine ({built} of 3)",
                player=player,
                built=after.shrines_placed[player],
            )
        case PlaceUpgrade(trade=trade, value=value):
            return phrase(
                "Upgrade {value} placed on {trade}", value=format(value, "+d"), trade=trade
            )
        case RemoveUpgrade(trade=trade, value=value):
            return phrase(
                "Upgrade {value} taken off {trade}", value=format(value, "+d"), trade=trade
            )
        case EnterCount(player=player, what=what, value=value):
            return phrase(
                "{player}: {what} = {value}",
                player=player,
                what=COUNT_WORDS.get(what, what),
                value=value,
            )
        case SetObjectives(player=player, objectives=objectives):
            listed = (
                joined("; ", [objective_text(o) for o in objectives])
                if objectives
                else phrase("none")
            )
            return phrase("{player}'s objectives: {listed}", player=player, listed=listed)
        case EnterSpace(space=space, replaces=replaces):
            where = phrase("sea") if space.sea else phrase("island {island}", island=space.island)
            if not replaces:
                return phrase(
                    "Space {space} ({where}) entered: {pieces}",
                    space=space.name,
                    where=where,
                    pieces=pieces_words(space.pieces),
                )
            old = next((s for s in before.sheet.spaces if s.name == replaces), None)
            return phrase(
                "Space {space} ({where}) edited: {changes}",
                space=space.name,
                where=where,
                changes=space_changes(old, space),
            )
        case RemoveSpace(name=name):
            return phrase("Space {space} removed", space=name)
        case ScoreBy():
            return switch_words(before, action)
        case SetThresholds():
            return phrase("Trade thresholds changed")
        case CloseSojourn():
            last = after.results[-1]
            board = ", ".join(f"{n} {t}" for n, t in last.totals.items())
            return phrase(
                "Game scored: {totals}; winner {winners}",
                totals=board,
                winners=each_and(last.winners),
            )
    return type(action).__name__


def campaign_score(state: SojournsState) -> Score:
    """Totals across the finished sojourns; ties broken by coins summed, then shared."""
    lines = tuple(
        ScoreLine(name, result.totals[name], phrase("sojourn {number}", number=result.sojourn))
        for name in state.players
        for result in state.results
    )
    totals = {n: sum(r.totals[n] for r in state.results) for n in state.players}
    coins = {n: sum(r.coins[n] for r in state.results) for n in state.players}
    best = max((totals[n], coins[n]) for n in state.players)
    winners = tuple(n for n in state.players if (totals[n], coins[n]) == best)
    return Score(totals, lines, winners)


def game_score(state: SojournsState) -> Score:
    """The campaign's score once it is over, else the current game's."""
    if state.sojourn and state.finished:
        return campaign_score(state)
    return score(state.sheet, state.thresholds)


def title_of(state: SojournsState) -> Phrase:
    """ "Sojourn 2/6 Learn from the Masters, map B" or "Map A"."""
    if state.sojourn:
        return phrase(
            "Sojourn {number}/6 {name}, map {map}",
            number=state.sojourn,
            name=sojourn(state.sojourn).name,
            map=state.map,
        )
    if state.setup.sojourn:
        return phrase("{name}, map {map}", name=sojourn(state.setup.sojourn).name, map=state.map)
    return phrase("Map {map}", map=state.map)


def summary(state: SojournsState) -> str:
    result = game_score(state)
    board = ", ".join(f"{n} {t}" for n, t in result.totals.items())
    parts = [title_of(state), board]
    if state.finished:
        parts.append(explain(state).outcome)
    return joined(" · ", parts)


def explain(state: SojournsState) -> Result:
    """The winner and why (the coin tie-break included): the campaign's once it is over."""
    if state.sojourn and state.finished:
        coins = {n: sum(r.coins[n] for r in state.results) for n in state.players}
    else:
        coins = {p.name: p.coins for p in state.sheet.players}
    return explain_ranking(game_score(state).totals, coins, final=state.finished)


def status(state: SojournsState) -> str:
    return "finished" if state.finished else "playing"


def waiting_for(state: SojournsState) -> WaitingFor | None:
    """The turn tracker's player to buy a card, then the end-of-game scoring; None once scored."""
    if state.finished:
        return None
    if not state.cards_over:
        who = state.turn_player
        text = phrase(
            "{player} buys a card (turn {turn} of {turns})",
            player=who,
            turn=state.turn_number,
            turns=CARDS_EACH,
        )
        return WaitingFor("buy-card", text, who)
    return WaitingFor("score-game", phrase("the end-of-game entries, then the game scored"))


def describe(state: SojournsState) -> dict[str, JsonValue]:
    """The state for `companion show ID --json` (documented in docs/json.md)."""
    result = score(state.sheet, state.thresholds)
    data: dict[str, JsonValue] = {
        "players": list(state.players),
        "map": state.map,
        "expansions": list(state.sheet.expansions),
        "sojourn": state.sojourn,
        "campaign": state.setup.campaign,
        "scoring": "pad" if state.sheet.pad else "board",
        "cards_taken": state.cards_taken,
        "turn": None if state.finished or state.cards_over else state.turn_player,
        "standings": [
            {
                "name": s.name,
                "total": s.total,
                "coins": s.coins,
                "rank": s.rank,
                "breakdown": s.breakdown,
            }
            for s in standings(state.sheet, result)
        ],
        "sojourns": [
            {
                "sojourn": done.sojourn,
                "map": done.map,
                "totals": dict(done.totals),
                "coins": dict(done.coins),
                "winners": list(done.winners),
            }
            for done in state.results
        ],
        "campaign_totals": dict(campaign_score(state).totals) if state.results else {},
        "status": status(state),
    }
    if state.finished:
        data["winners"] = list(game_score(state).winners)
    return data


def setup_summary(setup: SojournsSetup) -> str:
    names = ", ".join(EXPANSIONS[e] for e in setup.expansions) or phrase("no expansions")
    kind = phrase("campaign") if setup.campaign else phrase("map {map}", map=setup.map)
    return phrase_n(
        "{n} player, {kind}, {expansions}",
        "{n} players, {kind}, {expansions}",
        len(setup.players),
        kind=kind,
        expansions=names,
    )


def seats(state: SojournsState) -> tuple[SeatOption, ...]:
    """A seat per player, in turn order."""
    return tuple(SeatOption(name, name) for name in state.players)


def mover(state: SojournsState, action: Any) -> str | None:
    """A card taken is the turn player's; coins, a serpent, a shrine, a count or objectives are
    the player's they name (a payment, the payer's); the board's spaces, upgrade tokens,
    thresholds, the scoring mode and the close of a sojourn are the table's."""
    if isinstance(action, TakeCard):
        return None if state.cards_over else state.turn_player
    if isinstance(action, PayCoins):
        return action.payer
    if isinstance(action, AdjustCoins | PlaceSerpent | PlaceShrine | EnterCount | SetObjectives):
        return action.player
    return None


SIX_SOJOURNS: Game[SojournsSetup, SojournsState] = Game(
    id=GAME_ID,
    title=TITLE,
    min_players=1,
    max_players=4,
    setup_type=SojournsSetup,
    state_type=SojournsState,
    action_types=ACTIONS,
    start=start,
    apply=apply,
    narrate=narrate,
    summary=summary,
    status=status,
    describe=describe,
    score=game_score,
    setup_summary=setup_summary,
    waiting_for=waiting_for,
    explain=explain,
    rules_revision=RULES_REVISION,
    at_revision=lambda state, revision: replace(state, rules=revision),
    facts=facts,
    expansions=EXPANSIONS,
    replaced=replaced,
    recorded=history.RECORDED,
    start_player=history.START_PLAYER,
    bgg_id=history.BGG_ID,
    figures=history.figures,
    board_file=BOARD_FILE,
    seats=seats,
    mover=mover,
)
