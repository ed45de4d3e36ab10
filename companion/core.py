"""The rules kernel every game plugs into: the error players read and the game description."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from companion.phrases import phrase

SetupT = TypeVar("SetupT")
StateT = TypeVar("StateT")
CardsT = TypeVar("CardsT")

JsonValue = Any
"""A value `json.dumps` accepts: what a game's `describe` returns for `companion show --json`."""


class RuleError(Exception):
    """A move the rules refuse; the message is shown to players as it is, so it names the rule."""


@dataclass(frozen=True)
class ScoreLine:
    """One reason for points: who, how many, and why, in words a player would say."""

    player: str
    points: int
    reason: str


@dataclass(frozen=True)
class Score:
    """A final or running score: totals per player, the ordered reasons and the winners."""

    totals: Mapping[str, int]
    lines: tuple[ScoreLine, ...] = ()
    winners: tuple[str, ...] = ()
    lower_is_better: bool = False
    heading: str = phrase("Total")
    """What the totals count, as the result screen heads their column ("Achievements")."""


@dataclass(frozen=True)
class WaitingFor:
    """What a game waits for before it can go on, such as a roll or a player's choice."""

    kind: str
    """A short fixed name for the decision (`risk-roll`, `broken-link` ...), for programs."""
    text: str
    """What is awaited, in words a player reads ("the RISK roll at Fall of Troy")."""
    who: str | None = None
    """The player who must answer, or None when anyone (or the table together) may."""
    question: bool = False
    """Asked in the middle of an action (a broken link, where a bumped piece goes): every device
    shows it, other actions wait for it, and the first answer from any device counts."""


def nothing_pending(state: Any) -> WaitingFor | None:
    """The default for a game that never waits for anyone."""
    return None


@dataclass(frozen=True)
class Result:
    """How a game ended (or stands), in words: the result screen, exports and `companion score`
    all show these same lines, so a table never reads two explanations of one result."""

    outcome: str
    """The headline: who won, or how a co-op or solo game ended ("Ben wins with 24 VP")."""
    why: tuple[str, ...] = ()
    """Why, one sentence a line, the deciding tie-break step included."""


@dataclass(frozen=True)
class Replaced:
    """The value an action that sets something (a count, objectives, a split) replaces, as
    the device that chose it saw it. Several devices play one game: when another device changed
    that value meanwhile, the action is refused and both values are shown, never silently
    written over."""

    what: str
    """What is set, in a player's words ("Ana's Ships icons", "the thresholds")."""
    value: str
    """The value it holds now, in words ("3", "Ships 2/4/6"): compared to decide a conflict."""


@dataclass(frozen=True)
class SeatOption:
    """A seat at a game, that a device can sit as: its name (the player, or the agent in
    Cavendish) and how it is shown."""

    name: str
    label: str
    """In the dialog and the seats line (`Amy (Ana)`: an agent and its player)."""


def no_seats(state: Any) -> tuple[SeatOption, ...]:
    """The default for a game nobody sits at."""
    return ()


def the_tables_move(state: Any, action: Any) -> str | None:
    """The default `Game.mover`: every action is the table's, open to every seat."""
    return None


def replaces_nothing(state: Any, action: Any) -> Replaced | None:
    """The default: every action of the game adds to the state rather than setting a value."""
    return None


Transition = tuple[Any, Any, Any]
"""(state before, action, state after) for one applied action, in play order."""


@dataclass(frozen=True)
class Facts:
    """What the rules say about one game for the statistics, whatever its dates: each game
    supplies its own through `Game.facts`, so nothing outside a game's package knows its meaning
    of a win. Names are as typed in the setup (the statistics resolve aliases, never the game)."""

    status: str
    """`playing`, or how the game ended (`finished`, `won`, `lost`, `failed`)."""
    players: tuple[str, ...]
    scores: Mapping[str, int] = field(default_factory=dict)
    """Each player's final score; a co-op group's score is every member's. Empty until the end."""
    winners: tuple[str, ...] = ()
    """The players credited with a win (a shared win names each of them)."""
    cooperative: bool = False
    """Solo and co-op games: the group wins or loses together."""
    lower_is_better: bool = False
    campaign: bool = False
    """The scores are a campaign's totals over several games: counted in a table of their own,
    never with the scores of single games."""
    details: Mapping[str, Any] = field(default_factory=dict)
    """Figures only this game has (Six Sojourns categories, Cavendish crystals spent ...), plain
    data (text, whole numbers, booleans, lists and tables of them) that the listing cache keeps."""


def score_facts(game: Game[Any, Any], setup: Any, state: Any, steps: Sequence[Transition]) -> Facts:
    """The facts of a game without its own `facts`: the setup's `players`, and the winners and
    totals of its score once it has ended."""
    status = game.status(state)
    players = tuple(str(name) for name in getattr(setup, "players", ()))
    if status == "playing" or game.score is None:
        return Facts(status, players)
    score = game.score(state)
    return Facts(
        status, players, dict(score.totals), score.winners, lower_is_better=score.lower_is_better
    )


class Played(Protocol):
    """One play as the statistics see it (`companion.history.plays.Play`), as a game's own
    figures (`Game.figures`) read it."""

    @property
    def facts(self) -> Facts: ...

    @property
    def finished(self) -> bool:
        """The play has ended (its status is not `playing`)."""
        ...

    def player(self, name: str) -> str:
        """The player a name of the play is counted as (renames applied)."""
        ...


@dataclass(frozen=True)
class PlayShape:
    """What the rules say of a play's result when it is recorded without the app (typed in
    afterwards or imported from BG Stats); how many play is the game's `min_players` to
    `max_players`."""

    cooperative: bool = False
    """Solo and co-op games: the group wins or loses together; a play has an outcome."""
    outcomes: tuple[str, ...] = ()
    """Co-op and solo games: the ways a play ends, the first a win (`won`, then `lost` ...)."""
    scored: bool = True
    """A play has a score (a co-op group's is every member's)."""
    lower_is_better: bool = False
    statuses: Mapping[str, str] = field(default_factory=dict)
    """Outcome -> the status the game's own facts give a play that ends so, where that is not
    the outcome itself (a competitive play is always `finished`)."""


@dataclass(frozen=True)
class BoardFile(Generic[CardsT]):
    """A file describing a finished table that `companion score GAME FILE` scores, and the card
    data, entered once and kept in the settings, that its scoring reads."""

    cards_key: str
    """The settings key the card data is remembered under (the game's setup edits it)."""
    cards_type: type[CardsT]
    """The frozen dataclass the card data is read as."""
    default_cards: CardsT
    """The card data when none is remembered (or what is remembered cannot be read)."""
    score_text: Callable[[dict[str, Any], CardsT, Callable[[str], str]], str]
    """The parsed file scored, as lines for a terminal with every reason, each word said
    through the third argument (the caller's translation, `lang.tr`: the rules read no
    catalog, and the columns are aligned to the words as shown); `RuleError` names what the
    rules refuse in the file."""
    score_json: Callable[[dict[str, Any], CardsT], str]
    """The same score as JSON text (`--json`)."""


@dataclass(frozen=True)
class GameEntry:
    """What the registry lists of a game without importing its rules: the object an entry point
    of the group `companion.games` names (`docs/architecture.md`, "A fifth game")."""

    id: str
    """The game's id, as its `Game` has it."""
    title: str
    """The game's name as printed on the box, listed before its rules are imported."""
    rules: str
    """Where its `Game` is, as `module:attribute`; imported the first time it is needed."""
    position: int = 100
    """Where the home screen lists it among the games (the four of this package: 1 to 4)."""


@dataclass(frozen=True)
class Game(Generic[SetupT, StateT]):
    """Everything the session, the saves and the app need to know about one game.

    Each game module builds one `Game` and the registry lists them; nothing else is game-specific
    outside that module and its screens.
    """

    id: str
    """Stable identifier used in save files and on the command line (`sojourn`, `cavendish` ...)."""
    title: str
    """The game's name as printed on the box."""
    min_players: int
    max_players: int
    setup_type: type[SetupT]
    """Frozen dataclass of what is chosen once before play (players, options, card data)."""
    state_type: type[StateT]
    action_types: tuple[type, ...]
    """Every frozen dataclass `apply` accepts; their class names are written into save files."""
    start: Callable[[SetupT], StateT]
    """The state at the start of play; raises `RuleError` for an impossible setup."""
    apply: Callable[[StateT, Any], StateT]
    """Return the state after an action, or raise `RuleError` and change nothing."""
    narrate: Callable[[StateT, Any, StateT], str]
    """The log line for an action, given the states before and after it."""
    summary: Callable[[StateT], str]
    """One line for the saved-games list ("Health 5, Charge 3, 2 fragments")."""
    status: Callable[[StateT], str]
    """`playing` while the game goes on, else how it ended (`won`, `lost`, `finished` ...)."""
    describe: Callable[[StateT], dict[str, JsonValue]]
    """The state as plain data for `companion show ID --json`."""
    score: Callable[[StateT], Score] | None = None
    """The explained score, for games that have one."""
    setup_summary: Callable[[SetupT], str] = field(default=lambda setup: "")
    """A few words on the setup for listings ("2 players, duel")."""
    waiting_for: Callable[[StateT], WaitingFor | None] = nothing_pending
    """The roll or choice the game waits for now, or None when nothing is pending."""
    rules_revision: int = 1
    """The newest revision of this game's rules. A rule fix that would change what a recorded game
    reaches adds one; each save records the revision it is played under and replays under it."""
    at_revision: Callable[[StateT, int], StateT] = field(default=lambda state, revision: state)
    """The state from `start` (newest rules) put under an earlier revision, 1 to `rules_revision`:
    the revision travels in the state, so `apply` stays a function of the state and the action."""
    explain: Callable[[StateT], Result] | None = None
    """The result in words: the winner and why, or the outcome of a co-op or solo game."""
    facts: Callable[[Game[SetupT, StateT], SetupT, StateT, Sequence[Transition]], Facts] | None = (
        None
    )
    """What the statistics count of this game at a state reached through these steps (who
    played, scores, winners, the game's own figures), given the game itself so that it can use its
    `status` and `score`; None: `score_facts`, from `status` and `score`."""

    expansions: Mapping[str, str] = field(default_factory=dict)
    """The game's expansions, id -> printed name (a play's details name those in play)."""
    seats: Callable[[StateT], tuple[SeatOption, ...]] = no_seats
    """Who can sit at the game at a state: each player (Cavendish: each agent), for "Sit as"."""
    mover: Callable[[StateT, Any], str | None] = the_tables_move
    """Whose move an action is at a state: the name of a seat (one of `seats`), or None for the
    table's own moves (a phase change, a roll for the table), open to every seat. A device seated
    elsewhere that makes a seat's move is asked first ("strict seats" refuses it)."""
    replaced: Callable[[StateT, Any], Replaced | None] = replaces_nothing
    """For an action that sets a value: what it replaces at `state` (None for any other action).
    A device's action carries this from the state it saw, and is refused when the newest state
    gives another value (`saves.games.journal`)."""
    recorded: PlayShape | None = None
    """What a play recorded without the app must hold (None: the game's plays cannot be
    recorded)."""
    start_player: bool = False
    """The rules name a first player, so a play's details may say who it was."""
    other_names: tuple[str, ...] = ()
    """Other names the game goes by (BoardGameGeek's, a shorter one): a BG Stats file's game
    of one of these names, or of its `title`, is this game. Its plays are written under its
    title."""
    bgg_id: int = 0
    """Its BoardGameGeek id, by which BG Stats knows a game before its name (0: none known)."""
    figures: Callable[[Sequence[Played]], dict[str, Any]] | None = None
    """The statistics only this game has, from its plays (each play's `Facts.details`): added
    to the game's line of `companion stats --json`, beside the counted figures and never over
    them (a figure named like one is left out, named in `figures_left_out`). It receives every
    play of the game, unfinished ones and those typed in or imported (whose details are only
    `{"recorded": True}`) included: docs/plugins.md."""
    board_file: BoardFile[Any] | None = None
    """How `companion score GAME FILE` scores a file of this game (None: it has none)."""

    def facts_at(self, setup: SetupT, state: StateT, steps: Sequence[Transition]) -> Facts:
        """The statistics' facts of this game at `state` (its own `facts`, else `score_facts`)."""
        if self.facts is None:
            return score_facts(self, setup, state, steps)
        return self.facts(self, setup, state, steps)

    def action_type(self, name: str) -> type | None:
        """The action class with this name, as written in save files, if the game has it."""
        for action_type in self.action_types:
            if action_type.__name__ == name:
                return action_type
        return None
