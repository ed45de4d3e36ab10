"""What `companion play` says, each a sentence on a line of its own: the game's state fact by
fact, who did what on another device, an answer to a line typed. Plain functions of a saved
game and its records, so each wording is tested without a terminal.

Words the rules said (a log line, a question, a result) are shown in the reader's language with
`tr`; a player's name, a title, a seat are data, shown as they are. `say` makes every control
character visible, so nothing from a save reaches the terminal as an escape sequence.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from companion.cli.line_help import Possible
from companion.text import visible
from lang import t, tr
from saves.games.records import Record
from saves.games.store import SavedGame

LAST_ACTIONS = 3
"""How many of the log's last lines the state repeats."""
COMMANDS = ("help", "state", "undo", "redo", "quit")
"""The words `companion play` takes beside the game's actions (never translated: scripts
type them)."""


def say(sentence: str) -> str:
    """A sentence as printed: one line, control characters visible."""
    return visible(sentence)


def status_words(status: str) -> str:
    """A game's status (`playing`, `finished`, `abandoned`) in words."""
    known = {
        "playing": t("in play"),
        "finished": t("finished"),
        "abandoned": t("abandoned"),
    }
    return known.get(status, status)


def state_sentences(saved: SavedGame) -> list[str]:
    """The game's state, a fact a sentence: the game, the players, what it waits for (or its
    result), the score so far, where it stands, and its last actions."""
    game, state = saved.game, saved.session.state
    said = [
        t(
            "{title}: a game of {game}, {status}.",
            title=saved.title,
            game=game.title,
            status=status_words(saved.status),
        )
    ]
    players = [seat.label for seat in game.seats(state)]
    if players:
        said.append(t("Players: {players}.", players=", ".join(players)))
    said.append(t("Where it stands: {summary}.", summary=tr(game.summary(state)).rstrip(".")))
    if saved.status == "playing":
        waiting = game.waiting_for(state)
        if waiting is not None:
            said.append(t("Waiting for {question}.", question=tr(waiting.text)))
    said.extend(score_sentences(saved))
    said.extend(result_sentences(saved))
    history = saved.session.history
    if not history:
        said.append(t("No action yet."))
    first = max(0, len(history) - LAST_ACTIONS)
    for number, line in enumerate(history[first:], start=first + 1):
        said.append(t("Action {number}: {line}", number=number, line=tr(line)))
    said.append(t("Type an action as companion act takes it, or help, state, undo, redo, quit."))
    return said


def score_sentences(saved: SavedGame) -> list[str]:
    """The score so far (the final score once the game is over), when the game keeps one."""
    game = saved.game
    if game.score is None:
        return []
    totals: Mapping[str, int] = game.score(saved.session.state).totals
    if not totals:
        return []
    scores = ", ".join(f"{name} {total}" for name, total in totals.items())
    if saved.status == "playing":
        return [t("Score so far: {scores}.", scores=scores)]
    return [t("Final score: {scores}.", scores=scores)]


def result_sentences(saved: SavedGame) -> list[str]:
    """Once the game is over: who won and why, a sentence each (nothing while it is played)."""
    if saved.status == "playing":
        return []
    game = saved.game
    if game.explain is None:
        return [t("The game is over.")]
    result = game.explain(saved.session.state)
    said = [t("The game is over: {outcome}.", outcome=tr(result.outcome))]
    said.extend(tr(line) for line in result.why)
    return said


def device_words(record: Record) -> str:
    """Who made a record, to start a sentence: the seat's name and which kind of device, or
    someone on that kind of device."""
    if record.by.startswith("b"):
        where = t("in a browser")
    elif record.by:
        where = t("at a terminal")
    else:
        where = t("in an earlier version")
    if record.seat:
        return t("{seat} ({where})", seat=record.seat, where=where)
    return t("Someone {where}", where=where)


def record_sentence(record: Record, lines: Mapping[int, str]) -> str:
    """What another device did, as one sentence naming who: an action with its log line, an
    undo or a redo with the line it took back or put back."""
    who = device_words(record)
    if record.kind == "do":
        line = lines.get(record.number)
        if line is None:
            return t("{who} made an action, undone since.", who=who)
        return t("{who}: {line}", who=who, line=tr(line))
    if record.kind in ("undo", "redo"):
        line = lines.get(record.target)
        if line is None:
            return (
                t("{who} undid an action.", who=who)
                if record.kind == "undo"
                else t("{who} redid an action.", who=who)
            )
        if record.kind == "undo":
            return t("{who} undid: {line}", who=who, line=tr(line))
        return t("{who} redid: {line}", who=who, line=tr(line))
    return t("{who} added the play's details.", who=who)


def help_sentences(saved: SavedGame, possible: Sequence[Possible]) -> list[str]:
    """`help`: the actions the game takes now in `companion act`'s words, each with what it
    would do, then the other words."""
    if saved.status != "playing":
        said = [t("The game is over: it takes no more actions.")]
    elif not possible:
        said = [t("The game takes no action now.")]
    else:
        said = [t("The game takes now:")]
    for each in possible:  # the action's words are `companion act`'s: never translated
        said.append(f"{each.words}: {tr(each.outcome)}" if each.outcome else f"{each.words}.")
    said.append(
        t(
            "Also: undo, redo, state (the game again), help, quit (or end the input). "
            "A value with spaces goes in quotes."
        )
    )
    return said


def line_index(saved: SavedGame) -> dict[int, str]:
    """The log line of each `do` record the game holds: those applied (the log's last lines,
    newest last) and those undone (what redo would put back)."""
    history = saved.session.history
    index = {
        record.number: line
        for record, line in zip(reversed(saved.origins), reversed(history), strict=False)
    }
    if saved.undone and saved.session.can_redo:
        twin = saved.session.copy()
        for record in reversed(saved.undone):
            step = twin.redo()
            if step is None:
                break
            index[record.number] = step.line
    return index


def joined_lines(records: Iterable[Record], lines: Mapping[int, str]) -> list[str]:
    """A sentence for each record, in order."""
    return [record_sentence(record, lines) for record in records]
