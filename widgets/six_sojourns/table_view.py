"""Six Sojourns at the table: the standings, each player's points so far and coins.

In a campaign each player also has the campaign's points so far: the sojourns closed plus the
one in play (once the campaign is finished, the six closed ones).
"""

from __future__ import annotations

from companion.six_sojourns.actions import SojournsState
from companion.six_sojourns.game import explain, title_of
from companion.six_sojourns.model import CARDS_EACH
from companion.six_sojourns.scoring import score
from lang import t, tr
from widgets.six_sojourns.standing import names_words
from widgets.table_view.figures import Figure, Group, TableContent


def campaign_points(state: SojournsState, player: str) -> tuple[int, int]:
    """(VP, coins) of the campaign so far: the closed sojourns and the one in play."""
    points = sum(done.totals[player] for done in state.results)
    coins = sum(done.coins[player] for done in state.results)
    if not state.finished:
        sheet = state.sheet.player(player)
        points += score(state.sheet, state.thresholds).totals.get(player, 0)
        coins += sheet.coins if sheet is not None else 0
    return points, coins


def ranking(state: SojournsState) -> dict[str, tuple[int, int]]:
    """Each player's (VP, coins) that ranks them: the campaign's in a campaign, else this game's.
    Most VP first, then most coins, as the rules break ties."""
    if state.setup.campaign:
        return {player: campaign_points(state, player) for player in state.players}
    totals = score(state.sheet, state.thresholds).totals
    coins = {sheet.name: sheet.coins for sheet in state.sheet.players}
    return {player: (totals.get(player, 0), coins.get(player, 0)) for player in state.players}


def headline(state: SojournsState, keys: dict[str, tuple[int, int]]) -> str:
    """The game or sojourn, then the winner, the leader or whose turn it is."""
    title = tr(title_of(state))
    if state.finished:
        return t("{title} · finished: {outcome}", title=title, outcome=explain(state).outcome)
    words = [title]
    if state.cards_taken > 0 and not state.cards_over:
        words.append(
            t(
                "turn {turn} of {turns}: {player} buys a card",
                turn=state.turn_number,
                turns=CARDS_EACH,
                player=state.turn_player,
            )
        )
    if not any(points for points, _coins in keys.values()):
        words.append(t("no points entered yet"))
    else:
        best = max(keys.values())
        leaders = [player for player in state.players if keys[player] == best]
        if len(leaders) > 1:
            words.append(t("level: {players}", players=names_words(leaders)))
        else:
            words.append(t("leading: {players}", players=names_words(leaders)))
    return " · ".join(words)


def table(state: SojournsState) -> TableContent:
    """One box per player, best placed first, numbered by rank (shared when tied)."""
    keys = ranking(state)
    totals = score(state.sheet, state.thresholds).totals
    groups = []
    for player in sorted(state.players, key=lambda name: (-keys[name][0], -keys[name][1])):
        rank = 1 + sum(1 for key in keys.values() if key > keys[player])
        sheet = state.sheet.player(player)
        coins = sheet.coins if sheet is not None else 0
        figures = [Figure(t("VP"), totals.get(player, 0)), Figure(t("Coins"), coins)]
        if state.setup.campaign:
            figures[0] = Figure(t("Sojourn VP"), totals.get(player, 0))
            figures.insert(1, Figure(t("Campaign VP"), keys[player][0]))
        groups.append(Group(f"{rank}. {player}", tuple(figures)))
    return TableContent(headline(state, keys), tuple(groups))
