"""A game with the Lord of the Hundreds through the real command tree: each verb's own slash command, a wrong
version of each refused first with one clear reason and the game unchanged; one refusal per verb for each kind of bad
input (a wrong clearing, a card not held, a piece not had, out of turn or out of step, a malformed option); the
decisions owed on other players' turns asked of the right player with buttons in their own thread; hands stay
private; the board is drawn (Law 14)."""

from __future__ import annotations

import dataclasses
import random

from discord import app_commands
from discord_harness import OfflineUser, db_url, offline_bot, play_action, seated_game, slash_options
from rules_helpers import check, emptied, goto, put, set_hand, set_supply

import rules
from bot.service.notation import slash_name
from bot.storage.store import Change
from rules.cards import card
from rules.factions.hundreds import board as hb
from rules.items import make

CHANNEL = 1414
PLAYERS = {"marquise": OfflineUser("alice"), "eyrie": OfflineUser("bob"), "hundreds": OfflineUser("carol")}
HUNDREDS = 2
OWN = {"garrison", "lead", "anoint", "mood", "lavish", "mob", "jubilant", "incite", "stronghold", "contempt",
       "unhoard", "loot", "plunder", "bitter", "target"}


def wrong_version(state: rules.GameState, action: rules.Action) -> rules.Action | None:
    """The action with one field made wrong: a clearing it can't use, a card not in the hand, a word of another."""
    legal = {a.notation() for a in rules.legal_actions(state, rules.to_act(state) or 0)}
    names = {f.name for f in dataclasses.fields(action)}
    held = {card(c).key for c in state.seats[2].hand}
    candidates: list[rules.Action] = []
    if "card" in names:
        other = next(c.key for c in rules.cards.deck() if c.key not in held)
        candidates.append(dataclasses.replace(action, card=other))  # type: ignore[call-arg]
    if "clearing" in names:
        candidates += [dataclasses.replace(action, clearing=c) for c in state.board.ids()]  # type: ignore[call-arg]
    if "dst" in names:
        candidates += [dataclasses.replace(action, dst=c) for c in state.board.ids()]  # type: ignore[call-arg]
    if "name" in names:
        candidates.append(dataclasses.replace(action, name=hb.mood(state, 2)))  # type: ignore[call-arg]
    if "item" in names:
        candidates += [dataclasses.replace(action, item=i) for i in ("torch", "coins", "tea")]  # type: ignore[call-arg]
    return next((c for c in candidates if c.notation() not in legal), None)


async def test_a_game_with_the_hundreds_refuses_a_wrong_version_of_each_verb(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    alice, bob, carol = PLAYERS.values()
    offered = await bot.autocomplete(alice, CHANNEL, "root create", "factions", factions="hun")
    assert any(c["value"] == "hundreds" for c in offered)
    await seated_game(bot, CHANNEL, PLAYERS)

    chooser, used, refused = random.Random(5), set(), set()
    for _ in range(900):
        state = (await bot.service.table(CHANNEL)).state
        seat = rules.to_act(state)
        if seat is None or state.turn.round > 5:
            break
        faction = state.seats[seat].faction
        action = chooser.choice(rules.legal_actions(state, seat))
        if faction == "hundreds" and action.verb in OWN and action.verb not in refused:
            bad = wrong_version(state, action)
            if bad is not None:
                result = await bot.slash(carol, CHANNEL, slash_name(bad.verb), **slash_options(bad))
                assert result.refused and "Traceback" not in result.text, (bad.notation(), result.text)
                assert (await bot.service.table(CHANNEL)).state.version == state.version, bad.notation()
                refused.add(action.verb)
            other = alice if seat != 0 else bob
            late = await bot.slash(other, CHANNEL, slash_name(action.verb), **slash_options(action))  # not their turn
            assert late.refused and (await bot.service.table(CHANNEL)).state.version == state.version
        result = await bot.slash(PLAYERS[faction], CHANNEL, slash_name(action.verb), **slash_options(action))
        assert not result.refused, (action.notation(), result.text)
        used.add((faction, action.verb))
    assert {"garrison", "mood", "incite", "anoint", "lead"} <= refused
    assert {("hundreds", "garrison"), ("hundreds", "mood")} <= used
    state = (await bot.service.table(CHANNEL)).state
    assert not rules.problems(state)

    for user, seat in ((alice, 0), (bob, 1), (carol, 2)):
        mine = await bot.slash(user, CHANNEL, "root hand")
        assert mine.private and not mine.public
        theirs = {rules.cards.card(c).name for s in range(3) if s != seat for c in state.seats[s].hand}
        ours = {rules.cards.card(c).name for c in state.seats[seat].hand}
        assert not any(name in mine.text for name in theirs - ours)
    board = await bot.slash(carol, CHANNEL, "root board")
    assert any(s.board.startswith(b"\x89PNG") for s in board.sent)
    await bot.service.store.close()


def test_the_hundreds_verbs_have_commands():
    from bot.discord.command_tree import build_commands

    tree = {c.name: c for c in build_commands()}
    hundreds = tree["hundreds"]
    assert isinstance(hundreds, app_commands.Group)
    shared = {verb for verb in OWN if verb in tree}  # written by another faction or mode too
    assert {c.name for c in hundreds.commands} | shared == OWN and {"mood", "anoint", "incite"} <= {
        c.name for c in hundreds.commands
    }


# --- one clear refusal per verb, for each kind of bad input, the game unchanged ----------------------------------


async def _past_setup(bot) -> rules.GameState:  # type: ignore[no-untyped-def]
    """Setup played on through the slash commands (the first choice each time); the state after it."""
    for _ in range(20):
        state = (await bot.service.table(CHANNEL)).state
        if state.turn.phase != "setup":
            return state
        seat = rules.to_act(state) or 0
        action = rules.legal_actions(state, seat)[0]
        result = await play_action(bot, PLAYERS[state.seats[seat].faction], CHANNEL, action)
        assert not result.refused, result.text
    raise AssertionError("setup never ended")


async def _jump(bot, state: rules.GameState) -> None:  # type: ignore[no-untyped-def]
    """Make a prepared state the game's saved one (these tests look only at what the commands do from there)."""
    table = await bot.service.table(CHANNEL)
    state.version = table.state.version
    await bot.service.store.save(Change(CHANNEL, table.game.version, 0, state=state.dumps()))


async def _refused(bot, user: OfflineUser, verb: str, expected: str, **options: object) -> None:  # type: ignore[no-untyped-def]
    """One refusal naming its reason; the game is left exactly as it was."""
    before = (await bot.service.table(CHANNEL)).state
    result = await bot.slash(user, CHANNEL, slash_name(verb), **options)
    assert result.refused and expected in result.text and "Traceback" not in result.text, (verb, options, result.text)
    after = (await bot.service.table(CHANNEL)).state
    assert after.version == before.version and after.digest() == before.digest()


def _hundreds_at(base: rules.GameState, step_name: str, *cards: str, mood: str = "rowdy") -> rules.GameState:
    """The map emptied but for the warlord and two warriors in 5, a stronghold in 8, a mob in 2 (a Marquise warrior
    in 1); the Hundreds' hand these cards; their turn at a step."""
    state = emptied(rules.GameState.loads(base.dumps()))
    put(state, 5, "hundreds", "warlord")
    put(state, 5, "hundreds", "warrior", 2)
    put(state, 8, "hundreds", "stronghold")
    put(state, 2, "hundreds", "mob")
    put(state, 1, "marquise", "warrior")
    state.seats[HUNDREDS].data["mood"] = mood  # type: ignore[typeddict-unknown-key]
    set_hand(state, HUNDREDS, *cards)
    return goto(check(state), HUNDREDS, step_name)


async def test_each_verb_is_refused_for_bad_input_with_its_reason_and_the_game_unchanged(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    alice, bob, carol = PLAYERS.values()
    await seated_game(bot, CHANNEL, PLAYERS)
    state = (await bot.service.table(CHANNEL)).state
    while rules.to_act(state) != HUNDREDS:  # the Marquise and the Eyrie set up; then the garrison is asked
        seat = rules.to_act(state) or 0
        await play_action(bot, list(PLAYERS.values())[seat], CHANNEL, rules.legal_actions(state, seat)[0])
        state = (await bot.service.table(CHANNEL)).state
    assert state.turn.phase == "setup"
    keep = next(c for c in state.board.ids() if state.clearings[c - 1].get("marquise:keep"))
    await _refused(bot, carol, "garrison", "another player's starting corner", clearing=keep)  # the keep's corner
    await _refused(bot, carol, "garrison", "there is no clearing 99", clearing=99)  # malformed
    await _refused(bot, alice, "garrison", "not your turn", clearing=keep)  # out of turn
    await _refused(bot, carol, "mood", "you must garrison", name="bitter")  # out of step
    base = await _past_setup(bot)
    held = "a-visit-to-friends"  # rabbit: clearings 3, 4, 5 and 10 on Autumn
    missing = "bake-sale"

    await _jump(bot, _hundreds_at(base, "hundreds.mood", held))
    await _refused(bot, carol, "mood", "already Rowdy", name="rowdy")  # a mood card it can't take now
    await _refused(bot, carol, "mood", "no mood card called", name="grumpy")  # malformed
    await _refused(bot, carol, "incite", "incited in Evening", clearing=5, card=held)  # out of step
    await _refused(bot, carol, "anoint", "only when it is not on the map", clearing=5)
    await _refused(bot, carol, "lavish", "Lavish removes items", item="boots")
    await _refused(bot, bob, "mood", "not your turn", name="bitter")  # out of turn

    await _jump(bot, _hundreds_at(base, "hundreds.command", held))
    await _refused(bot, carol, "stronghold", "is not in your hand", clearing=5, card=missing)  # card not held
    await _refused(bot, carol, "stronghold", "don't rule clearing 3", clearing=3, card=held)  # wrong clearing
    await _refused(bot, carol, "lead", "not in clearing 8", **{"from": "8", "to": "4"})  # piece not had there
    await _refused(bot, carol, "lead", "only 2 warriors", **{"from": "5", "to": "1", "count": 3})  # more than it has
    await _refused(bot, carol, "move", "only 2 warriors", **{"from": "5", "to": "1", "count": 3})
    await _refused(bot, carol, "mob", "no mob is owed now", clearing=1)
    await _refused(bot, carol, "jubilant", "Jubilant rolls follow an Incite")
    await _refused(bot, carol, "contempt", "nothing asks it of you", choice="take")
    for verb, options in (("loot", {}), ("target", {}), ("bitter", {"clearing": 2}), ("unhoard", {"item": "boots"}),
                          ("plunder", {"item": "boots"})):
        await _refused(bot, carol, verb, "nothing asks it of you", **options)  # a decision no one asked
    await _refused(bot, carol, "recruit", "recruit in Birdsong", clearings="5")

    await _jump(bot, put(_hundreds_at(base, "hundreds.advance", held), 1, "hundreds", "warrior"))
    await _refused(bot, carol, "battle", "battles in its own clearing", clearing=1, defender="marquise")
    await _refused(bot, carol, "stronghold", "while commanding the Hundreds", clearing=5, card=held)

    await _jump(bot, _hundreds_at(base, "hundreds.incite", held, "root-tea-fox"))
    await _refused(bot, carol, "incite", "is not in your hand", clearing=5, card=missing)
    await _refused(bot, carol, "incite", "has none", clearing=3, card=held)  # wrong clearing: no warrior there
    await _refused(bot, carol, "incite", "already has a mob", clearing=2, card=held)
    await _refused(bot, carol, "incite", "does not match", clearing=5, card="root-tea-fox")
    await _refused(bot, carol, "incite", "there is no clearing 99", clearing=99, card=held)  # malformed
    await _refused(bot, alice, "incite", "not your turn", clearing=5, card=held)

    lavish = _hundreds_at(base, "hundreds.raze", mood="lavish")
    _hoard(lavish, "boots")
    await _jump(bot, goto(check(lavish), HUNDREDS, "hundreds.lavish"))
    await _refused(bot, carol, "lavish", "no sword in your Hoard", item="sword")  # an item not had
    await _refused(bot, carol, "lavish", "no pebble in your Hoard", item="pebble")  # malformed
    await bot.service.store.close()


async def test_each_of_the_hundreds_own_decisions_refuses_a_wrong_answer_and_takes_a_right_one(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    carol, alice = PLAYERS["hundreds"], PLAYERS["marquise"]
    await seated_game(bot, CHANNEL, PLAYERS)
    base = await _past_setup(bot)

    await _jump(bot, _hundreds_at(base, "hundreds.craft", "anvil"))  # a fox item; the stronghold is in fox 8
    assert not (await bot.slash(carol, CHANNEL, "craft", card="anvil")).refused
    await _refused(bot, carol, "contempt", "not one of the choices", choice="keep")  # malformed
    await _refused(bot, alice, "contempt", "not your turn", choice="take")
    assert not (await bot.slash(carol, CHANNEL, slash_name("contempt"), choice="score")).refused
    assert (await bot.service.table(CHANNEL)).state.seats[HUNDREDS].points == 2

    full = _hundreds_at(base, "hundreds.command", "anvil")
    _hoard(full, "tea", "tea", "sword", "sword")  # Prowess full: the anvil's hammer will overflow it
    await _jump(bot, goto(check(full), HUNDREDS, "hundreds.craft"))
    await _refused(bot, carol, "craft", "is not in your hand", card="bake-sale")  # card not held
    assert not (await bot.slash(carol, CHANNEL, "craft", card="anvil")).refused
    assert not (await bot.slash(carol, CHANNEL, slash_name("contempt"), choice="take")).refused
    await _refused(bot, carol, "unhoard", "not one of the choices", item="boots")  # not on the Prowess track
    assert not (await bot.slash(carol, CHANNEL, slash_name("unhoard"), item="hammer")).refused

    looting = put(_hundreds_at(base, "hundreds.command", "anvil"), 5, "marquise", "warrior")
    _hoard(looting, "boots", "coins", seat=0)  # two kinds in the Marquise's Crafted Items box
    await _jump(bot, looting)
    await _refused(bot, carol, "craft", "craft at the start of Daylight", card="anvil")  # out of step
    assert not (await bot.slash(carol, CHANNEL, "battle", clearing=5, defender="marquise")).refused
    await _refused(bot, carol, "plunder", "you must loot the defender", item="boots")  # looting is asked first
    assert not (await bot.slash(carol, CHANNEL, slash_name("loot"))).refused
    for _ in range(6):
        state = (await bot.service.table(CHANNEL)).state
        if state.pending and state.pending[0].get("what") == "plunder":
            break
        action = rules.legal_actions(state, rules.to_act(state) or 0)[0]
        assert not (await play_action(bot, list(PLAYERS.values())[rules.to_act(state) or 0], CHANNEL, action)).refused
    await _refused(bot, carol, "plunder", "not one of the choices", item="sword")  # an item they do not have
    assert not (await bot.slash(carol, CHANNEL, slash_name("plunder"), item="coins")).refused
    assert "coins" in [i["item"] for i in (await bot.service.table(CHANNEL)).state.seats[HUNDREDS].items]

    razing = _hundreds_at(base, "hundreds.command")
    put(razing, 12, "hundreds", "mob")
    razing = goto(razing, HUNDREDS, "hundreds.raze")
    razing.turn.flags["spread"] = "rabbit"  # the mob die showed rabbit: 4 and 10 lie next to the mob in 12
    await _jump(bot, razing)
    await _refused(bot, carol, "mob", "not clearing 9", clearing=9)  # wrong clearing
    assert not (await bot.slash(carol, CHANNEL, slash_name("mob"), clearing=10)).refused

    anointing = _hundreds_at(base, "hundreds.command")
    anointing.clearings[4].pop(hb.WARLORD)
    anointing.seats[HUNDREDS].supply["warlord"] = 1
    put(anointing, 8, "hundreds", "warrior")
    await _jump(bot, goto(check(anointing), HUNDREDS, "hundreds.anoint"))
    await _refused(bot, carol, "anoint", "clearing 3 has none", clearing=3)  # no warrior of theirs there
    assert not (await bot.slash(carol, CHANNEL, slash_name("anoint"), clearing=8)).refused

    short = put(_hundreds_at(base, "hundreds.command"), 3, "hundreds", "stronghold")
    set_supply(short, "hundreds", "warrior", 2)  # one with the warlord, then one for two strongholds
    await _jump(bot, goto(check(short), HUNDREDS, "hundreds.recruit"))
    await _refused(bot, carol, "recruit", "too few of your strongholds", clearings="5")  # no stronghold in 5
    assert not (await bot.slash(carol, CHANNEL, "recruit", clearings="3")).refused
    await bot.service.store.close()


def _hoard(state: rules.GameState, *names: str, seat: int = HUNDREDS) -> None:
    """Items from the item supply into a seat's Crafted Items box (the Hoard, for the Hundreds)."""
    for name in names:
        next(iter(state.item_supply.values()))[name] -= 1
        state.seats[seat].items.append(make(name))


def _bitter_defender(base: rules.GameState) -> rules.GameState:
    """The Marquise's Daylight actions with two warriors beside a Bitter warlord in 5, a Hundreds mob in 2."""
    state = _hundreds_at(base, "hundreds.command", mood="bitter")
    put(state, 5, "marquise", "warrior", 2)
    return goto(check(state), 0, "marquise.actions")


async def test_bitter_on_the_marquises_turn_asks_the_hundreds_player_with_buttons_in_their_thread(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    alice, bob, carol = PLAYERS.values()
    await seated_game(bot, CHANNEL, PLAYERS)
    await _jump(bot, _bitter_defender(await _past_setup(bot)))
    began = len(bot.adapter.sent)
    result = await bot.slash(alice, CHANNEL, "battle", clearing=5, defender="hundreds")
    assert not result.refused, result.text
    state = (await bot.service.table(CHANNEL)).state
    assert state.turn.seat == 0 and rules.to_act(state) == HUNDREDS
    threads = [s for s in bot.adapter.sent[began:] if s.kind == "thread" and s.buttons]
    asked = [s for s in threads if s.to_user == carol.id]
    assert asked and {b["label"] for b in asked[-1].buttons} == {"Bitter in 2", "Pass"}
    assert not [s for s in threads if s.to_user in (alice.id, bob.id) and "Bitter" in s.content]
    [post] = [s for s in result.public if s.buttons]
    assert f"<@{carol.id}>" in post.content and "Bitter" in post.content
    await _refused(bot, alice, "bitter", "not your turn", clearing=2)  # the answer is the Hundreds' alone
    stranger = await bot.click(bob, asked[-1].thread_id or 0, asked[-1], asked[-1].buttons[0]["custom_id"])
    assert stranger.refused
    pressed = await bot.click(carol, asked[-1].thread_id or 0, asked[-1], asked[-1].buttons[0]["custom_id"])
    assert not pressed.refused, pressed.text
    state = (await bot.service.table(CHANNEL)).state
    assert not state.clearings[1].get(hb.MOB) and not rules.problems(state)
    await bot.service.store.close()


SPORE_PLAYERS = {"marquise": OfflineUser("alice"), "spore": OfflineUser("sam"), "hundreds": OfflineUser("carol")}


async def test_an_infected_warlord_is_offered_as_a_target_to_the_attacker_alone_ts_2_5(tmp_path):
    bot = await offline_bot(db_url(tmp_path))
    await seated_game(bot, CHANNEL, SPORE_PLAYERS)
    for _ in range(20):
        state = (await bot.service.table(CHANNEL)).state
        if state.turn.phase != "setup":
            break
        seat = rules.to_act(state) or 0
        action = rules.legal_actions(state, seat)[0]
        await play_action(bot, list(SPORE_PLAYERS.values())[seat], CHANNEL, action)
    state = emptied(rules.GameState.loads(state.dumps()))
    put(state, 5, "hundreds", "warlord", controller="spore")
    put(state, 5, "hundreds", "warrior", controller="spore")
    put(state, 5, "marquise", "warrior", 2)
    await _jump(bot, goto(check(state), 0, "marquise.actions"))
    began = len(bot.adapter.sent)
    alice, sam, carol = SPORE_PLAYERS.values()
    assert not (await bot.slash(alice, CHANNEL, "battle", clearing=5, defender="spore")).refused
    state = (await bot.service.table(CHANNEL)).state
    assert rules.to_act(state) == 0 and state.pending[0]["what"] == "target"
    threads = [s for s in bot.adapter.sent[began:] if s.kind == "thread" and s.buttons]
    assert any(s.to_user == alice.id and {b["label"] for b in s.buttons} == {"Target", "Pass"} for s in threads)
    assert not [s for s in threads if s.to_user in (sam.id, carol.id)]
    await _refused(bot, carol, "target", "not your turn")
    await _refused(bot, sam, "target", "not your turn")
    assert not (await bot.slash(alice, CHANNEL, slash_name("target"))).refused
    await bot.service.store.close()
