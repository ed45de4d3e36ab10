"""Cavendish's setup and the handlers of the actions played during the three phases of a round."""

from __future__ import annotations

from dataclasses import replace

from companion.cavendish import items
from companion.cavendish.actions import (
    AttemptTest,
    ChooseLocation,
    Eject,
    GiveItems,
    TakeItem,
)
from companion.cavendish.azrak import (
    active_agent,
    break_link_if_empty,
    fail_if_all_ejected,
    place_on_location,
    require_phase,
    spend,
    spill_fear,
    with_agent,
)
from companion.cavendish.conflicts import (
    after_attempt,
    check_attempt,
    check_free_to_act,
    check_gift,
    check_supporter,
)
from companion.cavendish.destiny import reveal, start_deck
from companion.cavendish.model import (
    ATTRIBUTES,
    RECEPTACLES,
    TOTAL_CRYSTALS,
    Agent,
    CavendishSetup,
    CavendishState,
    Item,
    Outcome,
    ResolvedTest,
    free_updates_for,
    support_limit,
)
from companion.cavendish.saying import ATTRIBUTE_NAMES
from companion.core import RuleError
from companion.phrases import joined, phrase, phrase_n

MAX_NAME = 24
"""Longest player, item or location name kept."""


def start(setup: CavendishSetup) -> CavendishState:
    """Lay out the 31 crystals: pools at starting level, unplayed receptacles' into the Vortex."""
    check_players(setup)
    check_seats(setup)
    check_cards(setup)
    played = {seat.receptacle for seat in setup.seats}
    agents = tuple(
        Agent(
            seat.receptacle,
            seat.player,
            setup.cards.card(seat.receptacle),
            setup.cards.card(seat.receptacle).starting,
        )
        for seat in setup.seats
    )
    vortex = sum(setup.cards.card(name).starting for name in RECEPTACLES if name not in played)
    laid = sum(setup.cards.card(name).starting for name in RECEPTACLES)
    captain = next(n for n, agent in enumerate(agents) if agent.receptacle == "Anton")
    return CavendishState(
        setup=setup,
        agents=agents,
        vortex=vortex,
        box=TOTAL_CRYSTALS - laid,
        captain=captain,
        free_updates_left=free_updates_for(len(agents)),
        destiny=start_deck(setup.destiny),
    )


def check_players(setup: CavendishSetup) -> None:
    """1 to 4 players with distinct, non-empty names."""
    if not 1 <= len(setup.players) <= 4:
        raise RuleError(
            phrase("Cavendish is played by 1 to 4 players, not {n}.", n=len(setup.players))
        )
    seen: set[str] = set()
    for name in setup.players:
        if not name.strip() or len(name) > MAX_NAME:
            raise RuleError(
                phrase("Each player needs a name of 1 to {most} characters.", most=MAX_NAME)
            )
        if name.lower() in seen:
            raise RuleError(
                phrase("Two players are called {name}: give them different names.", name=name)
            )
        seen.add(name.lower())


def check_seats(setup: CavendishSetup) -> None:
    """Receptacles by the printed rule: Anton and Amy always, the third Jennifer or Doug."""
    count = len(setup.players)
    chosen = [seat.receptacle for seat in setup.seats]
    if len(set(chosen)) != len(chosen):
        raise RuleError(phrase("Each receptacle is played at most once."))
    if count <= 2:
        expected = {"Anton", "Amy"}
        rule = phrase("With 1 or 2 players, Anton and Amy are played (a solo player runs both).")
    elif count == 3:
        third = set(chosen) - {"Anton", "Amy"}
        expected = {"Anton", "Amy", *third} if third <= {"Jennifer", "Doug"} else set()
        rule = phrase("With 3 players, Anton and Amy are played, and Jennifer or Doug.")
    else:
        expected = set(RECEPTACLES)
        rule = phrase("With 4 players, all four receptacles are played.")
    if set(chosen) != expected or len(chosen) != max(count, 2):
        raise RuleError(rule)
    for seat in setup.seats:
        if seat.player not in setup.players:
            raise RuleError(
                phrase(
                    "{agent} is played by {player}, who is not a player.",
                    agent=seat.receptacle,
                    player=seat.player,
                )
            )
    if count >= 2:
        owners = [seat.player for seat in setup.seats]
        if owners != list(setup.players):
            raise RuleError(phrase("Each player controls one receptacle, listed in seating order."))


def check_cards(setup: CavendishSetup) -> None:
    """Card numbers in range, and the four starting levels within the 31 crystals."""
    for name in RECEPTACLES:
        card = setup.cards.card(name)
        if not 1 <= card.starting <= TOTAL_CRYSTALS:
            raise RuleError(
                phrase(
                    "{agent}'s Azrak starting level must be 1 to 31, not {starting}.",
                    agent=name,
                    starting=card.starting,
                )
            )
        for attribute in ATTRIBUTES:
            value = getattr(card, attribute)
            if not 0 <= value <= 9:
                raise RuleError(
                    phrase(
                        "{agent}'s {attribute} must be 0 to 9, not {value}.",
                        agent=name,
                        attribute=ATTRIBUTE_NAMES[attribute],
                        value=value,
                    )
                )
    laid = sum(setup.cards.card(name).starting for name in RECEPTACLES)
    if laid > TOTAL_CRYSTALS:
        raise RuleError(
            phrase(
                "The four starting levels add up to {laid} crystals; the box holds {total}.",
                laid=laid,
                total=TOTAL_CRYSTALS,
            )
        )


def action_cost(state: CavendishState, index: int) -> tuple[int, CavendishState]:
    """1 Azrak, or 0 for the Time Captain's first action of the round with three agents."""
    if len(state.agents) == 3 and index == state.captain and not state.captain_free_used:
        return 0, replace(state, captain_free_used=True)
    return 1, state


def choose_location(state: CavendishState, action: ChooseLocation) -> CavendishState:
    """The captain's crystal onto the chosen location; on to the Discovery phase."""
    require_phase(state, "time-captain", phrase("Choosing a location"))
    name = " ".join(action.location.split())
    if not name or len(name) > MAX_NAME:
        raise RuleError(
            phrase("Name the location (its letter or room), 1 to {most} characters.", most=MAX_NAME)
        )
    for place in state.house_plan:
        if place.name.lower() == name.lower():
            name = place.name
    captain = state.captain_agent
    if captain.pool < 1:
        raise RuleError(
            phrase("{agent}, the Time Captain, has no Azrak to place.", agent=captain.receptacle)
        )
    state = with_agent(state, state.captain, replace(captain, pool=captain.pool - 1))
    state = replace(place_on_location(state, name), phase="discovery")
    return break_link_if_empty(state, state.captain, location=name)


def explore(state: CavendishState, receptacle: str) -> CavendishState:
    """Explore: 1 Azrak, free for each agent's first Explore of a round with two agents."""
    require_phase(state, "discovery", phrase("Exploring"))
    index = active_agent(state, receptacle)
    check_free_to_act(state, index, phrase("exploring"))
    agent = state.agents[index]
    if len(state.agents) == 2 and not agent.free_explore_used:
        return with_agent(state, index, replace(agent, free_explore_used=True))
    cost, state = action_cost(state, index)
    return spend(state, index, cost, phrase("exploring"))


def and_cost(state: CavendishState, receptacle: str) -> CavendishState:
    """Both options of an OR/AND card for 1 Azrak."""
    require_phase(state, "discovery", phrase("Taking both options of an OR/AND card"))
    index = active_agent(state, receptacle)
    check_free_to_act(state, index, phrase("taking both options of an OR/AND card"))
    cost, state = action_cost(state, index)
    return spend(state, index, cost, phrase("the AND option"))


def outcome_of(value: int, difficulty: int) -> Outcome:
    """Below the difficulty fails, equal is a critical success, above is a success."""
    if value < difficulty:
        return "failure"
    return "critical" if value == difficulty else "success"


def attempt_test(state: CavendishState, action: AttemptTest) -> CavendishState:
    """Pay for the test, boosts and supports, reveal the Destiny card, resolve the outcome."""
    require_phase(state, "discovery", phrase("A test"))
    index = active_agent(state, action.agent)
    if action.attribute not in ATTRIBUTES:
        raise RuleError(
            phrase(
                "Tests use Strength, Confidence or Dexterity, not {attribute}.",
                attribute=action.attribute,
            )
        )
    if not 0 <= action.difficulty <= 20:
        raise RuleError(
            phrase(
                "A test's difficulty is 0 to 20, not {difficulty}.", difficulty=action.difficulty
            )
        )
    if action.boosts < 0:
        raise RuleError(phrase("Boosts cannot be negative."))
    check_attempt(state, action)
    supporters = check_supports(state, action)
    cost, state = action_cost(state, index)
    doing = phrase("this test (1 + {boosts} boosts)", boosts=action.boosts)
    state = spend(state, index, cost + action.boosts, doing)
    for supporter, amount in action.supports:
        supporting = phrase("supporting with {amount}", amount=amount)
        state = spend(state, supporters[supporter], amount, supporting)
    deck = reveal(state.destiny, action.destiny)
    base = state.agents[index].attribute(action.attribute)
    support = sum(amount for _who, amount in action.supports)
    value = base + action.boosts + support + action.destiny
    result = ResolvedTest(
        receptacle=state.agents[index].receptacle,
        attribute=action.attribute,
        difficulty=action.difficulty,
        base=base,
        boosts=action.boosts,
        support=support,
        destiny=action.destiny,
        value=value,
        outcome=outcome_of(value, action.difficulty),
        spent=cost + action.boosts + support,
        damage=action.damage,
    )
    state = replace(state, destiny=deck, last_test=result, tests=(*state.tests, result))
    return after_attempt(state, result.receptacle, action.damage, action.adversary)


def check_supports(state: CavendishState, action: AttemptTest) -> dict[str, int]:
    """Supporters by the player-count limits; returns each supporter's index."""
    most_supporters, most_each = support_limit(len(state.agents))
    found: dict[str, int] = {}
    for supporter, amount in action.supports:
        if supporter == action.agent:
            raise RuleError(phrase("{agent} cannot support their own test.", agent=supporter))
        if supporter in found:
            raise RuleError(phrase("{agent} is listed twice as a supporter.", agent=supporter))
        found[supporter] = active_agent(state, supporter)
        check_supporter(state, found[supporter])
        if amount < 1:
            raise RuleError(
                phrase(
                    "{agent}'s support must be at least 1 Azrak, not {amount}.",
                    agent=supporter,
                    amount=amount,
                )
            )
        if amount > most_each:
            raise RuleError(
                phrase(
                    "With {n} agents a supporter spends at most {most} Azrak in a test; {agent} "
                    "offered {amount}.",
                    n=len(state.agents),
                    most=most_each,
                    agent=supporter,
                    amount=amount,
                )
            )
    if len(found) > most_supporters:
        raise RuleError(
            phrase_n(
                "With {agents} agents at most {n} agent(s) support a test; {offered} offered.",
                "With {agents} agents at most {n} agent(s) support a test; {offered} offered.",
                most_supporters,
                agents=len(state.agents),
                offered=len(found),
            )
        )
    return found


def give_items(state: CavendishState, action: GiveItems) -> CavendishState:
    """Items change hands: 1 Azrak from a giver in stand by, free between locations and before
    a group conflict begins."""
    giver = active_agent(state, action.giver)
    receiver = active_agent(state, action.receiver)
    if giver == receiver:
        raise RuleError(phrase("{agent} cannot give Items to themselves.", agent=action.giver))
    if not action.items:
        raise RuleError(phrase("Name at least one Item to give."))
    held = state.agents[giver].items
    found = [items.find_held(held, name, state.rules) for name in action.items]
    missing = [name for name, item in zip(action.items, found, strict=True) if item is None]
    if missing:
        raise RuleError(
            phrase(
                "{agent} does not hold {items}.", agent=action.giver, items=joined(", ", missing)
            )
        )
    chosen = [item for item in found if item is not None]
    if state.rules >= items.ITEMS_AS_THE_BOOK and len(set(chosen)) < len(chosen):
        raise RuleError(phrase("Each Item is named once in a gift: it is one card."))
    items.check_giving(chosen)  # first: a Talisman is never given, in any phase
    if state.phase not in ("discovery", "between"):
        raise RuleError(
            phrase(
                "Items are given in the Discovery phase (1 Azrak, in stand by) or swapped "
                "freely in the Between Locations phase."
            )
        )
    if state.phase == "discovery" and not check_gift(state, giver):
        cost, state = action_cost(state, giver)
        state = spend(state, giver, cost, phrase("giving Items"))
    source, target = state.agents[giver], state.agents[receiver]
    moved = tuple(chosen)
    names = {item.name for item in chosen}
    kept = tuple(item for item in source.items if item.name not in names)
    state = with_agent(state, giver, replace(source, items=kept))
    state = with_agent(state, receiver, replace(target, items=target.items + moved))
    return spill_fear(state, giver)


def take_item(state: CavendishState, action: TakeItem) -> CavendishState:
    """An Item card taken: a green Item or the Talisman in front of the agent; a yellow or red
    one read, resolved and stowed unless its card keeps it. An Item another agent already holds
    is ignored (refused)."""
    index = active_agent(state, action.agent)
    name = " ".join(action.name.split())
    if not name or len(name) > MAX_NAME:
        raise RuleError(
            phrase("Name the Item (such as ITEM 4), 1 to {most} characters.", most=MAX_NAME)
        )
    for agent in state.agents:
        for item in agent.items:
            if items.same_card(item.name, name, state.rules):
                raise RuleError(
                    phrase(
                        "{agent} already holds {item}: an Item is claimed once.",
                        agent=agent.receptacle,
                        item=item.name,
                    )
                )
    bonuses = (action.strength, action.confidence, action.dexterity)
    if any(not -5 <= bonus <= 5 for bonus in bonuses):
        raise RuleError(phrase("An Item's attribute bonus is between -5 and +5."))
    kind = items.kind_of(action, state.rules)
    items.check_kept(kind, action.kept)
    items.check_one_talisman(action.agent, state.agents[index].items, kind)
    if items.stowed_at_once(kind, action.kept):
        return state
    agent = state.agents[index]
    item = Item(name, action.strength, action.confidence, action.dexterity, kind)
    state = with_agent(state, index, replace(agent, items=(*agent.items, item)))
    return spill_fear(state, index)


def eject(state: CavendishState, action: Eject) -> CavendishState:
    """A card ejects an agent; everyone ejected at one location fails the mission."""
    if state.phase == "between":
        raise RuleError(
            phrase("Ejected agents return in the Between Locations phase: no ejection now.")
        )
    index = active_agent(state, action.agent)
    agent = replace(state.agents[index], ejected=True, personal_conflict=False)
    return fail_if_all_ejected(with_agent(state, index, agent))
