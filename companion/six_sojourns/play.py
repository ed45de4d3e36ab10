"""Six Sojourns in play: `apply` for every action, with the refusals players read."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from companion.core import RuleError
from companion.phrases import phrase, phrase_n
from companion.six_sojourns.actions import (
    COUNTS,
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
    SojournResult,
    SojournsState,
    TakeCard,
)
from companion.six_sojourns.check import check_sheet, check_trade
from companion.six_sojourns.model import (
    CARD_PRICES,
    CARDS_EACH,
    MAX_TRADE_ICONS,
    SERPENT_TOKENS,
    SHRINES_EACH,
    START_COINS,
    TRADES,
    PlayerSheet,
    Sheet,
    threshold_problem,
)
from companion.six_sojourns.scoring import score
from companion.six_sojourns.setup import SOJOURNS, SojournsSetup, check_setup, sojourn
from companion.six_sojourns.switch import score_by


def new_sheet(players: tuple[str, ...], expansions: tuple[str, ...]) -> Sheet:
    """A blank sheet: every player with 12 coins, no entries, scored from the pad."""
    return Sheet(tuple(PlayerSheet(name, START_COINS) for name in players), expansions)


def start(setup: SojournsSetup) -> SojournsState:
    check_setup(setup)
    return SojournsState(
        setup=setup,
        sojourn=1 if setup.campaign else 0,
        map=setup.map,
        thresholds=setup.thresholds,
        sheet=new_sheet(setup.players, setup.expansions),
    )


def apply(state: SojournsState, action: Any) -> SojournsState:
    """The state after an action, or `RuleError` naming the rule it breaks."""
    if state.finished:
        raise RuleError(phrase("The game is over and scored; undo (ctrl+z) to change an entry."))
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise RuleError(
            phrase("{action} is not an action of Six Sojourns.", action=type(action).__name__)
        )
    return handler(state, action)


def _player(state: SojournsState, name: str) -> PlayerSheet:
    player = state.sheet.player(name)
    if player is None:
        raise RuleError(
            phrase(
                "There is no player {player} (players: {players}).",
                player=repr(name),
                players=", ".join(state.players),
            )
        )
    return player


def _with_player(state: SojournsState, player: PlayerSheet) -> SojournsState:
    players = tuple(player if p.name == player.name else p for p in state.sheet.players)
    return _with_sheet(state, replace(state.sheet, players=players))


def _with_sheet(state: SojournsState, sheet: Sheet) -> SojournsState:
    check_sheet(sheet)
    return replace(state, sheet=sheet)


def _coins(state: SojournsState, name: str, delta: int) -> SojournsState:
    player = _player(state, name)
    if player.coins + delta < 0:
        raise RuleError(
            phrase(
                "Coins never go below 0: {player} has {coins}, cannot pay {cost}.",
                player=name,
                coins=player.coins,
                cost=-delta,
            )
        )
    return _with_player(state, replace(player, coins=player.coins + delta))


def _take_card(state: SojournsState, action: TakeCard) -> SojournsState:
    if state.cards_over:
        raise RuleError(
            phrase("Every player has {cards} cards: the game is over, score it.", cards=CARDS_EACH)
        )
    if action.cost not in CARD_PRICES:
        raise RuleError(phrase("The card row's slots cost 0 to 4, not {cost}.", cost=action.cost))
    name = state.turn_player
    coins = _player(state, name).coins
    if coins == 0 and action.cost:
        raise RuleError(phrase("{player} has no coins and must take the 0-cost card.", player=name))
    if action.cost > coins:
        raise RuleError(
            phrase_n(
                "{player} has {n} coin and cannot buy the {cost}-cost card.",
                "{player} has {n} coins and cannot buy the {cost}-cost card.",
                coins,
                player=name,
                cost=action.cost,
            )
        )
    return replace(_coins(state, name, -action.cost), cards_taken=state.cards_taken + 1)


def _adjust(state: SojournsState, action: AdjustCoins) -> SojournsState:
    if action.delta == 0:
        raise RuleError(
            phrase("A change of 0 coins changes nothing: enter a number of coins other than 0.")
        )
    return _coins(state, action.player, action.delta)


def _pay(state: SojournsState, action: PayCoins) -> SojournsState:
    if action.payer == action.payee:
        raise RuleError(phrase("{player} cannot pay themselves.", player=action.payer))
    if action.amount <= 0:
        raise RuleError(phrase("A payment is at least 1 coin, not {amount}.", amount=action.amount))
    _player(state, action.payee)
    paid = _coins(state, action.payer, -action.amount)
    return _coins(paid, action.payee, action.amount)


def _require(state: SojournsState, expansion: str, name: str) -> None:
    if expansion not in state.sheet.expansions:
        raise RuleError(phrase("{expansion} is not in play in this game.", expansion=name))


def _serpent(state: SojournsState, action: PlaceSerpent) -> SojournsState:
    _require(state, "sea-serpents", "Sea Serpents")
    _player(state, action.player)
    if state.serpents_placed >= SERPENT_TOKENS:
        raise RuleError(
            phrase("All {count} sea serpent tokens are on the board.", count=SERPENT_TOKENS)
        )
    after = state
    for payer in sorted(set(action.boats_there) - {action.player}):
        if _player(after, payer).coins > 0:
            after = _coins(_coins(after, payer, -1), action.player, 1)
    return replace(after, serpents_placed=state.serpents_placed + 1)


def _shrine(state: SojournsState, action: PlaceShrine) -> SojournsState:
    _require(state, "shrines", "Shrines")
    _player(state, action.player)
    built = state.shrines_placed.get(action.player, 0)
    if built >= SHRINES_EACH:
        raise RuleError(
            phrase(
                "{player} has built all {count} of their shrines.",
                player=action.player,
                count=SHRINES_EACH,
            )
        )
    return replace(state, shrines_placed={**state.shrines_placed, action.player: built + 1})


def _upgrade(state: SojournsState, action: PlaceUpgrade) -> SojournsState:
    _require(state, "upgrades", "Upgrades")
    check_trade(action.trade, phrase("upgrade"))
    upgrades = dict(state.sheet.upgrades)
    upgrades[action.trade] = (*upgrades.get(action.trade, ()), action.value)
    return _with_sheet(state, replace(state.sheet, upgrades=upgrades))


def _remove_upgrade(state: SojournsState, action: RemoveUpgrade) -> SojournsState:
    values = list(state.sheet.upgrades.get(action.trade, ()))
    if action.value not in values:
        raise RuleError(
            phrase(
                "There is no {value} upgrade token on {trade}.",
                value=format(action.value, "+d"),
                trade=action.trade,
            )
        )
    values.remove(action.value)
    upgrades = {**state.sheet.upgrades, action.trade: tuple(values)}
    return _with_sheet(
        state, replace(state.sheet, upgrades={k: v for k, v in upgrades.items() if v})
    )


def _count(state: SojournsState, action: EnterCount) -> SojournsState:
    player = _player(state, action.player)
    if action.what not in COUNTS:
        raise RuleError(
            phrase(
                "{what} is not a number of the sheet ({counts}).",
                what=repr(action.what),
                counts=", ".join(COUNTS),
            )
        )
    if action.value < 0:
        raise RuleError(
            phrase(
                "{player}: {what} cannot be negative ({value}).",
                player=action.player,
                what=action.what,
                value=action.value,
            )
        )
    if action.what in TRADES:
        if action.value > MAX_TRADE_ICONS and state.rules >= 3:
            raise RuleError(
                phrase(
                    "{player}: {value} {trade} icons is more than a count can be: at most {most} "
                    "icons of a trade (no threshold asks for more).",
                    player=action.player,
                    value=action.value,
                    trade=action.what,
                    most=MAX_TRADE_ICONS,
                )
            )
        return _with_player(
            state, replace(player, trades={**player.trades, action.what: action.value})
        )
    if action.what == "coins":
        return _with_player(state, replace(player, coins=action.value))
    pad = {
        "spaces": player.spaces,
        "islands": player.islands,
        "objective_vp": player.objective_vp,
        "expansion_vp": player.expansion_vp,
    }
    pad[action.what] = action.value
    changed = replace(
        player,
        spaces=pad["spaces"],
        islands=pad["islands"],
        objective_vp=pad["objective_vp"],
        expansion_vp=pad["expansion_vp"],
    )
    return _with_player(state, changed)


def _objectives(state: SojournsState, action: SetObjectives) -> SojournsState:
    player = _player(state, action.player)
    return _with_player(state, replace(player, objectives=action.objectives))


def _space(state: SojournsState, action: EnterSpace) -> SojournsState:
    names = [s.name for s in state.sheet.spaces]
    if action.replaces and action.replaces not in names:
        raise RuleError(phrase("There is no space {space} to edit.", space=action.replaces))
    if action.space.name in names and action.space.name != action.replaces:
        raise RuleError(
            phrase("Space {space} is already entered: edit it instead.", space=action.space.name)
        )
    kept = tuple(s for s in state.sheet.spaces if s.name != action.replaces)
    if action.replaces:
        index = names.index(action.replaces)
        spaces = (*kept[:index], action.space, *kept[index:])
    else:
        spaces = (*kept, action.space)
    return _with_sheet(state, replace(state.sheet, spaces=spaces))


def _remove_space(state: SojournsState, action: RemoveSpace) -> SojournsState:
    spaces = tuple(s for s in state.sheet.spaces if s.name != action.name)
    if len(spaces) == len(state.sheet.spaces):
        raise RuleError(phrase("There is no space {space}.", space=action.name))
    return replace(state, sheet=replace(state.sheet, spaces=spaces))


def _thresholds(state: SojournsState, action: SetThresholds) -> SojournsState:
    problem = threshold_problem(action.thresholds)
    if problem:
        raise RuleError(phrase("Thresholds: {problem}.", problem=problem))
    return replace(state, thresholds=action.thresholds)


def _close(state: SojournsState, action: CloseSojourn) -> SojournsState:
    result = score(state.sheet, state.thresholds)
    record = SojournResult(
        sojourn=state.sojourn,
        map=state.map,
        totals=dict(result.totals),
        coins={p.name: p.coins for p in state.sheet.players},
        winners=result.winners,
    )
    results = (*state.results, record)
    if not state.sojourn or state.sojourn == len(SOJOURNS):
        if action.next_map:
            raise RuleError(phrase("This is the last game: there is no next map to choose."))
        return replace(state, results=results, finished=True)
    upcoming = sojourn(state.sojourn + 1)
    next_map = upcoming.map or action.next_map
    if not next_map:
        raise RuleError(
            phrase(
                "Sojourn {number} '{name}' is played on any map: choose A or B.",
                number=upcoming.number,
                name=upcoming.name,
            )
        )
    if upcoming.map and action.next_map and action.next_map != upcoming.map:
        raise RuleError(
            phrase(
                "Sojourn {number} '{name}' is played on map {map}.",
                number=upcoming.number,
                name=upcoming.name,
                map=upcoming.map,
            )
        )
    return replace(
        state,
        sojourn=upcoming.number,
        map=next_map,
        sheet=new_sheet(state.players, upcoming.expansions),
        cards_taken=0,
        serpents_placed=0,
        shrines_placed={},
        results=results,
    )


_HANDLERS: dict[type, Callable[[SojournsState, Any], SojournsState]] = {
    TakeCard: _take_card,
    AdjustCoins: _adjust,
    PayCoins: _pay,
    PlaceSerpent: _serpent,
    PlaceShrine: _shrine,
    PlaceUpgrade: _upgrade,
    RemoveUpgrade: _remove_upgrade,
    EnterCount: _count,
    SetObjectives: _objectives,
    EnterSpace: _space,
    RemoveSpace: _remove_space,
    ScoreBy: score_by,
    SetThresholds: _thresholds,
    CloseSojourn: _close,
}
