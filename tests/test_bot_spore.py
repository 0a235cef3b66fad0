"""A game with The Spore through the real command tree: created, started and played for several turns with each
verb's own slash command; the board image shows an infected warrior ringed in the Spore's colour."""

from __future__ import annotations

import random

from discord_harness import ALICE, BOB, CAROL, OfflineUser, db_url, offline_bot, open_service, path_to, state_of
from render_helpers import clearing_of, decode, empty_map
from test_bot_alliance import slash_options

import rules
from bot.discord import drawing
from bot.service.notation import slash_name
from render import palette as P
from render import render_board
from render.geometry import layout
from render.legend import legend
from render.pieces import place_clearing
from rules import registry

CHANNEL = 6161
PLAYERS = {"spore": OfflineUser("dave"), "marquise": OfflineUser("alice"), "eyrie": OfflineUser("bob")}


async def test_a_three_seat_game_with_the_spore_plays_through_the_command_tree(tmp_path, monkeypatch):
    for name in ("board_png", "hand_png"):  # the pictures are checked below, not here
        monkeypatch.setattr(drawing, name, lambda *_args: b"\x89PNG")
    bot = await offline_bot(db_url(tmp_path))
    dave = PLAYERS["spore"]
    offered = await bot.autocomplete(dave, CHANNEL, "root create", "factions", factions="spo")
    assert any(c["value"] == "spore" for c in offered)
    created = await bot.slash(dave, CHANNEL, "root create", seats=3, factions="spore,marquise,eyrie")
    assert not created.refused, created.text
    for faction, user in PLAYERS.items():
        assert not (await bot.slash(user, CHANNEL, "root join", faction=faction)).refused
    assert not (await bot.slash(dave, CHANNEL, "root start")).refused

    chooser, used = random.Random(3), set()
    for _ in range(600):
        state = (await bot.service.table(CHANNEL)).state
        seat = rules.to_act(state)
        if seat is None or state.turn.round > 4:
            break
        faction = state.seats[seat].faction
        action = chooser.choice(rules.legal_actions(state, seat))
        if action.verb == "grow":
            suggested = await bot.autocomplete(dave, CHANNEL, "grow", "clearing", clearing="")
            assert action.clearing in [c["value"] for c in suggested]
        result = await bot.slash(PLAYERS[faction], CHANNEL, slash_name(action.verb), **slash_options(action))
        assert not result.refused, (action.notation(), result.text)
        used.add((faction, action.verb))
    assert {("spore", "homeland"), ("spore", "grow"), ("spore", "mycelium"), ("spore", "move")} <= used
    state = (await bot.service.table(CHANNEL)).state
    assert state.turn.round > 4 or state.over
    assert not rules.problems(state)
    assert any(p.endswith(":spore") and p.count(":") == 2 for c in state.clearings for p in c)  # someone is infected

    view = rules.view_for(state, 1)
    assert any(line.startswith("Infection markers:") for line in view["seats"][0]["panel"])
    assert render_board(view).startswith(b"\x89PNG")  # the real picture of this mid-game position
    mine = await bot.slash(dave, CHANNEL, "root hand")
    assert mine.private and not mine.public
    await bot.service.store.close()


async def test_the_spore_is_asked_which_infected_take_hits_on_another_players_turn(tmp_path):
    service = await open_service(db_url(tmp_path))
    users = {"spore": ALICE, "marquise": BOB, "eyrie": CAROL}
    assert not (await service.create(ALICE, seats=3, factions="spore,marquise,eyrie")).refused
    for faction, user in users.items():
        assert not (await service.join(user, faction)).refused
    assert not (await service.start(ALICE)).refused
    start = await state_of(service)
    spore = start.seat_of("spore")

    def spore_chooses_hits(s: rules.GameState) -> bool:
        asked = s.pending[0]["kind"] if s.pending else None
        return not s.over and rules.to_act(s) == spore and s.turn.seat != spore and asked == "hits"

    outbox = None
    for text in path_to(start, spore_chooses_hits):
        state = await state_of(service)
        seat = rules.to_act(state)
        assert seat is not None
        outbox = await service.submit(users[state.seats[seat].faction], text)
        assert not outbox.refused, outbox.reply
    assert outbox is not None and outbox.mentions == [ALICE.user_id]  # the Spore's player is called, off-turn
    assert outbox.prompt is not None and outbox.prompt.user_id == ALICE.user_id
    mine = await service.choices(ALICE)
    assert mine.choices and all(c.notation.startswith("hit") for c in mine.choices)
    await service.store.close()

def test_the_spores_verbs_have_commands():
    from bot.discord.command_tree import build_commands

    names = {c.name for c in build_commands()}
    assert {"homeland", "grow", "mycelium", "spores", "cover", "infect"} <= names


def test_an_infected_warrior_is_drawn_as_its_owner_s_warrior_ringed_in_the_spore_s_colour():
    state = rules.new_game({"factions": ["spore", "marquise"], "first_player": 0}, 1)
    view = empty_map(rules.view_for(state, None))
    clearing_of(view, 11)["pieces"] = {"marquise:warrior": 1, "marquise:warrior:spore": 1}
    groups, _ = place_clearing(clearing_of(view, 11), layout("autumn"), legend(view))
    plain, infected = sorted(groups, key=lambda g: g.ringed)
    assert (plain.look, infected.look) == (plain.look, plain.look)  # the same piece: the owner's warrior
    assert not plain.ringed and infected.ringed and infected.controller == "spore"
    image = decode(render_board(view)).convert("RGB")
    spore = P.hex_rgb(registry.faction("spore").colour)
    x, y = infected.centres()[0]
    ring = infected.size // 2 + 3  # between the warrior's edge and the ring's outer edge
    assert any(image.getpixel((x + dx, y + dy)) == spore for dx, dy in ((ring, 0), (-ring, 0), (0, ring), (0, -ring)))
    x, y = plain.centres()[0]
    ring = plain.size // 2 + 3
    assert all(image.getpixel((x + dx, y + dy)) != spore for dx, dy in ((ring, 0), (-ring, 0), (0, ring), (0, -ring)))



def test_the_connected_network_is_drawn_as_threads_in_the_spores_colour():
    state = rules.new_game({"factions": ["spore", "marquise"], "first_player": 0}, 1)
    for text in ("homeland 5", "keep 3"):
        state, _ = rules.apply(state, rules.parse(state, text))
    state.clearings[0]["spore:mycelium"] = 1  # 5-1 is a path: joined to the network
    state.seats[0].supply["mycelium"] -= 1
    view = rules.view_for(state, None)
    assert view["seats"][0]["links"] == [[1, 5]] and view["seats"][1]["links"] == []
    image = decode(render_board(view)).convert("RGB")
    geo = layout("autumn")
    (ax, ay), (bx, by) = geo.centre(1), geo.centre(5)
    middle = ((ax + bx) // 2, (ay + by) // 2)
    assert image.getpixel(middle) == P.hex_rgb(registry.faction("spore").colour)
    view["seats"][0]["links"] = []
    assert decode(render_board(view)).convert("RGB").getpixel(middle) != P.hex_rgb(registry.faction("spore").colour)
    view["seats"][0]["links"] = [[1], [1, 99], "x"]  # malformed pairs are left out, never an error
    assert decode(render_board(view)).convert("RGB").getpixel(middle) != P.hex_rgb(registry.faction("spore").colour)

def test_the_spore_example_game_runs_to_the_end_in_the_console():
    from test_bot_console import EXAMPLES, played

    script = EXAMPLES / "spore-game.txt"
    code, out = played(script.name)
    assert code == 0
    assert " 0 refused" in out.strip().splitlines()[-1] and "The game is over" in out
    text = script.read_text()
    assert "factions:spore," in text and "/grow " in text and "/mycelium " in text and "/spores " in text
    assert "The Spore infects" in out
