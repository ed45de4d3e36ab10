"""The test panel: agent, attribute, difficulty, boosts, supports, the Destiny card, exact odds."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Select, Static

from companion.cavendish.actions import AttemptTest
from companion.cavendish.conflicts import running, standing_words
from companion.cavendish.destiny import boosts_for, odds, percent, remaining, signed
from companion.cavendish.model import ATTRIBUTES, CavendishState, support_limit
from companion.cavendish.rules import action_cost, outcome_of
from companion.cavendish.saying import ATTRIBUTE_NAMES
from companion.cavendish.words import OUTCOME_WORDS
from companion.phrases import phrase
from lang import t, tn, tr
from widgets.cavendish.dialogs import CavendishDialog, cancel_button
from widgets.kit.kept_values import KeptValues
from widgets.kit.safe_lists import SafeSelect
from widgets.kit.shown import plain
from widgets.shell.base import Answers
from widgets.shell.chrome import KeyFooter

TARGET = Fraction(2, 3)
"""The chance of not failing the panel aims for when it suggests boosts."""


def number(text: str) -> int | None:
    """A typed whole number, or None when the field is empty or not a number."""
    try:
        return int(text.strip())
    except ValueError:
        return None


def damage_so_far(state: CavendishState) -> str:
    """The damage on the adversary's card against its life points: "damage so far 2 of 6"."""
    conflict = state.conflict
    assert conflict is not None
    if len(conflict.adversaries) > 1:
        return tr(standing_words(conflict))
    if conflict.life_points:
        return t(
            "damage so far {damage} of {life_points} life points",
            damage=conflict.damage,
            life_points=conflict.life_points,
        )
    return t("damage so far {damage}", damage=conflict.damage)


def targets(state: CavendishState) -> list[tuple[Text, str]]:
    """(words, name) of each adversary still standing, when there are several to choose from:
    the words as typed at the table, shown as data."""
    conflict = state.conflict
    if conflict is None or len(conflict.standing) < 2:
        return []
    return [(plain(tr(adversary.called)), adversary.called) for adversary in conflict.standing]


class TestPanel(KeptValues, CavendishDialog):
    """Fill in the test as it happens at the table; ctrl+s (or enter) resolves it.

    | Key | Action |
    | --- | --- |
    | tab / shift+tab | Next / previous field |
    | ctrl+s, enter | Resolve the test with the Destiny card typed |
    | escape | Close without testing |
    """

    BINDINGS = [Binding("ctrl+s", "resolve", phrase("Resolve"), id="cavendish-resolve-test")]

    def __init__(self, state: CavendishState, agent: str, submit: Callable[[AttemptTest], bool]):
        super().__init__()
        self.state = state
        self.agent = agent
        self.submit = submit

    def compose(self) -> ComposeResult:
        agents = [(a.receptacle, a.receptacle) for a in self.state.agents if not a.ejected]
        most, each = support_limit(len(self.state.agents))
        with Vertical(classes="dialog", id="test-panel"):
            yield Label(plain(t("Test")), classes="dialog-title")
            with Horizontal(classes="field"):
                yield Label(plain(t("Agent")), classes="field-label")
                yield SafeSelect(
                    agents, value=self.agent, allow_blank=False, id="test-agent", compact=True
                )
            with Horizontal(classes="field"):
                yield Label(plain(t("Attribute")), classes="field-label")
                attributes = [(plain(tr(ATTRIBUTE_NAMES[name])), name) for name in ATTRIBUTES]
                yield SafeSelect(
                    attributes,
                    value="strength",
                    allow_blank=False,
                    id="test-attribute",
                    compact=True,
                )
            yield from self.field(t("Difficulty"), "test-difficulty", "")
            yield from self.field(t("Boosts"), "test-boosts", "")
            for agent in self.state.agents:
                yield from self.field(
                    t("Support {agent}", agent=agent.receptacle), f"support-{agent.receptacle}", ""
                )
            yield from self.field(t("Destiny card"), "test-destiny", "", placeholder=t("not drawn"))
            if running(self.state):  # the result's damage points go on the adversary's card
                yield from self.field(t("Damage dealt"), "test-damage", "")
                if targets(self.state):  # on whose card, when several adversaries stand
                    with Horizontal(classes="field"):
                        yield Label(plain(t("Damage on")), classes="field-label")
                        yield SafeSelect(
                            targets(self.state),
                            value=targets(self.state)[0][1],
                            allow_blank=False,
                            id="test-target",
                            compact=True,
                        )
            yield Static(id="test-preview")
            if running(self.state):
                limit = tn(
                    "supports: at most {n} supporter, {each} Azrak each (group conflict: even "
                    "with a card in front)",
                    "supports: at most {n} supporters, {each} Azrak each (group conflict: even "
                    "with a card in front)",
                    most,
                    each=each,
                )
                damage = t("damage as the result says; {so_far}", so_far=damage_so_far(self.state))
                limit = f"{limit}\n{damage}"
            else:
                limit = tn(
                    "supports: at most {n} supporter, {each} Azrak each",
                    "supports: at most {n} supporters, {each} Azrak each",
                    most,
                    each=each,
                )
            yield Static(plain(limit), classes="hint")  # adversaries' names as typed
            with Answers():
                yield Button(
                    plain(t("Resolve (ctrl+s)")), action="screen.resolve", variant="primary"
                )
                yield cancel_button()
        yield KeyFooter()

    def field(self, label: str, field_id: str, value: str, placeholder: str = "0") -> ComposeResult:
        """A number field; an empty one counts as its placeholder says (0, or not drawn)."""
        with Horizontal(classes="field", id=f"row-{field_id}"):
            yield Label(plain(label), classes="field-label")
            yield Input(
                value,
                placeholder=placeholder,
                type="integer",
                valid_empty=True,
                id=field_id,
                compact=True,
            )

    def on_mount(self) -> None:
        self.query_one("#test-difficulty", Input).focus()
        self.refresh_support_rows()
        self.update_preview()

    def spoken_again(self) -> None:
        """Composed again in another language: the agent, attribute, difficulty, boosts,
        supports, Destiny card and damage typed so far put back, with their preview."""
        self.put_back()
        self.refresh_support_rows()
        self.update_preview()

    @on(Select.Changed)
    @on(Input.Changed)
    def changed(self) -> None:
        self.refresh_support_rows()
        self.update_preview()

    def can_support(self, receptacle: str, tester: object) -> bool:
        """Not the tester, not ejected, and in stand by unless a group conflict runs."""
        agent = self.state.agents[self.state.index(receptacle)]
        held = agent.personal_conflict and not running(self.state)
        return receptacle != tester and not agent.ejected and not held

    def refresh_support_rows(self) -> None:
        tester = self.query_one("#test-agent", Select).value
        for agent in self.state.agents:
            row = self.query_one(f"#row-support-{agent.receptacle}")
            row.display = self.can_support(agent.receptacle, tester)

    def supports(self, tester: str) -> list[tuple[str, int | None]]:
        """Each possible supporter's typed crystals (None when not a number)."""
        return [
            (
                each.receptacle,
                number(self.query_one(f"#support-{each.receptacle}", Input).value or "0"),
            )
            for each in self.state.agents
            if self.can_support(each.receptacle, tester)
        ]

    def read(self) -> AttemptTest | str:
        """The test typed so far, or what is still missing."""
        agent = str(self.query_one("#test-agent", Select).value)
        attribute = str(self.query_one("#test-attribute", Select).value)
        difficulty = number(self.query_one("#test-difficulty", Input).value)
        boosts = number(self.query_one("#test-boosts", Input).value or "0")
        destiny = number(self.query_one("#test-destiny", Input).value)
        if difficulty is None:
            return t("Type the test's difficulty.")
        if boosts is None:
            return t("Boosts must be a whole number.")
        supports = []
        for supporter, amount in self.supports(agent):
            if amount is None:
                return t("{agent}'s support must be a whole number.", agent=supporter)
            if amount:
                supports.append((supporter, amount))
        if destiny is None:
            return t("Draw a Destiny card and type its modifier.")
        damage = (
            number(self.query_one("#test-damage", Input).value or "0") if running(self.state) else 0
        )
        if damage is None:
            return t("Type the damage the result deals as a whole number (0 for none).")
        target = str(self.query_one("#test-target", Select).value) if targets(self.state) else ""
        return AttemptTest(
            agent,  # type: ignore[arg-type]
            attribute,  # type: ignore[arg-type]
            difficulty,
            destiny,
            boosts,
            tuple(supports),  # type: ignore[arg-type]
            damage,
            target if damage else "",
        )

    def update_preview(self) -> None:
        preview = self.query_one("#test-preview", Static)
        agent_name = str(self.query_one("#test-agent", Select).value)
        agent = self.state.agents[self.state.index(agent_name)]
        attribute = str(self.query_one("#test-attribute", Select).value)
        base = agent.attribute(attribute)  # type: ignore[arg-type]
        boosts = number(self.query_one("#test-boosts", Input).value or "0") or 0
        offered = [(who, amount or 0) for who, amount in self.supports(agent_name)]
        support = sum(amount for _who, amount in offered)
        value = base + boosts + support
        test_cost = action_cost(self.state, self.state.index(agent_name))[0]
        if test_cost:
            paying = t(
                "{agent} {cost} (pool {pool})",
                agent=agent_name,
                cost=test_cost + boosts,
                pool=agent.pool,
            )
        else:
            paying = t(
                "{agent} {cost} (free action, pool {pool})",
                agent=agent_name,
                cost=test_cost + boosts,
                pool=agent.pool,
            )
        pays = [paying] + [f"{who} {amount}" for who, amount in offered if amount]
        if not support:
            pays.append(t("no support yet"))
        lines = [
            t(
                "Before Destiny: {attribute} {base} +{boosts} boosts +{support} support = {value}",
                attribute=ATTRIBUTE_NAMES.get(attribute, attribute),
                base=base,
                boosts=boosts,
                support=support,
                value=value,
            ),
            t("Pays: {payers}", payers=" · ".join(pays)),
        ]
        difficulty = number(self.query_one("#test-difficulty", Input).value)
        cards = remaining(self.state.destiny)
        if cards is None:
            seen = len(self.state.destiny.known)
            lines.append(t("Destiny deck not known yet ({n} of 6 cards seen): no odds.", n=seen))
        elif difficulty is not None:
            chances = odds(cards, value, difficulty)
            if chances is None:
                lines.append(t("The Destiny deck is empty: record the reshuffle (r) first."))
            else:
                need = boosts_for(cards, value, difficulty, TARGET, agent.pool)
                if need is None:
                    aim = t("out of reach")
                else:
                    aim = tn("{n} more boost", "{n} more boosts", need)
                lines.append(
                    t(
                        "Failure {failure} · critical {critical} · success {success}  (deck: "
                        "{cards})",
                        failure=percent(chances.failure),
                        critical=percent(chances.critical),
                        success=percent(chances.success),
                        cards=" ".join(signed(c) for c in cards),
                    )
                )
                lines.append(t("Not failing ≥ {target}: {aim}", target=percent(TARGET), aim=aim))
        destiny = number(self.query_one("#test-destiny", Input).value)
        if destiny is None:  # the rules: supports first, then the Destiny card, then the verdict
            lines.append(t("No Destiny card yet: draw it, then type its modifier."))
        elif difficulty is not None:
            final = value + destiny
            outcome = OUTCOME_WORDS[outcome_of(final, difficulty)]
            lines.append(
                t(
                    "Destiny {modifier}: final value {final} vs {difficulty}: {outcome}",
                    modifier=signed(destiny),
                    final=final,
                    difficulty=difficulty,
                    outcome=outcome,
                )
            )
        preview.update(Text("\n".join(lines)))

    @on(Input.Submitted)
    def submitted(self) -> None:
        self.action_resolve()

    def action_resolve(self) -> None:
        test = self.read()
        if isinstance(test, str):
            self.notify(test, severity="warning", markup=False)
            return
        if self.submit(test):
            self.dismiss(test)
