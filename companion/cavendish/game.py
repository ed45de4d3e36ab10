"""TIME Stories Revolution: Cavendish: the Azrak crystals, the Vortex, updates, tests, the score.

The game's `Game` is `CAVENDISH`; the rules live in `rules` and `azrak`,
the words of the log in `words`, the JSON of `companion show` in `show`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from companion.cavendish import GAME_ID, TITLE, conflicts, epilogue, history, rules
from companion.cavendish.actions import (
    ACTIONS,
    AbandonMission,
    AddAdversary,
    AndCost,
    AnnounceGroupConflict,
    AntonDies,
    AttemptTest,
    BeginGroupConflict,
    ChooseLocation,
    DiscardFear,
    Eject,
    EmergencyUpdate,
    EndGroupConflict,
    EndMission,
    Explore,
    GainAzrak,
    GiveEmerald,
    GiveItems,
    LeaveLocation,
    LoseAzrak,
    LoseControl,
    OrderAttempts,
    PassCaptain,
    PersonalConflict,
    RescueDamien,
    ReshuffleDestiny,
    StandardUpdate,
    StowItem,
    TakeFear,
    TakeItem,
    TakeNote,
)
from companion.cavendish.azrak import (
    active_agent,
    emergency_update,
    fail,
    gain,
    lose,
    lose_control,
    positive,
    require_phase,
    spill_fear,
    standard_update,
    update_needed,
    with_agent,
)
from companion.cavendish.destiny import reshuffle
from companion.cavendish.ending import explain
from companion.cavendish.facts import facts
from companion.cavendish.items import find_held
from companion.cavendish.model import RULES_REVISION, CavendishSetup, CavendishState
from companion.cavendish.replaced import replaced
from companion.cavendish.saying import both
from companion.cavendish.show import describe, waiting_for
from companion.cavendish.words import narrate, score, status, summary
from companion.core import Game, RuleError, Score, SeatOption
from companion.phrases import phrase, phrase_n

Handler = Callable[[CavendishState, Any], CavendishState]

OUTCOME_NAMES = {
    # TRANSLATORS: a mission's outcome, in "The mission is over (failed)"
    "failed": phrase("failed"),
    # TRANSLATORS: a mission's outcome, in "The mission is over (finished)"
    "finished": phrase("finished"),
}


def apply(state: CavendishState, action: Any) -> CavendishState:
    """The state after an action, or a `RuleError` naming the rule that refuses it."""
    if state.outcome:
        raise RuleError(
            phrase(
                "The mission is over ({outcome}): undo to go back into it.",
                outcome=OUTCOME_NAMES.get(state.outcome, state.outcome),
            )
        )
    handler = HANDLERS.get(type(action))
    if handler is None:
        raise RuleError(
            phrase("{action} is not an action of Cavendish.", action=type(action).__name__)
        )
    answers = (EmergencyUpdate, LoseControl)
    if state.pending and not isinstance(action, answers):
        who = state.pending[0].receptacle
        raise RuleError(
            phrase(
                "{agent}'s link is broken: choose Emergency Update or lose control before "
                "anything else.",
                agent=who,
            )
        )
    if not state.pending and isinstance(action, answers):
        raise RuleError(
            phrase("No link is broken: Emergency Update and loss of control answer one.")
        )
    return conflicts.closed(handler(state, action))


def _gain(state: CavendishState, action: GainAzrak) -> CavendishState:
    return gain(state, active_agent(state, action.agent), action.amount)


def _lose(state: CavendishState, action: LoseAzrak) -> CavendishState:
    return lose(state, active_agent(state, action.agent), action.amount)


def _take_fear(state: CavendishState, action: TakeFear) -> CavendishState:
    positive(action.count, phrase("Fear taken"))
    index = active_agent(state, action.agent)
    agent = state.agents[index]
    state = with_agent(state, index, replace(agent, fear=agent.fear + action.count))
    return spill_fear(state, index)


def _discard_fear(state: CavendishState, action: DiscardFear) -> CavendishState:
    positive(action.count, phrase("Fear discarded"))
    index = active_agent(state, action.agent)
    agent = state.agents[index]
    if action.count > agent.fear:
        raise RuleError(
            phrase(
                "{agent} has {fear} Fear on the card, not {count}.",
                agent=agent.receptacle,
                fear=agent.fear,
                count=action.count,
            )
        )
    return with_agent(state, index, replace(agent, fear=agent.fear - action.count))


def _take_item(state: CavendishState, action: TakeItem) -> CavendishState:
    """An Item taken; one of the six handwritten notes is counted for the epilogue."""
    state = rules.take_item(state, action)
    note = epilogue.note_number(action.name)
    return state if note is None else epilogue.with_note(state, note)


def _take_note(state: CavendishState, action: TakeNote) -> CavendishState:
    """A handwritten note: the Item in front of the agent, counted for the epilogue."""
    state = rules.take_item(state, epilogue.take_note_item(state, action))
    return epilogue.with_note(state, action.item)


def _stow_item(state: CavendishState, action: StowItem) -> CavendishState:
    index = active_agent(state, action.agent)
    agent = state.agents[index]
    stowed = find_held(agent.items, action.name, state.rules)
    if stowed is None:
        raise RuleError(
            phrase("{agent} does not hold {item}.", agent=agent.receptacle, item=action.name)
        )
    kept = tuple(item for item in agent.items if item.name != stowed.name)
    state = with_agent(state, index, replace(agent, items=kept))
    return spill_fear(state, index)


def _leave(state: CavendishState, action: LeaveLocation) -> CavendishState:
    require_phase(state, "discovery", phrase("Leaving the location"))
    conflicts.check_leaving(state)
    agents = tuple(replace(agent, ejected=False) for agent in state.agents)
    return replace(state, agents=agents, phase="between", updated=False)


def _update(state: CavendishState, action: StandardUpdate) -> CavendishState:
    return standard_update(state, action.shares, action.use_free)


def _pass(state: CavendishState, action: PassCaptain) -> CavendishState:
    require_phase(state, "between", phrase("Passing the Time Captain deck"))
    if update_needed(state):
        lost = both([a.receptacle for a in state.agents if a.lost_control])
        raise RuleError(
            phrase(
                "{agents} lost control: the group must perform a Standard Update before the "
                "Time Captain passes the deck.",
                agents=lost,
            )
        )
    agents = tuple(replace(agent, free_explore_used=False) for agent in state.agents)
    return replace(
        state,
        agents=agents,
        captain=(state.captain + 1) % len(state.agents),
        round=state.round + 1,
        phase="time-captain",
        captain_free_used=False,
        updated=False,
    )


def _reshuffle(state: CavendishState, action: ReshuffleDestiny) -> CavendishState:
    return replace(state, destiny=reshuffle(state.destiny))


def _end(state: CavendishState, action: EndMission) -> CavendishState:
    conflicts.check_ending(state)
    return replace(
        state,
        phase="over",
        outcome="finished",
        reason=phrase("Mission complete."),
        adjustments=action.adjustments or state.epilogue.adjustments(),
    )


def _abandon(state: CavendishState, action: AbandonMission) -> CavendishState:
    return fail(state, phrase("The group ended the mission early to start a new run."))


HANDLERS: dict[type, Handler] = {
    ChooseLocation: rules.choose_location,
    Explore: lambda state, action: rules.explore(state, action.agent),
    AttemptTest: rules.attempt_test,
    AndCost: lambda state, action: rules.and_cost(state, action.agent),
    GiveItems: rules.give_items,
    GainAzrak: _gain,
    LoseAzrak: _lose,
    TakeFear: _take_fear,
    DiscardFear: _discard_fear,
    TakeItem: _take_item,
    TakeNote: _take_note,
    StowItem: _stow_item,
    Eject: rules.eject,
    PersonalConflict: conflicts.personal_conflict,
    AnnounceGroupConflict: conflicts.announce,
    BeginGroupConflict: conflicts.begin,
    AddAdversary: conflicts.add_adversary,
    OrderAttempts: conflicts.reorder,
    EndGroupConflict: conflicts.end_conflict,
    LeaveLocation: _leave,
    StandardUpdate: _update,
    PassCaptain: _pass,
    EmergencyUpdate: lambda state, action: emergency_update(state, action.use_free),
    LoseControl: lambda state, action: lose_control(state),
    ReshuffleDestiny: _reshuffle,
    RescueDamien: epilogue.rescue_damien,
    GiveEmerald: epilogue.give_emerald,
    AntonDies: epilogue.anton_dies,
    EndMission: _end,
    AbandonMission: _abandon,
}
"""The rule that handles each action type."""


def mission_score(state: CavendishState) -> Score:
    """The explained score; a failed or abandoned mission has none (no totals, no winners)."""
    if state.outcome == "failed":
        return Score({}, (), (), lower_is_better=True)
    return score(state)


def _setup_summary(setup: CavendishSetup) -> str:
    agents = ", ".join(f"{seat.receptacle} ({seat.player})" for seat in setup.seats)
    return phrase_n(
        "{n} player(s): {agents}", "{n} player(s): {agents}", len(setup.players), agents=agents
    )


def seats(state: CavendishState) -> tuple[SeatOption, ...]:
    """A seat per agent, shown with its player (`Amy (Ana)`): a device plays an agent."""
    return tuple(SeatOption(a.receptacle, f"{a.receptacle} ({a.player})") for a in state.agents)


AgentsMove = (
    Explore
    | AttemptTest
    | AndCost
    | GainAzrak
    | LoseAzrak
    | TakeFear
    | DiscardFear
    | TakeItem
    | StowItem
    | Eject
    | PersonalConflict
    | TakeNote
    | GiveEmerald
)
"""The actions of the agent they name (`agent`)."""


def mover(state: CavendishState, action: Any) -> str | None:
    """The agent (a seat) whose move an action is: the agent it names, the giver of Items, the
    Time Captain's location, the broken link's agent for its answer. Conflicts, the phases,
    updates, the Destiny deck and the epilogue are the table's."""
    if isinstance(action, AgentsMove):
        return str(action.agent)
    if isinstance(action, GiveItems):
        return str(action.giver)
    if isinstance(action, ChooseLocation):
        return state.agents[state.captain].receptacle
    if isinstance(action, EmergencyUpdate | LoseControl) and state.pending:
        return state.pending[0].receptacle
    return None


CAVENDISH: Game[CavendishSetup, CavendishState] = Game(
    id=GAME_ID,
    title=TITLE,
    min_players=1,
    max_players=4,
    setup_type=CavendishSetup,
    state_type=CavendishState,
    action_types=ACTIONS,
    start=rules.start,
    apply=apply,
    narrate=narrate,
    summary=summary,
    status=status,
    describe=describe,
    score=mission_score,
    setup_summary=_setup_summary,
    waiting_for=waiting_for,
    rules_revision=RULES_REVISION,
    at_revision=lambda state, revision: replace(state, rules=revision),
    explain=explain,
    facts=facts,
    replaced=replaced,
    recorded=history.RECORDED,
    start_player=history.START_PLAYER,
    other_names=history.OTHER_NAMES,
    figures=history.figures,
    seats=seats,
    mover=mover,
)
