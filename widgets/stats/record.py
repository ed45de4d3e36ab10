"""Record a play played without the app, or edit one recorded before: checked by the game's rules
(`companion.history.recorded.check`) before it is kept; a refusal says why and keeps what was
typed."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Button, Input, Label, Select, Static

from companion.core import RuleError
from companion.history.details import PlayDetails, whole_number
from companion.history.recorded import (
    RecordedGame,
    RecordedPlay,
    check,
    parse_when,
    recorded_game,
    recorded_games,
    rules_of_play,
)
from companion.phrases import phrase
from lang import t, tr
from saves.games.store import utc_now
from widgets.kit.kept_focus import Focus, focus_again, focus_of
from widgets.shell.base import Answers, Dialog
from widgets.shell.chrome import KeyFooter
from widgets.stats.details import DetailsForm

OUTCOME_WORDS = {
    "won": phrase("won"),
    "lost": phrase("lost"),
    "failed": phrase("failed (mission not completed)"),
}


def players_text(play: RecordedPlay) -> str:
    """ "Ana=12, Ben=9" (no scores in a co-op or solo play: the group's is apart; none in a
    winner-only play)."""
    rules = recorded_game(play.game_id)
    if rules.cooperative or not play.scores:
        return ", ".join(play.players)
    return ", ".join(f"{name}={play.scores.get(name, '')}" for name in play.players)


def first_scored(games: Mapping[str, RecordedGame]) -> str:
    """The game a new record starts on: the first whose plays have a score to type (Six
    Sojourns among the four: Sojourn has none), else the first."""
    return next((game_id for game_id, rules in games.items() if rules.scored), next(iter(games)))


def names_in(text: str) -> tuple[str, ...]:
    """The players' names typed as "Ana=12, Ben=9", whatever follows each `=` (a score not yet
    a number too: the start player is offered among them while the scores are typed)."""
    names = (" ".join(part.partition("=")[0].split()) for part in text.split(","))
    return tuple(name for name in names if name)


def parse_players(text: str) -> tuple[tuple[str, ...], dict[str, int]]:
    """Players typed as "Ana=12, Ben=9" (scores optional); `RuleError` for a score not a number."""
    names, scores = [], {}
    for part in text.split(","):
        name, has_score, points = part.partition("=")
        name = " ".join(name.split())
        if not name and not has_score:
            continue
        names.append(name)
        if has_score and points.strip():
            try:
                scores[name] = whole_number(points.strip())  # ASCII digits, as `record`'s
            except ValueError:
                raise RuleError(
                    t(
                        "{player}'s score '{points}' is not a whole number.",
                        player=name,
                        points=points.strip(),
                    )
                ) from None
    return tuple(names), scores


class RecordDialog(Dialog[RecordedPlay | None]):
    """A play played without the app: date, players and scores, the result, the details.

    | Key | Action |
    | --- | --- |
    | ctrl+s | Keep the play (checked by the game's rules first) |
    | escape | Cancel, nothing kept |
    """

    HELP_TOPIC = "stats"
    CSS_PATH = "bgstats.tcss"
    BINDINGS = [
        Binding("ctrl+s", "save", phrase("Keep"), id="record-save"),
        Binding("escape", "cancel", phrase("Cancel"), id="record-cancel"),
    ]

    def __init__(self, play: RecordedPlay | None, now: datetime) -> None:
        super().__init__()
        self.play = play
        self.now = now
        self.game_id = play.game_id if play else first_scored(recorded_games())
        self.typed: dict[str, str] = {}
        """What the player typed and picked (by field id), read before a switch of language
        composes the dialog again: shown rather than the play's own."""
        self.refused = False
        """A refusal is shown (said again in the new language after a switch)."""
        self.box_y = 0.0
        self.focus_kept = Focus()

    def compose(self) -> ComposeResult:
        play = self.play
        when = (play.played if play else self.now).astimezone()
        typed = self.typed.get
        games = [(rules.title, game_id) for game_id, rules in recorded_games().items()]
        with VerticalScroll(id="record-box"):
            yield Label(t("Game"))
            yield Select(
                games, value=self.game_id, allow_blank=False, id="record-game", compact=True
            )
            yield Label(t("Date and time it started (local)"))
            date = typed("record-date", f"{when:%Y-%m-%d %H:%M}")
            yield Input(date, id="record-date", max_length=25, compact=True)
            yield Label(t("Players"), id="record-players-label")
            players = typed("record-players", players_text(play) if play else "")
            yield Input(players, id="record-players", compact=True)
            yield Label(t("Winners (empty: the best score wins)"), id="record-w-label")
            winners = ", ".join(play.winners) if play and not self.rules.cooperative else ""
            yield Input(typed("record-winners", winners), id="record-winners", compact=True)
            yield Label(t("How it ended"), id="record-outcome-label")
            outcomes = [(tr(words), key) for key, words in OUTCOME_WORDS.items()]
            yield Select[str](outcomes, allow_blank=False, id="record-outcome", compact=True)
            yield Label(t("The group's score (crystals, lower is better)"), id="record-score-label")
            score = next(iter(play.scores.values()), "") if play and self.rules.cooperative else ""
            yield Input(
                typed("record-score", str(score)), id="record-score", max_length=5, compact=True
            )
            with Vertical(id="record-form"):
                if self.typed:  # composed again: the details as typed, at once
                    names = names_in(self.typed.get("record-players", ""))
                    yield self.details_form(names, PlayDetails(), self.typed)
            yield Static("", id="record-problem", markup=False)
            with Answers():
                yield Button(t("Keep (ctrl+s)"), action="screen.save", variant="primary")
                yield Button(t("Cancel (esc)"), action="screen.cancel")
        yield KeyFooter()

    @property
    def rules(self) -> RecordedGame:
        """The game's rules; an edited co-op play of a competitive game keeps its co-op mode."""
        if self.play is not None and self.play.game_id == self.game_id:
            return rules_of_play(self.play)
        return recorded_game(self.game_id)

    def on_mount(self) -> None:
        self.query_one("#record-box").border_title = (
            t("Edit a recorded play") if self.play else t("Record a play")
        )
        self.show_game(self.play.details if self.play else PlayDetails())
        if self.play:
            self.query_one("#record-outcome", Select).value = self.play.outcome
        self.query_one("#record-game", Select).focus()

    def remember_before_speaking(self) -> None:
        """What is typed and picked, where the focus is and how far the box is scrolled."""
        fields = {field.id: field.value for field in self.query(Input) if field.id}
        outcome = self.query_one("#record-outcome", Select).value
        if isinstance(outcome, str):
            fields["record-outcome"] = outcome
        self.typed = {**fields, **self.query_one(DetailsForm).typed_now()}
        self.focus_kept = focus_of(self)
        self.box_y = self.query_one("#record-box").scroll_y

    def spoken_again(self) -> None:
        """Composed again in another language: every field holding what was typed or picked,
        those of the game chosen shown, the focus and the cursor where they were, a refusal
        said again."""
        box = self.query_one("#record-box")
        box.border_title = t("Edit a recorded play") if self.play else t("Record a play")
        self.show_fields()
        outcome = self.typed.get("record-outcome")
        if outcome in self.rules.outcomes:
            self.query_one("#record-outcome", Select).value = outcome
        if self.refused:
            self.checked()
        focus_again(self, self.focus_kept, self.query_one("#record-game", Select))
        self.call_after_refresh(box.scroll_to, y=self.box_y, animate=False)

    @on(Select.Changed, "#record-game")
    def game_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.game_id:
            self.game_id = event.value
            self.show_game(PlayDetails())

    def show_game(self, details: PlayDetails) -> None:
        """The fields this game asks for: scores or an outcome, and its details."""
        self.show_fields()
        for old in self.query(DetailsForm):
            old.remove()
        players = names_in(self.query_one("#record-players", Input).value)
        self.query_one("#record-form", Vertical).mount(self.details_form(players, details))

    def details_form(
        self, players: tuple[str, ...], details: PlayDetails, typed: dict[str, str] | None = None
    ) -> DetailsForm:
        """The game's details fields (as `typed`, else `details`), its start player among the
        players typed so far."""
        return DetailsForm(self.game_id, players, details, ask_start=True, typed=typed)

    def show_fields(self) -> None:
        """The fields this game asks for, its words in the language in use: scores or an
        outcome."""
        rules = self.rules
        if rules.cooperative:
            players = t("Traveller") if rules.max_players == 1 else t("Players")
        elif rules.max_players == 1:
            players = t("Traveller and scores: Ana=12, Ben=9")
        else:
            players = t("Players and scores: Ana=12, Ben=9")
        self.query_one("#record-players-label", Label).update(players)
        for selector in ("#record-w-label", "#record-winners"):
            self.query_one(selector).display = not rules.cooperative
        for selector in ("#record-outcome-label", "#record-outcome"):
            self.query_one(selector).display = rules.cooperative
        for selector in ("#record-score-label", "#record-score"):
            self.query_one(selector).display = rules.cooperative and rules.scored
        outcome = self.query_one("#record-outcome", Select)
        if rules.outcomes:  # a competitive game's outcome field stays hidden as it was
            outcome.set_options([(tr(OUTCOME_WORDS[o]), o) for o in rules.outcomes])

    def read(self) -> RecordedPlay:
        rules = self.rules
        names, scores = parse_players(self.query_one("#record-players", Input).value)
        try:
            when = self.query_one("#record-date", Input).value.replace(" ", "T", 1)
            played = parse_when(when, utc_now())
        except ValueError as error:
            raise RuleError(error.args[0] if error.args else str(error)) from None
        outcome = ""
        winners: tuple[str, ...] = ()
        if rules.cooperative:
            value = self.query_one("#record-outcome", Select).value
            outcome = value if isinstance(value, str) else ""
            group = self.query_one("#record-score", Input).value.strip()
            if group and (outcome == rules.outcomes[0] or rules.lost_scored):
                if not group.isdigit():
                    raise RuleError(
                        t("The group's score '{score}' is not a whole number.", score=group)
                    )
                scores = dict.fromkeys(names, int(group))
            elif scores:
                raise RuleError(t("In a co-op or solo play, type the group's score apart."))
        else:
            typed = self.query_one("#record-winners", Input).value.split(",")
            winners = tuple(" ".join(w.split()) for w in typed if w.strip())
        form = self.query_one(DetailsForm)
        form.players = names
        kept = self.play if self.play and self.play.game_id == self.game_id else None
        play = RecordedPlay(
            self.game_id, played, names, scores, winners, outcome, form.read(),
            self.play.source if self.play else "",
            {n: u for n, u in kept.player_sources.items() if n in names} if kept else {},
            kept.co_op if kept else False,
        )  # fmt: skip
        return check(play)

    @on(Input.Submitted)
    def submitted(self) -> None:
        self.action_save()

    def checked(self) -> RecordedPlay | None:
        """The play as typed, checked by its game's rules; or None with the reason shown."""
        try:
            return self.read()
        except RuleError as error:
            self.refused = True
            self.query_one("#record-problem", Static).update(t("Not kept: {reason}", reason=error))
            return None

    def action_save(self) -> None:
        play = self.checked()
        if play is not None:
            self.dismiss(play)

    def action_cancel(self) -> None:
        self.dismiss(None)
