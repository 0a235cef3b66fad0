"""The Jailor's Coerce paying the Riverfolk's services (V.12, 11.2.6.3) through the real command tree: offered in his
Birdsong beside the purchases, one clear refusal for each kind of bad input with the game left as it was."""

from __future__ import annotations

import random

from discord_harness import OfflineUser, db_url, offline_bot, play_action, refused_unchanged, slash_options

import rules
from bot.service.notation import slash_name

CHANNEL = 4040
PLAYERS = {"marquise": OfflineUser("alice"), "vagabond": OfflineUser("vera"), "riverfolk": OfflineUser("rhea")}
VJ = 1


def _coerce_on_offer(state: rules.GameState) -> bool:
    """The Company's offer waits on the Jailor and he may coerce for it."""
    offer = state.pending[:1] and state.pending[0].get("faction") == "riverfolk" and state.pending[0]["seat"] == VJ
    return bool(offer) and any(a.verb == "coerce" for a in rules.legal_actions(state, VJ))


async def _to_the_offer(bot, seed: int) -> rules.GameState:
    """Random legal actions through the commands (the Vagabond the Jailor, ending his Birdsong in a clearing and
    keeping his cards) until the offer waits on him with a card that may pay."""
    from discord_harness import seated_game

    await seated_game(bot, CHANNEL, PLAYERS)
    chooser = random.Random(seed)
    for _ in range(1500):
        state = (await bot.service.table(CHANNEL)).state
        if _coerce_on_offer(state):
            return state
        seat = rules.to_act(state)
        assert seat is not None
        legal = rules.legal_actions(state, seat)
        mine = state.seats[seat].faction == "vagabond"
        wanted = [a for a in legal if a.notation() == "character jailor"]
        if mine and not wanted:
            wanted = [a for a in legal if a.verb == "move" and isinstance(getattr(a, "dst", None), int)]
            wanted = wanted or [a for a in legal if a.verb in ("end", "pass", "refresh", "damage", "drop")]
        action = (wanted and [chooser.choice(wanted)]) or [chooser.choice(legal)]
        result = await play_action(bot, PLAYERS[state.seats[seat].faction], CHANNEL, action[0])
        assert not result.refused, (action[0].notation(), result.text)
    raise AssertionError("the offer never waited on the Jailor with a card to coerce")


async def test_the_jailor_coerces_for_a_service_and_bad_input_is_refused_v_12_11_2_6(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    state = await _to_the_offer(bot, seed=2)
    vera, alice = PLAYERS["vagabond"], PLAYERS["marquise"]
    coerce = next(a for a in rules.legal_actions(state, VJ) if a.verb == "coerce")
    options = slash_options(coerce)
    name = slash_name("coerce")
    hers = rules.cards.card(state.seats[0].hand[0]).key
    await refused_unchanged(bot, alice, CHANNEL, name, "not your turn", **{**options, "card": hers})
    await refused_unchanged(bot, vera, CHANNEL, name, "is not an item", **{**options, "item": "spoon"})
    held = {rules.cards.card(c).key for c in state.seats[VJ].hand}
    absent = next(k for k in ("anvil", "ambush-mouse", "ambush-fox", "sappers") if k not in held)
    await refused_unchanged(bot, vera, CHANNEL, name, "is not in your hand", **{**options, "card": absent})
    result = await bot.slash(vera, CHANNEL, name, **options)
    assert not result.refused and "Coerce" in result.text, result.text
    after = (await bot.service.table(CHANNEL)).state
    assert after.pending and after.pending[0].get("faction") == "riverfolk"  # the offer stays open
    assert any(i.get("stand_in") for i in after.seats[VJ].items)
    left = rules.cards.card(after.seats[VJ].hand[0]).key
    await refused_unchanged(bot, vera, CHANNEL, name, "once a turn", **{**options, "card": left})
    buy = next(a for a in rules.legal_actions(after, VJ) if a.verb == "buy")  # the card now pays one item
    result = await play_action(bot, vera, CHANNEL, buy)
    assert not result.refused, result.text
    bought = (await bot.service.table(CHANNEL)).state
    assert not any(i.get("stand_in") for i in bought.seats[VJ].items)  # spent on the purchase, now gone
    await bot.service.store.close()
