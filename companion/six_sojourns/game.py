"""Six Sojourns: the game as the companion knows it (setup, entries, scoring, campaign).

The rules live in modules of this package; this one names the actions in the log, describes a
game for `companion show`, totals a campaign and builds the `Game`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.core import Game, JsonValue, Result, Score, ScoreLine, SeatOption, WaitingFor
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
from companion.six_sojourns.verdict import explain_ranking
from companion.text import plural


def pieces_words(space_pieces: dict[str, Any]) -> str:
    """A space's pieces in short words: `Ana 2p 1h T, Ben 3p`."""
    parts = []
    for name, p in space_pieces.items():
        bits = [f"{n}{k}" for n, k in ((p.people, "p"), (p.boats, "b"), (p.houses, "h")) if n]
        bits += ["T"] * p.tower
        if bits:
            parts.append(f"{name} {' '.join(bits)}")
    return ", ".join(parts) or "empty"


def space_changes(old: Space | None, new: Space) -> str:
    """What an edit of a space changed, in words: its name, where, marks or pieces."""
    changes = []
    if old is not None and old.name != new.name:
        changes.append(f"renamed from {old.name}")
    if old is None or (old.sea, old.island) != (new.sea, new.island):
        changes.append("sea" if new.sea else f"on {new.island}")
    if old is None or marks_text(old) != marks_text(new):
        changes.append(f"marks {marks_text(new) or 'none'}")
    if old is None or old.pieces != new.pieces:
        changes.append(pieces_words(new.pieces))
    return "; ".join(changes) or "unchanged"


def objective_text(objective: Objective) -> str:
    return f"{objective_words(objective)} = {objective.vp} VP"


def serpent_words(before: SojournsState, action: PlaceSerpent, after: SojournsState) -> str:
    """A sea serpent placed, and who paid its placer: each other player with a boat there pays
    1 coin, or nothing with no coin to pay (read off the coins before and after)."""
    placer = action.player
    line = f"{placer} places a sea serpent ({after.serpents_placed} on the board)"
    boats = [name for name in dict.fromkeys(action.boats_there) if name != placer]
    if not boats:
        return f"{line}: no other player has a boat there, nobody pays"
    paid: list[str] = []
    broke: list[str] = []
    for name in boats:
        had, has = before.sheet.player(name), after.sheet.player(name)
        coins = (had.coins if had else 0) - (has.coins if has else 0)
        (paid if coins else broke).append(name)
    said = []
    if paid:
        each = " each" if len(paid) > 1 else ""
        verb = "pay" if len(paid) > 1 else "pays"
        said.append(f"{' and '.join(paid)} {verb} {placer} 1 coin{each}")
    if broke:
        verb = "have" if len(broke) > 1 else "has"
        said.append(f"{' and '.join(broke)} {verb} no coin to pay")
    return f"{line}: {'; '.join(said)}"


def narrate(before: SojournsState, action: Any, after: SojournsState) -> str:
    """The log line of an action, in the table's words."""
    match action:
        case TakeCard(cost=cost):
            who = before.turn_player
            left = after.sheet.player(who)
            coins = left.coins if left else 0
            left_words = plural(coins, "coin")
            return f"{who} buys a {cost}-cost card (turn {before.turn_number}), {left_words} left"
        case AdjustCoins(player=player, delta=delta):
            return f"{player} {'gains' if delta > 0 else 'pays'} {plural(abs(delta), 'coin')}"
        case PayCoins(payer=payer, payee=payee, amount=amount):
            return f"{payer} pays {payee} {plural(amount, 'coin')}"
        case PlaceSerpent():
            return serpent_words(before, action, after)
        case PlaceShrine(player=player):
            return f"{player} builds a shrine ({after.shrines_placed[player]} of 3)"
        case PlaceUpgrade(trade=trade, value=value):
            return f"Upgrade {value:+d} placed on {trade}"
        case RemoveUpgrade(trade=trade, value=value):
            return f"Upgrade {value:+d} taken off {trade}"
        case EnterCount(player=player, what=what, value=value):
            return f"{player}: {what.replace('_', ' ')} = {value}"
        case SetObjectives(player=player, objectives=objectives):
            listed = "; ".join(objective_text(o) for o in objectives) or "none"
            return f"{player}'s objectives: {listed}"
        case EnterSpace(space=space, replaces=replaces):
            where = "sea" if space.sea else f"island {space.island}"
            if not replaces:
                return f"Space {space.name} ({where}) entered: {pieces_words(space.pieces)}"
            old = next((s for s in before.sheet.spaces if s.name == replaces), None)
            return f"Space {space.name} ({where}) edited: {space_changes(old, space)}"
        case RemoveSpace(name=name):
            return f"Space {name} removed"
        case ScoreBy():
            return switch_words(before, action)
        case SetThresholds():
            return "Trade thresholds changed"
        case CloseSojourn():
            last = after.results[-1]
            board = ", ".join(f"{n} {t}" for n, t in last.totals.items())
            return f"Game scored: {board}; winner {' and '.join(last.winners)}"
    return type(action).__name__


def campaign_score(state: SojournsState) -> Score:
    """Totals across the finished sojourns; ties broken by coins summed, then shared."""
    lines = tuple(
        ScoreLine(name, result.totals[name], f"sojourn {result.sojourn}")
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


def title_of(state: SojournsState) -> str:
    """ "Sojourn 2/6 Learn from the Masters, map B" or "Map A"."""
    if state.sojourn:
        return f"Sojourn {state.sojourn}/6 {sojourn(state.sojourn).name}, map {state.map}"
    if state.setup.sojourn:
        return f"{sojourn(state.setup.sojourn).name}, map {state.map}"
    return f"Map {state.map}"


def summary(state: SojournsState) -> str:
    result = game_score(state)
    board = ", ".join(f"{n} {t}" for n, t in result.totals.items())
    ended = f" · {explain(state).outcome}" if state.finished else ""
    return f"{title_of(state)} · {board}{ended}"


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
        text = f"{who} buys a card (turn {state.turn_number} of {CARDS_EACH})"
        return WaitingFor("buy-card", text, who)
    return WaitingFor("score-game", "the end-of-game entries, then the game scored")


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
    names = ", ".join(EXPANSIONS[e] for e in setup.expansions) or "no expansions"
    kind = "campaign" if setup.campaign else f"map {setup.map}"
    return f"{len(setup.players)} players, {kind}, {names}"


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
