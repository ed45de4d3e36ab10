"""The Cavendish setup: players in seating order, receptacles, Receptacle cards typed once."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Input, Label, Select, Static

from companion.cavendish.destiny import signed
from companion.cavendish.game import CAVENDISH
from companion.cavendish.model import (
    ATTRIBUTES,
    RECEPTACLES,
    CavendishSetup,
    ReceptacleCard,
    ReceptacleCards,
    Seat,
)
from companion.cavendish.saying import ATTRIBUTE_NAMES
from companion.core import RuleError
from companion.phrases import phrase
from lang import t, tr
from saves.games.store import MAX_TITLE, clean_title
from widgets.cavendish.memory import (
    remember_cards,
    remember_destiny,
    remembered_cards,
    remembered_destiny,
)
from widgets.kit.kept_fields import KeepsFields
from widgets.kit.players import last_players, name_suggester, remember_players
from widgets.kit.safe_lists import SafeSelect
from widgets.kit.shown import plain
from widgets.shell.base import SetupScreen
from widgets.shell.chrome import KeyFooter, TitleHeader

FIELDS = ("starting", *ATTRIBUTES)
DEFAULT_SEATS = ("Anton", "Amy", "Jennifer", "Doug")


def field_hint(field: str) -> str:
    """A card field's placeholder: the start of its name ("sta", "str" ...)."""
    if field == "starting":
        # TRANSLATORS: a short placeholder for a Receptacle card's Azrak starting level
        return t("sta")
    return tr(ATTRIBUTE_NAMES[field])[:3].lower()


class SetupError(ValueError):
    """A setup field that cannot be read; the message names it."""


def mission_title(players: tuple[str, ...], taken: set[str]) -> str:
    """ "Cavendish with Ana, Ben", numbered ("mission 2") when a saved game already has that
    title, so two missions with the same players never share one in the saved-games list."""
    base = clean_title(f"Cavendish with {', '.join(players)}")
    known = {clean_title(name).lower() for name in taken}
    title, number = base, 1
    while title.lower() in known:
        number += 1
        suffix = f", mission {number}"
        title = base[: MAX_TITLE - len(suffix)].rstrip() + suffix  # the number is never cut
    return title


class CavendishSetupScreen(KeepsFields, SetupScreen):
    """Players, receptacles and the cards; ctrl+s starts the mission.

    | Key | Action |
    | --- | --- |
    | tab / shift+tab | Next / previous field |
    | ctrl+s | Start the mission |
    | escape | Back to the home screen |
    """

    CSS_PATH = "cavendish.tcss"
    HELP_TOPIC = "cavendish"
    BINDINGS = [
        Binding("ctrl+s", "start", phrase("Start mission"), id="cavendish-start"),
    ]

    def compose(self) -> ComposeResult:
        yield TitleHeader()
        cards = remembered_cards(self.companion)
        settings = self.companion.settings
        last = last_players(settings, CAVENDISH.id)
        with VerticalScroll(id="cav-setup"):
            yield Static(
                plain(
                    t(
                        "Players in seating order (fill 1 to 4; a solo player runs Anton and "
                        "Amy). Anton's player is the first Time Captain."
                    )
                ),
                classes="hint",
            )
            for seat in range(4):
                with Horizontal(classes="field"):
                    yield Label(plain(t("Seat {n}", n=seat + 1)), classes="field-label")
                    yield Input(
                        last[seat] if seat < len(last) else "",
                        placeholder=t("player name"),
                        id=f"player-{seat}",
                        compact=True,
                        suggester=name_suggester(settings),
                    )
                    yield SafeSelect(
                        [(name, name) for name in RECEPTACLES],
                        value=DEFAULT_SEATS[seat],
                        allow_blank=False,
                        id=f"receptacle-{seat}",
                        compact=True,
                    )
            yield Static(
                plain(
                    t(
                        "Receptacle cards (typed once, remembered):  Azrak start · Strength · "
                        "Confidence · Dexterity"
                    )
                ),
                classes="hint",
            )
            for name in RECEPTACLES:
                card = cards.card(name) if cards else None
                with Horizontal(classes="field"):
                    yield Label(name, classes="field-label")
                    for field in FIELDS:
                        value = str(getattr(card, field)) if card else ""
                        yield Input(
                            value,
                            placeholder=field_hint(field),
                            type="integer",
                            id=f"{name}-{field}",
                            classes="number",
                            compact=True,
                        )
            known = " ".join(signed(v) for v in remembered_destiny(self.companion))
            with Horizontal(classes="field"):
                yield Label(plain(t("Destiny deck")), classes="field-label")
                yield Input(
                    known,
                    placeholder=t("the 6 modifiers if known, e.g. -2 -1 0 0 +1 +2 (else blank)"),
                    id="destiny-known",
                    compact=True,
                )
            yield Button(
                plain(t("Start mission (ctrl+s)")), id="start", variant="primary", compact=True
            )
        yield KeyFooter()

    def on_mount(self) -> None:
        self.show_words()
        self.query_one("#player-0", Input).focus()

    def show_words(self) -> None:
        self.title = t("Cavendish: setup")

    def read_cards(self) -> ReceptacleCards:
        values: dict[str, ReceptacleCard] = {}
        for name in RECEPTACLES:
            numbers = []
            for field in FIELDS:
                text = self.query_one(f"#{name}-{field}", Input).value.strip()
                try:
                    numbers.append(int(text))
                except ValueError:
                    if field == "starting":
                        message = t("Type {agent}'s starting Azrak from the card.", agent=name)
                    else:
                        message = t(
                            "Type {agent}'s {attribute} from the card.",
                            agent=name,
                            attribute=ATTRIBUTE_NAMES[field],
                        )
                    raise SetupError(message) from None
            values[name.lower()] = ReceptacleCard(*numbers)
        return ReceptacleCards(**values)

    def read_destiny(self) -> tuple[int, ...]:
        text = self.query_one("#destiny-known", Input).value.replace(",", " ")
        try:
            return tuple(int(part) for part in text.split())
        except ValueError:
            raise SetupError(
                t("The Destiny deck: type six numbers such as -1 0 +1, or leave it blank.")
            ) from None

    def read_setup(self) -> CavendishSetup:
        players: list[str] = []
        seats: list[Seat] = []
        for seat in range(4):
            name = " ".join(self.query_one(f"#player-{seat}", Input).value.split())
            if name:
                players.append(name)
                receptacle = self.query_one(f"#receptacle-{seat}", Select).value
                seats.append(Seat(receptacle, name))  # type: ignore[arg-type]
        if len(players) == 1:
            seats = [Seat("Anton", players[0]), Seat("Amy", players[0])]
        return CavendishSetup(tuple(players), tuple(seats), self.read_cards(), self.read_destiny())

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        try:
            setup = self.read_setup()
            CAVENDISH.start(setup)
        except (SetupError, RuleError) as error:
            self.notify(tr(error), title=t("Cannot start"), severity="error", markup=False)
            return
        remember_cards(self.companion, setup.cards)
        remember_players(self.companion.settings, CAVENDISH.id, setup.players)
        if setup.destiny:
            remember_destiny(self.companion, setup.destiny)
        entries, _unreadable = self.companion.store.listing(with_facts=False)
        taken = {entry.title for entry in entries}
        self.companion.start_game(CAVENDISH.id, setup, mission_title(setup.players, taken))
