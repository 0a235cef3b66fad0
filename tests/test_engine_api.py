"""The engine's front door: notation round-trips, refusals leave the state untouched, views hide secrets."""

import random

import pytest

import rules
from rules.actions import Move
from rules.cards import card
from rules.state import GameState


def setup_done(seed: int = 3) -> GameState:
    """A two-player game with the Marquise keep at 1 and the Eyrie at 3, first turn under way."""
    s = rules.new_game({"factions": ["marquise", "eyrie"], "first_player": 0}, seed)
    for text in ["keep 1", "build sawmill 1", "build workshop 5", "build recruiter 10", "leader despot"]:
        s, _ = rules.apply(s, rules.parse(s, text))
    return s


def random_states(n: int, seed: int) -> list[GameState]:
    """States met along a seeded random game."""
    chooser = random.Random(seed)
    s = rules.new_game({"factions": ["marquise", "eyrie"]}, seed)
    out = [s]
    while len(out) < n and not s.over:
        seat = rules.to_act(s)
        assert seat is not None
        s, _ = rules.apply(s, chooser.choice(rules.legal_actions(s, seat)))
        out.append(s)
    return out


def test_setup_is_reproducible_from_the_seed() -> None:
    a = rules.new_game({"factions": ["marquise", "eyrie"]}, 99)
    b = rules.new_game({"factions": ["marquise", "eyrie"]}, 99)
    assert a.dumps() == b.dumps()
    assert a.digest() == b.digest()


def test_notation_round_trips_for_every_legal_action() -> None:
    checked = 0
    for s in random_states(120, 5):
        seat = rules.to_act(s)
        if seat is None:
            continue
        for action in rules.legal_actions(s, seat):
            assert rules.parse(s, rules.format_action(action)) == action
            checked += 1
    assert checked > 500


def test_parse_reads_loose_text_and_aliases() -> None:
    s = setup_done()
    while s.turn.step != "marquise.actions":
        s, _ = rules.apply(s, rules.parse(s, "end"))
    assert rules.parse(s, "move 1 -> 5 x1") == Move(1, 5, 1)
    assert rules.parse(s, "MOVE 1>5 x1") == Move(1, 5, 1)


def test_ambiguous_text_lists_the_candidates() -> None:
    s = setup_done()
    while s.turn.step != "marquise.actions":
        s, _ = rules.apply(s, rules.parse(s, "end"))
    s.clearings[0]["marquise:warrior"] = 3
    s.seats[0].supply["warrior"] -= 2
    with pytest.raises(rules.AmbiguousActionError) as err:
        rules.parse(s, "move 1>5")
    assert "move 1>5 x1" in err.value.candidates and "move 1>5 x3" in err.value.candidates


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("move 1>99 x1", "there is no clearing 99"),
        ("move 1>3 x1", "no path joins clearing 1 and clearing 3"),
        ("move 3>7 x1", "you have no warriors in clearing 3"),
        ("move 1>5 x4", "you have only 1 warrior in clearing 1"),
        ("fly 1>5", "I don't know the action 'fly'"),
        ("march 1>5 x1", "there is no action 'march': use 'move' for it"),
        ("move 1>5 x1 banana", "'banana' does not fit the action 'move'"),
        ("craft anvil", "Anvil is not in your hand"),
        ("battle 3 eyrie", "you have no warriors in clearing 3"),
    ],
)
def test_bad_input_is_refused_with_a_reason_and_the_state_is_untouched(text: str, message: str) -> None:
    s = setup_done()
    while s.turn.step != "marquise.actions":
        s, _ = rules.apply(s, rules.parse(s, "end"))
    s.seats[0].hand = [c.id for c in rules.cards.deck() if c.key in ("ambush-bird",)][:1]
    before = s.dumps()
    with pytest.raises(rules.RulesError) as err:
        rules.apply(s, rules.parse(s, text))
    assert message in str(err.value)
    assert s.dumps() == before


def test_acting_out_of_turn_is_refused() -> None:
    s = setup_done()
    seat = rules.to_act(s)
    assert seat == 0
    before = s.dumps()
    with pytest.raises(rules.NotYourTurnError) as err:
        rules.apply(s, rules.legal_actions(s, 0)[0], seat=1)
    assert "not your turn" in str(err.value)
    assert rules.legal_actions(s, 1) == []
    assert s.dumps() == before


def test_stale_version_is_refused() -> None:
    s = setup_done()
    with pytest.raises(rules.StaleStateError):
        rules.apply(s, rules.legal_actions(s, 0)[0], seat=0, expected_version=s.version - 1)


def test_a_finished_game_refuses_everything() -> None:
    s = setup_done()
    s.over = True
    with pytest.raises(rules.GameOverError):
        rules.apply(s, rules.parse(s, "end"))


def test_legal_actions_filters() -> None:
    s = setup_done()
    while s.turn.step != "marquise.actions":
        s, _ = rules.apply(s, rules.parse(s, "end"))
    moves = rules.legal_actions(s, 0, verb="move", clearing=1)
    assert moves and all(isinstance(a, Move) and a.src == 1 for a in moves)
    assert {a.dst for a in moves} == {5, 9, 10}
    assert all(a.verb == "build" for a in rules.legal_actions(s, 0, verb="build"))


def _scramble_secrets(state: GameState, hidden_seat: int) -> GameState:
    """Swap a seat's hand for other cards from the deck and reshuffle the deck and ruins."""
    out = state.clone()
    count = len(out.seats[hidden_seat].hand)
    pool = out.deck + out.seats[hidden_seat].hand
    out.seats[hidden_seat].hand = pool[:count]
    out.deck = list(reversed(pool[count:]))
    out.ruins = list(reversed(out.ruins))
    out.rng += 1
    return out


def test_views_do_not_depend_on_other_seats_secrets() -> None:
    checked = 0
    for s in random_states(150, 8)[::10]:
        for viewer in (0, 1, None):
            for hidden in (0, 1):
                if hidden == viewer:
                    continue
                other = _scramble_secrets(s, hidden)
                mine, theirs = rules.view_for(s, viewer), rules.view_for(other, viewer)
                mine["clearings"] = [dict(c, ruin=c["ruin"]) for c in mine["clearings"]]
                assert {k: v for k, v in mine.items() if k != "clearings"} == {
                    k: v for k, v in theirs.items() if k != "clearings"
                }
                assert [c["pieces"] for c in mine["clearings"]] == [c["pieces"] for c in theirs["clearings"]]
                checked += 1
    assert checked > 20


def test_view_shows_own_hand_and_only_counts_for_others() -> None:
    s = setup_done()
    mine = rules.view_for(s, 0)
    assert mine["hand"] == sorted(card(c).key for c in s.seats[0].hand)
    assert mine["seats"][1]["hand_count"] == len(s.seats[1].hand)
    assert "hand" not in mine["seats"][1]
    assert rules.view_for(s, None)["hand"] is None
    text = str(rules.view_for(s, None))
    assert "deck'" not in text.replace("deck_count", "") and "rng" not in text


def test_private_event_text_goes_only_to_the_drawing_seat() -> None:
    s = setup_done()
    while s.turn.seat == 0 and rules.to_act(s) == 0:
        s, events = rules.apply(s, rules.parse(s, "end"))
        for e in events:
            if "draws" in e.public:
                assert set(e.private) == {0}
                drawn = e.private[0]
                assert "You drew" in drawn and "You drew" not in e.public


@pytest.mark.parametrize(
    ("texts", "bad", "message"),
    [
        ((), "keep 7", "the keep goes in a corner clearing (1, 2, 3, 4), not 7"),
        (("keep 1",), "build castle 5", "the Marquise builds sawmills, workshops and recruiters, not castle"),
        (("keep 1",), "build sawmill 7", "starting buildings go in the keep's clearing (1) or next to it, not 7"),
        (("keep 1", "build sawmill 1"), "build sawmill 5", "the starting sawmill is already placed"),
    ],
)
def test_setup_refusals_say_why(texts: tuple[str, ...], bad: str, message: str) -> None:
    s = rules.new_game({"factions": ["marquise", "eyrie"], "first_player": 0}, 3)
    for text in texts:
        s, _ = rules.apply(s, rules.parse(s, text))
    before = s.dumps()
    with pytest.raises(rules.RulesError) as err:
        rules.parse(s, bad)
    assert str(err.value) == message
    assert s.dumps() == before
