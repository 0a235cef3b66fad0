"""Hidden information stays hidden: every public output is a function of public information alone.

Seeded random playouts of line-ups computed from the registries: every faction in games of two to four seats of
each mode without teams (the standard game), several team line-ups of each team mode (the 3x3), and a game on each
other map with the factions that hide something of their own (the Lake's Ferry beside the Corvids' plots). At sampled
moments every hidden thing (hands, the deck's order, face-down cards such as the Supporters, face-down piles such
as the quest deck, the items under the ruins: see rules.hidden) is dealt again as the table could imagine it, and
every output anyone but its owner sees must stay the same: the spectator's view (the board image and the live board
are drawn from it), the channel's next-up text, its buttons (labels and custom ids), the live board's caption, the
reminder, /root status, autocomplete for the other seats, and what applying an action legal in both deals tells the
table (its text, the board's marks, the post and view after it). Actions the table sees alike (a secret card written
'?') must tell it the same. For each seat, a re-deal that keeps what that seat may look at must leave its own view
(and, after another seat's action, its private post) the same, and, between decisions, the legal actions of the seat
to act: no seat learns another's cards or face-down pieces. A faction or mode
added later is covered without being named here."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import pytest
from lineups import TEAM_LINEUPS, game_options, map_games
from qa_helpers import A, B, M, close_stores, qa_bot_game  # noqa: F401

import rules
from bot.discord.buttons import public_view
from bot.service.info import status_text
from bot.service.outbox import Outbox
from bot.service.present import board_text, events_text, marks_of, next_up, private_texts
from bot.service.reminders import _reminder
from bot.service.suggest import action_choices
from bot.service.table import Table
from bot.service.threads import seat_posts
from bot.storage.models import Deadline, Game, SeatRow
from rules import engine, registry
from rules.board import MAPS
from rules.cards import card, label
from rules.hidden import SHARED_DECK, hidden_contents, hidden_places, redeal
from rules.modes import playable_ids as mode_ids

CH = 9
ACTIONS_PER_GAME = 240  # actions played in each game (the early and middle game, where most is hidden)
SAMPLE_EVERY = 9  # a sampled moment every so many actions, besides every decision (ambushes, discards…)
DECISION_SHARE = 0.3  # how many of the decisions met are sampled too
APPLIED = 4  # actions applied from each sampled moment, in both deals


def table_of(state: rules.GameState) -> Table:
    """The bot's table of a state: every seat played by its own user (the rows made once per line-up)."""
    table = Table(Game(channel_id=CH, status="active", version=state.version), _rows(tuple(seat_line(state))))
    table.use(state)
    return table


def seat_line(state: rules.GameState) -> list[tuple[str, str | None]]:
    """Each seat's faction and team."""
    return [(s.faction, s.team) for s in state.seats]


@cache
def _rows(seats: tuple[tuple[str, str | None], ...]) -> list[SeatRow]:
    return [
        SeatRow(channel_id=CH, faction=faction, seat=i, user_id=1000 + i, user_name=f"p{i}", team=team)
        for i, (faction, team) in enumerate(seats)
    ]


def buttons(outbox: Outbox) -> list[tuple[str, str]]:
    """The channel post's buttons as anyone sees them: label and custom id."""
    view = public_view(outbox)
    rows = view.to_components() if view is not None else []
    return [(str(b.get("label")), str(b.get("custom_id"))) for row in rows for b in row["components"]]


def channel_outputs(state: rules.GameState) -> dict[str, Any]:
    """Everything the channel (and anyone but the seat's own player) sees of a state."""
    table = table_of(state)
    outbox = Outbox()
    next_up(outbox, table, state, before=None)
    out: dict[str, Any] = {
        "spectator view": rules.view_for(state, None),
        "next up": outbox.public,
        "buttons": buttons(outbox),
        "board caption": board_text(state),
    }
    seat = rules.to_act(state)
    if seat is not None:
        deadline = Deadline(channel_id=CH, seat=seat, user_id=1000 + seat, since=0, due_at=3600, reminders_sent=1)
        out["reminder"] = _reminder(table, deadline, last=False, role_id=None).public
        out["status"] = status_text(table, state, 3600)
    for other in range(len(state.seats)):
        if other != seat:
            out[f"autocomplete of seat {other}"] = action_choices(state, other, "")
    return out


def revealed(before: rules.GameState, after: rules.GameState) -> bool:
    """Whether something hidden came into the open (a card played or shown, an item found under a ruin), or may have
    for a moment: when open cards went back into hiding (the discard pile shuffled into a new deck), a card may have
    gone by the discard pile on the way."""
    old, new = hidden_contents(before), hidden_contents(after)
    return any(old[deck] - new.get(deck, Counter()) or new.get(deck, Counter()) - old[deck] for deck in old)


def shown_to(viewer: int, text: str | None, state: rules.GameState) -> bool:
    """Whether a private text shows the viewer cards another seat holds hidden (a hand shown for Outrage)."""
    others = {
        c for p in hidden_places(state) if p.owner not in (None, viewer) and p.deck == SHARED_DECK for c in p.cards
    }
    return bool(text) and any(label(c) in str(text) for c in others)


def applied(state: rules.GameState, seat: int, action: rules.Action) -> tuple[rules.GameState, list[rules.Event]]:
    """The state after an action, with what it told."""
    return engine.apply_unchecked(state, seat, action)


@dataclass
class Tally:
    """What the test compared, and what differed."""

    games: int = 0
    moments: int = 0
    outputs: int = 0
    actions: int = 0
    leaks: list[str] = field(default_factory=list)

    def compare(self, where: str, real: dict[str, Any], other: dict[str, Any]) -> None:
        """Count the outputs and note every one that differs."""
        for name, value in real.items():
            self.outputs += 1
            if other.get(name) != value:
                self.leaks.append(f"{where}: {name}: {difference(value, other.get(name))}")


def difference(real: Any, other: Any, path: str = "") -> str:
    """Where two outputs first differ, and how."""
    if isinstance(real, dict) and isinstance(other, dict):
        for key in sorted(set(real) | set(other), key=str):
            if real.get(key) != other.get(key):
                return difference(real.get(key), other.get(key), f"{path}.{key}")
    if isinstance(real, list) and isinstance(other, list) and len(real) == len(other):
        for i, (a, b) in enumerate(zip(real, other, strict=True)):
            if a != b:
                return difference(a, b, f"{path}[{i}]")
    return f"{path or 'it'} is {str(real)[:160]!r}, re-dealt {str(other)[:160]!r}"


def after_action(state: rules.GameState, seat: int, action: rules.Action) -> dict[str, Any] | None:
    """What the table is told when an action is applied, and sees after it; None when it showed something hidden."""
    new, events = applied(state, seat, action)
    if revealed(state, new):
        return None
    table = table_of(new)
    outbox = Outbox()
    next_up(outbox, table, new, before=seat)
    return {
        "action's public text": events_text(events),
        "board marks": marks_of(events),
        "next up after it": outbox.public,
        "buttons after it": buttons(outbox),
        "spectator view after it": rules.view_for(new, None),
    }


def seen_by(state: rules.GameState, viewer: int, action: rules.Action | None) -> dict[str, Any] | None:
    """What one seat sees of a state, or of another seat's action from it: its view and its private post (None when
    the action showed something hidden, showed the viewer another seat's cards or changed the viewer's own: it then
    learns them, its own business)."""
    if action is None:
        return {"own view": rules.view_for(state, viewer)}
    seat = rules.to_act(state)
    assert seat is not None
    new, events = applied(state, seat, action)
    if revealed(state, new) or _own_cards(state, viewer) != _own_cards(new, viewer):
        return None
    private = private_texts(events).get(viewer)
    if shown_to(viewer, private, state):
        return None
    posts = [p.text for p in seat_posts(table_of(new), state, new, events, 1) if p.user_id == 1000 + viewer]
    return {"private text": private, "posts": posts, "own view": rules.view_for(new, viewer)}


def own_choices(state: rules.GameState, seat: int) -> dict[str, Any]:
    """What the seat to act may do, as only it sees it: its legal actions depend on nothing it may not look at (an
    Exposure never tells the guesser which guesses are right)."""
    return {"legal actions": sorted(a.notation() for a in rules.legal_actions(state, seat))}


def _own_cards(state: rules.GameState, seat: int) -> list[list[int]]:
    """The cards of every hidden place a seat may look at."""
    return [sorted(p.cards) for p in hidden_places(state) if p.owner == seat]


def check_moment(tally: Tally, state: rules.GameState, chooser: random.Random, where: str) -> None:
    """Re-deal what is hidden at one moment and compare every public output, and each seat's own."""
    tally.moments += 1
    seat = rules.to_act(state)
    position = chooser.getrandbits(64)
    other = redeal(state, position)
    tally.compare(where, channel_outputs(state), channel_outputs(other))
    if seat is None:
        return
    legal = {a.notation(): a for a in rules.legal_actions(state, seat)}
    both = [a for a in rules.legal_actions(other, seat) if a.notation() in legal]
    acts = chooser.sample(both, min(APPLIED, len(both)))
    for action in acts:
        real = after_action(state, seat, legal[action.notation()])
        dealt = after_action(other, seat, action)
        if real is None or dealt is None:
            continue
        tally.actions += 1
        tally.compare(f"{where} after '{action.notation()}'", real, dealt)
    check_secrets(tally, state, seat, list(legal.values()), where)
    for viewer in range(len(state.seats)):
        kept = redeal(state, position + viewer + 1, keep=viewer)
        tally.compare(f"{where}, seat {viewer}'s own", seen_by(state, viewer, None) or {}, seen_by(kept, viewer, None))
        if viewer == seat:
            if not state.pending:  # a decision may show the seat what it chooses from (the items under a ruin)
                tally.compare(f"{where}, seat {seat}'s own choices", own_choices(state, seat), own_choices(kept, seat))
            continue
        common = {a.notation(): a for a in rules.legal_actions(kept, seat)}
        names = sorted(common.keys() & legal.keys())
        for name in chooser.sample(names, min(2, len(names))):
            real, dealt = seen_by(state, viewer, legal[name]), seen_by(kept, viewer, common[name])
            if real is not None and dealt is not None:
                tally.compare(f"{where}, seat {viewer}'s own after '{name}'", real, dealt)


def check_secrets(tally: Tally, state: rules.GameState, seat: int, legal: list[rules.Action], where: str) -> None:
    """Actions the table sees alike (a secret field written '?': which card is mobilized, given in aid, fed) must
    tell it the same, unless they show something hidden."""
    alike: dict[str, list[rules.Action]] = {}
    for action in legal:
        if type(action).secret:
            alike.setdefault(action.public_notation(), []).append(action)
    for shown, actions in alike.items():
        outputs = [after_action(state, seat, a) for a in actions[:3]]
        kept = [o for o in outputs if o is not None]
        for other in kept[1:]:
            tally.actions += 1
            tally.compare(f"{where} '{shown}'", kept[0], other)


def play_and_check(options: dict[str, Any], seed: int, tally: Tally) -> None:
    """One seeded random game, checked at sampled moments."""
    chooser = random.Random(seed)
    state = rules.new_game(dict(options), seed)
    tally.games += 1
    name = "+".join(options["factions"])
    for n in range(ACTIONS_PER_GAME):
        seat = rules.to_act(state)
        if seat is None:
            break
        if n % SAMPLE_EVERY == 0 or (state.pending and chooser.random() < DECISION_SHARE):
            check_moment(tally, state, chooser, f"{name} seed {seed} v{state.version} ({rules.waiting_for(state)})")
        action = chooser.choice(rules.legal_actions(state, seat))
        state, _ = engine.apply_unchecked(state, seat, action)


@pytest.fixture(scope="module")
def tally() -> Tally:
    """Every game played and checked once for the module."""
    found = Tally()
    for i, options in enumerate([*game_options(), *map_games()]):
        play_and_check(options, 1 + i, found)
    return found


def test_line_ups_cover_every_registered_faction_in_every_mode() -> None:
    games = game_options()
    for mode_id in mode_ids():
        played = [g for g in games if g["mode"] == mode_id]
        assert {f for g in played for f in g["factions"]} == set(registry.playable_ids()), mode_id
        assert len(played) >= TEAM_LINEUPS, mode_id
    assert {len(g["factions"]) for g in games if g["mode"] == "standard"} == {2, 3, 4}
    assert any(g.get("teams") for g in games if g["mode"] == "frontier")


def test_every_map_is_played_with_the_factions_that_hide_something_of_their_own() -> None:
    boards = {g.get("board", "autumn") for g in [*game_options(), *map_games()]}
    assert boards == set(MAPS)
    lake = next(g for g in map_games() if g["board"] == "lake")
    assert {"corvids", "riverfolk"} <= set(lake["factions"])  # face-down plots, a public hand, the Ferry


def test_every_public_output_is_the_same_whatever_the_hidden_cards(tally: Tally) -> None:
    print(f"{tally.games} games, {tally.moments} moments, {tally.actions} actions applied, {tally.outputs} outputs")
    assert tally.games == len(game_options()) + len(map_games()) and tally.moments > 100 and tally.actions > 100
    assert not tally.leaks, f"{len(tally.leaks)} outputs depend on hidden information:\n" + "\n".join(tally.leaks[:30])


def _spread_step() -> rules.GameState:
    """The Woodland Alliance's first spread of sympathy in a Marquise v Alliance game (seed 1)."""
    state, chooser = rules.new_game({"factions": ["marquise", "alliance"], "board": "autumn"}, 1), random.Random(1)
    while state.turn.step != "alliance.spread" or state.pending:
        seat = rules.to_act(state)
        assert seat is not None
        state, _ = engine.apply_unchecked(state, seat, chooser.choice(rules.legal_actions(state, seat)))
    return state


def _supporters_of_suit(state: rules.GameState, suit: str) -> rules.GameState:
    """The same state with the Supporters swapped for cards of one suit from the deck (as many, face down)."""
    new = state.clone()
    seat = new.seat_of("alliance")
    assert seat is not None
    (stack,) = registry.of(new, seat).face_down(new, seat).values()
    wanted = [c for c in new.deck if card(c).suit == suit][: len(stack)]
    new.deck = [c for c in new.deck if c not in wanted] + stack
    stack[:] = wanted
    return new


def test_the_post_of_an_alliance_spread_is_the_same_whatever_suits_the_supporters_hold() -> None:
    state = _spread_step()
    dealt = [_supporters_of_suit(state, suit) for suit in ("fox", "rabbit", "mouse")]
    legal = [{a.notation() for a in rules.legal_actions(d, rules.to_act(d) or 0)} for d in dealt]
    assert len({frozenset(x) for x in legal}) == 3  # the Supporters decide where a spread is legal
    posts = []
    for d in dealt:
        outbox = Outbox()
        next_up(outbox, table_of(d), d, before=None)
        posts.append((outbox.public, buttons(outbox)))
    assert posts[0] == posts[1] == posts[2]
    assert posts[0][1] == [("Moves (Woodland Alliance)", f"rb:c:{CH}:{state.version}")]


async def test_autocomplete_shows_another_player_nothing_of_the_seat_to_act(tmp_path) -> None:  # type: ignore[no-untyped-def]
    bot = await qa_bot_game(tmp_path, CH)  # alice plays the Marquise, who must choose her keep
    mine = await bot.autocomplete(A, CH, "play", "action", action="")
    assert mine and all(c["value"].startswith("keep") for c in mine)
    assert await bot.autocomplete(A, CH, "keep", "clearing", clearing="")
    for user in (B, M):  # the Eyrie's player, an unseated moderator
        assert await bot.autocomplete(user, CH, "play", "action", action="") == []
        assert await bot.autocomplete(user, CH, "keep", "clearing", clearing="") == []


def _taking_from_the_discard(factions: list[str], verb: str) -> tuple[rules.GameState, int, str]:
    """A seeded moment where the seat to act may take a card from the discard pile (the first it may take, by key,
    has a copy in the deck) and holds cards: the state, the seat and the key."""
    for seed in range(1, 60):
        state, chooser = rules.new_game({"factions": factions, "board": "autumn"}, seed), random.Random(seed)
        for _ in range(600):
            seat = rules.to_act(state)
            if seat is None:
                break
            legal = rules.legal_actions(state, seat)
            takes = [a for a in legal if a.verb == verb]
            if takes and not state.pending and state.seats[seat].hand:
                key = takes[0].notation().split()[-1]  # the card it takes
                if any(card(c).key == key for c in state.deck):
                    return state, seat, key
            state, _ = engine.apply_unchecked(state, seat, chooser.choice(legal))
    raise AssertionError(f"no moment found where {factions[0]} may {verb}")


def _holding(state: rules.GameState, seat: int, key: str, held: bool) -> rules.GameState:
    """The same state with the seat holding a copy of the card (swapped with one from the deck), or none."""
    new = state.clone()
    hand = new.seats[seat].hand
    for i, c in enumerate(hand):
        if card(c).key == key:
            spare = next(d for d in new.deck if card(d).key != key)
            new.deck[new.deck.index(spare)], hand[i] = c, spare
    if held:
        copy = next(c for c in new.deck if card(c).key == key)
        new.deck[new.deck.index(copy)], hand[0] = hand[0], copy
    return new


@pytest.mark.parametrize(
    ("factions", "verb"), [(["vagabond", "marquise"], "labor"), (["tinker", "marquise"], "salvage")]
)
def test_the_post_is_the_same_whether_the_hand_holds_a_copy_of_a_card_in_the_discard(factions, verb) -> None:  # type: ignore[no-untyped-def]
    state, seat, key = _taking_from_the_discard(factions, verb)
    posts = []
    for held in (False, True):
        dealt = _holding(state, seat, key, held)
        assert any(card(c).key == key for c in dealt.seats[seat].hand) == held
        assert rules.legal_actions(dealt, seat, verb=verb) == rules.legal_actions(state, seat, verb=verb)
        outbox = Outbox()
        next_up(outbox, table_of(dealt), dealt, before=None)
        posts.append((outbox.public, buttons(outbox)))
    assert posts[0] == posts[1]
