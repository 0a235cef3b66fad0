"""The Riverfolk's services (Law 11.2.6-11.2.7): bought by another player at the start of their Birdsong, paid in
warriors into the Payments box (the Vagabond exhausts items instead): a card of the public hand, riverboats (rivers as
paths for the turn), mercenaries (the Company's warriors count as the buyer's own in rule and battle in its Daylight
and Evening, `fights_for`, sharing its hits, `split_hits`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

from rules import decisions, hand, items, registry
from rules.actions import Action, Pass
from rules.cards import keys, label
from rules.decisions import Decision
from rules.factions.riverfolk import board as rb
from rules.factions.riverfolk.actions import Buy
from rules.factions.riverfolk.board import ID, NAME, SERVICES, RiverFlags
from rules.pieces import WARRIOR, kind_of_key, parse_key
from rules.state import GameState
from rules.words import plural

WHAT = "services"
ONCE = ("riverboats", "mercenaries")
"""Services whose effect lasts the turn: a second purchase would buy nothing, so each is offered once a turn."""
HIRED_PHASES = ("daylight", "evening")
"""When hired mercenaries count as the buyer's (11.2.7.3)."""


class ServiceOffer(Decision, total=False):
    """The Company's offer to the player whose Birdsong starts: the Company's seat and what was bought."""

    faction: str
    what: str
    river: int
    bought: list[str]
    owed: int
    prompt: str


def is_vagabond(state: GameState, seat: int) -> bool:
    """Whether the seat pays by exhausting items (11.2.6.3)."""
    return registry.of(state, seat).kind == "vagabond"


def purse(state: GameState, seat: int) -> int:
    """What a buyer could pay now: warriors in supply, or ready items for the Vagabond."""
    if is_vagabond(state, seat):
        return sum(1 for i in state.seats[seat].items if items.is_ready(i))
    return int(state.seats[seat].supply.get("warrior", 0))


def allowed(state: GameState, buyer: int) -> int:
    """Services a buyer may buy this turn: one, plus one per trade post clearing with any piece of theirs, each such
    clearing once (11.2.6.2; the Vagabond's pawn is one of his pieces)."""
    faction = state.seats[buyer].faction
    return 1 + sum(1 for cid in rb.post_clearings(state) if _has_piece(state, faction, cid))


def _has_piece(state: GameState, faction: str, cid: int) -> bool:
    """Whether a faction owns any piece in a clearing."""
    return any(n and parse_key(k)[0] == faction for k, n in state.clearings[cid - 1].items())


def choices(state: GameState, river: int, buyer: int, bought: list[str]) -> Iterator[Buy]:
    """Every service the buyer can buy and pay for now."""
    if len(bought) >= allowed(state, buyer):
        return
    money = purse(state, buyer)
    if money >= rb.price(state, river, "hand"):
        for k in hand.distinct_keys(state, river):
            yield Buy("hand", k)
    for service in ONCE:
        if service not in bought and money >= rb.price(state, river, service) and may_buy(state, buyer, service):
            yield Buy(service)


def may_buy(state: GameState, buyer: int, service: str) -> bool:
    """The Vagabond cannot hire mercenaries (11.2.7.3.II); every other service is open to every buyer."""
    return service != "mercenaries" or not is_vagabond(state, buyer)


def offer(state: GameState, river: int, buyer: int) -> None:
    """Push the offer to the buyer when they could buy anything, or could once their own answers add to what they can
    pay (a Jailor's Coerce: asked whatever his hand holds)."""
    if state.over or not (any(choices(state, river, buyer, [])) or _could_pay_more(state, river, buyer, [])):
        return
    prompt = _prompt(state, river, buyer)
    decisions.push(state, "faction", buyer, faction=ID, what=WHAT, river=river, bought=[], prompt=prompt)


def _prompt(state: GameState, river: int, buyer: int) -> str:
    """What the offer asks."""
    prices = ", ".join(f"{s} {rb.price(state, river, s)}" for s in SERVICES if may_buy(state, buyer, s))
    verbs = "buy hand CARD, buy riverboats" + (", buy mercenaries" if may_buy(state, buyer, "mercenaries") else "")
    return f"buy the {NAME}'s services ({prices}): {verbs}, or pass"


def _could_pay_more(state: GameState, river: int, buyer: int, bought: list[str]) -> bool:
    """Whether the buyer's own answers (`payment_answers`) might let them buy a service they can't pay for now."""
    if not _answers_open(state) or len(bought) >= allowed(state, buyer):
        return False
    reserve = registry.of(state, buyer).payment_reserve(state, buyer)
    money = purse(state, buyer) + reserve
    return reserve > 0 and any(
        money >= rb.price(state, river, s) and may_buy(state, buyer, s) and _on_offer(state, river, s, bought)
        for s in SERVICES
    )


def _on_offer(state: GameState, river: int, service: str, bought: list[str]) -> bool:
    """Whether a service is there to buy: a card in the Company's hand, a service that lasts the turn not bought."""
    return bool(state.seats[river].hand) if service == "hand" else service not in bought


def _answers_open(state: GameState) -> bool:
    """Whether a buyer may answer the offer with actions of their own (not before revision 10)."""
    return state.legacy is None or not state.legacy.coerce_not_for_services


def options(state: GameState, d: Decision) -> Iterator[Action]:
    """Passing first, then the services on offer, then what the buyer's own faction lets them do toward paying (the
    Vagabond pays in items: a Jailor may coerce one, V.12)."""
    offer_ = decisions.context(d, ServiceOffer)
    buyer = offer_["seat"]
    owed = offer_.get("owed", 0)
    if owed:  # the Vagabond chooses the items a purchase exhausts, one at a time
        yield from registry.of(state, buyer).payment_answers(state, buyer, owed)
        return
    yield Pass()
    yield from choices(state, offer_["river"], buyer, offer_.get("bought", []))
    if _answers_open(state) and len(offer_.get("bought", [])) < allowed(state, buyer):
        yield from registry.of(state, buyer).payment_answers(state, buyer, 0)


def apply(state: GameState, d: Decision, action: Action) -> bool:
    """Buy one service and keep the offer open while more may be bought; an answer of the buyer's own keeps it open
    too; pass ends it."""
    offer_ = decisions.context(d, ServiceOffer)
    river, buyer = offer_["river"], offer_["seat"]
    if isinstance(action, Pass):
        return True
    if not isinstance(action, Buy):
        paid = registry.of(state, buyer).take_payment_answer(state, buyer, action)
        assert paid >= 0, action
        if not offer_.get("owed"):
            return False
        offer_["owed"] -= paid
        if offer_["owed"] > 0:
            return False
        del offer_["owed"]
        offer_["prompt"] = _prompt(state, river, buyer)
        return _closed(state, river, buyer, offer_["bought"])
    cost = rb.price(state, river, action.service)
    if _chooses_items(state, buyer, cost):
        rb.pay_in(state, river, river, cost)
        offer_["owed"] = cost
        offer_["prompt"] = f"pay the {NAME}: exhaust {plural(cost, 'item')} of your choice (exhaust ITEM)"
        state.say(f"The Vagabond pays the {NAME} {plural(cost, 'item')}.")
    else:
        pay(state, river, buyer, cost)
    offer_.setdefault("bought", []).append(action.service)
    if action.service == "hand":
        assert action.card is not None
        cid = hand.take(state, river, action.card)
        state.seats[buyer].hand.append(cid)
        state.say(f"{registry.of(state, buyer).name} buys {label(cid)} from the {NAME}'s hand.")
    elif action.service == "riverboats":
        state.turn.flags["rivers_as_paths"] = True
        state.say(f"{registry.of(state, buyer).name} buys riverboats: rivers are paths for them this turn.")
    else:
        state.turn.flags_as(RiverFlags)["hired"] = True
        state.say(
            f"{registry.of(state, buyer).name} hires the {NAME}'s mercenaries: in their Daylight and Evening the "
            f"{NAME}'s warriors count as theirs for rule and battle, except against the {NAME}."
        )
    return not offer_.get("owed") and _closed(state, river, buyer, offer_["bought"])


def _closed(state: GameState, river: int, buyer: int, bought: list[str]) -> bool:
    """Whether nothing more can be bought, nor made payable, this turn."""
    return not any(choices(state, river, buyer, bought)) and not _could_pay_more(state, river, buyer, bought)


def _chooses_items(state: GameState, buyer: int, cost: int) -> bool:
    """Whether the Vagabond chooses which items pay (11.2.6.3): more ready items than the cost, not all alike; never
    before revision 10, whose engine exhausted his first ready items."""
    if not is_vagabond(state, buyer) or (state.legacy is not None and state.legacy.vagabond_pays_first_items):
        return False
    ready = [i for i in state.seats[buyer].items if items.is_ready(i)]
    return len(ready) > cost and len(items.groups(ready)) > 1


def hirer(state: GameState, river: int) -> int | None:
    """The seat the Company's warriors count for now (11.2.7.3): the buyer of mercenaries, in its Daylight and
    Evening, except in a battle against the Company."""
    turn = state.turn
    if turn.seat == river or not turn.flags_as(RiverFlags).get("hired"):
        return None
    if turn.phase not in HIRED_PHASES or turn.step == "turn.end":
        return None
    b = state.battle
    if b is not None and river in (b["attacker"], b["defender"]):
        return None
    return turn.seat


def split_hits(own: dict[str, int], lent: str, taken: int) -> dict[str, int]:
    """11.2.7.3.I: the buyer takes the odd hits (first, third, ...) on its own warriors while it has any there, the
    mercenaries take the even ones; with no warrior of its own left, every hit falls on the mercenaries (its buildings
    and tokens only once no warrior of either side is left)."""
    warriors = {k: 1 for k, n in own.items() if n > 0 and kind_of_key(k).hit_category == WARRIOR}
    if taken % 2 == 1 or not warriors:
        return {lent: 1}
    return {k: 1 for k, n in own.items() if n > 0}


def pay(state: GameState, river: int, buyer: int, cost: int) -> None:
    """Warriors from the buyer's supply into Payments; the Vagabond exhausts items, a Company warrior each."""
    if is_vagabond(state, buyer):
        done = 0
        for item in list(state.seats[buyer].items):
            if done < cost and items.is_ready(item):
                done += items.exhaust(state, buyer, item["item"], 1)
        rb.pay_in(state, river, river, done)
        state.say(f"The Vagabond exhausts {plural(done, 'item')} to pay the {NAME}.")
        return
    rb.pay_in(state, river, buyer, cost)


def why_not_buy(state: GameState, river: int, buyer: int, action: Buy) -> str | None:
    """Why a purchase is refused, in the Law's terms."""
    owed = _offer_of(state, buyer).get("owed", 0)
    if owed:
        return f"first pay for your purchase: exhaust {plural(owed, 'more item')} of your choice (exhaust ITEM)"
    if action.service not in SERVICES:
        return f"the services are {', '.join(SERVICES)}"
    if action.card is not None and action.service != "hand":
        return f"only a hand card names a card: buy {action.service}, with none"
    if not may_buy(state, buyer, action.service):
        return "the Vagabond cannot hire the Riverfolk's mercenaries (11.2.7.3)"
    cost = rb.price(state, river, action.service)
    if purse(state, buyer) < cost:
        what = "ready items" if is_vagabond(state, buyer) else "warriors in your supply"
        return f"{action.service} cost {cost} and you have {purse(state, buyer)} {what}"
    if action.service == "hand":
        if action.card is None:
            return "name the card you take from the Riverfolk's hand: buy hand CARD"
        if not hand.holds(state, river, action.card):
            return f"the {NAME} do not hold {keys()[action.card].name}" if action.card in keys() else "no such card"
    bought = _bought(state, buyer)
    if action.service in ONCE and action.service in bought:
        return f"you already have {action.service} this turn"
    return f"you may buy {plural(allowed(state, buyer), 'service')} this turn, and you have bought {len(bought)}"


def _bought(state: GameState, buyer: int) -> list[str]:
    """What the buyer bought so far in the offer still open to them."""
    return list(_offer_of(state, buyer).get("bought", []))


def _offer_of(state: GameState, buyer: int) -> ServiceOffer:
    """The offer still open to the buyer (empty when there is none)."""
    for d in state.pending:
        if d.get("faction") == ID and d.get("what") == WHAT and d["seat"] == buyer:
            return decisions.context(d, ServiceOffer)
    return cast(ServiceOffer, {})
