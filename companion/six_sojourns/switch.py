"""Switching between the score pad and the board without counting a trades token twice.

The pad's trade icons are every icon a player has, trades tokens included; on the board the
icons typed are those on cards and explore tokens, and each trades token on a space the player
controls comes on top. A switch while the board gives someone a token therefore either moves
the tokens between the icons typed and the board (`convert`) or keeps the icons as typed
(`keep`); rules revision 2 asks which, revision 1 always kept them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from companion.core import RuleError
from companion.phrases import Phrase, joined, phrase, phrase_n
from companion.six_sojourns.actions import ScoreBy, ScoreMode, SojournsState
from companion.six_sojourns.model import TRADES, PlayerSheet, Sheet
from companion.six_sojourns.scoring import control


def held_tokens(sheet: Sheet) -> dict[str, Counter[str]]:
    """Player -> trade -> trades tokens on the spaces they control (ties: nobody's)."""
    held: dict[str, Counter[str]] = {player.name: Counter() for player in sheet.players}
    for space in sheet.spaces:
        owner = control(space).owner
        if space.trade_token and owner in held:
            held[owner][space.trade_token] += 1
    return held


def tokens_words(held: dict[str, Counter[str]]) -> str:
    """`Ana 1 cooking token, Ben 2 art tokens`: what the board gives, in turn order."""
    return joined(
        ", ",
        (
            phrase_n(
                "{player} {n} {trade} token",
                "{player} {n} {trade} tokens",
                count,
                player=name,
                trade=trade,
            )
            for name, tokens in held.items()
            for trade in TRADES
            if (count := tokens[trade])
        ),
    )


def switch_changes(state: SojournsState, action: ScoreBy) -> tuple[tuple[str, str, int, int], ...]:
    """(player, trade, icons before, icons after) for every count a `convert` switch changes."""
    if action.tokens != "convert" or not _switching(state, action):
        return ()
    sign = -1 if action.mode == "board" else 1
    changes = []
    for player in state.sheet.players:
        tokens = held_tokens(state.sheet)[player.name]
        for trade in TRADES:
            if tokens[trade]:
                icons = player.icons(trade)
                changes.append((player.name, trade, icons, icons + sign * tokens[trade]))
    return tuple(changes)


def _switching(state: SojournsState, action: ScoreBy) -> bool:
    return state.sheet.pad != (action.mode == "pad")


def score_by(state: SojournsState, action: ScoreBy) -> SojournsState:
    """Switch how the game is scored; the trades tokens as `action.tokens` says (revision 2)."""
    if state.rules < 2:
        if action.tokens:
            raise RuleError(
                phrase(
                    "This game is played under the first Six Sojourns rules (revision 1), where a "
                    "switch between pad and board keeps the icons as typed: it has no choice to "
                    "make."
                )
            )
        return replace(state, sheet=replace(state.sheet, pad=action.mode == "pad"))
    if not _switching(state, action):
        return state
    held = held_tokens(state.sheet)
    if any(held.values()) and not action.tokens:
        raise RuleError(
            phrase(
                "The board gives trades tokens ({tokens}): say whether the icons typed count them "
                "(convert) or not (keep), so that none counts twice.",
                tokens=tokens_words(held),
            )
        )
    players = list(state.sheet.players)
    for name, trade, before, after in switch_changes(state, action):
        if after < 0:
            raise RuleError(
                phrase(
                    "{player} has {icons} typed, fewer than the {tokens} the board gives: they "
                    "cannot count them; keep the icons as typed.",
                    player=name,
                    icons=phrase_n("{n} {trade} icon", "{n} {trade} icons", before, trade=trade),
                    tokens=phrase_n("{n} trades token", "{n} trades tokens", before - after),
                )
            )
        index = next(i for i, p in enumerate(players) if p.name == name)
        players[index] = _with_icons(players[index], trade, after)
    sheet = replace(state.sheet, players=tuple(players), pad=action.mode == "pad")
    return replace(state, sheet=sheet)


def _with_icons(player: PlayerSheet, trade: str, icons: int) -> PlayerSheet:
    return replace(player, trades={**player.trades, trade: icons})


def switch_words(state: SojournsState, action: ScoreBy) -> Phrase:
    """The log line of a switch: where the score now comes from and what became of the tokens
    (`tokens`, the part after "; ", which the status line shows apart)."""
    line = (
        phrase("Scoring from the score pad")
        if action.mode == "pad"
        else phrase("Scoring from the board")
    )
    held = held_tokens(state.sheet)
    if state.rules < 2 or not _switching(state, action) or not any(held.values()):
        return line
    if action.tokens == "keep":
        if action.mode == "board":
            tokens = phrase(
                "icons kept as typed, the board's trades tokens on top ({tokens})",
                tokens=tokens_words(held),
            )
        else:
            tokens = phrase("icons kept as typed, the board's trades tokens no longer count")
    else:
        moved = _moved(switch_changes(state, action))
        if action.mode == "board":
            tokens = phrase(
                "the trades tokens now count from the board, taken out of the icons typed "
                "({moved})",
                moved=moved,
            )
        else:
            tokens = phrase(
                "the board's trades tokens added to the icons typed ({moved})", moved=moved
            )
    # TRANSLATORS: a log line: where the score comes from now; what became of the trades tokens
    return phrase("{line}; {tokens}", line=line, tokens=tokens)


def _moved(changes: tuple[tuple[str, str, int, int], ...]) -> str:
    """`Ana cooking 4 -> 3, Ben art 2 -> 3`: the counts a conversion changes (names, trades,
    numbers: no words to translate)."""
    return ", ".join(f"{n} {t} {a} -> {b}" for n, t, a, b in changes)


def switch_question(state: SojournsState, mode: ScoreMode) -> tuple[Phrase, Phrase, Phrase] | None:
    """What to ask before a switch to `mode`: the question, what `convert` does and what `keep`
    does, each with the counts it changes; None when the board gives no trades token."""
    held = held_tokens(state.sheet)
    if state.rules < 2 or not any(held.values()):
        return None
    converted = switch_changes(state, ScoreBy(mode, "convert"))
    moved = _moved(converted)
    given = tokens_words(held)
    if mode == "board":
        return (
            phrase(
                "The board gives trades tokens: {tokens}. Do the icons typed for the pad count "
                "them?",
                tokens=given,
            ),
            phrase("Yes, convert: take them out of the icons typed ({moved})", moved=moved),
            phrase("No, keep: the icons typed stay, the tokens count on top"),
        )
    return (
        phrase(
            "The board gives trades tokens: {tokens}. The score pad counts every icon, tokens "
            "included.",
            tokens=given,
        ),
        phrase("Convert: add them to the icons typed ({moved})", moved=moved),
        phrase("Keep: the icons typed stay (they already count the tokens)"),
    )
